// Exercise 11: the MCP-to-Tool adapter. An MCP server's tool list (tools/list) becomes course Tools
// that the loop, the permission gate, the timeouts and the output cap treat like any other tool.
// Read exercises/11-mcp/README.md first; the numbered TODOs below match its tasks.
// Already done for you: the name checks, the types, the limits, McpToolError, resultText and describeMcpCall.
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { Tool as McpTool } from "@modelcontextprotocol/sdk/types.js";
import type Anthropic from "@anthropic-ai/sdk";
import { truncateOutput, type OutputLimits } from "../../lessons/05-parallel-and-safe/truncate.ts";
import type { ToolWithEffect } from "../../lessons/07-approval-gates/gated-executor.ts";
import { inert } from "../../shared/inert-text.ts";

// The Messages API takes tool names up to 128 characters (^[a-zA-Z0-9_-]{1,128}$, the pattern its 400
// error quotes); claude.ai and Claude Desktop refuse MCP tool names over 64. Keeping to 64 means a
// name that works here works there too.
export function isApiToolName(name: string): boolean {
  return /^[a-zA-Z0-9_-]{1,64}$/.test(name);
}

// A server name: letters, digits, "-" and single "_". No "__": that separates the parts of the full name.
export function isServerName(name: string): boolean {
  return /^[a-zA-Z0-9-]+(?:_[a-zA-Z0-9-]+)*$/.test(name);
}
export const DEFAULT_MCP_TIMEOUT_MS = 10_000;
// How many pages of tools/list one server may send. Real servers need one or a few; a server that
// keeps sending a nextCursor (the same one forever, or a new one each time) is stopped here.
export const MAX_TOOL_PAGES = 100;

// A connected server: the name it has in mcp.json and the SDK client talking to it.
export interface ConnectedServer {
  name: string;
  client: Pick<Client, "listTools" | "callTool">;
}

export interface AdapterOptions extends OutputLimits {
  // How long one call may take before it is cancelled. Default 10 s.
  timeoutMs?: number;
  // Names already in use (the built-in tools): an MCP tool may not take one of them.
  takenNames?: string[];
}

// The adapter's refusals: a bad name, a clash. The message names what to change and where.
export class McpToolError extends Error {
  override name = "McpToolError";
}

// mcp__notes__add_note. The prefix lets a rule address a whole server (mcp__notes__*), and lets two
// servers each have an add_note.
export function mcpToolName(server: string, tool: string): string {
  // TODO 1: return "mcp__<server>__<tool>". Hard mode: throw McpToolError (saying what to change in
  // mcp.json) when the server name does not match isServerName, or the full name does not match
  // isApiToolName.
  throw new Error(`not implemented yet: build the name for ${server}/${tool} (TODO 1 in exercises/11-mcp/mcp-tools.ts)`);
}

// The text of a tools/call result. Text parts are kept; anything else (an image, a resource) is named,
// not dropped silently, so the model knows something was there.
export function resultText(result: object): string {
  const content = (result as { content?: unknown }).content;
  const parts: Array<{ type?: unknown; text?: unknown }> = Array.isArray(content) ? content : [];
  return parts
    .map((part) => (part.type === "text" && typeof part.text === "string" ? part.text : `[${String(part.type)} content not shown]`))
    .join("\n");
}

// How the person approving a call sees it: which server, which tool, and what the server claims.
export function describeMcpCall(server: string, tool: McpTool, input: Record<string, unknown>): string {
  const hints = tool.annotations ?? {};
  const claims: string[] = [];
  if (hints.readOnlyHint === true) claims.push("only reads");
  if (hints.destructiveHint === true) claims.push("may delete or overwrite");
  if (hints.openWorldHint === true) claims.push("reaches outside systems");
  const said = claims.length > 0 ? `the server says it ${claims.join(", ")}; unverified` : "the server says nothing about its effects";
  const size = JSON.stringify(input).length;
  return inert(`calls ${tool.name} on the MCP server "${server}" with ${size} characters of input (${said})`);
}

export function toolFromMcp(server: ConnectedServer, tool: McpTool, options: AdapterOptions = {}): ToolWithEffect {
  // TODO 2: return a course Tool for this MCP tool:
  //   - name from mcpToolName, the description as the server wrote it ("" when it has none), the input
  //     schema without its "$schema" key and with type "object";
  //   - untrusted: readOnly false, concurrencySafe false, needsApproval true, whatever its annotations say;
  //     describeEffect shows the call with describeMcpCall;
  //   - timeoutMs: options.timeoutMs or DEFAULT_MCP_TIMEOUT_MS;
  //   - run(input, signal): server.client.callTool({ name: <the server's own name>, arguments: input },
  //     undefined, { timeout, signal }); the text (resultText) capped with truncateOutput(text, options);
  //     a result with isError: true throws an Error carrying that text.
  void [truncateOutput, inert, describeMcpCall, resultText];
  throw new Error(`not implemented yet: adapt ${tool.name} of ${server.name} (TODO 2 in exercises/11-mcp/mcp-tools.ts)`);
}

// Every tool of every server, as course Tools. Throws McpToolError when a name is unusable or when
// two tools would share a name, naming both, because guessing which one the model meant is not safe.
export async function toolsFromServers(servers: ConnectedServer[], options: AdapterOptions = {}): Promise<ToolWithEffect[]> {
  // TODO 3: list each server's tools (client.listTools()), adapt each with toolFromMcp, in order.
  // A tool named like one of options.takenNames (in any letter case) is a clash: throw McpToolError
  // naming the built-in tool and saying to rename or remove the server's tool in mcp.json.
  // Hard mode: tools/list comes in pages: while an answer has a nextCursor, ask again with
  // client.listTools({ cursor: nextCursor }), the cursor exactly as it came; no nextCursor is the end.
  // A server still sending one after MAX_TOOL_PAGES pages: throw McpToolError naming the server.
  // Two tools whose names differ only in letter case (on any page) clash too: throw McpToolError
  // naming both servers, the one listed first first.
  throw new Error(`not implemented yet: list and adapt the tools of ${servers.length} servers (TODO 3 in exercises/11-mcp/mcp-tools.ts)`);
}

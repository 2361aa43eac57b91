// Exercise 11, solved: the MCP-to-Tool adapter (the same as lessons/11-mcp/mcp-tools.ts).
// An MCP server's tool list (every page of it) becomes course Tools: prefixed and checked names, clash
// errors naming both owners, every tool gated (annotations shown, never trusted), a timeout and a capped
// output.
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
  if (!isServerName(server)) {
    throw new McpToolError(
      `The MCP server name "${inert(server)}" cannot be used: use letters, digits, "-" and single "_" (no "__", which separates the parts of mcp__server__tool). Rename it in mcp.json.`,
    );
  }
  const name = `mcp__${server}__${tool}`;
  if (tool === "" || !isApiToolName(name)) {
    throw new McpToolError(
      `The tool "${inert(tool)}" of MCP server "${server}" would be named "${inert(name)}" (${name.length} characters), which the API refuses: ` +
        "a tool name is 1 to 64 letters, digits, \"_\" or \"-\". Give the server a shorter name in mcp.json, or do not use this tool.",
    );
  }
  return name;
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
  const timeoutMs = options.timeoutMs ?? DEFAULT_MCP_TIMEOUT_MS;
  const limits: OutputLimits = { maxChars: options.maxChars, maxLines: options.maxLines };
  // Passed on as the server wrote it, minus "$schema": SDK servers stamp draft-07 there, and the API,
  // which speaks draft 2020-12, refuses a schema that names another draft.
  const { $schema: _dialect, ...schema } = (tool.inputSchema ?? { type: "object" }) as Anthropic.Tool.InputSchema & { $schema?: unknown };
  const adapted: ToolWithEffect = {
    name: mcpToolName(server.name, tool.name),
    description: tool.description ?? "",
    input_schema: { ...schema, type: "object" },
    // A stranger's tool: never trusted to only read, and never run beside another call.
    readOnly: false,
    concurrencySafe: false,
    needsApproval: true,
    timeoutMs,
    describeEffect: (input) => describeMcpCall(server.name, tool, input),
    async run(input: Record<string, unknown>, signal?: AbortSignal) {
      // The SDK's own timeout and the executor's signal: whichever comes first cancels the call, and
      // the SDK tells the server (notifications/cancelled) so it can stop its work too.
      const result = await server.client.callTool({ name: tool.name, arguments: input }, undefined, { timeout: timeoutMs, signal });
      const text = truncateOutput(resultText(result), limits);
      // isError: the tool ran and failed. Its words go to the model as an is_error result.
      if ((result as { isError?: unknown }).isError === true) throw new Error(text || `${tool.name} on ${server.name} failed without saying why.`);
      return text;
    },
  };
  return adapted;
}

// All of a server's tools, page by page. The MCP spec paginates tools/list: a response holds the current
// page and "An optional `nextCursor` field if more results exist"; the client asks again with { cursor },
// and clients SHOULD "Treat a missing `nextCursor` as the end of results". The cursor is opaque: it goes
// back exactly as it came.
async function listAllTools(server: ConnectedServer): Promise<McpTool[]> {
  const tools: McpTool[] = [];
  let cursor: string | undefined;
  for (let page = 1; page <= MAX_TOOL_PAGES; page++) {
    const listed = await server.client.listTools({ cursor });
    tools.push(...listed.tools);
    cursor = listed.nextCursor;
    if (cursor === undefined) return tools;
  }
  throw new McpToolError(
    `MCP server "${server.name}" still sent a nextCursor after ${MAX_TOOL_PAGES} pages of tools/list, so listing its tools was stopped: ` +
      "the server is broken or hostile (it may repeat one cursor forever). Fix the server, or remove it from mcp.json.",
  );
}

// Every tool of every server, as course Tools. Throws McpToolError when a name is unusable or when
// two tools would share a name, naming both, because guessing which one the model meant is not safe.
export async function toolsFromServers(servers: ConnectedServer[], options: AdapterOptions = {}): Promise<ToolWithEffect[]> {
  const owner = new Map<string, string>();
  for (const taken of options.takenNames ?? []) owner.set(taken.toLowerCase(), `the built-in tool ${taken}`);
  const tools: ToolWithEffect[] = [];
  for (const server of servers) {
    for (const tool of await listAllTools(server)) {
      const adapted = toolFromMcp(server, tool, options);
      // Compared without letter case: permission rules match names in any case, so mcp__notes__x and
      // mcp__NOTES__x would be one name to a rule, and an allow meant for one server would cover both.
      const key = adapted.name.toLowerCase();
      const first = owner.get(key);
      const here = `tool "${inert(tool.name)}" of MCP server "${server.name}"`;
      // The built-in name "is just a conflict": a plain Error that names it, with no word on where to fix it.
      if (first?.startsWith("the built-in")) throw new Error(`${inert(adapted.name)} clashes with ${first}.`);
      if (first) {
        throw new McpToolError(
          `Two tools would be called ${inert(adapted.name)}: the ${first} and the ${here}. ` +
            "Not guessing which one is meant: rename one of the servers in mcp.json, or remove one.",
        );
      }
      owner.set(key, here);
      tools.push(adapted);
    }
  }
  return tools;
}

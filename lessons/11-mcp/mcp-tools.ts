// The adapter: an MCP server's tool list, turned into the course's own Tool objects. After this, an
// MCP tool is one more Tool: the loop, the permission gate, the hooks, the timeouts and the output cap
// treat it exactly like get_exchange_rate. What differs is only where `run` sends the call.
//
//   tools/list  {name: "add_note", description, inputSchema, annotations}
//     → Tool    {name: "mcp__notes__add_note", description, input_schema, run → tools/call}
//
// tools/list may come in pages: the adapter follows nextCursor to the last one, and gives up on a
// server that sends more than MAX_TOOL_PAGES of them, or takes longer than LIST_TIMEOUT_MS for all of
// them. It takes at most MAX_TOOLS_PER_SERVER tools from one server, and drops (with a warning naming
// it) a tool whose input schema the API would refuse: one broken tool must not fail every request.
//
// Three rules a stranger's server cannot bend:
//   - names: mcp__<server>__<tool>, checked against the API's pattern; a clash is an error naming both
//     servers, never a silent "last one wins";
//   - trust: every MCP tool needs approval (needsApproval) unless the user's rules allow it. Its
//     annotations (readOnlyHint, destructiveHint) are shown to the person approving, never believed;
//   - limits: every call has a timeout (it is cancelled on the server too) and its output is capped.

import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { ErrorCode, type Tool as McpTool } from "@modelcontextprotocol/sdk/types.js";
import type Anthropic from "@anthropic-ai/sdk";
import { Ajv2020 } from "ajv/dist/2020.js";
import { truncateOutput, type OutputLimits } from "../05-parallel-and-safe/truncate.ts";
import type { ToolWithEffect } from "../07-approval-gates/gated-executor.ts";
import { inert } from "../../shared/inert-text.ts";
import { UsageError } from "../../shared/usage-error.ts";
import { messages } from "../../shared/i18n/messages.ts";
import { metaSchemaError } from "../../shared/fake-api/meta-schema-check.ts";

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

// All pages of one server's tools/list together, not each page (the SDK's default is 60 s a request).
export const LIST_TIMEOUT_MS = 30_000;

// Every tool definition goes out with every request and costs tokens each time; a server offering
// thousands (one test server offered 20,005: a 6.5 MB request) is not using the model well.
export const MAX_TOOLS_PER_SERVER = 100;

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
  // How long listing one server's tools may take, all pages together. Default LIST_TIMEOUT_MS.
  listTimeoutMs?: number;
  // Told about every tool left out, and why (the agent prints it).
  warn?: (line: string) => void;
}

// The adapter's refusals: a bad name, a clash. The message names what to change and where.
export class McpToolError extends UsageError {
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
  const say = messages().effects; // the approval card's words, in the learner's language
  const hints = tool.annotations ?? {};
  const claims: string[] = [];
  if (hints.readOnlyHint === true) claims.push(say.mcpOnlyReads);
  if (hints.destructiveHint === true) claims.push(say.mcpMayDelete);
  if (hints.openWorldHint === true) claims.push(say.mcpOutside);
  const said = claims.length > 0 ? say.mcpServerSays(claims.join(", ")) : say.mcpServerSilent;
  const size = JSON.stringify(input).length;
  return inert(say.mcpCall(tool.name, server, size, said));
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
async function listAllTools(server: ConnectedServer, timeoutMs: number, warn: (line: string) => void): Promise<McpTool[]> {
  const tools: McpTool[] = [];
  const deadline = Date.now() + timeoutMs;
  let cursor: string | undefined;
  for (let page = 1; page <= MAX_TOOL_PAGES; page++) {
    const left = deadline - Date.now();
    const timedOut = new McpToolError(
      `MCP server "${server.name}" did not finish listing its tools within ${Math.round(timeoutMs / 1000)} s (tools/list, page ${page}). ` +
        "Check that it runs, or remove it from mcp.json.",
    );
    if (left <= 0) throw timedOut;
    let listed: Awaited<ReturnType<ConnectedServer["client"]["listTools"]>>;
    try {
      listed = await server.client.listTools({ cursor }, { timeout: left });
    } catch (error) {
      // By its code, not instanceof: a bundler may load two copies of the SDK's error classes.
      if ((error as { code?: unknown } | null)?.code === ErrorCode.RequestTimeout) throw timedOut;
      const why = inert(error instanceof Error ? error.message : String(error)).slice(0, 300);
      throw new McpToolError(`MCP server "${server.name}" answered tools/list with something the client could not use (${why}). Fix the server, or remove it from mcp.json.`);
    }
    tools.push(...listed.tools);
    cursor = listed.nextCursor;
    if (tools.length > MAX_TOOLS_PER_SERVER) {
      warn(`MCP server "${server.name}" offers more than ${MAX_TOOLS_PER_SERVER} tools; only the first ${MAX_TOOLS_PER_SERVER} are used.`);
      return tools.slice(0, MAX_TOOLS_PER_SERVER);
    }
    if (cursor === undefined) return tools;
  }
  throw new McpToolError(
    `MCP server "${server.name}" still sent a nextCursor after ${MAX_TOOL_PAGES} pages of tools/list, so listing its tools was stopped: ` +
      "the server is broken or hostile (it may repeat one cursor forever). Fix the server, or remove it from mcp.json.",
  );
}

// Why the Messages API would refuse this input schema, or undefined if it would not: it must be an
// object schema and valid JSON Schema draft 2020-12 ("JSON schema is invalid. It must match JSON Schema
// draft 2020-12"). One such tool in a request makes the whole request fail with a 400.
// Checked against the draft 2020-12 meta-schema the way the course's fake API checks a request
// (shared/fake-api/meta-schema-check.ts): compiling that meta-schema took about half of this lesson's
// start, so its verdicts are kept on disk. compile() then catches what the meta-schema cannot see,
// such as a $ref to nothing.
const schemaChecker = new Ajv2020({ strict: false, validateFormats: false, validateSchema: false });
export function schemaProblem(schema: unknown): string | undefined {
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) return "its inputSchema is not an object";
  const { $schema: _dialect, ...rest } = schema as Record<string, unknown>;
  if (rest.type !== undefined && rest.type !== "object") return `its inputSchema has type ${JSON.stringify(rest.type)}, not "object"`;
  const candidate = { ...rest, type: "object" };
  const invalid = metaSchemaError(candidate);
  if (invalid !== null) return `its inputSchema is not valid JSON Schema (${invalid.slice(0, 160)})`;
  try {
    schemaChecker.compile(candidate);
    return undefined;
  } catch (error) {
    return `its inputSchema is not valid JSON Schema (${(error instanceof Error ? error.message : String(error)).slice(0, 160)})`;
  }
}

// Every tool of every server, as course Tools. Throws McpToolError when a name is unusable or when
// two tools would share a name, naming both, because guessing which one the model meant is not safe.
export async function toolsFromServers(servers: ConnectedServer[], options: AdapterOptions = {}): Promise<ToolWithEffect[]> {
  const owner = new Map<string, string>();
  const said = messages().mistakes;
  for (const taken of options.takenNames ?? []) owner.set(taken.toLowerCase(), said.builtInTool(taken));
  const tools: ToolWithEffect[] = [];
  const warn = options.warn ?? (() => undefined);
  for (const server of servers) {
    for (const tool of await listAllTools(server, options.listTimeoutMs ?? LIST_TIMEOUT_MS, warn)) {
      const problem = schemaProblem(tool.inputSchema);
      if (problem) {
        warn(`left out the tool "${inert(tool.name)}" of MCP server "${server.name}": ${inert(problem)}. The other tools work; the server's author can fix it.`);
        continue;
      }
      const adapted = toolFromMcp(server, tool, options);
      // Compared without letter case: permission rules match names in any case, so mcp__notes__x and
      // mcp__NOTES__x would be one name to a rule, and an allow meant for one server would cover both.
      const key = adapted.name.toLowerCase();
      const first = owner.get(key);
      const here = said.mcpTool(inert(tool.name), server.name);
      // Not guessing which one is meant: the learner renames or removes one.
      if (first) throw new McpToolError(said.mcpClash(inert(adapted.name), first, here));
      owner.set(key, here);
      tools.push(adapted);
    }
  }
  return tools;
}

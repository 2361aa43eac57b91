// `npm run mcp`: the course's own tools, served over the Model Context Protocol on stdio, so any MCP
// client (Claude Desktop, Claude Code, lesson 11's assistant) can use them.
//
// One source of truth: the names, descriptions and input schemas are the ones the lesson modules
// hold (lesson 06's tool set: get_exchange_rate, calculate, save_to_file, remember, forget,
// set_preference). Nothing is restated here, so the server cannot drift from the lessons.
//
// stdout belongs to the protocol: every byte on it must be a JSON-RPC message, and one stray
// console.log breaks every client. Whatever a person should read goes to stderr.

import path from "node:path";
import { parseArgs } from "node:util";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult, type Tool as McpTool } from "@modelcontextprotocol/sdk/types.js";
import type { Tool } from "../01-first-tool/tool.ts";
import { unknownToolMessage } from "../04-tool-contract/did-you-mean.ts";
import type { SafeTool } from "../05-parallel-and-safe/executor.ts";
import { checkInput } from "../04-tool-contract/validate-input.ts";
import { createAgentTools } from "../06-memory/agent.ts";
import { resolveMemoryDir } from "../06-memory/memory-folder.ts";

export const COURSE_SERVER_NAME = "course";
export const COURSE_SERVER_VERSION = "1.0.0";

// How a course tool looks to an MCP client. The annotations repeat what the tool declares about
// itself; a careful client shows them to the user but does not trust them (see lesson 11).
export function toMcpTool(tool: SafeTool): McpTool {
  const readOnly = tool.readOnly === true;
  return {
    name: tool.name,
    description: tool.description,
    inputSchema: tool.input_schema as McpTool["inputSchema"],
    annotations: { readOnlyHint: readOnly, destructiveHint: !readOnly, openWorldHint: false },
  };
}

function errorResult(text: string): CallToolResult {
  return { content: [{ type: "text", text }], isError: true };
}

// Runs one tools/call the way the lessons' executors do: unknown tools and bad input come back as
// isError results that say what to send instead, never as a crash of the server.
export async function callCourseTool(tools: Tool[], name: string, args: unknown): Promise<CallToolResult> {
  const tool = tools.find((t) => t.name === name);
  if (!tool) return errorResult(unknownToolMessage(name, tools.map((t) => t.name)));
  const input = args ?? {};
  const problems = checkInput(tool.input_schema, input);
  if (problems.length > 0) return errorResult(`Invalid input for ${name}: ${problems.join(" ")}`);
  try {
    const text = await tool.run(input as Record<string, unknown>);
    return { content: [{ type: "text", text }] };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return errorResult(message.trim() || `${name} failed without saying why. Retry it once as is.`);
  }
}

// The low-level Server, not McpServer: McpServer wants zod schemas, and ours are already JSON Schema
// in the tool modules. Converting them would make a second copy that could drift.
export function createCourseServer(tools: Tool[]): Server {
  const server = new Server({ name: COURSE_SERVER_NAME, version: COURSE_SERVER_VERSION }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: tools.map(toMcpTool) }));
  server.setRequestHandler(CallToolRequestSchema, (request) => callCourseTool(tools, request.params.name, request.params.arguments));
  return server;
}

export function courseTools(workspace: string, memoryDir: string): Tool[] {
  return createAgentTools(memoryDir, workspace);
}

const USAGE = `Usage: npm run --silent mcp [-- --workspace DIR] [--memory DIR]
  Serves the course's tools over MCP on stdin/stdout (for Claude Desktop, Claude Code, lesson 11).
  --workspace  where save_to_file writes (default: workspace/)
  --memory     the memory folder of remember, forget, set_preference (default: $MEMORY_DIR or workspace/memory)`;

// The `mcp` command of the course CLI. Resolves when the client closes stdin (it is done with us).
export async function mcpCommand(argv: string[]): Promise<number> {
  let values;
  try {
    values = parseArgs({ args: argv, options: { workspace: { type: "string" }, memory: { type: "string" }, help: { type: "boolean", short: "h" } } }).values;
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${USAGE}\n`);
    return 2;
  }
  if (values.help) {
    process.stderr.write(`${USAGE}\n`);
    return 0;
  }
  const workspace = path.resolve(process.cwd(), values.workspace ?? "workspace");
  const memoryDir = values.memory ? path.resolve(process.cwd(), values.memory) : resolveMemoryDir();
  const tools = courseTools(workspace, memoryDir);
  const server = createCourseServer(tools);
  const closed = new Promise<void>((resolve) => {
    server.onclose = resolve;
  });
  // The client is gone when stdin ends: close, so the process exits instead of lingering.
  process.stdin.on("end", () => void server.close());
  await server.connect(new StdioServerTransport());
  process.stderr.write(`course MCP server: ${tools.length} tools (${tools.map((t) => t.name).join(", ")}); workspace ${workspace}\n`);
  await closed;
  return 0;
}

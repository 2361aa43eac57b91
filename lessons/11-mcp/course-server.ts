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
import {
  CallToolRequestSchema,
  ListToolsRequestSchema,
  SetLevelRequestSchema,
  type CallToolResult,
  type LoggingLevel,
  type Tool as McpTool,
} from "@modelcontextprotocol/sdk/types.js";
import type { Tool } from "../01-first-tool/tool.ts";
import { unknownToolMessage } from "../04-tool-contract/did-you-mean.ts";
import type { SafeTool } from "../05-parallel-and-safe/executor.ts";
import { checkInput } from "../04-tool-contract/validate-input.ts";
import { createAgentTools } from "../06-memory/agent.ts";
import { resolveMemoryDir } from "../06-memory/memory-folder.ts";
import { messages } from "../../shared/i18n/messages.ts";
import { closestName } from "../../shared/closest-name.ts";
import { inert } from "../../shared/inert-text.ts";
import { registerCourseResources, type CourseFolders } from "./course-resources.ts";
import type * as HttpServer from "./http-server.ts";

export const COURSE_SERVER_NAME = "course";
export const COURSE_SERVER_VERSION = "1.0.0";
export const DEFAULT_HTTP_PORT = 8011;

// What a tool returns as data, for the tools whose text is a JSON object: the client gets it twice,
// as text for the model and as structuredContent it can check against this schema and use directly.
export const OUTPUT_SCHEMAS: Record<string, McpTool["outputSchema"]> = {
  get_exchange_rate: {
    type: "object",
    properties: {
      from: { type: "string", description: "ISO code of the currency converted from" },
      to: { type: "string", description: "ISO code of the currency converted to" },
      rate: { type: "number", description: "units of `to` for one unit of `from`" },
      note: { type: "string" },
    },
    required: ["from", "to", "rate"],
  },
  calculate: {
    type: "object",
    properties: { expression: { type: "string" }, result: { type: "number" } },
    required: ["expression", "result"],
  },
};

// How a course tool looks to an MCP client. The annotations repeat what the tool declares about
// itself; a careful client shows them to the user but does not trust them (see lesson 11).
export function toMcpTool(tool: SafeTool): McpTool {
  const readOnly = tool.readOnly === true;
  const outputSchema = OUTPUT_SCHEMAS[tool.name];
  return {
    name: tool.name,
    description: tool.description,
    inputSchema: tool.input_schema as McpTool["inputSchema"],
    ...(outputSchema ? { outputSchema } : {}),
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
    if (!OUTPUT_SCHEMAS[name]) return { content: [{ type: "text", text }] };
    return { content: [{ type: "text", text }], structuredContent: JSON.parse(text) as Record<string, unknown> };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return errorResult(message.trim() || `${name} failed without saying why. Retry it once as is.`);
  }
}

const LEVELS: LoggingLevel[] = ["debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"];

// The low-level Server, not McpServer: McpServer wants zod schemas, and ours are already JSON Schema
// in the tool modules. Converting them would make a second copy that could drift.
// With folders, it also serves the memory and workspace as resources, two prompts and argument
// completion (course-resources.ts).
export function createCourseServer(tools: Tool[], folders?: CourseFolders): Server {
  const server = new Server(
    { name: COURSE_SERVER_NAME, version: COURSE_SERVER_VERSION },
    { capabilities: { tools: {}, logging: {}, ...(folders ? { resources: {}, prompts: {}, completions: {} } : {}) } },
  );
  // The client picks how much log it wants (logging/setLevel); one Server serves one client, so
  // the level lives here. A log line about a call travels with that call's response.
  let level: LoggingLevel = "info";
  server.setRequestHandler(SetLevelRequestSchema, (request) => {
    level = request.params.level;
    return {};
  });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: tools.map(toMcpTool) }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const log = (at: LoggingLevel, data: string) =>
      LEVELS.indexOf(at) >= LEVELS.indexOf(level)
        ? extra.sendNotification({ method: "notifications/message", params: { level: at, logger: COURSE_SERVER_NAME, data } })
        : Promise.resolve();
    const { name, arguments: args } = request.params;
    await log("debug", `${name} ${JSON.stringify(args ?? {}).slice(0, 200)}`);
    const result = await callCourseTool(tools, name, args);
    await log(result.isError ? "warning" : "info", `${name}: ${result.isError ? "refused or failed" : "done"}`);
    return result;
  });
  if (folders) registerCourseResources(server, folders);
  return server;
}

export function courseTools(workspace: string, memoryDir: string): Tool[] {
  return createAgentTools(memoryDir, workspace);
}

// What a person reads (usage, the "running" line) is in their language: shared/i18n, group mcpServer.
const USAGE = () => messages().mcpServer.usage(DEFAULT_HTTP_PORT);

// parseArgs says an unknown option in English; the learner reads it in their language, with the option
// that was probably meant ("--workspce" -> "--workspace").
function argumentProblem(error: Error & { code?: string }): string {
  const unknown = /Unknown option '([^']+)'/.exec(error.message)?.[1];
  if (error.code !== "ERR_PARSE_ARGS_UNKNOWN_OPTION" || !unknown) return error.message;
  const said = messages().mcpServer.unknownOption(inert(unknown));
  const meant = closestName(unknown.replace(/^-+/, ""), ["workspace", "memory", "http", "port", "help"]);
  return meant ? `${said} ${messages().mistakes.didYouMean(`--${meant}`)}` : said;
}

// The `mcp` command of the course CLI. Resolves when the client closes stdin (it is done with us).
export async function mcpCommand(argv: string[]): Promise<number> {
  let values;
  try {
    values = parseArgs({ args: argv, options: {
        workspace: { type: "string" },
        memory: { type: "string" },
        http: { type: "boolean" },
        port: { type: "string" },
        help: { type: "boolean", short: "h" },
      }, }).values;
  } catch (error) {
    process.stderr.write(`${argumentProblem(error as Error & { code?: string })}\n${USAGE()}\n`);
    return 2;
  }
  if (values.help) {
    process.stderr.write(`${USAGE()}\n`);
    return 0;
  }
  const workspace = path.resolve(process.cwd(), values.workspace ?? "workspace");
  const memoryDir = values.memory ? path.resolve(process.cwd(), values.memory) : resolveMemoryDir();
  const tools = courseTools(workspace, memoryDir);
  if (values.port !== undefined && !values.http) {
    process.stderr.write(`${messages().mcpHttp.portNeedsHttp}\n`);
    return 2;
  }
  const folders = { workspace, memoryDir };
  if (values.http) return serveOverHttp(tools, folders, values.port);
  const server = createCourseServer(tools, folders);
  const closed = new Promise<void>((resolve) => {
    server.onclose = resolve;
  });
  // The client is gone when stdin ends: close, so the process exits instead of lingering.
  process.stdin.on("end", () => void server.close());
  await server.connect(new StdioServerTransport());
  process.stderr.write(`${messages().mcpServer.running(tools.length, tools.map((t) => t.name).join(", "), workspace)}\n`);
  await closed;
  return 0;
}

// `npm run mcp -- --http`: the same server, one instance per client session, behind http-server.ts's
// checks. Runs until Ctrl+C.
async function serveOverHttp(tools: Tool[], folders: CourseFolders, portText: string | undefined): Promise<number> {
  const m = messages().mcpHttp;
  const say = (line: string) => process.stderr.write(`${line}\n`);
  // Loaded only here: the HTTP transport (the MCP SDK's, with Hono and Node's fetch classes) costs the
  // stdio server that lesson 11 starts on every run about 60 ms.
  const { MIN_TOKEN_LENGTH, resolveToken, startHttpServer, untilStopped }: typeof HttpServer = await import("./http-server.ts");
  const port = portText === undefined ? DEFAULT_HTTP_PORT : Number(portText);
  if (portText !== undefined && !(/^\d+$/.test(portText) && port <= 65535)) {
    say(m.badPort(portText));
    return 2;
  }
  let token;
  try {
    token = resolveToken();
  } catch {
    say(m.tokenTooShort(MIN_TOKEN_LENGTH));
    return 2;
  }
  let running;
  try {
    running = await startHttpServer({ createServer: () => createCourseServer(tools, folders), port, token: token.token, log: (line) => say(`  ${line}`) });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EADDRINUSE") {
      say(m.portTaken(port));
      return 1;
    }
    throw error;
  }
  say(m.listening(running.url, tools.length));
  say(token.fromEnv ? m.tokenFromEnv : m.token(token.token));
  say(m.stopHint);
  await untilStopped();
  await running.close();
  say(m.stopped);
  return 0;
}

// mcp.json: which MCP servers the assistant starts or connects to. The shape Claude Desktop and Claude Code use too:
//
//   { "mcpServers": { "notes": { "command": "node", "args": ["..."], "env": { "KEY": "value" } },
//                     "remote": { "url": "http://127.0.0.1:8011/mcp", "headers": { "Authorization": "Bearer ${COURSE_MCP_TOKEN}" } } } }
//
// A broken file stops the agent with a message saying where and what to fix.

import { readFile } from "node:fs/promises";
import path from "node:path";
import { messages } from "../../shared/i18n/messages.ts";
import { UsageError } from "../../shared/usage-error.ts";

export const DEFAULT_MCP_CONFIG = path.join("lessons", "11-mcp", "mcp.json");

// A server the assistant starts as a child process, speaking over its stdin/stdout.
export interface StdioServerConfig {
  command: string;
  args: string[];
  env: Record<string, string>;
}

// A server already running somewhere, reached by URL over Streamable HTTP. Header values may name
// environment variables, "Bearer ${COURSE_MCP_TOKEN}", so a token never has to be written in mcp.json.
export interface HttpServerConfig {
  url: string;
  headers: Record<string, string>;
}

export type ServerConfig = StdioServerConfig | HttpServerConfig;

export function isHttpServer(config: ServerConfig): config is HttpServerConfig {
  return "url" in config;
}

const LOCAL_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);

export class McpConfigError extends UsageError {
  override name = "McpConfigError";
}

// Each mistake is said in the learner's language (COURSE_LANG), after the file's name.
export function parseMcpConfig(text: string, file = "mcp.json", environment: NodeJS.ProcessEnv = process.env): Record<string, ServerConfig> {
  const say = messages().mistakes;
  const fail = (message: string): never => {
    throw new McpConfigError(`${file}: ${message}`);
  };
  let data: unknown;
  const json = text.startsWith("\ufeff") ? text.slice(1) : text;
  try {
    data = JSON.parse(json);
  } catch (error) {
    // The line to look at; the parser's own words come along as it wrote them.
    const engine = (error as Error).message;
    const position = Number(/position (\d+)/.exec(engine)?.[1] ?? json.length);
    return fail(say.mcpNotJson(json.slice(0, position).split("\n").length, engine));
  }
  const servers = (data as { mcpServers?: unknown } | null)?.mcpServers;
  if (typeof servers !== "object" || servers === null || Array.isArray(servers)) {
    return fail(say.mcpNoServers);
  }
  const result: Record<string, ServerConfig> = {};
  for (const [name, entry] of Object.entries(servers)) {
    if (typeof entry === "object" && entry !== null && "url" in entry) {
      result[name] = parseHttpEntry(name, entry as Record<string, unknown>, environment, fail, say);
      continue;
    }
    const { command, args = [], env = {} } = (entry ?? {}) as Record<string, unknown>;
    if (typeof command !== "string" || command.trim() === "") {
      fail(say.mcpNeedsCommand(name));
    }
    if (!Array.isArray(args) || !args.every((a) => typeof a === "string")) fail(say.mcpArgs(name));
    if (typeof env !== "object" || env === null || !Object.values(env).every((v) => typeof v === "string")) {
      fail(say.mcpEnv(name));
    }
    result[name] = { command: command as string, args: args as string[], env: env as Record<string, string> };
  }
  return result;
}

function parseHttpEntry(
  name: string,
  entry: Record<string, unknown>,
  env: NodeJS.ProcessEnv,
  fail: (message: string) => never,
  say: ReturnType<typeof messages>["mistakes"],
): HttpServerConfig {
  if ("command" in entry) fail(say.mcpBoth(name));
  let url: URL | undefined;
  try {
    url = new URL(String(entry.url));
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== "http:" && url.protocol !== "https:")) return fail(say.mcpUrl(name));
  // Over plain http a token crosses the network readable by anyone on the way: only this machine may.
  if (url.protocol === "http:" && !LOCAL_HOSTS.has(url.hostname)) {
    fail(say.mcpHttps(name));
  }
  const headers = entry.headers ?? {};
  if (typeof headers !== "object" || headers === null || !Object.values(headers).every((v) => typeof v === "string")) {
    fail(say.mcpHeaders(name));
  }
  const filled: Record<string, string> = {};
  for (const [header, value] of Object.entries(headers as Record<string, string>)) {
    filled[header] = value.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_, variable: string) => {
      const set = env[variable];
      if (set === undefined || set === "") fail(say.mcpUnset(name, header, variable));
      return set!;
    });
  }
  return { url: url.href, headers: filled };
}

export async function loadMcpConfig(file: string = DEFAULT_MCP_CONFIG): Promise<Record<string, ServerConfig>> {
  let text: string;
  try {
    text = await readFile(path.resolve(file), "utf8");
  } catch (error) {
    throw new McpConfigError(messages().mistakes.mcpUnreadable(file, (error as NodeJS.ErrnoException).code ?? (error as Error).message));
  }
  return parseMcpConfig(text, file);
}

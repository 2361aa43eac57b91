// mcp.json: which MCP servers the assistant starts or connects to. The shape Claude Desktop and Claude Code use too:
//
//   { "mcpServers": { "notes": { "command": "node", "args": ["..."], "env": { "KEY": "value" } },
//                     "remote": { "url": "http://127.0.0.1:8011/mcp", "headers": { "Authorization": "Bearer ${COURSE_MCP_TOKEN}" } } } }
//
// A broken file stops the agent with a message saying where and what to fix.

import { readFile } from "node:fs/promises";
import path from "node:path";
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

export function parseMcpConfig(text: string, file = "mcp.json", environment: NodeJS.ProcessEnv = process.env): Record<string, ServerConfig> {
  const fail = (message: string): never => {
    throw new McpConfigError(`${file}: ${message}`);
  };
  let data: unknown;
  try {
    data = JSON.parse(text.startsWith("\ufeff") ? text.slice(1) : text);
  } catch (error) {
    return fail(`not valid JSON (${(error as Error).message}).`);
  }
  const servers = (data as { mcpServers?: unknown } | null)?.mcpServers;
  if (typeof servers !== "object" || servers === null || Array.isArray(servers)) {
    return fail('expected { "mcpServers": { "name": { "command": "...", "args": [...] } } }.');
  }
  const result: Record<string, ServerConfig> = {};
  for (const [name, entry] of Object.entries(servers)) {
    if (typeof entry === "object" && entry !== null && "url" in entry) {
      result[name] = parseHttpEntry(name, entry as Record<string, unknown>, environment, fail);
      continue;
    }
    const { command, args = [], env = {} } = (entry ?? {}) as Record<string, unknown>;
    if (typeof command !== "string" || command.trim() === "") {
      fail(`server "${name}" needs a "command" (a program to start, e.g. "node") or a "url" (a server already running).`);
    }
    if (!Array.isArray(args) || !args.every((a) => typeof a === "string")) fail(`server "${name}": "args" must be a list of strings.`);
    if (typeof env !== "object" || env === null || !Object.values(env).every((v) => typeof v === "string")) {
      fail(`server "${name}": "env" must be an object of strings.`);
    }
    result[name] = { command: command as string, args: args as string[], env: env as Record<string, string> };
  }
  return result;
}

function parseHttpEntry(name: string, entry: Record<string, unknown>, env: NodeJS.ProcessEnv, fail: (message: string) => never): HttpServerConfig {
  if ("command" in entry) fail(`server "${name}" has both "command" and "url": give one (a program to start, or a server already running).`);
  let url: URL | undefined;
  try {
    url = new URL(String(entry.url));
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== "http:" && url.protocol !== "https:")) return fail(`server "${name}": "url" must be an http:// or https:// address.`);
  // Over plain http a token crosses the network readable by anyone on the way: only this machine may.
  if (url.protocol === "http:" && !LOCAL_HOSTS.has(url.hostname)) {
    fail(`server "${name}": use https:// for a server on another machine (plain http:// is only for 127.0.0.1 or localhost).`);
  }
  const headers = entry.headers ?? {};
  if (typeof headers !== "object" || headers === null || !Object.values(headers).every((v) => typeof v === "string")) {
    fail(`server "${name}": "headers" must be an object of strings.`);
  }
  const filled: Record<string, string> = {};
  for (const [header, value] of Object.entries(headers as Record<string, string>)) {
    filled[header] = value.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_, variable: string) => {
      const set = env[variable];
      if (set === undefined || set === "") fail(`server "${name}": header "${header}" uses \${${variable}}, which is not set. Set it in .env or the shell.`);
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
    throw new McpConfigError(`${file} could not be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}).`);
  }
  return parseMcpConfig(text, file);
}

// mcp.json: which MCP servers the assistant starts. The shape Claude Desktop and Claude Code use too:
//
//   { "mcpServers": { "notes": { "command": "node", "args": ["..."], "env": { "KEY": "value" } } } }
//
// A broken file stops the agent with a message saying where and what to fix.

import { readFile } from "node:fs/promises";
import path from "node:path";
import { UsageError } from "../../shared/usage-error.ts";

export const DEFAULT_MCP_CONFIG = path.join("lessons", "11-mcp", "mcp.json");

export interface ServerConfig {
  command: string;
  args: string[];
  env: Record<string, string>;
}

export class McpConfigError extends UsageError {
  override name = "McpConfigError";
}

export function parseMcpConfig(text: string, file = "mcp.json"): Record<string, ServerConfig> {
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
    const { command, args = [], env = {} } = (entry ?? {}) as Record<string, unknown>;
    if (typeof command !== "string" || command.trim() === "") fail(`server "${name}" needs a "command" (a program to start, e.g. "node").`);
    if (!Array.isArray(args) || !args.every((a) => typeof a === "string")) fail(`server "${name}": "args" must be a list of strings.`);
    if (typeof env !== "object" || env === null || !Object.values(env).every((v) => typeof v === "string")) {
      fail(`server "${name}": "env" must be an object of strings.`);
    }
    result[name] = { command: command as string, args: args as string[], env: env as Record<string, string> };
  }
  return result;
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

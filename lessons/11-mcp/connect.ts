// Starts each configured MCP server as a child process and connects an SDK client to it over stdio,
// or, for a "url" entry, connects to a server already running over Streamable HTTP.
// The handshake (initialize) tells us the server's name and what it offers; after that the client
// speaks JSON-RPC on the child's stdin/stdout. Closing a connection ends the child process.

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { getDefaultEnvironment, StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { ConnectedServer } from "./mcp-tools.ts";
import { inert } from "../../shared/inert-text.ts";
import { isHttpServer, McpConfigError, type HttpServerConfig, type ServerConfig } from "./mcp-config.ts";
import { messages } from "../../shared/i18n/messages.ts";
import { safeOutputSchemaValidator } from "./output-schemas.ts";
import { stderrGist } from "./stderr-gist.ts";

export interface Connection extends ConnectedServer {
  close(): Promise<void>;
}

// Starting can be slow the first time (the course server is bundled before it runs).
export const DEFAULT_CONNECT_TIMEOUT_MS = 60_000;

export async function connectServer(name: string, config: ServerConfig, timeoutMs = DEFAULT_CONNECT_TIMEOUT_MS): Promise<Connection> {
  if (isHttpServer(config)) return connectHttpServer(name, config, timeoutMs);
  const transport = new StdioClientTransport({
    command: config.command,
    args: config.args,
    // Only the basic variables (PATH, HOME, ...) plus what mcp.json gives: a server gets no API key by accident.
    env: { ...getDefaultEnvironment(), ...config.env },
    cwd: process.cwd(),
    stderr: "pipe",
  });
  // The server's stderr is its log; keep the end of it to explain a server that fails to start
  // (enough for a crash's whole stack: the line that names the error comes before it).
  let log = "";
  transport.stderr?.on("data", (chunk: Buffer) => {
    log = (log + chunk.toString("utf8")).slice(-8000);
  });
  const client = newClient();
  try {
    await client.connect(transport, { timeout: timeoutMs });
  } catch (error) {
    await client.close().catch(() => {});
    // The server's words are data: escape sequences in them are shown, not obeyed by the terminal.
    const said = stderrGist(log);
    const tail = said ? messages().mistakes.mcpStderr(inert(said)) : "";
    // Most often mcp.json names a command this machine does not have: the learner's to fix, not a crash.
    const command = inert(`${config.command} ${config.args.join(" ")}`);
    throw new McpConfigError(messages().mistakes.mcpStart(name, command, inert((error as Error).message), tail));
  }
  return { name, client, close: () => client.close() };
}

// The server's outputSchemas are checked with linear-time patterns (output-schemas.ts).
function newClient(): Client {
  return new Client({ name: "claude-tools-course", version: "1.0.0" }, { jsonSchemaValidator: safeOutputSchemaValidator() });
}

// A server that is already running, reached by URL. From here on it is one more Client: the same
// tool adapter, gate, timeouts and output caps as a child process. Closing ends the session (HTTP
// DELETE), so the server can free what it holds for us.
async function connectHttpServer(name: string, config: HttpServerConfig, timeoutMs: number): Promise<Connection> {
  const transport = new StreamableHTTPClientTransport(new URL(config.url), { requestInit: { headers: config.headers } });
  const client = newClient();
  try {
    await client.connect(transport, { timeout: timeoutMs });
  } catch (error) {
    await client.close().catch(() => {});
    // Most often the server is not running, or the token is wrong. The message names the address,
    // never the headers: they may hold a token.
    throw new McpConfigError(messages().mistakes.mcpConnect(name, config.url, inert((error as Error).message.slice(0, 300))));
  }
  return {
    name,
    client,
    close: async () => {
      await transport.terminateSession().catch(() => {});
      await client.close();
    },
  };
}

// Connects to all of them, or to none: if one fails, the ones that started are closed again.
// They start side by side: each one's start is mostly its own process's work, so two servers are
// ready in about the time of the slower one.
export async function connectAll(servers: Record<string, ServerConfig>, timeoutMs?: number): Promise<Connection[]> {
  const results = await Promise.allSettled(Object.entries(servers).map(([name, config]) => connectServer(name, config, timeoutMs)));
  const connections = results.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
  const failed = results.find((result): result is PromiseRejectedResult => result.status === "rejected");
  if (failed) {
    await closeAll(connections);
    throw failed.reason; // the first server in mcp.json's order that failed
  }
  return connections;
}

export async function closeAll(connections: Connection[]): Promise<void> {
  await Promise.all(connections.map((c) => c.close().catch(() => {})));
}

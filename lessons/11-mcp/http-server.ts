// `npm run mcp -- --http`: the course server over Streamable HTTP, for clients that connect by URL
// instead of starting the server as a child process.
//
// A port on 127.0.0.1 is not private: every program on this machine can reach it, and so can a web
// page in your browser (a page may send requests to http://127.0.0.1, and with DNS rebinding a
// hostile site can even make its own name point here). So before a request reaches the MCP layer:
//   1. Host must name this machine, and Origin, when a browser sends one, must be a local page (403).
//      This is what the MCP spec asks against DNS rebinding.
//   2. The bearer token must match (401). It is random per start, printed once, or comes from
//      COURSE_MCP_TOKEN; a page or program that only knows the port does not have it.
//   3. The body is read up to a cap (413), so a huge request cannot fill the memory.
// Then the SDK's StreamableHTTPServerTransport speaks the protocol. Each client gets its own session
// (an Mcp-Session-Id the SDK generates) with its own Server, so one client's state never leaks into another's.

import { createHash, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { isInitializeRequest } from "@modelcontextprotocol/sdk/types.js";

export const MCP_PATH = "/mcp";
export const TOKEN_ENV = "COURSE_MCP_TOKEN";
export const MIN_TOKEN_LENGTH = 16;
// save_to_file takes up to 1 MB of text; JSON escaping and the JSON-RPC envelope need room on top.
export const MAX_BODY_BYTES = 4 * 1024 * 1024;
// Each session holds a Server in memory. Past this many, the least recently used one is closed.
export const MAX_SESSIONS = 50;

// The names of this machine, as a Host or Origin header may spell them (URL keeps IPv6 in brackets).
const LOCAL_NAMES = new Set(["127.0.0.1", "localhost", "[::1]"]);

export interface HttpServerOptions {
  // A new MCP server for each session (a Server serves one transport).
  createServer: () => Server;
  port: number;
  token: string;
  // Where the server's own log lines go (never the token).
  log?: (line: string) => void;
}

export interface RunningHttpServer {
  url: string;
  port: number;
  sessions: () => number;
  close: () => Promise<void>;
}

// The token from the environment if set (checked for length), else a new random one.
export function resolveToken(env: NodeJS.ProcessEnv = process.env): { token: string; fromEnv: boolean } {
  const fromEnv = env[TOKEN_ENV];
  if (fromEnv !== undefined && fromEnv !== "") {
    if (fromEnv.length < MIN_TOKEN_LENGTH) throw new Error(`${TOKEN_ENV} is shorter than ${MIN_TOKEN_LENGTH} characters`);
    return { token: fromEnv, fromEnv: true };
  }
  return { token: randomBytes(32).toString("base64url"), fromEnv: false };
}

function hostnameOf(hostHeader: string): string | undefined {
  try {
    return new URL(`http://${hostHeader}`).hostname;
  } catch {
    return undefined;
  }
}

// DNS rebinding: a page on evil.example whose name now resolves to 127.0.0.1 still sends
// "Host: evil.example" and "Origin: http://evil.example". Both must name this machine.
export function localRequestProblem(headers: http.IncomingHttpHeaders): string | undefined {
  const host = headers.host;
  if (!host || !LOCAL_NAMES.has(hostnameOf(host) ?? "")) return "the Host header does not name this machine (127.0.0.1 or localhost)";
  const origin = headers.origin;
  if (origin === undefined) return undefined; // not a browser: programs send no Origin
  let originHost: string | undefined;
  try {
    originHost = new URL(origin).hostname;
  } catch {
    originHost = undefined;
  }
  if (!originHost || !LOCAL_NAMES.has(originHost)) return "the Origin header is not a page on this machine";
  return undefined;
}

// Compares digests of equal length in constant time, so the answer's timing says nothing about how
// many characters of a guess were right.
export function tokenMatches(authorization: string | undefined, token: string): boolean {
  const match = /^Bearer (.+)$/i.exec(authorization ?? "");
  if (!match) return false;
  const digest = (text: string) => createHash("sha256").update(text).digest();
  return timingSafeEqual(digest(match[1]!.trim()), digest(token));
}

class BodyTooLarge extends Error {}

function readBody(req: http.IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers["content-length"]);
    if (Number.isFinite(declared) && declared > limit) return reject(new BodyTooLarge());
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.removeAllListeners("data");
        reject(new BodyTooLarge());
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function reply(res: http.ServerResponse, status: number, message: string, headers: Record<string, string> = {}, jsonRpcCode = -32000): void {
  if (res.headersSent) return;
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify({ jsonrpc: "2.0", error: { code: jsonRpcCode, message }, id: null }));
}

interface Session {
  transport: StreamableHTTPServerTransport;
  server: Server;
}

export async function startHttpServer(options: HttpServerOptions): Promise<RunningHttpServer> {
  const log = options.log ?? (() => {});
  const sessions = new Map<string, Session>();

  const closeSession = async (id: string) => {
    const session = sessions.get(id);
    if (!session) return;
    sessions.delete(id);
    await session.server.close().catch(() => {});
  };

  async function newSession(req: http.IncomingMessage, res: http.ServerResponse, body: unknown): Promise<void> {
    if (sessions.size >= MAX_SESSIONS) {
      const oldest = sessions.keys().next().value!;
      log(`session ${oldest.slice(0, 8)} closed: ${MAX_SESSIONS} sessions open, it was used least recently`);
      await closeSession(oldest);
    }
    const server = options.createServer();
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        sessions.set(id, { transport, server });
        log(`session ${id.slice(0, 8)} started`);
      },
    });
    transport.onclose = () => {
      if (transport.sessionId && sessions.get(transport.sessionId)?.transport === transport) {
        sessions.delete(transport.sessionId);
        log(`session ${transport.sessionId.slice(0, 8)} ended`);
      }
    };
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const notLocal = localRequestProblem(req.headers);
    if (notLocal) return reply(res, 403, `Forbidden: ${notLocal}.`);
    if (new URL(req.url ?? "/", "http://localhost").pathname !== MCP_PATH) return reply(res, 404, `Not found: the MCP endpoint is ${MCP_PATH}.`);
    if (!tokenMatches(req.headers.authorization, options.token)) {
      return reply(res, 401, "Unauthorized: send the token printed at the server's start as 'Authorization: Bearer <token>'.", {
        "www-authenticate": 'Bearer realm="course"',
      });
    }

    let body: unknown;
    if (req.method === "POST") {
      let text: string;
      try {
        text = await readBody(req, MAX_BODY_BYTES);
      } catch (error) {
        if (error instanceof BodyTooLarge) {
          // Close the connection: the rest of the body is not worth reading.
          reply(res, 413, `Payload too large: the limit is ${MAX_BODY_BYTES} bytes.`, { connection: "close" });
          res.on("finish", () => req.destroy());
          return;
        }
        throw error;
      }
      try {
        body = JSON.parse(text);
      } catch {
        return reply(res, 400, "Parse error: the body is not JSON.", {}, -32700);
      }
    }

    const id = req.headers["mcp-session-id"];
    if (typeof id === "string") {
      const session = sessions.get(id);
      if (!session) return reply(res, 404, "Session not found: it ended or never existed. Start a new one with initialize.", {}, -32001);
      // Most recently used goes last, so the first key is the one to close when the table is full.
      sessions.delete(id);
      sessions.set(id, session);
      return session.transport.handleRequest(req, res, body);
    }
    if (req.method === "POST" && isInitializeRequest(body)) return newSession(req, res, body);
    return reply(res, 400, "Bad request: send initialize first, then the Mcp-Session-Id header it returns with every request.");
  }

  // A client that sends its headers or body a byte a second holds a connection for nothing: 10 s for
  // the headers, 30 s for the whole request (a response stream may stay open as long as it likes).
  const httpServer = http.createServer({ headersTimeout: 10_000, requestTimeout: 30_000 }, (req, res) => {
    handle(req, res).catch((error) => {
      log(`request failed: ${error instanceof Error ? error.message : String(error)}`);
      reply(res, 500, "Internal error: the server could not handle this request.", {}, -32603);
    });
  });

  await new Promise<void>((resolve, reject) => {
    httpServer.once("error", reject);
    httpServer.listen(options.port, "127.0.0.1", () => resolve());
  });
  const port = (httpServer.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}${MCP_PATH}`,
    port,
    sessions: () => sessions.size,
    async close() {
      // Stop taking connections, end every session (each Server closes its transport and streams),
      // then drop whatever connection is still open, such as an idle keep-alive one.
      const closed = new Promise<void>((resolve) => httpServer.close(() => resolve()));
      await Promise.all([...sessions.keys()].map(closeSession));
      httpServer.closeAllConnections();
      await closed;
    },
  };
}

// Runs until Ctrl+C (SIGINT) or SIGTERM, then closes cleanly: every session ended, the port freed.
export function untilStopped(): Promise<string> {
  return new Promise((resolve) => {
    const stop = (signal: string) => {
      process.off("SIGINT", onInt);
      process.off("SIGTERM", onTerm);
      resolve(signal);
    };
    const onInt = () => stop("SIGINT");
    const onTerm = () => stop("SIGTERM");
    process.on("SIGINT", onInt);
    process.on("SIGTERM", onTerm);
  });
}

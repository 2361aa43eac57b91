// `npm run mcp -- --http`: the course server over Streamable HTTP, tested as a remote client meets it.
// Most cases run the HTTP layer in this process (the SDK's own client, real sockets on 127.0.0.1);
// one starts the real command through the course launcher, reads the token it prints, and stops it
// with SIGINT as Ctrl+C would.

import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { LoggingMessageNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { courseTools, createCourseServer } from "../../lessons/11-mcp/course-server.ts";
import {
  localRequestProblem,
  MAX_BODY_BYTES,
  MIN_TOKEN_LENGTH,
  resolveToken,
  startHttpServer,
  tokenMatches,
  type RunningHttpServer,
} from "../../lessons/11-mcp/http-server.ts";

const TOKEN = "test-token-0123456789-abcdefghij";
const INIT = { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw", version: "1" } } };

let dir: string;
let running: RunningHttpServer;
const logLines: string[] = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "course-mcp-http-"));
  const tools = courseTools(path.join(dir, "ws"), path.join(dir, "memory"));
  running = await startHttpServer({ createServer: () => createCourseServer(tools, { workspace: path.join(dir, "ws"), memoryDir: path.join(dir, "memory") }), port: 0, token: TOKEN, log: (line) => logLines.push(line) });
});

afterAll(async () => {
  await running?.close();
  await rm(dir, { recursive: true, force: true });
});

// A raw request with any headers, Host and Origin included (fetch will not let a caller set Host).
function request(
  options: { method?: string; headers?: Record<string, string>; body?: string | Buffer; chunks?: Buffer[]; pathname?: string } = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: "127.0.0.1", port: running.port, path: options.pathname ?? "/mcp", method: options.method ?? "POST", headers: options.headers },
      (res) => {
        const parts: Buffer[] = [];
        res.on("data", (chunk: Buffer) => parts.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts).toString("utf8") }));
      },
    );
    // A server may close the connection once it has answered (413): that is not a failure here.
    req.on("error", (error: NodeJS.ErrnoException) => (error.code === "ECONNRESET" || error.code === "EPIPE" ? undefined : reject(error)));
    if (options.chunks) {
      for (const chunk of options.chunks) req.write(chunk);
      req.end();
    } else req.end(options.body);
  });
}

const jsonHeaders = (extra: Record<string, string> = {}) => ({
  "content-type": "application/json",
  accept: "application/json, text/event-stream",
  authorization: `Bearer ${TOKEN}`,
  ...extra,
});

async function connect(token = TOKEN): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
  const transport = new StreamableHTTPClientTransport(new URL(running.url), { requestInit: { headers: { authorization: `Bearer ${token}` } } });
  const client = new Client({ name: "test", version: "1.0.0" });
  await client.connect(transport);
  return { client, transport };
}

function text(result: Awaited<ReturnType<Client["callTool"]>>): string {
  return (result.content as Array<{ text?: string }>).map((part) => part.text ?? "").join("\n");
}

describe("npm run mcp -- --http: who may connect", () => {
  it("listens on 127.0.0.1 only, at /mcp", () => {
    expect(running.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
  });

  it.each([
    ["no Authorization header", {}],
    ["a wrong token", { authorization: "Bearer wrong-token-wrong-token-wrong" }],
    ["the right token one character short", { authorization: `Bearer ${TOKEN.slice(0, -1)}` }],
    ["the right token as Basic, not Bearer", { authorization: `Basic ${TOKEN}` }],
  ])("refuses %s with 401 and a WWW-Authenticate: Bearer header, before the MCP layer sees it", async (_, auth) => {
    const res = await request({ headers: { ...jsonHeaders(), authorization: "", ...auth }, body: JSON.stringify(INIT) });
    expect(res.status).toBe(401);
    expect(res.headers["www-authenticate"]).toMatch(/^Bearer/);
    expect(res.headers["mcp-session-id"], "no session may start without the token").toBeUndefined();
    expect(JSON.parse(res.body).error.message).toMatch(/Authorization: Bearer/);
  });

  it.each([
    ["Host names another site (DNS rebinding)", { host: "evil.example.com" }],
    ["Host is a look-alike of localhost", { host: "localhost.evil.example:8011" }],
    ["Origin is another site, even with the right token", { origin: "http://evil.example.com" }],
    ["Origin is the literal null of a sandboxed page", { origin: "null" }],
  ])("refuses a request whose %s with 403", async (_, extra) => {
    const res = await request({ headers: jsonHeaders(extra), body: JSON.stringify(INIT) });
    expect(res.status).toBe(403);
    expect(res.headers["mcp-session-id"]).toBeUndefined();
  });

  it("accepts local Host and Origin spellings: localhost, 127.0.0.1, [::1], with or without a port", async () => {
    const spellings: Record<string, string>[] = [{ host: "localhost" }, { host: `127.0.0.1:${running.port}`, origin: `http://localhost:${running.port}` }, { host: "[::1]:1", origin: "http://[::1]:5173" }];
    for (const extra of spellings) {
      const res = await request({ headers: jsonHeaders(extra), body: JSON.stringify(INIT) });
      expect(res.status, JSON.stringify(extra)).toBe(200);
      expect(res.headers["mcp-session-id"]).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it("any Host or Origin that is not this machine's name is refused (property, seeded)", () => {
    fc.assert(
      fc.property(fc.domain(), fc.option(fc.integer({ min: 1, max: 65535 })), (domain, port) => {
        fc.pre(domain !== "localhost");
        const hostHeader = port === null ? domain : `${domain}:${port}`;
        expect(localRequestProblem({ host: hostHeader })).toBeDefined();
        expect(localRequestProblem({ host: "127.0.0.1", origin: `https://${hostHeader}` })).toBeDefined();
      }),
      { seed: 30, numRuns: 300 },
    );
  });

  it("compares the token whole: a prefix, a longer string or another scheme never matches", () => {
    expect(tokenMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(tokenMatches(`bearer ${TOKEN}`, TOKEN), "the scheme is case-insensitive (RFC 7235)").toBe(true);
    for (const wrong of [undefined, "", TOKEN, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(1)}`, `Token ${TOKEN}`, "Bearer "]) {
      expect(tokenMatches(wrong, TOKEN), String(wrong)).toBe(false);
    }
  });

  it("takes the token from COURSE_MCP_TOKEN when set, refuses a short one, and otherwise makes a random one each start", () => {
    expect(resolveToken({ COURSE_MCP_TOKEN: "x".repeat(MIN_TOKEN_LENGTH) })).toEqual({ token: "x".repeat(MIN_TOKEN_LENGTH), fromEnv: true });
    expect(() => resolveToken({ COURSE_MCP_TOKEN: "short" })).toThrow(/COURSE_MCP_TOKEN/);
    const a = resolveToken({});
    const b = resolveToken({ COURSE_MCP_TOKEN: "" });
    expect(a.fromEnv).toBe(false);
    expect(a.token.length).toBeGreaterThanOrEqual(40);
    expect(a.token).not.toBe(b.token);
  });
});

describe("npm run mcp -- --http: what reaches the protocol", () => {
  it("refuses a body over the cap with 413, by its Content-Length or while it streams", async () => {
    const big = Buffer.alloc(MAX_BODY_BYTES + 1, 0x20);
    const declared = await request({ headers: jsonHeaders(), body: big });
    expect(declared.status).toBe(413);
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    const streamed = await request({ headers: { ...jsonHeaders(), "transfer-encoding": "chunked" }, chunks: [chunk, chunk, chunk, chunk, chunk] });
    expect(streamed.status, "no Content-Length: the server counts as it reads").toBe(413);
    expect(JSON.parse(streamed.body).error.message).toMatch(String(MAX_BODY_BYTES));
  });

  it("answers a body that is not JSON with a JSON-RPC parse error (400), and a request without a session with 400", async () => {
    const bad = await request({ headers: jsonHeaders(), body: "{not json" });
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body).error.code).toBe(-32700);
    const noSession = await request({ headers: jsonHeaders(), body: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list" }) });
    expect(noSession.status).toBe(400);
    expect(JSON.parse(noSession.body).error.message).toMatch(/initialize/);
  });

  it("answers an unknown session id with 404, as the spec asks, and another path with 404", async () => {
    const res = await request({ headers: jsonHeaders({ "mcp-session-id": "00000000-0000-4000-8000-000000000000" }), body: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list" }) });
    expect(res.status).toBe(404);
    expect((await request({ pathname: "/other", headers: jsonHeaders(), body: JSON.stringify(INIT) })).status).toBe(404);
  });

  it("initialize gives a session id; tools/list lists the course's tools; tools/call runs good input and answers bad input with isError", async () => {
    const { client, transport } = await connect();
    expect(transport.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(client.getServerVersion()?.name).toBe("course");
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(courseTools(path.join(dir, "ws"), path.join(dir, "memory")).map((t) => t.name));

    // get_exchange_rate, not calculate: calculate loads mathjs on first use, seconds on a busy machine.
    const rate = await client.callTool({ name: "get_exchange_rate", arguments: { from_currency: "EUR", to_currency: "USD" } });
    expect(rate.isError).toBeFalsy();
    expect(JSON.parse(text(rate)).rate).toBeGreaterThan(0);

    const missing = await client.callTool({ name: "get_exchange_rate", arguments: { from_currency: "EUR" } });
    expect(missing.isError, "bad input is a result the model can act on, not a protocol error").toBe(true);
    expect(text(missing)).toMatch(/to_currency/);
    const unknown = await client.callTool({ name: "get_exchange_rates", arguments: {} });
    expect(unknown.isError).toBe(true);
    expect(text(unknown)).toMatch(/get_exchange_rate\b/);
    await transport.terminateSession();
    await client.close();
  });

  it("keeps sessions apart: two clients get different ids, ending one leaves the other working, and an ended id is 404", async () => {
    const a = await connect();
    const b = await connect();
    expect(a.transport.sessionId).not.toBe(b.transport.sessionId);
    // Each session has its own Server: a log level set by one client is not another's.
    const heard = { a: [] as string[], b: [] as string[] };
    a.client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => void heard.a.push(n.params.level));
    b.client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => void heard.b.push(n.params.level));
    await a.client.setLoggingLevel("error");
    await a.client.callTool({ name: "get_exchange_rate", arguments: { from_currency: "USD", to_currency: "EUR" } });
    await b.client.callTool({ name: "get_exchange_rate", arguments: { from_currency: "USD", to_currency: "EUR" } });
    expect(heard).toEqual({ a: [], b: ["info"] });
    const endedId = a.transport.sessionId!;
    await a.transport.terminateSession();
    await a.client.close();
    const reuse = await request({ headers: jsonHeaders({ "mcp-session-id": endedId }), body: JSON.stringify({ jsonrpc: "2.0", id: 3, method: "tools/list" }) });
    expect(reuse.status, "an ended session cannot be picked up again").toBe(404);
    expect((await b.client.listTools()).tools.length).toBeGreaterThan(0);
    await b.transport.terminateSession();
    await b.client.close();
  });
});

describe("npm run mcp -- --http: the command", () => {
  it("prints the address and the token once, serves with it, and stops cleanly on Ctrl+C (SIGINT)", async () => {
    const env = { ...process.env, COURSE_LANG: "en", COURSE_MCP_TOKEN: "" };
    const child = spawn(process.execPath, ["shared/cli/launch.mjs", "mcp", "--http", "--port", "0", "--workspace", path.join(dir, "ws2"), "--memory", path.join(dir, "m2")], {
      cwd: process.cwd(),
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    let stdout = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    const started = new Promise<void>((resolve) =>
      child.stderr.on("data", (chunk) => {
        stderr += chunk;
        if (/Ctrl\+C/.test(stderr)) resolve();
      }),
    );
    await started;
    const url = /(http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(stderr)![1]!;
    const token = /token, shown this once: (\S+)/.exec(stderr)![1]!;
    expect(stderr.split(token).length - 1, "the token is printed exactly once").toBe(1);

    const transport = new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { authorization: `Bearer ${token}` } } });
    const client = new Client({ name: "test", version: "1.0.0" });
    await client.connect(transport);
    expect((await client.listTools()).tools.length).toBe(6);

    child.kill("SIGINT");
    expect(await exited).toBe(0);
    expect(stderr).toMatch(/stopped/);
    expect(stdout, "nothing on stdout: the log goes to stderr").toBe("");
    await client.close().catch(() => {});
    const refused = await fetch(url, { method: "POST" }).then(
      () => "answered",
      () => "refused",
    );
    expect(refused, "after the stop nothing listens on the port").toBe("refused");
  }, 90_000);

  it("the in-process server closes every session and frees its port", async () => {
    const tools = courseTools(path.join(dir, "ws3"), path.join(dir, "m3"));
    const own = await startHttpServer({ createServer: () => createCourseServer(tools, { workspace: path.join(dir, "ws"), memoryDir: path.join(dir, "memory") }), port: 0, token: TOKEN });
    const transport = new StreamableHTTPClientTransport(new URL(own.url), { requestInit: { headers: { authorization: `Bearer ${TOKEN}` } } });
    const client = new Client({ name: "test", version: "1.0.0" });
    await client.connect(transport);
    expect(own.sessions()).toBe(1);
    await own.close();
    expect(own.sessions()).toBe(0);
    await expect(fetch(own.url, { method: "POST" })).rejects.toThrow();
    await client.close().catch(() => {});
  });
});

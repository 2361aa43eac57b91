// Lesson 11's assistant as a client of a server that is already running: a "url" entry in mcp.json,
// with a token from the environment in its headers. The server here is the course's own HTTP server,
// in this process; the client side is the lesson's connect.ts and mcp-tools.ts, unchanged for HTTP.

import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectServer } from "../../lessons/11-mcp/connect.ts";
import { courseTools, createCourseServer } from "../../lessons/11-mcp/course-server.ts";
import { startHttpServer, type RunningHttpServer } from "../../lessons/11-mcp/http-server.ts";
import { McpConfigError, parseMcpConfig } from "../../lessons/11-mcp/mcp-config.ts";
import { toolsFromServers } from "../../lessons/11-mcp/mcp-tools.ts";

const TOKEN = "remote-test-token-5e1f0c2a9b7d";
let dir: string;
let running: RunningHttpServer;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "course-mcp-remote-"));
  const folders = { workspace: path.join(dir, "ws"), memoryDir: path.join(dir, "memory") };
  const tools = courseTools(folders.workspace, folders.memoryDir);
  running = await startHttpServer({ createServer: () => createCourseServer(tools, folders), port: 0, token: TOKEN });
});

afterAll(async () => {
  await running?.close();
  await rm(dir, { recursive: true, force: true });
});

const entry = (server: object) => JSON.stringify({ mcpServers: { remote: server } });

describe("mcp.json: url entries", () => {
  it("reads a url entry and fills ${VARIABLE} in its headers from the environment, so the token stays out of the file", () => {
    const config = parseMcpConfig(entry({ url: "http://127.0.0.1:8011/mcp", headers: { Authorization: "Bearer ${COURSE_MCP_TOKEN}" } }), "mcp.json", {
      COURSE_MCP_TOKEN: "abc123",
    });
    expect(config.remote).toEqual({ url: "http://127.0.0.1:8011/mcp", headers: { Authorization: "Bearer abc123" } });
    expect(parseMcpConfig(entry({ url: "https://mcp.example.com/mcp" })).remote).toEqual({ url: "https://mcp.example.com/mcp", headers: {} });
  });

  it.each([
    [{ url: "http://127.0.0.1:8011/mcp", headers: { Authorization: "Bearer ${UNSET_TOKEN_VAR}" } }, /UNSET_TOKEN_VAR.*not set/],
    [{ url: "http://mcp.example.com/mcp" }, /https:\/\/ for a server on another machine/],
    [{ url: "ftp://127.0.0.1/mcp" }, /http:\/\/ or https:\/\//],
    [{ url: "not a url" }, /http:\/\/ or https:\/\//],
    [{ url: "http://127.0.0.1:8011/mcp", command: "node" }, /both "command" and "url"/],
    [{ url: "http://127.0.0.1:8011/mcp", headers: { Authorization: 42 } }, /"headers" must be an object of strings/],
  ])("refuses %j with a message that says what to fix", (server, message) => {
    expect(() => parseMcpConfig(entry(server), "mcp.json", {})).toThrow(McpConfigError);
    expect(() => parseMcpConfig(entry(server), "mcp.json", {})).toThrow(message);
  });
});

describe("connecting to a running server by URL", () => {
  it("offers its tools as mcp__remote__*, runs them through the same adapter, turns bad input into an error, and ends the session on close", async () => {
    const connection = await connectServer("remote", { url: running.url, headers: { Authorization: `Bearer ${TOKEN}` } }, 15_000);
    expect(running.sessions()).toBe(1);
    const tools = await toolsFromServers([connection]);
    expect(tools.map((t) => t.name)).toContain("mcp__remote__get_exchange_rate");
    const rate = tools.find((t) => t.name === "mcp__remote__get_exchange_rate")!;
    expect(JSON.parse(await rate.run({ from_currency: "EUR", to_currency: "RUB" })).rate).toBe(100.3);
    await expect(rate.run({ from_currency: "EUR" }), "the server's isError result reaches the loop as an error").rejects.toThrow(/to_currency/);
    await connection.close();
    expect(running.sessions(), "close() ends the session on the server (HTTP DELETE)").toBe(0);
  });

  it("a wrong token fails the connection with a message naming the address, never the token", async () => {
    const wrong = "wrong-token-0000000000000000";
    const error = await connectServer("remote", { url: running.url, headers: { Authorization: `Bearer ${wrong}` } }, 15_000).then(
      () => undefined,
      (e: Error) => e,
    );
    expect(error?.message).toMatch(new RegExp(`"remote" at ${running.url.replace(/[.]/g, "\\.")}`));
    expect(error?.message, "the server's refusal says what is wrong").toMatch(/Unauthorized/);
    expect(error?.message).not.toContain(wrong);
  });
});

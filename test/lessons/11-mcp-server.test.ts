// `npm run mcp`: the course's tools over MCP, tested as a real client uses them: the official SDK's
// client talking to a real child process over stdio (started through the course launcher, as npm does).

import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAgentTools } from "../../lessons/06-memory/agent.ts";

const LAUNCH = ["shared/cli/launch.mjs", "mcp"];
// The first start may bundle the course (a few seconds on a busy machine).
const START_MS = 90_000;

let dir: string;
let client: Client;
let transport: StdioClientTransport;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "course-mcp-"));
  transport = new StdioClientTransport({
    command: process.execPath,
    args: [...LAUNCH, "--workspace", path.join(dir, "ws"), "--memory", path.join(dir, "memory")],
    cwd: process.cwd(),
    stderr: "pipe",
  });
  client = new Client({ name: "test", version: "1.0.0" });
  await client.connect(transport, { timeout: START_MS });
}, START_MS);

afterAll(async () => {
  await client?.close();
  await rm(dir, { recursive: true, force: true });
});

function text(result: Awaited<ReturnType<Client["callTool"]>>): string {
  const content = result.content as Array<{ type: string; text?: string }>;
  return content.map((part) => part.text ?? "").join("\n");
}

describe("npm run mcp: the course's tools over stdio", () => {
  it("introduces itself as the course server and lists the lesson tools with the lessons' own names, descriptions and schemas", async () => {
    expect(client.getServerVersion()?.name).toBe("course");
    const { tools } = await client.listTools();
    const lessonTools = createAgentTools(path.join(dir, "memory"), path.join(dir, "ws"));
    expect(tools.map((t) => t.name)).toEqual(lessonTools.map((t) => t.name));
    for (const tool of lessonTools) {
      const served = tools.find((t) => t.name === tool.name)!;
      expect(served.description, `${tool.name}: the description must be the lesson module's, word for word`).toBe(tool.description);
      expect(served.inputSchema, `${tool.name}: the schema must be the lesson module's`).toEqual(tool.input_schema);
      expect(served.annotations?.readOnlyHint, `${tool.name}: readOnlyHint repeats the tool's own readOnly flag`).toBe(tool.readOnly === true);
    }
  });

  it("runs every tool: rate, calculate, save_to_file inside the workspace, remember, set_preference, forget", async () => {
    const rate = await client.callTool({ name: "get_exchange_rate", arguments: { from_currency: "USD", to_currency: "RUB" } });
    expect(rate.isError).toBeFalsy();
    expect(JSON.parse(text(rate)).rate).toBeGreaterThan(0);

    const sum = await client.callTool({ name: "calculate", arguments: { expression: "500 * 2" } });
    expect(JSON.parse(text(sum)).result).toBe(1000);

    const saved = await client.callTool({ name: "save_to_file", arguments: { filename: "отчёт.txt", content: "500 USD = 46 250 RUB" } });
    expect(saved.isError, text(saved)).toBeFalsy();
    expect(await readFile(path.join(dir, "ws", "отчёт.txt"), "utf8")).toBe("500 USD = 46 250 RUB");

    const remembered = await client.callTool({ name: "remember", arguments: { fact: "The user prefers reports in EUR" } });
    expect(text(remembered)).toMatch(/Saved to MEMORY\.md/);
    expect(await readFile(path.join(dir, "memory", "MEMORY.md"), "utf8")).toContain("The user prefers reports in EUR");
    const preference = await client.callTool({ name: "set_preference", arguments: { key: "language", value: "Russian" } });
    expect(preference.isError, text(preference)).toBeFalsy();
    const forgotten = await client.callTool({ name: "forget", arguments: { fact: "The user prefers reports in EUR" } });
    expect(forgotten.isError, text(forgotten)).toBeFalsy();
    expect(await readFile(path.join(dir, "memory", "MEMORY.md"), "utf8")).not.toContain("The user prefers reports in EUR");
  });

  it("answers a bad input, a refused path and an unknown tool with isError results that say what to do", async () => {
    const missing = await client.callTool({ name: "get_exchange_rate", arguments: { from_currency: "USD" } });
    expect(missing.isError).toBe(true);
    expect(text(missing)).toMatch(/to_currency/);

    const escape = await client.callTool({ name: "save_to_file", arguments: { filename: "../escape.txt", content: "x" } });
    expect(escape.isError).toBe(true);
    expect(text(escape)).toMatch(/workspace/i);

    const unknown = await client.callTool({ name: "calcualte", arguments: {} });
    expect(unknown.isError).toBe(true);
    expect(text(unknown)).toMatch(/Did you mean 'calculate'/);
  });
});

describe("npm run mcp: stdout is the protocol's alone, and the process ends with its client", () => {
  it("writes nothing but JSON-RPC on stdout, logs on stderr, and exits 0 when stdin closes", async () => {
    // DOTENV_CONFIG_DEBUG makes dotenv talk on stdout (console.log) if anything on the way loads .env:
    // one such line would break every MCP client, so this run would show it.
    const child = spawn(process.execPath, [...LAUNCH, "--workspace", path.join(dir, "ws2")], {
      cwd: process.cwd(),
      env: { ...process.env, DOTENV_CONFIG_DEBUG: "true", DOTENV_CONFIG_QUIET: "false" },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    const send = (message: object) => child.stdin.write(`${JSON.stringify(message)}\n`);
    send({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } } });
    send({ jsonrpc: "2.0", method: "notifications/initialized" });
    send({ jsonrpc: "2.0", id: 2, method: "tools/list" });
    let code: number | null;
    try {
      // Wait for both answers, then hang up.
      for (let i = 0; i < 900 && !/"id":2\b/.test(stdout); i++) await new Promise((r) => setTimeout(r, 100));
      child.stdin.end();
      code = await Promise.race([exited, new Promise<"still running">((r) => setTimeout(() => r("still running"), 10_000))]).then((c) => (c === "still running" ? -1 : c));
    } finally {
      // Whatever happened above, no server is left running after the test.
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    }

    const lines = stdout.split("\n").filter((line) => line !== "");
    expect(lines.length, `expected two answers on stdout, got: ${stdout.slice(0, 300)}`).toBe(2);
    for (const line of lines) {
      const message = JSON.parse(line) as { jsonrpc?: string };
      expect(message.jsonrpc, `every stdout line must be a JSON-RPC message; got ${line.slice(0, 200)}`).toBe("2.0");
    }
    expect(stderr, "the human-readable start line goes to stderr").toMatch(/course MCP server: 6 tools/);
    expect(code, `the server must exit cleanly when its client closes stdin (stderr: ${stderr})`).toBe(0);
  }, START_MS);
});

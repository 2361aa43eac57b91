// The Anthropic SDK's own MCP helper against the course server: mcpTools() turns the server's tools
// into runnable tools for the SDK's toolRunner, which then calls them over HTTP. What the model sees
// comes from the course server unchanged: a result, or an is_error result that says what to fix.
// The model is the course's mock (scripted turns, no network); the server is in this process.

import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { mcpTools } from "@anthropic-ai/sdk/helpers/beta/mcp";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { courseTools, createCourseServer } from "../../lessons/11-mcp/course-server.ts";
import { startHttpServer, type RunningHttpServer } from "../../lessons/11-mcp/http-server.ts";
import { createMockModel, reply } from "../../shared/mock/mock-model.ts";

const TOKEN = "sdk-helper-token-8c4e1d7f20a3";
let dir: string;
let running: RunningHttpServer;
let mcpClient: Client;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "course-mcp-sdk-"));
  const folders = { workspace: path.join(dir, "ws"), memoryDir: path.join(dir, "memory") };
  const tools = courseTools(folders.workspace, folders.memoryDir);
  running = await startHttpServer({ createServer: () => createCourseServer(tools, folders), port: 0, token: TOKEN });
  mcpClient = new Client({ name: "sdk-helper-test", version: "1.0.0" });
  await mcpClient.connect(new StreamableHTTPClientTransport(new URL(running.url), { requestInit: { headers: { authorization: `Bearer ${TOKEN}` } } }));
});

afterAll(async () => {
  await mcpClient?.close();
  await running?.close();
  await rm(dir, { recursive: true, force: true });
});

describe("the SDK's mcpTools helper and toolRunner against npm run mcp -- --http", () => {
  it("offers the course's tools with their own schemas, runs a good call, and returns a bad one as is_error", async () => {
    const { tools } = await mcpClient.listTools();
    // The helper types the client structurally; the MCP SDK's callTool also allows an old result shape
    // ({ toolResult }) that the course server never sends, hence the cast.
    const runnable = mcpTools(tools, mcpClient as unknown as Parameters<typeof mcpTools>[1]);
    expect(runnable.map((t) => t.name)).toEqual(tools.map((t) => t.name));

    const mock = createMockModel([
      reply.toolUse("get_exchange_rate", { from_currency: "USD", to_currency: "RUB" }),
      reply.toolUse("get_exchange_rate", { from_currency: "USD" }),
      reply.text("1 USD is 92.5 RUB."),
    ]);
    const runner = mock.client.beta.messages.toolRunner({
      model: "claude-haiku-5-5",
      max_tokens: 1024,
      tools: runnable,
      messages: [{ role: "user", content: "How many roubles is one dollar?" }],
    });
    const final = await runner.runUntilDone();
    expect(final.content.some((b) => b.type === "text" && b.text.includes("92.5"))).toBe(true);

    const sent = mock.requests[0]!.tools as Array<{ name: string; input_schema: unknown }>;
    const rateSchema = sent.find((t) => t.name === "get_exchange_rate")!.input_schema;
    expect(rateSchema, "the model sees the lesson module's schema").toEqual(courseTools(dir, dir).find((t) => t.name === "get_exchange_rate")!.input_schema);

    const [good, bad] = mock.toolResults();
    expect(JSON.stringify(good!.content)).toContain("92.5");
    expect(good!.is_error).toBeFalsy();
    expect(bad!.is_error, "the server's isError reaches the model as is_error").toBe(true);
    expect(JSON.stringify(bad!.content)).toMatch(/to_currency/);
    mock.assertAllUsed();
  });
});

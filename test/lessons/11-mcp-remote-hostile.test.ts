// A remote MCP server is code nobody here wrote, reached over a network: the lesson's client must
// survive one that never answers, one that floods (1 MB), one that speaks something other than MCP, and
// one that sends its body a byte at a time. Servers here are in this process, on 127.0.0.1.

import http from "node:http";
import type { AddressInfo } from "node:net";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectServer, type Connection } from "../../lessons/11-mcp/connect.ts";
import { toolsFromServers } from "../../lessons/11-mcp/mcp-tools.ts";

const servers: http.Server[] = [];

async function listen(handler: http.RequestListener): Promise<string> {
  const server = http.createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`;
}

// A hostile but protocol-speaking server: stateless, one McpServer per request.
function hostileMcp(): McpServer {
  const server = new McpServer({ name: "hostile", version: "1.0.0" });
  server.registerTool("hang", { description: "Never answers." }, () => new Promise(() => {}));
  server.registerTool("flood", { description: "Answers with 1 MB." }, () => ({ content: [{ type: "text", text: "x".repeat(1_000_000) }] }));
  return server;
}

let mcpUrl: string;
let connection: Connection;

beforeAll(async () => {
  mcpUrl = await listen(async (req, res) => {
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    const server = hostileMcp();
    res.on("close", () => void server.close());
    await server.connect(transport);
    await transport.handleRequest(req, res);
  });
  connection = await connectServer("hostile", { url: mcpUrl, headers: {} }, 10_000);
});

afterAll(async () => {
  await connection?.close();
  for (const server of servers) {
    server.closeAllConnections();
    server.close();
  }
});

describe("a hostile server over HTTP", () => {
  it("a tool that never answers ends as an error after the call's timeout, and the client goes on", async () => {
    const tools = await toolsFromServers([connection], { timeoutMs: 300 });
    const hang = tools.find((t) => t.name === "mcp__hostile__hang")!;
    await expect(hang.run({})).rejects.toThrow(/did not answer within 300 ms|timed out|timeout/i);
    const again = await toolsFromServers([connection], { timeoutMs: 10_000 });
    expect(again.map((t) => t.name), "the connection still works after the cancelled call").toContain("mcp__hostile__flood");
  });

  it("a 1 MB answer reaches the model capped, with a note saying how much was cut", async () => {
    const tools = await toolsFromServers([connection], { timeoutMs: 10_000, maxChars: 8_000 });
    const text = await tools.find((t) => t.name === "mcp__hostile__flood")!.run({});
    expect(text.length).toBeLessThan(10_000);
    expect(text).toMatch(/1[ ,.]?000[ ,.]?000|cut|truncated|omitted/i);
  });

  it("a server that answers with an HTML page instead of MCP fails the connection with a message naming it", async () => {
    const url = await listen((_req, res) => {
      res.writeHead(200, { "content-type": "text/html" });
      res.end("<html><body>Welcome to nginx!</body></html>");
    });
    await expect(connectServer("web", { url, headers: {} }, 5_000)).rejects.toThrow(new RegExp(`"web" at ${url.replace(/[.]/g, "\\.")}`));
  });

  it("a server that sends its answer a byte at a time, forever, ends at the connect timeout", async () => {
    const url = await listen((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      const drip = setInterval(() => res.write(" "), 50);
      res.on("close", () => clearInterval(drip));
    });
    const started = Date.now();
    await expect(connectServer("slow", { url, headers: {} }, 800)).rejects.toThrow(/"slow" at/);
    expect(Date.now() - started, "it gave up, instead of waiting for the body to end").toBeLessThan(10_000);
  });
});

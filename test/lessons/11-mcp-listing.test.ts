// Lesson 11's adapter against servers whose tools/list is broken or hostile: a tool whose input schema
// the API would refuse (one such tool would make every request a 400), thousands of tools, and a
// listing that never finishes.

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { ListToolsRequestSchema, type Tool as McpTool } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, describe, expect, it } from "vitest";
import { MAX_TOOLS_PER_SERVER, McpToolError, schemaProblem, toolsFromServers, type ConnectedServer } from "../../lessons/11-mcp/mcp-tools.ts";

const open: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((close) => close()));
});

async function serving(name: string, list: () => Promise<{ tools: McpTool[] }> | { tools: McpTool[] }): Promise<ConnectedServer> {
  const server = new Server({ name, version: "1.0.0" }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, list);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: "test", version: "1.0.0" });
  await server.connect(serverSide);
  await client.connect(clientSide);
  open.push(() => client.close(), () => server.close());
  return { name, client };
}

const tool = (name: string, inputSchema: Record<string, unknown> = { type: "object" }) => ({ name, description: name, inputSchema }) as McpTool;

describe("the adapter keeps one broken tool from breaking the rest", () => {
  it("leaves out a tool whose schema is not valid JSON Schema, with a warning naming it and its server", async () => {
    const warnings: string[] = [];
    const server = await serving("shaky", () => ({
      tools: [tool("good_one"), tool("broken", { type: "object", properties: { a: { type: "strnig" } } }), tool("bad_minimum", { type: "object", properties: { n: { type: "number", minimum: "zero" } } })],
    }));
    const tools = await toolsFromServers([server], { warn: (line) => warnings.push(line) });
    expect(tools.map((t) => t.name)).toEqual(["mcp__shaky__good_one"]);
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(/left out the tool "broken" of MCP server "shaky": its inputSchema is not valid JSON Schema/);
    expect(warnings[1]).toMatch(/"bad_minimum" of MCP server "shaky"/);
  });

  it("schemaProblem accepts what the API accepts: an object schema, with or without a draft-07 $schema stamp", () => {
    expect(schemaProblem({ type: "object", properties: { n: { type: "number", minimum: 0 } }, required: ["n"] })).toBeUndefined();
    expect(schemaProblem({ $schema: "http://json-schema.org/draft-07/schema#", type: "object" })).toBeUndefined();
    expect(schemaProblem({ properties: {} }), "type left out: the adapter sends type object").toBeUndefined();
    expect(schemaProblem(null)).toMatch(/not an object/);
    expect(schemaProblem({ type: "object", required: "n" })).toMatch(/not valid JSON Schema/);
  });

  it(`takes at most ${MAX_TOOLS_PER_SERVER} tools from one server, and says so`, async () => {
    const warnings: string[] = [];
    const server = await serving("flood", () => ({ tools: Array.from({ length: 20_005 }, (_, i) => tool(`t${i}`)) }));
    const tools = await toolsFromServers([server], { warn: (line) => warnings.push(line) });
    expect(tools).toHaveLength(MAX_TOOLS_PER_SERVER);
    expect(warnings.join("\n")).toMatch(/"flood" offers more than 100 tools; only the first 100 are used/);
  });

  it("a tools/list answer the SDK cannot read (a tool of type array) is an error naming the server, not a hang", async () => {
    const server = await serving("odd", () => ({ tools: [tool("array_schema", { type: "array" })] }));
    await expect(toolsFromServers([server])).rejects.toThrow(/MCP server "odd" answered tools\/list with something the client could not use/);
  });

  it("gives up on a listing that never finishes, within the listing deadline, naming the server", async () => {
    const server = await serving("silent", () => new Promise<never>(() => {}));
    const started = Date.now();
    const run = toolsFromServers([server], { listTimeoutMs: 200 });
    await expect(run).rejects.toThrow(McpToolError);
    await expect(run).rejects.toThrow(/"silent" did not finish listing its tools within 0 s/);
    expect(Date.now() - started, "not the SDK's 60 s per page").toBeLessThan(10_000);
  });
});

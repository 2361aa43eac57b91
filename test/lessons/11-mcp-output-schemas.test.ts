// A server's outputSchema is a stranger's text, and so are the regular expressions in it. Lesson 11's
// client checks structured results with linear-time patterns (output-schemas.ts): a pattern built to
// backtrack cannot freeze the agent, and a schema that cannot be checked safely is reported, not
// trusted. Ordinary schemas are still checked as the MCP SDK checks them.

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema, type Tool as McpTool } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, describe, expect, it } from "vitest";
import { toolFromMcp, type ConnectedServer } from "../../lessons/11-mcp/mcp-tools.ts";
import { safeOutputSchemaValidator } from "../../lessons/11-mcp/output-schemas.ts";

// 34 letters and a "b": JavaScript's backtracking engine needs about 2^34 steps for ^(a+)+$.
const EVIL_INPUT = `${"a".repeat(34)}b`;

const TOOLS: McpTool[] = [
  { name: "evil", description: "Backtracks.", inputSchema: { type: "object" as const }, outputSchema: { type: "object" as const, properties: { s: { type: "string", pattern: "^(a+)+$" } } } },
  { name: "lookahead", description: "Uses (?=).", inputSchema: { type: "object" as const }, outputSchema: { type: "object" as const, properties: { s: { type: "string", pattern: "^(?=a)a+$" } } } },
  { name: "rate", description: "A rate.", inputSchema: { type: "object" as const }, outputSchema: { type: "object" as const, properties: { pair: { type: "string", pattern: "^[A-Z]{3}/[A-Z]{3}$" }, rate: { type: "number" } }, required: ["pair", "rate"] } },
  { name: "bad_rate", description: "A rate, wrongly.", inputSchema: { type: "object" as const }, outputSchema: { type: "object" as const, properties: { pair: { type: "string", pattern: "^[A-Z]{3}/[A-Z]{3}$" } }, required: ["pair"] } },
];

const RESULTS: Record<string, object> = {
  evil: { s: EVIL_INPUT },
  lookahead: { s: "aaa" },
  rate: { pair: "USD/RUB", rate: 92.5 },
  bad_rate: { pair: "usd to rub" },
};

const open: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((close) => close()));
});

async function connected(): Promise<ConnectedServer> {
  const server = new Server({ name: "schemas", version: "1.0.0" }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: TOOLS }));
  server.setRequestHandler(CallToolRequestSchema, (request) => {
    const structured = RESULTS[request.params.name] ?? {};
    return { content: [{ type: "text", text: JSON.stringify(structured) }], structuredContent: structured };
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: "test", version: "1.0.0" }, { jsonSchemaValidator: safeOutputSchemaValidator() });
  await server.connect(serverSide);
  await client.connect(clientSide);
  open.push(() => client.close(), () => server.close());
  await client.listTools();
  return { name: "schemas", client };
}

async function outcome(server: ConnectedServer, name: string): Promise<{ ok: boolean; text: string }> {
  const tool = toolFromMcp(server, TOOLS.find((t) => t.name === name)!);
  try {
    return { ok: true, text: String(await tool.run({})) };
  } catch (error) {
    return { ok: false, text: (error as Error).message };
  }
}

describe("outputSchema patterns run in linear time", () => {
  it("a pattern built to backtrack (^(a+)+$ against 34 letters and a b) is answered at once, as a mismatch", async () => {
    const server = await connected();
    const result = await outcome(server, "evil");
    expect(result.ok, "the structured content does not match the pattern, so the call is an error").toBe(false);
    expect(result.text).toMatch(/does not match the tool's output schema/);
  });

  it("a pattern RE2 cannot run (a lookahead) makes that tool's results errors that say why, not unchecked data", async () => {
    const server = await connected();
    const result = await outcome(server, "lookahead");
    expect(result.ok).toBe(false);
    expect(result.text).toMatch(/cannot be checked safely/);
  });

  it("an ordinary schema still checks: a matching result passes, a wrong one is refused", async () => {
    const server = await connected();
    expect(await outcome(server, "rate")).toEqual({ ok: true, text: JSON.stringify(RESULTS.rate) });
    const bad = await outcome(server, "bad_rate");
    expect(bad.ok).toBe(false);
    expect(bad.text).toMatch(/output schema.*pattern/s);
  });
});

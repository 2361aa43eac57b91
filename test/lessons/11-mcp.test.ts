// Lesson 11: the adapter, the hooks, the notes server, and the whole assistant with both servers.
// In-process servers use the SDK's InMemoryTransport; the agent tests start real child processes and
// always stop them (runAgent closes its connections in `finally`; the tests close theirs in afterEach).
// Most starts run the notes server from a bundle built once for this file (11-mcp-server-bundle.ts says
// why); the last test also starts both servers exactly as the lesson's mcp.json says.

import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type Anthropic from "@anthropic-ai/sdk";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import fc from "fast-check";
import { getExchangeRateTool } from "../../lessons/01-first-tool/exchange-rate.ts";
import { declareSafety, READS_ONLY } from "../../lessons/05-parallel-and-safe/declare-safety.ts";
import type { Answer, ApprovalRequest, Approver } from "../../lessons/07-approval-gates/approver.ts";
import { parseRule, type PermissionRules } from "../../lessons/07-approval-gates/permissions.ts";
import { businessHoursHook, isBusinessTime, OFFICE_HOURS, type BusinessHours } from "../../lessons/11-mcp/business-hours.ts";
import { cardNumberHook, luhnValid, maskCardNumbers } from "../../lessons/11-mcp/card-numbers.ts";
import { runAgent } from "../../lessons/11-mcp/agent.ts";
import { withHooks } from "../../lessons/11-mcp/hooks.ts";
import { DEFAULT_MCP_CONFIG, loadMcpConfig, McpConfigError, parseMcpConfig, type ServerConfig, type StdioServerConfig } from "../../lessons/11-mcp/mcp-config.ts";
import { MAX_TOOL_PAGES, mcpToolName, McpToolError, toolsFromServers, type ConnectedServer } from "../../lessons/11-mcp/mcp-tools.ts";
import { createNotesServer } from "../../lessons/11-mcp/notes-server.ts";
import { stderrGist } from "../../lessons/11-mcp/stderr-gist.ts";
import { createClient } from "../../shared/client.ts";
import { modelName } from "../../shared/model.ts";
import { createMockModel, reply, resultText } from "../../shared/mock/mock-model.ts";
import { bundledServer } from "./11-mcp-server-bundle.ts";

let dir: string;
const open: Client[] = [];
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "lesson-11-"));
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((c) => c.close()));
  await rm(dir, { recursive: true, force: true });
});

async function inMemoryNotes(name = "notes"): Promise<ConnectedServer> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await createNotesServer(path.join(dir, "notes")).connect(serverSide);
  const client = new Client({ name: "test", version: "1" });
  await client.connect(clientSide);
  open.push(client);
  return { name, client };
}

const MONDAY_NOON = new Date(2026, 10, 30, 12, 0);
const SUNDAY_NIGHT = new Date(2026, 10, 29, 23, 0);
const hoursAt = (date: Date): BusinessHours => ({ ...OFFICE_HOURS, now: () => date });

function rules(lists: { allow?: string[]; ask?: string[]; deny?: string[] }): PermissionRules {
  const parse = (text: string) => {
    const rule = parseRule(text);
    if (typeof rule === "string") throw new Error(rule);
    return rule;
  };
  return { allow: (lists.allow ?? []).map(parse), ask: (lists.ask ?? []).map(parse), deny: (lists.deny ?? []).map(parse) };
}

function approver(...answers: Answer[]): Approver & { asked: ApprovalRequest[] } {
  const asked: ApprovalRequest[] = [];
  return { canAsk: true, asked, ask: async (request) => (asked.push(request), answers.shift() ?? "no") };
}

const quiet = () => {};
const START_MS = 90_000;

let bundles: string;
let notesServer: (folder: string) => ServerConfig;
beforeAll(async () => {
  bundles = await mkdtemp(path.join(os.tmpdir(), "lesson-11-bundles-"));
  notesServer = await bundledServer("lessons/11-mcp/notes-server.ts", bundles);
}, START_MS);
afterAll(async () => {
  await rm(bundles, { recursive: true, force: true });
});
const courseServer = (workspace: string, memory: string): ServerConfig => ({
  command: process.execPath,
  args: ["shared/cli/launch.mjs", "mcp", "--workspace", workspace, "--memory", memory],
  env: {},
});

// Both servers as `npm run lesson 11` starts them from lessons/11-mcp/mcp.json (the notes server
// through the course launcher, which runs a .ts program from a cached bundle), with this test's folders in place of the learner's workspace/.
async function serversFromMcpJson(notes: string, workspace: string, memory: string): Promise<Record<string, ServerConfig>> {
  const { course, notes: notesEntry } = (await loadMcpConfig(DEFAULT_MCP_CONFIG)) as Record<string, StdioServerConfig>;
  expect(course?.args, "mcp.json starts the course server with the course launcher").toEqual(["shared/cli/launch.mjs", "mcp"]);
  expect(notesEntry?.args, "mcp.json starts the notes server through the course launcher, notes in workspace/notes").toEqual(["shared/cli/launch.mjs", "lessons/11-mcp/notes-server.ts", "workspace/notes"]);
  return {
    course: { ...course!, args: [...course!.args, "--workspace", workspace, "--memory", memory] },
    notes: { ...notesEntry!, args: [...notesEntry!.args.slice(0, -1), notes] },
  };
}

describe("the adapter turns a server's tool list into course Tools", () => {
  it("prefixes names, passes descriptions on, drops the draft-07 $schema the API would refuse, and marks every tool untrusted", async () => {
    const tools = await toolsFromServers([await inMemoryNotes()]);
    expect(tools.map((t) => t.name)).toEqual(["mcp__notes__list_notes", "mcp__notes__read_note", "mcp__notes__add_note"]);
    for (const tool of tools) {
      expect(tool.input_schema.type).toBe("object");
      expect(tool.input_schema).not.toHaveProperty("$schema");
      expect(tool.needsApproval).toBe(true);
      expect(tool.readOnly).toBe(false);
    }
    expect(tools[1]!.describeEffect?.({ name: "x" })).toMatch(/server says it only reads; unverified/);
  });

  it("runs a call on the server, turns isError into a thrown error, and caps the output", async () => {
    const [list, read, add] = await toolsFromServers([await inMemoryNotes()], { maxChars: 40 });
    expect(await add!.run({ name: "заметка", text: "Привет, мир" })).toMatch(/Saved the note "заметка"/);
    expect(await list!.run({})).toBe("заметка");
    await expect(read!.run({ name: "missing" })).rejects.toThrow(/There is no note "missing"/);
    await add!.run({ name: "long", text: "x".repeat(500) });
    expect(await read!.run({ name: "long" })).toMatch(/\[output cut: \d+ more characters/);
  });

  it("refuses names the API would refuse and names that clash, naming both owners", async () => {
    expect(mcpToolName("notes", "add_note")).toBe("mcp__notes__add_note");
    expect(() => mcpToolName("my notes", "x")).toThrow(McpToolError);
    expect(() => mcpToolName("a__b", "x")).toThrow(/no "__"/);
    expect(() => mcpToolName("notes", "x".repeat(60))).toThrow(/1 to 64/);
    await expect(toolsFromServers([await inMemoryNotes("notes"), await inMemoryNotes("NOTES")])).rejects.toThrow(/server "notes".*server "NOTES"/);
    await expect(toolsFromServers([await inMemoryNotes("notes")], { takenNames: ["MCP__notes__add_note"] })).rejects.toThrow(/built-in tool/);
  });
});

describe("the adapter reads tools/list in pages", () => {
  // A server that answers page n (from 1) with `page(n)`, recording the cursor it was asked for.
  function pagedServer(name: string, page: (n: number) => { tools: Array<{ name: string; inputSchema: { type: "object" } }>; nextCursor?: string }) {
    const asked: Array<string | undefined> = [];
    const client = {
      listTools: async (params?: { cursor?: string }) => {
        asked.push(params?.cursor);
        if (asked.length > 2 * MAX_TOOL_PAGES) throw new Error("the adapter never stopped asking");
        return page(asked.length);
      },
      callTool: () => Promise.reject(new Error("not called")),
    } as unknown as ConnectedServer["client"];
    return { server: { name, client } satisfies ConnectedServer, asked };
  }
  const bare = (name: string) => ({ name, inputSchema: { type: "object" as const } });

  it("follows nextCursor to the last page, passing each cursor back unchanged", async () => {
    const { server, asked } = pagedServer("notes", (n) => (n === 1 ? { tools: [bare("list_notes")], nextCursor: "курсор=2" } : { tools: [bare("add_note")] }));
    expect((await toolsFromServers([server])).map((t) => t.name)).toEqual(["mcp__notes__list_notes", "mcp__notes__add_note"]);
    expect(asked).toEqual([undefined, "курсор=2"]);
  });

  it("stops a server that repeats one cursor, naming it, after MAX_TOOL_PAGES pages", async () => {
    const { server, asked } = pagedServer("looping", () => ({ tools: [], nextCursor: "again" }));
    const run = toolsFromServers([server]);
    await expect(run).rejects.toThrow(McpToolError);
    await expect(run).rejects.toThrow(/MCP server "looping" still sent a nextCursor after 100 pages/);
    expect(asked).toHaveLength(MAX_TOOL_PAGES);
  });
});

describe("mcp.json", () => {
  it("reads the mcpServers shape and refuses a broken entry with its name", () => {
    expect(parseMcpConfig('{"mcpServers":{"a":{"command":"node","args":["x"]}}}')).toEqual({ a: { command: "node", args: ["x"], env: {} } });
    expect(() => parseMcpConfig('{"mcpServers":{"a":{"args":[]}}}')).toThrow(/server "a" needs a "command"/);
    expect(() => parseMcpConfig('{"mcpServers":{"a":{"command":"n","args":[1]}}}')).toThrow(McpConfigError);
    expect(() => parseMcpConfig("{")).toThrow(/not valid JSON/);
    expect(() => parseMcpConfig("{}")).toThrow(/mcpServers/);
  });
});

describe("hooks run around every call, of every kind", () => {
  const ran: string[] = [];
  const echo = async (calls: Anthropic.ToolUseBlock[]) =>
    calls.map((c) => (ran.push(`${c.name}:${JSON.stringify(c.input)}`), { type: "tool_result" as const, tool_use_id: c.id, content: `paid with 4111 1111 1111 1111 (${JSON.stringify(c.input)})` }));
  const block = (id: string, name: string, input: object = {}): Anthropic.ToolUseBlock => ({ type: "tool_use", id, name, input, caller: { type: "direct" } });

  it("a pre-hook can refuse (the model reads why) or rewrite; a post-hook masks card numbers; order and ids are kept", async () => {
    ran.length = 0;
    const executor = withHooks(echo, {
      pre: [
        { name: "no-deletes", before: (call) => (call.name === "delete_all" ? { action: "refuse", reason: "Deleting is off." } : { action: "continue" }) },
        { name: "upper", before: (call) => ({ action: "rewrite", input: { ...call.input, city: String(call.input.city ?? "").toUpperCase() } }) },
      ],
      post: [cardNumberHook],
    });
    const results = await executor([block("1", "delete_all"), block("2", "lookup", { city: "москва" })], []);
    expect(results.map((r) => r.tool_use_id)).toEqual(["1", "2"]);
    expect(results[0]).toMatchObject({ is_error: true, content: "Not run: the hook no-deletes refused this call. Deleting is off." });
    expect(ran).toEqual(['lookup:{"city":"МОСКВА"}']);
    expect(results[1]!.content).toBe('paid with [card number ending 1111] ({"city":"МОСКВА"})');
  });

  it("a hook that throws fails closed: the call does not run, or its result is withheld", async () => {
    ran.length = 0;
    const broken = withHooks(echo, { pre: [{ name: "broken", before: () => Promise.reject(new Error("boom")) }] });
    const [refused] = await broken([block("1", "lookup")], []);
    expect(refused).toMatchObject({ is_error: true });
    expect(String(refused!.content)).toMatch(/hook broken failed \(boom\)/);
    expect(ran).toEqual([]);
    const leaky = withHooks(echo, { post: [{ name: "broken", after: () => { throw new Error("boom"); } }] });
    const [withheld] = await leaky([block("1", "lookup")], []);
    expect(String(withheld!.content)).not.toContain("4111");
    expect(withheld!.is_error).toBe(true);
  });

  it("masks numbers that pass the Luhn check, in any text, and leaves other long numbers alone", () => {
    expect(maskCardNumbers("Карта 5500-0000-0000-0004, сумма 271.74")).toBe("Карта [card number ending 0004], сумма 271.74");
    expect(maskCardNumbers("order 1234567890123")).toBe("order 1234567890123");
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 12, maxLength: 18 }), fc.string(), (digits, around) => {
        // Complete the number with its Luhn check digit: it must then always be masked.
        for (let check = 0; check <= 9; check++) {
          const card = [...digits, check].join("");
          if (!luhnValid(card)) continue;
          const masked = maskCardNumbers(`${around.replace(/\d/g, "")} ${card} `);
          expect(masked).not.toContain(card);
          expect(masked).toContain(`ending ${card.slice(-4)}`);
        }
      }),
      { seed: 42, numRuns: 100 },
    );
  });

  it("business hours: writes wait for working hours; declared readers and listed readers always run", () => {
    expect(isBusinessTime(MONDAY_NOON, OFFICE_HOURS)).toBe(true);
    expect(isBusinessTime(SUNDAY_NIGHT, OFFICE_HOURS)).toBe(false);
    expect(isBusinessTime(new Date(2026, 10, 30, 18, 0), OFFICE_HOURS)).toBe(false);
    expect(isBusinessTime(new Date(2026, 10, 30, 9, 0), OFFICE_HOURS)).toBe(true);
    const night = businessHoursHook(hoursAt(SUNDAY_NIGHT));
    expect(night.before({ name: "mcp__notes__add_note", input: {} })).toMatchObject({ action: "refuse" });
    expect(night.before({ name: "mcp__notes__read_note", input: {} })).toEqual({ action: "continue" });
    expect(night.before({ name: "get_exchange_rate", input: {}, tool: declareSafety(getExchangeRateTool, READS_ONLY) })).toEqual({ action: "continue" });
    // An MCP tool that claims to only read is still not a reader: only the user's list says so.
    expect(night.before({ name: "mcp__evil__wipe", input: {}, tool: { ...declareSafety(getExchangeRateTool, READS_ONLY), name: "mcp__evil__wipe", needsApproval: true } })).toMatchObject({ action: "refuse" });
    expect(businessHoursHook(hoursAt(MONDAY_NOON)).before({ name: "mcp__notes__add_note", input: {} })).toEqual({ action: "continue" });
  });
});

describe("stderrGist: why a server did not start, from its stderr", () => {
  it("picks the line that names the error, not the stack trace's end", () => {
    const node = [
      "node:internal/modules/cjs/loader:1210",
      "  throw err;",
      "  ^",
      "",
      "Error: Cannot find module '/x/no-such-server.ts'",
      "    at Module._resolveFilename (node:internal/modules/cjs/loader:1207:15)",
      "  code: 'MODULE_NOT_FOUND',",
      "  requireStack: []",
      "}",
      "",
      "Node.js v20.20.2",
    ].join("\n");
    expect(stderrGist(node)).toBe("Error: Cannot find module '/x/no-such-server.ts'");
    const python = 'Traceback (most recent call last):\n  File "s.py", line 1, in <module>\nModuleNotFoundError: No module named \'mcp\'\n';
    expect(stderrGist(python)).toBe("ModuleNotFoundError: No module named 'mcp'");
    expect(stderrGist("npm error code E404\nnpm error 404 Not Found - GET https://registry.npmjs.org/x\n")).toBe("npm error code E404");
  });

  it("without such a line, the last lines that are not stack frames; a long line is cut", () => {
    expect(stderrGist("starting\nlistening on stdio\nbye\n    at x (y.js:1:1)\nNode.js v22.1.0\n")).toBe("starting | listening on stdio | bye");
    expect(stderrGist("")).toBe("");
    expect(stderrGist(`Error: ${"x".repeat(1000)}`)).toHaveLength(301);
  });
});

describe("the notes server", () => {
  it("keeps notes in its folder only: a path as a name is refused before anything is written", async () => {
    const [, , add] = await toolsFromServers([await inMemoryNotes()]);
    await expect(add!.run({ name: "../escape", text: "x" })).rejects.toThrow(/note name/);
    expect(existsSync(path.join(dir, "escape.md"))).toBe(false);
  });
});

describe("the offline model's mcp-notes skill: its phrasings and near-misses", () => {
  // Short descriptions that say what each tool does: the offline model picks tools by their descriptions.
  const schema = { type: "object" as const, properties: {} };
  const offered = [
    ["get_exchange_rate", "Get the exchange rate between two currencies."],
    ["calculate", "Evaluate an arithmetic expression."],
    ["mcp__course__get_exchange_rate", "Get the exchange rate between two currencies."],
    ["mcp__course__calculate", "Evaluate an arithmetic expression."],
    ["mcp__notes__list_notes", "List the names of the user's notes."],
    ["mcp__notes__read_note", "Read one note by its name."],
    ["mcp__notes__add_note", "Save a note under a name."],
  ].map(([name, description]) => ({ name: name!, description: description!, input_schema: schema }));
  async function firstCall(task: string): Promise<string> {
    const { client } = createClient({ offline: true });
    const response = await client.messages.create({ model: modelName(), max_tokens: 1024, tools: offered, messages: [{ role: "user", content: task }] });
    const call = response.content.find((block) => block.type === "tool_use");
    return call?.type === "tool_use" ? call.name : `(no call) ${response.content.map((b) => (b.type === "text" ? b.text : "")).join("")}`;
  }

  it("names the course server: the mcp__course__ tools; does not: the built-in ones; in English and Russian", async () => {
    expect(await firstCall("Convert 250 EUR to US dollars with the course server and add it to my notes as eur-usd")).toBe("mcp__course__get_exchange_rate");
    expect(await firstCall("Переведи 250 евро в доллары через сервер курса и добавь в заметки как eur-usd")).toBe("mcp__course__get_exchange_rate");
    expect(await firstCall("Convert 250 EUR to US dollars and add it to my notes")).toBe("get_exchange_rate");
    expect(await firstCall("List my notes")).toBe("mcp__notes__list_notes");
    expect(await firstCall("Покажи мои заметки")).toBe("mcp__notes__list_notes");
    expect(await firstCall("Read the note nope"), "a named note is read by its name").toBe("mcp__notes__read_note");
    expect(await firstCall("Прочитай заметку «nope»")).toBe("mcp__notes__read_note");
    expect(await firstCall("Read the note about rates"), "a word after 'note' is not always its name").toBe("mcp__notes__list_notes");
    expect(await firstCall("Покажи заметки и прочитай первую")).toBe("mcp__notes__list_notes");
  });

  it("near-misses: no notes in the task (or only banknotes) leaves the notes tools alone", async () => {
    expect(await firstCall("Convert 250 EUR to US dollars")).toBe("get_exchange_rate");
    expect(await firstCall("How much are 250 EUR banknotes in US dollars?")).not.toMatch(/^mcp__notes__/);
  });
});

describe("the assistant with MCP servers (real child processes)", () => {
  it("asks before an MCP call even when the server calls it read-only, runs it when allowed, and stops the servers", async () => {
    const notes = path.join(dir, "notes");
    const mock = createMockModel([
      reply.toolUse("mcp__notes__add_note", { name: "plan", text: "Card 4111 1111 1111 1111, call Anna" }),
      reply.toolUse("mcp__notes__read_note", { name: "plan" }),
      reply.text("Done."),
    ]);
    const asking = approver("yes", "yes");
    await runAgent(mock.client, "Add a note", { servers: { notes: notesServer(notes) }, rules: rules({}), approver: asking, hours: hoursAt(MONDAY_NOON), print: quiet, connectTimeoutMs: START_MS });
    mock.assertAllUsed();
    expect(asking.asked.map((a) => a.call.name), "both MCP calls are asked about, read_note too (its readOnlyHint is not trusted)").toEqual(["mcp__notes__add_note", "mcp__notes__read_note"]);
    expect(asking.asked[1]!.call.effect).toMatch(/server says it only reads; unverified/);
    expect(await readFile(path.join(notes, "plan.md"), "utf8")).toContain("4111 1111 1111 1111");
    const [, read] = mock.toolResults();
    expect(resultText(read!), "the PostToolUse hook masks the card number before the model reads it").toBe("Card [card number ending 1111], call Anna\n");
    const offered = (mock.requests[0]!.tools ?? []).map((t) => (t as { name: string }).name);
    expect(offered).toEqual(expect.arrayContaining(["get_exchange_rate", "save_to_file", "mcp__notes__add_note"]));
  }, START_MS);

  it("a rule for a whole server (mcp__notes__*) allows or denies all its tools without asking", async () => {
    const notes = path.join(dir, "notes");
    const mock = createMockModel([reply.toolUse("mcp__notes__add_note", { name: "a", text: "b" }), reply.toolUse("mcp__notes__list_notes", {}), reply.text("ok")]);
    const asking = approver();
    await runAgent(mock.client, "x", { servers: { notes: notesServer(notes) }, rules: rules({ allow: ["mcp__notes__*"] }), approver: asking, hours: hoursAt(MONDAY_NOON), print: quiet, connectTimeoutMs: START_MS });
    expect(asking.asked).toEqual([]);
    expect(resultText(mock.toolResults()[1]!)).toBe("a");

    const denied = createMockModel([reply.toolUse("mcp__notes__add_note", { name: "c", text: "d" }), reply.text("ok")]);
    await runAgent(denied.client, "x", { servers: { notes: notesServer(notes) }, rules: rules({ allow: ["mcp__notes__*"], deny: ["mcp__NOTES__add_*"] }), approver: asking, hours: hoursAt(MONDAY_NOON), print: quiet, connectTimeoutMs: START_MS });
    expect(resultText(denied.toolResults()[0]!)).toMatch(/^Not run: the user's permission rules forbid/);
    expect(existsSync(path.join(notes, "c.md"))).toBe(false);
  }, START_MS);

  it("offline: reads the note the task names, and says so when it is not there (never reads another one instead)", async () => {
    const notes = path.join(dir, "notes");
    const { client } = createClient({ offline: true });
    const noTerminal: Approver = { canAsk: false, unavailable: "there is no terminal", ask: () => Promise.reject(new Error("no")) };
    const common = { servers: { notes: notesServer(notes) }, approver: noTerminal, hours: hoursAt(MONDAY_NOON), print: quiet, connectTimeoutMs: START_MS, rulesFile: "lessons/11-mcp/permissions.json" };
    expect(await runAgent(client, "Покажи мои заметки", common)).toBe("Заметок пока нет.");
    await mkdir(notes, { recursive: true });
    await writeFile(path.join(notes, "eur-usd.md"), "250 EUR = 271.74 USD\n");
    expect(await runAgent(client, "Read the note nope", common)).toBe('There is no note "nope". Your notes: eur-usd.');
    expect(await runAgent(client, "Прочитай заметку nope", common)).toBe("Заметки «nope» нет. Ваши заметки: eur-usd.");
    expect(await runAgent(client, "Прочитай заметку «eur-usd»", common)).toBe("В «eur-usd» записано:\n250 EUR = 271.74 USD");
    expect(await runAgent(client, "List my notes and read the first one", common)).toBe('Your notes: eur-usd.\n"eur-usd" says:\n250 EUR = 271.74 USD');
  }, START_MS);

  it("offline, with both servers: converts through mcp__course__ tools in English and Russian, and the note waits for approval", async () => {
    const notes = path.join(dir, "notes");
    const servers = { course: courseServer(path.join(dir, "ws"), path.join(dir, "memory")), notes: notesServer(notes) };
    const { client } = createClient({ offline: true });
    const lines: string[] = [];
    const noTerminal: Approver = { canAsk: false, unavailable: "there is no terminal", ask: () => Promise.reject(new Error("no")) };
    const common = { servers, approver: noTerminal, hours: hoursAt(MONDAY_NOON), print: (l: string) => lines.push(l), connectTimeoutMs: START_MS, rulesFile: "lessons/11-mcp/permissions.json" };
    const en = await runAgent(client, "Convert 250 EUR to US dollars with the course server and add it to my notes as eur-usd", common);
    expect(en).toMatch(/250 EUR = 271\.74 USD/);
    expect(en).toMatch(/mcp__notes__add_note/);
    expect(existsSync(path.join(notes, "eur-usd.md")), "with no terminal the untrusted add_note must not run").toBe(false);
    expect(lines.join("\n")).toMatch(/under two names: get_exchange_rate \/ mcp__course__get_exchange_rate/);

    const yes = approver("yes");
    const asTheLessonStartsThem = await serversFromMcpJson(notes, path.join(dir, "ws"), path.join(dir, "memory"));
    const ru = await runAgent(client, "Переведи 250 евро в доллары через сервер курса и добавь в заметки как евро", { ...common, servers: asTheLessonStartsThem, approver: yes });
    expect(ru).toMatch(/271,74/);
    expect(ru).toMatch(/Сохранено в заметку «евро»/);
    expect(yes.asked.map((a) => a.call.name)).toEqual(["mcp__notes__add_note"]);
    expect(await readFile(path.join(notes, "евро.md"), "utf8")).toMatch(/250 EUR = 271.74 USD/);
  }, START_MS * 2);
});

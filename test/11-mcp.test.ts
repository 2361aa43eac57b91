// Checks for exercise 11 (the MCP-to-Tool adapter). Run them with: npm run check 11
// The servers are scripted and in-process (the SDK's InMemoryTransport), and the model is the strict
// mock, which refuses a request the real API would refuse (a bad tool name, a draft-07 schema).

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult, type Tool as McpTool } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, describe, expect, it } from "vitest";
import fc from "fast-check";
import { describeMcpCall, MAX_TOOL_PAGES, mcpToolName, McpToolError, resultText as mcpResultText, toolFromMcp, toolsFromServers, type ConnectedServer } from "@exercise/11-mcp/mcp-tools.ts";
import { runLoop } from "../lessons/02-agent-loop/loop.ts";
import { executeBatch, type SafeTool } from "../lessons/05-parallel-and-safe/executor.ts";
import { noTerminalApprover } from "../lessons/07-approval-gates/approver.ts";
import { createGatedExecutor } from "../lessons/07-approval-gates/gated-executor.ts";
import { createMockModel, reply, resultText } from "../shared/mock/mock-model.ts";
import { within } from "./helpers/within.ts";

const FILE = "exercises/11-mcp/mcp-tools.ts";

// --- a scripted MCP server: the tools it lists and what each call answers ---------------------------

type Handler = (args: Record<string, unknown>) => CallToolResult | Promise<CallToolResult>;
interface Script {
  tools: McpTool[];
  handlers?: Record<string, Handler>;
}
interface Scripted extends ConnectedServer {
  calls: Array<{ name: string; args: Record<string, unknown> }>;
}

const open: Client[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((client) => client.close()));
});

async function scripted(name: string, script: Script): Promise<Scripted> {
  const calls: Scripted["calls"] = [];
  const server = new Server({ name: `scripted-${name}`, version: "1.0.0" }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: script.tools }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const args = (request.params.arguments ?? {}) as Record<string, unknown>;
    calls.push({ name: request.params.name, args });
    const handler = script.handlers?.[request.params.name];
    return handler ? handler(args) : { content: [{ type: "text", text: `ran ${request.params.name}` }] };
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "exercise-11", version: "1.0.0" });
  await client.connect(clientSide);
  open.push(client);
  return { name, client, calls };
}

// A server whose tools/list comes in pages, over the real protocol: page 1 answers a request without a
// cursor, and each page names the next with an opaque cursor. Records the cursors it was asked for.
async function paged(name: string, pages: McpTool[][], cursors: string[]): Promise<Scripted & { asked: Array<string | undefined> }> {
  const asked: Array<string | undefined> = [];
  const calls: Scripted["calls"] = [];
  const server = new Server({ name: `paged-${name}`, version: "1.0.0" }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, (request) => {
    const cursor = request.params?.cursor;
    asked.push(cursor);
    const index = cursor === undefined ? 0 : cursors.indexOf(cursor) + 1;
    if (index === 0 && cursor !== undefined) throw new Error(`unknown cursor ${JSON.stringify(cursor)}: pass nextCursor back exactly as it came`);
    return index + 1 < pages.length ? { tools: pages[index]!, nextCursor: cursors[index]! } : { tools: pages[index]! };
  });
  server.setRequestHandler(CallToolRequestSchema, (request) => {
    calls.push({ name: request.params.name, args: (request.params.arguments ?? {}) as Record<string, unknown> });
    return { content: [{ type: "text", text: `ran ${request.params.name}` }] };
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "exercise-11", version: "1.0.0" });
  await client.connect(clientSide);
  open.push(client);
  return { name, client, calls, asked };
}

// A fake client with no protocol under it: answers tools/list with `page(n)` for the n-th request (from 1)
// and records the cursor of each. It refuses to go on forever, so a missing page limit fails instead of hanging.
function fakeLister(name: string, page: (n: number) => { tools: McpTool[]; nextCursor?: string }): ConnectedServer & { asked: Array<string | undefined> } {
  const asked: Array<string | undefined> = [];
  const listTools = async (params?: { cursor?: string }) => {
    asked.push(params?.cursor);
    if (asked.length > 10 * MAX_TOOL_PAGES) {
      throw new Error(`the adapter asked ${name} for page ${asked.length}: it must stop after MAX_TOOL_PAGES (${MAX_TOOL_PAGES}) pages with a McpToolError`);
    }
    return page(asked.length);
  };
  return { name, asked, client: { listTools, callTool: () => Promise.reject(new Error("not called here")) } as ConnectedServer["client"] };
}

const object = { type: "object" as const, properties: {} };
const tool = (name: string, extra: Partial<McpTool> = {}): McpTool => ({ name, description: `${name} (test)`, inputSchema: object, ...extra });
const addNote = tool("add_note", {
  description: "Save a note.",
  inputSchema: { $schema: "http://json-schema.org/draft-07/schema#", type: "object", properties: { name: { type: "string" }, text: { type: "string" } }, required: ["name"] },
  annotations: { readOnlyHint: true, destructiveHint: false },
});

describe("the full name: mcp__<server>__<tool>, checked (TODO 1)", () => {
  it("joins server and tool with the mcp__ prefix and double underscores", () => {
    expect(mcpToolName("notes", "add_note"), `${FILE}: mcpToolName("notes", "add_note") must be "mcp__notes__add_note"`).toBe("mcp__notes__add_note");
    expect(mcpToolName("my-server_2", "x"), "a server name may hold letters, digits, - and single _").toBe("mcp__my-server_2__x");
    expect(mcpToolName("course_v2_beta", "get-rate"), "single underscores between longer parts are fine too").toBe("mcp__course_v2_beta__get-rate");
    expect(mcpToolName("a", "b")).toBe("mcp__a__b");
  });

  it("refuses server names that are empty, hold spaces, Cyrillic or '__', with McpToolError that says to rename it in mcp.json", { tags: "hard" }, () => {
    for (const bad of ["", "my notes", "заметки", "a__b", "notes_", "_notes"]) {
      let error: unknown;
      try {
        mcpToolName(bad, "add_note");
      } catch (caught) {
        error = caught;
      }
      expect(error, `mcpToolName(${JSON.stringify(bad)}, "add_note") must throw: a server name is letters, digits, - and single _ (no "__", which separates the parts)`).toBeInstanceOf(McpToolError);
      expect((error as Error).message, "the error must say where to fix it: mcp.json").toMatch(/mcp\.json/);
      expect((error as Error).name, "the error's name is McpToolError (the class sets it)").toBe("McpToolError");
    }
  });

  it("allows a full name of exactly 64 characters and refuses 65, naming the server and the tool", { tags: "hard" }, () => {
    const fits = "t".repeat(64 - "mcp__s__".length);
    expect(mcpToolName("s", fits), "64 characters is the API's documented limit: it must be accepted").toHaveLength(64);
    let error: unknown;
    try {
      mcpToolName("s", `${fits}x`);
    } catch (caught) {
      error = caught;
    }
    expect(error, "a 65-character name must throw McpToolError: the API would refuse the whole request").toBeInstanceOf(McpToolError);
    expect((error as Error).message, "the error names the server and the tool, so the user knows which one").toMatch(/"s"/);
    expect((error as Error).message).toContain(`${fits}x`);
    expect((error as Error).message, "and says what the API accepts: at most 64 characters").toMatch(/\b64\b/);
  });

  it("refuses tool names the API would refuse (a space, Cyrillic, a dot)", { tags: "hard" }, () => {
    for (const bad of ["add note", "добавить", "add.note", ""]) {
      expect(() => mcpToolName("notes", bad), `mcpToolName("notes", ${JSON.stringify(bad)}) must throw McpToolError: the full name must match ^[a-zA-Z0-9_-]{1,64}$`).toThrow(McpToolError);
    }
  });

  it("never returns a name the API would refuse (generated names, seeded)", { tags: "hard" }, () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), fc.string({ maxLength: 70 }), (server, name) => {
        let full: string | undefined;
        try {
          full = mcpToolName(server, name);
        } catch (error) {
          expect(error, "any refusal must be a McpToolError").toBeInstanceOf(McpToolError);
          return;
        }
        expect(full, `mcpToolName(${JSON.stringify(server)}, ${JSON.stringify(name)}) returned an invalid name`).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
        expect(full).toBe(`mcp__${server}__${name}`);
        expect(server, "a server name with '__' must be refused").not.toContain("__");
      }),
      { seed: 42, numRuns: 200 },
    );
  });
});

describe("the given helpers: result text and what the approver sees (TODO 2)", () => {
  it("resultText keeps text parts, names the others, and reads a result without content as empty", () => {
    expect(mcpResultText({ content: [{ type: "text", text: "один" }, { type: "image", data: "..." }, { type: "image", text: "hidden" }, { type: "text", text: 2 }] })).toBe(
      "один\n[image content not shown]\n[image content not shown]\n[text content not shown]",
    );
    expect(mcpResultText({})).toBe("");
  });

  it("describeMcpCall names the server and every claim, marked unverified, or says there are none", () => {
    const call = (annotations: McpTool["annotations"]) => describeMcpCall("notes", tool("add_note", { annotations }), { name: "x" });
    expect(call({ readOnlyHint: true, destructiveHint: true, openWorldHint: true })).toBe(
      'calls add_note on the MCP server "notes" with 12 characters of input (the server says it only reads, may delete or overwrite, reaches outside systems; unverified)',
    );
    expect(call({ readOnlyHint: false, destructiveHint: false, openWorldHint: false })).toMatch(/\(the server says nothing about its effects\)$/);
    expect(call(undefined)).toMatch(/\(the server says nothing about its effects\)$/);
  });
});

describe("one MCP tool as a course Tool: untrusted, timed, capped (TODO 2)", () => {
  it("passes the description on and drops the draft-07 $schema, keeping the rest of the schema", async () => {
    const server = await scripted("notes", { tools: [addNote] });
    const adapted = toolFromMcp(server, addNote);
    expect(adapted.name).toBe("mcp__notes__add_note");
    expect(adapted.description, "the description goes to the model as the server wrote it").toBe("Save a note.");
    expect(adapted.input_schema, 'input_schema must be the server\'s schema without "$schema" (the API speaks draft 2020-12 and refuses draft-07)').toEqual({
      type: "object",
      properties: { name: { type: "string" }, text: { type: "string" } },
      required: ["name"],
    });
    expect(toolFromMcp(server, { name: "bare", inputSchema: { type: "object" } }).description, "no description: use an empty string").toBe("");
  });

  it("trusts no annotation: readOnlyHint true still means needsApproval, not readOnly, not concurrencySafe", async () => {
    const server = await scripted("notes", { tools: [addNote] });
    const adapted = toolFromMcp(server, addNote);
    expect(adapted.needsApproval, "every MCP tool must need approval: a server can claim readOnlyHint about anything").toBe(true);
    expect(adapted.readOnly, "readOnly must be false even when the server says readOnlyHint: true").toBe(false);
    expect(adapted.concurrencySafe, "a stranger's tool must not run beside other calls").toBe(false);
    const effect = adapted.describeEffect?.({ name: "x" }) ?? "";
    expect(effect, "describeEffect shows the person approving which server and what it claims (use describeMcpCall)").toMatch(/"notes"/);
    expect(effect).toMatch(/only reads; unverified/);
  });

  it("has a timeout: options.timeoutMs, or 10 000 ms by default", async () => {
    const server = await scripted("notes", { tools: [addNote] });
    expect(toolFromMcp(server, addNote).timeoutMs, "default timeout: DEFAULT_MCP_TIMEOUT_MS (10 000)").toBe(10_000);
    expect(toolFromMcp(server, addNote, { timeoutMs: 250 }).timeoutMs).toBe(250);
  });

  it("run calls the server's own (unprefixed) name with the input and returns the text parts, Cyrillic intact", async () => {
    const server = await scripted("notes", {
      tools: [addNote],
      handlers: { add_note: (args) => ({ content: [{ type: "text", text: `Сохранено: ${String(args.name)}` }, { type: "text", text: "second part" }] }) },
    });
    const text = await toolFromMcp(server, addNote).run({ name: "заметка", text: "привет" });
    expect(server.calls, "run must call tools/call with the server's own name (add_note), not the prefixed one, and the input as arguments").toEqual([
      { name: "add_note", args: { name: "заметка", text: "привет" } },
    ]);
    expect(text, "the text parts, joined with a line break (resultText does this)").toBe("Сохранено: заметка\nsecond part");
  });

  it("a result with isError: true becomes a rejected run carrying the server's words", async () => {
    const server = await scripted("notes", { tools: [addNote], handlers: { add_note: () => ({ content: [{ type: "text", text: "No such note: use list_notes" }], isError: true }) } });
    await expect(toolFromMcp(server, addNote).run({ name: "x" }), "isError: true must throw an Error with the server's text, so the executor sends it as an is_error result").rejects.toThrow(
      "No such note: use list_notes",
    );
  });

  it("an isError result with no text still throws, naming the tool and the server", { tags: "hard" }, async () => {
    const server = await scripted("notes", { tools: [addNote], handlers: { add_note: () => ({ content: [], isError: true }) } });
    await expect(toolFromMcp(server, addNote).run({ name: "x" }), "an empty error must still say which tool of which server failed").rejects.toThrow(/^(?=[\s\S]*add_note)(?=[\s\S]*notes)/);
  });

  it("a server that fails (a thrown handler) rejects run instead of answering with a value", async () => {
    const server = await scripted("notes", { tools: [addNote], handlers: { add_note: () => Promise.reject(new Error("disk full")) } });
    const outcome = await Promise.resolve(toolFromMcp(server, addNote).run({ name: "x" })).then(
      (value: string) => ({ value, error: undefined }),
      (error: unknown) => ({ value: undefined, error }),
    );
    expect(outcome.value, "an error from the server must not come back as if it were a result").toBeUndefined();
    expect(String((outcome.error as Error | undefined)?.message), "the rejection carries the server's error").toMatch(/disk full/);
  });

  it("caps the output: options.maxChars, and the default cap on 5 MB", async () => {
    const huge = "Ж".repeat(5_000_000);
    const server = await scripted("big", { tools: [tool("dump")], handlers: { dump: () => ({ content: [{ type: "text", text: huge }] }) } });
    const capped = await toolFromMcp(server, tool("dump"), { maxChars: 100 }).run({});
    expect(capped.startsWith("Ж".repeat(100)), "the first maxChars characters are kept").toBe(true);
    expect(capped, "the cut must say so (truncateOutput from lesson 05)").toMatch(/\[output cut: 4999900 more characters/);
    const byDefault = await toolFromMcp(server, tool("dump")).run({});
    expect(byDefault.length, "with no options the default cap (8 000 characters) still applies").toBeLessThan(9_000);
  });

  it("stops a call that never answers: after timeoutMs, or when the executor's signal fires", async () => {
    const server = await scripted("slow", { tools: [tool("hang")], handlers: { hang: () => new Promise<never>(() => {}) } });
    const timed = await within(toolFromMcp(server, tool("hang"), { timeoutMs: 50 }).run({}), 3_000);
    if (timed.state !== "rejected") {
      expect.fail(
        `run() ${timed.state === "resolved" ? "resolved" : "was still waiting 3 s later"} for a server that never answers, with timeoutMs: 50. ` +
          `Pass { timeout: timeoutMs } to callTool, so a silent server is given up on and run rejects (TODO 2 in ${FILE}).`,
      );
    }
    expect(String(timed.error), "the error should say the call timed out").toMatch(/timed out/i);
    const controller = new AbortController();
    const running = (toolFromMcp(server, tool("hang"), { timeoutMs: 60_000 }) as SafeTool).run({}, controller.signal);
    controller.abort(new Error("stopped by the executor"));
    const stopped = await within(running, 3_000);
    expect(stopped.state, "run(input, signal) must pass the signal to callTool, so the executor's timeout cancels the call").toBe("rejected");
  });
});

describe("every server's tools, with clashes refused (TODO 3)", () => {
  it("lists each server's tools in order, prefixed by its own server name", async () => {
    const notes = await scripted("notes", { tools: [tool("list_notes"), addNote] });
    const course = await scripted("course", { tools: [tool("calculate")] });
    const tools = await toolsFromServers([notes, course]);
    expect(tools.map((t) => t.name)).toEqual(["mcp__notes__list_notes", "mcp__notes__add_note", "mcp__course__calculate"]);
    expect(await toolsFromServers([]), "no servers: no tools").toEqual([]);
    expect(tools.every((t) => t.needsApproval === true), "each tool must be built with toolFromMcp (needsApproval)").toBe(true);
  });

  it("passes the options on to every tool (timeout, cap)", async () => {
    const notes = await scripted("notes", { tools: [addNote] });
    const [adapted] = await toolsFromServers([notes], { timeoutMs: 123 });
    expect(adapted!.timeoutMs, "toolsFromServers must give its options to toolFromMcp").toBe(123);
  });

  it("two servers whose names differ only in case clash: the error names both servers", { tags: "hard" }, async () => {
    const notes = await scripted("notes", { tools: [addNote] });
    const impostor = await scripted("NOTES", { tools: [tool("list_notes"), addNote] });
    const run = toolsFromServers([notes, impostor]);
    await expect(run, "mcp__notes__add_note and mcp__NOTES__add_note are one name to a permission rule (rules match in any case): throw McpToolError").rejects.toThrow(McpToolError);
    await expect(run, 'the message must name both servers, "notes" and "NOTES"').rejects.toThrow(/"notes"[\s\S]*"NOTES"/);
    await expect(run, "and say what to do: rename or remove one of them in mcp.json").rejects.toThrow(/^(?=[\s\S]*\b(rename|remove)\b)(?=[\s\S]*mcp\.json)/i);
  });

  it("a server listing one name twice is a clash too", { tags: "hard" }, async () => {
    const twice = await scripted("odd", { tools: [tool("x"), tool("x")] });
    await expect(toolsFromServers([twice])).rejects.toThrow(McpToolError);
  });

  it("a tool named like a built-in tool (takenNames, any case) is refused, naming the built-in", async () => {
    const notes = await scripted("notes", { tools: [addNote] });
    await expect(toolsFromServers([notes], { takenNames: ["get_exchange_rate", "MCP__Notes__Add_Note"] }), "options.takenNames are the built-in tools' names: a clash names the built-in").rejects.toThrow(/built-in/);
    expect(await toolsFromServers([notes], { takenNames: ["add_note"] }), "add_note is not mcp__notes__add_note: no clash").toHaveLength(1);
  });

  it("a server whose tools/list fails rejects toolsFromServers (nothing half-listed)", { tags: "hard" }, async () => {
    const broken: ConnectedServer = { name: "broken", client: { listTools: () => Promise.reject(new Error("server crashed")), callTool: () => Promise.reject(new Error("no")) } };
    await expect(toolsFromServers([broken])).rejects.toThrow(/server crashed/);
  });
});

describe("tools/list in pages: follow nextCursor to the end, but not forever (TODO 3)", { tags: "hard" }, () => {
  it("follows nextCursor over the real protocol: every page's tools, in order, each cursor passed back as it came", async () => {
    const notes = await paged("notes", [[tool("list_notes")], [addNote], [tool("read_note")]], ["eyJwYWdlIjogMn0=", "страница 3"]);
    const tools = await toolsFromServers([notes]);
    expect(tools.map((t) => t.name), "a server with three pages of tools/list: the adapter must ask again with { cursor: nextCursor } until a page has no nextCursor, and keep every page's tools").toEqual([
      "mcp__notes__list_notes",
      "mcp__notes__add_note",
      "mcp__notes__read_note",
    ]);
    expect(notes.asked, "the first request has no cursor; each next one carries the previous page's nextCursor, unchanged (cursors are opaque)").toEqual([undefined, "eyJwYWdlIjogMn0=", "страница 3"]);
    expect(await toolFromMcp(notes, addNote).run({ name: "x" })).toBe("ran add_note");
  });

  it("keeps going past an empty page that still has a nextCursor, and stops at the first page without one", async () => {
    const server = fakeLister("big", (n) => (n === 1 ? { tools: [], nextCursor: "2" } : n === 2 ? { tools: [tool("a"), tool("b")], nextCursor: "3" } : { tools: [tool("c")] }));
    const tools = await toolsFromServers([server]);
    expect(tools.map((t) => t.name), "an empty page is not the end: only a missing nextCursor is").toEqual(["mcp__big__a", "mcp__big__b", "mcp__big__c"]);
    expect(server.asked, "page 3 has no nextCursor: that is the end, so no fourth request").toEqual([undefined, "2", "3"]);
    const single = fakeLister("one", () => ({ tools: [tool("only")] }));
    expect((await toolsFromServers([single])).map((t) => t.name)).toEqual(["mcp__one__only"]);
    expect(single.asked, "a server without pages is asked once").toHaveLength(1);
  });

  it('takes a nextCursor of "" as a cursor like any other: only a missing one ends the list', { tags: "hard" }, async () => {
    const server = fakeLister("blank", (n) => (n === 1 ? { tools: [tool("a")], nextCursor: "" } : { tools: [tool("b")] }));
    const tools = await toolsFromServers([server]);
    expect(
      tools.map((t) => t.name),
      'page 1 came with nextCursor: "", which is present: a cursor is an opaque string, and only a MISSING nextCursor ends the ' +
        'results. Test nextCursor === undefined, not its truthiness, and pass "" back as it came (TODO 3 in ' + FILE + ").",
    ).toEqual(["mcp__blank__a", "mcp__blank__b"]);
    expect(server.asked, 'the second request carries cursor "", exactly as it came').toEqual([undefined, ""]);
  });

  it(`lists a server with exactly MAX_TOOL_PAGES (${MAX_TOOL_PAGES}) pages`, async () => {
    const server = fakeLister("wide", (n) => (n < MAX_TOOL_PAGES ? { tools: [tool(`t${n}`)], nextCursor: `after-${n}` } : { tools: [tool(`t${n}`)] }));
    const listing = toolsFromServers([server]);
    await expect(listing, `${MAX_TOOL_PAGES} pages is the limit itself: all of them must be read, not refused (read pages while page <= MAX_TOOL_PAGES)`).resolves.toHaveLength(MAX_TOOL_PAGES);
    expect((await listing).at(-1)?.name).toBe(`mcp__wide__t${MAX_TOOL_PAGES}`);
    expect(server.asked, "one request per page").toHaveLength(MAX_TOOL_PAGES);
  });

  it("refuses a server that repeats one cursor forever: McpToolError naming the server, after MAX_TOOL_PAGES requests", async () => {
    const stuck = fakeLister("looping", () => ({ tools: [], nextCursor: "again" }));
    const run = toolsFromServers([stuck]);
    await expect(run, "a server that always sends a nextCursor must not hold the agent forever: stop after MAX_TOOL_PAGES pages and throw McpToolError").rejects.toThrow(McpToolError);
    await expect(run, 'the error must name the server ("looping") and the limit, so the user knows which server to fix').rejects.toThrow(new RegExp(`"looping"[\\s\\S]*${MAX_TOOL_PAGES} pages`));
    await expect(run, "and say what to do: fix the server, or remove it from mcp.json").rejects.toThrow(/mcp\.json/);
    expect(stuck.asked, `read at most MAX_TOOL_PAGES (${MAX_TOOL_PAGES}) pages, not one more`).toHaveLength(MAX_TOOL_PAGES);
    const fresh = fakeLister("endless", (n) => ({ tools: [tool(`t${n}`)], nextCursor: `c${n}` }));
    await expect(toolsFromServers([fresh]), "a new cursor on every page is stopped the same way").rejects.toThrow(/"endless"/);
  });

  it("clash-checks tools from page 2 like those from page 1", async () => {
    const notes = await paged("notes", [[tool("list_notes")], [addNote]], ["p2"]);
    const impostor = await paged("NOTES", [[tool("search")], [addNote]], ["p2"]);
    const run = toolsFromServers([notes, impostor]);
    await expect(run, "mcp__notes__add_note (page 2 of notes) and mcp__NOTES__add_note (page 2 of NOTES) clash: every page goes through the same check").rejects.toThrow(McpToolError);
    await expect(run, 'the message names both servers, "notes" and "NOTES"').rejects.toThrow(/"notes"[\s\S]*"NOTES"/);
    const repeats = fakeLister("odd", (n) => (n === 1 ? { tools: [tool("x")], nextCursor: "2" } : { tools: [tool("X")] }));
    await expect(toolsFromServers([repeats]), "a name on page 2 equal (in any case) to one on page 1 of the same server is a clash").rejects.toThrow(McpToolError);
    const builtIn = fakeLister("notes", (n) => (n === 1 ? { tools: [tool("list_notes")], nextCursor: "2" } : { tools: [addNote] }));
    await expect(toolsFromServers([builtIn], { takenNames: ["mcp__notes__add_note"] }), "a page-2 tool named like a built-in tool is refused too").rejects.toThrow(/built-in/);
  });

  it("a tools/list that fails on page 2 rejects the whole listing (nothing half-listed)", async () => {
    const broken = fakeLister("flaky", (n) => {
      if (n === 2) throw new Error("page 2 lost");
      return { tools: [tool("a")], nextCursor: "2" };
    });
    await expect(toolsFromServers([broken]), "an error on a later page must reject toolsFromServers, not return page 1 alone").rejects.toThrow(/page 2 lost/);
  });
});

describe("the adapted tools in the loop, with the strict mock and lesson 07's gate (TODOs 2 and 3)", () => {
  it("the request the model gets is valid for the API, and a call runs, is gated, and answers", async () => {
    const notes = await scripted("notes", { tools: [addNote], handlers: { add_note: () => ({ content: [{ type: "text", text: "saved" }] }) } });
    const tools = await toolsFromServers([notes]);
    const mock = createMockModel([reply.toolUse("mcp__notes__add_note", { name: "a", text: "b" }), reply.text("Done.")]);
    const ran = await runLoop(mock.client, "note it", { tools, executeTools: (calls, all) => executeBatch(calls, all as SafeTool[]) });
    expect(mock.rejections, "the mock refused a request as the API would (a bad name or a draft-07 schema?)").toEqual([]);
    expect(ran.text).toBe("Done.");
    expect(resultText(mock.toolResults()[0]!)).toBe("saved");

    const gated = createMockModel([reply.toolUse("mcp__notes__add_note", { name: "a", text: "b" }), reply.text("ok")]);
    const executeTools = createGatedExecutor({ rules: { allow: [], ask: [], deny: [] }, approver: noTerminalApprover() });
    await runLoop(gated.client, "note it", { tools, executeTools });
    expect(resultText(gated.toolResults()[0]!), "with no rule and nobody to ask, the gate must refuse an MCP tool (needsApproval), even one that claims readOnlyHint").toMatch(/^Not run/);
    expect(notes.calls, "the refused call must not reach the server").toHaveLength(1);
  });
});

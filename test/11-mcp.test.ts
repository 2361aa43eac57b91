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
import { say } from "./helpers/say.ts";
import { mustReject, mustResolve } from "./helpers/settled.ts";

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
      throw new Error(
        say(
          `the adapter asked ${name} for page ${asked.length}: it must stop after MAX_TOOL_PAGES (${MAX_TOOL_PAGES}) pages with a McpToolError`,
          `адаптер запросил у сервера "${name}" страницу ${asked.length}: после MAX_TOOL_PAGES (${MAX_TOOL_PAGES}) страниц он должен остановиться с McpToolError`,
        ),
      );
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
    expect(mcpToolName("notes", "add_note"), say(`${FILE}: mcpToolName("notes", "add_note") must be "mcp__notes__add_note"`, `${FILE}: mcpToolName("notes", "add_note") должна дать "mcp__notes__add_note"`)).toBe("mcp__notes__add_note");
    expect(mcpToolName("my-server_2", "x"), say("a server name may hold letters, digits, - and single _", "в имени сервера могут быть буквы, цифры, - и одиночные _")).toBe("mcp__my-server_2__x");
    expect(mcpToolName("course_v2_beta", "get-rate"), say("single underscores between longer parts are fine too", "одиночные подчёркивания между частями подлиннее тоже допустимы")).toBe("mcp__course_v2_beta__get-rate");
    expect(mcpToolName("a", "b"), say("one-letter names are names too", "имена из одной буквы — тоже имена")).toBe("mcp__a__b");
  });

  it("refuses server names that are empty, hold spaces, Cyrillic or '__', with McpToolError that says to rename it in mcp.json", { tags: "hard" }, () => {
    for (const bad of ["", "my notes", "заметки", "a__b", "notes_", "_notes"]) {
      let error: unknown;
      try {
        mcpToolName(bad, "add_note");
      } catch (caught) {
        error = caught;
      }
      expect(
        error,
        say(
          `mcpToolName(${JSON.stringify(bad)}, "add_note") must throw: a server name is letters, digits, - and single _ (no "__", which separates the parts)`,
          `mcpToolName(${JSON.stringify(bad)}, "add_note") должна бросить исключение: имя сервера — это буквы, цифры, - и одиночные _ (без "__", который разделяет части)`,
        ),
      ).toBeInstanceOf(McpToolError);
      expect((error as Error).message, say("the error must say where to fix it: mcp.json", "ошибка должна говорить, где это исправить: mcp.json")).toMatch(/mcp\.json/);
      expect((error as Error).name, say("the error's name is McpToolError (the class sets it)", "имя ошибки — McpToolError (его задаёт класс)")).toBe("McpToolError");
    }
  });

  it("allows a full name of exactly 64 characters and refuses 65, naming the server and the tool", { tags: "hard" }, () => {
    const fits = "t".repeat(64 - "mcp__s__".length);
    expect(mcpToolName("s", fits), say("64 characters is the API's documented limit: it must be accepted", "64 символа — предел, описанный в документации API: такое имя должно приниматься")).toHaveLength(64);
    let error: unknown;
    try {
      mcpToolName("s", `${fits}x`);
    } catch (caught) {
      error = caught;
    }
    expect(error, say("a 65-character name must throw McpToolError: the API would refuse the whole request", "имя из 65 символов должно бросать McpToolError: API отклонил бы весь запрос")).toBeInstanceOf(McpToolError);
    expect((error as Error).message, say("the error names the server and the tool, so the user knows which one", "ошибка называет сервер и инструмент, чтобы пользователь знал, какой именно")).toMatch(/"s"/);
    expect((error as Error).message, say("the error names the tool too", "ошибка называет и инструмент")).toContain(`${fits}x`);
    expect((error as Error).message, say("and says what the API accepts: at most 64 characters", "и говорит, что принимает API: не больше 64 символов")).toMatch(/\b64\b/);
  });

  it("refuses tool names the API would refuse (a space, Cyrillic, a dot)", { tags: "hard" }, () => {
    for (const bad of ["add note", "добавить", "add.note", ""]) {
      expect(
        () => mcpToolName("notes", bad),
        say(
          `mcpToolName("notes", ${JSON.stringify(bad)}) must throw McpToolError: the full name must match ^[a-zA-Z0-9_-]{1,64}$`,
          `mcpToolName("notes", ${JSON.stringify(bad)}) должна бросать McpToolError: полное имя должно подходить под ^[a-zA-Z0-9_-]{1,64}$`,
        ),
      ).toThrow(McpToolError);
    }
  });

  it("never returns a name the API would refuse (generated names, seeded)", { tags: "hard" }, () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), fc.string({ maxLength: 70 }), (server, name) => {
        let full: string | undefined;
        try {
          full = mcpToolName(server, name);
        } catch (error) {
          expect(error, say("any refusal must be a McpToolError", "любой отказ должен быть McpToolError")).toBeInstanceOf(McpToolError);
          return;
        }
        expect(full, say(`mcpToolName(${JSON.stringify(server)}, ${JSON.stringify(name)}) returned an invalid name`, `mcpToolName(${JSON.stringify(server)}, ${JSON.stringify(name)}) вернула недопустимое имя`)).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
        expect(full, say("the full name is mcp__<server>__<tool>", "полное имя — mcp__<server>__<tool>")).toBe(`mcp__${server}__${name}`);
        expect(server, say("a server name with '__' must be refused", "имя сервера с '__' должно отклоняться")).not.toContain("__");
      }),
      { seed: 42, numRuns: 200 },
    );
  });
});

describe("the given helpers: result text and what the approver sees (TODO 2)", () => {
  it("resultText keeps text parts, names the others, and reads a result without content as empty", () => {
    expect(
      mcpResultText({ content: [{ type: "text", text: "один" }, { type: "image", data: "..." }, { type: "image", text: "hidden" }, { type: "text", text: 2 }] }),
      say("resultText (given) keeps the text parts and names the others", "resultText (дана) сохраняет текстовые части и называет остальные"),
    ).toBe(
      "один\n[image content not shown]\n[image content not shown]\n[text content not shown]",
    );
    expect(mcpResultText({}), say("a result without content reads as empty", "результат без content читается как пустой")).toBe("");
  });

  it("describeMcpCall names the server and every claim, marked unverified, or says there are none", () => {
    const call = (annotations: McpTool["annotations"]) => describeMcpCall("notes", tool("add_note", { annotations }), { name: "x" });
    expect(
      call({ readOnlyHint: true, destructiveHint: true, openWorldHint: true }),
      say("describeMcpCall (given) names the server and every claim, marked unverified", "describeMcpCall (дана) называет сервер и каждое заявление с пометкой «unverified»"),
    ).toBe(
      'calls add_note on the MCP server "notes" with 12 characters of input (the server says it only reads, may delete or overwrite, reaches outside systems; unverified)',
    );
    expect(call({ readOnlyHint: false, destructiveHint: false, openWorldHint: false }), say("no claim made: it says there are none", "заявлений нет: так и сказано")).toMatch(/\(the server says nothing about its effects\)$/);
    expect(call(undefined), say("no annotations: it says there are no claims", "нет аннотаций: сказано, что заявлений нет")).toMatch(/\(the server says nothing about its effects\)$/);
  });
});

describe("one MCP tool as a course Tool: untrusted, timed, capped (TODO 2)", () => {
  it("passes the description on and drops the draft-07 $schema, keeping the rest of the schema", async () => {
    const server = await scripted("notes", { tools: [addNote] });
    const adapted = toolFromMcp(server, addNote);
    expect(adapted.name, say("the tool's name is its full name, mcpToolName(server.name, tool.name)", "имя инструмента — его полное имя, mcpToolName(server.name, tool.name)")).toBe("mcp__notes__add_note");
    expect(adapted.description, say("the description goes to the model as the server wrote it", "описание идёт модели таким, каким его написал сервер")).toBe("Save a note.");
    expect(
      adapted.input_schema,
      say(
        'input_schema must be the server\'s schema without "$schema" (the API speaks draft 2020-12 and refuses draft-07)',
        'input_schema должна быть схемой сервера без "$schema" (API понимает draft 2020-12 и отклоняет draft-07)',
      ),
    ).toEqual({
      type: "object",
      properties: { name: { type: "string" }, text: { type: "string" } },
      required: ["name"],
    });
    expect(toolFromMcp(server, { name: "bare", inputSchema: { type: "object" } }).description, say("no description: use an empty string", "описания нет: используйте пустую строку")).toBe("");
  });

  it("trusts no annotation: readOnlyHint true still means needsApproval, not readOnly, not concurrencySafe", async () => {
    const server = await scripted("notes", { tools: [addNote] });
    const adapted = toolFromMcp(server, addNote);
    expect(adapted.needsApproval, say("every MCP tool must need approval: a server can claim readOnlyHint about anything", "каждый инструмент MCP должен требовать подтверждения: сервер может заявить readOnlyHint о чём угодно")).toBe(true);
    expect(adapted.readOnly, say("readOnly must be false even when the server says readOnlyHint: true", "`readOnly` должен быть `false`, даже когда сервер заявляет `readOnlyHint: true`")).toBe(false);
    expect(adapted.concurrencySafe, say("a stranger's tool must not run beside other calls", "чужой инструмент не должен выполняться рядом с другими вызовами")).toBe(false);
    const effect = adapted.describeEffect?.({ name: "x" }) ?? "";
    expect(effect, say("describeEffect shows the person approving which server and what it claims (use describeMcpCall)", "describeEffect показывает человеку, который одобряет вызов, какой это сервер и что он заявляет (используйте describeMcpCall)")).toMatch(/"notes"/);
    expect(effect, say("and marks the server's claims as unverified", "и помечает заявления сервера как непроверенные (\"unverified\")")).toMatch(/only reads; unverified/);
  });

  it("has a timeout: options.timeoutMs, or 10 000 ms by default", async () => {
    const server = await scripted("notes", { tools: [addNote] });
    expect(toolFromMcp(server, addNote).timeoutMs, say("default timeout: DEFAULT_MCP_TIMEOUT_MS (10 000)", "тайм-аут по умолчанию: DEFAULT_MCP_TIMEOUT_MS (10 000)")).toBe(10_000);
    expect(toolFromMcp(server, addNote, { timeoutMs: 250 }).timeoutMs, say("options.timeoutMs wins over the default", "options.timeoutMs важнее значения по умолчанию")).toBe(250);
  });

  it("run calls the server's own (unprefixed) name with the input and returns the text parts, Cyrillic intact", async () => {
    const server = await scripted("notes", {
      tools: [addNote],
      handlers: { add_note: (args) => ({ content: [{ type: "text", text: `Сохранено: ${String(args.name)}` }, { type: "text", text: "second part" }] }) },
    });
    const text = await toolFromMcp(server, addNote).run({ name: "заметка", text: "привет" });
    expect(
      server.calls,
      say(
        "run must call tools/call with the server's own name (add_note), not the prefixed one, and the input as arguments",
        "`run` должна вызывать tools/call с собственным именем сервера (add_note), а не с префиксом, и передавать вход как `arguments`",
      ),
    ).toEqual([
      { name: "add_note", args: { name: "заметка", text: "привет" } },
    ]);
    expect(text, say("the text parts, joined with a line break (resultText does this)", "текстовые части, соединённые переводом строки (это делает resultText)")).toBe("Сохранено: заметка\nsecond part");
  });

  it("a result with isError: true becomes a rejected run carrying the server's words", async () => {
    const server = await scripted("notes", { tools: [addNote], handlers: { add_note: () => ({ content: [{ type: "text", text: "No such note: use list_notes" }], isError: true }) } });
    const running = toolFromMcp(server, addNote).run({ name: "x" });
    const told = say(
      "isError: true must throw an Error with the server's text, so the executor sends it as an is_error result",
      "`isError: true` должен бросать `Error` с текстом сервера, чтобы исполнитель отправил его как результат с is_error",
    );
    await mustReject(running, told);
    await expect(running, told).rejects.toThrow("No such note: use list_notes");
  });

  it("an isError result with no text still throws, naming the tool and the server", { tags: "hard" }, async () => {
    const server = await scripted("notes", { tools: [addNote], handlers: { add_note: () => ({ content: [], isError: true }) } });
    const running = toolFromMcp(server, addNote).run({ name: "x" });
    const told = say("an empty error must still say which tool of which server failed", "и пустая ошибка должна говорить, какой инструмент какого сервера упал");
    await mustReject(running, told);
    await expect(running, told).rejects.toThrow(/^(?=[\s\S]*add_note)(?=[\s\S]*notes)/);
  });

  it("a server that fails (a thrown handler) rejects run instead of answering with a value", async () => {
    const server = await scripted("notes", { tools: [addNote], handlers: { add_note: () => Promise.reject(new Error("disk full")) } });
    const outcome = await Promise.resolve(toolFromMcp(server, addNote).run({ name: "x" })).then(
      (value: string) => ({ value, error: undefined }),
      (error: unknown) => ({ value: undefined, error }),
    );
    expect(outcome.value, say("an error from the server must not come back as if it were a result", "ошибка сервера не должна возвращаться так, будто это результат")).toBeUndefined();
    expect(String((outcome.error as Error | undefined)?.message), say("the rejection carries the server's error", "отклонение несёт ошибку сервера")).toMatch(/disk full/);
  });

  it("caps the output: options.maxChars, and the default cap on 5 MB", async () => {
    const huge = "Ж".repeat(5_000_000);
    const server = await scripted("big", { tools: [tool("dump")], handlers: { dump: () => ({ content: [{ type: "text", text: huge }] }) } });
    const capped = await toolFromMcp(server, tool("dump"), { maxChars: 100 }).run({});
    expect(capped.startsWith("Ж".repeat(100)), say("the first maxChars characters are kept", "первые maxChars символов сохраняются")).toBe(true);
    expect(capped, say("the cut must say so (truncateOutput from lesson 05)", "обрезка должна об этом говорить (truncateOutput из урока 05)")).toMatch(/\[output cut: 4999900 more characters/);
    const byDefault = await toolFromMcp(server, tool("dump")).run({});
    expect(byDefault.length, say("with no options the default cap (8 000 characters) still applies", "без options всё равно действует предел по умолчанию (8 000 символов)")).toBeLessThan(9_000);
  });

  it("stops a call that never answers: after timeoutMs, or when the executor's signal fires", async () => {
    const server = await scripted("slow", { tools: [tool("hang")], handlers: { hang: () => new Promise<never>(() => {}) } });
    const timed = await within(toolFromMcp(server, tool("hang"), { timeoutMs: 50 }).run({}), 3_000);
    if (timed.state !== "rejected") {
      expect.fail(
        say(
          `run() ${timed.state === "resolved" ? "resolved" : "was still waiting 3 s later"} for a server that never answers, with timeoutMs: 50. ` +
            `Pass { timeout: timeoutMs } to callTool, so a silent server is given up on and run rejects (TODO 2 in ${FILE}).`,
          `run() ${timed.state === "resolved" ? "выполнилась" : "всё ещё ждала через 3 с"} для сервера, который никогда не отвечает, при timeoutMs: 50. ` +
            `Передайте { timeout: timeoutMs } в callTool, чтобы молчащий сервер бросали ждать и run() отклонялась (TODO 2 в ${FILE}).`,
        ),
      );
    }
    expect(String(timed.error), say("the error should say the call timed out", "ошибка должна говорить, что время вызова истекло (\"timed out\")")).toMatch(/timed out/i);
    const controller = new AbortController();
    const running = (toolFromMcp(server, tool("hang"), { timeoutMs: 60_000 }) as SafeTool).run({}, controller.signal);
    controller.abort(new Error("stopped by the executor"));
    const stopped = await within(running, 3_000);
    expect(stopped.state, say("run(input, signal) must pass the signal to callTool, so the executor's timeout cancels the call", "`run(input, signal)` должна передавать `signal` в callTool, чтобы тайм-аут исполнителя отменял вызов")).toBe("rejected");
  });
});

describe("every server's tools, with clashes refused (TODO 3)", () => {
  it("lists each server's tools in order, prefixed by its own server name", async () => {
    const notes = await scripted("notes", { tools: [tool("list_notes"), addNote] });
    const course = await scripted("course", { tools: [tool("calculate")] });
    const tools = await toolsFromServers([notes, course]);
    expect(tools.map((t) => t.name), say("each server's tools, in order, each with its own server's prefix", "инструменты каждого сервера по порядку, каждый с префиксом своего сервера")).toEqual([
      "mcp__notes__list_notes",
      "mcp__notes__add_note",
      "mcp__course__calculate",
    ]);
    expect(await toolsFromServers([]), say("no servers: no tools", "нет серверов — нет инструментов")).toEqual([]);
    expect(tools.every((t) => t.needsApproval === true), say("each tool must be built with toolFromMcp (needsApproval)", "каждый инструмент должен строиться через toolFromMcp (needsApproval)")).toBe(true);
  });

  it("passes the options on to every tool (timeout, cap)", async () => {
    const notes = await scripted("notes", { tools: [addNote] });
    const [adapted] = await toolsFromServers([notes], { timeoutMs: 123 });
    expect(adapted!.timeoutMs, say("toolsFromServers must give its options to toolFromMcp", "toolsFromServers должна передавать свои options в toolFromMcp")).toBe(123);
  });

  it("two servers whose names differ only in case clash: the error names both servers", { tags: "hard" }, async () => {
    const notes = await scripted("notes", { tools: [addNote] });
    const impostor = await scripted("NOTES", { tools: [tool("list_notes"), addNote] });
    const run = toolsFromServers([notes, impostor]);
    const told = say(
      "mcp__notes__add_note and mcp__NOTES__add_note are one name to a permission rule (rules match in any case): throw McpToolError",
      "для правила проверки разрешений mcp__notes__add_note и mcp__NOTES__add_note — одно имя (правила совпадают в любом регистре): бросьте McpToolError",
    );
    await mustReject(run, told);
    await expect(run, told).rejects.toThrow(McpToolError);
    await expect(run, say('the message must name both servers, "notes" and "NOTES"', 'сообщение должно называть оба сервера, "notes" и "NOTES"')).rejects.toThrow(/"notes"[\s\S]*"NOTES"/);
    await expect(run, say("and say what to do: rename or remove one of them in mcp.json", "и говорить, что делать: переименовать (\"rename\") или убрать (\"remove\") один из них в mcp.json")).rejects.toThrow(/^(?=[\s\S]*\b(rename|remove)\b)(?=[\s\S]*mcp\.json)/i);
  });

  it("a server listing one name twice is a clash too", { tags: "hard" }, async () => {
    const twice = await scripted("odd", { tools: [tool("x"), tool("x")] });
    const run = toolsFromServers([twice]);
    const told = say("one name listed twice by one server: McpToolError", "одно имя дважды у одного сервера: McpToolError");
    await mustReject(run, told);
    await expect(run, told).rejects.toThrow(McpToolError);
  });

  it("a tool named like a built-in tool (takenNames, any case) is refused, naming the built-in", async () => {
    const notes = await scripted("notes", { tools: [addNote] });
    const clash = toolsFromServers([notes], { takenNames: ["get_exchange_rate", "MCP__Notes__Add_Note"] });
    const told = say(
      "options.takenNames are the built-in tools' names: a clash names the built-in",
      "options.takenNames — имена встроенных инструментов: конфликт называет встроенный (\"built-in\")",
    );
    await mustReject(clash, told);
    await expect(clash, told).rejects.toThrow(/built-in/);
    const how = say(
      "a clash with a built-in is a McpToolError that says where to fix it: rename or remove the server's tool in mcp.json",
      "конфликт со встроенным — это McpToolError, которая говорит, где исправить: переименовать или убрать инструмент сервера в mcp.json",
    );
    await expect(clash, how).rejects.toThrow(McpToolError);
    await expect(clash, how).rejects.toThrow(/mcp\.json/);
    expect(await toolsFromServers([notes], { takenNames: ["add_note"] }), say("add_note is not mcp__notes__add_note: no clash", "add_note — это не mcp__notes__add_note: конфликта нет")).toHaveLength(1);
  });

  it("a server whose tools/list fails rejects toolsFromServers (nothing half-listed)", { tags: "hard" }, async () => {
    const broken: ConnectedServer = { name: "broken", client: { listTools: () => Promise.reject(new Error("server crashed")), callTool: () => Promise.reject(new Error("no")) } };
    const run = toolsFromServers([broken]);
    const told = say("a failed tools/list rejects with the server's error", "упавший tools/list отклоняет с ошибкой сервера");
    await mustReject(run, told);
    await expect(run, told).rejects.toThrow(/server crashed/);
  });
});

describe("tools/list in pages: follow nextCursor to the end, but not forever (TODO 3)", { tags: "hard" }, () => {
  it("follows nextCursor over the real protocol: every page's tools, in order, each cursor passed back as it came", async () => {
    const notes = await paged("notes", [[tool("list_notes")], [addNote], [tool("read_note")]], ["eyJwYWdlIjogMn0=", "страница 3"]);
    const tools = await toolsFromServers([notes]);
    expect(
      tools.map((t) => t.name),
      say(
        "a server with three pages of tools/list: the adapter must ask again with { cursor: nextCursor } until a page has no nextCursor, and keep every page's tools",
        "у сервера три страницы tools/list: адаптер должен спрашивать снова с { cursor: nextCursor }, пока у страницы не будет nextCursor, и сохранять инструменты каждой страницы",
      ),
    ).toEqual([
      "mcp__notes__list_notes",
      "mcp__notes__add_note",
      "mcp__notes__read_note",
    ]);
    expect(
      notes.asked,
      say(
        "the first request has no cursor; each next one carries the previous page's nextCursor, unchanged (cursors are opaque)",
        "у первого запроса нет курсора; каждый следующий несёт nextCursor предыдущей страницы без изменений (курсоры непрозрачны)",
      ),
    ).toEqual([undefined, "eyJwYWdlIjogMn0=", "страница 3"]);
    expect(await toolFromMcp(notes, addNote).run({ name: "x" }), say("a tool from page 2 runs", "инструмент со страницы 2 выполняется")).toBe("ran add_note");
  });

  it("keeps going past an empty page that still has a nextCursor, and stops at the first page without one", async () => {
    const server = fakeLister("big", (n) => (n === 1 ? { tools: [], nextCursor: "2" } : n === 2 ? { tools: [tool("a"), tool("b")], nextCursor: "3" } : { tools: [tool("c")] }));
    const tools = await toolsFromServers([server]);
    expect(tools.map((t) => t.name), say("an empty page is not the end: only a missing nextCursor is", "пустая страница — не конец: конец — только отсутствующий nextCursor")).toEqual(["mcp__big__a", "mcp__big__b", "mcp__big__c"]);
    expect(server.asked, say("page 3 has no nextCursor: that is the end, so no fourth request", "у страницы 3 нет nextCursor: это конец, четвёртого запроса нет")).toEqual([undefined, "2", "3"]);
    const single = fakeLister("one", () => ({ tools: [tool("only")] }));
    expect((await toolsFromServers([single])).map((t) => t.name), say("a server without pages: its one page of tools", "сервер без страниц: его единственная страница инструментов")).toEqual(["mcp__one__only"]);
    expect(single.asked, say("a server without pages is asked once", "сервер без страниц спрашивают один раз")).toHaveLength(1);
  });

  it('takes a nextCursor of "" as a cursor like any other: only a missing one ends the list', { tags: "hard" }, async () => {
    const server = fakeLister("blank", (n) => (n === 1 ? { tools: [tool("a")], nextCursor: "" } : { tools: [tool("b")] }));
    const tools = await toolsFromServers([server]);
    expect(
      tools.map((t) => t.name),
      say(
        'page 1 came with nextCursor: "", which is present: a cursor is an opaque string, and only a MISSING nextCursor ends the ' +
          'results. Test nextCursor === undefined, not its truthiness, and pass "" back as it came (TODO 3 in ' + FILE + ").",
        'страница 1 пришла с nextCursor: "", а он есть: курсор — непрозрачная строка, и список заканчивает только ОТСУТСТВУЮЩИЙ nextCursor. ' +
          "Проверяйте `nextCursor === undefined`, а не его истинность, и передавайте \"\" обратно таким, каким он пришёл (TODO 3 в " + FILE + ").",
      ),
    ).toEqual(["mcp__blank__a", "mcp__blank__b"]);
    expect(server.asked, say('the second request carries cursor "", exactly as it came', 'второй запрос несёт курсор "" ровно таким, каким он пришёл')).toEqual([undefined, ""]);
  });

  it(`lists a server with exactly MAX_TOOL_PAGES (${MAX_TOOL_PAGES}) pages`, async () => {
    const server = fakeLister("wide", (n) => (n < MAX_TOOL_PAGES ? { tools: [tool(`t${n}`)], nextCursor: `after-${n}` } : { tools: [tool(`t${n}`)] }));
    const listing = toolsFromServers([server]);
    const told = say(
      `${MAX_TOOL_PAGES} pages is the limit itself: all of them must be read, not refused (read pages while page <= MAX_TOOL_PAGES)`,
      `${MAX_TOOL_PAGES} страниц — это сам предел: их все нужно прочитать, а не отклонить (читайте страницы, пока "page <= MAX_TOOL_PAGES")`,
    );
    await mustResolve(listing, told);
    await expect(listing, told).resolves.toHaveLength(MAX_TOOL_PAGES);
    expect((await listing).at(-1)?.name, say("the last page's tool comes last", "инструмент последней страницы идёт последним")).toBe(`mcp__wide__t${MAX_TOOL_PAGES}`);
    expect(server.asked, say("one request per page", "один запрос на страницу")).toHaveLength(MAX_TOOL_PAGES);
  });

  it("refuses a server that repeats one cursor forever: McpToolError naming the server, after MAX_TOOL_PAGES requests", async () => {
    const stuck = fakeLister("looping", () => ({ tools: [], nextCursor: "again" }));
    const run = toolsFromServers([stuck]);
    const told = say(
      "a server that always sends a nextCursor must not hold the agent forever: stop after MAX_TOOL_PAGES pages and throw McpToolError",
      "сервер, который всегда присылает nextCursor, не должен держать агента вечно: остановитесь после MAX_TOOL_PAGES страниц и бросьте McpToolError",
    );
    await mustReject(run, told);
    await expect(run, told).rejects.toThrow(McpToolError);
    await expect(run, say('the error must name the server ("looping") and the limit, so the user knows which server to fix', 'ошибка должна называть сервер ("looping") и предел ("100 pages"), чтобы пользователь знал, какой сервер чинить')).rejects.toThrow(new RegExp(`"looping"[\\s\\S]*${MAX_TOOL_PAGES} pages`));
    await expect(run, say("and say what to do: fix the server, or remove it from mcp.json", "и говорить, что делать: исправить сервер или убрать его из mcp.json")).rejects.toThrow(/mcp\.json/);
    expect(stuck.asked, say(`read at most MAX_TOOL_PAGES (${MAX_TOOL_PAGES}) pages, not one more`, `читайте не больше MAX_TOOL_PAGES (${MAX_TOOL_PAGES}) страниц, ни одной сверх того`)).toHaveLength(MAX_TOOL_PAGES);
    const fresh = fakeLister("endless", (n) => ({ tools: [tool(`t${n}`)], nextCursor: `c${n}` }));
    const endless = toolsFromServers([fresh]);
    const stopped = say("a new cursor on every page is stopped the same way", "новый курсор на каждой странице останавливается так же");
    await mustReject(endless, stopped);
    await expect(endless, stopped).rejects.toThrow(/"endless"/);
  });

  it("clash-checks tools from page 2 like those from page 1", async () => {
    const notes = await paged("notes", [[tool("list_notes")], [addNote]], ["p2"]);
    const impostor = await paged("NOTES", [[tool("search")], [addNote]], ["p2"]);
    const run = toolsFromServers([notes, impostor]);
    const told = say(
      "mcp__notes__add_note (page 2 of notes) and mcp__NOTES__add_note (page 2 of NOTES) clash: every page goes through the same check",
      "mcp__notes__add_note (страница 2 сервера notes) и mcp__NOTES__add_note (страница 2 сервера NOTES) конфликтуют: каждая страница проходит ту же проверку",
    );
    await mustReject(run, told);
    await expect(run, told).rejects.toThrow(McpToolError);
    await expect(run, say('the message names both servers, "notes" and "NOTES"', 'сообщение называет оба сервера, "notes" и "NOTES"')).rejects.toThrow(/"notes"[\s\S]*"NOTES"/);
    const repeats = fakeLister("odd", (n) => (n === 1 ? { tools: [tool("x")], nextCursor: "2" } : { tools: [tool("X")] }));
    const repeated = toolsFromServers([repeats]);
    const sameName = say(
      "a name on page 2 equal (in any case) to one on page 1 of the same server is a clash",
      "имя на странице 2, равное (в любом регистре) имени на странице 1 того же сервера, — конфликт",
    );
    await mustReject(repeated, sameName);
    await expect(repeated, sameName).rejects.toThrow(McpToolError);
    const builtIn = fakeLister("notes", (n) => (n === 1 ? { tools: [tool("list_notes")], nextCursor: "2" } : { tools: [addNote] }));
    const taken = toolsFromServers([builtIn], { takenNames: ["mcp__notes__add_note"] });
    const builtInName = say("a page-2 tool named like a built-in tool is refused too", "инструмент со страницы 2 с именем встроенного тоже отклоняется (\"built-in\")");
    await mustReject(taken, builtInName);
    await expect(taken, builtInName).rejects.toThrow(/built-in/);
  });

  it("a tools/list that fails on page 2 rejects the whole listing (nothing half-listed)", async () => {
    const broken = fakeLister("flaky", (n) => {
      if (n === 2) throw new Error("page 2 lost");
      return { tools: [tool("a")], nextCursor: "2" };
    });
    const run = toolsFromServers([broken]);
    const told = say("an error on a later page must reject toolsFromServers, not return page 1 alone", "ошибка на следующей странице должна отклонять toolsFromServers, а не возвращать одну страницу 1");
    await mustReject(run, told);
    await expect(run, told).rejects.toThrow(/page 2 lost/);
  });
});

describe("the adapted tools in the loop, with the strict mock and lesson 07's gate (TODOs 2 and 3)", () => {
  it("the request the model gets is valid for the API, and a call runs, is gated, and answers", async () => {
    const notes = await scripted("notes", { tools: [addNote], handlers: { add_note: () => ({ content: [{ type: "text", text: "saved" }] }) } });
    const tools = await toolsFromServers([notes]);
    const mock = createMockModel([reply.toolUse("mcp__notes__add_note", { name: "a", text: "b" }), reply.text("Done.")]);
    const ran = await runLoop(mock.client, "note it", { tools, executeTools: (calls, all) => executeBatch(calls, all as SafeTool[]) });
    expect(mock.rejections, say("the mock refused a request as the API would (a bad name or a draft-07 schema?)", "мок-модель отклонила запрос, как отклонил бы API (плохое имя или схема draft-07?)")).toEqual([]);
    expect(ran.text, say("the loop ends with the model's answer", "цикл заканчивается ответом модели")).toBe("Done.");
    expect(resultText(mock.toolResults()[0]!), say("the model gets the server's answer as the tool's result", "модель получает ответ сервера как результат инструмента")).toBe("saved");

    const gated = createMockModel([reply.toolUse("mcp__notes__add_note", { name: "a", text: "b" }), reply.text("ok")]);
    const executeTools = createGatedExecutor({ rules: { allow: [], ask: [], deny: [] }, approver: noTerminalApprover() });
    await runLoop(gated.client, "note it", { tools, executeTools });
    expect(
      resultText(gated.toolResults()[0]!),
      say(
        "with no rule and nobody to ask, the gate must refuse an MCP tool (needsApproval), even one that claims readOnlyHint",
        "без правила и без человека, которого можно спросить, проверка разрешений должна отклонить инструмент MCP (needsApproval), даже заявляющий readOnlyHint",
      ),
    ).toMatch(/^Not run/);
    expect(notes.calls, say("the refused call must not reach the server", "отклонённый вызов не должен дойти до сервера")).toHaveLength(1);
  });
});

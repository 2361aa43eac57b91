// Tests of lesson 08's own code: sessions (append-only lines, a torn line, orphans), add_row (CSV,
// RFC 4180, concurrent rows), routing, cost and the budget with scripted usage, the history budget,
// the gateway and the terminal channel, and the assistant end to end on the offline model and the
// strict mock. The crash test (SIGKILL mid-call) is in 08-assistant-crash.test.ts.

import { appendFile, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PassThrough } from "node:stream";
import Anthropic from "@anthropic-ai/sdk";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { addRow, createAddRowTool } from "../../lessons/08-assistant/add-row.ts";
import { runAgent, sampleTasks } from "../../lessons/08-assistant/agent.ts";
import type { Channel, IncomingMessage } from "../../lessons/08-assistant/channel.ts";
import { BudgetExceeded, createCostMeter, readLedger, totals, wouldPassBudget } from "../../lessons/08-assistant/cost.ts";
import { countRecords, csvField, csvLine, parseCsvHeader } from "../../lessons/08-assistant/csv.ts";
import { fitHistory, isTurnStart } from "../../lessons/08-assistant/fit-history.ts";
import { createGateway } from "../../lessons/08-assistant/gateway.ts";
import { createRunner } from "../../lessons/08-assistant/runner.ts";
import { createAssistantTools } from "../../lessons/08-assistant/agent.ts";
import { parseRulesFile } from "../../lessons/07-approval-gates/rules-file.ts";
import { createTranscript } from "../../shared/transcript.ts";
import { orphanIds, repairOrphans } from "../../lessons/08-assistant/repair-orphans.ts";
import { CHEAP_MODEL, routeModel, STRONG_MODEL, taskFacts } from "../../lessons/08-assistant/route-model.ts";
import { appendLine, loadSession, messagesFrom, sessionFile } from "../../lessons/08-assistant/sessions.ts";
import { createTerminalChannel, visible } from "../../lessons/08-assistant/terminal-channel.ts";
import type { Approver } from "../../lessons/07-approval-gates/approver.ts";
import { createMockModel, reply, resultText, type MockTurn } from "../../shared/mock/mock-model.ts";
import { recordingClient } from "../helpers/recording-client.ts";

let dir = "";
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "course-08-lesson-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const nobody: Approver = { canAsk: false, unavailable: "no terminal (test)", ask: () => Promise.reject(new Error("no terminal")) };
const lines: string[] = [];
function options(extra: Parameters<typeof runAgent>[2] = {}): Parameters<typeof runAgent>[2] {
  // Plain requests by default, so the recording helpers can read responses as JSON; streaming has its own tests.
  return { workspace: dir, approver: nobody, model: undefined, stream: false, print: (line) => lines.push(line), write: () => undefined, ...extra };
}
beforeEach(() => {
  lines.length = 0;
});

async function sessionLines(name = "terminal-main"): Promise<Array<Record<string, unknown>>> {
  const text = await readFile(path.join(dir, "sessions", `${name}.jsonl`), "utf8");
  return text.trim().split("\n").map((line) => JSON.parse(line) as Record<string, unknown>);
}

// A mock whose responses report the usage a test chooses, so cost figures are exact.
function withUsage(turns: MockTurn[], usage: Array<{ input_tokens: number; output_tokens: number }>) {
  const mock = createMockModel(turns);
  let n = 0;
  const fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const response = await mock.fetch(input, init);
    if (!String(input).endsWith("/v1/messages") || !response.ok) return response;
    const body = (await response.json()) as Anthropic.Message;
    const figures = usage[n++] ?? { input_tokens: 0, output_tokens: 0 };
    body.usage = { ...body.usage, ...figures };
    return new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
  };
  const client = new Anthropic({ apiKey: "mock-key", baseURL: "http://mock-model.invalid", fetch, maxRetries: 0 });
  return { mock, client };
}

describe("the assistant on the offline model: the sample message and a follow-up", () => {
  it("npm run lesson 8's sample: the sample Telegram message becomes a lead row in leads.csv", async () => {
    const { client, calls } = recordingClient();
    const answer = await runAgent(client, sampleTasks[0]!, options());
    expect(sampleTasks[0]).toBe("Ищу поставщика ASIC, контакт @mining_pro");
    expect(calls).toEqual([{ name: "add_row", input: { sheet: "leads", values: { contact: "@mining_pro", request: "Ищу поставщика ASIC" } } }]);
    expect(await readFile(path.join(dir, "leads.csv"), "utf8")).toBe("contact,request\r\n@mining_pro,Ищу поставщика ASIC\r\n");
    expect(answer).toContain("@mining_pro");
    // Everything went to the session file as it happened: task, assistant turn, result, final answer.
    const written = await sessionLines();
    expect(written.map((l) => (l.type === "message" ? (l.message as { role: string }).role : l.type))).toEqual([
      "user",
      "assistant",
      "tool_result",
      "assistant",
    ]);
    expect(written[1]).toMatchObject({ model: CHEAP_MODEL });
  });

  it("'Save the text hello to reports' saves it (reports is a folder, so the model names the file and says so), in a line or two", async () => {
    for (const [task, file, said] of [
      ["Save the text hello to reports", "reports/hello.txt", /^Saved the text to reports\/hello\.txt: "reports" is a folder, not a file name, so I chose the name\./],
      ["Сохрани текст «привет мир» в папку reports", "reports/note.txt", /^Сохранил текст в reports\/note\.txt: «reports» — это папка/],
      ["Save the text hello to reports/greeting.txt", "reports/greeting.txt", /^Saved the text to reports\/greeting\.txt in the workspace\.$/],
    ] as const) {
      const { client, calls } = recordingClient();
      const answer = await runAgent(client, task, options({ session: `save-text-${file.replace(/\W/g, "-")}` }));
      expect(calls, task).toEqual([{ name: "save_to_file", input: { filename: file, content: expect.any(String) } }]);
      expect(answer.trim(), task).toMatch(said);
      expect(answer.trim().split("\n").length, `${task}: one or two lines, not the list of what the demo model can do`).toBeLessThanOrEqual(2);
      expect(await readFile(path.join(dir, file), "utf8")).toMatch(/^(hello|привет мир)\n$/);
    }
  });

  it("a follow-up in the same session uses the history: 'А в евро?' after '500 долларов в рублях'", async () => {
    const first = recordingClient();
    expect(await runAgent(first.client, "Сколько будет 500 долларов в рублях?", options())).toMatch(/46[\s\u00a0]250/);
    const second = recordingClient();
    const answer = await runAgent(second.client, "А в евро?", options());
    expect(second.calls).toEqual([
      { name: "get_exchange_rate", input: { from_currency: "USD", to_currency: "EUR" } },
      { name: "calculate", input: { expression: "500 * 0.92" } },
    ]);
    expect(answer).toContain("460");
  });

  it("another session does not see that history: the follow-up alone gets no conversion", async () => {
    await runAgent(recordingClient().client, "Сколько будет 500 долларов в рублях?", options());
    const other = recordingClient();
    const answer = await runAgent(other.client, "А в евро?", options({ session: "other" }));
    expect(other.calls).toEqual([]);
    expect(answer).not.toContain("460");
    expect(answer, "one short question instead of a guess, the currency named in Russian").toBe("Какую сумму и из какой валюты перевести в евро? Например: «Сколько будет 200 долларов в евро?»");
    const dollars = await runAgent(recordingClient().client, "А в долларах?", options({ session: "third" }));
    expect(dollars, "the example converts from another currency than the one asked for").toBe("Какую сумму и из какой валюты перевести в доллары? Например: «Сколько будет 200 рублей в долларах?»");
  });

  it("--session x, the issue 22 sequence: a whole question after a conversion is answered on its own, and its file is saved", async () => {
    await runAgent(recordingClient().client, "Сколько будет 500 долларов в рублях?", options({ session: "x" }));
    const rate = recordingClient();
    const answer = await runAgent(rate.client, "What is the USD to RUB rate?", options({ session: "x" }));
    expect(rate.calls).toEqual([{ name: "get_exchange_rate", input: { from_currency: "USD", to_currency: "RUB" } }]);
    expect(answer).toBe("1 USD = 92.5 RUB (demo rate from get_exchange_rate).");
    const save = recordingClient();
    await runAgent(save.client, "What is the USD to RUB rate? Save it to rate.txt", options({ session: "x" }));
    expect(save.calls.map((c) => c.name), "the save is asked for (and the gate decides), not skipped").toEqual(["get_exchange_rate", "save_to_file"]);
    expect(save.calls[1]?.input).toEqual({ filename: "rate.txt", content: "1 USD = 92.5 RUB\n" });
  });

  it("--new starts a fresh session; --new with an existing name is refused with what to do", async () => {
    await runAgent(recordingClient().client, "Сколько будет 500 долларов в рублях?", options({ session: "work" }));
    await expect(runAgent(recordingClient().client, "А в евро?", options({ session: "work", new: true }))).rejects.toThrow(/already exists.*Drop --new/);
    const fresh = recordingClient();
    await runAgent(fresh.client, "А в евро?", options({ new: true }));
    expect(fresh.calls, "a fresh session has no earlier question to lean on").toEqual([]);
  });

  it("two messages for one session at once run one after another: whichever goes second sees the other", async () => {
    const first = createMockModel([reply.slow(30, reply.text("Первый ответ."))]);
    const second = createMockModel([reply.slow(30, reply.text("Второй ответ."))]);
    await Promise.all([runAgent(first.client, "Первое", options()), runAgent(second.client, "Второе", options())]);
    const seen = [first, second].map((mock) => mock.requests[0]?.messages.map((m) => m.role).join(","));
    expect(seen.sort(), "one turn ran on an empty session, the other after it had finished").toEqual(["user", "user,assistant,user"]);
  });

  it("a session name that is not a plain word is refused (it could point outside the folder)", async () => {
    expect(() => sessionFile(dir, "../escape")).toThrow(/not a session name/);
    expect(() => sessionFile(dir, "")).toThrow(/not a session name/);
    expect(sessionFile(dir, "работа_1")).toBe(path.join(dir, "работа_1.jsonl"));
    await expect(runAgent(recordingClient().client, "hi", options({ session: "a/b" }))).rejects.toThrow(/not a session name/);
  });

  it("the multi-step sample routes to the strong model, and the session file says which model and why", async () => {
    const { client } = recordingClient();
    await runAgent(client, sampleTasks[3]!, options());
    const assistants = (await sessionLines()).filter((l) => l.type === "message" && (l.message as { role: string }).role === "assistant");
    expect(assistants.length).toBeGreaterThan(0);
    for (const line of assistants) expect(line).toMatchObject({ model: STRONG_MODEL, why: expect.stringMatching(/^strong: \d+ steps$/) });
    expect(lines.some((l) => l.includes(STRONG_MODEL) && l.includes("strong:"))).toBe(true);
  });

  it("an English lead works too", async () => {
    const { client, calls } = recordingClient();
    await runAgent(client, sampleTasks[4]!, options());
    expect(calls[0]).toEqual({ name: "add_row", input: { sheet: "leads", values: { contact: "@gpu_trader", request: "Looking for 20 used GPUs" } } });
  });
});

describe("sessions: append-only lines, a torn line, orphans", () => {
  it("a line cut short by a crash is skipped with a note; the next line starts on a fresh line", async () => {
    const file = path.join(dir, "s.jsonl");
    await appendLine(file, { type: "message", at: "t", message: { role: "user", content: "Привет" } });
    await appendFile(file, '{"type":"message","at":"t","message":{"role":"assis');
    const loaded = await loadSession(file);
    expect(loaded.messages).toEqual([{ role: "user", content: "Привет" }]);
    expect(loaded.notes[0]).toMatch(/line 2 is not a complete record/);
    await appendLine(file, { type: "message", at: "t", message: { role: "assistant", content: "Здравствуйте" } });
    const again = await loadSession(file);
    expect(again.messages.map((m) => m.content)).toEqual(["Привет", "Здравствуйте"]);
  });

  it("a missing file is an empty session; results written one per line come back as one user message", async () => {
    expect(await loadSession(path.join(dir, "none.jsonl"))).toEqual({ messages: [], notes: [] });
    const messages = messagesFrom([
      { type: "message", at: "t", message: { role: "user", content: "go" } },
      { type: "message", at: "t", message: { role: "assistant", content: [tu("a"), tu("b")] } },
      { type: "tool_result", at: "t", result: { type: "tool_result", tool_use_id: "a", content: "1" } },
      { type: "note", at: "t", text: "ignored" },
      { type: "tool_result", at: "t", result: { type: "tool_result", tool_use_id: "b", content: "2" } },
    ]);
    expect(messages).toHaveLength(3);
    expect(messages[2]).toEqual({ role: "user", content: [tr("a", "1"), tr("b", "2")] });
  });

  it("the unrepaired session is refused by the strict mock with the API's words; the repaired one is accepted", async () => {
    const history: Anthropic.MessageParam[] = [
      { role: "user", content: "Сохрани отчёт" },
      { role: "assistant", content: [tu("toolu_crash1")] },
      { role: "user", content: "Ну что там?" },
    ];
    const mock = createMockModel([reply.text("Проверю, сохранился ли файл.")]);
    const tools = [{ name: "save_to_file", description: "d", input_schema: { type: "object" as const } }];
    const send = (messages: Anthropic.MessageParam[]) => mock.client.messages.create({ model: CHEAP_MODEL, max_tokens: 100, tools, messages });
    const refused = await send(history).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Anthropic.BadRequestError);
    expect(String((refused as Error).message)).toContain(
      "`tool_use` ids were found without `tool_result` blocks immediately after: toolu_crash1",
    );
    expect(orphanIds(history)).toEqual(["toolu_crash1"]);
    await expect(send(repairOrphans(history))).resolves.toMatchObject({ stop_reason: "end_turn" });
  });
});

describe("the runner repairs what it loads", () => {
  it("an orphan in the middle of a session file (the user typed on after a crash) is repaired on every load, never appended out of place", async () => {
    const file = path.join(dir, "sessions", "terminal-main.jsonl");
    const rows: Parameters<typeof appendLine>[1][] = [
      { type: "message", at: "t", message: { role: "user", content: "Сохрани отчёт" } },
      { type: "message", at: "t", message: { role: "assistant", content: [tu("toolu_mid")] } },
      { type: "message", at: "t", message: { role: "user", content: "Ну что?" } },
      { type: "message", at: "t", message: { role: "assistant", content: "Не знаю." } },
    ];
    for (const row of rows) await appendLine(file, row);
    const before = await readFile(file, "utf8");
    const mock = createMockModel([reply.text("ok"), reply.text("ok again")]);
    await runAgent(mock.client, "Ещё раз?", options());
    await runAgent(mock.client, "И ещё?", options());
    expect(mock.rejections).toEqual([]);
    const sent = mock.requests[1]!.messages;
    expect(sent[2]).toMatchObject({ role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_mid", is_error: true }, { type: "text", text: "Ну что?" }] });
    const after = await readFile(file, "utf8");
    expect(after.startsWith(before)).toBe(true);
    expect(after.slice(before.length)).not.toContain("toolu_mid");
    expect(lines.some((l) => l.includes("toolu_mid") && l.includes("interrupted"))).toBe(true);
  });
});

describe("after a crash, on the offline model", () => {
  it("'Was it saved?' after a save cut off by a crash: the model checks the file instead of guessing", async () => {
    const file = path.join(dir, "sessions", "terminal-main.jsonl");
    await appendLine(file, { type: "message", at: "t", message: { role: "user", content: "Save the result to report.txt" } });
    const save = { type: "tool_use" as const, id: "toolu_cut1", name: "save_to_file", input: { filename: "report.txt", content: "500 USD = 46250 RUB" } };
    await appendLine(file, { type: "message", at: "t", message: { role: "assistant", content: [save] } });
    const { client, calls } = recordingClient();
    const answer = await runAgent(client, "Was it saved?", options());
    expect(calls).toEqual([{ name: "read_file", input: { filename: "report.txt" } }]);
    expect(answer).toMatch(/stopped while saving report\.txt.*not there/);
    await writeFile(path.join(dir, "report.txt"), "500 USD = 46250 RUB\n");
    await appendLine(path.join(dir, "sessions", "terminal-other.jsonl"), { type: "message", at: "t", message: { role: "user", content: "Save it" } });
    await appendLine(path.join(dir, "sessions", "terminal-other.jsonl"), { type: "message", at: "t", message: { role: "assistant", content: [{ ...save, id: "toolu_cut2" }] } });
    const again = await runAgent(recordingClient().client, "Сохранилось?", options({ session: "other" }));
    expect(again).toMatch(/файл есть и начинается с «500 USD = 46250 RUB»/);
  });
});

describe("add_row: a row in a CSV file, as RFC 4180 writes it", () => {
  it("creates the header from the first row's columns, then appends rows under it", async () => {
    await addRow(dir, "leads", { contact: "@a_b", request: "ASIC" });
    const second = await addRow(dir, "leads", { request: "GPU", contact: "@c_d" });
    expect(second).toEqual({ sheet: "leads", file: "leads.csv", row: 2, columns: ["contact", "request"] });
    expect(await readFile(path.join(dir, "leads.csv"), "utf8")).toBe("contact,request\r\n@a_b,ASIC\r\n@c_d,GPU\r\n");
  });

  it("quotes commas, quotes and line breaks; guards formulas; keeps handles and numbers", () => {
    expect(csvField("Ищу поставщика, срочно")).toBe('"Ищу поставщика, срочно"');
    expect(csvField('12" rack')).toBe('"12"" rack"');
    expect(csvField("line1\nline2")).toBe('"line1\nline2"');
    expect(csvField("=HYPERLINK(\"http://x\")")).toBe("\"'=HYPERLINK(\"\"http://x\"\")\"");
    expect(csvField("+1+1")).toBe("'+1+1");
    expect(csvField("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvField("@mining_pro")).toBe("@mining_pro");
    expect(csvField("-5")).toBe("-5");
    expect(csvLine(["a", "b,c"])).toBe('a,"b,c"\r\n');
    expect(parseCsvHeader('"a,b",c\r\nx,y')).toEqual(["a,b", "c"]);
    expect(countRecords('h\r\n"x\r\ny"\r\n')).toBe(2);
  });

  it("property: any cell text round-trips through quoting (the header parser reads back what csvLine wrote)", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: "grapheme" }), { minLength: 1, maxLength: 5 }), (fields) => {
        const safe = fields.map((f) => f.replace(/^[=+\-@\t\r]/, "x"));
        expect(parseCsvHeader(csvLine(safe))).toEqual(safe);
      }),
      { seed: 42, numRuns: 100 },
    );
  });

  it("bad input comes back as an error that says what to send", async () => {
    await expect(addRow(dir, "../x", { a: "1" })).rejects.toThrow(/plain name/);
    await expect(addRow(dir, "leads", [])).rejects.toThrow(/must be an object/);
    await expect(addRow(dir, "leads", {})).rejects.toThrow(/empty/);
    await expect(addRow(dir, "leads", { a: { nested: 1 } })).rejects.toThrow(/values.a must be text/);
    await expect(addRow(dir, "leads", { a: null })).rejects.toThrow(/not null/);
    await addRow(dir, "leads", { contact: "@x_y", n: 5, ok: true });
    await expect(addRow(dir, "leads", { phone: "+7" })).rejects.toThrow(/has the columns contact, n, ok; phone is not one of them/);
    expect(await readFile(path.join(dir, "leads.csv"), "utf8")).toBe("contact,n,ok\r\n@x_y,5,true\r\n");
  });

  it("twenty rows at once: one header, twenty whole rows, none mixed", async () => {
    await Promise.all(Array.from({ length: 20 }, (_, i) => addRow(dir, "leads", { contact: `@user_${i}`, request: `заказ ${i}, срочно` })));
    const text = await readFile(path.join(dir, "leads.csv"), "utf8");
    const rows = text.split("\r\n").filter((l) => l !== "");
    expect(rows[0]).toBe("contact,request");
    expect(rows.slice(1).sort()).toEqual(Array.from({ length: 20 }, (_, i) => `@user_${i},"заказ ${i}, срочно"`).sort());
  });

  it("the tool answers with JSON the model can read, and describes its effect for the gate", async () => {
    const tool = createAddRowTool(dir);
    expect(JSON.parse(await tool.run({ sheet: "leads", values: { contact: "@a_b" } }))).toMatchObject({ row: 1 });
    expect(tool.describeEffect?.({ sheet: "leads", values: { contact: "@a_b" } })).toBe("appends a row to leads.csv in the workspace (contact)");
  });
});

describe("routing, cost and the budget, with scripted usage", () => {
  it("the rule: override, asked for, many steps, else cheap", () => {
    expect(routeModel({ steps: 1, asksForStrong: false })).toEqual({ model: CHEAP_MODEL, why: "cheap: 1 step" });
    expect(routeModel({ steps: 3, asksForStrong: false }).model).toBe(STRONG_MODEL);
    expect(routeModel({ steps: 1, asksForStrong: true, override: "claude-opus-5" }).model).toBe("claude-opus-5");
    expect(taskFacts("Сколько будет 500 долларов в рублях?")).toEqual({ steps: 1, asksForStrong: false });
    expect(taskFacts("Подумай как следует: стоит ли покупать ASIC?").asksForStrong).toBe(true);
    expect(taskFacts("Use the strong model for this").asksForStrong).toBe(true);
    expect(taskFacts(sampleTasks[3]!).steps).toBeGreaterThanOrEqual(3);
    expect(taskFacts("Переведи 500 долларов в рубли, потом в евро и сохрани в отчёт").steps).toBe(3);
  });

  // Punctuation separates the details of one request; a step starts with "then"/"потом", an action
  // verb after a comma or "and"/"и", or another question. Commas alone never make the strong model pay.
  it("routing counts steps, not punctuation, in both languages", () => {
    const oneStep = [
      "Ищу поставщика, срочно, контакт @x_trader",
      "Нужен ASIC, б/у, недорого!!! Пишите: @x, звоните: 8-800-555-35-35...",
      "Looking for 20 used GPUs, urgent, contact: @gpu_trader; tel. +7 (999) 123-45-67!",
      "Hi!!! Urgent... need GPUs, ASAP, cheap, contact @x",
      "Please save it, thanks",
    ];
    for (const text of oneStep) expect(taskFacts(text).steps, text).toBe(1);
    expect(routeModel(taskFacts("Ищу поставщика, срочно, контакт @x_trader"))).toEqual({ model: CHEAP_MODEL, why: "cheap: 1 step" });
    const threeSteps = [
      "Convert 100 USD to EUR. Save it to report.txt, then email it to Bob.",
      "Переведи 100 долларов в евро, сохрани в отчёт, а потом отправь Бобу",
      "Курс доллара? А евро? А юаня?",
      "Сколько 500 долларов в рублях, затем в евро, после этого сравни с юанем",
    ];
    for (const text of threeSteps) expect(taskFacts(text).steps, text).toBe(3);
    expect(routeModel(taskFacts(threeSteps[1]!)).model).toBe(STRONG_MODEL);
  });

  it("--model pins the model for every request; the mock sees it", async () => {
    const mock = createMockModel([reply.text("ok")]);
    await runAgent(mock.client, sampleTasks[3]!, options({ model: "claude-opus-5-5" }));
    expect(mock.requests[0]?.model).toBe("claude-opus-5-5");
  });

  it("each response's cost goes to the ledger; turn, session and day totals add up", async () => {
    const { client } = withUsage([reply.toolUse("get_exchange_rate", { from_currency: "USD", to_currency: "RUB" }), reply.text("92.5")], [
      { input_tokens: 1_000_000, output_tokens: 0 },
      { input_tokens: 0, output_tokens: 100_000 },
    ]);
    await runAgent(client, "Курс доллара?", options());
    const ledger = await readLedger(path.join(dir, "sessions", "costs.jsonl"));
    // Haiku 5.5 (shared/model.ts): a prompt over 100,000 tokens is billed $0.50 per million in; a short
    // one $0.50 per million out.
    expect(ledger.map((e) => e.usd)).toEqual([0.5, 0.05]);
    expect(totals(ledger, "terminal-main", 0, new Date(ledger[0]!.at))).toEqual({ turn: 0.55, session: 0.55, today: 0.55 });
    expect(totals(ledger, "other", 0, new Date("2000-01-01"))).toEqual({ turn: 0, session: 0, today: 0 });
  });

  it("--budget stops before a request that could pass it, and says why; nothing is sent", async () => {
    const { client, mock } = withUsage([reply.toolUse("get_exchange_rate", { from_currency: "USD", to_currency: "RUB" }), reply.text("never")], [
      { input_tokens: 90_000, output_tokens: 1000 }, // $0.009 + $0.0005 at Haiku 5.5's prices
    ]);
    const stopped = await runAgent(client, "Курс доллара?", options({ budget: "0.01" }));
    expect(stopped, "stopping at the budget is an answer, not a crash").toMatch(/Stopped before the next request: it could cost up to \$0\.0\d+ .*\$0\.0095 of the \$0\.0100 budget is spent/);
    expect(mock.requests).toHaveLength(1);
  });

  it("a budget is a hard line: spending exactly the budget is allowed, a cent more is not", async () => {
    expect(wouldPassBudget(0.5, 0.5, 1)).toBe(false);
    expect(wouldPassBudget(0.5, 0.51, 1)).toBe(true);
    const meter = createCostMeter({ ledgerFile: path.join(dir, "c.jsonl"), budgetUsd: 0.001 });
    expect(() => meter.beforeRequest(CHEAP_MODEL, 100, 100)).not.toThrow();
    expect(() => meter.beforeRequest(CHEAP_MODEL, 10_000, 1000)).toThrow(BudgetExceeded);
    expect(() => meter.beforeRequest("llama-local", 1, 1)).toThrow(/No price is known for llama-local/);
    await expect(runAgentBudget("ten")).rejects.toThrow(/--budget takes an amount/);
  });
});

describe("the README's --budget try-this does what it says", () => {
  it.each(["README.md", "README.ru.md"])("%s: the offline run stops before its third request, with two done", async (readme) => {
    const text = await readFile(path.join("lessons", "08-assistant", readme), "utf8");
    const tryThis = text.slice(text.search(/^## (?:Try this|Попробуйте)$/m));
    const [, budget, task] = /`npm run lesson 8 -- --new --budget ([\d.]+) "([^"]+)"`/.exec(tryThis) ?? [];
    expect(budget, "the try-this names a budget and a task").toBeDefined();
    const { client, calls } = recordingClient();
    const said = await runAgent(client, task!, options({ budget: budget! }));
    expect(calls.map((c) => c.name), "two requests fit: the rate, then the sum").toEqual(["get_exchange_rate", "calculate"]);
    const [, spent] = /^Stopped before the next request: it could cost up to \$[\d.]+ .* (\$[\d.]+) of the \$0\.0015 budget is spent/.exec(said) ?? [];
    expect(spent, said).toBeDefined();
    expect(tryThis, "the README quotes what was spent when it stopped").toContain(`${readme === "README.md" ? "only" : "только"} \`${spent}\``);
  });
});

function runAgentBudget(budget: string) {
  return runAgent(createMockModel([]).client, "x", options({ budget }));
}

describe("the history budget: old turns left out, never a tool_use without its result", () => {
  it("keeps the latest turns under the budget, cuts only where a turn starts, adds a note", () => {
    const history: Anthropic.MessageParam[] = [];
    for (let i = 0; i < 10; i++) {
      history.push({ role: "user", content: `вопрос ${i} ${"x".repeat(400)}` });
      history.push({ role: "assistant", content: [tu(`t${i}`)] });
      history.push({ role: "user", content: [tr(`t${i}`, "y".repeat(400))] });
      history.push({ role: "assistant", content: `ответ ${i}` });
    }
    const fitted = fitHistory(history, 1000);
    expect(fitted.dropped).toBeGreaterThan(0);
    expect(fitted.dropped % 4, "cut at the start of a turn").toBe(0);
    expect(String(fitted.messages[0]?.content)).toMatch(/oldest messages of this session were left out/);
    expect(isTurnStart(fitted.messages[1]!)).toBe(true);
    expect(fitHistory(history, 1_000_000)).toEqual({ messages: history, dropped: 0 });
  });

  it("the trimmed history is accepted by the strict mock", async () => {
    const mock = createMockModel([reply.text("ok")]);
    for (let i = 0; i < 8; i++) {
      await runAgent(createMockModel([reply.toolUse("get_exchange_rate", { from_currency: "USD", to_currency: "RUB" }), reply.text(`ответ ${i} ${"z".repeat(300)}`)]).client, `вопрос ${i}`, options());
    }
    await runAgent(mock.client, "последний", options({ historyTokens: 800 }));
    expect(mock.rejections).toEqual([]);
    expect(lines.some((l) => /oldest messages left out/.test(l))).toBe(true);
  });
});

describe("the gateway and the terminal channel", () => {
  function recordingChannel(name = "test"): Channel & { sent: Array<[string, string]> } {
    const sent: Array<[string, string]> = [];
    return { name, sent, start: async () => undefined, send: async (chatId, text) => void sent.push([chatId, text]) };
  }
  const message = (chatId: string, text: string): IncomingMessage => ({ channel: "test", chatId, sender: "s", text, at: new Date() });

  it("routes each message to its session and the reply back to its chat; a failure is told to the chat", async () => {
    const seen: string[] = [];
    const gateway = createGateway({
      runTurn: async (turn) => {
        seen.push(turn.session);
        if (turn.message.text === "boom") throw new Error("the model is down");
        return `re: ${turn.message.text}`;
      },
    });
    const channel = recordingChannel();
    expect(await gateway.handle(channel, message("42", "hi"))).toBe("re: hi");
    await expect(gateway.handle(channel, message("7", "boom"))).rejects.toThrow("the model is down");
    expect(seen).toEqual(["test-42", "test-7"]);
    expect(channel.sent).toEqual([
      ["42", "re: hi"],
      ["7", "Sorry, that failed: the model is down"],
    ]);
  });

  it("attach: a terminal reads lines as messages, one turn at a time, and prints replies", async () => {
    const input = new PassThrough();
    let out = "";
    const terminal = createTerminalChannel({ chatId: "main", input, write: (t) => (out += t) });
    const gateway = createGateway({ runTurn: async (turn) => `echo ${turn.message.text}\u001b[2J` });
    const done = gateway.attach(terminal);
    input.end("первое\n\nвторое\n");
    await done;
    expect(out).toContain("echo первое\\x1b[2J");
    expect(out).toContain("echo второе");
    expect(out).not.toContain("\u001b[2J");
    expect(visible("a\tb\nc\u0007")).toBe("a\tb\nc\\x07");
  });
});

function tu(id: string): Anthropic.ToolUseBlockParam {
  return { type: "tool_use", id, name: "save_to_file", input: {} };
}
function tr(id: string, content: string): Anthropic.ToolResultBlockParam {
  return { type: "tool_result", tool_use_id: id, content };
}
void resultText;

describe("streaming: the model's words as they arrive", () => {
  it("the runner asks for a stream, and the terminal channel prints the answer piece by piece", async () => {
    const mock = createMockModel([reply.text("Записал лида: @mining_pro — поставщик ASIC, всё в leads.csv.")]);
    const pieces: string[] = [];
    const runTurn = createRunner({
      client: mock.client,
      tools: createAssistantTools(dir, path.join(dir, "memory")),
      rules: parseRulesFile("{}"),
      rulesFile: "permissions.json",
      approver: nobody,
      sessionsDir: path.join(dir, "sessions"),
      memoryDir: path.join(dir, "memory"),
      meter: createCostMeter({ ledgerFile: path.join(dir, "sessions", "costs.jsonl") }),
      stream: true,
      print: () => undefined,
    });
    const input = new PassThrough();
    const terminal = createTerminalChannel({ chatId: "main", input, write: (t) => void pieces.push(t) });
    const done = createGateway({ runTurn }).attach(terminal);
    input.end("Ищу поставщика ASIC, контакт @mining_pro\n");
    await done;
    expect(mock.requests[0]?.stream, "the request asks for a stream").toBe(true);
    const text = pieces.join("").replace(/\u001b\[[0-9;]*m/g, "");
    expect(text).toContain("Записал лида: @mining_pro — поставщик ASIC, всё в leads.csv.");
    const answerPieces = pieces.filter((p) => !p.includes("cost:") && p.trim() !== "");
    expect(answerPieces.length, "the words arrive in several pieces, not as one block at the end").toBeGreaterThan(2);
  });

  it("npm run lesson's transcript shows a streamed answer live and does not print it twice", async () => {
    const lines: string[] = [];
    const live: string[] = [];
    const transcript = createTranscript({ write: (line) => lines.push(line), live: (t) => void live.push(t) });
    const mock = createMockModel([reply.toolUse("get_exchange_rate", { from_currency: "USD", to_currency: "RUB" }), reply.text("500 USD = 46 250 RUB по демо-курсу.")]);
    const client = new Anthropic({ apiKey: "k", baseURL: "http://mock.invalid", fetch: transcript.wrapFetch(mock.fetch), maxRetries: 0 });
    const answer = await runAgent(client, "Сколько будет 500 долларов в рублях?", options({ stream: true }));
    expect(answer).toBe("500 USD = 46 250 RUB по демо-курсу.");
    expect(live.join("").trim()).toBe("500 USD = 46 250 RUB по демо-курсу.");
    expect(live.length).toBeGreaterThan(2);
    const plain = lines.join("\n").replace(/\u001b\[[0-9;]*m/g, "");
    expect(plain, "tool calls still show as → name {input}").toContain('→ get_exchange_rate {"from_currency":"USD","to_currency":"RUB"}');
    expect(plain, "the streamed text is not printed again at the end").not.toContain("46 250");
    expect(transcript.lastText()).toBe("500 USD = 46 250 RUB по демо-курсу.");
  });

  it("a streamed answer's thinking shows before its words, once, not after the answer", async () => {
    const printed: string[] = [];
    const transcript = createTranscript({ write: (line) => printed.push(`line:${line}`), live: (t) => void printed.push(`live:${t}`) });
    const mock = createMockModel([reply.thinking("Суммы нет: спрошу.", reply.text("Какую сумму перевести в EUR?"))]);
    const client = new Anthropic({ apiKey: "k", baseURL: "http://mock.invalid", fetch: transcript.wrapFetch(mock.fetch), maxRetries: 0 });
    await runAgent(client, "А в евро?", options({ stream: true }));
    const plain = printed.map((p) => p.replace(/\u001b\[[0-9;]*m/g, ""));
    const thought = plain.findIndex((p) => p.startsWith("line:") && p.includes("Суммы нет: спрошу."));
    const words = plain.findIndex((p) => p.startsWith("live:") && p.includes("Какую"));
    expect(thought, "the thinking line is printed").toBeGreaterThanOrEqual(0);
    expect(thought, "before the answer's words, as the model thought it").toBeLessThan(words);
    expect(plain.filter((p) => p.includes("Суммы нет")), "once").toHaveLength(1);
  });

  it("a stream that breaks mid-answer fails that turn only; the session goes on and is accepted", async () => {
    const broken = createMockModel([reply.streamError(4, reply.text("Это ответ, который оборвётся на середине."))]);
    await expect(runAgent(broken.client, "Привет", options({ stream: true }))).rejects.toThrow(/Overloaded/);
    const next = createMockModel([reply.text("Теперь всё в порядке.")]);
    expect(await runAgent(next.client, "Ещё раз?", options({ stream: true }))).toBe("Теперь всё в порядке.");
    expect(next.rejections).toEqual([]);
    expect(next.requests[0]?.messages.map((m) => m.content)).toEqual(["Привет", "Ещё раз?"]);
  });
});

describe("a turn that got no answer leaves one copy of its message, or none", () => {
  const userLines = async () => (await sessionLines()).filter((l) => (l.message as { role?: string } | undefined)?.role === "user");

  it("the same message again after an error is that question asked once more: sent and kept once", async () => {
    const failing = createMockModel([reply.error(500, "scripted outage")]);
    await expect(runAgent(failing.client, "Курс доллара?", options())).rejects.toThrow(/scripted outage/);
    const next = createMockModel([reply.text("92,5.")]);
    expect(await runAgent(next.client, "Курс доллара?", options())).toBe("92,5.");
    expect(next.requests[0]?.messages.map((m) => m.content), "not two copies in a row").toEqual(["Курс доллара?"]);
    expect((await userLines()).map((l) => (l.message as { content: unknown }).content)).toEqual(["Курс доллара?"]);
  });

  it("a request that never reached a model (no connection, a replay that does not match) leaves the question out", async () => {
    const offline = new Anthropic({ apiKey: "x", baseURL: "http://nowhere.invalid", maxRetries: 0, fetch: () => Promise.reject(new TypeError("fetch failed")) });
    await expect(runAgent(offline, "Сколько будет 600 долларов в рублях?", options())).rejects.toThrow(/Connection error/);
    expect((await sessionLines()).map((l) => l.type), "append-only: the file says it went unanswered").toEqual(["message", "unanswered"]);
    const next = createMockModel([reply.text("46 250 RUB.")]);
    await runAgent(next.client, "Сколько будет 500 долларов в рублях?", options());
    expect(next.requests[0]?.messages.map((m) => m.content)).toEqual(["Сколько будет 500 долларов в рублях?"]);
    expect(next.rejections).toEqual([]);
  });
});

// The offline demo model on tasks a learner types, run through the lessons' own agents: it answers from
// memory, plans the whole question or says it cannot, does every part of a task it can and names the
// rest, and refuses an over-long task at once. Each case says what must be answered and what must not.

import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type Anthropic from "@anthropic-ai/sdk";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runAgent as lesson01 } from "../../lessons/01-first-tool/agent.ts";
import { runAgent as lesson02 } from "../../lessons/02-agent-loop/agent.ts";
import { runAgent as lesson03 } from "../../lessons/03-saving-files/agent.ts";
import { runAgent as lesson04 } from "../../lessons/04-tool-contract/agent.ts";
import { runAgent as lesson05 } from "../../lessons/05-parallel-and-safe/agent.ts";
import { runAgent as lesson06 } from "../../lessons/06-memory/agent.ts";
import { runAgent as lesson07 } from "../../lessons/07-approval-gates/agent.ts";
import { noTerminalApprover } from "../../lessons/07-approval-gates/approver.ts";
import { createClient } from "../../shared/client.ts";
import { buildPlanContext, type MessagesRequest } from "../../shared/offline/plan-context.ts";
import { MAX_PARTS, MAX_TASK_CHARS, planTask } from "../../shared/offline/planner.ts";
import { skills } from "../../shared/offline/skills/index.ts";
import { splitTask } from "../../shared/offline/task-parts.ts";
import { recordingClient, type RecordedCall } from "../helpers/recording-client.ts";

let root = "";
let workspace = "";
let memoryDir = "";
beforeEach(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), "offline-tasks-"));
  workspace = path.join(root, "workspace");
  memoryDir = path.join(root, "memory");
  await fs.mkdir(workspace);
});
afterEach(async () => {
  await fs.rm(root, { recursive: true, force: true });
});

const MENU = /offline demo model: a small planner|офлайн-демомодель: маленький планировщик/;

async function run(lesson: (client: Anthropic, task: string) => Promise<string>, task: string): Promise<{ answer: string; calls: RecordedCall[] }> {
  const { client, calls } = recordingClient();
  const answer = await lesson(client, task);
  return { answer, calls };
}

const memoryAgent = (client: Anthropic, task: string) =>
  lesson06(client, task, { memoryDir, workspaceDir: workspace, today: () => "2026-05-01", log: () => undefined });

describe("answers questions from the memory in its prompt (lesson 06)", () => {
  it("Как меня зовут? after 'Запомни, что меня зовут Аня': the name, the file, in Russian, with no tool call", async () => {
    await run(memoryAgent, "Запомни, что меня зовут Аня");
    const { answer, calls } = await run(memoryAgent, "Как меня зовут?");
    expect(calls, "a question answered from memory needs no tool").toEqual([]);
    expect(answer).toContain("Вас зовут Аня");
    expect(answer).toContain("MEMORY.md");
    expect(answer).toContain("2026-05-01");
    expect(answer).not.toMatch(MENU);
  });

  it("What is my name? finds the fact saved in Russian and answers in English", async () => {
    await run(memoryAgent, "Запомни, что меня зовут Аня");
    const { answer } = await run(memoryAgent, "What is my name?");
    expect(answer).toMatch(/^Your name is Аня \(from MEMORY\.md/);
  });

  it("What is my budget for the trip? quotes the fact and its file; Где я живу? likewise", async () => {
    await run(memoryAgent, "Remember that my budget for the trip is 2000 EUR");
    await run(memoryAgent, "Запомни, что я живу в Лиссабоне");
    const budget = await run(memoryAgent, "What is my budget for the trip?");
    expect(budget.answer).toContain('"The user\'s budget for the trip is 2000 EUR"');
    expect(budget.answer).toContain("MEMORY.md");
    expect(budget.answer, "only the fact asked about").not.toContain("Лиссабон");
    const home = await run(memoryAgent, "Где я живу?");
    expect(home.answer).toMatch(/^По памяти \(MEMORY\.md, запись от 2026-05-01\): «Пользователь живёт в Лиссабоне»/);
    expect(home.answer).not.toContain("2000");
  });

  it("says plainly when memory holds nothing on the question, in either language, and does not guess", async () => {
    const empty = await run(memoryAgent, "What is my name?");
    expect(empty.answer).toMatch(/My memory holds nothing on that/);
    expect(empty.answer).not.toMatch(MENU);
    await run(memoryAgent, "Запомни, что я живу в Лиссабоне");
    const work = await run(memoryAgent, "Где я работаю?");
    expect(work.answer).toMatch(/В моей памяти об этом ничего нет/);
    expect(work.answer, "a fact about something else is not an answer").not.toContain("Лиссабон");
    expect(work.calls).toEqual([]);
  });

  it("a name set with set_preference (USER.md) wins over an older remembered one, and both are shown", async () => {
    await run(memoryAgent, "Запомни, что меня зовут Аня");
    await run(memoryAgent, "Call me Alex");
    const { answer } = await run(memoryAgent, "What is my name?");
    expect(answer).toMatch(/^Your name is Alex \(from USER\.md/);
    expect(answer).toContain("Пользователя зовут Аня");
  });

  it("Какой у меня бюджет на поездку в рублях? quotes the fact, then converts it with the tools", async () => {
    await run(memoryAgent, "Remember that my budget for the trip is 2000 EUR");
    const { answer, calls } = await run(memoryAgent, "Какой у меня бюджет на поездку в рублях?");
    expect(calls).toEqual([
      { name: "get_exchange_rate", input: { from_currency: "EUR", to_currency: "RUB" } },
      { name: "calculate", input: { expression: "2000 * 100.3" } },
    ]);
    expect(answer).toContain("MEMORY.md");
    expect(answer).toMatch(/2\s000 EUR = 200\s600 RUB/);
  });

  it("Что ты обо мне знаешь? lists every remembered line with its file; SOUL.md is not about the user", async () => {
    await run(memoryAgent, "Remember that my budget for the trip is 2000 EUR");
    await run(memoryAgent, "Call me Alex");
    const { answer } = await run(memoryAgent, "Что ты обо мне знаешь?");
    expect(answer).toContain("«The user's budget for the trip is 2000 EUR» (MEMORY.md, запись от 2026-05-01)");
    expect(answer).toContain("«name: Alex» (USER.md)");
    expect(answer).not.toContain("SOUL.md");
  });

  it("Забудь ... removes a fact stored in English: the model names the fact as its memory words it", async () => {
    await run(memoryAgent, "Remember that I prefer reports in EUR");
    await run(memoryAgent, "Remember that I live in Lisbon");
    const { answer, calls } = await run(memoryAgent, "Забудь, что я предпочитаю отчёты в евро");
    expect(calls).toEqual([{ name: "forget", input: { fact: "The user prefers reports in EUR" } }]);
    expect(answer).toBe("Готово: я больше не помню «The user prefers reports in EUR».");
    expect(await fs.readFile(path.join(memoryDir, "MEMORY.md"), "utf8")).toContain("The user lives in Lisbon");
  });

  it("'My name is Anna, what is 2+2?' does not store 'Anna, what is 2+2' as the name", async () => {
    const { calls } = await run(memoryAgent, "My name is Anna, what is 2+2?");
    expect(calls.filter((c) => c.name === "set_preference")).toEqual([]);
  });

  it("What do you know about me? on a fresh memory says it holds nothing yet", async () => {
    const { answer } = await run(memoryAgent, "What do you know about me?");
    expect(answer).toMatch(/^My memory holds nothing about you yet/);
  });

  it("outside a memory lesson a question about the user gets the honest reply, not an invented memory", async () => {
    const { answer } = await run(lesson02, "What is my name?");
    expect(answer).toMatch(MENU);
    expect(answer).not.toMatch(/memory/i);
  });
});

describe("never answers a question it was not asked", () => {
  it("lesson 02: 300 USD minus 45.5 EUR is planned whole (rate, then arithmetic), not converted", async () => {
    const { answer, calls } = await run(lesson02, "If I have 300 USD and spend 45.5 EUR, how many dollars are left?");
    expect(calls).toEqual([
      { name: "get_exchange_rate", input: { from_currency: "EUR", to_currency: "USD" } },
      { name: "calculate", input: { expression: "300 - 45.5 * 1.08696" } },
    ]);
    expect(answer).toMatch(/^You have 250\.54 USD left/);
    expect(answer, "the bare conversion the issue saw").not.toContain("276 EUR");
  });

  it("the same in Russian, and as separate sentences", async () => {
    const ru = await run(lesson02, "У меня 300 долларов, я трачу 45,5 евро. Сколько долларов останется?");
    expect(ru.answer).toMatch(/^Останется 250,54 USD/);
    const en = await run(lesson02, "I have 300 USD. I spend 45.5 EUR. How many dollars are left?");
    expect(en.answer).toMatch(/^You have 250\.54 USD left/);
    expect(en.answer).not.toMatch(/Not done/);
  });

  it.each([
    ["What's the EUR to USD rate and how much are 250 euros?", "250 EUR = 271.74 USD"],
    ["Какой курс евро к доллару и сколько будет 250 евро?", "250 EUR = 271,74 USD"],
  ])("%s -> the amount in the currency the same task named, not in rubles", async (task, expected) => {
    const { answer, calls } = await run(lesson02, task);
    expect(calls.some((c) => c.input.to_currency === "RUB"), "rubles were never asked for: the default target answers a neighbouring question").toBe(false);
    expect(answer).toContain(expected);
  });

  it("spending more than one has says so instead of a negative 'left'", async () => {
    const { answer } = await run(lesson02, "If I have 10 USD and spend 45.5 EUR, how many dollars are left?");
    expect(answer).toMatch(/^That is 39\.46 USD more than you have/);
  });

  it.each([
    ["What was the USD to RUB rate yesterday?", "a past rate: the tool only has today's"],
    ["Какой был курс доллара к рублю в 2020 году?", "a rate in 2020"],
    ["Which is more, 100 USD or 90 EUR?", "a comparison"],
    ["What is 300 USD - 45.5 EUR?", "arithmetic on two currencies"],
    ["What is the square root of 16 + 9?", "a function the sum does not contain"],
    ["What is 5 km + 300 m?", "arithmetic with units"],
    ["What is 15% of 46250 plus 100?", "a percentage and then more"],
    ["Сколько будет 15% от 46250 после вычета 100?", "a percentage and then more, in Russian"],
    ["I have 300 USD", "a statement, not a request"],
    ["What is 15% of 46250 in words?", "a percentage written out in words"],
    ["What is 2 + 2 in binary?", "a sum in another notation"],
  ])("%s -> no tool call, the honest reply (%s)", async (task) => {
    const { answer, calls } = await run(lesson02, task);
    expect(calls, `the model planned calls for a question it does not understand: ${task}`).toEqual([]);
    expect(answer).toMatch(MENU);
  });

  it("a percentage of money keeps its currency; one with a target currency is not answered as a bare percentage", async () => {
    const kept = await run(lesson02, "What is 15% of 46250 RUB?");
    expect(kept.answer).toBe("15% of 46,250 RUB is 6,937.5 RUB.");
    const other = await run(lesson02, "What is 15% of 46250 RUB in EUR?");
    expect(other.calls.map((c) => c.name), "the target currency must be looked up, not dropped").toContain("get_exchange_rate");
    expect(other.answer).not.toBe("15% of 46,250 RUB is 6,937.5 RUB.");
  });
});

describe("a percentage of an amount in one currency, asked in another", () => {
  // The share first, then the rate, then the share in the target currency: each figure from a tool.
  const steps = [
    { name: "calculate", input: { expression: "1200 * 15 / 100" } },
    { name: "get_exchange_rate", input: { from_currency: "EUR", to_currency: "RUB" } },
    { name: "calculate", input: { expression: "180 * 100.3" } },
  ];

  it.each(["What is 15% of 1200 EUR in rubles?", "15% of 1200 EUR in RUB", "How many rubles is 15% of 1200 euros?"])(
    "%s -> share, rate, share in rubles; both figures in the answer",
    async (task) => {
      const { answer, calls } = await run(lesson02, task);
      expect(calls, "expected calculate (the share), get_exchange_rate EUR->RUB, calculate (share * rate)").toEqual(steps);
      expect(answer).toBe("15% of 1,200 EUR is 180 EUR = 18,054 RUB at the demo rate 1 EUR = 100.3 RUB.");
    },
  );

  it.each(["Сколько будет 15% от 1200 евро в рублях?", "Сколько рублей составляют 15% от 1200 евро?"])("in Russian: «%s» is answered in Russian", async (task) => {
    const { answer, calls } = await run(lesson02, task);
    expect(calls).toEqual(steps);
    expect(answer).toMatch(/^15% от 1\s200 EUR — это 180 EUR = 18\s054 RUB по демо-курсу 1 EUR = 100,3 RUB\.$/);
  });

  it("saves both figures when asked, in plain digits", async () => {
    const { answer, calls } = await run((c, t) => lesson03(c, t, { workspaceDir: workspace }), "What is 15% of 1200 EUR in rubles? Save it to share.txt");
    expect(calls.map((c) => c.name)).toEqual(["calculate", "get_exchange_rate", "calculate", "save_to_file"]);
    expect(answer).toContain("180 EUR = 18,054 RUB");
    expect(await fs.readFile(path.join(workspace, "share.txt"), "utf8")).toContain("15% of 1200 EUR = 180 EUR = 18054 RUB");
  });

  it("several conversions, then a file: «..., потом в евро, потом сохрани в reports/r.txt» is saved, in plain digits", async () => {
    const lesson = (c: Anthropic, t: string) => lesson03(c, t, { workspaceDir: workspace });
    const { answer, calls } = await run(lesson, "Сколько будет 500 долларов в рублях, потом в евро, потом сохрани в reports/r.txt");
    expect(calls.map((c) => c.name)).toEqual(["get_exchange_rate", "get_exchange_rate", "calculate", "calculate", "save_to_file"]);
    expect(answer).toMatch(/^500 USD = 46\s250 RUB \(1 USD = 92,5 RUB\)\n500 USD = 460 EUR \(1 USD = 0,92 EUR\)\nСохранено в reports\/r\.txt в рабочей папке\.$/);
    expect(await fs.readFile(path.join(workspace, "reports", "r.txt"), "utf8")).toBe("500 USD = 46250 RUB (1 USD = 92.5 RUB)\n500 USD = 460 EUR (1 USD = 0.92 EUR)\n");
    const english = await run(lesson, "How much are 100 US dollars in rubles and in euros? Save it to both.txt");
    expect(english.answer).toMatch(/\nSaved to both\.txt in the workspace\.$/);
  });

  it("lesson 04: a pair the table lacks goes through the currency the tool's error names", async () => {
    const { answer, calls } = await run((c, t) => lesson04(c, t, { workspaceDir: workspace }), "What is 10% of 1000 RUB in BTC?");
    expect(calls.map((c) => c.name)).toEqual(["calculate", "get_exchange_rate", "get_exchange_rate", "get_exchange_rate", "calculate"]);
    expect(calls.at(-1)?.input.expression).toMatch(/^100 \* [\d.]+ \* [\d.]+$/);
    expect(answer).toMatch(/^10% of 1,000 RUB is 100 RUB = [\d.]+ BTC at the demo rates 1 RUB = [\d.]+ USD and 1 USD = [\d.]+ BTC\.$/);
  });

  it("lesson 01 has no calculate: the honest reply, no tool call", async () => {
    const { answer, calls } = await run(lesson01, "What is 15% of 1200 EUR in rubles?");
    expect(calls).toEqual([]);
    expect(answer).toMatch(MENU);
  });

  it("a percentage with no target currency keeps the plain percentage answer", async () => {
    const plain = await run(lesson02, "What is 15% of 1200?");
    expect(plain.calls).toEqual([{ name: "calculate", input: { expression: "1200 * 15 / 100" } }]);
    expect(plain.answer).toBe("15% of 1,200 is 180.");
    const money = await run(lesson02, "What is 15% of 1200 EUR?");
    expect(money.calls.map((c) => c.name)).toEqual(["calculate"]);
    expect(money.answer).toBe("15% of 1,200 EUR is 180 EUR.");
  });

  it.each([
    ["What is 15% of 1200 EUR in EUR?", "the same currency twice"],
    ["What is 15% of 1200 EUR plus 5 in rubles?", "a percentage and then more"],
    ["What was 15% of 1200 EUR in rubles yesterday?", "a past rate"],
    ["What is 15% of 1200 EUR in rubles and in dollars?", "two targets"],
    ["What is 15% of 1200 in rubles?", "no currency for the amount"],
  ])("%s -> no tool call, the honest reply (%s)", async (task) => {
    const { answer, calls } = await run(lesson02, task);
    expect(calls, `planned calls for: ${task}`).toEqual([]);
    expect(answer).toMatch(MENU);
  });
});

describe("does every part of a task it can, and names the parts it did not do", () => {
  it("lesson 04: 'Convert 200 dollars to rubles and read inbox.txt' converts and reads", async () => {
    await fs.writeFile(path.join(workspace, "inbox.txt"), "Lunch at 13:00.\n");
    const { answer, calls } = await run((c, t) => lesson04(c, t, { workspaceDir: workspace }), "Convert 200 dollars to rubles and read inbox.txt");
    expect(calls.map((c) => c.name)).toEqual(["get_exchange_rate", "calculate", "read_file"]);
    expect(answer).toContain("200 USD = 18,500 RUB");
    expect(answer).toContain("inbox.txt says");
    expect(answer).toContain("Lunch at 13:00.");
    expect(answer).not.toMatch(/Not done/);
  });

  it("lesson 02 has no read_file: the conversion is done and the read is named as not done", async () => {
    const { answer, calls } = await run(lesson02, "Convert 200 dollars to rubles and read inbox.txt");
    expect(calls.map((c) => c.name)).toEqual(["get_exchange_rate", "calculate"]);
    expect(answer).toContain("200 USD = 18,500 RUB");
    expect(answer).toContain('Not done: "read inbox.txt"');
  });

  it("Russian, three parts: conversion and read done, the time named as not done", async () => {
    await fs.writeFile(path.join(workspace, "inbox.txt"), "Привет!\n");
    const { answer } = await run((c, t) => lesson04(c, t, { workspaceDir: workspace }), "Переведи 200 долларов в рубли и прочитай inbox.txt, потом скажи, который час");
    expect(answer).toMatch(/200 USD = 18\s500 RUB/);
    expect(answer).toContain("Привет!");
    expect(answer).toContain("Не сделано: «скажи, который час»");
  });

  it("lesson 03: a conversion saved, then 'write me a poem' named as not done; the file holds the conversion", async () => {
    const { answer } = await run((c, t) => lesson03(c, t, { workspaceDir: workspace }), "Convert 100 EUR to USD and save it to eur.txt, then write me a poem");
    expect(answer).toContain("100 EUR = 108.696 USD");
    expect(answer).toContain("Saved to eur.txt");
    expect(answer).toContain('Not done: "write me a poem"');
    expect(await fs.readFile(path.join(workspace, "eur.txt"), "utf8")).toContain("100 EUR = 108.696 USD");
  });

  it("lesson 01: a rate and a joke: the rate, and the joke named", async () => {
    const { answer } = await run(lesson01, "What is the USD to RUB rate? Also tell me a joke.");
    expect(answer).toContain("1 USD = 92.5 RUB");
    expect(answer).toContain('Not done: "tell me a joke."');
  });

  it("lesson 05: two independent questions are both answered", async () => {
    const agent = (c: Anthropic, t: string) => lesson05(c, t, { workspaceDir: workspace, rates: { demoLatencyMs: 0 }, write: () => undefined });
    const { answer } = await run(agent, "Convert $250 to euros and to rubles, and what is 15% of 46250?");
    expect(answer).toContain("250 USD = 230 EUR");
    expect(answer).toContain("250 USD = 23,125 RUB");
    expect(answer).toContain("15% of 46,250 is 6,937.5.");
  });

  it("lesson 06: remember one thing, then convert with the tools", async () => {
    const { answer, calls } = await run(memoryAgent, "Запомни, что я живу в Лиссабоне, потом переведи 100 евро в доллары");
    expect(calls.map((c) => c.name)).toEqual(["remember", "get_exchange_rate", "calculate"]);
    expect(answer).toContain("Пользователь живёт в Лиссабоне");
    expect(answer).toMatch(/100 EUR = 108,696 USD/);
  });

  it("lesson 07: reading a report the gate allows, and a joke named as not done", async () => {
    await fs.writeFile(path.join(workspace, "report.txt"), "500 USD = 46250 RUB\n");
    const agent = (c: Anthropic, t: string) => lesson07(c, t, { workspace, rules: { allow: [{ tool: "read_file", source: "read_file" }], deny: [], ask: [] }, approver: noTerminalApprover(), print: () => undefined });
    const { answer } = await run(agent, "Прочитай report.txt и расскажи анекдот");
    expect(answer).toContain("500 USD = 46250 RUB");
    expect(answer).toContain("Не сделано: «расскажи анекдот»");
  });
});

describe("splitting a task into parts", () => {
  it.each([
    ["Convert 200 dollars to rubles and read inbox.txt", ["Convert 200 dollars to rubles", "read inbox.txt"]],
    ["How much are 100 USD in RUB, in EUR, and 100 EUR in RUB?", ["How much are 100 USD in RUB, in EUR, and 100 EUR in RUB?"]],
    ["Convert $250 to euros and to rubles", ["Convert $250 to euros and to rubles"]],
    ["How much are 500 US dollars in rubles? Save the result to report.txt", ["How much are 500 US dollars in rubles? Save the result to report.txt"]],
    ["Convert 500 USD to RUB, read inbox.txt and save the result to report.txt", ["Convert 500 USD to RUB and save the result to report.txt", "read inbox.txt"]],
    ["Remember that I work in Berlin and call my mother on Sundays", ["Remember that I work in Berlin and call my mother on Sundays"]],
    ["Переведи 200 долларов в рубли и прочитай inbox.txt, потом скажи, который час", ["Переведи 200 долларов в рубли", "прочитай inbox.txt", "скажи, который час"]],
    ["Thanks! What time is it?", ["What time is it?"]],
  ])("%s", (task, parts) => {
    expect(splitTask(task).map((p) => p.text)).toEqual(parts);
  });
});

describe("long tasks", () => {
  const tools: Anthropic.Tool[] = ["get_exchange_rate", "calculate", "save_to_file", "read_file", "get_time", "remember", "forget", "set_preference", "plan_email", "send_email"].map(
    (name) => ({ name, description: name, input_schema: { type: "object" } }),
  );
  const planFor = (task: string) =>
    planTask(buildPlanContext({ model: "m", max_tokens: 10, tools, messages: [{ role: "user", content: task }] } as MessagesRequest), skills);

  it("a 1 MB task is refused at once through the SDK, with the limit stated", async () => {
    const task = "How much are 500 USD in RUB? ".repeat(37_000).slice(0, 1_048_576);
    const { answer, calls } = await run(lesson02, task);
    expect(calls).toEqual([]);
    expect(answer).toContain("1,048,576 characters");
    expect(answer).toContain(`up to ${MAX_TASK_CHARS.toLocaleString("en-US")} characters`);
  });

  it("a task of more parts than the planner takes is refused with the count", () => {
    const plan = planFor("Read a.txt. ".repeat(MAX_PARTS + 1));
    expect(plan).toEqual({ say: expect.stringContaining(`${MAX_PARTS + 1} parts`) });
  });

  // Patterns that made a parser read the text again from every position (quadratic). Each is planned at
  // the full limit; their speed is measured in bench/offline-planner.ts, here they must simply finish.
  it.each(["500 USD in RUB ", "1111", "aaaa", "....", "?", "a@b", "1+", "((", "15% of 1 ", ", convert ", "USD/", "евро и ", "I have 1 USD. What is 1% of it? ", "I have 1 USD, of it", "of it ", "доллара и евро к рублю ", "У меня 1 рубль. ", "15% of 1 EUR in RUB ", "15% от 1 евро в рублях ", "15% of 1 EUR"])(
    "plans a %j task of the full length",
    (unit) => {
      const task = unit.repeat(Math.ceil(MAX_TASK_CHARS / unit.length)).slice(0, MAX_TASK_CHARS);
      const plan = planFor(task);
      expect("say" in plan || "call" in plan).toBe(true);
    },
  );
});

describe("a rate the demo table lacks: the tool's error in a sentence, and its advice followed when it gives one", () => {
  const lesson04Agent = (c: Anthropic, t: string) => lesson04(c, t, { workspaceDir: workspace });
  const lesson05Agent = (c: Anthropic, t: string) => lesson05(c, t, { workspaceDir: workspace, rates: { demoLatencyMs: 0 }, write: () => undefined });
  const TABLE_EN = "its demo table has only USD/RUB, EUR/RUB, USD/EUR and BTC/USD (each either way)";
  const TABLE_RU = "в его демо-таблице есть только USD/RUB, EUR/RUB, USD/EUR и BTC/USD (в обе стороны)";
  const RUB_BTC = { name: "get_exchange_rate", input: { from_currency: "RUB", to_currency: "BTC" } };

  it.each([
    ["lesson 01", lesson01],
    ["lesson 02", lesson02],
  ])("%s (the error gives no way round): How much is 1000 rubles in bitcoin? names the pair, the tool and the pairs it has", async (_name, agent) => {
    const { answer, calls } = await run(agent, "How much is 1000 rubles in bitcoin?");
    expect(calls).toEqual([RUB_BTC]);
    expect(answer).toBe(`get_exchange_rate has no demo rate for RUB/BTC, so I could not answer: ${TABLE_EN}.`);
    expect(answer, "no route is invented when the tool gives none").not.toContain("through");
  });

  it("in Russian: Сколько будет 1000 рублей в биткоинах? (lesson 02)", async () => {
    const { answer, calls } = await run(lesson02, "Сколько будет 1000 рублей в биткоинах?");
    expect(calls).toEqual([RUB_BTC]);
    expect(answer).toBe(`У get_exchange_rate нет демо-курса RUB/BTC, поэтому ответить я не смог: ${TABLE_RU}.`);
  });

  it.each([
    ["lesson 04", lesson04Agent],
    ["lesson 05", lesson05Agent],
  ])("%s (the contract's error says 'Go through USD'): both lookups, then one calculate, and the answer says why", async (_name, agent) => {
    const { answer, calls } = await run(agent, "How much is 1000 rubles in bitcoin?");
    expect(calls).toEqual([
      RUB_BTC,
      { name: "get_exchange_rate", input: { from_currency: "RUB", to_currency: "USD" } },
      { name: "get_exchange_rate", input: { from_currency: "USD", to_currency: "BTC" } },
      { name: "calculate", input: { expression: "1000 * 0.0108108 * 0.0000149254" } },
    ]);
    expect(answer).toBe(
      "1,000 RUB = 0.000161356 BTC, through USD: get_exchange_rate has no demo rate for RUB/BTC, so, as the tool suggested, " +
        "I multiplied the demo rates 1 RUB = 0.0108108 USD and 1 USD = 0.0000149254 BTC.",
    );
    expect(answer, "the tool's JSON is not pasted at the learner").not.toMatch(/[{}"]|success/);
  });

  it("lesson 04 in Russian, and a rate (not an amount) through USD", async () => {
    const ru = await run(lesson04Agent, "Сколько будет 1000 рублей в биткоинах?");
    expect(ru.calls.map((c) => c.name)).toEqual(["get_exchange_rate", "get_exchange_rate", "get_exchange_rate", "calculate"]);
    expect(ru.answer).toMatch(/^1\s000 RUB = 0,000161356 BTC через USD: у get_exchange_rate нет демо-курса RUB\/BTC, поэтому, как советует инструмент, я перемножил демо-курсы 1 RUB = 0,0108108 USD и 1 USD = 0,0000149254 BTC\.$/);
    const rate = await run(lesson04Agent, "What is the BTC to EUR rate?");
    expect(rate.calls.at(-1)).toEqual({ name: "calculate", input: { expression: "67000 * 0.92" } });
    expect(rate.answer).toMatch(/^1 BTC = 61,640 EUR, through USD: get_exchange_rate has no demo rate for BTC\/EUR/);
  });

  it("a route through USD needs calculate: with get_exchange_rate alone the error is explained, its advice passed on", () => {
    const error = JSON.stringify({
      success: false,
      data: null,
      error: "There is no demo rate for RUB/BTC. Go through USD: get RUB/USD and USD/BTC, then multiply the two rates with calculate. (There is no demo rate for RUB/BTC. Available pairs (either direction): USD/RUB, EUR/RUB, USD/EUR, BTC/USD.)",
    });
    const request = {
      model: "m",
      max_tokens: 10,
      tools: [{ name: "get_exchange_rate", description: "Get the exchange rate between two currencies.", input_schema: { type: "object" } }],
      messages: [
        { role: "user", content: "How much is 1000 rubles in bitcoin?" },
        { role: "assistant", content: [{ type: "tool_use", id: "t1", name: "get_exchange_rate", input: RUB_BTC.input }] },
        { role: "user", content: [{ type: "tool_result", tool_use_id: "t1", content: error, is_error: true }] },
      ],
    } as MessagesRequest;
    expect(planTask(buildPlanContext(request), skills)).toEqual({
      say: `get_exchange_rate has no demo rate for RUB/BTC, so I could not answer: ${TABLE_EN}. The tool suggests going through USD: RUB/USD, then USD/BTC, and multiplying the two rates.`,
    });
  });

  it("in a list of rates: lesson 01 explains the missing pair and gives the others; lesson 05 takes the route the tool suggests", async () => {
    const task = "What are the RUB/BTC and USD/RUB rates?";
    const first = await run(lesson01, task);
    expect(first.calls.map((c) => c.input)).toEqual([RUB_BTC.input, { from_currency: "USD", to_currency: "RUB" }]);
    expect(first.answer).toBe(`RUB → BTC: get_exchange_rate has no demo rate for RUB/BTC, so I could not answer: ${TABLE_EN}.\n1 USD = 92.5 RUB`);

    const { answer, calls } = await run(lesson05Agent, task);
    expect(calls.map((c) => c.input)).toEqual([
      RUB_BTC.input,
      { from_currency: "USD", to_currency: "RUB" },
      { from_currency: "RUB", to_currency: "USD" },
      { from_currency: "USD", to_currency: "BTC" },
      { expression: "0.0108108 * 0.0000149254" },
    ]);
    expect(answer).toContain(
      "1 RUB = 0.000000161356 BTC through USD (get_exchange_rate has no demo rate for RUB/BTC; as it suggested, I multiplied 1 RUB = 0.0108108 USD by 1 USD = 0.0000149254 BTC)",
    );
    expect(answer).toContain("1 USD = 92.5 RUB");
    expect(answer).not.toMatch(/"success"/);
  });

  it("lesson 05: several sums, one through USD: «Сколько будет 1000 рублей в биткоинах и в долларах?»", async () => {
    const { answer, calls } = await run(lesson05Agent, "Сколько будет 1000 рублей в биткоинах и в долларах?");
    expect(calls.filter((c) => c.name === "calculate").map((c) => c.input.expression)).toEqual(["1000 * 0.0108108 * 0.0000149254", "1000 * 0.0108108"]);
    expect(answer).toMatch(/1\s000 RUB = 0,000161356 BTC через USD \(у get_exchange_rate нет демо-курса RUB\/BTC; как он советует, я перемножил 1 RUB = 0,0108108 USD и 1 USD = 0,0000149254 BTC\)/);
    expect(answer).toMatch(/1\s000 RUB = 10,8108 USD \(1 RUB = 0,0108108 USD\)/);
  });

  it("lesson 01 has no calculator: it gives the rate and says it cannot work the sum out, never a figure from its head", async () => {
    const { answer } = await run(lesson01, "How much is 100 USD in BTC?");
    expect(answer).toBe(
      "1 USD = 0.0000149254 BTC (demo rate from get_exchange_rate). I cannot give 100 USD in BTC exactly: this agent has no calculate tool, and I do not do sums in my head. Multiply 100 by 0.0000149254, or ask an agent that has calculate.",
    );
  });

  it("two amounts into one currency: each conversion says which is which, and the total comes from calculate", async () => {
    const { answer, calls } = await run(lesson02, "How much are 100 USD and 50 EUR in RUB together?");
    expect(calls.filter((c) => c.name === "calculate").map((c) => c.input)).toEqual([{ expression: "100 * 92.5" }, { expression: "50 * 100.3" }, { expression: "9250 + 5015" }]);
    expect(answer).toBe("In RUB, at the demo rates:\n- 100 USD = 9,250 RUB (1 USD = 92.5 RUB)\n- 50 EUR = 5,015 RUB (1 EUR = 100.3 RUB)\nTotal: 14,265 RUB.");
  });
});

describe("several rates in one question, in Russian as in English", () => {
  const lesson05Agent = (c: Anthropic, t: string) => lesson05(c, t, { workspaceDir: workspace, rates: { demoLatencyMs: 0 }, write: () => undefined });
  const BOTH_TO_RUB = [
    { name: "get_exchange_rate", input: { from_currency: "USD", to_currency: "RUB" } },
    { name: "get_exchange_rate", input: { from_currency: "EUR", to_currency: "RUB" } },
  ];

  it("lesson 05: «Какие курсы доллара и евро к рублю? И сколько 10% от 5000?» answers both parts", async () => {
    const { answer, calls } = await run(lesson05Agent, "Какие курсы доллара и евро к рублю? И сколько 10% от 5000?");
    expect(calls).toEqual([...BOTH_TO_RUB, { name: "calculate", input: { expression: "5000 * 10 / 100" } }]);
    expect(answer).toContain("1 USD = 92,5 RUB\n1 EUR = 100,3 RUB");
    expect(answer).toMatch(/10% от 5\s000 — это 500\./);
    expect(answer, "the rates part is no longer declined").not.toContain("Не сделано");
  });

  it.each([
    ["курс доллара и евро", "no target named: rubles, as for one rate asked in Russian"],
    ["Курсы доллара и евро к рублю", "«к рублю» names the target"],
    ["Какой курс доллара и евро к рублю?", "one «курс» for two currencies"],
    ["сколько стоят доллар и евро в рублях", "«в рублях» after the list"],
    ["Сколько рублей стоят доллар и евро?", "the target before the list"],
  ])("lessons 01 and 05: %s (%s)", async (task) => {
    for (const agent of [lesson01, lesson05Agent]) {
      const { answer, calls } = await run(agent, task);
      expect(calls, task).toEqual(BOTH_TO_RUB);
      expect(answer, task).toContain("1 USD = 92,5 RUB\n1 EUR = 100,3 RUB");
      expect(answer, task).not.toMatch(MENU);
    }
  });

  it.each(["What are the dollar and euro rates in rubles?", "What are the USD and EUR rates to RUB?", "What are the USD/RUB and EUR/RUB rates?"])(
    "lesson 05: %s",
    async (task) => {
      const { answer, calls } = await run(lesson05Agent, task);
      expect(calls).toEqual(BOTH_TO_RUB);
      expect(answer).toContain("1 USD = 92.5 RUB\n1 EUR = 100.3 RUB");
    },
  );

  it("a list after a target is still a list of targets: Convert USD to RUB and EUR", async () => {
    const { answer, calls } = await run(lesson05Agent, "Convert USD to RUB and EUR");
    expect(calls.map((c) => c.input)).toEqual([
      { from_currency: "USD", to_currency: "RUB" },
      { from_currency: "USD", to_currency: "EUR" },
    ]);
    expect(answer).toContain("1 USD = 0.92 EUR");
  });

  it("in English with no target named, it does not guess rubles: it asks which currency, and makes no call", async () => {
    const { answer, calls } = await run(lesson05Agent, "What are the dollar and euro rates?");
    expect(calls).toEqual([]);
    expect(answer).toBe('Which currency should I give the USD and EUR rates in? For example: "USD and EUR to RUB".');
    const noRates = await run(lesson05Agent, "I like dollars and euros");
    expect(noRates.answer, "two currencies without a word about rates are not a rate question").toMatch(MENU);
    const more = await run(lesson05Agent, "What are the dollar and euro rates together?");
    expect(more.answer, "a question that asks for more is not answered with a question about rates").toMatch(MENU);
  });
});

describe("a sum stated first, then questions that point back at it ('that', 'it', «это», «от них»)", () => {
  const lessons: Array<[string, (c: Anthropic, t: string) => Promise<string>]> = [
    ["02", lesson02],
    ["03", (c, t) => lesson03(c, t, { workspaceDir: workspace })],
    ["04", (c, t) => lesson04(c, t, { workspaceDir: workspace })],
    ["05", (c, t) => lesson05(c, t, { workspaceDir: workspace, rates: { demoLatencyMs: 0 }, write: () => undefined })],
    ["06", memoryAgent],
  ];
  const CALLS = [
    { name: "get_exchange_rate", input: { from_currency: "RUB", to_currency: "USD" } },
    { name: "calculate", input: { expression: "2500 * 0.0108108" } },
    { name: "calculate", input: { expression: "2500 * 7 / 100" } },
  ];

  it.each(lessons)("lesson %s: I have 2500 rubles. How many dollars is that, and what is 7% of it?", async (_n, agent) => {
    const { answer, calls } = await run(agent, "I have 2500 rubles. How many dollars is that, and what is 7% of it?");
    expect(calls, "convert 2500 RUB to USD with the tools, and 7% of 2500 with calculate").toEqual(CALLS);
    expect(answer).toMatch(/^By "that" and "it" I take you to mean your 2,500 RUB\./);
    expect(answer).toContain("2,500 RUB = 27.027 USD at the demo rate 1 RUB = 0.0108108 USD.");
    expect(answer).toContain("7% of 2,500 RUB is 175 RUB.");
    expect(answer).not.toMatch(MENU);
    expect(answer).not.toMatch(/Not done/);
  });

  it.each(lessons)("lesson %s: У меня 2500 рублей. Сколько это в долларах и сколько 7% от них?", async (_n, agent) => {
    const { answer, calls } = await run(agent, "У меня 2500 рублей. Сколько это в долларах и сколько 7% от них?");
    expect(calls).toEqual(CALLS);
    expect(answer).toMatch(/^Под «это» и «них» я понимаю ваши 2\s500 RUB\./);
    expect(answer).toMatch(/2\s500 RUB = 27,027 USD по демо-курсу 1 RUB = 0,0108108 USD\./);
    expect(answer).toMatch(/7% от 2\s500 RUB — это 175 RUB\./);
    expect(answer).not.toMatch(/Не сделано/);
  });

  it("other wordings: '$200 ... convert it ... 10% of that', «У меня есть 1000 евро. Переведи их ... 15% от этой суммы»", async () => {
    const en = await run(lesson02, "I've got $200. Convert it to euros and tell me 10% of that.");
    expect(en.calls.map((c) => c.input)).toEqual([{ from_currency: "USD", to_currency: "EUR" }, { expression: "200 * 0.92" }, { expression: "200 * 10 / 100" }]);
    expect(en.answer).toMatch(/^By "it" and "that" I take you to mean your 200 USD\./);
    expect(en.answer).toContain("200 USD = 184 EUR");
    expect(en.answer).toContain("10% of 200 USD is 20 USD.");
    const ru = await run(lesson02, "У меня есть 1000 евро. Переведи их в рубли, потом посчитай 15% от этой суммы");
    expect(ru.answer).toMatch(/^Под «их» и «этой суммы» я понимаю ваши 1\s000 EUR\./);
    expect(ru.answer).toMatch(/1\s000 EUR = 100\s300 RUB/);
    expect(ru.answer).toMatch(/15% от 1\s000 EUR — это 150 EUR\./);
  });

  it("lesson 01 has no calculate: the conversion is done, the percentage is named as the learner typed it", async () => {
    const { answer, calls } = await run(lesson01, "I have 2500 rubles. How many dollars is that, and what is 7% of it?");
    expect(calls).toEqual([CALLS[0]]);
    expect(answer).toMatch(/^By "that" I take you to mean your 2,500 RUB\./);
    expect(answer).toContain("1 RUB = 0.0108108 USD");
    expect(answer).toContain("I cannot give 2,500 RUB in USD exactly: this agent has no calculate tool");
    expect(answer).not.toContain("27.03");
    expect(answer).toContain('Not done: "what is 7% of it?"');
  });

  it("a question not about money keeps its 'it', and a spending question is still planned whole", async () => {
    const time = await run(lesson02, "I have 2500 rubles. What time is it?");
    expect(time.calls).toEqual([]);
    expect(time.answer).not.toContain("2500 RUB");
    const left = await run(lesson02, "I have 300 USD. I spend 45.5 EUR of it. How many dollars are left?");
    expect(left.answer).toMatch(/^You have 250\.54 USD left/);
    const two = await run(lesson02, "I have 2500 rubles and 100 USD. How many dollars is that?");
    expect(two.calls, "two sums: 'that' is not one of them").toEqual([]);
  });
});

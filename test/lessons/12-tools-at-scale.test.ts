// Lesson 12's agent, offline: the two loops, the guards around a runner tool, strict tools and parse,
// deferral and search, the cache's cost. Files go to temporary folders; only the model is mocked.

import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { betaZodTool } from "@anthropic-ai/sdk/helpers/beta/zod";
import { z } from "zod";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createClient } from "../../shared/client.ts";
import { toolResultText as resultText } from "../../shared/fake-api/receive-request.ts";
import { createMockModel, reply } from "../../shared/mock/mock-model.ts";
import { UsageError } from "../../shared/usage-error.ts";
import { noTerminalApprover } from "../../lessons/07-approval-gates/approver.ts";
import { parseRulesFile } from "../../lessons/07-approval-gates/rules-file.ts";
import { notInResults, runAgent, SEARCH_PROMPT, SYSTEM_PROMPT } from "../../lessons/12-tools-at-scale/agent.ts";
import { guarded, type Guards } from "../../lessons/12-tools-at-scale/guarded-tool.ts";
import { countBothWays, deferAll, definitionOf, runWithSearch, withRunnables } from "../../lessons/12-tools-at-scale/many-tools.ts";
import { compareCost, runWithCache } from "../../lessons/12-tools-at-scale/prompt-cache.ts";
import { onlyHints, strictDefinition, strictTools, structuredAnswer } from "../../lessons/12-tools-at-scale/structured.ts";
import { handBuiltLoop, sdkToolRunner } from "../../lessons/12-tools-at-scale/two-loops.ts";
import { calculateZodTool, exchangeRateZodTool, saveToFileZodTool } from "../../lessons/12-tools-at-scale/zod-tools.ts";
import { toolCatalogue } from "../../lessons/12-tools-at-scale/catalogue.ts";
import { ru } from "../../shared/i18n/ru.ts";

const offline = () => createClient({ offline: true }).client;
const TASK = "How much are 250 EUR in US dollars?";
const rules = () => parseRulesFile(JSON.stringify({ deny: ["save_to_file(filename=*.env)"], allow: ["save_to_file(filename=reports/*)"], ask: [] }));

let workspace: string;
beforeEach(async () => {
  workspace = await mkdtemp(path.join(os.tmpdir(), "lesson12-"));
});
afterEach(async () => {
  await rm(workspace, { recursive: true, force: true });
});

describe("part 1: lesson 02's loop and the SDK's tool runner", () => {
  it("give the same answer; the loop resends the conversation, the runner's thread sends only the new message", async () => {
    const byHand = await handBuiltLoop(offline(), TASK);
    const sdk = await sdkToolRunner(offline(), TASK, [exchangeRateZodTool, calculateZodTool]);
    expect(sdk.text).toBe(byHand.text);
    expect(byHand.text).toContain("271.74");
    expect(byHand.sent.map((s) => s.messages)).toEqual([1, 3, 5]);
    expect(sdk.sent.map((s) => s.messages)).toEqual([1, 1, 1]);
    expect(sdk.sent.map((s) => s.thread)).toEqual(["create", "continue", "continue"]);
    expect(sdk.sent.at(-1)!.characters).toBeLessThan(byHand.sent.at(-1)!.characters);
  });

  it("the runner's limit stops a model that keeps asking, and the run says the answer is missing", async () => {
    const mock = createMockModel(Array.from({ length: 10 }, () => reply.toolUse("calculate", { expression: "1 + 1" })));
    const run = await sdkToolRunner(mock.client, "loop forever", [calculateZodTool]);
    expect(run.cutShort).toBe(true);
    expect(run.sent).toHaveLength(10);
  });
});

describe("guarded: the gate, the timeout and the cap around a runner tool's run", () => {
  const guards = (overrides: Partial<Guards> = {}): Guards => ({ rules: rules(), approver: noTerminalApprover(), ...overrides });

  it("a deny rule refuses the call as an is_error result the model reads; nothing is written", async () => {
    const mock = createMockModel([reply.toolUse("save_to_file", { filename: "config.env", content: "KEY=1" }), reply.text("Not saved.")]);
    const save = guarded(saveToFileZodTool(workspace), { readOnly: false }, guards());
    await sdkToolRunner(mock.client, "save it to config.env", [save]);
    const [result] = mock.toolResults();
    expect(result!.is_error).toBe(true);
    expect(resultText(result!)).toContain('deny rule "save_to_file(filename=*.env)"');
    expect(await readdir(workspace)).toEqual([]);
  });

  it("an allow rule lets the call run, and the verdict is reported", async () => {
    const verdicts: string[] = [];
    const mock = createMockModel([reply.toolUse("save_to_file", { filename: "reports/a.txt", content: "42" }), reply.text("Saved.")]);
    const save = guarded(saveToFileZodTool(workspace), { readOnly: false }, guards({ onVerdict: (call, v) => verdicts.push(`${call.name} ${v.allowed}`) }));
    await sdkToolRunner(mock.client, "save 42 to reports/a.txt", [save]);
    expect(mock.toolResults()[0]!.is_error).toBeFalsy();
    expect(await readdir(path.join(workspace, "reports"))).toEqual(["a.txt"]);
    expect(verdicts).toEqual(["save_to_file true"]);
  });

  it("a gate that breaks fails closed: the tool does not run", async () => {
    let ran = false;
    const write = betaZodTool({ name: "write_note", description: "writes a note", inputSchema: z.object({ text: z.string() }), run: () => ((ran = true), "written") });
    const broken = { canAsk: true, ask: () => Promise.reject(new Error("the terminal went away")) };
    const mock = createMockModel([reply.toolUse("write_note", { text: "hi" }), reply.text("Not written.")]);
    await sdkToolRunner(mock.client, "write a note", [guarded(write, { readOnly: false }, guards({ approver: broken }))]);
    expect(ran).toBe(false);
    expect(resultText(mock.toolResults()[0]!)).toContain("the permission check failed (the terminal went away)");
  });

  it("a tool that never answers is stopped at the timeout, and the model is told it may retry", async () => {
    const hang = betaZodTool({ name: "hang", description: "never answers", inputSchema: z.object({}), run: () => new Promise<string>(() => {}) });
    const mock = createMockModel([reply.toolUse("hang", {}), reply.text("It timed out.")]);
    await sdkToolRunner(mock.client, "hang", [guarded(hang, { readOnly: true }, guards({ timeoutMs: 20 }))]);
    const [result] = mock.toolResults();
    expect(result!.is_error).toBe(true);
    expect(resultText(result!)).toContain("did not answer within 20 ms");
  });

  it("a flood of output is cut with a note", async () => {
    const flood = betaZodTool({ name: "flood", description: "returns a lot", inputSchema: z.object({}), run: () => "x".repeat(50_000) });
    const mock = createMockModel([reply.toolUse("flood", {}), reply.text("Done.")]);
    await sdkToolRunner(mock.client, "flood", [guarded(flood, { readOnly: true }, guards({ limits: { maxChars: 1000 } }))]);
    const text = resultText(mock.toolResults()[0]!);
    expect(text.length).toBeLessThan(1200);
    expect(text).toContain("[output cut: 49000 more characters");
  });

  it("an input the zod schema refuses never reaches the gate or the tool", async () => {
    let ran = false;
    const verdicts: string[] = [];
    const tool = betaZodTool({ name: "rate", description: "a rate", inputSchema: z.object({ code: z.enum(["USD", "EUR"]) }), run: () => ((ran = true), "1") });
    const mock = createMockModel([reply.toolUse("rate", { code: "XXX" }), reply.text("Bad code.")]);
    await sdkToolRunner(mock.client, "rate", [guarded(tool, { readOnly: true }, guards({ onVerdict: (call) => verdicts.push(call.name) }))]);
    expect(mock.toolResults()[0]!.is_error).toBe(true);
    expect(ran).toBe(false);
    expect(verdicts).toEqual([]);
  });
});

describe("part 2: strict tools and messages.parse", () => {
  it("strict definitions: strict true, no extra properties, the currencies as an enum; maxLength only a hint", () => {
    const [rate, calc] = strictTools.map(strictDefinition);
    expect(rate!.strict).toBe(true);
    expect(rate!.input_schema.additionalProperties).toBe(false);
    expect((rate!.input_schema.properties as Record<string, { enum?: string[] }>).from_currency!.enum).toContain("EUR");
    expect(JSON.stringify(calc!.input_schema)).not.toContain('"maxLength"');
    expect(strictTools.flatMap(onlyHints)).toEqual(["calculate.expression: maxLength 200"]);
  });

  it("the answer is parsed into the zod schema, and its figures come from the tool results", async () => {
    const run = await structuredAnswer(offline(), TASK);
    expect(run.answer).toMatchObject({ amount: 271.74, currency: "USD", rate: 1.08696 });
    expect(notInResults(run.answer!, run.results)).toEqual([]);
  });

  it("valid JSON is not a true answer: figures no tool returned are named", () => {
    const answer = { amount: 300, currency: "USD", rate: 300, answer: "..." };
    expect(notInResults(answer, ['{"rate":1.08696}', '{"result":271.74}'])).toEqual(["amount 300", "rate 300"]);
    expect(notInResults({ ...answer, amount: 271.74, rate: 1.08696 }, ['{"rate":1.08696}', '{"result":271.74}'])).toEqual([]);
  });
});

describe("part 3: the catalogue, deferred", () => {
  it("runnable tools replace their catalogue entries by name, keeping the catalogue's input_examples", () => {
    const tools = withRunnables(toolCatalogue(), [exchangeRateZodTool]);
    expect(tools.length).toBeGreaterThanOrEqual(200);
    const rate = tools.find((t) => "name" in t && t.name === "get_exchange_rate") as unknown as Record<string, unknown>;
    expect(typeof rate.run).toBe("function");
    expect(rate.input_examples).toBeDefined();
    expect(deferAll(tools).every((t) => (t as { defer_loading?: boolean }).defer_loading === true)).toBe(true);
    // What goes to the API has no functions in it.
    expect(Object.values(definitionOf(rate as never)).some((v) => typeof v === "function")).toBe(false);
  });
});

describe("part 3: found by a search", () => {
  const tools = [exchangeRateZodTool, calculateZodTool];

  it("count_tokens: deferral leaves the definitions out of the prompt", async () => {
    const counts = await countBothWays(offline(), TASK, withRunnables(toolCatalogue(), tools), "bm25");
    expect(counts.tools).toBe(toolCatalogue().length);
    expect(counts.deferred * 10, `all loaded ${counts.allLoaded}, deferred ${counts.deferred}`).toBeLessThan(counts.allLoaded);
  });

  for (const variant of ["bm25", "regex"] as const) {
    it(`the server's ${variant} search finds the two tools, and the runner then calls them`, async () => {
      const run = await runWithSearch(offline(), TASK, tools, { by: "server", variant, system: "Search for tools, then use them." });
      expect(run.text).toContain("271.74");
      const found = run.searches.flatMap((s) => s.found);
      expect(found).toEqual(expect.arrayContaining(["get_exchange_rate", "calculate"]));
      expect(run.called).toEqual(["get_exchange_rate", "calculate"]);
    });
  }

  it("our own search tool answers with tool_reference blocks, and the tools they name are called", async () => {
    const run = await runWithSearch(offline(), TASK, tools, { by: "client", system: "Search for tools, then use them." });
    expect(run.text).toContain("271.74");
    expect(run.searches.length).toBeGreaterThan(0);
    expect(run.searches.flatMap((s) => s.found)).toEqual(expect.arrayContaining(["get_exchange_rate", "calculate"]));
    expect(run.called).toEqual(["get_exchange_rate", "calculate"]);
  });
});

describe("part 4: the cache breakpoint and its cost", () => {
  it("every request carries the whole prefix, with the breakpoint on the system prompt's block, and its usage is kept", async () => {
    const mock = createMockModel([reply.toolUse("calculate", { expression: "1 + 1" }), reply.text("2")]);
    const run = await runWithCache(mock.client, "1 + 1?", [calculateZodTool], "Be brief.");
    expect(run.text).toBe("2");
    expect(run.usage).toHaveLength(2);
    for (const request of mock.requests) {
      expect(request.system).toEqual([{ type: "text", text: "Be brief.", cache_control: { type: "ephemeral" } }]);
      expect(request.tools?.map((t) => ("name" in t ? t.name : t.type))).toEqual(["calculate"]);
    }
    expect(mock.requests[1]!.messages).toHaveLength(3);
  });

  it("on the fake API, the first request writes the tools and system prompt to the cache and the next ones read them", async () => {
    const tools = withRunnables(toolCatalogue(), [exchangeRateZodTool, calculateZodTool]);
    const run = await runWithCache(offline(), TASK, tools, `A prompt of its own for this test (${Math.random()}), so no earlier entry is read.`);
    expect(run.text).toContain("271.74");
    const [first, ...later] = run.usage;
    expect(first!.cacheWrite).toBeGreaterThan(10_000);
    expect(first!.cacheRead).toBe(0);
    expect(later.length).toBeGreaterThan(0);
    for (const usage of later) {
      expect(usage.cacheWrite, "the prefix did not change, so nothing new is written").toBe(0);
      expect(usage.cacheRead, "the prefix the first request wrote is read back").toBeGreaterThanOrEqual(first!.cacheWrite);
    }
    const cost = compareCost("claude-haiku-5-5", run.usage);
    expect(cost.withCache!).toBeLessThan(cost.withoutCache!);
  });

  it("a time in the system prompt: the requests of one run still read the cache, but each run writes its own entry (quiz 8, Try this 3)", async () => {
    const tools = withRunnables(toolCatalogue(), [exchangeRateZodTool, calculateZodTool]);
    const steady = `A steady prompt for this test (${Math.random()}).`;
    await runWithCache(offline(), TASK, tools, steady);
    const again = await runWithCache(offline(), TASK, tools, steady);
    expect(again.usage[0]!.cacheWrite, "the same prompt in the next run: its first request reads the last run's entry").toBe(0);
    expect(again.usage[0]!.cacheRead).toBeGreaterThan(10_000);

    const stamped = (now: string) => `A stamped prompt for this test (${steady}). Now: ${now}.`;
    const first = await runWithCache(offline(), TASK, tools, stamped("2026-12-02T03:00:00.000Z"));
    const second = await runWithCache(offline(), TASK, tools, stamped("2026-12-02T03:01:00.000Z"));
    for (const run of [first, second]) {
      expect(run.usage[0]!.cacheWrite, "a new time is a new prefix: the run's first request writes it").toBeGreaterThan(10_000);
      expect(run.usage[0]!.cacheRead).toBe(0);
      expect(run.usage[1]!.cacheRead, "within the run the runner sends the same string, so the next request reads").toBe(run.usage[0]!.cacheWrite);
    }
  });

  it("reads from the cache cost less than the same tokens as input; writes cost more", () => {
    const read = compareCost("claude-haiku-5-5", [{ input: 100, output: 10, cacheWrite: 0, cacheRead: 30_000 }]);
    expect(read.withCache!).toBeLessThan(read.withoutCache!);
    const write = compareCost("claude-haiku-5-5", [{ input: 100, output: 10, cacheWrite: 30_000, cacheRead: 0 }]);
    expect(write.withCache!).toBeGreaterThan(write.withoutCache!);
    expect(compareCost("no-such-model", [{ input: 1, output: 1, cacheWrite: 0, cacheRead: 0 }]).withCache).toBeUndefined();
  });
});

describe("runAgent", () => {
  it("--part 1 prints both loops' counts and returns the runner's answer", async () => {
    const lines: string[] = [];
    const answer = await runAgent(offline(), TASK, { part: "1", workspace, rules: rules(), approver: noTerminalApprover(), print: (l) => lines.push(l) });
    expect(answer).toContain("271.74");
    expect(lines.join("\n")).toMatch(/messages sent: 1, 3, 5/);
    expect(lines.join("\n")).toMatch(/messages sent: 1, 1, 1/);
  });

  it("only part 3 tells the model to search: in part 1 there is no search tool to look for", async () => {
    expect(SYSTEM_PROMPT).not.toMatch(/search/i);
    expect(SEARCH_PROMPT.startsWith(SYSTEM_PROMPT)).toBe(true);
    expect(SEARCH_PROMPT).toMatch(/search for what the task needs/);
    const mock = createMockModel([reply.text("by hand"), reply.text("by the runner")]);
    await runAgent(mock.client, TASK, { part: "1", workspace, rules: rules(), approver: noTerminalApprover(), print: () => {} });
    expect(mock.requests).toHaveLength(2);
    expect(JSON.stringify(mock.requests.map((request) => request.system))).not.toMatch(/search/i);
  });

  it("an unknown part or search variant is a usage error naming the choices", async () => {
    await expect(runAgent(offline(), TASK, { part: "5", workspace, rules: rules(), print: () => {} })).rejects.toThrow(UsageError);
    await expect(runAgent(offline(), TASK, { search: "fuzzy", workspace, rules: rules(), print: () => {} })).rejects.toThrow(/bm25 or regex/);
  });
});

describe("the Russian lines agree with their numbers", () => {
  it("characters and tokens take the case their count needs (2793 символа, 35 071 токен, 47 токенов)", () => {
    const m = ru.toolsAtScale;
    expect(m.handLoop(3, "1, 3, 5", 2793)).toContain("в последнем запросе 2793 символа)");
    expect(m.runner(3, "1, 1, 1", 299)).toContain("в последнем запросе 299 символов)");
    const tokens = m.tokens(246, 35_071, 47).replace(/\s/g, " ");
    expect(tokens).toContain("35 071 токен ·");
    expect(tokens).toContain("отложены: 47 токенов");
    expect(m.cutShort(21)).toContain("после 21 запроса,");
  });
});

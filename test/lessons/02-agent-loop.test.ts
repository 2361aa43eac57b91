// Lesson 02's own code: the calculate tool, the loop (runLoop), and the agent on the offline model.

import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { getExchangeRateTool } from "../../lessons/01-first-tool/exchange-rate.ts";
import type { Tool } from "../../lessons/01-first-tool/tool.ts";
import { runAgent, sampleTasks, tools } from "../../lessons/02-agent-loop/agent.ts";
import { calculate, calculateTool, MAX_EXPRESSION_LENGTH } from "../../lessons/02-agent-loop/calculate.ts";
import { runLoop } from "../../lessons/02-agent-loop/loop.ts";
import { recordingClient } from "../helpers/recording-client.ts";
import { createMockModel, reply, resultText } from "../../shared/mock/mock-model.ts";


async function refusal(expression: string): Promise<string> {
  try {
    const value = await calculate(expression);
    return `accepted, gave ${value}`;
  } catch (error) {
    return (error as Error).message;
  }
}

describe("calculate", () => {
  it("evaluates arithmetic to plain numbers", async () => {
    expect(await calculate("500 * 92.5")).toBe(46250);
    expect(await calculate("46250 * 15 / 100")).toBe(6937.5);
    expect(await calculate("46250 * 15%")).toBe(6937.5);
    expect(await calculate("(100 - 7) / 3")).toBe(31);
    expect(await calculate("2^10 + sqrt(16) - abs(-1)")).toBe(1027);
    expect(await calculate("round(2 * pi, 2)")).toBe(6.28);
    expect(await calculate("0.1 + 0.2"), "floating point noise is rounded away").toBe(0.3);
    expect(typeof (await calculate("1000 * 100.3"))).toBe("number");
  });

  it("refuses everything that is not arithmetic, before evaluating it", async () => {
    const cases: Array<[string, RegExp]> = [
      ['import({}, {override: true})', /function 'import' is not allowed/],
      ['evaluate("1+1")', /function 'evaluate' is not allowed/],
      ['parse("1")', /function 'parse' is not allowed/],
      ['createUnit("foo")', /function 'createUnit' is not allowed/],
      ["x = 5", /assignment/],
      ["f(x) = x^2", /defining a function/],
      ["cos.constructor", /property access/],
      ['[1, 2, 3]', /matrix or list/],
      ["5 cm to inch", /'to' is not allowed/],
      ["x + 1", /'x' is not a number/],
      ["1 == 1", /'==' is not allowed/],
      ["1; 2", /several expressions/],
    ];
    for (const [expression, expected] of cases) expect(await refusal(expression), expression).toMatch(expected);
  });

  it("explains bad input in words the model can act on", async () => {
    expect(await refusal("1/0")).toMatch(/not a finite number/);
    expect(await refusal("46 250 * 2")).toMatch(/without spaces or thousands separators/);
    expect(await refusal("")).toMatch(/non-empty string/);
    expect(await refusal("1+".repeat(MAX_EXPRESSION_LENGTH))).toMatch(/the limit is 200/);
  });

  it("loads mathjs only when first used (a static import would cost every lesson start-up)", () => {
    const code = (file: string) => readFileSync(file, "utf8").replace(/^\s*\/\/.*$/gm, "");
    const calculateSource = code("lessons/02-agent-loop/calculate.ts");
    expect(calculateSource).not.toMatch(/^import\s+(?!type\b)[^;]*from\s+["'](mathjs|\.\/restricted-math\.ts)["']/m);
    expect(calculateSource).toMatch(/import\("\.\/restricted-math\.ts"\)/);
    for (const file of ["lessons/02-agent-loop/agent.ts", "lessons/03-saving-files/agent.ts"]) {
      expect(code(file), file).not.toMatch(/from\s+["']mathjs["']|restricted-math/);
    }
    for (const file of ["lessons/02-agent-loop/calculate.ts", "lessons/02-agent-loop/restricted-math.ts"]) {
      expect(code(file), file).not.toMatch(/\beval\s*\(|new Function/);
    }
  });

  it("as a tool: JSON for the model; a refused expression is an is_error result and the loop goes on", async () => {
    expect(JSON.parse(await calculateTool.run({ expression: "500 * 92.5" }))).toEqual({ expression: "500 * 92.5", result: 46250 });
    const mock = createMockModel([reply.toolUse("calculate", { expression: "require('fs')" }), reply.text("I cannot run code.")]);
    const result = await runLoop(mock.client, "run this", { tools: [calculateTool] });
    expect(mock.toolResults()[0]?.is_error).toBe(true);
    expect(resultText(mock.toolResults()[0])).toMatch(/Could not calculate/);
    expect(result.text).toBe("I cannot run code.");
  });
});

describe("runLoop", () => {
  const echo: Tool<{ text: string }> = {
    name: "echo",
    description: "Echo the text back.",
    input_schema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
    run: (input) => input.text,
  };

  it("zero, one and three rounds; the final text and the turn count", async () => {
    const zero = createMockModel([reply.text("Hello.")]);
    expect(await runLoop(zero.client, "hi", { tools: [echo] })).toMatchObject({ text: "Hello.", stopReason: "end_turn", turns: 1 });

    const three = createMockModel([
      reply.toolUse("echo", { text: "a" }),
      reply.toolUse("echo", { text: "b" }),
      reply.toolUse("echo", { text: "c" }),
      reply.text("abc"),
    ]);
    const result = await runLoop(three.client, "spell", { tools: [echo] });
    expect(result).toMatchObject({ text: "abc", stopReason: "end_turn", turns: 4 });
    expect(three.toolResults().map(resultText)).toEqual(["a", "b", "c"]);
    expect(result.messages.map((m) => m.role)).toEqual(["user", "assistant", "user", "assistant", "user", "assistant", "user", "assistant"]);
    expect(three.rejections).toEqual([]);
  });

  it("answers two calls of one turn in one user message, by id; unknown tools become is_error", async () => {
    const mock = createMockModel([
      reply.toolUses([
        { name: "echo", input: { text: "x" }, id: "toolu_1" },
        { name: "nope", input: {}, id: "toolu_2" },
      ]),
      reply.text("done"),
    ]);
    await runLoop(mock.client, "go", { tools: [echo] });
    const last = mock.requests[1]?.messages.at(-1);
    expect(last?.role).toBe("user");
    expect(mock.lastToolResults().map((r) => [r.tool_use_id, r.is_error ?? false])).toEqual([
      ["toolu_1", false],
      ["toolu_2", true],
    ]);
  });

  it("stops at the turn limit and says so", async () => {
    const mock = createMockModel(Array.from({ length: 5 }, () => reply.toolUse("echo", { text: "again" })));
    const result = await runLoop(mock.client, "loop", { tools: [echo], maxTurns: 3 });
    expect(mock.requests).toHaveLength(3);
    expect(result.stopReason).toBe("max_turns");
    expect(result.text).toMatch(/Stopped after 3 turns/);
  });

  it("explains max_tokens and refusal, and continues after pause_turn", async () => {
    const cut = createMockModel([reply.raw([{ type: "text", text: "Half an ans" }], "max_tokens")]);
    const cutResult = await runLoop(cut.client, "long", { tools: [echo] });
    expect(cutResult.stopReason).toBe("max_tokens");
    expect(cutResult.text).toMatch(/^Half an ans[\s\S]*cut off: it hit max_tokens/);

    const refused = createMockModel([reply.raw([], "refusal")]);
    expect((await runLoop(refused.client, "bad", { tools: [echo] })).text).toMatch(/declined/);

    const paused = createMockModel([reply.raw([{ type: "text", text: "Working on it" }], "pause_turn"), reply.text("Finished.")]);
    const pausedResult = await runLoop(paused.client, "slow", { tools: [echo] });
    expect(pausedResult).toMatchObject({ text: "Finished.", turns: 2 });
  });

  it("passes the system prompt, continues a history, and uses a custom executor", async () => {
    const mock = createMockModel([reply.toolUse("echo", { text: "hi" }), reply.text("ok")]);
    const seen: string[] = [];
    await runLoop(mock.client, "second task", {
      tools: [echo],
      system: "Be brief.",
      history: [
        { role: "user", content: "first task" },
        { role: "assistant", content: "first answer" },
      ],
      executeTools: async (calls) => {
        seen.push(...calls.map((c) => c.name));
        return calls.map((c) => ({ type: "tool_result" as const, tool_use_id: c.id, content: "custom" }));
      },
    });
    expect(mock.requests[0]?.system).toBe("Be brief.");
    expect(mock.requests[0]?.messages.map((m) => m.content)).toEqual(["first task", "first answer", "second task"]);
    expect(seen).toEqual(["echo"]);
    expect(resultText(mock.toolResults()[0])).toBe("custom");
  });
});

describe("lesson 02 agent on the offline model", () => {
  it("offers get_exchange_rate and calculate", () => {
    expect(tools.map((t) => t.name)).toEqual(["get_exchange_rate", "calculate"]);
  });

  it("converts in two steps: the rate, then the calculation (English and Russian)", async () => {
    for (const task of ["How much are 1000 EUR in rubles?", "Сколько будет 1000 евро в рублях?"]) {
      const { client, calls } = recordingClient();
      const answer = await runAgent(client, task);
      expect(calls, task).toEqual([
        { name: "get_exchange_rate", input: { from_currency: "EUR", to_currency: "RUB" } },
        { name: "calculate", input: { expression: "1000 * 100.3" } },
      ]);
      expect(answer, task).toMatch(/100[,\s\u00a0]300/);
    }
  });

  it("works out percentages with calculate (English and Russian)", async () => {
    for (const task of ["What is 15% of 46250?", "Сколько будет 15% от 46250?", "Посчитай 20 процентов от 1 500"]) {
      const { client, calls } = recordingClient();
      const answer = await runAgent(client, task);
      expect(calls.map((c) => c.name), task).toEqual(["calculate"]);
      if (task.includes("46250")) expect(answer, task).toMatch(/6[,\s\u00a0]937[.,]5/);
      else expect(answer, task).toMatch(/300/);
    }
  });

  it("handles variations: other amounts and currencies, plain sums, a rate question", async () => {
    const cases: Array<[string, string[], RegExp]> = [
      ["How much is 250 USD in euros?", ["get_exchange_rate", "calculate"], /230/],
      ["Сколько рублей стоят 300 долларов?", ["get_exchange_rate", "calculate"], /27[\s\u00a0]750/],
      ["Calculate (100 - 7) / 3", ["calculate"], /= 31/],
      ["What is the USD to RUB rate?", ["get_exchange_rate"], /92\.5/],
    ];
    for (const [task, names, expected] of cases) {
      const { client, calls } = recordingClient();
      const answer = await runAgent(client, task);
      expect(calls.map((c) => c.name), task).toEqual(names);
      expect(answer, task).toMatch(expected);
    }
  });

  it("says plainly when a pair has no rate, and what it cannot do", async () => {
    const { client } = recordingClient();
    expect(await runAgent(client, "How much is 0.5 BTC in EUR?")).toMatch(/no demo rate for BTC\/EUR/);
    expect(await runAgent(client, "Write me a poem")).toMatch(/offline demo model[\s\S]*ANTHROPIC_API_KEY/);
  });

  it("answers 'What time is it?' / 'Который час?' when a get_time tool is offered", async () => {
    const getTime: Tool = {
      name: "get_time",
      description: "Get the current time.",
      input_schema: { type: "object", properties: { timezone: { type: "string" } } },
      run: () => JSON.stringify({ time: "09:05:07", date: "2026-03-01", timezone: "UTC" }),
    };
    for (const task of ["What time is it?", "Который час?"]) {
      const { client, calls } = recordingClient();
      const result = await runLoop(client, task, { tools: [getExchangeRateTool, calculateTool, getTime] });
      expect(calls.map((c) => c.name), task).toEqual(["get_time"]);
      expect(result.text, task).toContain("09:05:07");
    }
  });

  it("runs every sample task", async () => {
    const { client } = recordingClient();
    for (const task of sampleTasks) expect((await runAgent(client, task)).length, task).toBeGreaterThan(0);
  });
});

// The offline demo model plans real tool calls from the request: English and Russian, codes and
// names, and says honestly what it cannot do.

import Anthropic from "@anthropic-ai/sdk";
import { describe, expect, it } from "vitest";
import { createOfflineFetch } from "../../shared/offline/offline-model.ts";
import { parseConversions } from "../../shared/offline/conversions.ts";
import { amountsIn, findNumbers, parseConversion } from "../../shared/offline/currencies.ts";
import { getExchangeRateTool } from "../../lessons/01-first-tool/exchange-rate.ts";
import { toolDefinitions } from "../../lessons/01-first-tool/tool.ts";

const client = new Anthropic({ apiKey: "x", baseURL: "http://offline.invalid", fetch: createOfflineFetch(), maxRetries: 0 });

async function firstMove(task: string, tools = toolDefinitions([getExchangeRateTool])) {
  return client.messages.create({ model: "claude-haiku-5-5", max_tokens: 500, tools, messages: [{ role: "user", content: task }] });
}

describe("parseConversion", () => {
  it.each([
    ["What is the USD to RUB rate?", { from: "USD", to: "RUB" }],
    ["Сколько рублей за 1 евро?", { from: "EUR", to: "RUB", amount: 1 }],
    ["How many euros is one dollar?", { from: "USD", to: "EUR", amount: 1 }],
    ["How much are 500 US dollars in rubles?", { from: "USD", to: "RUB", amount: 500 }],
    ["Сколько стоят 500 долларов в рублях?", { from: "USD", to: "RUB", amount: 500 }],
    ["Convert 1,000 EUR to USD", { from: "EUR", to: "USD", amount: 1000 }],
    ["Переведи 2 500 рублей в доллары", { from: "RUB", to: "USD", amount: 2500 }],
    ["$250 in euros", { from: "USD", to: "EUR", amount: 250 }],
  ])("%s", (text, expected) => {
    expect(parseConversion(text)).toMatchObject(expected);
  });

  it("pairs two bare codes only when they stand together, never across two questions", () => {
    expect(parseConversion("USD RUB rate")).toMatchObject({ from: "USD", to: "RUB" });
    expect(parseConversion("USD-RUB?")).toMatchObject({ from: "USD", to: "RUB" });
    expect(parseConversion("What is the USD rate? And the EUR rate?").to, "two rate questions are not the USD/EUR rate").toBeUndefined();
  });

  it("lists several targets after one amount, and a new pair after 'and'", () => {
    expect(parseConversions("Convert 100 EUR to RUB and USD")).toEqual([
      { from: "EUR", to: "RUB", amount: 100 },
      { from: "EUR", to: "USD", amount: 100 },
    ]);
    expect(parseConversions("What are the USD/RUB and EUR/RUB rates?")).toEqual([
      { from: "USD", to: "RUB" },
      { from: "EUR", to: "RUB" },
    ]);
  });

  it("reads a long run of digits as one number, and skips digits inside file names", () => {
    expect(findNumbers("7".repeat(5000))).toHaveLength(1);
    expect(amountsIn("save 500 USD to report2.txt").map((n) => n.value)).toEqual([500]);
    expect(amountsIn("15% of 200").map((n) => n.value)).toEqual([200]);
  });

  it("uses a preferred target when the task names only the source", () => {
    expect(parseConversion("Convert 500 USD for me", "EUR")).toMatchObject({ from: "USD", to: "EUR", amount: 500 });
  });

  it("reads numbers as people write them", () => {
    expect(findNumbers("1 000 and 1,5 and 46250.75").map((n) => n.value)).toEqual([1000, 1.5, 46250.75]);
    expect(findNumbers("1,000 and 2,5").map((n) => n.value)).toEqual([1000, 2.5]);
  });
});

describe("offline model", () => {
  it("calls get_exchange_rate with codes read from English and Russian questions", async () => {
    for (const [task, from, to] of [
      ["What is the USD to RUB rate?", "USD", "RUB"],
      ["Сколько рублей за 1 евро?", "EUR", "RUB"],
      ["How many euros is one dollar?", "USD", "EUR"],
      ["Какой курс биткоина к доллару?", "BTC", "USD"],
    ]) {
      const message = await firstMove(task!);
      expect(message.stop_reason, task).toBe("tool_use");
      expect(message.content.find((b) => b.type === "tool_use")).toMatchObject({
        name: "get_exchange_rate",
        input: { from_currency: from, to_currency: to },
      });
    }
  });

  it("answers from the tool's result, in the task's language", async () => {
    const first = await firstMove("Сколько рублей за 1 евро?");
    const call = first.content.find((b): b is Anthropic.ToolUseBlock => b.type === "tool_use")!;
    const answer = await client.messages.create({
      model: "claude-haiku-5-5",
      max_tokens: 500,
      tools: toolDefinitions([getExchangeRateTool]),
      messages: [
        { role: "user", content: "Сколько рублей за 1 евро?" },
        { role: "assistant", content: first.content },
        { role: "user", content: [{ type: "tool_result", tool_use_id: call.id, content: '{"rate":99.9}' }] },
      ],
    });
    expect(answer.stop_reason).toBe("end_turn");
    const text = answer.content.map((b) => (b.type === "text" ? b.text : "")).join("");
    expect(text).toContain("99,9"); // read from the result, not from the lesson's table
    expect(text).toMatch(/[а-я]/);
  });

  it("never calls a tool the request does not offer, and says plainly what it is", async () => {
    const message = await firstMove("What is the USD to RUB rate?", []);
    expect(message.stop_reason).toBe("end_turn");
    const text = message.content.map((b) => (b.type === "text" ? b.text : "")).join("");
    expect(text).toMatch(/offline demo model/);
    expect(text).toMatch(/ANTHROPIC_API_KEY/);
  });

  it("checks requests like the real API", async () => {
    await expect(
      client.messages.create({ model: "claude-haiku-5-5", max_tokens: 10, messages: [{ role: "assistant", content: "hi" }] }),
    ).rejects.toBeInstanceOf(Anthropic.BadRequestError);
  });
});

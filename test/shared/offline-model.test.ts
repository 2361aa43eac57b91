// The offline demo model plans real tool calls from the request: English and Russian, codes and
// names, and says honestly what it cannot do.

import Anthropic from "@anthropic-ai/sdk";
import { describe, expect, it } from "vitest";
import { createOfflineFetch } from "../../shared/offline/offline-model.ts";
import { parseConversions } from "../../shared/offline/conversions.ts";
import { amountsIn, findNumbers, parseConversion } from "../../shared/offline/currencies.ts";
import { readStatedSum } from "../../shared/offline/stated-sum.ts";
import { errorMessage, explainToolError } from "../../shared/offline/tool-errors.ts";
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

  it("reads a list of currencies before one target as several sources, each once", () => {
    const toRub = [
      { from: "USD", to: "RUB" },
      { from: "EUR", to: "RUB" },
    ];
    expect(parseConversions("Какие курсы доллара и евро к рублю?")).toEqual(toRub);
    expect(parseConversions("сколько стоят доллар и евро в рублях")).toEqual(toRub);
    expect(parseConversions("the USD, EUR and BTC rates to RUB")).toEqual([...toRub, { from: "BTC", to: "RUB" }]);
    expect(parseConversions("доллар и евро и доллар в рублях"), "a currency listed twice is asked once").toEqual(toRub);
  });

  it("gives a list with no target the fallback currency only when one is passed, and never pairs a currency with itself", () => {
    expect(parseConversions("курс доллара и евро")).toEqual([]);
    expect(parseConversions("курс доллара и евро", "RUB")).toEqual([
      { from: "USD", to: "RUB" },
      { from: "EUR", to: "RUB" },
    ]);
    expect(parseConversions("курс рубля и доллара", "RUB")).toEqual([{ from: "USD", to: "RUB" }]);
    expect(parseConversions("курс доллара", "RUB"), "one currency is the rate skill's, not a list").toEqual([]);
    expect(parseConversions("100 USD and EUR", "RUB"), "an amount makes it no list of rates").toEqual([]);
    expect(parseConversions(`USD${" ".repeat(20)}and EUR to RUB`), "currencies far apart are not a list").toEqual([{ from: "EUR", to: "RUB" }]);
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

describe("a failed tool call in words (tool-errors.ts)", () => {
  const en = { lang: "en" as const, t: (text: { en: string; ru: string }) => text.en };
  const NO_RATE = "There is no demo rate for RUB/BTC. Available pairs (either direction): USD/RUB, EUR/RUB, USD/EUR, BTC/USD.";

  it("takes the message out of a JSON envelope, a nested error object, or plain text", () => {
    expect(errorMessage(JSON.stringify({ success: false, data: null, error: "Bad pair." }))).toBe("Bad pair.");
    expect(errorMessage(JSON.stringify({ error: { type: "x", message: "Nested." } }))).toBe("Nested.");
    expect(errorMessage("  plain words \n")).toBe("plain words");
    expect(errorMessage(JSON.stringify({ error: 42 })), "a non-string error: the output as it is").toBe('{"error":42}');
    expect(errorMessage("null")).toBe("null");
  });

  it("a missing rate names the pair, the table and (only when the tool gives it) the way round", () => {
    expect(explainToolError(en, "get_exchange_rate", NO_RATE)).toBe(
      "get_exchange_rate has no demo rate for RUB/BTC, so I could not answer: its demo table has only USD/RUB, EUR/RUB, USD/EUR and BTC/USD (each either way).",
    );
    expect(explainToolError(en, "get_exchange_rate", "There is no demo rate for RUB/BTC.")).toBe("get_exchange_rate has no demo rate for RUB/BTC, so I could not answer.");
  });

  it("any other failure quotes the tool's message, not its JSON", () => {
    const said = explainToolError(en, "calculate", JSON.stringify({ success: false, error: "Division by zero." }));
    expect(said).toBe('I could not finish: calculate failed and said: "Division by zero."');
    expect(explainToolError(en, "calculate", NO_RATE), "the rate sentence is for get_exchange_rate only").toMatch(/^I could not finish: calculate/);
  });
});

describe("a stated sum and the words that point back at it (stated-sum.ts)", () => {
  const texts = (task: string) => readStatedSum(task)?.parts.map((p) => p.text);

  it("rewrites the pointing words of money questions with the sum as digits and a code", () => {
    expect(texts("I have 2500 rubles. How many dollars is that, and what is 7% of it?")).toEqual(["How many dollars is 2500 RUB,", "what is 7% of 2500 RUB?"]);
    expect(texts("У меня 2500 рублей. Сколько это в долларах и сколько 7% от них?")).toEqual(["Сколько 2500 RUB в долларах", "сколько 7% от 2500 RUB?"]);
    expect(texts("I've got $1,000: convert it to euros")).toEqual(["convert 1000 USD to euros"]);
    expect(readStatedSum("У меня есть 2 500 рублей, переведи их в евро")?.parts[0]).toMatchObject({
      text: "переведи 2500 RUB в евро",
      asked: "переведи их в евро",
      pointers: ["их"],
    });
  });

  it("leaves alone what is not one stated sum followed by a question pointing at it", () => {
    expect(readStatedSum("I have 2500 rubles. What time is it?"), "not a money question").toBeUndefined();
    expect(readStatedSum("I have 2500 rubles. How many dollars is 100 EUR?"), "nothing points back").toBeUndefined();
    expect(readStatedSum("I have 2500 rubles and 100 USD. How many dollars is that?"), "two sums").toBeUndefined();
    expect(readStatedSum("I have 300 USD. I spend 45.5 EUR of it. How many dollars are left?"), "a spending question").toBeUndefined();
    expect(readStatedSum("How many dollars is that? I have 2500 rubles."), "the sum must come first").toBeUndefined();
    expect(readStatedSum("I have a cat. What is 7% of it?"), "no sum").toBeUndefined();
  });
});

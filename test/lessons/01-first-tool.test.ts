// Lesson 01's own agent and tool.

import { describe, expect, it } from "vitest";
import { askOnce, runAgent, runTool } from "../../lessons/01-first-tool/agent.ts";
import { getExchangeRate, getExchangeRateTool } from "../../lessons/01-first-tool/exchange-rate.ts";
import { createMockModel, reply, resultText } from "../../shared/mock/mock-model.ts";
import { createClient } from "../../shared/client.ts";

describe("get_exchange_rate", () => {
  it("gives the demo rates, both directions, codes in any case", () => {
    expect(getExchangeRate("usd", "rub").rate).toBe(92.5);
    expect(getExchangeRate("EUR", "RUB").rate).toBe(100.3);
    expect(getExchangeRate("RUB", "USD").rate).toBeCloseTo(1 / 92.5, 6);
    expect(getExchangeRate("EUR", "EUR").rate).toBe(1);
  });

  it("refuses what it does not know with an instruction, not a guess", () => {
    expect(() => getExchangeRate("DOLLAR", "RUB")).toThrow(/not supported\. Use one of USD, EUR, RUB, BTC/);
    expect(() => getExchangeRate("BTC", "EUR")).toThrow(/no demo rate for BTC\/EUR\. Available pairs/);
  });
});

describe("the offline model reads the description (the README's 'See it offline')", () => {
  it('"Does something": the tool is not called, and the answer says why; renamed fx_lookup with its description: called', async () => {
    const { client } = createClient({ offline: true });
    const vague = await askOnce(client, "What is the USD to RUB rate?", [{ ...getExchangeRateTool, description: "Does something" }]);
    expect(vague).toMatch(/^I did not call get_exchange_rate\. The description of get_exchange_rate \("Does something"\) does not say what it does/);
    const renamed = await askOnce(client, "What is the USD to RUB rate?", [{ ...getExchangeRateTool, name: "fx_lookup" }]);
    expect(renamed).toBe("1 USD = 92.5 RUB (demo rate from fx_lookup).");
  });
});

describe("lesson 01 agent", () => {
  it("makes one round trip: the tool_result answers the tool_use by id", async () => {
    const mock = createMockModel([
      reply.toolUse("get_exchange_rate", { from_currency: "USD", to_currency: "RUB" }, { id: "toolu_abc" }),
      reply.text("1 USD = 92.5 RUB"),
    ]);
    const answer = await askOnce(mock.client, "USD to RUB?", [getExchangeRateTool]);
    expect(answer).toBe("1 USD = 92.5 RUB");
    expect(mock.toolResults()).toHaveLength(1);
    expect(mock.toolResults()[0]).toMatchObject({ tool_use_id: "toolu_abc" });
    expect(resultText(mock.toolResults()[0])).toContain("92.5");
    expect(mock.requests[0]?.tools?.[0]).not.toHaveProperty("run");
    mock.assertAllUsed();
  });

  it("answers an unknown tool and a failing tool with is_error results", async () => {
    const unknown = await runTool([getExchangeRateTool], { type: "tool_use", id: "t1", name: "get_rate", input: {}, caller: { type: "direct" } });
    expect(unknown).toMatchObject({ is_error: true, content: expect.stringContaining("Available: get_exchange_rate") });
    const failing = await runTool([getExchangeRateTool], {
      type: "tool_use",
      id: "t2",
      name: "get_exchange_rate",
      input: { from_currency: "XYZ", to_currency: "RUB" },
      caller: { type: "direct" },
    });
    expect(failing).toMatchObject({ is_error: true, content: expect.stringContaining("not supported") });
  });

  it("returns the text when the model needs no tool", async () => {
    const mock = createMockModel([reply.text("A currency is money.")]);
    expect(await askOnce(mock.client, "What is a currency?", [getExchangeRateTool])).toBe("A currency is money.");
  });

  it("runs its sample tasks on the offline model", async () => {
    const { client } = createClient({ offline: true });
    expect(await runAgent(client, "What is the USD to RUB rate?")).toContain("92.5");
    expect(await runAgent(client, "Сколько рублей за 1 евро?")).toContain("100,3");
    expect(await runAgent(client, "How many euros is one dollar?")).toContain("0.92");
  });
});

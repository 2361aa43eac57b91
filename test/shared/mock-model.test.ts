// The mock must be as strict as the real API: these tests break the protocol on purpose, through the
// real SDK, and expect the API's own status, error type and wording.

import Anthropic from "@anthropic-ai/sdk";
import { describe, expect, it } from "vitest";
import { createMockModel, reply, resultText } from "../../shared/mock/mock-model.ts";

const tools: Anthropic.Tool[] = [
  { name: "get_exchange_rate", description: "rate", input_schema: { type: "object", properties: {} } },
];

async function firstCall(mock: ReturnType<typeof createMockModel>) {
  return mock.client.messages.create({
    model: "claude-haiku-5-5",
    max_tokens: 100,
    tools,
    messages: [{ role: "user", content: "USD to RUB?" }],
  });
}

describe("mock model", () => {
  it("plays scripted turns through the SDK and records every request", async () => {
    const mock = createMockModel([
      reply.toolUse("get_exchange_rate", { from_currency: "USD", to_currency: "RUB" }, { id: "toolu_fixed" }),
      reply.text("92.5"),
    ]);
    const first = await firstCall(mock);
    expect(first.stop_reason).toBe("tool_use");
    expect(first.content[0]).toMatchObject({ type: "tool_use", id: "toolu_fixed", name: "get_exchange_rate" });
    const second = await mock.client.messages.create({
      model: "claude-haiku-5-5",
      max_tokens: 100,
      tools,
      messages: [
        { role: "user", content: "USD to RUB?" },
        { role: "assistant", content: first.content },
        { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_fixed", content: "1 USD = 92.5 RUB" }] },
      ],
    });
    expect(second.stop_reason).toBe("end_turn");
    expect(mock.requests).toHaveLength(2);
    expect(resultText(mock.toolResults()[0])).toContain("92.5");
    expect(() => mock.assertAllUsed()).not.toThrow();
  });

  it("answers an unanswered tool_use with HTTP 400 and the real API's wording", async () => {
    const mock = createMockModel([reply.toolUse("get_exchange_rate", {}, { id: "toolu_01abc" }), reply.text("never")]);
    const first = await firstCall(mock);
    const error = await mock.client.messages
      .create({
        model: "claude-haiku-5-5",
        max_tokens: 100,
        tools,
        messages: [
          { role: "user", content: "USD to RUB?" },
          { role: "assistant", content: first.content },
          { role: "user", content: "and?" },
        ],
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Anthropic.BadRequestError);
    const apiError = error as InstanceType<typeof Anthropic.BadRequestError>;
    expect(apiError.status).toBe(400);
    expect(apiError.error).toMatchObject({ type: "error", error: { type: "invalid_request_error" } });
    expect(apiError.message).toContain(
      "messages.1: `tool_use` ids were found without `tool_result` blocks immediately after: toolu_01abc. " +
        "Each `tool_use` block must have a corresponding `tool_result` block in the next message.",
    );
    expect(mock.rejections).toHaveLength(1);
  });

  it("fails loudly when asked for more turns than scripted, and when turns are left over", async () => {
    const mock = createMockModel([reply.text("only one")]);
    await firstCall(mock);
    await expect(firstCall(mock)).rejects.toThrow(/scripted 1 turn\(s\), but the code sent request number 2/);
    const unused = createMockModel([reply.text("a"), reply.text("b")]);
    await firstCall(unused);
    expect(() => unused.assertAllUsed()).toThrow(/only 1 were requested/);
  });

  it("returns scripted HTTP errors with the real envelope (429, 500, 529)", async () => {
    for (const [status, type, ErrorClass] of [
      [429, "rate_limit_error", Anthropic.RateLimitError],
      [500, "api_error", Anthropic.InternalServerError],
      [529, "overloaded_error", Anthropic.InternalServerError],
    ] as const) {
      const mock = createMockModel([reply.error(status, "scripted")]);
      const error = await firstCall(mock).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ErrorClass);
      expect((error as InstanceType<typeof Anthropic.APIError>).error).toMatchObject({ error: { type } });
    }
  });

  it("lets the SDK retry a 529 when the script allows it", async () => {
    const mock = createMockModel([reply.error(529, "Overloaded", { "retry-after-ms": "0" }), reply.text("fine")], { maxRetries: 1 });
    const message = await firstCall(mock);
    expect(message.content[0]).toMatchObject({ type: "text", text: "fine" });
    expect(mock.turnsUsed()).toBe(2);
  });

  it("can be slow, and a client timeout aborts the wait", async () => {
    const mock = createMockModel([reply.slow(200, reply.text("late"))]);
    const client = new Anthropic({ apiKey: "k", baseURL: "http://mock.invalid", fetch: mock.fetch, maxRetries: 0, timeout: 20 });
    await expect(
      client.messages.create({ model: "claude-haiku-5-5", max_tokens: 10, messages: [{ role: "user", content: "hi" }] }),
    ).rejects.toBeInstanceOf(Anthropic.APIConnectionTimeoutError);
  });

  it("computes a turn from the request with reply.dynamic", async () => {
    const mock = createMockModel([reply.dynamic((request) => reply.text(`you sent ${request.messages.length} message(s)`))]);
    const message = await firstCall(mock);
    expect(message.content[0]).toMatchObject({ text: "you sent 1 message(s)" });
  });
});

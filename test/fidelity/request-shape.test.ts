// The model obeys the request: tool_choice, disable_parallel_tool_use, stop_sequences and max_tokens
// shape what the offline and mock models send back. docs/API_FIDELITY.md, "The model obeys the request".

import type Anthropic from "@anthropic-ai/sdk";
import { describe, expect, it } from "vitest";
import { createMockModel, reply } from "../../shared/mock/mock-model.ts";
import { ask, offlineClient, request } from "./helpers.ts";

const OFF = { thinking: { type: "disabled" as const } };
const types = (m: Anthropic.Message) => m.content.map((b) => b.type);

describe("tool_choice", () => {
  // Tool use docs, "Forcing tool use": none means no tool calls.
  it("none: the offline model answers in text and names the call it would have made", async () => {
    const response = await offlineClient().messages.create(request({ ...OFF, tool_choice: { type: "none" } }));
    expect(types(response)).toEqual(["text"]);
    expect(response.stop_reason).toBe("end_turn");
    expect((response.content[0] as Anthropic.TextBlock).text).toMatch(/would call get_exchange_rate .*tool_choice "none"/);
  });

  // Tool use docs: `tool` forces that tool; with any/tool the turn is prefilled, so no text comes first.
  it("tool: a call to that tool, with no text before it", async () => {
    const response = await offlineClient().messages.create(request({ ...OFF, messages: [ask("Hello there")], tool_choice: { type: "tool", name: "calculate" } }));
    expect(types(response)).toEqual(["tool_use"]);
    expect((response.content[0] as Anthropic.ToolUseBlock).name).toBe("calculate");
    expect(response.stop_reason).toBe("tool_use");
  });

  it("any: some tool is called even for a task that needs none", async () => {
    const response = await offlineClient().messages.create(request({ ...OFF, messages: [ask("Hello there")], tool_choice: { type: "any" } }));
    expect(types(response)).toEqual(["tool_use"]);
  });

  it("any: the planned call is kept when there is one", async () => {
    const response = await offlineClient().messages.create(request({ ...OFF, tool_choice: { type: "any" } }));
    expect(response.content).toMatchObject([{ type: "tool_use", name: "get_exchange_rate", input: { from_currency: "USD", to_currency: "RUB" } }]);
  });

  it("the mock refuses a script that the request's tool_choice rules out, saying which", async () => {
    const mock = createMockModel([reply.toolUse("get_exchange_rate", {})]);
    await mock.client.messages.create(request({ tool_choice: { type: "none" } })).catch(() => undefined);
    expect(mock.rejections[0]?.problem.message).toMatch(/tool_choice is "none"/);
  });
});

describe("disable_parallel_tool_use", () => {
  // Tool use docs: with disable_parallel_tool_use, at most one tool call in the turn.
  it("keeps one call of a turn that planned several", async () => {
    const two = reply.toolUses([
      { name: "get_exchange_rate", input: { from_currency: "USD", to_currency: "RUB" } },
      { name: "get_exchange_rate", input: { from_currency: "EUR", to_currency: "RUB" } },
    ]);
    const free = await createMockModel([two]).client.messages.create(request());
    expect(types(free)).toEqual(["tool_use", "tool_use"]);
    const single = await createMockModel([two]).client.messages.create(request({ tool_choice: { type: "auto", disable_parallel_tool_use: true } }));
    expect(types(single)).toEqual(["tool_use"]);
  });
});

describe("stop_sequences", () => {
  // Messages API reference: the text stops before the sequence; stop_reason "stop_sequence" and
  // stop_sequence names which one.
  it("cuts the text where the first sequence begins, and names it", async () => {
    const mock = createMockModel([reply.text("Step 1: get the rate. Step 2: multiply. END")]);
    const response = await mock.client.messages.create(request({ stop_sequences: ["END", "Step 2"] }));
    expect(response.content).toEqual([{ type: "text", text: "Step 1: get the rate. ", citations: null }]);
    expect(response.stop_reason).toBe("stop_sequence");
    expect(response.stop_sequence).toBe("Step 2");
  });

  it("offline too: a sequence in the answer ends it there", async () => {
    const response = await offlineClient().messages.create(request({ ...OFF, tools: [], messages: [ask("Hello there")], stop_sequences: ["demo"] }));
    expect(response.stop_reason).toBe("stop_sequence");
    expect((response.content[0] as Anthropic.TextBlock | undefined)?.text ?? "").not.toContain("demo");
  });
});

describe("max_tokens", () => {
  // Stop reasons page: "max_tokens: the response reached your max_tokens limit"; the text is cut.
  it("cuts a long text and says so in stop_reason", async () => {
    const mock = createMockModel([reply.text("word ".repeat(200))]);
    const response = await mock.client.messages.create(request({ max_tokens: 10 }));
    expect(response.stop_reason).toBe("max_tokens");
    expect((response.content[0] as Anthropic.TextBlock).text).toHaveLength(40);
    expect(response.usage.output_tokens).toBe(10);
  });

  // A tool call cut mid-input arrives as a tool_use block with incomplete input and stop_reason
  // "max_tokens" (stop reasons page: retry with a higher max_tokens); streamed and plain agree.
  it("cuts a tool call mid-input; the streamed and the plain answer hold the same partial input", async () => {
    const long = { from_currency: "USD", to_currency: "RUB", note: "x".repeat(400) };
    const plain = await createMockModel([reply.toolUse("get_exchange_rate", long)]).client.messages.create(request({ max_tokens: 30 }));
    expect(plain.stop_reason).toBe("max_tokens");
    const cut = plain.content[0] as Anthropic.ToolUseBlock;
    expect(cut.type).toBe("tool_use");
    expect(cut.input).toMatchObject({ from_currency: "USD", to_currency: "RUB" });
    expect((cut.input as { note?: string }).note?.length ?? 0).toBeLessThan(400);
    const streamed = await createMockModel([reply.toolUse("get_exchange_rate", long, { id: cut.id })]).client.messages.stream(request({ max_tokens: 30 })).finalMessage();
    expect(streamed.stop_reason).toBe("max_tokens");
    expect(streamed.content[0]).toMatchObject({ type: "tool_use", input: cut.input });
  });

  // Messages API: max_tokens 0 is valid; nothing is written.
  it("max_tokens 0 is accepted and gives an empty answer", async () => {
    const response = await offlineClient().messages.create(request({ ...OFF, max_tokens: 0 }));
    expect(response.content).toEqual([]);
    expect(response.stop_reason).toBe("max_tokens");
  });

  // Haiku 5.5 "what's new": thinking tokens count toward max_tokens.
  it("thinking counts toward max_tokens", async () => {
    const mock = createMockModel([reply.thinking("t".repeat(400), reply.text("The answer."))]);
    const response = await mock.client.messages.create(request({ max_tokens: 50 }));
    expect(response.stop_reason).toBe("max_tokens");
    expect(types(response)).toEqual(["thinking"]);
  });
});

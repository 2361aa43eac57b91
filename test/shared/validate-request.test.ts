// Each rule of the real Messages API that the offline and mock models reproduce, with its wording.

import { describe, expect, it } from "vitest";
import { validateMessagesRequest } from "../../shared/fake-api/validate-request.ts";

const tool = { name: "get_exchange_rate", input_schema: { type: "object", properties: {} } };
const base = { model: "claude-haiku-5-5", max_tokens: 100, tools: [tool] };
const ask = { role: "user", content: "rate?" };
const call = (id: string) => ({ type: "tool_use", id, name: "get_exchange_rate", input: {} });
const result = (id: string) => ({ type: "tool_result", tool_use_id: id, content: "92.5" });

function problem(body: Record<string, unknown>): string | undefined {
  return validateMessagesRequest(body)?.message;
}

describe("validateMessagesRequest", () => {
  it("accepts a correct tool round trip, with several calls answered in one message", () => {
    expect(
      problem({
        ...base,
        messages: [
          ask,
          { role: "assistant", content: [{ type: "text", text: "Checking." }, call("toolu_1"), call("toolu_2")] },
          { role: "user", content: [result("toolu_2"), result("toolu_1"), { type: "text", text: "thanks" }] },
        ],
      }),
    ).toBeUndefined();
  });

  it("requires model, max_tokens and messages", () => {
    expect(problem({ max_tokens: 1, messages: [ask] })).toBe("model: Field required");
    expect(problem({ model: "claude-haiku-5-5", messages: [ask] })).toBe("max_tokens: Field required");
    expect(problem({ model: "claude-haiku-5-5", max_tokens: 1 })).toBe("messages: Field required");
  });

  it("rejects a first message that is not from the user, and empty content", () => {
    expect(problem({ ...base, messages: [{ role: "assistant", content: "hi" }] })).toMatch(/first message must use the "user" role/);
    expect(problem({ ...base, messages: [{ role: "user", content: [] }] })).toBe(
      "messages.0: all messages must have non-empty content except for the optional final assistant message",
    );
  });

  it("rejects a tool_use left unanswered, partly answered, or answered a message late", () => {
    const assistant = { role: "assistant", content: [call("toolu_1"), call("toolu_2")] };
    expect(problem({ ...base, messages: [ask, assistant, { role: "user", content: [result("toolu_1")] }] })).toMatch(
      /^messages\.1: `tool_use` ids were found without `tool_result` blocks immediately after: toolu_2\./,
    );
    // each result in its own user message: the second message comes too late
    expect(
      problem({
        ...base,
        messages: [ask, assistant, { role: "user", content: [result("toolu_1")] }, { role: "user", content: [result("toolu_2")] }],
      }),
    ).toMatch(/toolu_2/);
  });

  it("rejects a tool_result whose tool_use is not in the previous message", () => {
    expect(problem({ ...base, messages: [ask, { role: "assistant", content: "ok" }, { role: "user", content: [result("toolu_9")] }] })).toBe(
      "messages.2.content.0: unexpected `tool_use_id` found in `tool_result` blocks: toolu_9. " +
        "Each `tool_result` block must have a corresponding `tool_use` block in the previous message.",
    );
  });

  it("wants tool_result blocks before any text in the message", () => {
    expect(
      problem({
        ...base,
        messages: [ask, { role: "assistant", content: [call("toolu_1")] }, { role: "user", content: [{ type: "text", text: "here" }, result("toolu_1")] }],
      }),
    ).toBe(
      "messages.2: Did not find 1 `tool_result` block(s) at the beginning of this message. " +
        "Messages following `tool_use` blocks must begin with a matching number of `tool_result` blocks.",
    );
  });

  it("checks tool definitions: name pattern, unique names, input_schema of type object", () => {
    const msg = { messages: [ask], model: "claude-haiku-5-5", max_tokens: 1 };
    expect(problem({ ...msg, tools: [{ ...tool, name: "get rate" }] })).toBe(
      "tools.0.custom.name: String should match pattern '^[a-zA-Z0-9_-]{1,128}$'",
    );
    expect(problem({ ...msg, tools: [tool, tool] })).toBe("tools: Tool names must be unique.");
    expect(problem({ ...msg, tools: [{ name: "a", input_schema: {} }] })).toBe("tools.0.custom.input_schema.type: Field required");
    expect(problem({ ...msg, tools: [{ name: "a" }] })).toBe("tools.0.custom.input_schema: Field required");
    expect(problem({ ...msg, tools: [{ name: "a", input_schema: { type: "string" } }] })).toMatch(/Input should be 'object'/);
  });

  it("wants tools defined when the conversation holds tool blocks", () => {
    expect(
      problem({
        model: "claude-haiku-5-5",
        max_tokens: 1,
        messages: [ask, { role: "assistant", content: [call("toolu_1")] }, { role: "user", content: [result("toolu_1")] }],
      }),
    ).toBe("Requests which include `tool_use` or `tool_result` blocks must define tools.");
  });
});

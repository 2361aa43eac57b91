// Each rule of the real Messages API that the fake API reproduces, sent through the real SDK client
// (the mock's `client`), with the status, error type and wording the API uses (API_FACTS.md).
// Where our rule is stricter than the live API, the rule's comment in shared/fake-api says so.

import { readFileSync } from "node:fs";
import Anthropic from "@anthropic-ai/sdk";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { getExchangeRateTool } from "../../lessons/01-first-tool/exchange-rate.ts";
import { toolDefinitions, type Tool } from "../../lessons/01-first-tool/tool.ts";
import { declareSafety, READS_ONLY } from "../../lessons/05-parallel-and-safe/declare-safety.ts";
import { KNOWN_MODELS } from "../../shared/fake-api/known-models.ts";
import { REQUEST_FIELDS } from "../../shared/fake-api/known-fields.ts";
import { validateMessagesRequest } from "../../shared/fake-api/validate-request.ts";
import { createMockModel, reply } from "../../shared/mock/mock-model.ts";
import { createOfflineFetch } from "../../shared/offline/offline-model.ts";

const MODEL = "claude-haiku-5-5";
const definition = toolDefinitions([getExchangeRateTool])[0]!;
type Params = Anthropic.MessageCreateParamsNonStreaming;

// Sends `params` through the SDK to a mock that must refuse it, and returns the SDK's error.
async function refused(params: Params): Promise<InstanceType<typeof Anthropic.APIError>> {
  const mock = createMockModel([reply.text("should not be reached")]);
  const error = await mock.client.messages.create(params).catch((e: unknown) => e);
  expect(error, `expected the request to be refused, it was answered: ${JSON.stringify(params).slice(0, 300)}`).toBeInstanceOf(
    Anthropic.APIError,
  );
  expect(mock.turnsUsed(), "a refused request must not use up a scripted turn").toBe(0);
  return error as InstanceType<typeof Anthropic.APIError>;
}

async function expect400(params: Params, message: string): Promise<void> {
  const error = await refused(params);
  expect(error).toBeInstanceOf(Anthropic.BadRequestError);
  expect(error.status).toBe(400);
  expect(error.type).toBe("invalid_request_error");
  expect(error.apiMessage).toBe(message);
}

const ask: Anthropic.MessageParam = { role: "user", content: "USD to RUB?" };
const base: Params = { model: MODEL, max_tokens: 100, tools: [definition], messages: [ask] };
const call = (id: string): Anthropic.ToolUseBlockParam => ({ type: "tool_use", id, name: definition.name, input: {} });
const result = (id: string): Anthropic.ToolResultBlockParam => ({ type: "tool_result", tool_use_id: id, content: "92.5" });
const round = (id: string): Anthropic.MessageParam[] => [
  { role: "assistant", content: [call(id)] },
  { role: "user", content: [result(id)] },
];

describe("unknown fields: Extra inputs are not permitted, with the field's path", () => {
  it("at the top level (a typo, or an option from another SDK)", async () => {
    await expect400({ ...base, temprature: 0.2 } as Params, "temprature: Extra inputs are not permitted");
  });

  it("on a tool definition: the course's Tool objects sent instead of toolDefinitions(tools)", async () => {
    // Compiles (a Tool has every field of Anthropic.Tool), and `run` vanishes in JSON, but the
    // readOnly lesson 05 declares does not: real Claude answers 400, so the fake API must too.
    const tools: Anthropic.Tool[] = [declareSafety(getExchangeRateTool, READS_ONLY) as Tool];
    await expect400({ ...base, tools }, "tools.0.custom.readOnly: Extra inputs are not permitted");
    await expect400(
      { ...base, tools: [definition, { ...definition, name: "b", timeoutMs: 50 } as Anthropic.Tool] },
      "tools.1.custom.timeoutMs: Extra inputs are not permitted",
    );
  });

  it("on a message and on content blocks, nested ones included", async () => {
    await expect400({ ...base, messages: [{ ...ask, name: "Anya" } as Anthropic.MessageParam] }, "messages.0.name: Extra inputs are not permitted");
    await expect400(
      { ...base, messages: [{ role: "user", content: [{ type: "text", text: "hi", lang: "en" } as Anthropic.TextBlockParam] }] },
      "messages.0.content.0.text.lang: Extra inputs are not permitted",
    );
    // camelCase where the API wants snake_case: a plausible slip in a tool_result
    await expect400(
      {
        ...base,
        messages: [ask, { role: "assistant", content: [call("toolu_1")] }, { role: "user", content: [{ ...result("toolu_1"), isError: true } as Anthropic.ToolResultBlockParam] }],
      },
      "messages.2.content.0.tool_result.isError: Extra inputs are not permitted",
    );
    await expect400(
      {
        ...base,
        messages: [
          ask,
          { role: "assistant", content: [call("toolu_1")] },
          { role: "user", content: [{ ...result("toolu_1"), content: [{ type: "text", text: "92.5", format: "plain" } as Anthropic.TextBlockParam] }] },
        ],
      },
      "messages.2.content.0.tool_result.content.0.text.format: Extra inputs are not permitted",
    );
    await expect400(
      { ...base, system: [{ type: "text", text: "Be brief.", role: "system" } as Anthropic.TextBlockParam] },
      "system.0.role: Extra inputs are not permitted",
    );
  });

  it("on tool_choice: a field another type of choice has (none takes no disable_parallel_tool_use)", async () => {
    await expect400(
      { ...base, tool_choice: { type: "none", disable_parallel_tool_use: true } as Anthropic.ToolChoice },
      "tool_choice.none.disable_parallel_tool_use: Extra inputs are not permitted",
    );
    await expect400({ ...base, tool_choice: { type: "auto", name: "get_exchange_rate" } as Anthropic.ToolChoice }, "tool_choice.auto.name: Extra inputs are not permitted");
    // Forcing a tool needs thinking off on a model that thinks by default (test/fidelity/thinking-config.test.ts).
    const forced: Params = { ...base, thinking: { type: "disabled" }, tool_choice: { type: "tool", name: definition.name, disable_parallel_tool_use: true } };
    expect(validateMessagesRequest(forced)).toBeNull();
  });

  it("accepts every field the SDK's own response blocks carry, so an assistant turn goes back as received", async () => {
    const mock = createMockModel([reply.toolUse(definition.name, { from_currency: "USD", to_currency: "RUB" }, { text: "Checking." }), reply.text("92.5")]);
    const first = await mock.client.messages.create(base);
    const toolUse = first.content.find((b): b is Anthropic.ToolUseBlock => b.type === "tool_use")!;
    expect(toolUse.caller, "the response block carries `caller`; sending it back must be fine").toEqual({ type: "direct" });
    await mock.client.messages.create({
      ...base,
      messages: [ask, { role: "assistant", content: first.content }, { role: "user", content: [result(toolUse.id)] }],
    });
    expect(mock.rejections).toEqual([]);
  });

  it("property: any top-level field the SDK does not know is refused, by name", () => {
    const unknown = fc.stringMatching(/^[a-z][a-z_]{0,20}$/).filter((key) => !REQUEST_FIELDS.has(key));
    fc.assert(
      fc.property(unknown, fc.jsonValue(), (key, value) => {
        const problem = validateMessagesRequest({ ...base, [key]: value });
        expect(problem?.message).toBe(`${key}: Extra inputs are not permitted`);
      }),
      { seed: 42, numRuns: 100 },
    );
  });
});

describe("tool_use ids", () => {
  it("must be unique across the whole request, not only inside one message", async () => {
    await expect400(
      { ...base, messages: [ask, ...round("toolu_1"), { role: "assistant", content: "ok" }, { role: "user", content: "again" }, ...round("toolu_1")] },
      "messages.5.content.0: `tool_use` ids must be unique",
    );
    await expect400(
      { ...base, messages: [ask, { role: "assistant", content: [call("toolu_1"), call("toolu_1")] }, { role: "user", content: [result("toolu_1")] }] },
      "messages.1.content.1: `tool_use` ids must be unique",
    );
  });

  it("must match ^[a-zA-Z0-9_-]+$", async () => {
    for (const id of ["toolu.1", "call 1", "", "вызов_1", "id:7"]) {
      await expect400(
        { ...base, messages: [ask, { role: "assistant", content: [call(id)] }, { role: "user", content: [result(id)] }] },
        "messages.1.content.0.tool_use.id: String should match pattern '^[a-zA-Z0-9_-]+$'",
      );
    }
  });

  it("property: an id is accepted exactly when it matches the pattern", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 0, maxLength: 12 }), (id) => {
        const problem = validateMessagesRequest({
          ...base,
          messages: [ask, { role: "assistant", content: [call(id)] }, { role: "user", content: [result(id)] }],
        });
        if (/^[a-zA-Z0-9_-]+$/.test(id)) expect(problem).toBeNull();
        else expect(problem?.message).toBe("messages.1.content.0.tool_use.id: String should match pattern '^[a-zA-Z0-9_-]+$'");
      }),
      { seed: 42, numRuns: 100 },
    );
  });
});

describe("input_schema: valid JSON Schema draft 2020-12", () => {
  const withSchema = (input_schema: Record<string, unknown>): Params => ({
    ...base,
    tools: [{ ...definition, input_schema: input_schema as Anthropic.Tool.InputSchema }],
  });
  const prefix = "tools.0.custom.input_schema: JSON schema is invalid. It must match JSON Schema draft 2020-12";

  it("refuses a misspelt type, a non-object properties, a non-list required, and a bad enum", async () => {
    for (const [schema, where] of [
      [{ type: "object", properties: { amount: { type: "strng" } } }, "/properties/amount/type"],
      [{ type: "object", properties: [] }, "/properties"],
      [{ type: "object", required: "amount" }, "/required"],
      [{ type: "object", properties: { unit: { enum: "USD" } } }, "/properties/unit/enum"],
      [{ type: "object", properties: { n: { type: "number", minimum: "0" } } }, "/properties/n/minimum"],
    ] as const) {
      const error = await refused(withSchema(schema));
      expect(error.status).toBe(400);
      expect(error.apiMessage).toMatch(new RegExp(`^${prefix.replace(/[.()]/g, "\\$&")} \\(${where} `));
    }
  });

  it("accepts the 2020-12 keywords the course's tools use", () => {
    const schema = {
      type: "object",
      properties: {
        amount: { type: "number", exclusiveMinimum: 0, description: "Сумма" },
        currency: { type: "string", enum: ["USD", "EUR"] },
        tags: { type: "array", items: { type: "string" }, maxItems: 3 },
        when: { anyOf: [{ type: "string", format: "date" }, { type: "null" }] },
      },
      required: ["amount"],
      additionalProperties: false,
      $defs: { unused: { type: "string" } },
    };
    expect(validateMessagesRequest(withSchema(schema))).toBeNull();
  });

  it("still reports a missing or non-object type the way the API's request parser does", async () => {
    await expect400(withSchema({ properties: {} }), "tools.0.custom.input_schema.type: Field required");
    await expect400(withSchema({ type: "string" }), "tools.0.custom.input_schema.type: Input should be 'object'");
  });
});

describe("model names", () => {
  it("an unknown model is HTTP 404 not_found_error naming the model", async () => {
    const error = await refused({ ...base, model: "claude-haiku-5-6" });
    expect(error).toBeInstanceOf(Anthropic.NotFoundError);
    expect(error.status).toBe(404);
    expect(error.type).toBe("not_found_error");
    expect(error.apiMessage).toBe("model: claude-haiku-5-6");
  });

  it("the offline model refuses a typo in the model name too", async () => {
    const client = new Anthropic({ apiKey: "k", baseURL: "http://offline.invalid", fetch: createOfflineFetch(), maxRetries: 0 });
    const error = await client.messages.create({ ...base, model: "claude-sonet-5-5" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Anthropic.NotFoundError);
    expect((error as InstanceType<typeof Anthropic.APIError>).apiMessage).toBe("model: claude-sonet-5-5");
  });

  it("a request that breaks a rule gets the 400 even with an unknown model", async () => {
    const error = await refused({ ...base, model: "nope", max_tokens: -1 });
    expect(error.status).toBe(400);
  });

  it("knows exactly the models the installed SDK lists", () => {
    const types = readFileSync("node_modules/@anthropic-ai/sdk/resources/messages/messages.d.ts", "utf8");
    const line = types.match(/^export type Model = (.*);$/m)?.[1] ?? "";
    const listed = [...line.matchAll(/'([^']+)'/g)].map((m) => m[1]);
    expect(listed.length, "could not find the SDK's Model type").toBeGreaterThan(5);
    expect([...KNOWN_MODELS].sort()).toEqual(listed.sort());
  });
});

describe("the rest of the envelope", () => {
  it("one request id: the request-id header and the error body's request_id agree", async () => {
    const error = await refused({ ...base, max_tokens: -1 });
    const body = error.error as { request_id?: string };
    expect(error.requestID).toMatch(/^req_[A-Za-z0-9]+$/);
    expect(body.request_id).toBe(error.requestID);
  });

  it("a scripted HTTP error keeps one request id too", async () => {
    const mock = createMockModel([reply.error(529, "Overloaded")]);
    const error = (await mock.client.messages.create(base).catch((e: unknown) => e)) as InstanceType<typeof Anthropic.APIError>;
    expect((error.error as { request_id?: string }).request_id).toBe(error.requestID);
  });

  it("a refusal comes with stop_details; any other stop has stop_details null", async () => {
    const mock = createMockModel([reply.refusal("I can't help with that.", { category: "bio", explanation: "dual use" }), reply.refusal(), reply.text("ok")]);
    const refusal = await mock.client.messages.create(base);
    expect(refusal.stop_reason).toBe("refusal");
    expect(refusal.stop_details).toEqual({ type: "refusal", category: "bio", explanation: "dual use" });
    const bare = await mock.client.messages.create(base);
    expect(bare.content).toEqual([]);
    expect(bare.stop_details).toEqual({ type: "refusal", category: null, explanation: null });
    expect((await mock.client.messages.create(base)).stop_details).toBeNull();
  });

  it("results not first: the API's own words", async () => {
    await expect400(
      { ...base, messages: [ask, { role: "assistant", content: [call("toolu_1")] }, { role: "user", content: [{ type: "text", text: "here:" }, result("toolu_1")] }] },
      "messages.2: Did not find 1 `tool_result` block(s) at the beginning of this message. " +
        "Messages following `tool_use` blocks must begin with a matching number of `tool_result` blocks.",
    );
    // two calls, one result placed after the text: the count is the number of calls
    await expect400(
      {
        ...base,
        messages: [
          ask,
          { role: "assistant", content: [call("toolu_1"), call("toolu_2")] },
          { role: "user", content: [result("toolu_1"), { type: "text", text: "and" }, result("toolu_2")] },
        ],
      },
      "messages.2: Did not find 2 `tool_result` block(s) at the beginning of this message. " +
        "Messages following `tool_use` blocks must begin with a matching number of `tool_result` blocks.",
    );
  });

  it("empty and blank text blocks, worded as the API does", async () => {
    await expect400({ ...base, messages: [{ role: "user", content: [{ type: "text", text: "" }] }] }, "messages.0.content.0.text: text content blocks must be non-empty");
    await expect400(
      { ...base, messages: [{ role: "user", content: [{ type: "text", text: " \n\t" }] }] },
      "messages.0.content.0.text: text content blocks must contain non-whitespace text",
    );
  });

  it("tool names: up to 128 characters, as the live API accepts (the docs' pattern says 64)", async () => {
    const long = "a".repeat(129);
    await expect400({ ...base, tools: [{ ...definition, name: long }] }, "tools.0.custom.name: String should match pattern '^[a-zA-Z0-9_-]{1,128}$'");
    expect(validateMessagesRequest({ ...base, tools: [{ ...definition, name: "a".repeat(128) }] })).toBeNull();
  });
});

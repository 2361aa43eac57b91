// Structured outputs and strict tools offline, through the public SDK only (messages.parse with the
// SDK's jsonSchemaOutputFormat, tools with `strict: true`), plus countTokens checked as create is.
// Sources: docs "Structured outputs" (platform.claude.com/docs/en/build-with-claude/structured-outputs):
// "Structured outputs guarantee schema-compliant responses through constrained decoding"; "Strict
// tool use (strict: true): Guarantee schema validation on tool names and inputs"; docs "Token counting":
// count_tokens takes the same request as create, without max_tokens.

import Anthropic from "@anthropic-ai/sdk";
import { jsonSchemaOutputFormat } from "@anthropic-ai/sdk/helpers/json-schema";
import { zodOutputFormat } from "@anthropic-ai/sdk/helpers/zod";
import { z } from "zod";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { createClient } from "../../shared/client.ts";
import { createMockModel, reply } from "../../shared/mock/mock-model.ts";
import { ask, TOOLS } from "./helpers.ts";

const MODEL = "claude-haiku-5-5";
const client = () => createClient({ offline: true }).client;
const ajv = new Ajv2020({ strict: false });
const fits = (schema: object, value: unknown) => ajv.validate(schema, value);

// The course's tool loop with fixed tool results, returning the last response.
async function run(params: Omit<Anthropic.MessageCreateParamsNonStreaming, "model" | "max_tokens" | "messages">, question: string) {
  const messages: Anthropic.MessageParam[] = [ask(question)];
  for (let turn = 0; turn < 6; turn++) {
    const response = await client().messages.parse({ model: MODEL, max_tokens: 1024, messages, ...params });
    if (response.stop_reason !== "tool_use") return response;
    messages.push({ role: "assistant", content: response.content });
    const calls = response.content.filter((b): b is Anthropic.ToolUseBlock => b.type === "tool_use");
    messages.push({ role: "user", content: calls.map((c) => ({ type: "tool_result" as const, tool_use_id: c.id, content: c.name === "calculate" ? '{"result":9250}' : '{"rate":92.5}' })) });
  }
  throw new Error("the loop did not end");
}

const conversion = {
  type: "object",
  properties: {
    amount: { type: "number" },
    currency: { type: "string", enum: ["USD", "RUB", "EUR"] },
    explanation: { type: "string" },
  },
  required: ["amount", "currency", "explanation"],
  additionalProperties: false,
} as const;

describe("messages.parse with output_config.format", () => {
  it("the answer is JSON that matches the schema, filled from the tool results", async () => {
    const response = await run({ tools: TOOLS, output_config: { format: jsonSchemaOutputFormat(conversion) } }, "How much are 100 USD in RUB?");
    const text = response.content.find((b) => b.type === "text")!;
    expect(() => JSON.parse(text.text)).not.toThrow();
    expect(response.parsed_output).toMatchObject({ amount: 9250, currency: "RUB" });
    expect(fits(conversion, response.parsed_output)).toBe(true);
  });

  it("never prose: a question the model cannot answer still gets JSON of the schema", async () => {
    const schema = {
      type: "object",
      properties: {
        answer: { type: "string" },
        confident: { type: "boolean" },
        sources: { type: "array", items: { type: "string" } },
        details: { type: "object", properties: { steps: { type: "integer" } }, required: ["steps"], additionalProperties: false },
      },
      required: ["answer", "confident", "sources", "details"],
      additionalProperties: false,
    } as const;
    const response = await run({ output_config: { format: jsonSchemaOutputFormat(schema) } }, "What is the capital of France?");
    expect(fits(schema, response.parsed_output)).toBe(true);
    expect((response.parsed_output as { answer?: string } | null)?.answer).toBeTruthy();
  });

  // The SDK's zod helper, which a learner reaches for first; a schema with $defs and $ref too.
  it("zodOutputFormat and a schema with $ref get JSON that parses and matches", async () => {
    const Rate = z.object({ from: z.string(), to: z.string(), rate: z.number(), pairs: z.array(z.object({ code: z.string() })) });
    const response = await run({ tools: TOOLS, output_config: { format: zodOutputFormat(Rate) } }, "What is the exchange rate from USD to RUB?");
    expect(Rate.parse(response.parsed_output)).toMatchObject({ rate: 92.5 });

    const withRef = {
      type: "object",
      $defs: { money: { type: "object", properties: { amount: { type: "number" } }, required: ["amount"], additionalProperties: false } },
      properties: { total: { $ref: "#/$defs/money" } },
      required: ["total"],
      additionalProperties: false,
    } as const;
    const answer = await run({ tools: TOOLS, output_config: { format: jsonSchemaOutputFormat(withRef) } }, "How much are 100 USD in RUB?");
    expect(fits(withRef, answer.parsed_output)).toBe(true);
    expect(answer.parsed_output).toEqual({ total: { amount: 9250 } });
  });

  it("a mock script that answers prose to a JSON request is refused with a message naming the mistake", async () => {
    const mock = createMockModel([reply.text("It is 9250 RUB.")]);
    const error = await mock.client.messages
      .parse({ model: MODEL, max_tokens: 1024, messages: [ask("100 USD in RUB?")], output_config: { format: jsonSchemaOutputFormat(conversion) } })
      .catch((e: unknown) => e);
    expect((error as InstanceType<typeof Anthropic.APIError>).message).toContain("the test scripted prose");
  });
});

describe("strict tools", () => {
  // Currency codes in lower case: the course's skills plan "USD", which this schema refuses.
  const codes = { type: "string", enum: ["usd", "rub", "eur"] };
  const strictRate: Anthropic.Tool = {
    ...TOOLS[0]!,
    strict: true,
    input_schema: { type: "object", properties: { from_currency: codes, to_currency: codes }, required: ["from_currency", "to_currency"], additionalProperties: false },
  };

  it("every call's input matches the tool's schema", async () => {
    const response = await client().messages.create({ model: MODEL, max_tokens: 1024, tools: [strictRate], messages: [ask("How much are 100 USD in RUB?")] });
    const call = response.content.find((b) => b.type === "tool_use")!;
    expect(fits(strictRate.input_schema, call.input)).toBe(true);
    expect(call.input).toEqual({ from_currency: "usd", to_currency: "rub" });
    // Without strict the model may send what the schema refuses, as the real one may.
    const loose = await client().messages.create({ model: MODEL, max_tokens: 1024, tools: [{ ...strictRate, strict: false }], messages: [ask("How much are 100 USD in RUB?")] });
    expect(fits(strictRate.input_schema, loose.content.find((b) => b.type === "tool_use")!.input)).toBe(false);
  });

  it("a mock script that calls a strict tool with an input its schema refuses is refused", async () => {
    const mock = createMockModel([reply.toolUse("get_exchange_rate", { from_currency: "USD" })]);
    const error = await mock.client.messages.create({ model: MODEL, max_tokens: 1024, tools: [strictRate], messages: [ask("100 USD in RUB?")] }).catch((e: unknown) => e);
    expect((error as InstanceType<typeof Anthropic.APIError>).message).toContain("is a strict tool");
  });
});

describe("countTokens", () => {
  // Docs "Token counting": the same parameters as create (no max_tokens); refused alike.
  it("refuses what create refuses, with the same words", async () => {
    const bad = { model: MODEL, messages: [ask("Hi")], tools: [{ ...TOOLS[0]!, name: "bad name" }] };
    const counted = await client().messages.countTokens(bad).catch((e: unknown) => e as InstanceType<typeof Anthropic.APIError>);
    const created = await client().messages.create({ ...bad, max_tokens: 100 }).catch((e: unknown) => e as InstanceType<typeof Anthropic.APIError>);
    expect(counted).toBeInstanceOf(Anthropic.BadRequestError);
    expect((counted as InstanceType<typeof Anthropic.APIError>).apiMessage).toBe((created as InstanceType<typeof Anthropic.APIError>).apiMessage);
    const ok = await client().messages.countTokens({ model: MODEL, messages: [ask("Hi")], tools: TOOLS });
    expect(ok.input_tokens).toBeGreaterThan(0);
  });
});

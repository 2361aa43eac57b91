// Part 2: strict tools and structured outputs. Two promises the API makes by constrained decoding
// (the model can only write tokens that fit the schema):
//
//   - a tool with `strict: true`: every call's input matches the tool's input_schema;
//   - `output_config.format` (what messages.parse sends): the final answer is JSON of the given schema,
//     and the SDK parses it into `parsed_output` with the zod schema we gave.
//
// The promise covers only what the strict dialect can say. The SDK's transformJSONSchema keeps types,
// enums, required fields and additionalProperties: false; a keyword outside that (maxLength, minimum,
// pattern) is moved into the description, where it is a hint the model reads and nothing enforces.

import type Anthropic from "@anthropic-ai/sdk";
import { zodOutputFormat } from "@anthropic-ai/sdk/helpers/zod";
import { transformJSONSchema } from "@anthropic-ai/sdk/lib/transform-json-schema";
import { z } from "zod";
import { getExchangeRateTool, SUPPORTED_CURRENCIES } from "../01-first-tool/exchange-rate.ts";
import type { Tool } from "../01-first-tool/tool.ts";
import { calculateTool } from "../02-agent-loop/calculate.ts";
import { runLoop } from "../02-agent-loop/loop.ts";
import { system } from "../02-agent-loop/agent.ts";

// The answer as data a program can use, not a sentence to pick apart.
export const ConversionAnswer = z.object({
  amount: z.number().describe("The converted amount, from the calculate result"),
  currency: z.enum(SUPPORTED_CURRENCIES as [string, ...string[]]).describe("ISO code of the amount's currency"),
  rate: z.number().describe("The exchange rate used, from get_exchange_rate"),
  answer: z.string().describe("One sentence for the user, in the language of the question"),
});
export type ConversionAnswer = z.infer<typeof ConversionAnswer>;

// The rate tool with its currencies as an enum: under strict, a code outside the list cannot be sent.
const rateToolWithEnum: Tool = {
  ...getExchangeRateTool,
  input_schema: {
    type: "object",
    properties: {
      from_currency: { type: "string", enum: SUPPORTED_CURRENCIES, description: 'ISO code of the currency to convert from, e.g. "USD"' },
      to_currency: { type: "string", enum: SUPPORTED_CURRENCIES, description: 'ISO code of the currency to convert to, e.g. "RUB"' },
    },
    required: ["from_currency", "to_currency"],
  },
} as Tool;

export const strictTools: Tool[] = [rateToolWithEnum, calculateTool as unknown as Tool];

// What goes to the API for a strict tool: the schema in the strict dialect, and strict: true.
export function strictDefinition(tool: Tool): Anthropic.Tool {
  return {
    name: tool.name,
    description: tool.description,
    input_schema: transformJSONSchema(tool.input_schema) as Anthropic.Tool.InputSchema,
    strict: true,
  };
}

// The keywords strict could not keep, per field: "calculate.expression: maxLength 200". Each is now a
// hint in the description, so our own check (lesson 04) must still enforce it.
export function onlyHints(tool: Tool): string[] {
  const properties = (tool.input_schema.properties ?? {}) as Record<string, Record<string, unknown>>;
  const kept = new Set(["type", "description", "enum", "const", "items", "properties", "required", "additionalProperties", "format", "anyOf", "allOf", "oneOf", "$ref", "$defs", "title"]);
  return Object.entries(properties).flatMap(([field, schema]) =>
    Object.entries(schema)
      .filter(([keyword]) => !kept.has(keyword))
      .map(([keyword, value]) => `${tool.name}.${field}: ${keyword} ${JSON.stringify(value)}`),
  );
}

export interface StructuredRun {
  // The parsed answer, or null when the loop ended without one (a turn limit, a refusal).
  answer: ConversionAnswer | null;
  text: string;
  calls: number;
  // The text of every tool result the model read, to check the answer's figures against.
  results: string[];
}

// Lesson 02's loop, with one change at its plug point: each request goes through messages.parse with
// strict tools and the answer's schema.
export async function structuredAnswer(client: Anthropic, task: string): Promise<StructuredRun> {
  let answer: ConversionAnswer | null = null;
  let calls = 0;
  const result = await runLoop(client, task, {
    tools: strictTools,
    system,
    send: async (params) => {
      const response = await client.messages.parse({
        ...params,
        tools: strictTools.map(strictDefinition),
        output_config: { format: zodOutputFormat(ConversionAnswer) },
      });
      calls += response.content.filter((block) => block.type === "tool_use").length;
      if (response.stop_reason === "end_turn") answer = response.parsed_output;
      return response;
    },
  });
  const results = result.messages.flatMap((message) =>
    Array.isArray(message.content) ? message.content.flatMap((block) => (block.type === "tool_result" && typeof block.content === "string" ? [block.content] : [])) : [],
  );
  return { answer, text: result.text, calls, results };
}

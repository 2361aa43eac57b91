// Reference solution for exercise 04 (a): the dispatcher.

import type Anthropic from "@anthropic-ai/sdk";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import { ToolError, type ContractTool, type Envelope, type ToolCall } from "../../lessons/04-tool-contract/contract.ts";
// Given in the starter: lesson 04's edit distance.
import { editDistance } from "../../lessons/04-tool-contract/did-you-mean.ts";

// The real tool name the model most likely meant, or undefined when none is close.
// Close means: at most 3 edits away (ignoring case), or containing every word of the wrong name
// ("get_rate" -> "get_exchange_rate"). Among close names, the one with the smallest distance wins.
export function suggestToolName(unknown: string, names: string[]): string | undefined {
  const wanted = unknown.toLowerCase();
  const words = wanted.split(/[_\-\s]+/).filter(Boolean);
  let best: { name: string; distance: number } | undefined;
  for (const name of names) {
    const distance = editDistance(wanted, name.toLowerCase());
    const parts = name.toLowerCase().split("_");
    const close = distance <= 3 || (words.length > 0 && words.every((word) => parts.includes(word)));
    if (close && (!best || distance < best.distance)) best = { name, distance };
  }
  return best?.name;
}

// Stryker disable next-line all: given in the starter, as it is
const ajv = new Ajv2020({ allErrors: true, strict: false });
const validators = new WeakMap<object, ValidateFunction>();

// Checks `input` against `schema` with ajv and return one sentence per problem ([] when valid).
// Each sentence names the field, says what was received, and what to send instead.
export function checkInput(schema: Anthropic.Tool.InputSchema, input: unknown): string[] {
  let validate = validators.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    validators.set(schema, validate);
  }
  if (validate(input)) return [];

  const properties = (schema.properties ?? {}) as Record<string, { description?: string; examples?: unknown[] }>;
  const problems: string[] = [];
  for (const error of validate.errors ?? []) {
    const params = error.params as Record<string, unknown>;
    const field = String(params.missingProperty ?? params.additionalProperty ?? error.instancePath.slice(1));
    const received = JSON.stringify((input as Record<string, unknown> | null)?.[field]) ?? "nothing";
    const hint = expected(properties[field]);
    switch (error.keyword) {
      case "required":
        problems.push(`'${field}' is missing.${hint}`);
        break;
      case "additionalProperties":
        problems.push(`'${field}' is not a field of this tool (received ${received}); leave it out.`);
        break;
      case "enum":
        problems.push(`'${field}' must be one of ${JSON.stringify(params.allowedValues)}; received ${received}.`);
        break;
      case "type":
        problems.push(
          field
            ? `'${field}' must be a ${String(params.type)}; received ${received} (a ${typeof (input as Record<string, unknown>)[field]}).${hint}${unquote(params.type, (input as Record<string, unknown>)[field])}`
            : `The input must be a JSON object; received ${JSON.stringify(input)}.`,
        );
        break;
      default:
        problems.push(`'${field}' ${error.message ?? "is invalid"}; received ${received}.${hint}`);
    }
  }
  return problems;
}

// " Expected: <description>, e.g. <example>." from what the schema says about the field, "" when it says
// nothing. The example is left out when the description already shows it (a description that says
// 'e.g. "Berlin"' next to examples: ["Berlin"] would say it twice).
function expected(property: { description?: string; examples?: unknown[] } | undefined): string {
  const description = property?.description;
  const example = property?.examples?.length ? JSON.stringify(property.examples[0]) : undefined;
  const showExample = example !== undefined && !description?.includes(example);
  if (description && showExample) return ` Expected: ${description}, e.g. ${example}.`;
  if (description) return ` Expected: ${description}.`;
  if (showExample) return ` Expected: e.g. ${example}.`;
  return "";
}

// A number or a boolean sent as text ("3", "true") is the commonest wrong type: say exactly what to send.
function unquote(type: unknown, value: unknown): string {
  if (typeof value !== "string") return "";
  const number = Number(value);
  const isNumber = value.trim() !== "" && Number.isFinite(number);
  if ((type === "number" && isNumber) || (type === "integer" && isNumber && Number.isInteger(number))) {
    return ` Send ${number} as a number, without quotes.`;
  }
  if (type === "boolean" && (value === "true" || value === "false")) return ` Send ${value} as a boolean, without quotes.`;
  return "";
}

// Answers one tool call with one tool_result (same tool_use_id), whose content is the JSON of
// the envelope {success, data, error}, with is_error: true whenever success is false:
//   - unknown name: "Unknown tool '<name>'. Did you mean '<suggestion>'? Available tools: ..."
//   - input null, undefined or "" (some models send that for "no arguments"): check it as {}
//   - input problems: an error listing them; the tool's run() is NOT called
//   - run() returns data: success
//   - run() throws a ToolError: its message, as is (it was written for the model)
//   - run() throws anything else: say it failed on our side, the call was correct, and retrying will
//     likely fail the same way: tell the user (lesson 04's ourFailure)
//     (no stack trace)
export async function dispatch(call: ToolCall, tools: ContractTool[]): Promise<Anthropic.ToolResultBlockParam> {
  const envelope = await envelopeFor(call, tools);
  const result: Anthropic.ToolResultBlockParam = { type: "tool_result", tool_use_id: call.id, content: JSON.stringify(envelope) };
  if (!envelope.success) result.is_error = true;
  return result;
}

async function envelopeFor(call: ToolCall, tools: ContractTool[]): Promise<Envelope> {
  const tool = tools.find((t) => t.name === call.name);
  if (!tool) {
    const names = tools.map((t) => t.name);
    const suggestion = suggestToolName(call.name, names);
    const hint = suggestion ? ` Did you mean '${suggestion}'?` : "";
    return failure(`Unknown tool '${call.name}'.${hint} Available tools: ${nearestFirst(call.name, names, suggestion).join(", ")}. Use one of these exact names.`);
  }
  try {
    // No arguments arrive as {}, null, nothing or "", depending on the model: all of them mean {}.
    const input = call.input === undefined || call.input === null || call.input === "" ? {} : call.input;
    const problems = checkInput(tool.input_schema, input);
    if (problems.length > 0) return failure(`Invalid input for ${tool.name}: ${problems.join(" ")} Fix it and call again.`);
    return { success: true, data: await tool.run(input as Record<string, unknown>), error: null };
  } catch (error) {
    if (error instanceof ToolError) return failure(error.message);
    return failure(`${tool.name} failed on our side. Your call was correct; retrying it will likely fail the same way: tell the user.`);
  }
}

// The suggestion first, then the other names nearest first (sort is stable: ties keep their order).
function nearestFirst(unknown: string, names: string[], suggestion: string | undefined): string[] {
  const wanted = unknown.toLowerCase();
  const distance = (name: string) => (name === suggestion ? -1 : editDistance(wanted, name.toLowerCase()));
  return [...names].sort((a, b) => distance(a) - distance(b));
}

function failure(error: string): Envelope {
  return { success: false, data: null, error };
}

// Exercise 04 (a): the dispatcher. Read exercises/04-tool-contract/README.md first.
// Check your work with: npm run check 4
//
// Every tool call the model makes passes through dispatch(): find the tool, check the input against
// its schema, run it, and answer in the {success, data, error} envelope. Nothing the model sends may
// crash it, and every failure must say what to do next.

import type Anthropic from "@anthropic-ai/sdk";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import { ToolError, type ContractTool, type Envelope, type ToolCall } from "../../lessons/04-tool-contract/contract.ts";
// Given: lesson 04's edit distance (Levenshtein: the fewest single-letter insertions, deletions and
// substitutions that turn one name into another; "read_fil" -> "read_file" is 1).
import { editDistance } from "../../lessons/04-tool-contract/did-you-mean.ts";

const FILE = "exercises/04-tool-contract/dispatch.ts";

// TODO 1: the real tool name the model most likely meant, or undefined when none is close.
// Close means: at most 3 edits away (ignoring case), or containing every word of the wrong name
// ("get_rate" -> "get_exchange_rate"). Hard mode: among close names, the one with the smallest
// distance wins (editDistance, imported above), wherever it is in the list; words are whole words.
export function suggestToolName(unknown: string, names: string[]): string | undefined {
  throw new Error(`not implemented yet: suggestToolName("${unknown}", [${names.join(", ")}]) in ${FILE} (TODO 1)`);
}

// Ready for you: a JSON Schema validator for draft 2020-12, the dialect of input_schema.
// allErrors: report every broken field at once, so the model can fix them all in one retry.
const ajv = new Ajv2020({ allErrors: true, strict: false });
const validators = new WeakMap<object, ValidateFunction>();

// TODO 2: check `input` against `schema` with ajv and return one sentence per problem ([] when valid).
// Each sentence names the field, says what was received, and what to send instead (the allowed values,
// the type, the limit, "leave it out", or that a missing field is missing).
// Hard mode: an input that is not an object; a missing field's description and example from the schema
// (the example only once, even when the description already shows it); a number or boolean sent as text
// ("3", "true") also gets "Send 3 as a number, without quotes." (only when the text really is such a value).
// ajv.compile(schema) gives a function; after it returns false, its .errors say what is wrong.
export function checkInput(schema: Anthropic.Tool.InputSchema, input: unknown): string[] {
  throw new Error(`not implemented yet: checkInput(schema, ${JSON.stringify(input)}) in ${FILE} (TODO 2): validate with ajv`);
}

// TODO 3: answer one tool call with one tool_result (same tool_use_id), whose content is the JSON of
// the envelope {success, data, error}, with is_error: true whenever success is false:
//   - unknown name: "Unknown tool '<name>'. Did you mean '<suggestion>'? Available tools: ..." (hard mode:
//     the suggestion first, then nearest first, by edit distance, ties in the order given)
//   - hard mode: input null, undefined or "" (some models send that for "no arguments"): check it as {}
//   - input problems: an error listing them; the tool's run() is NOT called
//   - run() returns data: success
//   - run() throws a ToolError: its message, as is (it was written for the model)
//   - run() throws anything else: say it failed on our side, the call was correct, and retrying will
//     likely fail the same way: tell the user (lesson 04's ourFailure)
//     (no stack trace)
export async function dispatch(call: ToolCall, tools: ContractTool[]): Promise<Anthropic.ToolResultBlockParam> {
  throw new Error(`not implemented yet: dispatch(${call.name}) in ${FILE} (TODO 3), with ${tools.length} tools`);
}

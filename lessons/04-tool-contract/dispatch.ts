// The dispatcher: the one place where a model's tool call meets our code. In order:
//   1. find the tool (an unknown name gets "did you mean ...?" and the list of real names);
//   2. check the input against the tool's own input_schema (empty or missing input counts as {});
//   3. run it, and catch whatever it throws;
//   4. answer in the {success, data, error} envelope, with is_error: true on every failure.
// Nothing the model sends can crash the loop, and every failure says what to do next.

import type Anthropic from "@anthropic-ai/sdk";
import type { Tool } from "../01-first-tool/tool.ts";
import { fail, ok, ToolError, type ContractTool, type Envelope, type ToolCall } from "./contract.ts";
import { ourFailure } from "./describe-error.ts";
import { unknownToolMessage } from "./did-you-mean.ts";
import { checkInput } from "./validate-input.ts";

export async function dispatch(
  call: ToolCall,
  tools: ContractTool[],
  signal?: AbortSignal,
): Promise<Anthropic.ToolResultBlockParam> {
  const envelope = await callTool(call, tools, signal);
  return {
    type: "tool_result",
    tool_use_id: call.id,
    content: JSON.stringify(envelope),
    ...(envelope.success ? {} : { is_error: true }),
  };
}

export async function callTool(call: ToolCall, tools: ContractTool[], signal?: AbortSignal): Promise<Envelope> {
  const tool = tools.find((t) => t.name === call.name);
  if (!tool) return fail(unknownToolMessage(call.name, tools.map((t) => t.name)));

  try {
    const input = inputOf(call.input);
    const problems = checkInput(tool.input_schema, input);
    if (problems.length > 0) {
      return fail(`Invalid input for ${tool.name}. ${problems.join(" ")} Fix the input and call ${tool.name} again.`);
    }
    return ok(await tool.run(input as Record<string, unknown>, signal));
  } catch (error) {
    // A ToolError is already an instruction for the model. Anything else is our bug or outage:
    // say so plainly, or the model will start "fixing" a call that was right.
    if (error instanceof ToolError) return fail(error.message);
    return fail(ourFailure(tool.name, error));
  }
}

// A call with no arguments arrives as {}, null, nothing, or "" depending on the model and the
// client library: all of them mean "no fields", and the schema then says which ones are missing.
function inputOf(raw: unknown): unknown {
  if (raw === undefined || raw === null) return {};
  if (typeof raw === "string") {
    if (raw.trim() === "") return {};
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      return raw; // the schema check reports "must be an object"
    }
  }
  return raw;
}

// Runs one turn's calls in order and answers each by its id. (Lesson 05 runs read-only calls in parallel.)
export async function dispatchAll(
  calls: Anthropic.ToolUseBlock[],
  tools: ContractTool[],
): Promise<Anthropic.ToolResultBlockParam[]> {
  const results: Anthropic.ToolResultBlockParam[] = [];
  for (const call of calls) results.push(await dispatch(call, tools));
  return results;
}

// A contract tool seen as the plain Tool of lesson 01: `run` validates, runs and answers with the
// envelope's JSON, and throws it when the envelope says the call failed (so any executor marks the
// result is_error). Later lessons use this to run contract tools with their own executors.
export function asTool(tool: ContractTool): Tool {
  const { name, description, input_schema } = tool;
  return {
    name,
    description,
    input_schema,
    async run(input: Record<string, unknown>, signal?: AbortSignal): Promise<string> {
      const envelope = await callTool({ id: "", name, input }, [tool], signal);
      if (!envelope.success) throw new Error(JSON.stringify(envelope));
      return JSON.stringify(envelope);
    },
  };
}

// The course's shape of a tool: what the model reads (name, description, input_schema) and the
// function it never sees (run). Every lesson's tools are plain objects of this shape.

import type Anthropic from "@anthropic-ai/sdk";

export interface Tool<Input = Record<string, unknown>> {
  // How the model refers to the tool: verb_noun, snake_case, unique.
  name: string;
  // Written for the model: what the tool does, when to use it, what it returns.
  description: string;
  // JSON Schema of the input the model must send.
  input_schema: Anthropic.Tool.InputSchema;
  // Our code. Returns the text the model will read; throwing means "this call failed", and the
  // message goes back to the model, so write it as an instruction.
  run(input: Input): string | Promise<string>;

  // What the harness needs to know before it runs the tool (lessons 05 and 07 use these):
  // it only reads, it may run at the same time as other calls, it must be approved first,
  // and how long it may take.
  readOnly?: boolean;
  concurrencySafe?: boolean;
  needsApproval?: boolean;
  timeoutMs?: number;
}

// Only these three fields go to the API. `run` stays on our side: the model never sees our code.
export function toolDefinitions(tools: Tool[]): Anthropic.Tool[] {
  return tools.map(({ name, description, input_schema }) => ({ name, description, input_schema }));
}

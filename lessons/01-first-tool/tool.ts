// The course's shape of a tool: what the model reads (name, description, input_schema) and the
// function it never sees (run). Every lesson's tools are plain objects of this shape. A later lesson
// that needs to know more about a tool extends this type in a file of its own (lesson 05's SafeTool
// adds whether it only reads and may run beside other calls; lesson 07's ToolWithEffect, whether it
// must be approved): this file stays as it is.

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
}

// Only these three fields go to the API. `run` stays on our side: the model never sees our code.
export function toolDefinitions(tools: Tool[]): Anthropic.Tool[] {
  return tools.map(({ name, description, input_schema }) => ({ name, description, input_schema }));
}

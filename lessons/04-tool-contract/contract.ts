// A tool as a contract: the model reads the name, the description and the schema (the terms); our
// code runs only on input that meets them, and every answer comes back in the same envelope.

import type Anthropic from "@anthropic-ai/sdk";

export interface ContractTool<Input = Record<string, unknown>, Data = unknown> {
  // verb_noun, snake_case: what the model types to call it.
  name: string;
  // The rules, from the model's side: what it does, when to use it (and when not), what it returns,
  // how it fails.
  description: string;
  // Checked before `run` is called: `run` never sees input that breaks it.
  input_schema: Anthropic.Tool.InputSchema;
  // Returns only what the model needs for its next step (goes into `data`). Throw a ToolError for a
  // failure you can explain to the model; anything else thrown counts as a failure on our side.
  run(input: Input, signal?: AbortSignal): Data | Promise<Data>;

}

// The one shape every result has, so the model always knows where to look.
export type Envelope<Data = unknown> =
  | { success: true; data: Data; error: null }
  | { success: false; data: null; error: string };

export function ok<Data>(data: Data): Envelope<Data> {
  return { success: true, data, error: null };
}

export function fail(error: string): Envelope<never> {
  return { success: false, data: null, error };
}

// A failure whose message is already written for the model: what went wrong and what to do next.
// The dispatcher passes it on word for word.
export class ToolError extends Error {
  override name = "ToolError";
}

// What the model is sent as a tool_use: only these three fields matter to a dispatcher.
export interface ToolCall {
  id: string;
  name: string;
  input: unknown;
}

// The model's view of a contract tool: three fields, never the function.
export function contractDefinitions(tools: ContractTool[]): Anthropic.Tool[] {
  return tools.map(({ name, description, input_schema }) => ({ name, description, input_schema }));
}

// What a scripted turn must respect when the request asks for structured outputs (docs: "Structured
// outputs": constrained decoding; "Strict tool use"): the real model cannot answer prose to
// `output_config.format`, nor call a `strict: true` tool with an input its schema refuses, so a test
// script that does is refused with a message naming the mismatch. Loaded only for such requests.

import type Anthropic from "@anthropic-ai/sdk";
import { schemaMismatch } from "../fake-api/schema-answer.ts";

type Json = Record<string, unknown>;
type Block = { type: string; text?: string; name?: string; input?: unknown };

export function structuredMisfit(request: Anthropic.MessageCreateParams, content: Block[], stopReason: string): string | undefined {
  for (const block of content) {
    if (block.type !== "tool_use") continue;
    const tool = request.tools?.find((t) => "name" in t && t.name === block.name) as Anthropic.Tool | undefined;
    if (tool?.strict !== true) continue;
    const mismatch = schemaMismatch(tool.input_schema as unknown as Json, block.input);
    if (mismatch) {
      return `[mock model] ${block.name} is a strict tool, so the model's input always matches its input_schema, but the test scripted ${JSON.stringify(block.input)} (${mismatch}).`;
    }
  }
  const format = request.output_config?.format;
  // A refusal and a cut answer are not held to the schema; an answer with tool calls has no final text yet.
  if (!format || stopReason === "refusal" || stopReason === "max_tokens" || content.some((b) => b.type === "tool_use")) return undefined;
  const text = content.flatMap((b) => (b.type === "text" ? [b.text ?? ""] : [])).join("");
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return `[mock model] the request asks for JSON (output_config.format), so the model answers with JSON that matches the schema, but the test scripted prose: ${JSON.stringify(text.slice(0, 80))}.`;
  }
  const mismatch = schemaMismatch(format.schema, value);
  return mismatch ? `[mock model] the scripted answer ${text.slice(0, 80)} does not match the request's output_config.format schema (${mismatch}).` : undefined;
}

// Lesson 01: one tool, one round trip.
//
//   1. Send the task together with the tool's definition.
//   2. The model answers with stop_reason "tool_use" and a tool_use block: which tool, with what input.
//   3. We run the function ourselves (the model cannot) and send back a tool_result with the same id.
//   4. The model reads the result and writes the answer.
//
// Run it: npm run lesson 1            (or: npm run lesson 1 -- "How many euros is one dollar?")

import type Anthropic from "@anthropic-ai/sdk";
import { modelName } from "../../shared/model.ts";
import { getExchangeRateTool } from "./exchange-rate.ts";
import { toolDefinitions, type Tool } from "./tool.ts";

export const sampleTasks = [
  "What is the USD to RUB rate?",
  "Сколько рублей за 1 евро?",
  "How many euros is one dollar?",
];

export const tools: Tool[] = [getExchangeRateTool];

export async function runAgent(client: Anthropic, task: string): Promise<string> {
  return askOnce(client, task, tools);
}

// Asks once, answers the tool calls once, and returns the model's final text.
export async function askOnce(client: Anthropic, task: string, tools: Tool[]): Promise<string> {
  const messages: Anthropic.MessageParam[] = [{ role: "user", content: task }];

  // 1. The task and the tool definitions (never the functions) go to the model.
  const first = await client.messages.create({
    model: modelName(),
    max_tokens: 1024,
    tools: toolDefinitions(tools),
    messages,
  });

  // The model may answer straight away, without any tool.
  if (first.stop_reason !== "tool_use") return textOf(first);

  // 2. The model's turn goes back into the conversation exactly as it came: the tool_use blocks in it
  //    are what our tool_results will answer.
  messages.push({ role: "assistant", content: first.content });

  // 3. Run every tool the model asked for and answer each call by its id, all in one user message.
  const results: Anthropic.ToolResultBlockParam[] = [];
  for (const block of first.content) {
    if (block.type === "tool_use") results.push(await runTool(tools, block));
  }
  messages.push({ role: "user", content: results });

  // 4. The model reads the results and answers.
  const second = await client.messages.create({
    model: modelName(),
    max_tokens: 1024,
    tools: toolDefinitions(tools),
    messages,
  });
  if (second.stop_reason === "tool_use") {
    return `${textOf(second)}\n(The model wants another tool call. This agent makes one round trip; lesson 02 adds the loop.)`.trim();
  }
  return textOf(second);
}

// Runs one call. Whatever goes wrong becomes a tool_result with is_error: true, so the model learns
// what happened and the program does not crash.
export async function runTool(tools: Tool[], call: Anthropic.ToolUseBlock): Promise<Anthropic.ToolResultBlockParam> {
  const tool = tools.find((t) => t.name === call.name);
  if (!tool) {
    const names = tools.map((t) => t.name).join(", ");
    return { type: "tool_result", tool_use_id: call.id, content: `Unknown tool '${call.name}'. Available: ${names}.`, is_error: true };
  }
  try {
    const output = await tool.run(call.input as Record<string, unknown>);
    return { type: "tool_result", tool_use_id: call.id, content: output };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { type: "tool_result", tool_use_id: call.id, content: message, is_error: true };
  }
}

export function textOf(message: Anthropic.Message): string {
  return message.content
    .filter((block) => block.type === "text")
    .map((block) => block.text)
    .join("\n")
    .trim();
}

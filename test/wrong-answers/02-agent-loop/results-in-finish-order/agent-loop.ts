// Exercise 02, part 1: the agent loop. Read exercises/02-agent-loop/README.md first.
// Check your work with: npm run check 2

import type Anthropic from "@anthropic-ai/sdk";
import { toolDefinitions, type Tool } from "../../lessons/01-first-tool/tool.ts";
import { modelName } from "../../shared/model.ts";

export const DEFAULT_MAX_TURNS = 10;

export interface AgentOptions {
  // How many requests the loop may send before it gives up.
  maxTurns?: number;
  system?: string;
}

// Runs one tool call and answers it. Whatever goes wrong becomes a tool_result with is_error: true,
// so the model reads what happened and the loop goes on.
export async function executeToolCall(call: Anthropic.ToolUseBlock, tools: Tool[]): Promise<Anthropic.ToolResultBlockParam> {
  const tool = tools.find((t) => t.name === call.name);
  if (!tool) {
    const names = tools.map((t) => t.name).join(", ");
    return { type: "tool_result", tool_use_id: call.id, content: `Unknown tool '${call.name}'. Available tools: ${names}.`, is_error: true };
  }
  try {
    const output = await tool.run(call.input as Record<string, unknown>);
    return { type: "tool_result", tool_use_id: call.id, content: output };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { type: "tool_result", tool_use_id: call.id, content: `Error: ${message}`, is_error: true };
  }
}

// Asks the model, runs the tools it asks for, sends the results back, and repeats until the model
// stops asking for tools. Returns the model's final text.
export async function runAgent(client: Anthropic, task: string, tools: Tool[], options: AgentOptions = {}): Promise<string> {
  const maxTurns = options.maxTurns ?? DEFAULT_MAX_TURNS;
  const messages: Anthropic.MessageParam[] = [{ role: "user", content: task }];

  for (let turn = 1; turn <= maxTurns; turn++) {
    const response = await client.messages.create({
      model: modelName(),
      max_tokens: 1024,
      ...(options.system ? { system: options.system } : {}),
      tools: toolDefinitions(tools),
      messages,
    });

    // Anything but tool_use (end_turn, max_tokens, refusal...) means the model is not waiting for us.
    if (response.stop_reason !== "tool_use") return textOf(response);

    // The assistant turn goes back exactly as received: our tool_results answer its tool_use ids.
    messages.push({ role: "assistant", content: response.content });

    // Every tool_use in this turn is answered in ONE user message.
    const results: Anthropic.ToolResultBlockParam[] = [];
    await Promise.all(
      response.content.map(async (block) => {
        if (block.type === "tool_use") results.push(await executeToolCall(block, tools));
      }),
    );
    messages.push({ role: "user", content: results });
  }

  return `Stopped: the turn limit of ${maxTurns} turns was reached before the model finished.`;
}

// Given: the text blocks of a response, joined. Use it for the final answer.
// Stryker disable all: given in the starter, as it is
export function textOf(message: Anthropic.Message): string {
  return message.content
    .flatMap((block) => (block.type === "text" ? [block.text] : []))
    .join("\n")
    .trim();
}
// Stryker restore all

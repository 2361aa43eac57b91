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

// TODO 1: run one tool call and return the tool_result that answers it (same tool_use_id as call.id).
//   - no tool with that name: a result with is_error: true that names the tools that do exist
//   - tool.run() throws, or returns a promise that rejects: a result with is_error: true carrying the
//     error's message (hard mode: a thrown string is its own message)
//   - otherwise: a result whose content is what run() returned
// Never let an error out of this function: the model should read it, not the user in a stack trace.
export async function executeToolCall(call: Anthropic.ToolUseBlock, tools: Tool[]): Promise<Anthropic.ToolResultBlockParam> {
  throw new Error(
    `not implemented yet: executeToolCall for '${call.name}' (of ${tools.length} tools) in exercises/02-agent-loop/agent-loop.ts ` +
      "should run the tool and return a tool_result with tool_use_id = call.id (TODO 1)",
  );
}

// TODO 2: the loop. Start with the task as the only message, then repeat:
//   1. send the messages (with model, max_tokens, tools and the system prompt if there is one);
//   2. if stop_reason is not "tool_use", the model is done: return its text;
//   3. append the assistant message with response.content exactly as it came;
//   4. run every tool_use block in it (executeToolCall) and append ONE user message with all the results.
// TODO 3: send at most maxTurns requests. An answer on the last allowed request is returned as usual;
// when the last allowed response still asks for tools, return a sentence that says the turn limit of N
// was reached, instead of looping forever.
export async function runAgent(client: Anthropic, task: string, tools: Tool[], options: AgentOptions = {}): Promise<string> {
  const maxTurns = options.maxTurns ?? DEFAULT_MAX_TURNS;
  const messages: Anthropic.MessageParam[] = [{ role: "user", content: task }];
  // Your loop goes here. A request looks like:
  //   await client.messages.create({ model: modelName(), max_tokens: 1024, tools: toolDefinitions(tools), messages })
  throw new Error(
    `not implemented yet: runAgent in exercises/02-agent-loop/agent-loop.ts should send the ${messages.length} message(s) ` +
      `with client.messages.create and loop (at most ${maxTurns} turns) until stop_reason is not "tool_use" (TODO 2 and 3)`,
  );
}

// Given: the text blocks of a response, joined. Use it for the final answer.
export function textOf(message: Anthropic.Message): string {
  return message.content
    .flatMap((block) => (block.type === "text" ? [block.text] : []))
    .join("\n")
    .trim();
}

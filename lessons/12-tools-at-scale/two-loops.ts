// Part 1: the same agent twice. Once on lesson 02's loop, which we wrote; once on the SDK's tool runner
// (client.beta.messages.toolRunner), which runs the same loop for us: it sends the request, runs every
// tool_use the reply asks for (parsing the input with each tool's zod schema first), answers them all
// in one message, and repeats until the model stops asking. By default it does so over a message
// thread: the server keeps the conversation, and each later request sends only the new message.

import type Anthropic from "@anthropic-ai/sdk";
import type { BetaRunnableTool } from "@anthropic-ai/sdk/lib/tools/BetaRunnableTool";
import { runLoop } from "../02-agent-loop/loop.ts";
import { system as lesson02System, tools as lesson02Tools } from "../02-agent-loop/agent.ts";
import { modelName } from "../../shared/model.ts";
import { watchRequests, type SentRequest } from "./wire-watch.ts";

export interface LoopRun {
  text: string;
  // Every request the loop sent, in order.
  sent: SentRequest[];
  // The model was still asking for tools when the loop stopped (a turn limit).
  cutShort: boolean;
}

// Lesson 02's loop, as it is: the whole conversation goes out with every request.
export async function handBuiltLoop(client: Anthropic, task: string): Promise<LoopRun> {
  const sent: SentRequest[] = [];
  const result = await runLoop(watchRequests(client, (request) => sent.push(request)), task, { tools: lesson02Tools, system: lesson02System });
  return { text: result.text, sent, cutShort: result.stopReason === "max_turns" };
}

export const MAX_ITERATIONS = 10;

// The SDK's loop. max_iterations is our turn limit: without it the runner has none.
export async function sdkToolRunner(client: Anthropic, task: string, tools: BetaRunnableTool<any>[], system: string = lesson02System): Promise<LoopRun> {
  const sent: SentRequest[] = [];
  const runner = watchRequests(client, (request) => sent.push(request)).beta.messages.toolRunner({
    model: modelName(),
    max_tokens: 1024,
    system,
    tools,
    messages: [{ role: "user", content: task }],
    max_iterations: MAX_ITERATIONS,
  });
  const final = await runner.runUntilDone();
  const text = final.content.flatMap((block) => (block.type === "text" ? [block.text] : [])).join("\n").trim();
  // At its limit the runner simply stops; it does not say the answer is missing, so we do.
  return { text, sent, cutShort: final.stop_reason === "tool_use" };
}

// The agent loop: ask the model, run the tools it asks for, send the results back, and repeat
// until it stops asking. Think (the model plans), act (our code runs the tools), observe (the model
// reads the results). The model never runs anything itself: every call goes through this function.
//
//   1. send the conversation and the tool definitions;
//   2. stop_reason "tool_use"? append the assistant turn exactly as received, run every tool_use in
//      it, and answer them all, by id, in ONE user message; go to 1;
//   3. stop_reason "pause_turn"? the API paused a long turn: send the conversation back; go to 1.
//   4. anything else (end_turn, max_tokens, stop_sequence, refusal, model_context_window_exceeded):
//      the model is not waiting for us. Return its text, with a note when the text is not a whole answer.
//   5. a turn limit stops a model that keeps asking for tools forever.

import type Anthropic from "@anthropic-ai/sdk";
import { modelName } from "../../shared/model.ts";
import { runTool } from "../01-first-tool/agent.ts";
import { toolDefinitions, type Tool } from "../01-first-tool/tool.ts";

export type ToolExecutor = (calls: Anthropic.ToolUseBlock[], tools: Tool[]) => Promise<Anthropic.ToolResultBlockParam[]>;

export interface LoopOptions {
  tools: Tool[];
  system?: string;
  // How many requests the loop may send before it gives up (a model can keep calling tools forever).
  maxTurns?: number;
  maxTokens?: number;
  // Runs one turn's tool calls and returns one tool_result per call. Lesson 05 runs them in parallel,
  // lesson 07 asks for approval first; by default they run one after another.
  executeTools?: ToolExecutor;
  // An earlier conversation to continue; the task is added as the next user message.
  history?: Anthropic.MessageParam[];
  // Plug points for a harness around the loop (lesson 08): `send` sends one request (default:
  // client.messages.create), so a harness can stream, pick the model or count the cost; `onMessage`
  // hears each new message the moment it joins the conversation, so a harness can write it down.
  send?: (params: Anthropic.MessageCreateParamsNonStreaming) => Promise<Anthropic.Message>;
  onMessage?: (message: Anthropic.MessageParam) => void | Promise<void>;
}

export interface LoopResult {
  text: string;
  // Why the loop ended: the model's stop_reason, or "max_turns" when the turn limit stopped it.
  stopReason: Anthropic.StopReason | "max_turns";
  turns: number;
  messages: Anthropic.MessageParam[];
}

export async function runLoop(client: Anthropic, task: string, options: LoopOptions): Promise<LoopResult> {
  const maxTurns = options.maxTurns ?? 10;
  const executeTools = options.executeTools ?? runOneByOne;
  const send = options.send ?? ((params) => client.messages.create(params));
  const messages: Anthropic.MessageParam[] = [...(options.history ?? [])];
  const add = async (message: Anthropic.MessageParam) => {
    messages.push(message);
    await options.onMessage?.(message);
  };
  await add({ role: "user", content: task });

  for (let turn = 1; turn <= maxTurns; turn++) {
    const response = await send({
      model: modelName(),
      max_tokens: options.maxTokens ?? 1024,
      ...(options.system ? { system: options.system } : {}),
      tools: toolDefinitions(options.tools),
      messages,
    });
    // The assistant turn goes back exactly as received: its tool_use ids are what our results answer.
    await add({ role: "assistant", content: response.content });

    // pause_turn: the API paused a long turn (server tools such as web search); sending the
    // conversation back as it is lets the model carry on where it stopped.
    if (response.stop_reason === "pause_turn") continue;
    if (response.stop_reason !== "tool_use") {
      return { text: finalText(response), stopReason: response.stop_reason ?? "end_turn", turns: turn, messages };
    }

    const calls = response.content.filter((block): block is Anthropic.ToolUseBlock => block.type === "tool_use");
    if (turn === maxTurns) return stoppedAtLimit(maxTurns, calls, messages);
    // Every tool_use is answered, by id, in ONE user message right after it. Split the results over
    // several messages, or leave one out, and the API answers 400: "`tool_use` ids were found without
    // `tool_result` blocks immediately after".
    const results = await executeTools(calls, options.tools);
    await add({ role: "user", content: results });
  }

  return {
    text: `Stopped after ${maxTurns} turns without a final answer. The task may need more steps than the limit allows.`,
    stopReason: "max_turns",
    turns: maxTurns,
    messages,
  };
}

// The turn limit, reached while the model still asks for tools. Calls run now could never report
// back (no request follows), and a call with a side effect would act with nobody told. So they are not
// run; each is answered "not run" in the history (a caller that continues the conversation then sends
// a valid one), and the text says what was left undone.
function stoppedAtLimit(maxTurns: number, calls: Anthropic.ToolUseBlock[], messages: Anthropic.MessageParam[]): LoopResult {
  messages.push({
    role: "user",
    content: calls.map((call) => ({
      type: "tool_result" as const,
      tool_use_id: call.id,
      content: "Not run: the agent reached its turn limit before this call could run.",
      is_error: true,
    })),
  });
  return {
    text:
      `Stopped after ${maxTurns} turns without a final answer: the turn limit was reached. Left undone: the model still ` +
      `wanted to call ${calls.map((call) => call.name).join(", ")}, and those calls were not run. ` +
      "The task may need more steps than the limit allows.",
    stopReason: "max_turns",
    turns: maxTurns,
    messages,
  };
}

async function runOneByOne(calls: Anthropic.ToolUseBlock[], tools: Tool[]): Promise<Anthropic.ToolResultBlockParam[]> {
  const results: Anthropic.ToolResultBlockParam[] = [];
  for (const call of calls) results.push(await runTool(tools, call));
  return results;
}

// What each stop means for the person waiting for an answer. Ignoring them would pass a cut-off
// sentence, or an empty string, off as the answer. The switch names all seven stop reasons of the
// SDK: if a new one appears, `never` below stops the build until someone decides what it means.
function finalText(response: Anthropic.Message): string {
  const text = response.content
    .flatMap((block) => (block.type === "text" ? [block.text] : []))
    .join("\n")
    .trim();
  const reason = response.stop_reason ?? "end_turn";
  switch (reason) {
    case "end_turn":
      return text;
    case "stop_sequence":
      // The text stops where one of the request's stop_sequences began (the sequence itself is left out).
      return `${text}\n[Stopped at the stop sequence ${JSON.stringify(response.stop_sequence)}.]`.trim();
    case "max_tokens":
      return `${text}\n[The answer was cut off: it hit max_tokens. Raise max_tokens or ask for a shorter answer.]`.trim();
    case "model_context_window_exceeded":
      // The conversation filled the model's context window: the answer is cut off, like max_tokens,
      // but raising max_tokens cannot help. Less must be sent.
      return `${text}\n[The answer was cut off: the conversation filled the model's context window. Start a new conversation, or send less (shorter tool results).]`.trim();
    case "refusal": {
      // stop_details says why, when the API knows: a category and an explanation.
      const why = response.stop_details?.explanation ?? response.stop_details?.category;
      return text || `[The model declined this request (stop_reason: refusal${why ? `: ${why}` : ""}).]`;
    }
    case "tool_use":
    case "pause_turn":
      // runLoop handles these before it gets here; with a turn limit reached, the text is all there is.
      return text;
    default: {
      const unknown: never = reason;
      return `${text}\n[Stopped for a reason this loop does not know: ${String(unknown)}.]`.trim();
    }
  }
}

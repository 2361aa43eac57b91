// What the request says about the shape of the answer, applied to a turn the offline or mock model
// has planned: one tool call at most when parallel calls are off, no text before a forced tool call,
// text cut where a stop sequence begins, and everything cut at max_tokens (a tool call too, mid-input).
// The planner decides what to say; this decides how much of it the request lets through.

import type Anthropic from "@anthropic-ai/sdk";
import { partialParse } from "@anthropic-ai/sdk/_vendor/partial-json-parser/parser";
import { partialInputs } from "./sse.ts";
import type { ContentBlock, StopReason } from "./responses.ts";
import { signThinking } from "./thinking.ts";

export interface PlannedTurn {
  content: ContentBlock[];
  stopReason: StopReason;
  stopSequence?: string;
  // Set when max_tokens cut the turn: the output tokens it used (all of them).
  outputTokens?: number;
}

type Request = Pick<Anthropic.MessageCreateParams, "max_tokens" | "stop_sequences" | "tool_choice">;

// About four characters a token, as estimateTokens counts them.
const CHARS_PER_TOKEN = 4;

export function obeyRequest(request: Request, turn: PlannedTurn): PlannedTurn {
  return cutAtMaxTokens(request.max_tokens, cutAtStopSequence(request.stop_sequences, shapeToolCalls(request.tool_choice, turn)));
}

// disable_parallel_tool_use: "at most one tool use" (auto) or "exactly one" (any, tool). A forced
// choice (any, tool) prefills the turn, so no text comes before the call (tool use docs, "Forcing
// tool use").
function shapeToolCalls(choice: Request["tool_choice"], turn: PlannedTurn): PlannedTurn {
  if (!choice || choice.type === "none") return turn;
  const forced = choice.type === "any" || choice.type === "tool";
  const single = "disable_parallel_tool_use" in choice && choice.disable_parallel_tool_use === true;
  let calls = 0;
  const content = turn.content.filter((block) => {
    if (block.type === "tool_use") return !single || ++calls === 1;
    if (forced && block.type === "text") return !turn.content.some((b) => b.type === "tool_use");
    return true;
  });
  return { ...turn, content };
}

// The first stop sequence found in the text ends the turn there; the sequence itself is left out
// and named in `stop_sequence` (stop sequences page). Thinking is not matched.
function cutAtStopSequence(sequences: string[] | undefined, turn: PlannedTurn): PlannedTurn {
  const wanted = (sequences ?? []).filter((s) => s !== "");
  if (wanted.length === 0) return turn;
  for (const [i, block] of turn.content.entries()) {
    if (block.type !== "text") continue;
    let first: { at: number; sequence: string } | undefined;
    for (const sequence of wanted) {
      const at = block.text.indexOf(sequence);
      if (at !== -1 && (!first || at < first.at)) first = { at, sequence };
    }
    if (!first) continue;
    const text = block.text.slice(0, first.at);
    const content = [...turn.content.slice(0, i), ...(text === "" ? [] : [{ ...block, text }])];
    return { content, stopReason: "stop_sequence", stopSequence: first.sequence };
  }
  return turn;
}

function blockTokens(block: ContentBlock): number {
  switch (block.type) {
    case "text":
      return Math.ceil(block.text.length / CHARS_PER_TOKEN);
    case "thinking":
      return Math.ceil(block.thinking.length / CHARS_PER_TOKEN);
    case "tool_use":
      return Math.ceil((block.name.length + JSON.stringify(block.input ?? {}).length) / CHARS_PER_TOKEN);
    default:
      return 16;
  }
}

// Output stops when max_tokens is reached, whatever was being written: the rest of the text, the
// thinking, or a tool call's input, which then arrives cut mid-JSON (stop_reason "max_tokens").
// Thinking tokens count toward max_tokens (Claude Haiku 5.5 "what's new" page).
function cutAtMaxTokens(maxTokens: number, turn: PlannedTurn): PlannedTurn {
  let left = maxTokens;
  for (const [i, block] of turn.content.entries()) {
    const cost = blockTokens(block);
    if (cost <= left) {
      left -= cost;
      continue;
    }
    const kept = turn.content.slice(0, i);
    const room = left * CHARS_PER_TOKEN;
    const cut = room > 0 ? cutBlock(block, room) : undefined;
    return { content: cut ? [...kept, cut] : kept, stopReason: "max_tokens", outputTokens: maxTokens };
  }
  return turn;
}

function cutBlock(block: ContentBlock, chars: number): ContentBlock | undefined {
  switch (block.type) {
    case "text":
      return { ...block, text: block.text.slice(0, chars) };
    case "thinking": {
      const thinking = block.thinking.slice(0, chars);
      return { ...block, thinking, signature: signThinking(thinking) };
    }
    case "tool_use": {
      const json = JSON.stringify(block.input ?? {}).slice(0, Math.max(0, chars - block.name.length));
      const cut: ContentBlock = { ...block, input: json === "" ? {} : readPartial(json) };
      partialInputs.set(cut, json);
      return cut;
    }
    default:
      return undefined;
  }
}

// What the SDK's own stream reader makes of the cut JSON, so a streamed and a plain answer agree.
function readPartial(json: string): unknown {
  try {
    return partialParse(json) ?? {};
  } catch {
    return {};
  }
}

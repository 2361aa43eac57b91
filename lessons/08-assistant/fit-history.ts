// Keeping a long session under a token budget. Every request carries the whole history, so a session
// that ran for a week would send (and pay for) a week of messages each time, until it no longer fits
// the context window. The oldest turns are left out, with a note, so the model knows it sees only the
// recent part.
//
// The cut is made only where a turn starts: a user message with no tool_result in it. Cutting anywhere
// else could keep a tool_result whose tool_use was dropped, and the API refuses that with 400
// ("unexpected `tool_use_id` found in `tool_result` blocks").

import type Anthropic from "@anthropic-ai/sdk";

export interface Fitted {
  messages: Anthropic.MessageParam[];
  // How many of the oldest messages were left out.
  dropped: number;
}

// Four characters a token: rough, but the same for every message, which is all a cut needs.
export function messageTokens(message: Anthropic.MessageParam): number {
  return Math.ceil(JSON.stringify(message.content).length / 4);
}

export function isTurnStart(message: Anthropic.MessageParam): boolean {
  if (message.role !== "user") return false;
  return typeof message.content === "string" || !message.content.some((block) => block.type === "tool_result");
}

export function fitHistory(messages: Anthropic.MessageParam[], maxTokens: number): Fitted {
  let total = messages.reduce((sum, m) => sum + messageTokens(m), 0);
  let cut = 0;
  // Drop whole turns from the front while the rest is over budget; always keep the latest turn.
  while (total > maxTokens) {
    let next = cut + 1;
    while (next < messages.length && !isTurnStart(messages[next]!)) next++;
    if (next >= messages.length) break;
    for (let i = cut; i < next; i++) total -= messageTokens(messages[i]!);
    cut = next;
  }
  if (cut === 0) return { messages, dropped: 0 };
  const note: Anthropic.MessageParam = {
    role: "user",
    content:
      `[Note from the assistant's harness, not from the user: the ${cut} oldest messages of this session were left out ` +
      `to keep the history under ${maxTokens} tokens. If the user refers to something you cannot see, say so and ask.]`,
  };
  return { messages: [note, ...messages.slice(cut)], dropped: cut };
}

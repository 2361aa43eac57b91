// Exercise 08, solved: orphan repair. (The lesson's own copy is lessons/08-assistant/repair-orphans.ts.)
//
// After a crash mid-call, the session ends with a tool_use that has no tool_result, and the API
// refuses the whole conversation with 400 until every tool_use is answered in the very next message.
// repairOrphans answers each unanswered call with an is_error "interrupted, effect unknown" result,
// in the right place, and changes nothing else.

import type Anthropic from "@anthropic-ai/sdk";
import { interruptedResult } from "../../lessons/08-assistant/repair-orphans.ts";

type Block = Anthropic.ContentBlockParam;

export function repairOrphans(messages: Anthropic.MessageParam[]): Anthropic.MessageParam[] {
  const repaired: Anthropic.MessageParam[] = [];
  for (let i = 0; i < messages.length; i++) {
    const message = messages[i]!;
    repaired.push(message);
    if (message.role !== "assistant") continue;
    const calls = blocksOf(message).flatMap((b) => (b.type === "tool_use" ? [b.id] : []));
    const next = messages[i + 1];
    const nextIsUser = next !== undefined;
    const answered = new Set(nextIsUser ? blocksOf(next).flatMap((b) => (b.type === "tool_result" ? [b.tool_use_id] : [])) : []);
    const added = calls.filter((id) => !answered.has(id)).map(interruptedResult);
    if (added.length === 0) continue;

    if (nextIsUser) {
      // Into the next user message: after the results it has, before its text (results come first).
      const blocks = blocksOf(next);
      const results = blocks.filter((b) => b.type === "tool_result");
      const rest = blocks.filter((b) => b.type !== "tool_result");
      repaired.push({ ...next, content: [...results, ...added, ...rest] });
      i += 1;
    } else {
      repaired.push({ role: "user", content: added });
    }
  }
  return repaired;
}

// A message's content as blocks; a plain string is one text block (an empty one is none).
function blocksOf(message: Anthropic.MessageParam): Block[] {
  if (typeof message.content !== "string") return message.content;
  return message.content === "" ? [] : [{ type: "text", text: message.content }];
}

// Orphan repair: answering the tool calls a crash left unanswered.
//
// The API requires every tool_use to be answered by a tool_result in the very next message. If the
// process dies while a tool runs (a kill, a power cut, Ctrl-C at the wrong moment), the session file
// ends with the model's tool_use and no answer. Sent as it is, the request is refused with 400:
// "`tool_use` ids were found without `tool_result` blocks immediately after". The session would be
// stuck for good. So before the next request the harness answers each orphan itself: "interrupted,
// effect unknown". It cannot say "failed": the tool may have done its work (written the file, sent the
// email) just before the crash. The model has to check before it repeats anything that changes things.

import type Anthropic from "@anthropic-ai/sdk";

type Block = Anthropic.ContentBlockParam;

export function interruptedResult(toolUseId: string): Anthropic.ToolResultBlockParam {
  return {
    type: "tool_result",
    tool_use_id: toolUseId,
    is_error: true,
    content:
      "Interrupted: the assistant stopped (a crash or a restart) while this call was running, so it never returned. " +
      "Its effect is unknown: it may or may not have happened. Before repeating a call that changes something " +
      "(a file, a row, an email), check whether it already happened, or ask the user.",
  };
}

// Returns a new list in which every tool_use has its tool_result in the next message. Answered calls
// and every other message are left exactly as they were; the input list is not changed.
export function repairOrphans(messages: Anthropic.MessageParam[]): Anthropic.MessageParam[] {
  const repaired: Anthropic.MessageParam[] = [];
  for (let i = 0; i < messages.length; i++) {
    const message = messages[i]!;
    repaired.push(message);
    const calls = toolUseIds(message);
    if (calls.length === 0) continue;

    const next = messages[i + 1];
    const answered = new Set(next?.role === "user" ? blocksOf(next).flatMap((b) => (b.type === "tool_result" ? [b.tool_use_id] : [])) : []);
    const added = calls.filter((id) => !answered.has(id)).map(interruptedResult);
    if (added.length === 0) continue;

    if (next?.role === "user") {
      // The next user message exists (the user typed on after the crash): the answers go into it,
      // after any results it already has and before its text, because results must come first.
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

// The ids of the calls repairOrphans would answer, for a note to the person watching.
export function orphanIds(messages: Anthropic.MessageParam[]): string[] {
  const before = new Set(answeredIds(messages));
  return answeredIds(repairOrphans(messages)).filter((id) => !before.has(id));
}

function answeredIds(messages: Anthropic.MessageParam[]): string[] {
  return messages.flatMap((m) => blocksOf(m).flatMap((b) => (b.type === "tool_result" ? [b.tool_use_id] : [])));
}

function toolUseIds(message: Anthropic.MessageParam): string[] {
  if (message.role !== "assistant") return [];
  return blocksOf(message).flatMap((b) => (b.type === "tool_use" ? [b.id] : []));
}

function blocksOf(message: Anthropic.MessageParam): Block[] {
  if (typeof message.content !== "string") return message.content;
  return message.content.trim() === "" ? [] : [{ type: "text", text: message.content }];
}

// Exercise 08, TODO 1: orphan repair. Read exercises/08-assistant/README.md first.
// Check your work with: npm run check 8
//
// A crash mid-call leaves a tool_use with no tool_result, and the API then refuses the whole session:
//   400 "`tool_use` ids were found without `tool_result` blocks immediately after: toolu_..."
// repairOrphans returns a new list of messages in which every tool_use is answered in the very next
// message. Use interruptedResult(id) (given) for each answer you add.

import type Anthropic from "@anthropic-ai/sdk";
import { interruptedResult } from "../../lessons/08-assistant/repair-orphans.ts";

// TODO 1: for each assistant message with tool_use blocks, find the ids the NEXT message does not
// answer (it answers only if it is a user message with a tool_result for that id). Then:
//   - no next message (hard mode: or one that is not a user message): insert a new user message
//     holding interruptedResult(id) for each missing id;
//   - the next message is a user message: put the missing results into it, after the tool_result
//     blocks it already has and before its text (a string content counts as one text block).
// Leave every other message, and every result already there, exactly as it was. Do not change the
// input list or its messages: build a new list.
export function repairOrphans(messages: Anthropic.MessageParam[]): Anthropic.MessageParam[] {
  throw new Error(
    `not implemented yet: repairOrphans() in exercises/08-assistant/repair-orphans.ts should answer every tool_use ` +
      `that has no tool_result in the next message (${messages.length} messages given)`,
  );
}

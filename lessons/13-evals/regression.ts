// The lesson's main demonstration: one change to one tool description, evaluated before and after.
// Lesson 01 wrote get_exchange_rate's description for the model (what it does, when to use it, what it
// returns); lesson 04 showed a vague one ("Helper for money questions."). Here the task set measures
// what that change costs. The model picks tools by their descriptions (the offline demo model too:
// shared/offline/tool-choice), so the difference is the model's own, not staged.

import { VAGUE_DESCRIPTION } from "../04-tool-contract/vague-description.ts";
import { getExchangeRateTool } from "../01-first-tool/exchange-rate.ts";
import type { ToolVariant } from "./run-task.ts";

export const CHANGED_TOOL = getExchangeRateTool.name;

// The same tools, with one description replaced. Everything else (schema, function, gate) is the same.
export function describedAs(tool: string, description: string): ToolVariant {
  return (tools) => tools.map((t) => (t.name === tool ? { ...t, description } : t));
}

export const vagueRateTool: ToolVariant = describedAs(CHANGED_TOOL, VAGUE_DESCRIPTION);

export { VAGUE_DESCRIPTION };

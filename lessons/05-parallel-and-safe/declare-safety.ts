// Tools from earlier lessons say nothing about running beside other calls: that idea starts in this
// lesson. So the lesson that runs a tool declares what it knows about it, on a copy of its own, and
// the earlier lesson's file stays as it was.

import type { Tool } from "../01-first-tool/tool.ts";
import type { SafeTool } from "./executor.ts";

export type SafetyFacts = Pick<SafeTool, "readOnly" | "concurrencySafe" | "timeoutMs">;

// A lookup or a calculation: it changes nothing, so any number of them may run at once.
export const READS_ONLY: SafetyFacts = { readOnly: true, concurrencySafe: true };

export function declareSafety<Input>(tool: Tool<Input>, facts: SafetyFacts): SafeTool<Input> {
  return { ...tool, ...facts };
}

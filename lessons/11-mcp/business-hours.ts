// A PreToolUse hook: outside business hours, calls that may change something are refused.
// Which calls only read? A built-in tool that declares readOnly, and the tools the USER lists as
// readers (patterns as in permissions.json). An MCP server's own readOnlyHint is not enough: a
// server could say it about anything. Every other call counts as a write: unknown means careful.
// The clock is a parameter, so a test can pick the hour.

import { matchesGlob } from "../07-approval-gates/permissions.ts";
import type { PreToolUseHook } from "./hooks.ts";

export interface BusinessHours {
  // Local hours, [open, close): 9 and 18 mean 09:00 to 17:59.
  open: number;
  close: number;
  // Days the office works, 0 = Sunday ... 6 = Saturday.
  days: number[];
  now: () => Date;
  // Tools the user knows only read, e.g. "mcp__notes__read_note" or "mcp__course__calculate".
  readers: string[];
}

export const OFFICE_HOURS: BusinessHours = {
  open: 9,
  close: 18,
  days: [1, 2, 3, 4, 5],
  now: () => new Date(),
  readers: ["mcp__course__get_exchange_rate", "mcp__course__calculate", "mcp__notes__list_notes", "mcp__notes__read_note"],
};

export function isBusinessTime(date: Date, hours: Pick<BusinessHours, "open" | "close" | "days">): boolean {
  return hours.days.includes(date.getDay()) && date.getHours() >= hours.open && date.getHours() < hours.close;
}

export function businessHoursHook(hours: BusinessHours = OFFICE_HOURS): PreToolUseHook {
  return {
    name: "business-hours",
    before(call) {
      const declared = call.tool?.readOnly === true && call.tool.needsApproval !== true;
      const listed = hours.readers.some((pattern) => matchesGlob(call.name, pattern));
      if (declared || listed || isBusinessTime(hours.now(), hours)) return { action: "continue" };
      const pad = (n: number) => String(n).padStart(2, "0");
      return {
        action: "refuse",
        reason:
          `${call.name} may change things, and changes are only made in business hours (${pad(hours.open)}:00-${pad(hours.close)}:00 on working days). ` +
          "Do not retry now. Tell the user it was not done and that they can ask again in business hours.",
      };
    },
  };
}

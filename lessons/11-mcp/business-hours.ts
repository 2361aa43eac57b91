// A PreToolUse hook: outside business hours, calls that may change something are refused.
// Which calls only read? A built-in tool that declares readOnly, and the tools the USER lists as
// readers (patterns as in permissions.json). An MCP server's own readOnlyHint is not enough: a
// server could say it about anything. Every other call counts as a write: unknown means careful.
// The clock is a parameter, so a test can pick the hour; the hours are a setting, so a learner can
// try the lesson at any time of day: COURSE_BUSINESS_HOURS in .env (hoursFromSetting, below).

import { matchesGlob } from "../07-approval-gates/permissions.ts";
import { messages } from "../../shared/i18n/messages.ts";
import { UsageError } from "../../shared/usage-error.ts";
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

const DAY_NAMES = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"];

// COURSE_BUSINESS_HOURS: "09-18" (09:00 to 17:59, Monday to Friday), "09-18 mon-sat", "10-16 mon,wed,fri",
// "00-24 mon-sun" (always open). Unset or empty: OFFICE_HOURS. A value that cannot be read is a
// usage error that shows the right form, never a silent default: the learner would not know why.
export function hoursFromSetting(value: string | undefined, base: BusinessHours = OFFICE_HOURS): BusinessHours {
  const text = value?.trim().toLowerCase() ?? "";
  if (text === "") return base;
  const match = /^(\d{1,2})(?::00)?\s*-\s*(\d{1,2})(?::00)?(?:\s+([a-z,\s-]+))?$/.exec(text);
  const open = Number(match?.[1]);
  const close = Number(match?.[2]);
  const days = match?.[3] === undefined ? [1, 2, 3, 4, 5] : dayList(match[3]);
  if (!match || open >= close || close > 24 || days === undefined) throw new UsageError(messages().mistakes.businessHours(value ?? ""));
  return { ...base, open, close, days };
}

// "mon-fri" → [1..5]; "sat,sun" → [6, 0]; "fri-mon" wraps round the weekend. undefined: not days.
function dayList(text: string): number[] | undefined {
  const days = new Set<number>();
  for (const part of text.split(",").map((p) => p.trim())) {
    const [from, to = from] = part.split("-").map((d) => DAY_NAMES.indexOf(d.trim()));
    if (from === undefined || to === undefined || from < 0 || to < 0) return undefined;
    for (let day = from; ; day = (day + 1) % 7) {
      days.add(day);
      if (day === to) break;
    }
  }
  return [...days];
}

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

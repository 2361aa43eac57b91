// Lesson 11's business hours are a setting (issue 25): COURSE_BUSINESS_HOURS in .env, so "Try this" 1
// works at any hour. The clock stays a parameter (hours.now), as the heartbeat's is in lesson 09.

import { afterEach, describe, expect, it, vi } from "vitest";
import { runAgent } from "../../lessons/11-mcp/agent.ts";
import { businessHoursHook, hoursFromSetting, OFFICE_HOURS } from "../../lessons/11-mcp/business-hours.ts";
import { ru } from "../../shared/i18n/ru.ts";
import { createMockModel } from "../../shared/mock/mock-model.ts";
import { UsageError } from "../../shared/usage-error.ts";

const SUNDAY_NIGHT = new Date(2026, 10, 29, 23, 0);
const SATURDAY_10 = new Date(2026, 10, 28, 10, 0);
const WRITE = { name: "mcp__notes__add_note", input: {} };
const at = (setting: string, now: Date) => hoursFromSetting(setting, { ...OFFICE_HOURS, now: () => now });

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("COURSE_BUSINESS_HOURS", () => {
  it("reads hours and days; unset or empty keeps 09-18 Monday to Friday", () => {
    expect(hoursFromSetting(undefined)).toBe(OFFICE_HOURS);
    expect(hoursFromSetting("  ")).toBe(OFFICE_HOURS);
    expect(hoursFromSetting("09-18")).toMatchObject({ open: 9, close: 18, days: [1, 2, 3, 4, 5] });
    expect(hoursFromSetting("8:00-20:00 sat,sun")).toMatchObject({ open: 8, close: 20, days: [6, 0] });
    expect(hoursFromSetting("10-16 Mon-Sat")).toMatchObject({ open: 10, close: 16, days: [1, 2, 3, 4, 5, 6] });
    expect(hoursFromSetting("00-24 fri-mon").days, "a range may wrap round the weekend").toEqual([5, 6, 0, 1]);
  });

  it("opens the hook when the setting says so, with the clock still injected", () => {
    expect(businessHoursHook(at("09-18", SUNDAY_NIGHT)).before(WRITE)).toMatchObject({ action: "refuse" });
    expect(businessHoursHook(at("00-24 mon-sun", SUNDAY_NIGHT)).before(WRITE)).toEqual({ action: "continue" });
    expect(businessHoursHook(at("09-18 mon-sat", SATURDAY_10)).before(WRITE)).toEqual({ action: "continue" });
    expect(businessHoursHook(at("09-18", SATURDAY_10)).before(WRITE)).toMatchObject({ action: "refuse" });
  });

  it("a value that cannot be read is a usage error showing the right form, in both languages; never a silent default", () => {
    for (const bad of ["18-09", "9-25", "nine to five", "09-18 weekdays", "09-18 mon-"]) {
      expect(() => hoursFromSetting(bad), bad).toThrow(UsageError);
      expect(() => hoursFromSetting(bad), bad).toThrow(/COURSE_BUSINESS_HOURS=09-18/);
    }
    expect(ru.mistakes.businessHours("x")).toMatch(/не рабочие часы.*COURSE_BUSINESS_HOURS=09-18/);
  });

  it("the agent reads it from the environment before starting any server", async () => {
    vi.stubEnv("COURSE_BUSINESS_HOURS", "always");
    const mock = createMockModel([]);
    await expect(runAgent(mock.client, "Add a note", { rules: { allow: [], ask: [], deny: [] }, servers: {}, print: () => {} })).rejects.toThrow(UsageError);
    expect(mock.requests).toHaveLength(0);
  });
});

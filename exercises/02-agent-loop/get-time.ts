// Exercise 02, part 2: a get_time tool whose clock can be swapped, so a test can say what "now" is.
// Check your work with: npm run check 2

import type { Tool } from "../../lessons/01-first-tool/tool.ts";

// Where "now" comes from. The real one is () => new Date(); a test passes a fixed date.
export type Clock = () => Date;

export interface TimeReport {
  time: string; // "09:05:07", 24-hour
  date: string; // "2026-03-01"
  timezone: string; // "Europe/Moscow"
}

// Given: the computer's own time zone, e.g. "Europe/Moscow", used when the model does not ask for one.
export function localTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

// TODO 4: read the time from `clock()` (never from new Date() directly) and give it in `timeZone`:
// time as "HH:MM:SS" on a 24-hour clock, date as "YYYY-MM-DD".
// Hard mode: hours run from 00 to 23 (five past midnight is "00:05:07", never "24:05:07"); the date is
// the date in that zone, which may differ from the UTC date; one reading of clock() per call; an unknown
// zone ("Mars/Olympus") throws an Error that names it and shows a valid example such as "Europe/Moscow".
export function getTime(clock: Clock, timeZone: string = localTimeZone()): TimeReport {
  throw new Error(
    `not implemented yet: getTime(clock, "${timeZone}") in exercises/02-agent-loop/get-time.ts should return ` +
      `{ time: "HH:MM:SS", date: "YYYY-MM-DD", timezone } for clock() (TODO 4)`,
  );
}

export function createGetTimeTool(clock: Clock = () => new Date()): Tool<{ timezone?: string }> {
  return {
    name: "get_time",

    // TODO 5: tell the model what the tool returns and when to use it (the user asks the time or the date;
    // the model has no clock of its own), and what happens without a timezone.
    description: "",

    // TODO 5: one optional input, `timezone` (a string with a description and an example). Optional means:
    // not listed in `required`.
    input_schema: {
      type: "object",
      properties: {},
      required: [],
    },

    // TODO 6: return getTime(clock, ...) as JSON for the model. Call clock() on every run, not once when
    // the tool is created, or the agent will tell the same time forever.
    run(input) {
      throw new Error(
        `not implemented yet: get_time.run(${JSON.stringify(input)}) in exercises/02-agent-loop/get-time.ts (TODO 6, clock: ${typeof clock})`,
      );
    },
  };
}

export const getTimeTool = createGetTimeTool();

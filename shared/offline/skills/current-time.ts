// Lesson 02's exercise: "What time is it?" / "Который час?" when the agent offers get_time.
// The answer is whatever the tool returned; the model has no clock of its own.

import type { Skill } from "../plan-context.ts";
import { toolSaid } from "../tool-errors.ts";

const ASKS_TIME =
  /what(?:'s|\s+is)?\s+(?:the\s+)?(?:current\s+)?time|time\s+is\s+it|current\s+time|what\s+time|котор\p{L}*\s+(?:сейчас\s+)?час|сколько\s+(?:сейчас\s+)?времени|текущее\s+время|время\s+сейчас/iu;

// Questions about another time than now, or about time itself, are not "what time is it".
const OTHER_TIME_QUESTION =
  /(?<![\p{L}])(?:ago|will|was|were|difference|between|until|till|since|назад|будет|было|была|разниц\p{L}*|между|до|после|через)(?![\p{L}])/iu;
// "in Tokyo" / "в Москве": a few places the demo model knows; a place it does not know is not guessed.
const PLACES: Array<[RegExp, string]> = [
  [/(?<![\p{L}])(?:utc|gmt|utc\+0)(?![\p{L}])/iu, "UTC"],
  [/(?<![\p{L}])(?:moscow|москв\p{L}*)(?![\p{L}])/iu, "Europe/Moscow"],
  [/(?<![\p{L}])(?:london|лондон\p{L}*)(?![\p{L}])/iu, "Europe/London"],
  [/(?<![\p{L}])(?:paris|париж\p{L}*)(?![\p{L}])/iu, "Europe/Paris"],
  [/(?<![\p{L}])(?:berlin|берлин\p{L}*)(?![\p{L}])/iu, "Europe/Berlin"],
  [/(?<![\p{L}])(?:lisbon|лиссабон\p{L}*)(?![\p{L}])/iu, "Europe/Lisbon"],
  [/(?<![\p{L}])(?:new\s+york|нью-йорк\p{L}*)(?![\p{L}])/iu, "America/New_York"],
  [/(?<![\p{L}])(?:tokyo|токио)(?![\p{L}])/iu, "Asia/Tokyo"],
];
const IANA_NAME = /(?<![\p{L}/])((?:Africa|America|Asia|Atlantic|Australia|Europe|Pacific)\/[A-Za-z_]+(?:\/[A-Za-z_]+)?)(?![\p{L}/])/u;
// "in <Place>" / "в <Месте>": a place is named, known or not.
const SOME_PLACE = /(?<![\p{L}])(?:in|at|в|во)\s+\p{Lu}/u;

// The time zone the task asks about: undefined for "here", null for a place the model does not know.
function zoneAsked(task: string): string | undefined | null {
  const iana = task.match(IANA_NAME)?.[1];
  if (iana) return iana;
  for (const [words, zone] of PLACES) if (words.test(task)) return zone;
  return SOME_PLACE.test(task.replace(/^\p{L}+/u, "")) ? null : undefined;
}

export const currentTimeSkill: Skill = {
  name: "current-time",
  tools: ["get_time"],
  canDo: { en: 'tell the time with get_time ("What time is it?")', ru: "сказать, который час, с помощью get_time («Который час?»)" },
  plan(ctx) {
    if (!ctx.has("get_time") || !ASKS_TIME.test(ctx.task)) return null;
    if (/\d/u.test(ctx.task) || OTHER_TIME_QUESTION.test(ctx.task)) return null;
    const schema = ctx.tools.find((t) => t.name === "get_time")?.input_schema;
    const zone = zoneAsked(ctx.task);
    const takesZone = Object.keys((schema?.properties ?? {}) as object).some((field) => /zone/i.test(field));
    // "What time is it in Tokyo?" with a clock that only knows local time: not this question.
    if (zone === null || (zone !== undefined && !takesZone)) return null;
    const input = inputFor(schema);
    if (zone) for (const field of Object.keys((schema?.properties ?? {}) as object)) if (/zone/i.test(field)) input[field] = zone;
    const done = ctx.lastResult("get_time");
    if (!done) return { call: [{ name: "get_time", input }] };
    if (done.isError) {
      return { say: ctx.t({ en: `I could not get the time: ${toolSaid(ctx, done.output)}`, ru: `Не удалось узнать время: ${toolSaid(ctx, done.output)}` }) };
    }
    const time = readTime(done.output);
    const where = zone ? ` (${zone})` : "";
    return { say: ctx.t({ en: `It is ${time}${where} (from get_time).`, ru: `Сейчас ${time}${where} (по данным get_time).` }) };
  },
};

// get_time usually takes nothing; if a lesson's version requires a time zone, ask for UTC.
function inputFor(schema: { required?: string[] | null; properties?: unknown } | undefined): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const field of schema?.required ?? []) if (/zone/i.test(field)) input[field] = "UTC";
  return input;
}

function readTime(output: string): string {
  try {
    const parsed: unknown = JSON.parse(output);
    if (typeof parsed === "object" && parsed !== null) {
      const value = (parsed as Record<string, unknown>).time ?? (parsed as Record<string, unknown>).iso;
      if (typeof value === "string") return value;
    }
  } catch {
    // plain text: say it as it is
  }
  return output.trim();
}

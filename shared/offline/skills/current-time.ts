// Lesson 02's exercise: "What time is it?" / "Который час?" when the agent offers get_time.
// The answer is whatever the tool returned; the model has no clock of its own.

import type { Skill } from "../plan-context.ts";

const ASKS_TIME =
  /what(?:'s|\s+is)?\s+(?:the\s+)?(?:current\s+)?time|time\s+is\s+it|current\s+time|what\s+time|котор\p{L}*\s+(?:сейчас\s+)?час|сколько\s+(?:сейчас\s+)?времени|текущее\s+время|время\s+сейчас/iu;

export const currentTimeSkill: Skill = {
  name: "current-time",
  tools: ["get_time"],
  canDo: { en: 'tell the time with get_time ("What time is it?")', ru: "сказать, который час, с помощью get_time («Который час?»)" },
  plan(ctx) {
    if (!ctx.has("get_time") || !ASKS_TIME.test(ctx.task)) return null;
    const done = ctx.lastResult("get_time");
    if (!done) return { call: [{ name: "get_time", input: inputFor(ctx.tools.find((t) => t.name === "get_time")?.input_schema) }] };
    if (done.isError) {
      return { say: ctx.t({ en: `I could not get the time: ${done.output}`, ru: `Не удалось узнать время: ${done.output}` }) };
    }
    const time = readTime(done.output);
    return { say: ctx.t({ en: `It is ${time} (from get_time).`, ru: `Сейчас ${time} (по данным get_time).` }) };
  },
};

// get_time usually takes nothing; if a lesson's version requires a time zone, ask for UTC.
function inputFor(schema: { required?: string[] | null } | undefined): Record<string, unknown> {
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

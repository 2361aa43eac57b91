// Lesson 08: a follow-up that only makes sense with the session's history. "Сколько будет 500
// долларов в рублях?" then "А в евро?": the second message names only a currency, so the amount
// and the source currency come from the previous question in the same conversation. The request
// carries that history (the session), which is the only way the planner, like Claude, can know it.

import type Anthropic from "@anthropic-ai/sdk";
import { parseConversion } from "../currencies.ts";
import type { PlanContext, Skill } from "../plan-context.ts";
import { convertCurrencySkill } from "./convert-currency.ts";

const MAX_FOLLOW_UP = 60;

export const followUpSkill: Skill = {
  name: "follow-up-conversion",
  tools: ["get_exchange_rate", "calculate"],
  canDo: {
    en: 'answer a follow-up from the conversation so far ("How much are 500 dollars in rubles?", then "And in euros?")',
    ru: "ответить на уточнение по ходу разговора («Сколько будет 500 долларов в рублях?», потом «А в евро?»)",
  },
  plan(ctx) {
    if (!ctx.has("get_exchange_rate") || !ctx.has("calculate") || ctx.task.length > MAX_FOLLOW_UP) return null;
    const now = parseConversion(ctx.task);
    if (now.amount !== undefined) return null; // a question of its own
    const target = now.to ?? now.from;
    const earlier = earlierConversion(ctx);
    if (!target || !earlier || earlier.from === target) return null;
    const task = ctx.t({ en: `${earlier.amount} ${earlier.from} in ${target}`, ru: `${earlier.amount} ${earlier.from} в ${target}` });
    return convertCurrencySkill.plan({ ...ctx, task });
  },
};

// The newest earlier question in the conversation that converted an amount.
function earlierConversion(ctx: PlanContext): { from: string; amount: number } | undefined {
  const asked = ctx.request.messages.filter((m) => m.role === "user").map(textOf).filter((text) => text.trim() !== "");
  for (const text of asked.slice(0, -1).reverse()) {
    const { from, amount } = parseConversion(text);
    if (from && amount !== undefined) return { from, amount };
  }
  return undefined;
}

function textOf(message: Anthropic.MessageParam): string {
  if (typeof message.content === "string") return message.content;
  return message.content.flatMap((b) => (b.type === "text" ? [b.text] : [])).join("\n");
}

// Lessons 02 on: "What is 15% of 1200 EUR in rubles?" / «Сколько будет 15% от 1200 евро в рублях?».
// Three steps, each figure from a tool: calculate the percentage, get_exchange_rate, then calculate the
// share in the other currency. The answer gives both figures, so the learner can check each step.
//
// The question is read as a plain percentage ("15% of 1200 EUR", the percentage skill's reader, with
// all its checks) plus one target ("in rubles", "в рублях", "how many rubles"): the target is cut out
// and the rest must be a percentage question and nothing else.

import { findCurrencies, parseConversion, type CurrencyMention } from "../currencies.ts";
import type { PlanContext, Skill } from "../plan-context.ts";
import { formatNumber } from "../read-result.ts";
import { asksOtherTime, MONEY_ARITHMETIC } from "../task-guards.ts";
import { parsePercentOf, type PercentOf } from "./percentage.ts";
import { rateStep, type Leg } from "./rate-step.ts";
import { answerAndSave } from "./save-step.ts";
import { figureFrom } from "./tool-step.ts";

// The words just before a target currency: "in rubles", "into RUB", "to RUB", "в рублях", "how many rubles".
// Anchored at the end of a short slice, so it never scans the whole task.
const TARGET_WORDS = /(?<![\p{L}])(?:in|into|to|в|во|на|how\s+many|how\s+much|сколько)\s+$/iu;

export interface PercentInCurrency extends PercentOf {
  unit: string;
  to: string;
}

export function parsePercentInCurrency(text: string): PercentInCurrency | undefined {
  const { to } = parseConversion(text);
  if (!to) return undefined;
  const targets = findCurrencies(text).filter((m) => m.code === to);
  const target = targets.length === 1 ? targets[0] : undefined;
  if (!target) return undefined;
  const cut = targetClause(text, target);
  if (!cut) return undefined;
  const asked = parsePercentOf(`${text.slice(0, cut.start)} ${text.slice(cut.end)}`);
  if (!asked?.unit || asked.unit === to) return undefined;
  return { ...asked, unit: asked.unit, to };
}

// Where "in rubles" starts and ends, or undefined when no target word comes just before the currency.
function targetClause(text: string, target: CurrencyMention): { start: number; end: number } | undefined {
  const from = Math.max(0, target.start - 24);
  const words = TARGET_WORDS.exec(text.slice(from, target.start));
  return words ? { start: from + words.index, end: target.end } : undefined;
}

export const percentInCurrencySkill: Skill = {
  name: "percent-in-currency",
  tools: ["get_exchange_rate", "calculate"],
  canDo: {
    en: 'work out a percentage of an amount in another currency ("What is 15% of 1200 EUR in rubles?")',
    ru: "посчитать процент от суммы в другой валюте («Сколько будет 15% от 1200 евро в рублях?»)",
  },
  plan(ctx) {
    if (!ctx.has("get_exchange_rate") || !ctx.has("calculate")) return null;
    // The percentage reader already refuses "plus", "after"; these ask for more than one share too.
    if (MONEY_ARITHMETIC.test(ctx.task) || asksOtherTime(ctx.task)) return null;
    const asked = parsePercentInCurrency(ctx.task);
    if (!asked) return null;

    const shareStep = figureFrom(ctx, "calculate", { expression: `${asked.base} * ${asked.percent} / 100` }, "result");
    if ("plan" in shareStep) return shareStep.plan;
    const share = shareStep.value;
    const rates = rateStep(ctx, asked.unit, asked.to);
    if ("plan" in rates) return rates.plan;
    const totalStep = figureFrom(ctx, "calculate", { expression: [share, ...rates.legs.map((leg) => leg.rate)].join(" * ") }, "result");
    if ("plan" in totalStep) return totalStep.plan;
    return answerAndSave(ctx, answerFor(ctx, asked, share, totalStep.value, rates.legs));
  },
};

function answerFor(ctx: PlanContext, asked: PercentInCurrency, share: number, total: number, legs: Leg[]) {
  const { percent, base, unit, to } = asked;
  const rateLine = (lang: "en" | "ru") => legs.map((leg) => `1 ${leg.from} = ${formatNumber(leg.rate, lang)} ${leg.to}`).join(lang === "ru" ? " и " : " and ");
  const rawRates = legs.map((leg) => `1 ${leg.from} = ${leg.rate} ${leg.to}`).join(", ");
  const several = legs.length > 1;
  return {
    answer: ctx.t({
      en: `${percent}% of ${formatNumber(base, "en")} ${unit} is ${formatNumber(share, "en")} ${unit} = ${formatNumber(total, "en")} ${to} at the demo ${several ? "rates" : "rate"} ${rateLine("en")}.`,
      ru: `${formatNumber(percent, "ru")}% от ${formatNumber(base, "ru")} ${unit} — это ${formatNumber(share, "ru")} ${unit} = ${formatNumber(total, "ru")} ${to} по ${several ? "демо-курсам" : "демо-курсу"} ${rateLine("ru")}.`,
    }),
    // Plain digits in the file, so a program (or a test) can read the figures back.
    fileContent: ctx.t({
      en: `${percent}% of ${base} ${unit} = ${share} ${unit} = ${total} ${to}\nRate: ${rawRates} (demo ${several ? "rates" : "rate"} from get_exchange_rate)\n`,
      ru: `${percent}% от ${base} ${unit} = ${share} ${unit} = ${total} ${to}\nКурс: ${rawRates} (${several ? "демо-курсы" : "демо-курс"} из get_exchange_rate)\n`,
    }),
  };
}

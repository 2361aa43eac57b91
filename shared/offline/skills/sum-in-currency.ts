// Several amounts into one currency: "How much are 100 USD and 50 EUR in RUB?" / "Сколько будет 100
// долларов и 50 евро в рублях?". Each amount is converted on its own line, saying which is which, and
// the total is added up with calculate: every figure in the answer comes from a tool. The lookups do
// not depend on each other, so they go in one turn; so do the products; then the sum.

import { amountNextTo, amountsIn, findCurrencies, findNumbers, isPercent, type CurrencyMention } from "../currencies.ts";
import type { PlanContext, Skill, ToolCallPlan } from "../plan-context.ts";
import { formatNumber } from "../read-result.ts";
import { asksOtherTime, CONVERSION_CUE } from "../task-guards.ts";
import { preferredCurrency } from "./convert-currency.ts";
import { rateStep, type Leg } from "./rate-step.ts";
import { answerAndSave } from "./save-step.ts";
import { figureFrom } from "./tool-step.ts";

interface Amount {
  amount: number;
  code: string;
}

// Between two amounts only "and", "plus", "и", "плюс", a comma or "+".
const JOINED = /^\s*(?:,\s*)?(?:(?:and|plus|и|плюс|\+|&)\s*)?$/iu;
// Words that ask for something else than the amounts in one currency: "left", "minus", "each".
// Whole words end where the word ends; stems match any ending (only .test reads it: see task-guards.ts).
const OTHER_SUM = /(?<![\p{L}])(?:(?:left|minus|difference|more|less|each|per|every|average|минус|больше|меньше)(?![\p{L}])|remain|spen[dt]|subtract|остал|остан|трат|потрат|вычт|разниц|кажд|средн)/iu;
// "in RUB", "to rubles", "в рублях", "на рубли".
const TARGET_BEFORE = /(?:in|into|to|в|во|на)\s+$/iu;
const MAX_AMOUNTS = 6;

export function parseSumInCurrency(text: string, fallbackTarget?: string): { amounts: Amount[]; to: string } | undefined {
  if (!CONVERSION_CUE.test(text) || OTHER_SUM.test(text) || asksOtherTime(text)) return undefined;
  if (findNumbers(text).some((n) => isPercent(text, n))) return undefined;
  const numbers = amountsIn(text);
  const amounts: Array<Amount & { mention: CurrencyMention }> = [];
  let target: string | undefined;
  for (const mention of findCurrencies(text)) {
    const amount = amountNextTo(text, mention, numbers);
    if (amount !== undefined && target === undefined) {
      const previous = amounts[amounts.length - 1];
      if (previous && !JOINED.test(betweenAmounts(text, previous.mention, mention, numbers))) return undefined;
      amounts.push({ amount, code: mention.code, mention });
    } else if (amount === undefined && target === undefined && amounts.length > 0 && TARGET_BEFORE.test(text.slice(Math.max(0, mention.start - 8), mention.start))) {
      target = mention.code;
    } else {
      return undefined; // a third kind of mention: not this question
    }
  }
  const to = target ?? fallbackTarget;
  if (amounts.length < 2 || amounts.length > MAX_AMOUNTS || !to || numbers.length !== amounts.length) return undefined;
  return { amounts: amounts.map(({ amount, code }) => ({ amount, code })), to };
}

// The text between one amount (its number and currency) and the next amount's number.
function betweenAmounts(text: string, previous: CurrencyMention, next: CurrencyMention, numbers: Array<{ start: number; end: number }>): string {
  const nextNumber = numbers.find((n) => n.end <= next.start && next.start - n.end <= 6);
  const from = Math.max(previous.end, ...numbers.filter((n) => n.start >= previous.end && n.start - previous.end <= 2).map((n) => n.end));
  return text.slice(from, nextNumber ? nextNumber.start : next.start);
}

export const sumInCurrencySkill: Skill = {
  name: "sum-in-currency",
  tools: ["get_exchange_rate", "calculate"],
  canDo: {
    en: 'convert several amounts into one currency and add them up ("How much are 100 USD and 50 EUR in RUB?")',
    ru: "перевести несколько сумм в одну валюту и сложить («Сколько будет 100 долларов и 50 евро в рублях?»)",
  },
  plan(ctx) {
    if (!ctx.has("get_exchange_rate") || !ctx.has("calculate")) return null;
    const asked = parseSumInCurrency(ctx.task, preferredCurrency(ctx.system));
    if (!asked) return null;
    const { amounts, to } = asked;

    // 1. The rates, all at once.
    const legs = new Map<string, Leg[]>();
    const lookups: ToolCallPlan[] = [];
    for (const code of new Set(amounts.map((a) => a.code).filter((code) => code !== to))) {
      const step = rateStep(ctx, code, to);
      if ("legs" in step) legs.set(code, step.legs);
      else if ("call" in step.plan) lookups.push(...step.plan.call);
      else return step.plan; // the tool could not give this rate: say so
    }
    if (lookups.length > 0) return { call: unique(lookups) };

    // 2. Each amount in the target currency, all at once; an amount already in it stays as it is.
    const values: number[] = [];
    const products: ToolCallPlan[] = [];
    for (const { amount, code } of amounts) {
      if (code === to) {
        values.push(amount);
        continue;
      }
      const expression = [amount, ...legs.get(code)!.map((leg) => leg.rate)].join(" * ");
      const step = figureFrom(ctx, "calculate", { expression }, "result");
      if ("value" in step) values.push(step.value);
      else if ("call" in step.plan) products.push(...step.plan.call);
      else return step.plan;
    }
    if (products.length > 0) return { call: unique(products) };

    // 3. The total.
    const total = figureFrom(ctx, "calculate", { expression: values.join(" + ") }, "result");
    if ("plan" in total) return total.plan;
    return answerAndSave(ctx, describe(ctx, amounts, values, to, legs, total.value));
  },
};

function describe(ctx: PlanContext, amounts: Amount[], values: number[], to: string, legs: Map<string, Leg[]>, total: number) {
  const line = (lang: "en" | "ru", { amount, code }: Amount, i: number) => {
    const rate = legs.get(code)?.map((leg) => `1 ${leg.from} = ${formatNumber(leg.rate, lang)} ${leg.to}`).join(", ");
    return `- ${formatNumber(amount, lang)} ${code} = ${formatNumber(values[i]!, lang)} ${to}${rate ? ` (${rate})` : ""}`;
  };
  const plain = ({ amount, code }: Amount, i: number) => `${amount} ${code} = ${values[i]} ${to}`;
  return {
    answer: ctx.t({
      en: `In ${to}, at the demo rates:\n${amounts.map((a, i) => line("en", a, i)).join("\n")}\nTotal: ${formatNumber(total, "en")} ${to}.`,
      ru: `В ${to} по демо-курсам:\n${amounts.map((a, i) => line("ru", a, i)).join("\n")}\nИтого: ${formatNumber(total, "ru")} ${to}.`,
    }),
    fileContent: ctx.t({
      en: `${amounts.map(plain).join("\n")}\nTotal: ${total} ${to} (demo rates from get_exchange_rate)\n`,
      ru: `${amounts.map(plain).join("\n")}\nИтого: ${total} ${to} (демо-курсы из get_exchange_rate)\n`,
    }),
  };
}

function unique(calls: ToolCallPlan[]): ToolCallPlan[] {
  const seen = new Set<string>();
  return calls.filter((call) => {
    const key = `${call.name}:${JSON.stringify(call.input)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

// Lesson 05: several conversions in one question ("... 100 USD in RUB, in EUR ...", "курсы доллара и
// евро к рублю"). The lookups do not depend on each other, so they
// are asked for all at once, in one turn (as Claude does), then the amounts with calculate, again all
// at once, then one answer.

import { listedWithoutTarget, parseConversions, type ConversionRequest } from "../conversions.ts";
import { amountsIn } from "../currencies.ts";
import type { Plan, PlanContext, Skill, ToolCallPlan, ToolOutcome } from "../plan-context.ts";
import { formatList, formatNumber, numberFromResult } from "../read-result.ts";
import { preferredCurrency } from "./convert-currency.ts";
import { explainToolError } from "../tool-errors.ts";
import { asksOtherTime, MONEY_ARITHMETIC, numbersOtherThan, strayCurrencies } from "../task-guards.ts";

// One turn of this many lookups is already a lot to read; a longer list is refused with a reason.
const MAX_CONVERSIONS = 10;

export const multiConversionSkill: Skill = {
  name: "multi-conversion",
  tools: ["get_exchange_rate"],
  canDo: {
    en: 'compare several conversions at once ("How much are 100 USD in RUB, in EUR, and 100 EUR in RUB?")',
    ru: "сравнить несколько пересчётов сразу («Сколько будет 100 долларов в рублях, в евро и 100 евро в рублях?»)",
  },
  plan(ctx) {
    if (!ctx.has("get_exchange_rate")) return null;
    // "Курс доллара и евро" names no target; in Russian, as for one rate, rubles are meant.
    const fallback = preferredCurrency(ctx.system) ?? (ctx.lang === "ru" ? "RUB" : undefined);
    const wanted = parseConversions(ctx.task, fallback);
    if (wanted.length < 2) return fallback ? null : askForTarget(ctx);
    // Every figure and currency in the question must be one of the conversions; "in total" asks for more.
    const amounts = unique(wanted.map((r) => r.amount));
    const codes = unique(wanted.flatMap((r) => [r.from, r.to]));
    if (MONEY_ARITHMETIC.test(ctx.task) || asksOtherTime(ctx.task) || numbersOtherThan(ctx.task, amounts).length > 0) return null;
    if (strayCurrencies(ctx.task, codes).length > 0) return null;
    if (wanted.length > MAX_CONVERSIONS) {
      return {
        say: ctx.t({
          en: `That is ${wanted.length} conversions in one question; the offline demo model does at most ${MAX_CONVERSIONS} at a time. Ask for fewer, or use real Claude.`,
          ru: `Пересчётов в одном вопросе: ${wanted.length}, а офлайн-демомодель делает не больше ${MAX_CONVERSIONS} за раз. Спросите про меньшее число или подключите настоящий Claude.`,
        }),
      };
    }

    const rateOf = (r: ConversionRequest) =>
      ctx.lastResult("get_exchange_rate", (input) => input.from_currency === r.from && input.to_currency === r.to);
    const missingRates = unique(wanted.filter((r) => !rateOf(r)).map((r) => `${r.from}/${r.to}`));
    if (missingRates.length > 0) {
      const call: ToolCallPlan[] = missingRates.map((pair) => {
        const [from, to] = pair.split("/");
        return { name: "get_exchange_rate", input: { from_currency: from, to_currency: to } };
      });
      return { call };
    }

    const lines: Array<{ request: ConversionRequest; rate?: number; expression?: string; error?: string }> = wanted.map((request) => {
      const outcome = rateOf(request) as ToolOutcome;
      const rate = outcome.isError ? undefined : numberFromResult(outcome.output, "rate");
      if (rate === undefined) return { request, error: outcome.output };
      return { request, rate, expression: request.amount === undefined ? undefined : `${request.amount} * ${rate}` };
    });

    // The sums go to calculate when it is on offer, all in one turn.
    if (ctx.has("calculate")) {
      const done = (expression: string) => ctx.lastResult("calculate", (input) => input.expression === expression);
      const sums = unique(lines.flatMap((l) => (l.expression && !done(l.expression) ? [l.expression] : [])));
      if (sums.length > 0) return { call: sums.map((expression) => ({ name: "calculate", input: { expression } })) };
    }

    const source = sourceOf(ctx);
    const text = lines.map((line) => describe(ctx, line)).join("\n");
    return {
      say: ctx.t({
        en: `${text}${source ? `\nRates from: ${source}.` : ""}`,
        ru: `${text}${source ? `\nИсточник курсов: ${source}.` : ""}`,
      }),
    };
  },
};

// "What are the dollar and euro rates?" names no currency to give them in: ask, as for one rate.
const RATE_WORD = /(?<![\p{L}])(?:rates?|exchange|convert\p{L}*|worth|cost\p{L}*)(?![\p{L}])/iu;

function askForTarget(ctx: PlanContext): Plan | null {
  const listed = listedWithoutTarget(ctx.task);
  if (listed.length < 2 || !RATE_WORD.test(ctx.task)) return null;
  if (MONEY_ARITHMETIC.test(ctx.task) || asksOtherTime(ctx.task) || amountsIn(ctx.task).length > 0 || strayCurrencies(ctx.task, listed).length > 0) return null;
  const example = listed.includes("RUB") ? "USD" : "RUB";
  return {
    say: ctx.t({
      en: `Which currency should I give the ${formatList(listed, "en")} rates in? For example: "${formatList(listed, "en")} to ${example}".`,
      ru: `В какой валюте дать курсы ${formatList(listed, "ru")}? Например: «${formatList(listed, "ru")} к ${example === "RUB" ? "рублю" : "доллару"}».`,
    }),
  };
}

function describe(
  ctx: PlanContext,
  { request, rate, expression, error }: { request: ConversionRequest; rate?: number; expression?: string; error?: string },
): string {
  const { from, to, amount } = request;
  if (rate === undefined) {
    return `${from} → ${to}: ${explainToolError(ctx, "get_exchange_rate", error ?? "")}`;
  }
  const rateText = `1 ${from} = ${formatNumber(rate, ctx.lang)} ${to}`;
  if (amount === undefined || expression === undefined || amount === 1) return rateText;
  const calc = ctx.lastResult("calculate", (input) => input.expression === expression);
  const total = calc && !calc.isError ? numberFromResult(calc.output, "result") : Math.round(amount * rate * 100) / 100;
  return `${formatNumber(amount, ctx.lang)} ${from} = ${formatNumber(total ?? amount * rate, ctx.lang)} ${to} (${rateText})`;
}

// Which source the rates came from ("demo table (...)", "live: ..."), when the tool says.
function sourceOf(ctx: PlanContext): string | undefined {
  const sources = unique(
    ctx.results.filter((r) => r.name === "get_exchange_rate" && !r.isError).flatMap((r) => {
      const match = r.output.match(/"source"\s*:\s*"((?:[^"\\]|\\.)*)"/);
      return match?.[1] ? [match[1]] : [];
    }),
  );
  return sources.length > 0 ? sources.join("; ") : undefined;
}

function unique<T>(items: T[]): T[] {
  return [...new Set(items)];
}

// Lesson 05: several conversions in one question ("... 100 USD in RUB, in EUR ...", "курсы доллара и
// евро к рублю"). The lookups do not depend on each other, so they
// are asked for all at once, in one turn (as Claude does), then the amounts with calculate, again all
// at once, then one answer.

import { listedWithoutTarget, parseConversions, type ConversionRequest } from "../conversions.ts";
import { amountsIn, findNumbers, isPercent } from "../currencies.ts";
import type { Plan, PlanContext, Skill, ToolCallPlan } from "../plan-context.ts";
import { formatList, formatNumber, numberFromResult } from "../read-result.ts";
import { preferredCurrency } from "./convert-currency.ts";
import { rateStep, type Leg } from "./rate-step.ts";
import { answerAndSave } from "./save-step.ts";
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
    // "15% of 1200 EUR in rubles and in dollars": converting the whole 1200 would drop the percentage.
    if (findNumbers(ctx.task).some((n) => isPercent(ctx.task, n))) return null;
    if (strayCurrencies(ctx.task, codes).length > 0) return null;
    if (wanted.length > MAX_CONVERSIONS) {
      return {
        say: ctx.t({
          en: `That is ${wanted.length} conversions in one question; the offline demo model does at most ${MAX_CONVERSIONS} at a time. Ask for fewer, or use real Claude.`,
          ru: `Пересчётов в одном вопросе: ${wanted.length}, а офлайн-демомодель делает не больше ${MAX_CONVERSIONS} за раз. Спросите про меньшее число или подключите настоящий Claude.`,
        }),
      };
    }

    // Every rate's next lookups, all in one turn: first the pairs, then the routes the tool suggests
    // for pairs its table lacks ("Go through USD").
    const steps = wanted.map((request) => ({ request, step: rateStep(ctx, request.from, request.to) }));
    const lookups = new Map<string, ToolCallPlan>();
    for (const { step } of steps) {
      if ("plan" in step && "call" in step.plan) for (const call of step.plan.call) lookups.set(JSON.stringify(call.input), call);
    }
    if (lookups.size > 0) return { call: [...lookups.values()] };

    const lines: Line[] = steps.map(({ request, step }) => {
      if ("plan" in step) return { request, error: step.plan.say ?? "" };
      const factors = step.legs.map((leg) => leg.rate);
      const product = factors.length > 1 ? factors.join(" * ") : undefined;
      const wantsSum = request.amount !== undefined && request.amount !== 1;
      return {
        request,
        legs: step.legs,
        expression: wantsSum ? [request.amount, ...factors].join(" * ") : product,
      };
    });

    // The sums go to calculate when it is on offer, all in one turn.
    if (ctx.has("calculate")) {
      const done = (expression: string) => ctx.lastResult("calculate", (input) => input.expression === expression);
      const sums = unique(lines.flatMap((l) => (l.expression && !done(l.expression) ? [l.expression] : [])));
      if (sums.length > 0) return { call: sums.map((expression) => ({ name: "calculate", input: { expression } })) };
    }

    const source = sourceOf(ctx);
    const text = lines.map((line) => describe(ctx, line)).join("\n");
    // "..., then save it to reports/r.txt": the answer's lines are what goes in the file.
    return answerAndSave(ctx, {
      answer: ctx.t({
        en: `${text}${source ? `\nRates from: ${source}.` : ""}`,
        ru: `${text}${source ? `\nИсточник курсов: ${sourceRu(source)}.` : ""}`,
      }),
      fileContent: `${lines.map((line) => describe(ctx, line, String)).join("\n")}\n`,
    });
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

interface Line {
  request: ConversionRequest;
  legs?: Leg[];
  // What calculate is asked: the amount times the rate(s), or the two rates of a route multiplied.
  expression?: string;
  error?: string;
}

// `n` writes a figure: for the person, as their language writes numbers; for a file, plain digits.
function describe(ctx: PlanContext, { request, legs, expression, error }: Line, n = (value: number) => formatNumber(value, ctx.lang)): string {
  const { from, to, amount } = request;
  if (!legs) return `${from} → ${to}: ${error}`;
  const calc = expression === undefined ? undefined : ctx.lastResult("calculate", (input) => input.expression === expression);
  const computed = calc && !calc.isError ? numberFromResult(calc.output, "result") : undefined;
  const direct = legs.length === 1 ? legs[0]!.rate : undefined;
  // Without calculate (lesson 01), a sum is worked out in the head: to the cent, unless below 1.
  const inHead = (value: number) => (Math.abs(value) >= 1 ? Math.round(value * 100) / 100 : value);
  const wantsSum = amount !== undefined && amount !== 1;
  const route =
    legs.length > 1
      ? ctx.t({
          en: ` through ${legs[0]!.to} (get_exchange_rate has no demo rate for ${from}/${to}; as it suggested, I multiplied ${legs.map((l) => `1 ${l.from} = ${n(l.rate)} ${l.to}`).join(" by ")})`,
          ru: ` через ${legs[0]!.to} (у get_exchange_rate нет демо-курса ${from}/${to}; как он советует, я перемножил ${legs.map((l) => `1 ${l.from} = ${n(l.rate)} ${l.to}`).join(" и ")})`,
        })
      : "";
  if (!wantsSum) {
    const rate = direct ?? computed ?? legs.reduce((product, leg) => product * leg.rate, 1);
    return `1 ${from} = ${n(rate)} ${to}${route}`;
  }
  const total = computed ?? inHead(legs.reduce((product, leg) => product * leg.rate, amount));
  return `${n(amount)} ${from} = ${n(total)} ${to}${direct === undefined ? route : ` (1 ${from} = ${n(direct)} ${to})`}`;
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

// The tool names its source in English; a Russian answer retells the demo table's note in Russian and
// quotes any other source as the tool gave it.
function sourceRu(source: string): string {
  if (/^demo table\b/.test(source)) return `демо-таблица${/LIVE_RATES_URL/.test(source) ? " (для живых курсов задайте LIVE_RATES_URL)" : ""}`;
  return `«${source}»`;
}

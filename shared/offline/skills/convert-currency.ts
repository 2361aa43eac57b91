// Lessons 02-03: "How much are 500 US dollars in rubles?" in three steps, as Claude does it:
// get_exchange_rate, then calculate (amount * rate), then save_to_file when the task asks for a file.
// A pair the demo table lacks goes the way the tool's error says, when it says one (lesson 04 on).
// When the task names only the source currency ("Convert 500 USD"), the target is the one the system
// prompt says the user prefers (lesson 06's memory), else rubles.

import { findCurrencies, parseConversion } from "../currencies.ts";
import type { PlanContext, Skill } from "../plan-context.ts";
import { formatNumber } from "../read-result.ts";
import { asksMoreThanConversion, CONVERSION_CUE } from "../task-guards.ts";
import { rateStep, type Leg } from "./rate-step.ts";
import { answerAndSave, type Finished } from "./save-step.ts";
import { figureFrom } from "./tool-step.ts";

export const convertCurrencySkill: Skill = {
  name: "convert-currency",
  tools: ["get_exchange_rate", "calculate"],
  canDo: {
    en: 'convert an amount between USD, EUR, RUB and BTC, and save it if asked ("How much are 500 US dollars in rubles? Save the result to report.txt")',
    ru: "перевести сумму между USD, EUR, RUB и BTC и сохранить, если попросят («Сколько будет 500 долларов в рублях? Сохрани в report.txt»)",
  },
  plan(ctx) {
    if (!ctx.has("get_exchange_rate") || !ctx.has("calculate")) return null;
    const preferred = preferredCurrency(ctx.system) ?? "RUB";
    const { from, to: named, amount } = parseConversion(ctx.task, preferred);
    // Without an amount (or for one unit) this is a rate question: the exchange-rate skill answers it.
    if (!from || amount === undefined || amount === 1) return null;
    const to = named ?? (from === "RUB" ? undefined : "RUB");
    if (!to) return null;
    // "If I have 300 USD and spend 45.5 EUR, how many dollars are left?" holds a conversion but asks
    // something else: leave it to a skill that plans the whole question, or to the honest reply.
    if (asksMoreThanConversion(ctx.task, { from, to, amounts: [amount] })) return null;
    // "I have 300 USD" is not a request to convert: a target or a conversion word must be in the text.
    if (!parseConversion(ctx.task).to && !CONVERSION_CUE.test(ctx.task)) return null;

    const rates = rateStep(ctx, from, to);
    if ("plan" in rates) return rates.plan;
    const totalStep = figureFrom(ctx, "calculate", { expression: [amount, ...rates.legs.map((leg) => leg.rate)].join(" * ") }, "result");
    if ("plan" in totalStep) return totalStep.plan;
    const total = totalStep.value;
    if (rates.legs.length > 1) return answerAndSave(ctx, throughAnother(ctx, { from, to, amount, total, legs: rates.legs }));

    const rate = rates.legs[0]!.rate;
    const rateLine = `1 ${from} = ${formatNumber(rate, ctx.lang)} ${to}`;
    return answerAndSave(ctx, {
      answer: ctx.t({
        en: `${formatNumber(amount, "en")} ${from} = ${formatNumber(total, "en")} ${to} at the demo rate ${rateLine}.`,
        ru: `${formatNumber(amount, "ru")} ${from} = ${formatNumber(total, "ru")} ${to} по демо-курсу ${rateLine}.`,
      }),
      // Plain digits in the file, so a program (or a test) can read the figure back.
      fileContent: ctx.t({
        en: `${amount} ${from} = ${total} ${to}\nRate: 1 ${from} = ${rate} ${to} (demo rate from get_exchange_rate)\n`,
        ru: `${amount} ${from} = ${total} ${to}\nКурс: 1 ${from} = ${rate} ${to} (демо-курс из get_exchange_rate)\n`,
      }),
    });
  },
};

// "1000 RUB = 0.000161 BTC through USD": the tool had no RUB/BTC rate and said to go through USD.
function throughAnother(ctx: PlanContext, done: { from: string; to: string; amount: number; total: number; legs: Leg[] }): Finished {
  const { from, to, amount, total, legs } = done;
  const via = legs[0]!.to;
  const line = (leg: Leg, lang: "en" | "ru") => `1 ${leg.from} = ${formatNumber(leg.rate, lang)} ${leg.to}`;
  const steps = (lang: "en" | "ru") => legs.map((leg) => line(leg, lang)).join(lang === "ru" ? " и " : " and ");
  return {
    answer: ctx.t({
      en: `${formatNumber(amount, "en")} ${from} = ${formatNumber(total, "en")} ${to}, through ${via}: get_exchange_rate has no demo rate for ${from}/${to}, so, as the tool suggested, I multiplied the demo rates ${steps("en")}.`,
      ru: `${formatNumber(amount, "ru")} ${from} = ${formatNumber(total, "ru")} ${to} через ${via}: у get_exchange_rate нет демо-курса ${from}/${to}, поэтому, как советует инструмент, я перемножил демо-курсы ${steps("ru")}.`,
    }),
    fileContent: ctx.t({
      en: `${amount} ${from} = ${total} ${to}\nThrough ${via}: ${legs.map((leg) => `1 ${leg.from} = ${leg.rate} ${leg.to}`).join(", ")} (demo rates from get_exchange_rate)\n`,
      ru: `${amount} ${from} = ${total} ${to}\nЧерез ${via}: ${legs.map((leg) => `1 ${leg.from} = ${leg.rate} ${leg.to}`).join(", ")} (демо-курсы из get_exchange_rate)\n`,
    }),
  };
}

// "- The user prefers reports in EUR", "Пользователь предпочитает отчёты в евро", or a USER.md line
// such as "- report_currency: EUR": the currency on the last line of the system prompt that states a
// preference. The last, because memory files grow at the end: the newest word wins.
export function preferredCurrency(system: string): string | undefined {
  let preferred: string | undefined;
  for (const line of system.split("\n")) {
    if (!/prefer|предпоч|currency|валют/iu.test(line)) continue;
    const found = findCurrencies(line)[0];
    if (found) preferred = found.code;
  }
  return preferred;
}

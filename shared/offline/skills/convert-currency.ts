// Lessons 02-03: "How much are 500 US dollars in rubles?" in three steps, as Claude does it:
// get_exchange_rate, then calculate (amount * rate), then save_to_file when the task asks for a file.
// When the task names only the source currency ("Convert 500 USD"), the target is the one the system
// prompt says the user prefers (lesson 06's memory), else rubles.

import { findCurrencies, parseConversion } from "../currencies.ts";
import type { Skill } from "../plan-context.ts";
import { formatNumber } from "../read-result.ts";
import { asksMoreThanConversion, CONVERSION_CUE } from "../task-guards.ts";
import { answerAndSave } from "./save-step.ts";
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

    const rateStep = figureFrom(ctx, "get_exchange_rate", { from_currency: from, to_currency: to }, "rate");
    if ("plan" in rateStep) return rateStep.plan;
    const rate = rateStep.value;
    const totalStep = figureFrom(ctx, "calculate", { expression: `${amount} * ${rate}` }, "result");
    if ("plan" in totalStep) return totalStep.plan;
    const total = totalStep.value;

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

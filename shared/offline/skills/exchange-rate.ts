// Lesson 01: answers "what is the rate" questions with get_exchange_rate, then explains the result.
// Conversions of an amount go to convert-currency when a calculator is offered; this skill covers the
// rate itself, and (lesson 01 has no calculator) small conversions worked out as Claude would, in its head.

import { parseConversion } from "../currencies.ts";
import { formatNumber, numberFromResult } from "../read-result.ts";
import type { Skill } from "../plan-context.ts";
import { asksMoreThanConversion, CONVERSION_CUE } from "../task-guards.ts";
import { preferredCurrency } from "./convert-currency.ts";
import { explainToolError } from "../tool-errors.ts";
import { answerAndSave } from "./save-step.ts";

export const exchangeRateSkill: Skill = {
  name: "exchange-rate",
  tools: ["get_exchange_rate"],
  canDo: {
    en: 'look up an exchange rate ("What is the USD to RUB rate?", "How many euros is one dollar?")',
    ru: "узнать курс валют («Сколько рублей за 1 евро?», «Какой курс доллара к рублю?»)",
  },
  plan(ctx) {
    if (!ctx.has("get_exchange_rate")) return null;
    const { from, to, amount } = parseConversion(ctx.task, preferredCurrency(ctx.system) ?? (ctx.lang === "ru" ? "RUB" : undefined));
    if (!from) return null;
    // A rate (or a small sum) and nothing more: not "the rate last year", not "what is left after ...".
    if (asksMoreThanConversion(ctx.task, { from, to, amounts: [amount] })) return null;
    if (!parseConversion(ctx.task).to && !CONVERSION_CUE.test(ctx.task)) return null;
    if (!to) {
      return {
        say: ctx.t({
          en: `Which currency should I convert ${from} into? For example: "${from} to ${from === "EUR" ? "USD" : "EUR"}".`,
          ru: `В какую валюту перевести ${from}? Например: «${from} в ${from === "RUB" ? "доллары" : "рубли"}».`,
        }),
      };
    }

    const asked = (input: Record<string, unknown>) => input.from_currency === from && input.to_currency === to;
    const result = ctx.lastResult("get_exchange_rate", asked);
    if (!result) return { call: [{ name: "get_exchange_rate", input: { from_currency: from, to_currency: to } }] };

    if (result.isError) return { say: explainToolError(ctx, "get_exchange_rate", result.output) };
    const rate = numberFromResult(result.output, "rate");
    if (rate === undefined) {
      return { say: ctx.t({ en: `The tool answered: ${result.output}`, ru: `Инструмент ответил: ${result.output}` }) };
    }
    const rateLine = `1 ${from} = ${formatNumber(rate, ctx.lang)} ${to}`;
    if (amount === undefined || amount === 1) {
      return answerAndSave(ctx, {
        answer: ctx.t({ en: `${rateLine} (demo rate from get_exchange_rate).`, ru: `${rateLine} (демо-курс из get_exchange_rate).` }),
        fileContent: `1 ${from} = ${rate} ${to}\n`,
      });
    }
    // With no calculator on offer, the model multiplies in its head, as Claude would for simple sums.
    const total = formatNumber(Math.round(amount * rate * 100) / 100, ctx.lang);
    return {
      say: ctx.t({
        en: `${formatNumber(amount, "en")} ${from} is about ${total} ${to} (${rateLine}, demo rate).`,
        ru: `${formatNumber(amount, "ru")} ${from} — это примерно ${total} ${to} (${rateLine}, демо-курс).`,
      }),
    };
  },
};

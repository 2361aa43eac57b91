// Lesson 01: answers "what is the rate" questions with get_exchange_rate, then explains the result.
// Conversions of an amount go to convert-currency when a calculator is offered; this skill covers the
// rate itself; with no calculator (lesson 01) an amount gets the rate and an honest "I cannot multiply".

import { parseConversion } from "../currencies.ts";
import { formatNumber } from "../read-result.ts";
import type { Skill } from "../plan-context.ts";
import { asksMoreThanConversion, CONVERSION_CUE } from "../task-guards.ts";
import { preferredCurrency } from "./convert-currency.ts";
import { rateStep } from "./rate-step.ts";
import { answerAndSave } from "./save-step.ts";
import { figureFrom } from "./tool-step.ts";

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

    const rates = rateStep(ctx, from, to);
    if ("plan" in rates) return rates.plan;
    let rate = rates.legs[0]!.rate;
    let through = "";
    if (rates.legs.length > 1) {
      // The tool said to go through another currency: the rate is the product of the two.
      const product = figureFrom(ctx, "calculate", { expression: rates.legs.map((leg) => leg.rate).join(" * ") }, "result");
      if ("plan" in product) return product.plan;
      rate = product.value;
      const steps = rates.legs.map((leg) => `1 ${leg.from} = ${formatNumber(leg.rate, ctx.lang)} ${leg.to}`).join(ctx.t({ en: " and ", ru: " и " }));
      through = ctx.t({
        en: `, through ${rates.legs[0]!.to}: get_exchange_rate has no demo rate for ${from}/${to}, so, as the tool suggested, I multiplied ${steps}`,
        ru: ` через ${rates.legs[0]!.to}: у get_exchange_rate нет демо-курса ${from}/${to}, поэтому, как советует инструмент, я перемножил ${steps}`,
      });
    }
    const rateLine = `1 ${from} = ${formatNumber(rate, ctx.lang)} ${to}`;
    if (amount === undefined || amount === 1) {
      return answerAndSave(ctx, {
        answer: through
          ? `${rateLine}${through}.`
          : ctx.t({ en: `${rateLine} (demo rate from get_exchange_rate).`, ru: `${rateLine} (демо-курс из get_exchange_rate).` }),
        fileContent: `1 ${from} = ${rate} ${to}\n`,
      });
    }
    // With no calculator on offer, the rate is all a tool gave: the product would be a figure from
    // nowhere, so the answer gives the rate and says what it cannot do (issue 22: only tool figures).
    return {
      say: ctx.t({
        en: `${rateLine} (demo rate from get_exchange_rate). I cannot give ${formatNumber(amount, "en")} ${from} in ${to} exactly: this agent has no calculate tool, and I do not do sums in my head. Multiply ${formatNumber(amount, "en")} by ${formatNumber(rate, "en")}, or ask an agent that has calculate.`,
        ru: `${rateLine} (демо-курс из get_exchange_rate). Точно перевести ${formatNumber(amount, "ru")} ${from} в ${to} не могу: у этого агента нет инструмента calculate, а считать в уме я не стану. Умножьте ${formatNumber(amount, "ru")} на ${formatNumber(rate, "ru")} или спросите агента, у которого есть calculate.`,
      }),
    };
  },
};

// Lesson 02 on: "If I have 300 USD and spend 45.5 EUR, how many dollars are left?" / "У меня 300
// долларов, я трачу 45,5 евро. Сколько долларов останется?". The whole question, planned as Claude
// would: the rate of each amount not already in the answer's currency, then one calculate for the
// difference. A bare conversion of 300 USD would answer another question.

import { amountNextTo, amountsIn, findCurrencies, type CurrencyMention } from "../currencies.ts";
import type { Skill } from "../plan-context.ts";
import { formatNumber, numberFromResult } from "../read-result.ts";
import { asksOtherTime } from "../task-guards.ts";
import { answerAndSave } from "./save-step.ts";
import { figureFrom } from "./tool-step.ts";

const SPEND = /(?<![\p{L}])(?:spend|spent|spending|pay|paid|buy|bought|трачу|потрачу|потратил\p{L}*|потратить|трачу|заплачу|заплатил\p{L}*|заплатить|отдам|отдал\p{L}*|куплю|купил\p{L}*)(?![\p{L}])/iu;
// "left" as a word, the stems with any ending (only .test reads it: see task-guards.ts).
const LEFT = /(?<![\p{L}])(?:left(?![\p{L}])|remain|остан|остал)/iu;
// "how many dollars are left", "сколько долларов останется": the currency the answer is wanted in.
const ASKED_IN = /(?:how\s+(?:many|much)|in|сколько|в)\s+$/iu;

interface Sum {
  code: string;
  amount: number;
}

export const moneyLeftSkill: Skill = {
  name: "money-left",
  tools: ["get_exchange_rate", "calculate"],
  canDo: {
    en: 'work out what is left after spending in another currency ("If I have 300 USD and spend 45.5 EUR, how many dollars are left?")',
    ru: "посчитать, сколько останется после трат в другой валюте («У меня 300 долларов, трачу 45,5 евро. Сколько долларов останется?»)",
  },
  plan(ctx) {
    if (!ctx.has("get_exchange_rate") || !ctx.has("calculate")) return null;
    const asked = readQuestion(ctx.task);
    if (!asked) return null;
    const { have, spend, target } = asked;

    // Each amount in the answer's currency: its rate first, unless it is already in it.
    const terms: string[] = [];
    for (const sum of [have, spend]) {
      if (sum.code === target) {
        terms.push(String(sum.amount));
        continue;
      }
      const rate = figureFrom(ctx, "get_exchange_rate", { from_currency: sum.code, to_currency: target }, "rate");
      if ("plan" in rate) return rate.plan;
      terms.push(`${sum.amount} * ${rate.value}`);
    }
    const expression = `${terms[0]} - ${terms[1]}`;
    const total = figureFrom(ctx, "calculate", { expression }, "result");
    if ("plan" in total) return total.plan;
    const left = total.value;

    const rates = ctx.results.flatMap((r) => {
      const rate = r.name === "get_exchange_rate" && !r.isError ? numberFromResult(r.output, "rate") : undefined;
      return rate === undefined ? [] : [`1 ${String(r.input.from_currency)} = ${formatNumber(rate, ctx.lang)} ${String(r.input.to_currency)}`];
    });
    const how = `${expression}${rates.length > 0 ? ctx.t({ en: `; demo rate ${rates.join(", ")}`, ru: `; демо-курс ${rates.join(", ")}` }) : ""}`;
    const n = (value: number) => formatNumber(Math.round(value * 100) / 100, ctx.lang);
    const answer =
      left >= 0
        ? ctx.t({
            en: `You have ${n(left)} ${target} left: ${n(have.amount)} ${have.code} minus ${n(spend.amount)} ${spend.code} (${how}).`,
            ru: `Останется ${n(left)} ${target}: ${n(have.amount)} ${have.code} минус ${n(spend.amount)} ${spend.code} (${how}).`,
          })
        : ctx.t({
            en: `That is ${n(-left)} ${target} more than you have: ${n(spend.amount)} ${spend.code} is more than ${n(have.amount)} ${have.code} (${how}).`,
            ru: `Это на ${n(-left)} ${target} больше, чем у вас есть: ${n(spend.amount)} ${spend.code} больше, чем ${n(have.amount)} ${have.code} (${how}).`,
          });
    return answerAndSave(ctx, { answer, fileContent: `${have.amount} ${have.code} - ${spend.amount} ${spend.code} = ${left} ${target}\n` });
  },
};

// Two sums of money, the second one spent, and a question about what is left; nothing else.
function readQuestion(task: string): { have: Sum; spend: Sum; target: string } | undefined {
  if (!LEFT.test(task) || asksOtherTime(task)) return undefined;
  const spendAt = task.search(SPEND);
  if (spendAt < 0) return undefined;
  const numbers = amountsIn(task);
  if (numbers.length !== 2) return undefined;
  const sums: Array<Sum & { mention: CurrencyMention }> = [];
  const bare: CurrencyMention[] = [];
  for (const mention of findCurrencies(task)) {
    const amount = amountNextTo(task, mention, numbers);
    if (amount !== undefined && !sums.some((s) => s.amount === amount && s.mention.start < mention.start)) {
      sums.push({ code: mention.code, amount, mention });
    } else {
      bare.push(mention);
    }
  }
  if (sums.length !== 2) return undefined;
  // The sum spent is the one right after the spending verb ("spend 45.5 EUR", "трачу 45,5 евро"); the
  // other one is what the user has, whichever comes first in the sentence.
  const afterVerb = sums.filter((sum) => sum.mention.start > spendAt);
  const spend = afterVerb[0];
  const have = sums.find((sum) => sum !== spend);
  if (!spend || !have) return undefined;
  const named = bare.filter((m) => ASKED_IN.test(task.slice(Math.max(0, m.start - 16), m.start)));
  if (named.length > 1 || bare.length > named.length) return undefined;
  return { have, spend, target: named[0]?.code ?? have.code };
}

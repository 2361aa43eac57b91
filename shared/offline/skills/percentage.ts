// Lessons 02-03: "What is 15% of 46250?" / "Посчитай 15% от 46250 и сохрани в файл tax.txt".
// One calculate call, then save_to_file when the task asks for a file.

import { amountNextTo, amountsIn, findCurrencies, findNumbers } from "../currencies.ts";
import type { Skill } from "../plan-context.ts";
import { formatNumber } from "../read-result.ts";
import { ALLOWED_WORDS, SAVE_CLAUSE } from "./arithmetic.ts";
import { figureFrom } from "./tool-step.ts";
import { answerAndSave } from "./save-step.ts";

// "15% of", "15 percent of", "15 % от", "15 процентов от", "15% из".
const PERCENT_OF = /(?<![\d.,])(\d+(?:[.,]\d+)?)\s*(?:%|percent|per\s+cent|процент\p{L}*)\s*(?:of|от|из)\s+/iu;

// Words that ask for more than the percentage itself: "what is left after 15% of ...", "plus 15% of ...".
// Whole words end where the word ends; stems match any ending (only .test reads it: see task-guards.ts).
const MORE_THAN_PERCENT =
  /(?<![\p{L}])(?:(?:left|plus|minus|add|after|more|less|плюс|минус|после|больше|меньше)(?![\p{L}])|remain|subtract|increase|decrease|остан|остал|увелич|уменьш|прибав|вычт|вычест|добав)/iu;

export interface PercentOf {
  percent: number;
  base: number;
  // The currency written with the base ("15% of 46250 RUB"), kept in the answer.
  unit?: string;
}

export function parsePercentOf(text: string): PercentOf | undefined {
  const match = PERCENT_OF.exec(text);
  if (!match?.[1]) return undefined;
  const baseStart = match.index + match[0].length;
  const base = findNumbers(text.slice(baseStart, baseStart + 40))[0];
  if (!base || base.start !== 0) return undefined;
  const found: PercentOf = { percent: Number(match[1].replace(",", ".")), base: base.value };
  // Nothing else may be in the question: no other figure, no currency but the base's, no "left after".
  if (MORE_THAN_PERCENT.test(text) || amountsIn(text).length > 1) return undefined;
  if (!onlyPercentWords(text, match.index, baseStart + base.end)) return undefined;
  const currencies = findCurrencies(text);
  if (currencies.length > 1) return undefined;
  if (currencies[0]) {
    const baseAt = { value: base.value, start: baseStart + base.start, end: baseStart + base.end };
    if (amountNextTo(text, currencies[0], [baseAt]) === undefined) return undefined;
    found.unit = currencies[0].code;
  }
  return found;
}

// The words a percentage question may come with ("What is 15% of 46250 in words?" asks for more),
// «составляют» included: «Сколько рублей составляют 15% от 1200 евро?».
const PERCENT_WORDS = new Set([..."percent per cent of процент процента процентов от из составляет составляют составит составят".split(" ")]);

function onlyPercentWords(text: string, start: number, end: number): boolean {
  const outside = `${text.slice(0, start)} ${text.slice(end)}`.replace(SAVE_CLAUSE, " ");
  // A currency written with the base ("46250 RUB", "46250 рублей") is checked by the caller.
  const withoutMoney = findCurrencies(outside).reduceRight((rest, m) => `${rest.slice(0, m.start)} ${rest.slice(m.end)}`, outside);
  return (withoutMoney.toLowerCase().match(/[\p{L}']+/gu) ?? []).every((word) => ALLOWED_WORDS.has(word) || PERCENT_WORDS.has(word));
}

export const percentageSkill: Skill = {
  name: "percentage",
  tools: ["calculate"],
  canDo: {
    en: 'work out a percentage, and save it if asked ("What is 15% of 46250? Save it to tax.txt")',
    ru: "посчитать процент и сохранить, если попросят («Посчитай 15% от 46250 и сохрани в файл tax.txt»)",
  },
  plan(ctx) {
    if (!ctx.has("calculate")) return null;
    const asked = parsePercentOf(ctx.task);
    if (!asked) return null;

    const expression = `${asked.base} * ${asked.percent} / 100`;
    const step = figureFrom(ctx, "calculate", { expression }, "result");
    if ("plan" in step) return step.plan;
    const value = step.value;
    const unit = asked.unit ? ` ${asked.unit}` : "";

    return answerAndSave(ctx, {
      answer: ctx.t({
        en: `${asked.percent}% of ${formatNumber(asked.base, "en")}${unit} is ${formatNumber(value, "en")}${unit}.`,
        ru: `${formatNumber(asked.percent, "ru")}% от ${formatNumber(asked.base, "ru")}${unit} — это ${formatNumber(value, "ru")}${unit}.`,
      }),
      fileContent: ctx.t({
        en: `${asked.percent}% of ${asked.base}${unit} = ${value}${unit}\n`,
        ru: `${asked.percent}% от ${asked.base}${unit} = ${value}${unit}\n`,
      }),
    });
  },
};

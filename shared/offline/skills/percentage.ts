// Lessons 02-03: "What is 15% of 46250?" / "Посчитай 15% от 46250 и сохрани в файл tax.txt".
// One calculate call, then save_to_file when the task asks for a file.

import { findNumbers } from "../currencies.ts";
import type { Skill } from "../plan-context.ts";
import { formatNumber } from "../read-result.ts";
import { figureFrom } from "./tool-step.ts";
import { answerAndSave } from "./save-step.ts";

// "15% of", "15 percent of", "15 % от", "15 процентов от", "15% из".
const PERCENT_OF = /(\d+(?:[.,]\d+)?)\s*(?:%|percent|per\s+cent|процент\p{L}*)\s*(?:of|от|из)\s+/iu;

export interface PercentOf {
  percent: number;
  base: number;
}

export function parsePercentOf(text: string): PercentOf | undefined {
  const match = PERCENT_OF.exec(text);
  if (!match?.[1]) return undefined;
  const base = findNumbers(text.slice(match.index + match[0].length))[0];
  if (!base || base.start !== 0) return undefined;
  return { percent: Number(match[1].replace(",", ".")), base: base.value };
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

    return answerAndSave(ctx, {
      answer: ctx.t({
        en: `${asked.percent}% of ${formatNumber(asked.base, "en")} is ${formatNumber(value, "en")}.`,
        ru: `${formatNumber(asked.percent, "ru")}% от ${formatNumber(asked.base, "ru")} — это ${formatNumber(value, "ru")}.`,
      }),
      fileContent: ctx.t({
        en: `${asked.percent}% of ${asked.base} = ${value}\n`,
        ru: `${asked.percent}% от ${asked.base} = ${value}\n`,
      }),
    });
  },
};

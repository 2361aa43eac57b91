// Lesson 02: plain sums ("Calculate 500 * 92.5", "Сколько будет (100 - 7) / 3?") go to calculate,
// because a model that does arithmetic in its head gets digits wrong.

import type { Skill } from "../plan-context.ts";
import { formatNumber, numberFromResult } from "../read-result.ts";
import { toolFailed } from "./convert-currency.ts";
import { answerAndSave } from "./save-step.ts";

const CUE = /calculat|compute|evaluate|what\s+is|what's|how\s+much\s+is|посчита|вычисл|сколько\s+будет|чему\s+равн/iu;
// Digits and operators, with at least one operator between two operands: "500 * 92.5", "(1+2)^3".
const EXPRESSION = /[-+(]*\s*\d[\d.\s]*(?:\)?\s*[-+*/×÷^%]\s*[(]*\s*\d[\d.\s]*\)*)+\s*%?/u;

export function findExpression(text: string): string | undefined {
  const found = text.match(EXPRESSION)?.[0].trim();
  if (!found) return undefined;
  return found.replace(/×/g, "*").replace(/÷/g, "/").replace(/\s+/g, " ");
}

export const arithmeticSkill: Skill = {
  name: "arithmetic",
  tools: ["calculate"],
  canDo: {
    en: 'do arithmetic with calculate ("Calculate (100 - 7) / 3")',
    ru: "считать с помощью calculate («Посчитай (100 - 7) / 3»)",
  },
  plan(ctx) {
    if (!ctx.has("calculate") || !CUE.test(ctx.task)) return null;
    const expression = findExpression(ctx.task);
    if (!expression) return null;

    const calc = ctx.lastResult("calculate", (input) => input.expression === expression);
    if (!calc) return { call: [{ name: "calculate", input: { expression } }] };
    if (calc.isError) return toolFailed(ctx, "calculate", calc.output);
    const value = numberFromResult(calc.output, "result");
    if (value === undefined) return toolFailed(ctx, "calculate", calc.output);

    return answerAndSave(ctx, {
      answer: ctx.t({
        en: `${expression} = ${formatNumber(value, "en")}`,
        ru: `${expression} = ${formatNumber(value, "ru")}`,
      }),
      fileContent: `${expression} = ${value}\n`,
    });
  },
};

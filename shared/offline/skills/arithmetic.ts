// Lesson 02: plain sums ("Calculate 500 * 92.5", "Сколько будет (100 - 7) / 3?") go to calculate,
// because a model that does arithmetic in its head gets digits wrong.

import type { Skill } from "../plan-context.ts";
import { formatNumber } from "../read-result.ts";
import { figureFrom } from "./tool-step.ts";
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

    const step = figureFrom(ctx, "calculate", { expression }, "result");
    if ("plan" in step) return step.plan;
    const value = step.value;

    return answerAndSave(ctx, {
      answer: ctx.t({
        en: `${expression} = ${formatNumber(value, "en")}`,
        ru: `${expression} = ${formatNumber(value, "ru")}`,
      }),
      fileContent: `${expression} = ${value}\n`,
    });
  },
};

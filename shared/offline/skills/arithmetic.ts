// Lesson 02: plain sums ("Calculate 500 * 92.5", "Сколько будет (100 - 7) / 3?") go to calculate,
// because a model that does arithmetic in its head gets digits wrong.
//
// "What is" starts many questions, so the skill answers only when the expression is the whole
// question: no currency or unit next to a figure ("What is 300 USD - 45.5 EUR?" is not 254.5), no
// figure outside the expression, and no word it does not understand ("the square root of 16 + 9").

import { amountsIn, findCurrencies, findNumbers } from "../currencies.ts";
import type { Skill } from "../plan-context.ts";
import { formatNumber } from "../read-result.ts";
import { figureFrom } from "./tool-step.ts";
import { answerAndSave } from "./save-step.ts";

const CUE = /calculat|compute|evaluate|what\s+is|what's|how\s+much\s+is|посчита|вычисл|сколько\s+будет|чему\s+равн/iu;
const MATH_CHAR = /[\d.\s()+\-*/×÷^%]/u;
// Checked on one stretch of math characters at a time, anchored at both ends: it cannot backtrack far.
const EXPRESSION = /^[-+(]*\d[\d.]*\)*(?:\s*[-+*/×÷^]\s*[-+(]*\d[\d.]*\)*)+\s*%?$/u;
// The words a plain sum may come with; anything else may change the question.
export const ALLOWED_WORDS = new Set(
  (
    "calculate compute evaluate what what's whats is how much please can could would you me for tell the result " +
    "and then hey quickly this expression equal equals answer " +
    "посчитай посчитайте вычисли вычислите сколько будет чему равно равен равна пожалуйста мне скажи и а потом " +
    "это выражение результат ответ"
  ).split(" "),
);
// "... and save it to x.txt": the saving clause, from its verb to the end. A stem needs no letters after
// it: the clause runs to the end either way (a \p{L}* after each cost the regexp compiler ~1.5 ms).
export const SAVE_CLAUSE = /(?<![\p{L}])(?:(?:save|write|store|put|record)(?![\p{L}])|сохрани|запиши|запис|положи)[^]*$/iu;

// The first stretch of the text that is an expression, found in one pass.
export function findExpression(text: string): string | undefined {
  let i = 0;
  while (i < text.length) {
    if (!MATH_CHAR.test(text[i]!)) {
      i++;
      continue;
    }
    let j = i;
    while (j < text.length && MATH_CHAR.test(text[j]!)) j++;
    // A sentence's full stop is not part of the sum.
    const candidate = text.slice(i, j).trim().replace(/[.\s]+$/u, "");
    if (EXPRESSION.test(candidate)) return candidate.replace(/×/g, "*").replace(/÷/g, "/").replace(/\s+/g, " ");
    i = j;
  }
  return undefined;
}

// True when the text is the expression and nothing the skill does not understand.
export function onlyArithmetic(text: string, expression: string): boolean {
  if (findCurrencies(text).length > 0) return false;
  if (amountsIn(text).length > findNumbers(expression).length) return false;
  const rest = text.replace(SAVE_CLAUSE, " ");
  let outside = rest;
  const at = rest.search(/[\d(]/u);
  if (at >= 0) {
    let end = at;
    while (end < rest.length && MATH_CHAR.test(rest[end]!)) end++;
    outside = `${rest.slice(0, at)} ${rest.slice(end)}`;
  }
  const words = outside.toLowerCase().match(/[\p{L}']+/gu) ?? [];
  return words.every((word) => ALLOWED_WORDS.has(word));
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
    if (!expression || !onlyArithmetic(ctx.task, expression)) return null;

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

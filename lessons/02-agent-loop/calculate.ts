// calculate: arithmetic for the model. Models are poor at exact sums (they predict digits, they do not
// compute them), so the agent hands the sum to a tool. The tool must never run the text it receives
// as code: `eval("500 * 92.5")` works, and so does `eval("require('fs').rmSync('/', {recursive:true})")`.
// The evaluator is a locked-down mathjs (restricted-math.ts).
//
// mathjs is big, so it is loaded the first time calculate() runs, not when the lesson starts: an agent
// that never calculates never pays for it.

import type { Tool } from "../01-first-tool/tool.ts";
import type { Evaluate } from "./restricted-math.ts";

export const MAX_EXPRESSION_LENGTH = 200;

let evaluator: Promise<Evaluate> | undefined;

// Built once, on first use; later calls reuse the same promise. A failed load is not cached, so the
// next call tries again.
function loadEvaluator(): Promise<Evaluate> {
  evaluator ??= import("./restricted-math.ts").then(
    ({ createRestrictedMath }) => createRestrictedMath(),
    (error: unknown) => {
      evaluator = undefined;
      throw error;
    },
  );
  return evaluator;
}

// Evaluates plain arithmetic and returns a plain number: "500 * 92.5" -> 46250.
// Throws an Error whose message tells the model how to fix the expression.
export async function calculate(expression: string): Promise<number> {
  if (typeof expression !== "string" || expression.trim() === "") {
    throw new Error('expression must be a non-empty string of arithmetic, e.g. "500 * 92.5".');
  }
  if (expression.length > MAX_EXPRESSION_LENGTH) {
    throw new Error(`expression is ${expression.length} characters; the limit is ${MAX_EXPRESSION_LENGTH}. Split it into steps.`);
  }
  const evaluate = await loadEvaluator();
  let value: unknown;
  try {
    value = evaluate(expression);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `Could not calculate '${expression}': ${reason}. Send plain arithmetic: numbers written without spaces or ` +
        `thousands separators, + - * / ^ %, parentheses and functions like sqrt(), e.g. "500 * 92.5".`,
    );
  }
  if (typeof value !== "number") {
    throw new Error(`'${expression}' does not give a single number. Send one arithmetic expression, e.g. "500 * 92.5".`);
  }
  if (!Number.isFinite(value)) {
    throw new Error(`'${expression}' gives ${String(value)}, not a finite number (a division by zero, or too large).`);
  }
  // Binary floating point makes 0.1 + 0.2 = 0.30000000000000004; 15 significant digits hide that noise.
  return Number(value.toPrecision(15));
}

export const calculateTool: Tool<{ expression: string }> = {
  name: "calculate",
  description:
    "Evaluate an arithmetic expression exactly and return the number. Use it for every calculation the " +
    "answer depends on (conversions, percentages, totals) instead of working it out yourself. " +
    "Supports + - * / ^, % as percent (\"15% * 46250\"), parentheses, and sqrt, abs, round, floor, ceil, min, " +
    "max, log, exp, sin, cos, tan, pi, e. Write numbers without thousands separators. No variables, units, " +
    'matrices or text. Returns JSON like {"expression":"500 * 92.5","result":46250}.',
  input_schema: {
    type: "object",
    properties: {
      expression: {
        type: "string",
        description: 'The arithmetic to evaluate, e.g. "500 * 92.5" or "46250 * 15 / 100".',
        maxLength: MAX_EXPRESSION_LENGTH,
      },
    },
    required: ["expression"],
  },
  async run(input) {
    const result = await calculate(input.expression);
    return JSON.stringify({ expression: input.expression, result });
  },
};

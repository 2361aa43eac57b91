// Not a skill: one step that several skills share. A plan often needs a figure from a tool (a rate, a
// sum). If the tool has not been called with this input yet, the step is to call it; if the call
// failed, the plan is to say so; otherwise the step gives the figure, read from the tool's output.

import { numberFromResult } from "../read-result.ts";
import type { Plan, PlanContext } from "../plan-context.ts";
import { errorMessage, explainToolError } from "../tool-errors.ts";

export type Step = { plan: Plan } | { value: number };

export function figureFrom(ctx: PlanContext, tool: string, input: Record<string, unknown>, key: string): Step {
  const sameInput = (given: Record<string, unknown>) => Object.entries(input).every(([k, v]) => given[k] === v);
  const result = ctx.lastResult(tool, sameInput);
  if (!result) return { plan: { call: [{ name: tool, input }] } };
  if (result.isError) return { plan: toolFailed(ctx, tool, result.output) };
  const value = numberFromResult(result.output, key);
  return value === undefined ? { plan: unreadable(ctx, tool, result.output) } : { value };
}

// A failed call: the tool's own message in a sentence (and for a missing rate, why it is missing).
export function toolFailed(ctx: PlanContext, tool: string, output: string): Plan {
  return { say: explainToolError(ctx, tool, output) };
}

// A call that worked but gave no figure where one was expected.
function unreadable(ctx: PlanContext, tool: string, output: string): Plan {
  const text = errorMessage(output);
  return {
    say: ctx.t({
      en: `I could not finish: ${tool} answered "${text}", and I found no figure in it.`,
      ru: `Не получилось: ${tool} ответил «${text}», и числа в ответе нет.`,
    }),
  };
}

// Not a skill: one step that several skills share. A plan often needs a figure from a tool (a rate, a
// sum). If the tool has not been called with this input yet, the step is to call it; if the call
// failed, the plan is to say so; otherwise the step gives the figure, read from the tool's output.

import { numberFromResult } from "../read-result.ts";
import type { Plan, PlanContext } from "../plan-context.ts";

export type Step = { plan: Plan } | { value: number };

export function figureFrom(ctx: PlanContext, tool: string, input: Record<string, unknown>, key: string): Step {
  const sameInput = (given: Record<string, unknown>) => Object.entries(input).every(([k, v]) => given[k] === v);
  const result = ctx.lastResult(tool, sameInput);
  if (!result) return { plan: { call: [{ name: tool, input }] } };
  if (result.isError) return { plan: toolFailed(ctx, tool, result.output) };
  const value = numberFromResult(result.output, key);
  return value === undefined ? { plan: toolFailed(ctx, tool, result.output) } : { value };
}

export function toolFailed(ctx: PlanContext, tool: string, output: string): Plan {
  return {
    say: ctx.t({
      en: `I could not finish: ${tool} answered "${output}".`,
      ru: `Не получилось: ${tool} ответил «${output}».`,
    }),
  };
}

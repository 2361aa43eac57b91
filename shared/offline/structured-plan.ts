// Structured outputs for the offline model (docs: "Structured outputs" and "Strict tool use"): with
// `output_config.format` the answer is JSON that matches the schema, filled from what the model
// knows; a call to a `strict: true` tool has an input that matches its schema. Loaded only when a
// request asks for either (offline-model.ts).

import type Anthropic from "@anthropic-ai/sdk";
import { conformInput, fitSchema, knowledgeFrom, schemaMismatch } from "../fake-api/schema-answer.ts";
import type { Plan, PlanContext } from "./plan-context.ts";

type Json = Record<string, unknown>;

// The plan with its text and calls shaped by the request, or the offline model's own bug when a strict
// tool's input still does not fit (a 500, as checkCalls reports a planning mistake).
export function structurePlan(ctx: PlanContext, format: Anthropic.JSONOutputFormat | null | undefined, plan: Plan): { plan: Plan } | { bug: string } {
  const knowledge = knowledgeFrom(
    ctx.results.map((r) => ({ input: r.input, output: r.output })),
    [plan.say ?? "", ctx.task],
  );
  if ("call" in plan) {
    const calls = [];
    for (const call of plan.call) {
      const tool = ctx.offered.find((t) => t.name === call.name);
      if (tool?.strict !== true) {
        calls.push(call);
        continue;
      }
      const schema = tool.input_schema as unknown as Json;
      const input = conformInput(schema, call.input, knowledge);
      const mismatch = schemaMismatch(schema, input);
      if (mismatch) return { bug: `strict tool '${call.name}' got an input that does not match its schema: ${mismatch}` };
      calls.push({ name: call.name, input });
    }
    // Constrained to JSON, the model writes no words before its calls.
    return { plan: format ? { call: calls } : { ...plan, call: calls } };
  }
  // A refusal is not held to the schema (docs: structured outputs, refusals).
  if (!format || plan.stopReason === "refusal") return { plan };
  const answer = fitSchema(format.schema, knowledge);
  return { plan: { ...plan, say: JSON.stringify(answer) } };
}

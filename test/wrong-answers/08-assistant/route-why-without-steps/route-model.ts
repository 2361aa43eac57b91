// Exercise 08, solved: the routing rule. (The lesson's own copy is lessons/08-assistant/route-model.ts.)
//
// Cheap by default; strong when the user asks for it or the message has MANY_STEPS steps or more;
// a model pinned by the person running the agent wins over both.

import { CHEAP_MODEL, MANY_STEPS, STRONG_MODEL, type Route, type TaskFacts } from "../../lessons/08-assistant/route-model.ts";

export function routeModel(facts: TaskFacts): Route {
  const pinned = facts.override?.trim();
  if (pinned) return { model: pinned, why: "pinned with --model or ANTHROPIC_MODEL" };
  if (facts.asksForStrong) return { model: STRONG_MODEL, why: "strong: the user asked for it" };
  if (facts.steps >= MANY_STEPS) return { model: STRONG_MODEL, why: "strong: many steps" };
  return { model: CHEAP_MODEL, why: `cheap: ${facts.steps} step(s)` };
}

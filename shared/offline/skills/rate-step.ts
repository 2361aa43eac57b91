// Not a skill: the rate step the conversion skills share. Look the pair up with get_exchange_rate. When
// the demo table lacks the pair and the tool's error says which currency to go through (lesson 04's
// contract: "Go through USD: get RUB/USD and USD/BTC, then multiply the two rates with calculate"),
// do what the error says, as Claude would: both lookups at once (they do not depend on each other), and
// the rates multiplied by whoever uses them. An error with no way round (lessons 01-03) is explained.

import type { Plan, PlanContext } from "../plan-context.ts";
import { figureFrom, toolFailed } from "./tool-step.ts";

export interface Leg {
  from: string;
  to: string;
  rate: number;
}

// The rate as the rates to multiply: one leg for a pair the table has, two for a route through
// another currency.
export type RateStep = { plan: Plan } | { legs: Leg[] };

// "Go through USD" in the tool's error: the currency it suggests.
const GO_THROUGH = /go through ([A-Z]{3})(?![A-Z])/iu;

export function rateStep(ctx: PlanContext, from: string, to: string): RateStep {
  const direct = lookedUp(ctx, from, to);
  if (!direct) return { plan: { call: [lookup(from, to)] } };
  if (!direct.isError) return readLegs(ctx, [[from, to]]);
  const via = GO_THROUGH.exec(direct.output)?.[1]?.toUpperCase();
  // Two rates need multiplying: without calculate, the failure is explained instead.
  if (!via || via === from || via === to || !ctx.has("calculate")) return { plan: toolFailed(ctx, "get_exchange_rate", direct.output) };
  const route: Array<[string, string]> = [
    [from, via],
    [via, to],
  ];
  const missing = route.filter(([a, b]) => !lookedUp(ctx, a, b));
  if (missing.length > 0) return { plan: { call: missing.map(([a, b]) => lookup(a, b)) } };
  return readLegs(ctx, route);
}

function readLegs(ctx: PlanContext, pairs: Array<[string, string]>): RateStep {
  const legs: Leg[] = [];
  for (const [from, to] of pairs) {
    const step = figureFrom(ctx, "get_exchange_rate", { from_currency: from, to_currency: to }, "rate");
    if ("plan" in step) return step;
    legs.push({ from, to, rate: step.value });
  }
  return { legs };
}

function lookedUp(ctx: PlanContext, from: string, to: string) {
  return ctx.lastResult("get_exchange_rate", (input) => input.from_currency === from && input.to_currency === to);
}

function lookup(from: string, to: string) {
  return { name: "get_exchange_rate", input: { from_currency: from, to_currency: to } };
}

// Several conversions in one sentence, for the offline model: "How much are 100 USD in RUB, in EUR,
// and 100 EUR in RUB?" -> USD->RUB (100), USD->EUR (100), EUR->RUB (100). Read left to right: a
// currency with an amount (or standing alone, or a list: "USD and EUR", "доллара и евро") is what is
// converted; "in/to/в/к ..." names a target.

import { amountNextTo, amountsIn, findCurrencies } from "./currencies.ts";

export interface ConversionRequest {
  from: string;
  to: string;
  amount?: number;
}

// `fallbackTarget`: the currency for a list of currencies that names no target ("курс доллара и евро"
// asks for rubles when the learner writes Russian); without it such a list is no conversion.
export function parseConversions(text: string, fallbackTarget?: string): ConversionRequest[] {
  const numbers = amountsIn(text);
  const found: ConversionRequest[] = [];
  const seen = new Set<string>();
  const add = (request: ConversionRequest) => {
    const key = `${request.from}/${request.to}/${request.amount}`;
    if (request.from === request.to || seen.has(key)) return;
    seen.add(key);
    found.push(request);
  };
  // What is being converted: one currency with its amount, or a list of bare ones ("доллара и евро").
  let sources: Array<{ code: string; amount?: number }> = [];
  let next = 0; // numbers before this index lie too far back to belong to the current mention
  let lastSourceEnd = -1; // where the last source ended: "USD and EUR to RUB" lists EUR as a source too
  let lastTargetEnd = -1; // where the last target ended: "to RUB and EUR" names EUR as a target too
  for (const mention of findCurrencies(text)) {
    while (next < numbers.length && numbers[next]!.end < mention.start - 6) next++;
    const amount = amountNextTo(text, mention, numbers.slice(next, next + 3));
    // "... and EUR/RUB" starts a pair of its own.
    const listed = lastTargetEnd >= 0 && joinedByAnd(text, lastTargetEnd, mention.start) && !/^\s*\//u.test(text.slice(mention.end, mention.end + 3));
    const bareList = sources.length > 0 && sources.every((s) => s.amount === undefined);
    if (amount !== undefined) {
      sources = [{ code: mention.code, amount }];
      lastSourceEnd = mention.end;
      lastTargetEnd = -1;
    } else if (sources.length > 0 && !sources.some((s) => s.code === mention.code) && (targetWord(text, mention) || listed)) {
      for (const source of sources) add({ from: source.code, to: mention.code, ...(source.amount === undefined ? {} : { amount: source.amount }) });
      lastTargetEnd = mention.end;
    } else if (bareList && lastTargetEnd < 0 && joinedByAnd(text, lastSourceEnd, mention.start)) {
      // "доллара и евро и доллара ..." lists each currency once, so the list stays short however long the text.
      if (!sources.some((s) => s.code === mention.code)) sources.push({ code: mention.code });
      lastSourceEnd = mention.end;
    } else {
      if (fallbackTarget && lastTargetEnd < 0) addFallback(sources, fallbackTarget, add);
      sources = [{ code: mention.code }];
      lastSourceEnd = mention.end;
      lastTargetEnd = -1;
    }
  }
  if (fallbackTarget && lastTargetEnd < 0) addFallback(sources, fallbackTarget, add);
  return found;
}

// The currencies of a list that names no target ("the dollar and euro rates"), so a skill can ask which.
export function listedWithoutTarget(text: string): string[] {
  const none = "(none)";
  return parseConversions(text, none).flatMap((r) => (r.to === none ? [r.from] : []));
}

// A list of two or more bare currencies that got no target: each one into the fallback currency.
function addFallback(sources: Array<{ code: string; amount?: number }>, target: string, add: (r: ConversionRequest) => void): void {
  if (sources.length < 2 || sources.some((s) => s.amount !== undefined)) return;
  for (const source of sources) add({ from: source.code, to: target });
}

// Only a comma, "and" or "or" between two mentions. The gap is measured first, so a long stretch of
// spaces is never searched.
function joinedByAnd(text: string, from: number, to: number): boolean {
  return from >= 0 && to - from <= 12 && /^\s*,?\s*(?:and|or|и|или)?\s*$/iu.test(text.slice(from, to));
}

// "in EUR", "to rubles", "в евро", "на рубли", "к рублю", "USD/RUB".
function targetWord(text: string, mention: { start: number }): boolean {
  const before = text.slice(Math.max(0, mention.start - 16), mention.start).toLowerCase();
  return /(?:^|[^\p{L}])(?:in|into|to|в|во|на|к|ко)\s+$/u.test(before) || /\/\s*$/.test(before);
}

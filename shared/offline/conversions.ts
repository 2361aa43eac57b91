// Several conversions in one sentence, for the offline model: "How much are 100 USD in RUB, in EUR,
// and 100 EUR in RUB?" -> USD->RUB (100), USD->EUR (100), EUR->RUB (100). Read left to right: a
// currency with an amount (or standing alone) is what is converted; "in/to/в ..." names a target.

import { findCurrencies, findNumbers, type CurrencyMention, type NumberMention } from "./currencies.ts";

export interface ConversionRequest {
  from: string;
  to: string;
  amount?: number;
}

export function parseConversions(text: string): ConversionRequest[] {
  const numbers = findNumbers(text).filter((n) => !/^\s*(%|percent|процент)/iu.test(text.slice(n.end)));
  const found: ConversionRequest[] = [];
  let source: { code: string; amount?: number } | undefined;
  for (const mention of findCurrencies(text)) {
    const amount = amountOf(text, mention, numbers);
    if (amount !== undefined) {
      source = { code: mention.code, amount };
    } else if (source && mention.code !== source.code && isTarget(text, mention)) {
      const request: ConversionRequest = { from: source.code, to: mention.code };
      if (source.amount !== undefined) request.amount = source.amount;
      if (!found.some((r) => r.from === request.from && r.to === request.to && r.amount === request.amount)) found.push(request);
    } else {
      source = { code: mention.code };
    }
  }
  return found;
}

// "100 USD", "100 долларов", "$100": a number right before the currency, or right after a symbol.
function amountOf(text: string, mention: CurrencyMention, numbers: NumberMention[]): number | undefined {
  for (const n of numbers) {
    if (n.end <= mention.start && /^\s{0,2}(?:us\s+)?$/iu.test(text.slice(n.end, mention.start))) return n.value;
    if (mention.end - mention.start === 1 && n.start >= mention.end && /^\s?$/u.test(text.slice(mention.end, n.start))) return n.value;
  }
  return undefined;
}

function isTarget(text: string, mention: CurrencyMention): boolean {
  const before = text.slice(Math.max(0, mention.start - 16), mention.start).toLowerCase();
  return /(?:^|[^\p{L}])(?:in|into|to|в|во|на)\s+$/u.test(before) || /\/\s*$/.test(before);
}

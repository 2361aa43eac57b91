// Several conversions in one sentence, for the offline model: "How much are 100 USD in RUB, in EUR,
// and 100 EUR in RUB?" -> USD->RUB (100), USD->EUR (100), EUR->RUB (100). Read left to right: a
// currency with an amount (or standing alone) is what is converted; "in/to/в ..." names a target.

import { amountNextTo, amountsIn, findCurrencies } from "./currencies.ts";

export interface ConversionRequest {
  from: string;
  to: string;
  amount?: number;
}

export function parseConversions(text: string): ConversionRequest[] {
  const numbers = amountsIn(text);
  const found: ConversionRequest[] = [];
  const seen = new Set<string>();
  let source: { code: string; amount?: number } | undefined;
  let next = 0; // numbers before this index lie too far back to belong to the current mention
  let lastTargetEnd = -1; // where the last target ended: "to RUB and EUR" names EUR as a target too
  for (const mention of findCurrencies(text)) {
    while (next < numbers.length && numbers[next]!.end < mention.start - 6) next++;
    const amount = amountNextTo(text, mention, numbers.slice(next, next + 3));
    // "... and EUR/RUB" starts a pair of its own.
    const listed =
      lastTargetEnd >= 0 &&
      /^\s*,?\s*(?:and|or|и|или)?\s*$/iu.test(text.slice(lastTargetEnd, mention.start)) &&
      !/^\s*\//u.test(text.slice(mention.end, mention.end + 3));
    if (amount !== undefined) {
      source = { code: mention.code, amount };
      lastTargetEnd = -1;
    } else if (source && mention.code !== source.code && (targetWord(text, mention) || listed)) {
      const request: ConversionRequest = { from: source.code, to: mention.code };
      if (source.amount !== undefined) request.amount = source.amount;
      const key = `${request.from}/${request.to}/${request.amount}`;
      if (!seen.has(key)) {
        seen.add(key);
        found.push(request);
      }
      lastTargetEnd = mention.end;
    } else {
      source = { code: mention.code };
      lastTargetEnd = -1;
    }
  }
  return found;
}

// "in EUR", "to rubles", "в евро", "на рубли", "USD/RUB".
function targetWord(text: string, mention: { start: number }): boolean {
  const before = text.slice(Math.max(0, mention.start - 16), mention.start).toLowerCase();
  return /(?:^|[^\p{L}])(?:in|into|to|в|во|на)\s+$/u.test(before) || /\/\s*$/.test(before);
}

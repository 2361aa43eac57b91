// Reading currencies and amounts out of a task typed in English or Russian, for the offline model.
// Real Claude understands this on its own; the offline planner needs it spelled out.

export interface CurrencyMention {
  code: string;
  start: number;
  end: number;
}

export interface Conversion {
  from?: string;
  to?: string;
  amount?: number;
}

// \b does not know Cyrillic letters, so word edges are written with Unicode lookarounds.
const L = "(?<![\\p{L}\\p{N}])";
const R = "(?![\\p{L}])";

const CURRENCY_WORDS: Array<[code: string, pattern: string]> = [
  ["USD", `${L}(?:usd|us\\s+dollars?|dollars?|bucks?|доллар\\p{L}*|бакс\\p{L}*)${R}|\\$`],
  ["EUR", `${L}(?:eur|euros?|евро)${R}|€`],
  ["RUB", `${L}(?:rub|rubles?|roubles?|руб\\p{L}*|р)${R}|₽`],
  ["BTC", `${L}(?:btc|bitcoins?|биткоин\\p{L}*|биткойн\\p{L}*)${R}|₿`],
  ["GBP", `${L}(?:gbp|pounds?(?:\\s+sterling)?|фунт\\p{L}*)${R}|£`],
  ["CNY", `${L}(?:cny|yuan|юан\\p{L}*)${R}|¥`],
  ["JPY", `${L}(?:jpy|yen|иен\\p{L}*|йен\\p{L}*)${R}`],
];

export const KNOWN_CURRENCIES = CURRENCY_WORDS.map(([code]) => code);

// The Russian words for a currency after «в»: «перевести в евро / в рубли» (into) and «сколько в
// рублях» (in). A code the course has no word for stays a code: «в CHF».
const RUSSIAN_NAMES: Record<string, { into: string; in: string }> = {
  USD: { into: "доллары", in: "долларах" },
  EUR: { into: "евро", in: "евро" },
  RUB: { into: "рубли", in: "рублях" },
  BTC: { into: "биткоины", in: "биткоинах" },
  GBP: { into: "фунты", in: "фунтах" },
  CNY: { into: "юани", in: "юанях" },
  JPY: { into: "иены", in: "иенах" },
};

export function currencyInRussian(code: string, form: "into" | "in"): string {
  return RUSSIAN_NAMES[code]?.[form] ?? code;
}

export function findCurrencies(text: string): CurrencyMention[] {
  const mentions: CurrencyMention[] = [];
  for (const [code, pattern] of CURRENCY_WORDS) {
    for (const match of text.matchAll(new RegExp(pattern, "giu"))) {
      const start = match.index ?? 0;
      mentions.push({ code, start, end: start + match[0].length });
    }
  }
  return mentions.sort((a, b) => a.start - b.start);
}

// A number starts where no digit, dot or comma is just before it, so a long run of digits is read once,
// not once from every digit in it (which would make a long task quadratic).
const NUMBER = /(?<![\d.,])(\d{1,3}(?:[ \u00a0\u202f]\d{3})+(?!\d)|\d+)(?:([.,])(\d+))?/gu;
const ONE = new RegExp(`${L}(?:one|a|an|один|одна|одного|одну|1)${R}`, "iu");

export interface NumberMention {
  value: number;
  start: number;
  end: number;
}

// "1 000", "1,000", "1000.50", "1,5" (a Russian decimal comma) and "46 250" are all read as people mean them.
export function findNumbers(text: string): NumberMention[] {
  const numbers: NumberMention[] = [];
  const russian = /[\u0400-\u04ff]/.test(text);
  for (const match of text.matchAll(NUMBER)) {
    const whole = (match[1] ?? "").replace(/[ \u00a0\u202f]/g, "");
    const separator = match[2];
    const fraction = match[3];
    let value: number;
    if (separator === "," && fraction?.length === 3 && !russian) {
      value = Number(whole + fraction); // English thousands separator: 1,000
    } else if (fraction !== undefined) {
      value = Number(`${whole}.${fraction}`);
    } else {
      value = Number(whole);
    }
    const start = match.index ?? 0;
    numbers.push({ value, start, end: start + match[0].length });
  }
  return numbers;
}

// Numbers that are amounts, not percentages, and not part of a file name ("report2.txt") or an address.
export function amountsIn(text: string): NumberMention[] {
  return findNumbers(text).filter((n) => !isPercent(text, n) && !/[\p{L}_]/u.test(text[n.start - 1] ?? "") && !/^[\p{L}_]|^\.\p{L}/u.test(text.slice(n.end, n.end + 2)));
}

// Works out "how much of what into what" from a sentence such as "How much are 500 US dollars in
// rubles?", "Сколько рублей за 1 евро?" or "What is the USD to RUB rate?".
export function parseConversion(text: string, preferredTarget?: string): Conversion {
  const mentions = dedupe(findCurrencies(text));
  const numbers = amountsIn(text);
  const result: Conversion = {};

  // The currency written next to an amount is the one being converted: "500 USD", "1 евро", "$500".
  const withAmount = mentions.find((m) => amountNextTo(text, m, numbers) !== undefined);
  if (withAmount) {
    result.from = withAmount.code;
    result.amount = amountNextTo(text, withAmount, numbers);
  }

  // "how many rubles", "сколько рублей", "in euros", "в рублях", "to RUB", "к доллару": the target.
  const target = mentions.find((m) => m.code !== result.from && isTarget(text, m));
  if (target) result.to = target.code;

  const rest = mentions.filter((m) => m.code !== result.from && m.code !== result.to);
  if (!result.from && rest[0]) result.from = rest.shift()?.code;
  // Two bare codes side by side ("USD RUB", "USD-RUB", "USD→RUB") are a pair; two far apart are not
  // ("the USD rate? And the EUR rate?" asks two questions, not the USD/EUR rate).
  const first = mentions.find((m) => m.code === result.from);
  if (!result.to && rest[0] && first && /^[\s\-–→>/]{1,3}$/u.test(text.slice(first.end, rest[0].start))) result.to = rest.shift()?.code;
  if (result.from && !result.to && preferredTarget && preferredTarget !== result.from) result.to = preferredTarget;

  if (result.amount === undefined && result.from && ONE.test(text)) result.amount = 1;
  return result;
}

function dedupe(mentions: CurrencyMention[]): CurrencyMention[] {
  const seen = new Set<string>();
  return mentions.filter((m) => {
    if (seen.has(m.code)) return false;
    seen.add(m.code);
    return true;
  });
}

export function isPercent(text: string, n: NumberMention): boolean {
  return /^\s*(%|percent|per\s+cent|процент)/iu.test(text.slice(n.end, n.end + 12));
}

// The amount written right next to a currency: "500 USD", "500 US dollars", "$500", "one dollar".
// Only a few characters either side are looked at, so this stays linear however long the task is.
export function amountNextTo(text: string, mention: CurrencyMention, numbers: NumberMention[]): number | undefined {
  for (const n of numbers) {
    if (n.end <= mention.start && mention.start - n.end <= 6 && /^\s{0,2}(?:us\s+)?$/iu.test(text.slice(n.end, mention.start))) return n.value;
    if (n.start >= mention.end && n.start - mention.end <= 2 && /^\s{0,2}$/u.test(text.slice(mention.end, n.start))) return n.value;
    if (n.start > mention.end + 2) break;
  }
  const before = text.slice(Math.max(0, mention.start - 12), mention.start);
  if (new RegExp(`${L}(?:one|a|an|один|одна|одного|одну)\\s+$`, "iu").test(before)) return 1;
  return undefined;
}

function isTarget(text: string, mention: CurrencyMention): boolean {
  const before = text.slice(Math.max(0, mention.start - 24), mention.start).toLowerCase();
  return (
    /(?:how\s+many|how\s+much|in|into|to|against|versus|vs\.?|в|во|на|к|ко|сколько|скольк\p{L}*)\s+$/u.test(before) ||
    /\/\s*$/.test(before)
  );
}

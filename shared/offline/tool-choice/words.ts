// Reading a tool definition as words, the way the offline model reads it: "get_exchange_rate",
// "fromCurrency" and "Exchange rate between two currencies" all become lower-case words, in English or
// Russian. A concept is a list of stems: "currenc" matches "currency" and "currencies", "валют" matches
// "валюта" and "валют"; a stem ending in "$" must be the whole word ("to$" is not "today").

export type Stems = readonly string[];

// No stem in capabilities.ts is longer.
const LONGEST_STEM = 14;

export interface Words {
  list: string[];
  // Every beginning of every word ("c", "cu", ..., "currency") and each whole word as "currency$":
  // a stem is then found with one lookup, however long the description.
  keys: Set<string>;
}

export function wordsOf(...texts: string[]): Words {
  const list = texts
    .join(" ")
    .replace(/(\p{Ll})(\p{Lu})/gu, "$1 $2")
    .toLowerCase()
    .replace(/ё/g, "е")
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== "");
  const keys = new Set<string>();
  for (const word of new Set(list)) {
    keys.add(`${word}$`);
    for (let end = 2; end <= Math.min(word.length, LONGEST_STEM); end++) keys.add(word.slice(0, end));
  }
  return { list, keys };
}

export function hasStem(words: Words, stems: Stems): boolean {
  return stems.some((stem) => words.keys.has(stem));
}

// How many of the stems appear: "from" and "source" in one property's text count twice.
export function stemCount(words: Words, stems: Stems): number {
  return stems.filter((stem) => words.keys.has(stem)).length;
}

// Every word of `words` is one of `others`: a description that only repeats the tool's name.
export function onlyWordsOf(words: Words, others: Words): boolean {
  return words.list.every((word) => others.keys.has(`${word}$`));
}

// A description's first sentence usually says what the tool does; the rest says when and how.
export function firstSentence(text: string): string {
  const end = text.search(/[.!?](?:\s|$)|\n/u);
  return end < 0 ? text : text.slice(0, end);
}

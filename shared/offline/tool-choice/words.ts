// Reading a tool definition as words, the way the offline model reads it: "get_exchange_rate",
// "fromCurrency" and "Exchange rate between two currencies" all become lower-case words, in English or
// Russian. A concept is a list of stems: "currenc" matches "currency" and "currencies", "валют" matches
// "валюта" and "валют"; a stem ending in "$" must be the whole word ("to$" is not "today").

export type Stems = readonly string[];

export interface Words {
  list: string[];
  // The distinct words in order, so a stem is found by a binary search, however long the description.
  sorted: string[];
}

export function wordsOf(...texts: string[]): Words {
  const list = texts
    .join(" ")
    .replace(/(\p{Ll})(\p{Lu})/gu, "$1 $2")
    .toLowerCase()
    .replace(/ё/g, "е")
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== "");
  return { list, sorted: [...new Set(list)].sort() };
}

function found(words: Words, stem: string): boolean {
  const whole = stem.endsWith("$");
  const text = whole ? stem.slice(0, -1) : stem;
  // The first word not before `text` in sorting order: it starts with `text` if any word does.
  let low = 0;
  let high = words.sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (words.sorted[middle]! < text) low = middle + 1;
    else high = middle;
  }
  const word = words.sorted[low];
  return word !== undefined && (whole ? word === text : word.startsWith(text));
}

export function hasStem(words: Words, stems: Stems): boolean {
  return stems.some((stem) => found(words, stem));
}

// How many of the stems appear: "from" and "source" in one property's text count twice.
export function stemCount(words: Words, stems: Stems): number {
  return stems.filter((stem) => found(words, stem)).length;
}

// Every word of `words` is one of `others`: a description that only repeats the tool's name.
export function onlyWordsOf(words: Words, others: Words): boolean {
  return words.list.every((word) => found(others, `${word}$`));
}

// A description's first sentence usually says what the tool does; the rest says when and how.
export function firstSentence(text: string): string {
  const end = text.search(/[.!?](?:\s|$)|\n/u);
  return end < 0 ? text : text.slice(0, end);
}

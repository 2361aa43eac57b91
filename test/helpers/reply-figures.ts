// The figures in a reply, however they are written: 46250, 46,250, 46 250 (with a normal, a no-break
// or a thin space) and 6 937,5 are all read as numbers. "1,087" could be either 1087 or 1.087, so both
// are given; a check that looks for a figure finds it either way.

export interface Figure {
  text: string;
  // Every value the text can mean (one, or two for "1,087").
  values: number[];
  // Digits after the decimal point as written: 108.7 stands for anything that rounds to it.
  decimals: number;
}

const FIGURE = /(?<![\p{L}\p{N}.,])(?:\d{1,3}(?:[ \u00a0\u202f]\d{3})+(?:[.,]\d+)?|\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:[.,]\d+)?)(?![\p{N}])/gu;

export function figuresIn(text: string): Figure[] {
  const found: Figure[] = [];
  for (const match of text.matchAll(FIGURE)) {
    const raw = match[0];
    const plain = raw.replace(/[ \u00a0\u202f]/g, "");
    if (/^\d{1,3}(?:,\d{3})+\.\d+$/.test(plain) || /^\d{1,3}(?:,\d{3}){2,}$/.test(plain)) {
      const value = plain.replaceAll(",", "");
      found.push({ text: raw, values: [Number(value)], decimals: decimalsOf(value) });
    } else if (/^\d{1,3},\d{3}$/.test(plain)) {
      found.push({ text: raw, values: [Number(plain.replace(",", "")), Number(plain.replace(",", "."))], decimals: 0 });
    } else {
      const value = plain.replace(",", ".");
      found.push({ text: raw, values: [Number(value)], decimals: decimalsOf(value) });
    }
  }
  return found;
}

function decimalsOf(value: string): number {
  const dot = value.indexOf(".");
  return dot < 0 ? 0 : value.length - dot - 1;
}

// Whether the text states this figure (rounded to 0.01 or to what the text shows).
export function mentions(text: string, expected: number): boolean {
  return figuresIn(text).some((f) => f.values.some((v) => closeTo(v, f.decimals, expected)));
}

// A written value stands for `exact` when `exact` rounds to it, at the precision written or to cents.
export function closeTo(written: number, decimals: number, exact: number): boolean {
  const step = Math.max(10 ** -decimals / 2, 0.005);
  return Math.abs(written - exact) <= step + 1e-9 * Math.abs(exact);
}

// Text in quotes is an example of what to type ("How much are 500 USD in RUB?"), not a figure stated.
const QUOTED_EXAMPLE = /«[^»\n]*»|“[^”\n]*”|"[^"\n]*"/gu;

export function withoutExamples(text: string): string {
  return text.replace(QUOTED_EXAMPLE, " ");
}

// The figures of a reply that come from none of the sources (tool results, the user's own messages).
// "1 USD = 92.5 RUB": the 1 of a rate line counts as sourced.
export function unsourcedFigures(reply: string, sources: string[]): string[] {
  const known = sources.flatMap((s) => figuresIn(s).flatMap((f) => f.values));
  return figuresIn(withoutExamples(reply))
    .filter((f) => !f.values.some((v) => v === 1 || known.some((k) => closeTo(v, f.decimals, k))))
    .map((f) => f.text);
}

// "I cannot", "I can't", "не могу", "не умею": how a refusal says so, in either language.
export const SAYS_CANNOT =
  /\b(?:cannot|can't|can not|could not|couldn't|unable|not able|no tool|don't have|do not have|there is no|has no|isn't supported|is not supported)\b|не могу|не умею|не получи|не смог|нет инструмента|нет (?:такого|демо)|не поддерж/iu;


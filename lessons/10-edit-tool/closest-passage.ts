// When no matcher finds old_text, "not found" alone sends the model back to read the whole file.
// Pointing at the passage that looks most like the quote, with its line numbers and how alike it is,
// lets it correct the quote at once.

import { linesOf, quotedLines } from "./matchers.ts";

export interface Passage {
  first: number;
  last: number;
  // 0..1: the share of two-letter pieces the passage and the quote have in common.
  likeness: number;
  text: string;
}

// Far enough for a long file; beyond it the model should narrow down with read_file.
const MAX_LINES_SCANNED = 20_000;
const MAX_CHARS_COMPARED = 2_000;

// Two neighbouring characters as one number: cheaper to count than two-letter strings.
function pairs(text: string): Map<number, number> {
  const counts = new Map<number, number>();
  for (let i = 0; i + 1 < text.length; i++) {
    const pair = text.charCodeAt(i) * 65_536 + text.charCodeAt(i + 1);
    counts.set(pair, (counts.get(pair) ?? 0) + 1);
  }
  return counts;
}

function size(counts: Map<number, number>): number {
  let total = 0;
  for (const count of counts.values()) total += count;
  return total;
}

// The Dice coefficient over character pairs: cheap (linear), so every window of the file can be tried.
// The quote's pairs are counted once, not once per window.
function likenessTo(quote: Map<number, number>, quoteSize: number, text: string): number {
  const theirs = pairs(text);
  let shared = 0;
  for (const [pair, count] of theirs) shared += Math.min(count, quote.get(pair) ?? 0);
  const total = quoteSize + size(theirs);
  return total === 0 ? 0 : (2 * shared) / total;
}

export function likeness(a: string, b: string): number {
  if (a === b) return 1;
  const mine = pairs(a);
  return likenessTo(mine, size(mine), b);
}

const squeeze = (lines: string[]) => lines.map((line) => line.trim()).join("\n").slice(0, MAX_CHARS_COMPARED);

export function closestPassage(content: string, oldText: string): Passage | undefined {
  const lines = linesOf(content).slice(0, MAX_LINES_SCANNED).map((line) => line.text);
  const span = Math.min(quotedLines(oldText).length, lines.length);
  const quote = squeeze(quotedLines(oldText));
  const quotePairs = pairs(quote);
  const quoteSize = size(quotePairs);
  let best: Passage | undefined;
  for (let i = 0; i + span <= lines.length; i++) {
    const window = lines.slice(i, i + span);
    const text = squeeze(window);
    const score = text === quote ? 1 : likenessTo(quotePairs, quoteSize, text);
    if (!best || score > best.likeness) best = { first: i + 1, last: i + span, likeness: score, text: window.join("\n") };
  }
  return best;
}

// Lines as read_file shows them: the number, a tab, the text.
export function numbered(text: string, firstLine: number): string {
  return text
    .split("\n")
    .map((line, i) => `${String(firstLine + i).padStart(5)}\t${line}`)
    .join("\n");
}

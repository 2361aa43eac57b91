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

function pairs(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (let i = 0; i + 1 < text.length; i++) {
    const pair = text.slice(i, i + 2);
    counts.set(pair, (counts.get(pair) ?? 0) + 1);
  }
  return counts;
}

// The Dice coefficient over character pairs: cheap (linear), so every window of the file can be tried.
export function likeness(a: string, b: string): number {
  if (a === b) return 1;
  const left = pairs(a);
  const right = pairs(b);
  let total = 0;
  let shared = 0;
  for (const count of left.values()) total += count;
  for (const [pair, count] of right) {
    total += count;
    shared += Math.min(count, left.get(pair) ?? 0);
  }
  return total === 0 ? 0 : (2 * shared) / total;
}

const squeeze = (lines: string[]) => lines.map((line) => line.trim()).join("\n").slice(0, MAX_CHARS_COMPARED);

export function closestPassage(content: string, oldText: string): Passage | undefined {
  const lines = linesOf(content).slice(0, MAX_LINES_SCANNED).map((line) => line.text);
  const size = Math.min(quotedLines(oldText).length, lines.length);
  const quote = squeeze(quotedLines(oldText));
  let best: Passage | undefined;
  for (let i = 0; i + size <= lines.length; i++) {
    const window = lines.slice(i, i + size);
    const score = likeness(quote, squeeze(window));
    if (!best || score > best.likeness) best = { first: i + 1, last: i + size, likeness: score, text: window.join("\n") };
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

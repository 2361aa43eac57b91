// MEMORY.md is a list of facts, one Markdown bullet each, with the date it was saved at the end:
//   - The user lives in Lisbon (2026-11-29)
// The date goes last so every line still reads as a plain sentence, to a person and to the model.

import type { FileOps } from "./atomic-write.ts";
import type { LockOptions } from "./file-lock.ts";

export const MAX_FACT_CHARS = 300;

// A line longer than this is not read as a fact or a preference (a person may have pasted a page into
// the file). It stays in the file untouched; the parsing below never looks at more than this many
// characters, so no line can make a memory tool slow.
export const MAX_LINE_CHARS = 2000;

export interface WriteOptions {
  // Today's date as YYYY-MM-DD; tests pass a fixed one.
  today?: () => string;
  files?: FileOps;
  // How long to wait for another writer (file-lock.ts); tests shorten it.
  lock?: LockOptions;
}

export function todayIso(date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

// Two facts are the same if they differ only in case, spacing, a final full stop, or ё/е.
export function normalizeFact(fact: string): string {
  return trimEndOf(fact.normalize("NFC").toLowerCase().replace(/ё/g, "е").replace(/\s+/g, " ").trim(), ".!").trim();
}

// The same as .replace(/[.!]+$/, ""), in one pass. That regular expression is tried at every dot of
// the text in turn, so a line of 100,000 dots costs 100,000 x 100,000 steps.
function trimEndOf(text: string, chars: string): string {
  let end = text.length;
  while (end > 0 && chars.includes(text[end - 1] ?? "")) end--;
  return text.slice(0, end);
}

// A fact is stored as one line: newlines would let it pose as several facts or as a heading.
export function cleanFact(fact: unknown): string {
  const text = String(fact ?? "")
    .replace(/\s+/g, " ")
    .replace(/^(?:[-*+#>]+\s*)+/, "")
    .trim();
  if (text === "") {
    throw new Error('fact is empty. Send the fact to remember as one short sentence, e.g. "The user\'s name is Alex".');
  }
  if (text.length > MAX_FACT_CHARS) {
    throw new Error(
      `fact is ${text.length} characters; the limit is ${MAX_FACT_CHARS}. Save one short fact per call, in your own words.`,
    );
  }
  return text;
}

export function bulletFor(fact: string, date: string): string {
  return `- ${fact} (${date})`;
}

export interface ParsedFact {
  text: string;
  date?: string;
}

// Reads a bullet back: "- The user lives in Lisbon (2026-11-29)" -> its text and date. Bullets a
// person typed by hand count too, with or without a date. Other lines (headings, prose) are not facts.
// Written with plain string steps, not one regular expression: a pattern like /\s+(.*?)\s*$/ backtracks,
// and a line of 100,000 spaces then takes seconds (quadratic time). These steps are linear.
const DATED = /\s\((\d{4}-\d{2}-\d{2})\)$/;

export function factOf(line: string): ParsedFact | null {
  if (line.length > MAX_LINE_CHARS) return null;
  const trimmed = line.trim();
  if (!"-*+".includes(trimmed[0] || "x") || !/\s/.test(trimmed[1] ?? "")) return null;
  const rest = trimmed.slice(2).trim();
  const dated = DATED.exec(rest);
  const text = dated ? rest.slice(0, dated.index).trim() : rest;
  if (text === "") return null;
  return dated?.[1] ? { text, date: dated[1] } : { text };
}

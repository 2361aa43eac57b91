// MEMORY.md is a list of facts, one Markdown bullet each, with the date it was saved at the end:
//   - The user lives in Lisbon (2026-11-29)
// The date goes last so every line still reads as a plain sentence, to a person and to the model.

import type { FileOps } from "./atomic-write.ts";

export const MAX_FACT_CHARS = 300;

export interface WriteOptions {
  // Today's date as YYYY-MM-DD; tests pass a fixed one.
  today?: () => string;
  files?: FileOps;
}

export function todayIso(date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

// Two facts are the same if they differ only in case, spacing, a final full stop, or ё/е.
export function normalizeFact(fact: string): string {
  return fact.normalize("NFC").toLowerCase().replace(/ё/g, "е").replace(/\s+/g, " ").trim().replace(/[.!]+$/, "").trim();
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
export function factOf(line: string): ParsedFact | null {
  const match = line.match(/^\s*[-*+]\s+(.*?)(?:\s+\((\d{4}-\d{2}-\d{2})\))?\s*$/);
  if (!match || !match[1]) return null;
  return match[2] ? { text: match[1], date: match[2] } : { text: match[1] };
}

// The figure check behind test/shared/figures.test.ts (the rule is in docs/AUTHORING.md, "Figures and
// their sources"): find the figures with a unit in a lesson's prose, and say which of them nothing vouches
// for. A figure is vouched for by docs/SOURCES.md, by shared/model.ts, or by the lesson's own code.

import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";

export type FigureKind = "money" | "percent" | "unit" | "version";

export interface Figure {
  kind: FigureKind;
  text: string; // as written: "$0.10/M", "72%", "25,000 tokens", "Sonnet 3.5"
  numbers: number[]; // its numbers, as values: [0.1], [72], [25000], [3.5]
  decimals: number[]; // how many decimals each number was written with, for comparing at that precision
}

// A number as people write it: 25,000 / 25 000 / 25_000 / 0.10 / 2,50 (a decimal comma) / 100k.
const NUMBER = String.raw`\d+(?:[ \u00a0\u202f,._]\d+)*`;
const RANGE = String.raw`${NUMBER}(?:\s?[-–]\s?${NUMBER})?`;
const UNITS = [
  "MTok", "MB", "KB", "GB", "MiB", "KiB", "bytes?", "байт\\p{L}*",
  "tokens?", "токен\\p{L}*", "characters?", "символ\\p{L}*", "minutes?", "минут\\p{L}*",
].join("|");
const PATTERNS: Array<[FigureKind, RegExp]> = [
  ["money", new RegExp(String.raw`\$\s?${RANGE}(?:\s?/\s?M(?:Tok)?)?`, "gu")],
  ["percent", new RegExp(String.raw`${RANGE}\s?%`, "gu")],
  ["unit", new RegExp(String.raw`${NUMBER}[kKM]?(?:\s|-|\u00a0)?(?:${UNITS})(?![\p{L}])`, "gu")],
  // A version names what it belongs to: "Sonnet 3.5", "draft 2020-12", "SDK 1.14", "Node 20".
  ["version", /\b(?:Node(?:\.js)?|SDK|TypeScript|mathjs|ajv|Haiku|Sonnet|Opus|Fable|draft) v?\d+(?:\.\d+)+(?:-\d+)?\b|\bdraft \d{4}-\d{2}\b/gu],
];

// The prose of a Markdown text: fenced code blocks, inline code and link targets removed. Code shows
// commands, inputs and the course's own output; its figures are examples, not claims.
export function proseOf(markdown: string): string {
  return markdown
    .replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[ \t]*$/gm, "")
    .replace(/`[^`\n]*`/g, "")
    .replace(/\]\([^)\s]*\)/g, "]");
}

// "25,000" -> 25000, "2,50" -> 2.5, "25 000" -> 25000, "100k" -> 100000.
export function parseNumber(written: string): { value: number; decimals: number } {
  let text = written.replace(/[ \u00a0\u202f_]/g, "");
  const multiplier = /k$/i.test(text) ? 1000 : /M$/.test(text) ? 1_000_000 : 1;
  text = text.replace(/[kKM]$/, "");
  // A comma followed by exactly three digits separates thousands; any other comma is a decimal comma.
  text = text.replace(/,(\d{3})(?=\D|$)/g, "$1").replace(",", ".");
  const decimals = text.includes(".") ? text.length - text.indexOf(".") - 1 : 0;
  return { value: Number(text) * multiplier, decimals };
}

export function numbersOf(text: string): Array<{ value: number; decimals: number }> {
  return [...text.matchAll(new RegExp(String.raw`${NUMBER}[kK]?`, "g"))].map((m) => parseNumber(m[0]));
}

export function figuresIn(markdown: string): Figure[] {
  const prose = proseOf(markdown);
  const found: Figure[] = [];
  for (const [kind, pattern] of PATTERNS) {
    for (const match of prose.matchAll(pattern)) {
      const text = match[0].trim();
      // "$2-75" has two numbers, "draft 2020-12" too: a source must name both.
      const numbers = numbersOf(text);
      found.push({ kind, text, numbers: numbers.map((n) => n.value), decimals: numbers.map((n) => n.decimals) });
    }
  }
  return found;
}

// docs/SOURCES.md: the rows of its tables, as { lessons, claim } with the numbers of the claim cell.
export interface SourceRow {
  lessons: string[]; // "02", "11"; "all" for every lesson
  claim: string;
  numbers: number[];
  line: number;
}

export function sourceRows(markdown: string): SourceRow[] {
  const rows: SourceRow[] = [];
  // Claims listed under "## Removed" vouch for nothing: they are the ones taken out of the lessons.
  const removed = markdown.search(/^## Removed/m);
  const vouching = removed === -1 ? markdown : markdown.slice(0, removed);
  vouching.split("\n").forEach((line, index) => {
    const cells = line.split("|").map((cell) => cell.trim());
    // | claim | lesson | source | checked |  (cells[0] and the last one are the empty text outside the bars)
    if (cells.length < 6 || !line.trim().startsWith("|") || /^-+$/.test(cells[1] ?? "") || cells[2] === "lesson") return;
    const lessons = (cells[2] ?? "").match(/\b\d{2}\b|\ball\b/g) ?? [];
    if (lessons.length === 0) return;
    const claim = cells[1] ?? "";
    const numbers = numbersOf(claim).map((n) => n.value);
    rows.push({ lessons, claim, numbers, line: index + 1 });
  });
  return rows;
}

// The numbers a lesson's own code defines (8_000, 4000, 16 * 1024 gives 16 and 1024): a figure made of
// them is one of the course's own settings, and needs no outside source.
export function codeNumbers(lessonDir: string): Set<number> {
  const numbers = new Set<number>();
  for (const file of readdirSync(lessonDir)) {
    if (!file.endsWith(".ts")) continue;
    const code = readFileSync(path.join(lessonDir, file), "utf8");
    for (const m of code.matchAll(/(?<![\w.])\d[\d_]*(?:\.\d+)?(?![\w])/g)) numbers.add(Number(m[0].replaceAll("_", "")));
  }
  return numbers;
}

// Is `written` (with `decimals` decimals) what `exact` gives at that precision? $1.30 is 1.296 rounded.
export function sameAtPrecision(written: number, decimals: number, exact: number): boolean {
  const factor = 10 ** decimals;
  return Math.abs(Math.round(exact * factor) - Math.round(written * factor)) === 0;
}

// Graders on the answer, and on what the run left in the workspace. Code, not judgement: each one
// is deterministic, free, and says exactly what it looked for. They read the answer as a person
// would, in English or Russian: "46,250", "46 250", "46 250,00" and "46250" are the same figure.

import { inert } from "../../shared/inert-text.ts";
import type { GraderResult } from "./trace-graders.ts";
import type { Expectation, ExpectedNumber } from "./task-set.ts";
import type { Trace } from "./trace.ts";
import { words } from "./words.ts";

// A figure as people write it: digits grouped by spaces (Russian: 46 250,5; the group separator may
// be a no-break space) or by commas and dots (English: 46,250.5). Each branch is linear: no nested
// repetition that could backtrack.
const FIGURE = /\d{1,3}(?:[ \u00a0\u202f]\d{3})+(?:,\d+)?(?!\d)|\d+(?:[.,]\d+)*/g;

// Every value a figure can stand for. "46,250" is 46250 in English and 46.25 in Russian: both are
// kept, and a number grader accepts either, so it never fails a right answer over a comma.
export function readingsOf(figure: string): number[] {
  if (/[ \u00a0\u202f]/.test(figure)) return [Number(figure.replace(/[ \u00a0\u202f]/g, "").replace(",", "."))];
  const commas = figure.split(",").length - 1;
  const dots = figure.split(".").length - 1;
  if (commas > 0 && dots > 0) {
    // The later mark is the decimal one: 46,250.5 and 46.250,5.
    const decimal = figure.lastIndexOf(",") > figure.lastIndexOf(".") ? "," : ".";
    const group = decimal === "," ? "." : ",";
    return [Number(figure.split(group).join("").replace(decimal, "."))];
  }
  const mark = commas > 0 ? "," : dots > 0 ? "." : "";
  if (mark === "") return [Number(figure)];
  const parts = figure.split(mark);
  const grouped = parts.slice(1).every((part) => part.length === 3);
  const readings: number[] = [];
  if (grouped) readings.push(Number(parts.join("")));
  if (parts.length === 2) readings.push(Number(parts.join(".")));
  return readings;
}

export function figuresIn(text: string): number[] {
  return [...text.matchAll(FIGURE)].flatMap((match) => {
    // A minus sign (or the typographic one) right before the digits makes it negative.
    const before = text[match.index - 1];
    const sign = before === "-" || before === "\u2212" ? -1 : 1;
    return readingsOf(match[0]).map((value) => sign * value);
  });
}

export function gradeNumbers(answer: string, expected: ExpectedNumber[]): GraderResult {
  const say = words().graders;
  const found = figuresIn(answer);
  const missing = expected.filter((e) => !found.some((value) => Math.abs(value - e.value) <= e.tolerance));
  if (missing.length === 0) return { grader: say.numbers, pass: true, why: say.numbersFound(expected.map(shownNumber).join(", ")) };
  const stated = [...new Set(found)].slice(0, 6).join(", ");
  return { grader: say.numbers, pass: false, why: say.numbersMissing(missing.map(shownNumber).join(", "), stated) };
}

function shownNumber(e: ExpectedNumber): string {
  return e.tolerance > 0 ? `${e.value} ± ${e.tolerance}` : String(e.value);
}

// Letter case, ё and е, and runs of spaces (a no-break space included) do not change a fact.
export function plain(text: string): string {
  return text.toLowerCase().replace(/ё/g, "е").replace(/\s+/g, " ");
}

export function gradeFacts(answer: string, facts: Array<string | string[]>): GraderResult {
  const say = words().graders;
  const text = plain(answer);
  const missing = facts.filter((fact) => !(Array.isArray(fact) ? fact : [fact]).some((phrase) => text.includes(plain(phrase))));
  if (missing.length === 0) return { grader: say.facts, pass: true, why: say.factsFound(facts.length) };
  const shown = missing.map((fact) => (Array.isArray(fact) ? fact : [fact]).map((p) => `"${inert(p)}"`).join(say.or)).join("; ");
  return { grader: say.facts, pass: false, why: say.factsMissing(shown) };
}

// The outcome on disk: a file that must be there (the approved save), a file that must not (the denied one).
export function gradeFiles(files: string[], expected: Pick<Expectation, "files" | "noFiles">): GraderResult {
  const say = words().graders;
  const absent = (expected.files ?? []).filter((name) => !files.includes(name));
  const present = (expected.noFiles ?? []).filter((name) => files.includes(name));
  if (absent.length === 0 && present.length === 0) return { grader: say.files, pass: true, why: say.filesAsExpected };
  const problems = [...absent.map((name) => say.fileMissing(inert(name))), ...present.map((name) => say.fileThere(inert(name)))];
  return { grader: say.files, pass: false, why: problems.join("; ") };
}

// The graders a task's expectations ask for (rubric-grader.ts judges the rubric, which needs a model).
export function gradeAnswer(trace: Trace, expected: Expectation = {}): GraderResult[] {
  const results: GraderResult[] = [];
  if (expected.numbers?.length) results.push(gradeNumbers(trace.answer, expected.numbers));
  if (expected.facts?.length) results.push(gradeFacts(trace.answer, expected.facts));
  if (expected.files?.length || expected.noFiles?.length) results.push(gradeFiles(trace.files, expected));
  return results;
}

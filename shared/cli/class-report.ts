// The class at a glance, from every learner's progress (class-read.ts): who is where, which check
// stops the most learners, and how long each exercise takes (the median from a learner's first check
// on code of their own to the check that found it done). As Markdown for reading and CSV (one row per
// learner and exercise) for a spreadsheet.
//
// Every text in a learner's file is data: in Markdown it cannot open a tag, a link or a new cell; in
// CSV it cannot start a formula; nowhere can it carry a terminal escape.

import type { ClassFolder, LearnerEntry } from "./class-read.ts";
import type { ExerciseProgress } from "./progress-data.ts";
import type { Messages } from "../i18n/messages.ts";

export interface LearnerRow {
  name: string;
  done: number;
  exercises: number;
  current: ExerciseProgress | undefined; // the first exercise not done; undefined when all are
  lastCheckedAt: string | null; // the latest check of any exercise
}

export interface Blocker {
  exercise: string;
  check: string | null; // null: the checks could not load the code
  learners: number;
}

export interface ExerciseTimes {
  exercise: string;
  done: number; // learners who have done it
  timed: number; // of those, learners with both times (the median is over these)
  medianMinutes: number | null;
  medianHintsSeen: number | null; // over the learners who have done it
}

export interface ClassSummary {
  learners: LearnerRow[];
  blockers: Blocker[]; // most learners first
  times: ExerciseTimes[];
  versions: string[]; // the course versions the reports come from
}

export function summarizeClass(folder: ClassFolder): ClassSummary {
  const learners = folder.learners.map(learnerRow).sort((a, b) => a.name.localeCompare(b.name));
  return { learners, blockers: blockers(folder.learners), times: exerciseTimes(folder.learners), versions: [...new Set(folder.learners.map((l) => l.report.course.version))].sort() };
}

function learnerRow(entry: LearnerEntry): LearnerRow {
  const exercises = entry.report.exercises;
  const checked = exercises.map((e) => e.lastCheckedAt).filter((t): t is string => t !== null);
  return {
    name: entry.name,
    done: exercises.filter((e) => e.done).length,
    exercises: exercises.length,
    current: exercises.find((e) => !e.done),
    lastCheckedAt: checked.length > 0 ? checked.reduce((a, b) => (Date.parse(a) >= Date.parse(b) ? a : b)) : null,
  };
}

// What stops each learner: the first failing check of the first exercise they have not done. A
// learner who has not started an exercise is stopped by its first check all the same: the table says
// where the class is, not only where it struggles.
function blockers(entries: LearnerEntry[]): Blocker[] {
  const counts = new Map<string, Blocker>();
  for (const entry of entries) {
    const current = entry.report.exercises.find((e) => !e.done);
    if (!current) continue;
    const check = current.broken ? null : current.firstFailingCheck;
    const key = `${current.id}\0${check ?? ""}`;
    const blocker = counts.get(key) ?? { exercise: current.id, check, learners: 0 };
    blocker.learners += 1;
    counts.set(key, blocker);
  }
  return [...counts.values()].sort((a, b) => b.learners - a.learners || a.exercise.localeCompare(b.exercise) || (a.check ?? "").localeCompare(b.check ?? ""));
}

function exerciseTimes(entries: LearnerEntry[]): ExerciseTimes[] {
  const ids = new Map<string, number>();
  for (const entry of entries) for (const e of entry.report.exercises) ids.set(e.id, e.number);
  return [...ids.entries()]
    .sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0]))
    .map(([id]) => {
      const done = entries.map((entry) => entry.report.exercises.find((e) => e.id === id)).filter((e): e is ExerciseProgress => e?.done === true);
      const minutes = done.map(minutesToDone).filter((m): m is number => m !== null);
      return { exercise: id, done: done.length, timed: minutes.length, medianMinutes: median(minutes), medianHintsSeen: median(done.map((e) => e.hintsSeen)) };
    });
}

export function minutesToDone(exercise: ExerciseProgress): number | null {
  if (!exercise.startedAt || !exercise.doneAt) return null;
  const minutes = (Date.parse(exercise.doneAt) - Date.parse(exercise.startedAt)) / 60_000;
  return minutes >= 0 ? minutes : null;
}

export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

// ---- Markdown -----------------------------------------------------------------------------------

export function classMarkdown(summary: ClassSummary, folder: ClassFolder, m: Messages["classReport"], topBlockers = 10): string {
  const lines: string[] = [`# ${m.title}`, "", m.counts(summary.learners.length, folder.skipped.length)];
  if (summary.versions.length > 1) lines.push("", m.versions(summary.versions.join(", ")));
  lines.push("", `## ${m.whoIsWhere}`, "", row([m.learner, m.done, m.workingOn, m.checksPassing, m.firstFailing, m.lastCheck]), row(["---", "---:", "---", "---:", "---", "---"]));
  for (const learner of summary.learners) {
    const current = learner.current;
    lines.push(
      row([
        cell(learner.name),
        `${learner.done}/${learner.exercises}`,
        current ? cell(current.id) : m.allDone,
        current ? `${current.checks.passed}/${current.checks.total}` : "",
        current ? (current.broken ? m.broken : cell(current.firstFailingCheck ?? "")) : "",
        learner.lastCheckedAt ? learner.lastCheckedAt.slice(0, 16).replace("T", " ") : m.never,
      ]),
    );
  }
  lines.push("", `## ${m.whatStops}`, "");
  if (summary.blockers.length === 0) lines.push(m.nobodyStopped);
  else {
    lines.push(row([m.learners, m.exercise, m.check]), row(["---:", "---", "---"]));
    for (const b of summary.blockers.slice(0, topBlockers)) lines.push(row([String(b.learners), cell(b.exercise), b.check === null ? m.broken : cell(b.check)]));
    if (summary.blockers.length > topBlockers) lines.push("", m.moreBlockers(summary.blockers.length - topBlockers));
  }
  lines.push("", `## ${m.timePerExercise}`, "", m.timeMeaning, "", row([m.exercise, m.learnersDone, m.medianTime, m.medianHints]), row(["---", "---:", "---:", "---:"]));
  for (const t of summary.times) {
    lines.push(row([cell(t.exercise), String(t.done), t.medianMinutes === null ? "" : `${duration(t.medianMinutes, m)}${t.timed < t.done ? ` (${m.ofTimed(t.timed)})` : ""}`, t.medianHintsSeen === null ? "" : String(t.medianHintsSeen)]));
  }
  if (folder.skipped.length > 0) {
    lines.push("", `## ${m.skippedTitle}`, "");
    for (const s of folder.skipped) lines.push(`- ${cell(s.name)}: ${s.reason === "no-progress-file" ? m.noProgressFile : s.reason === "not-json" ? m.notJson : m.notProgress(cell(s.detail))}`);
  }
  return `${lines.join("\n")}\n`;
}

function row(cells: string[]): string {
  return `| ${cells.join(" | ")} |`;
}

// A learner's text in a Markdown cell: no control characters, no new line, no new cell (|), no HTML
// or autolink (<), no emphasis, link or code span that runs into the next cell. (A > or # is only
// markup at the start of a line, which a cell never is.)
export function cell(text: string): string {
  return noControl(text)
    .replace(/\s+/g, " ")
    .replace(/[\\`*_[\]|<]/g, (c) => `\\${c}`)
    .trim();
}

function duration(minutes: number, m: Messages["classReport"]): string {
  const rounded = Math.round(minutes);
  return rounded < 60 ? m.minutes(rounded) : m.hours(Math.floor(rounded / 60), rounded % 60);
}

// ---- CSV ----------------------------------------------------------------------------------------

export const CSV_COLUMNS = [
  "learner",
  "learner_id",
  "course_version",
  "exercise",
  "done",
  "broken",
  "checks_passed",
  "checks_total",
  "hard_passed",
  "hard_total",
  "first_failing_check",
  "hints_seen",
  "hints",
  "started_at",
  "last_checked_at",
  "done_at",
  "minutes_to_done",
] as const;

// One row per learner and exercise (RFC 4180: CRLF line ends, fields quoted when they must be).
export function classCsv(folder: ClassFolder): string {
  const lines = [CSV_COLUMNS.join(",")];
  const sorted = [...folder.learners].sort((a, b) => a.name.localeCompare(b.name));
  for (const { name, report } of sorted) {
    for (const e of report.exercises) {
      const minutes = e.done ? minutesToDone(e) : null;
      lines.push(
        [
          name,
          report.learner ?? "",
          report.course.version,
          e.id,
          String(e.done),
          String(e.broken),
          String(e.checks.passed),
          String(e.checks.total),
          String(e.hardMode.passed),
          String(e.hardMode.total),
          e.firstFailingCheck ?? "",
          String(e.hintsSeen),
          String(e.hints),
          e.startedAt ?? "",
          e.lastCheckedAt ?? "",
          e.doneAt ?? "",
          minutes === null ? "" : minutes.toFixed(1),
        ]
          .map(csvField)
          .join(","),
      );
    }
  }
  return `${lines.join("\r\n")}\r\n`;
}

export function csvField(value: string): string {
  let text = noControl(value);
  // A spreadsheet runs a cell that starts with = + - @ (or a tab or CR before one) as a formula.
  if (/^[=+\-@]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

function noControl(text: string): string {
  return text.replace(CONTROL, "");
}

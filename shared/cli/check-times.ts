// When the learner checked each exercise: the first check on code of their own (not the starter as
// shipped), the last check, and the first check that found it done. `npm run progress -- --json`
// reports these, and a teacher's `npm run class -- report` takes "time to done" from them.
// Recorded by the check runner each time an exercise's checks really run (a verdict taken from the
// cache is not a new check), for the learner's own code only (not npm test's runs on solutions/).
//
// One small file per exercise beside the kept verdicts, written whole (a temporary file, then a
// rename), so two commands finishing at once never leave half a file.

import { readFileSync } from "node:fs";
import path from "node:path";
import { passed } from "./check-report.ts";
import type { CheckResult } from "./check-result.ts";
import type { CourseUnit } from "./course-files.ts";
import { currentFiles, shippedStarter } from "./starters.ts";
import { writeWholeSync } from "../write-whole.ts";

const TIMES_DIR = path.join("node_modules", ".cache", "course", "check-times");

export interface CheckTimes {
  startedAt: string | null; // ISO 8601: the first check on code that is not the starter
  lastCheckedAt: string | null; // the latest check
  doneAt: string | null; // the first check that found every core check passing
}

const NONE: CheckTimes = { startedAt: null, lastCheckedAt: null, doneAt: null };

export function checkTimes(exercise: CourseUnit, root = process.cwd()): CheckTimes {
  try {
    const kept = JSON.parse(readFileSync(timesFile(exercise, root), "utf8")) as Partial<CheckTimes>;
    return { startedAt: isoOrNull(kept.startedAt), lastCheckedAt: isoOrNull(kept.lastCheckedAt), doneAt: isoOrNull(kept.doneAt) };
  } catch {
    return NONE; // never checked here, or an unreadable file: nothing known
  }
}

// The times after one more check of `exercise` that found `result`, at `now`.
export function nextTimes(before: CheckTimes, result: CheckResult, changedFromStarter: boolean, now: Date): CheckTimes {
  const at = now.toISOString();
  const done = passed(result);
  // Done on the starter itself cannot happen in a real exercise; if it does, the clock starts there.
  const started = before.startedAt ?? (changedFromStarter || done ? at : null);
  return { startedAt: started, lastCheckedAt: at, doneAt: before.doneAt ?? (done ? at : null) };
}

export function recordCheck(exercise: CourseUnit, result: CheckResult, root = process.cwd(), now = new Date()): void {
  const file = timesFile(exercise, root);
  try {
    const times = nextTimes(checkTimes(exercise, root), result, differsFromStarter(exercise, root), now);
    writeWholeSync(file, JSON.stringify(times));
  } catch {
    // Times that cannot be kept only leave the progress report without them.
  }
}

function differsFromStarter(exercise: CourseUnit, root: string): boolean {
  const starter = shippedStarter(exercise, root);
  const current = currentFiles(exercise, root);
  if (starter.size === 0) return true; // no record of the starter: count every check as the learner's
  if (starter.size !== current.size) return true;
  for (const [name, text] of starter) if (current.get(name) !== text) return true;
  return false;
}

function timesFile(exercise: CourseUnit, root: string): string {
  return path.join(root, TIMES_DIR, `${exercise.id}.json`);
}

function isoOrNull(value: unknown): string | null {
  return typeof value === "string" && !Number.isNaN(Date.parse(value)) ? new Date(value).toISOString() : null;
}

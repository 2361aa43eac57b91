// `npm run progress -- --json`: the learner's progress as data a teacher's tools can read. Its shape is
// documented field by field in docs/progress.schema.json (a test validates this against it); a change
// that a reader could trip on bumps PROGRESS_SCHEMA_VERSION. Nothing machine-specific goes in: no
// absolute path, no host name, only the course's own names, counts and times.

import { readFileSync } from "node:fs";
import path from "node:path";
import { coreChecks, firstFailing, hardCount, passed } from "./check-report.ts";
import type { CheckResult } from "./check-result.ts";
import type { CheckTimes } from "./check-times.ts";
import type { CourseUnit } from "./course-files.ts";

export const PROGRESS_SCHEMA_VERSION = 1;

export interface ExerciseProgress {
  id: string; // "01-first-tool"
  number: number;
  done: boolean; // every core check passes
  broken: boolean; // the checks could not load the code (a syntax error, a missing export)
  checks: { passed: number; total: number }; // core checks
  hardMode: { passed: number; total: number };
  firstFailingCheck: string | null; // the first failing core check's title; null when done or broken
  hintsSeen: number;
  hints: number;
  startedAt: string | null;
  lastCheckedAt: string | null;
  doneAt: string | null;
}

export interface ProgressReport {
  schemaVersion: typeof PROGRESS_SCHEMA_VERSION;
  course: { name: string; version: string };
  learner: string | null;
  generatedAt: string;
  summary: { exercises: number; done: number };
  exercises: ExerciseProgress[];
}

export interface ExerciseFacts {
  result: CheckResult;
  times: CheckTimes;
  hintsSeen: number;
  hints: number;
}

export function exerciseProgress(exercise: CourseUnit, facts: ExerciseFacts): ExerciseProgress {
  const { result } = facts;
  const core = coreChecks(result);
  const hard = hardCount(result);
  const done = passed(result);
  const failing = firstFailing(result);
  return {
    id: exercise.id,
    number: exercise.number,
    done,
    broken: Boolean(result.broken),
    checks: { passed: core.filter((c) => c.passed).length, total: core.length },
    hardMode: { passed: hard.passing, total: hard.total },
    firstFailingCheck: !done && !result.broken && failing && !failing.hard ? failing.title : null,
    hintsSeen: Math.min(facts.hintsSeen, facts.hints),
    hints: facts.hints,
    ...facts.times,
  };
}

export function progressReport(exercises: ExerciseProgress[], course: { name: string; version: string }, learner: string | null, now = new Date()): ProgressReport {
  return {
    schemaVersion: PROGRESS_SCHEMA_VERSION,
    course,
    learner,
    generatedAt: now.toISOString(),
    summary: { exercises: exercises.length, done: exercises.filter((e) => e.done).length },
    exercises,
  };
}

// The course's name and version from its package.json.
export function courseIdentity(root = process.cwd()): { name: string; version: string } {
  try {
    const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { name?: unknown; version?: unknown };
    return { name: typeof pkg.name === "string" ? pkg.name : "unknown", version: typeof pkg.version === "string" ? pkg.version : "0.0.0" };
  } catch {
    return { name: "unknown", version: "0.0.0" };
  }
}

// Who the report is about: COURSE_LEARNER when set, else the account that pushed (GitHub Actions,
// GitLab CI), else unknown (a teacher's report then names the learner by the file or folder).
export function learnerName(env: NodeJS.ProcessEnv = process.env): string | null {
  for (const name of ["COURSE_LEARNER", "GITHUB_ACTOR", "GITLAB_USER_LOGIN"]) {
    const value = env[name]?.trim();
    if (value) return value;
  }
  return null;
}

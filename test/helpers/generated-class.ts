// A made-up class for `npm run class -- report`: N learners, each a progress report as
// `npm run progress -- --json` writes it, a third of them as NAME.json files and the rest as clones
// (NAME/progress.json beside a README and an exercises/ folder), plus three entries the report must
// skip (a clone with no progress.json, a file that is not JSON, one that does not match the schema).
// Seeded, so a run is the same every time, and it returns what it made (the truth) for the test to
// compare the report with. Used by test/shared/class-report.test.ts and bench/class-report.ts.

import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { listUnits } from "../../shared/cli/course-files.ts";
import { progressReport, type ExerciseProgress } from "../../shared/cli/progress-data.ts";

// The course's own exercises, so a new exercise joins the made-up class without an edit here.
export const EXERCISES = listUnits("exercises", fileURLToPath(new URL("../..", import.meta.url))).map((unit) => unit.id);
export const CORE_CHECKS = 6;
const HARD_CHECKS = 3;
const BASE = Date.parse("2026-11-02T09:00:00Z");

export const checkTitle = (exercise: string, k: number): string => `${exercise.slice(3)} > check ${k + 1} (TODO ${k + 1})`;

export interface ClassTruth {
  learners: Map<string, { done: number; stoppedBy: string | null }>; // stoppedBy: "exercise\0check", "exercise\0" when broken, null when all done
  minutes: Map<string, number[]>; // per exercise, each done learner's minutes
  skipped: string[];
}

// mulberry32: a small seeded generator, good enough to spread made-up learners.
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function generateClass(dir: string, size: number, seed = 29): ClassTruth {
  const next = random(seed);
  const pick = (n: number) => Math.floor(next() * n);
  const truth: ClassTruth = { learners: new Map(), minutes: new Map(EXERCISES.map((e) => [e, []])), skipped: [] };
  mkdirSync(dir, { recursive: true });
  for (let i = 0; i < size; i++) {
    const name = `learner-${String(i + 1).padStart(3, "0")}`;
    // Most of a class is in the first half of the course; a few have finished.
    const done = Math.min(EXERCISES.length, Math.floor(next() * next() * (EXERCISES.length + 2)));
    // The first failing check: check 1 for half the class, a slow fall after; some code does not load.
    const failAt = Math.min(CORE_CHECKS - 1, Math.floor(-Math.log(1 - next()) * 1.2));
    const broken = next() < 0.05;
    let clock = BASE + pick(7 * 24 * 60) * 60_000;
    const rows: ExerciseProgress[] = EXERCISES.map((id, index) => {
      const hints = 4;
      if (index < done) {
        const started = clock;
        const minutes = 10 + pick(170);
        clock = started + minutes * 60_000 + pick(600) * 60_000;
        truth.minutes.get(id)!.push(minutes);
        const at = new Date(started + minutes * 60_000).toISOString();
        return row(id, index, { done: true, passed: CORE_CHECKS, hintsSeen: pick(hints + 1), hints, startedAt: new Date(started).toISOString(), lastCheckedAt: at, doneAt: at });
      }
      const lastCheckedAt = new Date(clock + 30 * 60_000).toISOString();
      if (index === done) {
        const startedAt = next() < 0.8 ? new Date(clock).toISOString() : null;
        if (broken) return row(id, index, { broken: true, passed: 0, total: 0, hintsSeen: pick(hints + 1), hints, startedAt, lastCheckedAt });
        return row(id, index, { passed: failAt, failing: checkTitle(id, failAt), hintsSeen: pick(hints + 1), hints, startedAt, lastCheckedAt });
      }
      return row(id, index, { passed: 0, failing: checkTitle(id, 0), hints, lastCheckedAt });
    });
    const stoppedBy = done === EXERCISES.length ? null : `${EXERCISES[done]}\0${broken ? "" : checkTitle(EXERCISES[done]!, failAt)}`;
    truth.learners.set(name, { done, stoppedBy });
    const report = progressReport(rows, { name: "claude-tools-course", version: "0.1.0" }, i % 5 === 0 ? null : `gh-${name}`, new Date(clock + 60 * 60_000));
    const text = `${JSON.stringify(report, null, 2)}\n`;
    if (i % 3 === 0) {
      writeFileSync(path.join(dir, `${name}.json`), text);
    } else {
      mkdirSync(path.join(dir, name, "exercises", EXERCISES[0]!), { recursive: true });
      writeFileSync(path.join(dir, name, "README.md"), "# the course\n");
      writeFileSync(path.join(dir, name, "exercises", EXERCISES[0]!, "search-contacts.ts"), "export {};\n");
      writeFileSync(path.join(dir, name, "progress.json"), text);
    }
  }
  mkdirSync(path.join(dir, "zz-no-progress", "exercises"), { recursive: true });
  writeFileSync(path.join(dir, "zz-not-json.json"), "{ this is not json");
  writeFileSync(path.join(dir, "zz-old-format.json"), JSON.stringify({ schemaVersion: 0, exercises: [] }));
  writeFileSync(path.join(dir, "roster.csv"), "name\nanna\n"); // not a learner: ignored
  truth.skipped.push("zz-no-progress", "zz-not-json", "zz-old-format");
  return truth;
}

interface RowFacts {
  done?: boolean;
  broken?: boolean;
  passed: number;
  total?: number;
  failing?: string;
  hintsSeen?: number;
  hints: number;
  startedAt?: string | null;
  lastCheckedAt: string | null;
  doneAt?: string;
}

function row(id: string, index: number, facts: RowFacts): ExerciseProgress {
  return {
    id,
    number: index + 1,
    done: facts.done ?? false,
    broken: facts.broken ?? false,
    checks: { passed: facts.passed, total: facts.total ?? CORE_CHECKS },
    hardMode: { passed: facts.done ? 1 : 0, total: HARD_CHECKS },
    firstFailingCheck: facts.failing ?? null,
    hintsSeen: facts.hintsSeen ?? 0,
    hints: facts.hints,
    startedAt: facts.startedAt ?? null,
    lastCheckedAt: facts.lastCheckedAt,
    doneAt: facts.doneAt ?? null,
  };
}

// The last verdict of each exercise, kept with a fingerprint of everything its checks depend on, so
// that `npm run progress` and the start of `npm run watch` re-run only the exercises that changed
// since (checking all eleven takes several seconds; most of them have not changed).
// `npm run check` and each save in watch always run the checks; they only refresh what is kept here.
//
// The fingerprint: the exercise's own files and its test file by content, and the course's code the
// checks import (lessons/, shared/, test/helpers/, vitest.config.ts, package-lock.json) by size and
// modification time, which is what the launcher uses to decide whether to rebuild, and costs a stat.

import { createHash } from "node:crypto";
import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import type { CheckResult } from "./check-result.ts";
import { testFileFor, type CourseUnit } from "./course-files.ts";
import { writeWholeSync } from "../write-whole.ts";

const CACHE_DIR = path.join("node_modules", ".cache", "course", "verdicts");
const COURSE_CODE = ["lessons", "shared", path.join("test", "helpers"), "vitest.config.ts", "package-lock.json"];
// Bumped when what a kept verdict holds changes (2: each check says whether it is hard mode), so a
// verdict kept by an older course is never read as today's.
const VERDICT_FORMAT = 2;

export function fingerprint(exercise: CourseUnit, target: string, root = process.cwd()): string {
  // The messages are in the checks' language (test/helpers/say.ts): another language, another verdict.
  const hash = createHash("sha256").update(`verdict ${VERDICT_FORMAT}\ntarget ${target}\nlanguage ${process.env.COURSE_CHECK_LANG ?? "en"}\n`);
  const exerciseDir = path.join(root, target, exercise.id);
  for (const file of filesUnder(exerciseDir)) hash.update(`file ${path.relative(exerciseDir, file)}\n`).update(readFileSync(file));
  hash.update("\ntest\n").update(readOrEmpty(path.join(root, testFileFor(exercise))));
  for (const entry of COURSE_CODE) {
    for (const file of filesUnder(path.join(root, entry))) {
      const stat = statSync(file);
      hash.update(`\n${path.relative(root, file)} ${stat.size} ${stat.mtimeMs}`);
    }
  }
  return hash.digest("hex");
}

interface Kept {
  fingerprint: string;
  result: CheckResult;
}

export function cachedVerdict(exercise: CourseUnit, print: string, root = process.cwd()): CheckResult | undefined {
  try {
    const kept = JSON.parse(readFileSync(cacheFile(exercise, root), "utf8")) as Kept;
    return kept.fingerprint === print && Array.isArray(kept.result?.checks) ? kept.result : undefined;
  } catch {
    return undefined; // none yet, or unreadable: the checks run
  }
}

// One file per exercise, written whole (a temporary file, then a rename): two commands finishing at
// once each replace their own exercise's verdict, and a reader never sees half a file.
export function keepVerdict(exercise: CourseUnit, print: string, result: CheckResult, root = process.cwd()): void {
  const file = cacheFile(exercise, root);
  try {
    writeWholeSync(file, JSON.stringify({ fingerprint: print, result } satisfies Kept));
  } catch {
    // A cache that cannot be written only means the next progress checks this exercise again.
  }
}

function cacheFile(exercise: CourseUnit, root: string): string {
  return path.join(root, CACHE_DIR, `${exercise.id}.json`);
}

// Every file under a folder (or the file itself), in a stable order; nothing when it does not exist.
function filesUnder(entry: string): string[] {
  let stat;
  try {
    stat = statSync(entry);
  } catch {
    return [];
  }
  if (stat.isFile()) return [entry];
  if (!stat.isDirectory()) return [];
  return readdirSync(entry)
    .sort()
    .flatMap((name) => filesUnder(path.join(entry, name)));
}

function readOrEmpty(file: string): Buffer | string {
  try {
    return readFileSync(file);
  } catch {
    return "";
  }
}

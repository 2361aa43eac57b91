// The last verdict of each exercise, kept with a fingerprint of everything its checks depend on, so
// that `npm run progress`, `npm run hint` and the start of `npm run watch` re-run only the exercises
// that changed since (checking all eleven takes several seconds; most of them have not changed).
// `npm run check` and each save in watch always run the checks; they only refresh what is kept here.
//
// The fingerprint: the exercise's own files and its test file by content; by size and modification
// time (a stat, as the launcher decides whether to rebuild), the checks' shared code (test/helpers/,
// vitest.config.ts, package-lock.json) and, of lessons/ and shared/, the files the checks imported on
// their last run (vitest's module graph, kept with the verdict). A file no check imports, such as a
// lesson's permissions.json or mcp.json that a learner edits while reading the lesson, leaves every
// verdict as it is; a change to a lesson file a check does import sends that exercise's checks again.
// A verdict without that list (the test file failed to load) depends on all of lessons/ and shared/.
// A check that reads a course file at run time without importing it must import it instead (a JSON
// file with `import ... with { type: "json" }`), so that it is in the list.

import { createHash } from "node:crypto";
import { readFileSync, readdirSync, statSync, type Stats } from "node:fs";
import path from "node:path";
import type { CheckResult } from "./check-result.ts";
import { testFileFor, type CourseUnit } from "./course-files.ts";
import { courseLanguage } from "../i18n/language.ts";
import { writeWholeSync } from "../write-whole.ts";

const CACHE_DIR = path.join("node_modules", ".cache", "course", "verdicts");
// Always part of the fingerprint: what every check loads (vitest.config.ts imports test/helpers too).
const CHECKS_CODE = [path.join("test", "helpers"), "vitest.config.ts", "package-lock.json"];
// Part of it as far as the checks imported them.
const COURSE_CODE = ["lessons", "shared"];
// Bumped when what a kept verdict holds changes (2: each check says whether it is hard mode; 3: the
// files its checks imported), so a verdict kept by an older course is never read as today's.
const VERDICT_FORMAT = 3;

// What a verdict depends on, read just before its checks run: a file saved while they run makes the
// kept verdict stale, never fresh.
export interface VerdictInputs {
  own: string; // a hash of the settings, the exercise's files and its test file
  stamps: ReadonlyMap<string, string>; // path from the course folder -> "size mtime", for CHECKS_CODE and COURSE_CODE
}

// The stamps of CHECKS_CODE and COURSE_CODE: the same for every exercise, so several exercises' inputs
// read at once (progress, watch's start) share one look at the ~360 files.
export function codeStamps(root = process.cwd()): Map<string, string> {
  const stamps = new Map<string, string>();
  for (const entry of [...CHECKS_CODE, ...COURSE_CODE]) {
    for (const [file, stat] of statsUnder(path.join(root, entry))) stamps.set(path.relative(root, file), `${stat.size} ${stat.mtimeMs}`);
  }
  return stamps;
}

// `language`: the checks' messages are in the learner's language (test/helpers/say.ts; the runner passes
// courseLanguage() on to them). Another language, another verdict.
export function verdictInputs(
  exercise: CourseUnit,
  target: string,
  root = process.cwd(),
  language: string = courseLanguage(),
  stamps: ReadonlyMap<string, string> = codeStamps(root),
): VerdictInputs {
  const hash = createHash("sha256").update(`verdict ${VERDICT_FORMAT}\ntarget ${target}\nlanguage ${language}\n`);
  const exerciseDir = path.join(root, target, exercise.id);
  for (const file of filesUnder(exerciseDir)) hash.update(`file ${path.relative(exerciseDir, file)}\n`).update(readFileSync(file));
  hash.update("\ntest\n").update(readOrEmpty(path.join(root, testFileFor(exercise))));
  return { own: hash.digest("hex"), stamps };
}

// `imported`: the files of lessons/ and shared/ the checks imported (paths from the course folder);
// undefined when not known, which counts all of them.
export function fingerprint(inputs: VerdictInputs, imported?: readonly string[]): string {
  const listed = imported && new Set(imported);
  const counted = (file: string) => !listed || !isCourseCode(file) || listed.has(file);
  const hash = createHash("sha256").update(inputs.own);
  for (const [file, stamp] of inputs.stamps) if (counted(file)) hash.update(`\n${file} ${stamp}`);
  // An imported file that is gone (or new since the list was made) changes the fingerprint too.
  for (const file of [...(imported ?? [])].sort()) if (!inputs.stamps.has(file)) hash.update(`\n${file} missing`);
  return hash.digest("hex");
}

interface Kept {
  fingerprint: string;
  imported?: string[];
  result: CheckResult;
}

export function cachedVerdict(exercise: CourseUnit, inputs: VerdictInputs, root = process.cwd()): CheckResult | undefined {
  try {
    const kept = JSON.parse(readFileSync(cacheFile(exercise, root), "utf8")) as Kept;
    const imported = Array.isArray(kept.imported) && kept.imported.every((f) => typeof f === "string") ? kept.imported : undefined;
    return kept.fingerprint === fingerprint(inputs, imported) && Array.isArray(kept.result?.checks) ? kept.result : undefined;
  } catch {
    return undefined; // none yet, or unreadable: the checks run
  }
}

// One file per exercise, written whole (a temporary file, then a rename): two commands finishing at
// once each replace their own exercise's verdict, and a reader never sees half a file.
export function keepVerdict(exercise: CourseUnit, inputs: VerdictInputs, imported: readonly string[] | undefined, result: CheckResult, root = process.cwd()): void {
  const file = cacheFile(exercise, root);
  // Only what the fingerprint counts: the files of lessons/ and shared/.
  const listed = imported?.filter(isCourseCode).sort();
  try {
    writeWholeSync(file, JSON.stringify({ fingerprint: fingerprint(inputs, listed), imported: listed, result } satisfies Kept));
  } catch {
    // A cache that cannot be written only means the next progress checks this exercise again.
  }
}

function isCourseCode(file: string): boolean {
  return COURSE_CODE.some((dir) => file.startsWith(dir + path.sep));
}

function cacheFile(exercise: CourseUnit, root: string): string {
  return path.join(root, CACHE_DIR, `${exercise.id}.json`);
}

// Every file under a folder (or the file itself) with its stat, in a stable order; nothing when it
// does not exist.
function statsUnder(entry: string): Array<[string, Stats]> {
  let stat;
  try {
    stat = statSync(entry);
  } catch {
    return [];
  }
  if (stat.isFile()) return [[entry, stat]];
  if (!stat.isDirectory()) return [];
  return readdirSync(entry)
    .sort()
    .flatMap((name) => statsUnder(path.join(entry, name)));
}

function filesUnder(entry: string): string[] {
  return statsUnder(entry).map(([file]) => file);
}

function readOrEmpty(file: string): Buffer | string {
  try {
    return readFileSync(file);
  } catch {
    return "";
  }
}

// The estimated time of a lesson, computed from its files so the figures in the README's table and in
// each lesson's opening lines cannot drift from what the lesson holds. The same rule for every lesson:
//   core: the lesson's README up to "## Going deeper" and the exercise's README up to "## Hard mode",
//         read at 150 words a minute, 10 minutes to run the lesson and try a task, 3 minutes per core check;
//   hard mode: the exercise README's hard-mode section at 150 words a minute, 3 minutes per hard check.
// Each is rounded to 5 minutes. It is an estimate: nobody has timed a learner yet.

import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { hardModeSection } from "./hard-checks.ts";

export interface LessonTime {
  lesson: string; // "05-parallel-and-safe"
  core: number; // minutes
  hard: number; // minutes
}

const WORDS_PER_MINUTE = 150;
const RUN_MINUTES = 10;
const MINUTES_PER_CHECK = 3;

function words(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

function roundTo5(minutes: number): number {
  return Math.round(minutes / 5) * 5;
}

// The text before a heading line ("## Going deeper"), or all of it when there is none.
function before(text: string, heading: string): string {
  const at = text.search(new RegExp(`^${heading}\\s*$`, "m"));
  return at < 0 ? text : text.slice(0, at);
}

// Core and hard-mode checks of an exercise's test file. A check is a line that starts `it(` or `test(`
// (an `it.each` table counts once); it is hard mode when tagged { tags: "hard" } on that line or inside
// a top-level describe block tagged so (which ends at the next line that is exactly `});`).
export function countChecks(testSource: string): { core: number; hard: number } {
  let core = 0;
  let hard = 0;
  let inHardBlock = false;
  for (const line of testSource.split("\n")) {
    if (/^describe\(.*\{ tags: "hard" \}/.test(line)) inHardBlock = true;
    if (/^\s*(it|test)(\.each\([^)]*\))?\(/.test(line)) {
      if (inHardBlock || line.includes('{ tags: "hard" }')) hard++;
      else core++;
    }
    if (/^\}\);\s*$/.test(line)) inHardBlock = false;
  }
  return { core, hard };
}

export function estimateLessonTime(root: string, lesson: string): LessonTime | undefined {
  const lessonReadme = path.join(root, "lessons", lesson, "README.md");
  const exerciseReadme = path.join(root, "exercises", lesson, "README.md");
  const testFile = path.join(root, "test", `${lesson}.test.ts`);
  if (![lessonReadme, exerciseReadme, testFile].every((file) => existsSync(file))) return undefined;
  const mainPath = before(readFileSync(lessonReadme, "utf8"), "## Going deeper");
  const exercise = readFileSync(exerciseReadme, "utf8");
  const checks = countChecks(readFileSync(testFile, "utf8"));
  const coreWords = words(mainPath) + words(before(exercise, "## Hard mode"));
  return {
    lesson,
    core: roundTo5(coreWords / WORDS_PER_MINUTE + RUN_MINUTES + MINUTES_PER_CHECK * checks.core),
    hard: roundTo5(words(hardModeSection(exercise).join("\n")) / WORDS_PER_MINUTE + MINUTES_PER_CHECK * checks.hard),
  };
}

// Every lesson that has an exercise and checks, in order.
export function estimateAllLessons(root: string): LessonTime[] {
  return readdirSync(path.join(root, "lessons"))
    .filter((name) => /^\d\d-/.test(name))
    .sort()
    .flatMap((lesson) => estimateLessonTime(root, lesson) ?? []);
}

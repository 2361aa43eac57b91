// The starters as shipped: a copy of every exercise's .ts files in shared/starters/NN-slug/, as
// `<file>.starter` (so nothing compiles or imports them). `npm run reset N` puts them back; it must
// work whether or not the course is a git checkout, and after the learner has edited exercises/
// as much as they like, so it never reads the starters from exercises/ itself.
//
// Authors: after changing a starter in exercises/, run `npm run reset -- --save-starters` to record
// it here; test/shared/starters.test.ts fails until the two agree.

import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { CourseUnit } from "./course-files.ts";

const SUFFIX = ".starter";

export function startersDir(root = process.cwd()): string {
  return path.join(root, "shared", "starters");
}

// file name -> content, for one exercise as shipped.
export function shippedStarter(exercise: CourseUnit, root = process.cwd()): Map<string, string> {
  const dir = path.join(startersDir(root), exercise.id);
  const files = new Map<string, string>();
  if (!existsSync(dir)) return files;
  for (const name of readdirSync(dir).sort()) {
    if (name.endsWith(SUFFIX)) files.set(name.slice(0, -SUFFIX.length), readFileSync(path.join(dir, name), "utf8"));
  }
  return files;
}

// The learner's files that the starter has (the .ts files of the exercise).
export function currentFiles(exercise: CourseUnit, root = process.cwd()): Map<string, string> {
  const dir = path.join(root, "exercises", exercise.id);
  const files = new Map<string, string>();
  if (!existsSync(dir)) return files;
  for (const name of readdirSync(dir).sort()) {
    if (name.endsWith(".ts")) files.set(name, readFileSync(path.join(dir, name), "utf8"));
  }
  return files;
}

// Records exercises/NN-slug/*.ts as the shipped starter (an author's step, never a learner's).
export function saveStarter(exercise: CourseUnit, root = process.cwd()): void {
  const dir = path.join(startersDir(root), exercise.id);
  const temp = `${dir}.${process.pid}.tmp`;
  rmSync(temp, { recursive: true, force: true });
  mkdirSync(temp, { recursive: true });
  for (const [name, content] of currentFiles(exercise, root)) writeFileSync(path.join(temp, `${name}${SUFFIX}`), content);
  rmSync(dir, { recursive: true, force: true });
  renameSync(temp, dir);
}

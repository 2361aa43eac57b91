// Hand-written wrong answers: test/wrong-answers/NN-slug/<name>/ holds only the exercise files that
// differ from the reference solution, plus WRONG.md (the mistake, and the check that should catch it).
// `npm test` runs each exercise's checks with the solution overlaid by those files and requires at
// least one check to fail, the same way it proves the untouched starter fails.
//
// How, cheaply: for each wrong answer, a copy of solutions/NN-slug/ with the wrong files laid over it,
// and a copy of test/NN-slug.test.ts whose @exercise imports point at that copy, all in one scratch
// folder at the repo root (git-ignored, removed afterwards). The copies sit at the same depth as the
// originals, so their relative imports (../../lessons/...) need no rewriting. Then ONE vitest run with
// isolate: false loads the SDK, mathjs and the lessons once per worker, not once per wrong answer.
// Nothing is written into the learner's folders.

import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

export interface WrongAnswer {
  exercise: string; // "03-saving-files"
  name: string; // "startswith-no-separator"
  dir: string; // absolute path of its folder
  files: string[]; // the overlaid .ts files, e.g. ["save-to-file.ts"]
}

export const WRONG_ANSWERS_DIR = path.join("test", "wrong-answers");
// Scratch folders for one run each: `.wrong-answers-run-<pid>/` (git-ignored).
export const RUN_DIR_PREFIX = ".wrong-answers-run-";

export function listWrongAnswers(root = process.cwd(), only?: string[]): WrongAnswer[] {
  const base = path.join(root, WRONG_ANSWERS_DIR);
  const found: WrongAnswer[] = [];
  for (const exercise of listDirs(base)) {
    if (only && !only.includes(exercise)) continue;
    for (const name of listDirs(path.join(base, exercise))) {
      const dir = path.join(base, exercise, name);
      const files = readdirSync(dir).filter((f) => f.endsWith(".ts")).sort();
      found.push({ exercise, name, dir, files });
    }
  }
  return found;
}

function listDirs(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith("."))
    .map((entry) => entry.name)
    .sort();
}

// The copy's test file name says which wrong answer it runs: "<NN-slug>--<name>.test.ts".
export function keyOf(wrong: WrongAnswer): string {
  return `${wrong.exercise}--${wrong.name}`;
}

export function wrongAnswerOfTestFile(file: string): string {
  return path.basename(file).replace(/\.test\.ts$/, "");
}

// Writes the copies for every wrong answer into a fresh scratch folder and returns its path.
export function prepareRun(wrongs: WrongAnswer[], root = process.cwd()): string {
  const runDir = path.join(root, `${RUN_DIR_PREFIX}${process.pid}`);
  rmSync(runDir, { recursive: true, force: true });
  mkdirSync(runDir, { recursive: true });
  for (const wrong of wrongs) {
    const key = keyOf(wrong);
    const solutionCopy = path.join(runDir, key);
    cpSync(path.join(root, "solutions", wrong.exercise), solutionCopy, { recursive: true });
    for (const file of wrong.files) cpSync(path.join(wrong.dir, file), path.join(solutionCopy, file));
    const checks = readFileSync(path.join(root, "test", `${wrong.exercise}.test.ts`), "utf8");
    const pointed = checks.replaceAll(`"@exercise/${wrong.exercise}/`, `"./${key}/`);
    writeFileSync(path.join(runDir, `${key}.test.ts`), pointed);
  }
  return runDir;
}

// Hand-written wrong answers: test/wrong-answers/NN-slug/<name>/ holds only the exercise files that
// differ from the reference solution, plus WRONG.md (the mistake, and the check that should catch it).
// `npm test` runs each exercise's checks with the solution overlaid by those files and requires at
// least one check to fail, the same way it proves the untouched starter fails. Where WRONG.md names
// its checks (Caught by "title"), only those run, and one of them must fail: that proves the same,
// proves what WRONG.md says too, and skips the passing checks that would run before it (about 14 per
// wrong answer, which made up nearly half of the proofs' CPU time).
//
// How, cheaply: for each wrong answer, a copy of solutions/NN-slug/ with the wrong files laid over it,
// and a three-line test file that loads test/NN-slug.test.ts against that copy
// (answer-under-test.ts), all in one scratch folder at the repo root (git-ignored, removed
// afterwards). The copies sit at the same depth as the originals, so their relative imports
// (../../lessons/...) need no rewriting. Then ONE vitest run with isolate: false
// (wrong-answers.config.ts) loads the SDK, mathjs and the lessons once per worker, and transforms
// each exercise's checks once: its @exercise imports go through proxies (answer-proxy.ts) that
// import the files of the wrong answer under test. Nothing is written into the learner's folders.

import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";

export interface WrongAnswer {
  exercise: string; // "03-saving-files"
  name: string; // "startswith-no-separator"
  dir: string; // absolute path of its folder
  files: string[]; // the overlaid .ts files, e.g. ["save-to-file.ts"]
  // Run every check, not only up to the first failing one (a starter's failing checks are counted).
  everyCheck?: boolean;
  // The checks WRONG.md says catch it (see caughtByOf); none: every check runs, up to the first failure.
  caughtBy?: string[];
  // What the mistake is about (WRONG.md's "Level:" line, see levelOf): the lesson's idea ("core", the
  // default), which a core check must catch, or a production edge case ("hard"), which any check may.
  level?: Level;
}

export type Level = "core" | "hard";

export const WRONG_ANSWERS_DIR = path.join("test", "wrong-answers");
// Scratch folders for one run each: `.wrong-answers-run-XXXXXX/` (git-ignored).
export const RUN_DIR_PREFIX = ".wrong-answers-run-";

export function listWrongAnswers(root = process.cwd(), only?: string[]): WrongAnswer[] {
  const base = path.join(root, WRONG_ANSWERS_DIR);
  const found: WrongAnswer[] = [];
  for (const exercise of listDirs(base)) {
    if (only && !only.includes(exercise)) continue;
    for (const name of listDirs(path.join(base, exercise))) {
      const dir = path.join(base, exercise, name);
      const files = readdirSync(dir).filter((f) => f.endsWith(".ts")).sort();
      const wrongMd = path.join(dir, "WRONG.md");
      const text = existsSync(wrongMd) ? readFileSync(wrongMd, "utf8") : "";
      found.push({ exercise, name, dir, files, caughtBy: caughtByOf(text), level: levelOf(text) ?? "core" });
    }
  }
  return found;
}

// The checks a WRONG.md names: every "double-quoted" text after "Caught by", each a check's title or a
// part of one ("..." stands for words left out). Other words there ("and the property test") name
// nothing to run.
export function caughtByOf(wrongMd: string): string[] {
  const at = wrongMd.indexOf("Caught by");
  if (at < 0) return [];
  // A quote may wrap onto the next line, as Markdown text does.
  return [...wrongMd.slice(at).matchAll(/"([^"]+)"/g)].map((m) => (m[1] ?? "").replace(/\s+/g, " ").trim()).filter((quote) => quote !== "");
}

// A WRONG.md says "Level: hard" on a line of its own when the mistake is about a hard-mode requirement
// (a production edge case); "Level: core", or no such line, means the lesson's idea. Any other word
// gives undefined, and the proof says so.
export function levelOf(wrongMd: string): Level | undefined {
  const line = /^\s*Level:\s*(\S*)\s*$/im.exec(wrongMd);
  if (!line) return "core";
  const word = (line[1] ?? "").toLowerCase();
  return word === "core" || word === "hard" ? word : undefined;
}

// Whether a check's title ("describe > it") is one a WRONG.md names: it holds every part of a quote,
// in order.
export function isNamedCheck(title: string, caughtBy: string[]): boolean {
  return caughtBy.some((quote) => {
    const parts = quote.split(/\.\.\.|…/).map((p) => p.trim()).filter((p) => p !== "");
    if (parts.length === 0) return false; // "..." alone names no check
    let from = 0;
    for (const part of parts) {
      const at = title.indexOf(part, from);
      if (at < 0) return false;
      from = at + part.length;
    }
    return true;
  });
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

// Writes the copies and test files for every wrong answer into a fresh scratch folder and returns
// its path.
export function prepareRun(wrongs: WrongAnswer[], root = process.cwd()): string {
  const runDir = mkdtempSync(path.join(root, RUN_DIR_PREFIX));
  for (const wrong of wrongs) {
    const key = keyOf(wrong);
    const solutionCopy = path.join(runDir, key);
    cpSync(path.join(root, "solutions", wrong.exercise), solutionCopy, { recursive: true });
    for (const file of wrong.files) cpSync(path.join(wrong.dir, file), path.join(solutionCopy, file));
    const checks = path.join(root, "test", `${wrong.exercise}.test.ts`);
    const imported = [...readFileSync(checks, "utf8").matchAll(new RegExp(`"@exercise/${wrong.exercise}/([^"]+)"`, "g"))].map((m) => m[1]);
    const options = {
      ...(wrong.everyCheck ? { everyCheck: true } : {}),
      ...(wrong.caughtBy?.length ? { caughtBy: wrong.caughtBy } : {}),
      // A core mistake runs only the core checks: one of them must catch it (proof-checks.ts).
      ...(wrong.level === "core" && !wrong.everyCheck ? { coreOnly: true } : {}),
    };
    const lines = [
      `// Wrong answer ${wrong.exercise}/${wrong.name}: the checks of test/${wrong.exercise}.test.ts against ./${key}/.`,
      `import { checkAnswer } from "../shared/cli/answer-under-test.ts";`,
      `await checkAnswer(${JSON.stringify(solutionCopy)}, ${JSON.stringify(checks)}, ${JSON.stringify([...new Set(imported)])}${Object.keys(options).length > 0 ? `, ${JSON.stringify(options)}` : ""});`,
    ];
    writeFileSync(path.join(runDir, `${key}.test.ts`), `${lines.join("\n")}\n`);
  }
  return runDir;
}

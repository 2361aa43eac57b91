// Hand-written wrong answers: test/wrong-answers/NN-slug/<name>/ holds only the exercise files that
// differ from the reference solution, plus WRONG.md (the mistake, and the check that should catch it).
// `npm test` runs each exercise's checks with the solution overlaid by those files and requires at
// least one check to fail, the same way it proves the untouched starter fails.
//
// The overlay happens at module resolution (a Vite plugin), so nothing is copied and the learner's
// folders are never touched: `@exercise/NN-slug/file.ts` and the solution's own sibling imports
// resolve to the wrong file where one exists, to solutions/NN-slug/ otherwise. A wrong file's relative
// imports resolve as if it sat in solutions/NN-slug/, so a wrong answer is a copy of the solution's
// file with the mistake in it.

import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

export interface WrongAnswer {
  exercise: string; // "03-saving-files"
  name: string; // "startswith-no-separator"
  dir: string; // absolute path of its folder
  files: string[]; // the overlaid .ts files, e.g. ["save-to-file.ts"]
}

export const WRONG_ANSWERS_DIR = path.join("test", "wrong-answers");

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
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

// The Vite plugin that lays one wrong answer over solutions/NN-slug/.
export function overlayPlugin(wrong: WrongAnswer, root = process.cwd()): Plugin {
  const solutionDir = path.join(root, "solutions", wrong.exercise);
  const overlaid = (file: string): string => {
    const relative = path.relative(solutionDir, file);
    if (!relative.startsWith("..") && !path.isAbsolute(relative) && wrong.files.includes(relative)) {
      return path.join(wrong.dir, relative);
    }
    return file;
  };
  const alias = new RegExp(`^@exercise/${wrong.exercise}/(.+)$`);
  return {
    name: `wrong-answer:${wrong.exercise}/${wrong.name}`,
    enforce: "pre",
    resolveId(source, importer) {
      const viaAlias = source.match(alias);
      if (viaAlias) return overlaid(path.join(solutionDir, viaAlias[1] ?? ""));
      if (!importer || !source.startsWith(".")) return null;
      const importerFile = importer.split("?")[0] ?? importer;
      // A wrong file imports as if it were the solution's file; a solution file's sibling may be wrong.
      const from = path.dirname(importerFile) === wrong.dir ? solutionDir : path.dirname(importerFile);
      if (from !== solutionDir) return null;
      const target = path.resolve(from, source);
      return existsSync(target) || existsSync(overlaid(target)) ? overlaid(target) : null;
    },
  };
}

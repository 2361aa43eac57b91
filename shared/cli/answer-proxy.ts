// Part of the wrong-answer proofs (wrong-answers.ts says how they run). A vite plugin for their
// vitest run: `@exercise/NN-slug/file.ts` resolves to one small proxy module per exercise file,
// which imports file.ts from the folder of the wrong answer under test (answer-under-test.ts sets
// it before the checks load) and re-exports what the reference solution exports. So each
// exercise's checks are transformed once per run, not once per wrong answer, while every wrong
// answer still gets its own copy of the exercise files.

import { readFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";
import { exportedNames } from "./export-names.ts";

export const PROXY_PREFIX = "\0course-answer:";
// The worker-side record of the wrong answer under test (answer-under-test.ts fills it).
export const ANSWER_GLOBAL = "__courseAnswerUnderTest";

export function answerProxy(root: string): Plugin {
  return {
    name: "course-answer-proxy",
    enforce: "pre",
    resolveId(id) {
      const match = /^@exercise\/(.+)$/.exec(id);
      return match ? PROXY_PREFIX + match[1] : undefined;
    },
    load(id) {
      if (!id.startsWith(PROXY_PREFIX)) return undefined;
      const relative = id.slice(PROXY_PREFIX.length); // "03-saving-files/save-to-file.ts"
      return proxySource(relative, runtimeExports(path.join(root, "solutions", relative)));
    },
  };
}

function proxySource(relative: string, names: string[]): string {
  const file = path.posix.basename(relative);
  return `
const answer = globalThis[${JSON.stringify(ANSWER_GLOBAL)}];
if (!answer) throw new Error("@exercise/${relative} was imported with no wrong answer chosen (answer-under-test.ts chooses one)");
const module = await import(/* @vite-ignore */ answer.dir + "/${file}");
const missing = ${JSON.stringify(names)}.filter((name) => !(name in module));
if (missing.length > 0) throw new SyntaxError("${file} of this wrong answer does not export " + missing.join(", ") + ", as the solution does");
answer.bound.push({ file: "${file}", dir: answer.dir });
export const { ${names.join(", ")} } = module;
`;
}

// The names a solution file exports at run time (types and interfaces are gone by then).
export function runtimeExports(file: string): string[] {
  return exportedNames(readFileSync(file, "utf8"), "runtime");
}

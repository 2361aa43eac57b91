// Runs an exercise's checks with vitest's node API, in this process, and keeps vitest warm between
// runs: `npm run watch` re-checks on every save in a fraction of the time a new vitest process takes.
// What comes back is plain data (each check: passed or not, its message, the TODOs it names, a code
// frame), so check, watch and hint can each say it their own way.

import { readFileSync } from "node:fs";
import path from "node:path";
import type { TestSpecification, Vitest } from "vitest/node";
import { messages } from "../i18n/messages.ts";
import { codeFrame } from "./code-frame.ts";
import { testFileFor, type CourseUnit } from "./course-files.ts";
import { todosIn } from "./todos.ts";

export interface CheckOutcome {
  title: string; // "describe > it"
  passed: boolean;
  message: string; // the failure's teaching message, without stack lines
  todos: number[]; // the TODOs this check is about (from its titles, else from the message)
  frame: string; // code frame at the failure, "" when none could be read
}

export interface CheckResult {
  checks: CheckOutcome[];
  // The test file could not run at all (a syntax error, a missing export): no check ran.
  broken?: { message: string; frame: string };
}

export interface CheckRunner {
  run(exercise: CourseUnit): Promise<CheckResult>;
  // Several exercises in one vitest run (their files run side by side): what `watch` needs at start.
  runAll(exercises: CourseUnit[]): Promise<Map<string, CheckResult>>;
  // Tells vitest a file changed (it caches transformed files in memory between runs).
  changed(file: string): void;
  close(): Promise<void>;
}

export async function createCheckRunner(root = process.cwd(), target: "exercises" | "solutions" = "exercises"): Promise<CheckRunner> {
  // vitest.config.ts reads COURSE_TARGET when it loads; tests never talk to the real API.
  process.env.COURSE_TARGET = target;
  delete process.env.ANTHROPIC_API_KEY;
  const { createVitest } = await import("vitest/node");
  // One reporter that prints nothing: the course says what matters itself.
  const vitest: Vitest = await createVitest("test", { root, watch: false, reporters: [{}], silent: true }, { server: { watch: null } });
  await vitest.standalone();
  const specs = new Map<string, TestSpecification[]>();
  const specsFor = async (exercise: CourseUnit): Promise<TestSpecification[]> => {
    const file = path.join(root, testFileFor(exercise));
    let wanted = specs.get(file);
    if (!wanted) {
      wanted = (await vitest.globTestSpecifications([testFileFor(exercise)])).filter((s) => path.resolve(s.moduleId) === file);
      specs.set(file, wanted);
    }
    return wanted;
  };

  // One vitest run at a time: watch may ask for a re-check while the progress run is still going.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(job: () => Promise<T>): Promise<T> => {
    const next = queue.then(job, job);
    queue = next.catch(() => undefined);
    return next;
  };

  const runner: CheckRunner = {
    async run(exercise) {
      const result = await vitest.runTestSpecifications(await specsFor(exercise));
      // The result lists every module vitest has run in this process; keep this exercise's.
      const file = path.join(root, testFileFor(exercise));
      return toCheckResult({ ...result, testModules: result.testModules.filter((m) => path.resolve(m.moduleId) === file) }, root);
    },
    async runAll(exercises) {
      const all = (await Promise.all(exercises.map(specsFor))).flat();
      const result = await vitest.runTestSpecifications(all);
      const byExercise = new Map<string, CheckResult>();
      for (const exercise of exercises) {
        const file = path.join(root, testFileFor(exercise));
        const modules = result.testModules.filter((m) => path.resolve(m.moduleId) === file);
        byExercise.set(exercise.id, toCheckResult({ ...result, testModules: modules, unhandledErrors: [] }, root));
      }
      return byExercise;
    },
    changed(file) {
      vitest.invalidateFile(path.resolve(root, file));
    },
    close: () => serial(() => vitest.close()),
  };
  return { ...runner, run: (exercise) => serial(() => runner.run(exercise)), runAll: (exercises) => serial(() => runner.runAll(exercises)) };
}

type RunResult = Awaited<ReturnType<Vitest["runTestSpecifications"]>>;
interface ErrorLike {
  message?: string;
  stack?: string;
  stacks?: Array<{ file: string; line: number; column: number }>;
}

function toCheckResult(result: RunResult, root: string): CheckResult {
  const checks: CheckOutcome[] = [];
  let broken: CheckResult["broken"];
  for (const module of result.testModules) {
    for (const test of module.children.allTests()) {
      const state = test.result().state;
      if (state === "skipped" || state === "pending") continue;
      const error = (test.result().errors?.[0] ?? {}) as ErrorLike;
      const message = cleanMessage(error.message ?? "");
      const titleTodos = todosIn(test.fullName);
      checks.push({
        title: test.fullName,
        passed: state === "passed",
        message,
        todos: titleTodos.length > 0 ? titleTodos : todosIn(message),
        frame: state === "passed" ? "" : frameFor(error, root),
      });
    }
    const moduleErrors = module.errors() as ErrorLike[];
    if (moduleErrors.length > 0 && !broken) {
      const first = moduleErrors[0]!;
      broken = { message: cleanMessage(first.message ?? "the test file failed to load"), frame: frameFor(first, root) };
    }
  }
  for (const error of result.unhandledErrors as ErrorLike[]) {
    if (!broken) broken = { message: cleanMessage(error.message ?? String(error)), frame: frameFor(error, root) };
  }
  if (checks.length === 0 && !broken) broken = { message: messages().check.noCheckRan, frame: "" };
  return broken && checks.length === 0 ? { checks, broken } : { checks };
}

// vitest's messages can carry colour codes and long diffs; the first lines say what went wrong.
export function cleanMessage(text: string, maxLines = 6): string {
  // eslint-disable-next-line no-control-regex
  const plain = text.replace(/\u001b\[[0-9;]*m/g, "");
  const lines = plain.split("\n").filter((line) => line.trim() !== "" && !/^\s+at /.test(line));
  const kept = lines.slice(0, maxLines);
  if (lines.length > maxLines) kept.push(messages().check.moreLines(lines.length - maxLines));
  return kept.join("\n");
}

// The code frame at the first place in the course's own files (not in node_modules) the error passed.
function frameFor(error: ErrorLike, root: string): string {
  const frames = error.stacks ?? [];
  const own = frames.find((f) => {
    const file = f.file.replace(/^file:\/\//, "");
    return file.startsWith(root) && !file.includes("node_modules");
  });
  if (!own) return "";
  const file = own.file.replace(/^file:\/\//, "");
  try {
    return codeFrame(readFileSync(file, "utf8"), own.line, own.column, path.relative(root, file));
  } catch {
    return "";
  }
}

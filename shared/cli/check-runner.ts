// Runs an exercise's checks with vitest's node API, in this process, and keeps vitest warm between
// runs: `npm run watch` re-checks on every save in a fraction of the time a new vitest process takes.
// What comes back is plain data (each check: passed or not, its message, the TODOs it names, a code
// frame), so check, watch and hint can each say it their own way.

import { readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestSpecification, Vitest } from "vitest/node";
import { courseLanguage } from "../i18n/language.ts";
import { messages } from "../i18n/messages.ts";
import { isHard } from "../../test/helpers/levels.ts";
import { codeFrame } from "./code-frame.ts";
import { testFileFor, type CourseUnit } from "./course-files.ts";
import type { CheckOutcome, CheckResult } from "./check-result.ts";
import { todosIn } from "./todos.ts";
import { cachedVerdict, codeStamps, keepVerdict, verdictInputs, type VerdictInputs } from "./verdict-cache.ts";
import { recordCheck } from "./check-times.ts";
import { stackFrames, type StackFrame } from "./stack-frames.ts";

// The verdict's shape has its own file, so verdict-cache.ts can keep verdicts without importing the runner.
export type { CheckOutcome, CheckResult } from "./check-result.ts";

export interface CheckRunner {
  run(exercise: CourseUnit): Promise<CheckResult>;
  // Several exercises in one vitest run (their files run side by side): what `watch` needs at start.
  // An exercise unchanged since its last run gets that run's verdict, marked fromCache.
  runAll(exercises: CourseUnit[]): Promise<Map<string, CheckResult>>;
  // Tells vitest a file changed (it caches transformed files in memory between runs).
  changed(file: string): void;
  close(): Promise<void>;
}

// The environment the learner's checks run in: vitest.config.ts reads COURSE_TARGET when it loads;
// tests never talk to the real API.
export function useCheckEnvironment(target: "exercises" | "solutions"): void {
  process.env.COURSE_TARGET = target;
  delete process.env.ANTHROPIC_API_KEY;
  // The checks' messages in the learner's language (test/helpers/say.ts): vitest.config.ts pins
  // COURSE_LANG=en for the course's catalogue, so the checks read their own variable.
  process.env.COURSE_CHECK_LANG = courseLanguage();
}

// vitest, started in this process as the runner uses it (npm run bench times this start on its own).
export async function startVitest(root: string): Promise<Vitest> {
  const { createVitest } = await import("vitest/node");
  // As many test files at once as there are cores: vitest's own default leaves one core idle, which
  // on a 2-core laptop means progress and watch's start check the exercises one after another.
  const maxWorkers = os.availableParallelism();
  // vitest compiles each test file and every course file it imports (about 75 for exercise 01) on
  // every start: about a CPU-second of a one-off check. Kept on disk between runs, keyed by each
  // file's content, its path and the configuration (vitest.config.ts and the files it imports, so
  // COURSE_TARGET's folder too), a check compiles only what changed since. vitest's own option
  // (experimental in 4.x, on by default from 5.0); cleared by vitest when package-lock.json changes.
  const fsModuleCachePath = path.join(root, "node_modules", ".cache", "course", "vitest-modules");
  // One reporter that prints nothing: the course says what matters itself.
  const vitest = await createVitest(
    "test",
    // check-stacks.ts hands vitest each failed check's stack frames ready-read (it would open a file per frame).
    { root, watch: false, reporters: [{}], silent: true, maxWorkers, setupFiles: [path.join(root, "shared", "cli", "check-stacks.ts")], experimental: { fsModuleCache: true, fsModuleCachePath } },
    { server: { watch: null } },
  );
  await vitest.standalone();
  return vitest;
}

export async function createCheckRunner(root = process.cwd(), target: "exercises" | "solutions" = "exercises"): Promise<CheckRunner> {
  useCheckEnvironment(target);
  // vitest starts on the first run that needs it, not before: when every verdict comes from the cache
  // (progress on an unchanged course) it never starts, which saves about half a second.
  let started: Promise<Vitest> | undefined;
  const vitestNow = (): Promise<Vitest> => (started ??= startVitest(root));
  const specs = new Map<string, TestSpecification[]>();
  const specsFor = async (exercise: CourseUnit): Promise<TestSpecification[]> => {
    const file = path.join(root, testFileFor(exercise));
    let wanted = specs.get(file);
    if (!wanted) {
      wanted = (await (await vitestNow()).globTestSpecifications([testFileFor(exercise)])).filter((s) => path.resolve(s.moduleId) === file);
      specs.set(file, wanted);
    }
    return wanted;
  };

  // The folder of the code under test: the learner's (or the solution's), where frames should point.
  const learnerDir = (exercise: CourseUnit): string => path.join(root, target, exercise.id);

  let closing = false;
  // A verdict is kept for the next progress; a check of the learner's own code is also timed
  // (check-times.ts: when they started, last checked, and were done), for progress --json.
  // With the verdict go the course files its checks imported (vitest's module graph): the verdict
  // depends on those (verdict-cache.ts), not on every file of lessons/ and shared/.
  const keep = (vitest: Vitest, exercise: CourseUnit, inputs: VerdictInputs, verdict: CheckResult): void => {
    const imported = verdict.broken ? undefined : importedFiles(vitest, path.join(root, testFileFor(exercise)), root);
    keepVerdict(exercise, inputs, imported, verdict, root);
    if (target === "exercises") recordCheck(exercise, verdict, root);
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
      const inputs = verdictInputs(exercise, target, root);
      const vitest = await vitestNow();
      const result = await vitest.runTestSpecifications(await specsFor(exercise));
      // The result lists every module vitest has run in this process; keep this exercise's.
      const file = path.join(root, testFileFor(exercise));
      const verdict = toCheckResult({ ...result, testModules: result.testModules.filter((m) => path.resolve(m.moduleId) === file) }, root, learnerDir(exercise));
      if (!closing) keep(vitest, exercise, inputs, verdict);
      return verdict;
    },
    async runAll(exercises) {
      const stamps = codeStamps(root);
      const inputs = new Map(exercises.map((e) => [e.id, verdictInputs(e, target, root, undefined, stamps)]));
      const kept = new Map<string, CheckResult>();
      for (const exercise of exercises) {
        const verdict = cachedVerdict(exercise, inputs.get(exercise.id)!, root);
        if (verdict) kept.set(exercise.id, { ...verdict, fromCache: true });
      }
      const toRun = exercises.filter((e) => !kept.has(e.id));
      const vitest = toRun.length > 0 ? await vitestNow() : undefined;
      const result = vitest ? await vitest.runTestSpecifications((await Promise.all(toRun.map(specsFor))).flat()) : undefined;
      const byExercise = new Map<string, CheckResult>();
      for (const exercise of exercises) {
        const fromCache = kept.get(exercise.id);
        if (fromCache || !result || !vitest) {
          if (fromCache) byExercise.set(exercise.id, fromCache);
          continue;
        }
        const file = path.join(root, testFileFor(exercise));
        const modules = result.testModules.filter((m) => path.resolve(m.moduleId) === file);
        const verdict = toCheckResult({ ...result, testModules: modules, unhandledErrors: [] }, root, learnerDir(exercise));
        if (!closing) keep(vitest, exercise, inputs.get(exercise.id)!, verdict);
        byExercise.set(exercise.id, verdict);
      }
      return byExercise;
    },
    changed(file) {
      // Before vitest has started it holds nothing to forget.
      void started?.then((vitest) => vitest.invalidateFile(path.resolve(root, file)));
    },
    // Quitting watch must not wait for the progress run behind the screen: cancel what runs, and keep
    // no verdict from a cancelled run (its unfinished checks would count as failed).
    async close() {
      closing = true;
      if (!started) return;
      const vitest = await started;
      await vitest.cancelCurrentRun("keyboard-input");
      return serial(() => vitest.close());
    },
  };
  return { ...runner, run: (exercise) => serial(() => runner.run(exercise)), runAll: (exercises) => serial(() => runner.runAll(exercises)) };
}

// The files a test file imported, directly or through others, as vitest's module graph holds them
// after a run (paths from the course folder; packages left out: package-lock.json stands for them).
// undefined when vitest does not know the file.
export function importedFiles(vitest: Vitest, testFile: string, root: string): string[] | undefined {
  for (const project of vitest.projects) {
    for (const environment of Object.values(project.vite.environments)) {
      const start = environment.moduleGraph.getModuleById(testFile);
      if (!start) continue;
      const seen = new Set<string>();
      const todo = [start];
      for (let module = todo.pop(); module; module = todo.pop()) {
        if (!module.file || seen.has(module.file)) continue;
        seen.add(module.file);
        todo.push(...module.importedModules);
      }
      return [...seen].map((file) => path.relative(root, file)).filter((file) => !file.startsWith("..") && !file.split(path.sep).includes("node_modules"));
    }
  }
  return undefined;
}

type RunResult = Awaited<ReturnType<Vitest["runTestSpecifications"]>>;
interface ErrorLike {
  message?: string;
  stack?: string;
  stacks?: StackFrame[];
  cause?: unknown;
}

function toCheckResult(result: RunResult, root: string, learner: string): CheckResult {
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
        hard: isHard(test.tags),
        message: hookTimeout(message),
        todos: titleTodos.length > 0 ? titleTodos : todosIn(message),
        frame: state === "passed" ? "" : frameFor(error, root, learner),
      });
    }
    const moduleErrors = module.errors() as ErrorLike[];
    if (moduleErrors.length > 0 && !broken) {
      const first = moduleErrors[0]!;
      broken = { message: hookTimeout(cleanMessage(first.message ?? "the test file failed to load")), frame: frameFor(first, root, learner) };
    }
  }
  for (const error of result.unhandledErrors as ErrorLike[]) {
    if (!broken) broken = { message: cleanMessage(error.message ?? String(error)), frame: frameFor(error, root, learner) };
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

// vitest's words for a setup or clean-up step that waited too long say nothing a learner can act on.
// A check's own hooks say which of your calls never settled (test/09's rig, say); this is for the rest.
export function hookTimeout(message: string): string {
  const timedOut = /Hook timed out in (\d+)ms/.exec(message);
  return timedOut ? `${messages().check.hookTimedOut(Number(timedOut[1]))}\n${message}` : message;
}

// Where to show the code: the line of the learner's code the failure came from when it came from
// there, else the line of the check.
//   1. a frame of the error in the learner's folder (their code threw, and the check let it through);
//   2. a frame of its cause there (a check caught the learner's error and said what it means, with
//      the original attached as `cause`: test/helpers/fail-with.ts);
//   3. the learner's line that holds the text of the message ("not implemented yet: ...": a check
//      that caught the starter's error and passed its words on);
//   4. the first frame in the course's own files (the check's assertion).
export function frameFor(error: ErrorLike, root: string, learner: string): string {
  const inCourse = (frame: StackFrame) => frame.file.startsWith(root) && !frame.file.includes("node_modules");
  const inLearner = (frame: StackFrame) => frame.file.startsWith(learner + path.sep);
  const frames = (error.stacks ?? []).map((f) => ({ ...f, file: f.file.replace(/^file:\/\//, "") }));
  const own = frames.find(inLearner) ?? framesOfCause(error.cause).find(inLearner) ?? lineWithMessage(learner, error.message ?? "") ?? frames.find(inCourse);
  if (!own) return "";
  try {
    return codeFrame(readFileSync(own.file, "utf8"), own.line, own.column, path.relative(root, own.file));
  } catch {
    return "";
  }
}

// The frames of an error's cause (and its cause's), read from its stack text: vitest parses only the
// error's own stack.
function framesOfCause(cause: unknown, depth = 0): StackFrame[] {
  if (!cause || typeof cause !== "object" || depth > 3) return [];
  return [...stackFrames((cause as ErrorLike).stack ?? ""), ...framesOfCause((cause as ErrorLike).cause, depth + 1)];
}

// "not implemented yet: ..." is the starter's own sentence: the line of the learner's files that holds
// its opening words is where it was thrown.
const STARTER_ERROR = "not implemented yet";
function lineWithMessage(learner: string, message: string): StackFrame | undefined {
  const at = message.indexOf(STARTER_ERROR);
  if (at < 0) return undefined;
  // The words up to the first interpolated value: the source has `${...}` where the message has a value.
  const words = message.slice(at, at + 60).split("\n")[0]!.replace(/\s*\(.*$/, "").slice(0, 40);
  let names: string[];
  try {
    names = readdirSync(learner).filter((name) => name.endsWith(".ts")).sort();
  } catch {
    return undefined;
  }
  for (const name of names) {
    const file = path.join(learner, name);
    const lines = readFileSync(file, "utf8").split("\n");
    const index = lines.findIndex((line) => line.includes(words));
    if (index >= 0) return { file, line: index + 1, column: lines[index]!.indexOf(words) + 1 };
  }
  return undefined;
}

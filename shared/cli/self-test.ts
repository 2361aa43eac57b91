// npm test: the whole course tests itself, as CI does.
//   1. type-check everything (lessons, exercises, solutions, shared, tests);
//   2. run every test against solutions/ (all must pass);
//   3. prove every exercise can fail: run its tests on its starter as shipped (shared/starters/; at least
//      one test must fail; a starter that passes its own checks teaches nothing), and check that the
//      exercise and its solution have the same files and exports; and every hand-written wrong answer
//      in test/wrong-answers/ fails at least one check of its exercise (see wrong-answer-proofs.ts), and
//      every hint marked "Replaces:" passes the checks it names (hint-answers.ts);
//   4. run every lesson's agent offline on its sample task, with no terminal (must exit 0), in a
//      temporary copy of the course, so the learner's workspace/ is never touched. They run in Russian
//      (COURSE_LANG=ru, so each runs its first Russian sample task), and no line they print may be
//      English prose (latin-prose.ts has the rule); the lessons' own tests read them in English.
// It ends with one line, "N passed, N failed", counting each of those checks.
// Steps 1, 3 (its proofs, one vitest run) and 4 print nothing while they run, so they start with step 2
// and run beside it: much of step 2's time is spent waiting on child processes, not computing, and its
// last files leave a core idle.

import { spawn } from "node:child_process";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import chalk from "chalk";
import { cpuOfEndedChild } from "./child-cpu.ts";
import { copyCourse } from "./course-copy.ts";
import { listUnits, testFileFor, type CourseUnit } from "./course-files.ts";
import { exportedNames } from "./export-names.ts";
import { BILINGUAL_CHECKS } from "../../test/helpers/say.ts";
import { authoredPart, describeFindings, findLatinProse } from "./latin-prose.ts";
import { shippedStarter } from "./starters.ts";
import { runVitest, workers } from "./vitest-run.ts";
import { MIN_WRONG_ANSWERS, runProofs } from "./wrong-answer-proofs.ts";

interface Tally {
  passed: number;
  failed: string[];
}

function record(tally: Tally, ok: boolean, what: string): void {
  if (ok) tally.passed += 1;
  else tally.failed.push(what);
  console.log(`${ok ? chalk.green("✔") : chalk.red("✘")} ${what}`);
}

// cpu: the CPU-seconds the process used, with its own children (child-cpu.ts), where the system says.
function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env, cwd?: string): Promise<{ code: number; output: string; cpu?: number }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { env, cwd, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    let cpu: number | undefined;
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("exit", () => (cpu = cpuOfEndedChild()));
    child.on("close", (code) => resolve({ code: code ?? 1, output, cpu }));
  });
}

export async function selfTestCommand(): Promise<number> {
  const tally: Tally = { passed: 0, failed: [] };
  const exercises = listUnits("exercises");
  const lessons = listUnits("lessons");

  // tsc (TypeScript 7, the native compiler) needs about 2 s; it runs while step 2's workers wait on
  // child processes, and its verdict is printed after step 2. --singleThreaded: its parallel checkers
  // would finish no sooner on cores that step 2 keeps busy, and cost a third more CPU.
  console.log(chalk.bold("\n1. Type-check (runs alongside step 2; its verdict comes after it)"));
  let step = performance.now();
  // --incremental keeps what tsc learned in node_modules/.cache: a second npm test type-checks in
  // half the time. A fresh clone (CI) has no cache and checks everything.
  const tsBuildInfo = path.join("node_modules", ".cache", "course", "tsbuildinfo");
  const typeCheck = run(process.execPath, [path.join("node_modules", "typescript", "bin", "tsc"), "--noEmit", "-p", ".", "--incremental", "--tsBuildInfoFile", tsBuildInfo, "--singleThreaded"]);
  // Step 3's proofs (the starters as shipped and the wrong answers, in one vitest run) are quiet and
  // independent of step 2: they start now too, and fill the time step 2's workers spend waiting on
  // child processes. Their lines come in step 3. The starters come from shared/starters/, never from
  // exercises/: a learner who has solved exercises can run npm test too, and it still proves what ships.
  // Their checks speak Russian (COURSE_CHECK_LANG=ru), so the messages of the exercises whose checks
  // are bilingual (test/helpers/say.ts) can be read for English prose below.
  const proofRun = runProofs({ starters: exercises, checkLang: "ru" });
  // So are the lesson runs (step 4), one after another in a copy of the course.
  const lessonRuns = runLessons(lessons);

  console.log(chalk.bold("\n2. Every test against solutions/"));
  const solved = await runVitest([], { target: "solutions", workers: workers() });
  const solvedCpu = cpuOfEndedChild();
  for (const test of solved.tests) if (!test.passed) tally.failed.push(`${test.file} > ${test.title}`);
  tally.passed += solved.tests.filter((t) => t.passed).length;
  for (const broken of solved.brokenFiles) record(tally, false, `${broken.file} failed to load: ${broken.message}`);
  if (solved.exitCode !== 0 && solved.tests.every((t) => t.passed) && solved.brokenFiles.length === 0) {
    record(tally, false, `vitest exited with code ${solved.exitCode} (see its output above)`);
  }
  const tsc = await typeCheck;
  if (tsc.code !== 0) console.log(tsc.output);
  record(tally, tsc.code === 0, "tsc --noEmit: lessons, exercises, solutions, shared and tests type-check");
  step = took("Steps 1 and 2", step);
  printSlowest(solved.fileSeconds);

  console.log(chalk.bold("\n3. Every exercise fails as shipped and on its wrong answers, and mirrors its solution"));
  const { starters, wrongAnswers: proofs, hints, failures, cpuSeconds: proofsCpu } = await proofRun;
  for (const exercise of exercises) {
    const file = testFileFor(exercise);
    const starter = starters.find((s) => s.exercise === exercise.id);
    // A core check must fail: a starter that passes its core checks would be "done" untouched.
    const failingCore = starter?.failingCore ?? 0;
    const hard = (starter?.checks ?? 0) - (starter?.coreChecks ?? 0);
    record(
      tally,
      existsSync(file) && failingCore > 0,
      !existsSync(file)
        ? `exercise ${exercise.id}: has no ${file}`
        : starter?.loadError
          ? `exercise ${exercise.id}: its checks failed to load on the untouched starter: ${starter.loadError}`
          : `exercise ${exercise.id}: ${failingCore} of ${starter?.coreChecks ?? 0} core checks fail on the untouched starter` +
            (hard > 0 ? ` (and ${(starter?.failing ?? 0) - failingCore} of ${hard} hard-mode ones)` : ""),
    );
    const mismatch = mirrorProblem(exercise);
    record(tally, mismatch === null, `exercise ${exercise.id}: ${mismatch ?? "same files and exports as its solution"}`);
  }
  for (const proof of proofs) {
    record(tally, proof.ok, proof.line);
    if (proof.firstFailure) console.log(chalk.dim(`    ${proof.firstFailure.slice(0, 150)}`));
  }
  // Hints that hand over a whole function pass the checks they are for (shared/cli/hint-answers.ts).
  for (const proof of hints) record(tally, proof.ok, proof.line);
  for (const exercise of exercises) {
    const count = proofs.filter((p) => p.wrong.exercise === exercise.id).length;
    // Every exercise keeps its plausible mistakes as test data: one without enough fails, like one whose
    // checks pass on the starter.
    record(tally, count >= MIN_WRONG_ANSWERS, `exercise ${exercise.id}: ${count} hand-written wrong answers (at least ${MIN_WRONG_ANSWERS})`);
  }

  // Under COURSE_LANG=ru a learner reads these checks' messages in Russian: every message a starter or a
  // wrong answer got, with code, names and vitest's own comparison left out (latin-prose.ts).
  for (const id of BILINGUAL_CHECKS) {
    const said = failures.filter((f) => f.exercise === id);
    const english = said.flatMap((f) => findLatinProse(authoredPart(f.message)).map((found) => ({ ...found, where: `${f.answer} > ${f.title}` })));
    for (const found of english.slice(0, 5)) console.log(chalk.dim(`    ${found.where}: ${found.text.trim()}   [${found.words.join(" ")}]`));
    record(
      tally,
      said.length > 0 && english.length === 0,
      `exercise ${id}: ${said.length} failure messages of its starter and wrong answers in Russian, ${english.length === 0 ? "no English prose" : `${english.length} line(s) of English prose`}`,
    );
  }

  step = took("Step 3", step);

  console.log(chalk.bold("\n4. Every lesson runs offline on its sample task, with no terminal, in Russian, and prints no English prose (in a temporary copy)"));
  for (const ran of await lessonRuns) {
    // Exit 0 is not enough: a tool that throws a programming error (a wrong argument type, say)
    // becomes an is_error result, the model apologises, and the run still ends well.
    const bug = PROGRAMMING_ERROR.exec(ran.output)?.[0];
    if (ran.code !== 0 || bug) console.log(ran.output);
    record(
      tally,
      ran.code === 0 && !bug,
      `npm run lesson ${ran.lesson.number} -- --offline exits ${ran.code}${bug ? `, but its output shows a programming error: ${bug}` : ""} (${ran.seconds} s)`,
    );
    const english = findLatinProse(ran.output);
    if (english.length > 0) console.log(describeFindings(english));
    record(tally, english.length === 0, `npm run lesson ${ran.lesson.number} under COURSE_LANG=ru: ${english.length === 0 ? "no line of English prose" : `${english.length} line(s) of English prose (above)`}`);
  }

  took("Step 4", step);
  const lessonResults = await lessonRuns;
  printCpu([
    ["step 2: vitest, with the processes its tests start", solvedCpu],
    ["step 3: the proofs' vitest run", proofsCpu],
    ["step 1: tsc", tsc.cpu],
    [`step 4: ${lessonResults.length} lesson runs`, sum(lessonResults.map((r) => r.cpu))],
  ]);

  if (tally.failed.length > 0) {
    console.log(chalk.red(`\nFailed:\n${tally.failed.map((f) => `  - ${f}`).join("\n")}`));
  }
  console.log(`\n${tally.passed} passed, ${tally.failed.length} failed`);
  return tally.failed.length === 0 ? 0 : 1;
}

// What a bug in the course's own code looks like when a tool reports it: Node's error codes and the
// errors of calling something wrongly. A lesson's sample output never contains these on purpose.
const PROGRAMMING_ERROR = /\bERR_[A-Z_]{3,}\b|\b(?:TypeError|ReferenceError|SyntaxError|RangeError)\b|is not a function|Cannot read properties of/;

// Runs every lesson's sample task offline, one after another, as `npm run lesson N -- --offline` does,
// in Russian.
// Lessons write to workspace/ (files, memory): in the learner's own folder that would spoil the
// first-run output lessons 03 and 06 promise. A copy of the course takes the writes instead.
async function runLessons(lessons: CourseUnit[]): Promise<Array<{ lesson: CourseUnit; code: number; output: string; seconds: string; cpu?: number }>> {
  const env: NodeJS.ProcessEnv = { ...process.env, CI: "true", FORCE_COLOR: "0", COURSE_LANG: "ru" };
  delete env.ANTHROPIC_API_KEY;
  delete env.ANTHROPIC_BASE_URL;
  // Offline runs open no TLS connection; where this is set, reading the extra CA file costs every node
  // start about 50 ms.
  delete env.NODE_EXTRA_CA_CERTS;
  const copy = copyCourse(process.cwd(), "course-lessons-");
  const runs = [];
  try {
    for (const lesson of lessons) {
      const started = performance.now();
      const result = await run(process.execPath, [path.join("shared", "cli", "launch.mjs"), "lesson", lesson.id, "--offline"], env, copy.root);
      runs.push({ lesson, ...result, seconds: ((performance.now() - started) / 1000).toFixed(2) });
    }
  } finally {
    copy.remove();
  }
  return runs;
}

// The five test files that took longest in step 2 (they run side by side, so their times overlap):
// where to look first when npm test grows slow. `npm run bench -- test` reads these lines.
function printSlowest(files: Array<{ file: string; seconds: number }>): void {
  const slowest = [...files].sort((a, b) => b.seconds - a.seconds).slice(0, 5);
  for (const { file, seconds } of slowest) console.log(chalk.dim(`  slowest: ${seconds.toFixed(1)} s ${file}`));
}

function sum(values: Array<number | undefined>): number | undefined {
  return values.some((v) => v === undefined) ? undefined : values.reduce<number>((a, b) => a + (b ?? 0), 0);
}

// What npm test is made of in CPU-seconds (child-cpu.ts), one line per part, then the total and the
// least wall time it allows on this machine's cores. `npm run bench -- test` reads these lines.
// Nothing is printed where the system does not report children's CPU time.
function printCpu(parts: Array<[string, number | undefined]>): void {
  if (parts.some(([, cpu]) => cpu === undefined)) return;
  const own = process.cpuUsage();
  const all: Array<[string, number]> = [...(parts as Array<[string, number]>), ["npm test's own process (course copy, mirror checks, reading reports)", (own.user + own.system) / 1e6]];
  const total = all.reduce((a, [, cpu]) => a + cpu, 0);
  const cores = os.availableParallelism();
  for (const [what, cpu] of all) console.log(chalk.dim(`  cpu: ${cpu.toFixed(1)} CPU-s ${what}`));
  console.log(chalk.dim(`  cpu: ${total.toFixed(1)} CPU-s in all; on ${cores} cores no order of the steps takes less than ${(total / cores).toFixed(1)} s`));
}

// Prints how long a step took (the figure issue reports and the bench quote), and returns now.
function took(what: string, since: number): number {
  const now = performance.now();
  console.log(chalk.dim(`${what} took ${((now - since) / 1000).toFixed(1)} s`));
  return now;
}

// Exercises as shipped mirror solutions: the same .ts files, each with the same exported names.
function mirrorProblem(exercise: CourseUnit): string | null {
  const starter = shippedStarter(exercise);
  const solutionDir = path.join("solutions", exercise.id);
  if (!existsSync(solutionDir)) return `has no solutions/${exercise.id}`;
  const ours = [...starter.keys()].filter((f) => f.endsWith(".ts")).sort();
  const theirs = readdirSync(solutionDir).filter((f) => f.endsWith(".ts")).sort();
  if (ours.join() !== theirs.join()) return `files differ: exercises has [${ours.join(", ")}], solutions has [${theirs.join(", ")}]`;
  for (const file of ours) {
    const a = exportedNames(starter.get(file) ?? "", "all");
    const b = exportedNames(readFileSync(path.join(solutionDir, file), "utf8"), "all");
    if (a.join() !== b.join()) return `${file} exports differ: [${a.join(", ")}] vs [${b.join(", ")}]`;
  }
  return null;
}

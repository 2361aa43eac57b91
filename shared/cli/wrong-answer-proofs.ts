// npm test, step 3: every hand-written wrong answer fails at least one check of its exercise, and
// (runProofs) every starter as shipped fails its checks, and every hint marked "Replaces:" passes the
// checks it names (hint-answers.ts). One vitest run for all of them (wrong-answers.ts says how).

import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { cpuOfEndedChild } from "./child-cpu.ts";
import type { CourseUnit } from "./course-files.ts";
import { hintAnswers, lessonWordsAnswers, type HintAnswer } from "./hint-answers.ts";
import type { ProjectReport } from "./project-reporter.ts";
import { shippedStarter } from "./starters.ts";
import { isNamedCheck, keyOf, listWrongAnswers, prepareRun, WRONG_ANSWERS_DIR, type WrongAnswer } from "./wrong-answers.ts";

// Each exercise keeps at least this many plausible mistakes that its checks must reject.
export const MIN_WRONG_ANSWERS = 5;

export interface WrongAnswerProof {
  wrong: WrongAnswer;
  ok: boolean;
  line: string; // "wrong answer 03/startswith-no-separator: check 4 of 20 fails"
  firstFailure?: string; // the message of the first failing check, to show it names the mistake
}

// An exercise's checks run against its starter as shipped (shared/starters/), every one of them.
export interface StarterRun {
  exercise: string;
  checks: number;
  failing: number;
  // Of those, the core ones (test/helpers/levels.ts): a starter must fail at least one core check, or
  // a learner would be "done" before writing anything.
  coreChecks: number;
  failingCore: number;
  loadError?: string; // the checks failed to load, so none ran
}

export interface ProofRun {
  wrongAnswers: WrongAnswerProof[];
  starters: StarterRun[];
  // Every hint marked "Replaces:" and every lesson function in LESSON_WORDS (hint-answers.ts), spliced
  // into its solution: the checks it names must pass.
  hints: WrongAnswerProof[];
  // What each failing check of a starter or a wrong answer said, in the run's checkLang: npm test reads
  // the Russian ones of the exercises whose checks speak Russian (test/helpers/say.ts).
  failures: Array<{ exercise: string; answer: string; title: string; message: string }>;
  // The CPU-seconds of the run's vitest process (child-cpu.ts), where the system says.
  cpuSeconds?: number;
}

// Correct variants of these exercises (their reference solutions, each file with a comment added) run
// beside the wrong answers, in the same vitest run and module graphs: each must pass every check. One
// that fails was judged against another answer's files, and then no verdict of the run can be trusted.
// Their checks are quick, and exercise 10 has four files, so all its proxies are tried.
export const CONTROL_EXERCISES = ["01-first-tool", "10-edit-tool"];
// Names no folder of test/wrong-answers/ has (those are kebab-case), so their copies never collide.
const CONTROL_NAME = "(correct-variant)";
const STARTER_NAME = "(starter)";

// `only`: exercise ids ("03-saving-files"); none or empty means every exercise.
export async function proveWrongAnswers(only?: string[]): Promise<WrongAnswerProof[]> {
  return (await runProofs({ only })).wrongAnswers;
}

// The wrong answers of `only` (or of every exercise), and the starters of `starters`, in one run: a
// vitest start, and the modules they share loaded once, instead of one run for each kind.
// checkLang: the language of the checks' messages (COURSE_CHECK_LANG); English unless asked.
export async function runProofs(options: { only?: string[]; starters?: CourseUnit[]; checkLang?: "en" | "ru" }): Promise<ProofRun> {
  const only = options.only?.length ? options.only : undefined;
  const all = listWrongAnswers(process.cwd(), only);
  const runnable = all.filter((wrong) => problemOf(wrong) === undefined);
  const scratch = mkdtempSync(path.join(os.tmpdir(), "course-proofs-"));
  const controls = CONTROL_EXERCISES.filter((id) => runnable.some((w) => w.exercise === id)).map((id) => correctVariant(id, scratch));
  const starters = (options.starters ?? []).map((exercise) => starterAsShipped(exercise, scratch));
  // Hints marked "Replaces:", and the lessons' own versions of exercise functions: both must pass.
  const whole = hintAnswers(scratch, only);
  const lessons = lessonWordsAnswers(scratch, only);
  const hints = { answers: [...whole.answers, ...lessons.answers], problems: [...whole.problems, ...lessons.problems] };
  const answers = [...runnable, ...controls, ...starters, ...hints.answers];
  const runDir = prepareRun(answers);
  try {
    const { report, cpuSeconds } = answers.length > 0 ? await runProjects(runDir, options.checkLang ?? "en") : { report: undefined, cpuSeconds: undefined };
    const proofs = all.map((wrong) => judge(wrong, report));
    // A control that passes says nothing new; one that fails is the run's one failing line.
    const failedControls = controls.map((control) => judgeControl(control, report)).filter((p) => !p.ok);
    // A hint that could not be spliced has no answer to point at: its line says why.
    const unspliced = hints.problems.map((line): WrongAnswerProof => ({ wrong: { exercise: "", name: "", dir: "", files: [] }, ok: false, line }));
    const hintProofs = [...hints.answers.map((hint) => judgeHint(hint, report)), ...unspliced];
    const failures = [...runnable, ...starters].flatMap((answer) =>
      resultsOf(answer, report)
        .tests.filter((t) => t.ran && !t.passed)
        .map((t) => ({ exercise: answer.exercise, answer: answer.name, title: t.title, message: t.message })),
    );
    return { wrongAnswers: [...proofs, ...failedControls], starters: starters.map((starter) => countStarter(starter, report)), hints: hintProofs, failures, cpuSeconds };
  } finally {
    rmSync(runDir, { recursive: true, force: true });
    rmSync(scratch, { recursive: true, force: true });
  }
}

function correctVariant(exercise: string, parent: string): WrongAnswer {
  const solution = path.join("solutions", exercise);
  const dir = path.join(parent, `${exercise}-correct-variant`);
  mkdirSync(dir);
  const files = readdirSync(solution).filter((f) => f.endsWith(".ts")).sort();
  for (const file of files) {
    const text = readFileSync(path.join(solution, file), "utf8");
    writeFileSync(path.join(dir, file), `// A correct variant: the reference solution, run beside the wrong answers.\n${text}`);
  }
  return { exercise, name: CONTROL_NAME, dir, files };
}

// The starter's files replace all of the solution's (an exercise mirrors its solution file by file).
function starterAsShipped(exercise: CourseUnit, parent: string): WrongAnswer {
  const dir = path.join(parent, `${exercise.id}-starter`);
  mkdirSync(dir);
  const starter = shippedStarter(exercise);
  for (const [name, text] of starter) writeFileSync(path.join(dir, name), text);
  return { exercise: exercise.id, name: STARTER_NAME, dir, files: [...starter.keys()].sort(), everyCheck: true };
}

// What the run reported for one answer's test file: whether it failed to load, and its checks.
function resultsOf(answer: WrongAnswer, report: ProjectReport | undefined) {
  const project = keyOf(answer);
  return { broken: report?.brokenFiles.find((b) => b.project === project), tests: report?.tests.filter((t) => t.project === project) ?? [] };
}

function countStarter(starter: WrongAnswer, report: ProjectReport | undefined): StarterRun {
  const { broken, tests } = resultsOf(starter, report);
  const loadError = !report ? "vitest wrote no report" : broken ? broken.message.split("\n")[0] : undefined;
  const core = tests.filter((t) => !t.hard);
  return {
    exercise: starter.exercise,
    checks: tests.length,
    failing: tests.filter((t) => !t.passed).length,
    coreChecks: core.length,
    failingCore: core.filter((t) => !t.passed).length,
    ...(loadError ? { loadError } : {}),
  };
}

function judgeControl(control: WrongAnswer, report: ProjectReport | undefined): WrongAnswerProof {
  const label = `correct variant ${control.exercise.slice(0, 2)} (the solution, run beside the wrong answers)`;
  const { broken, tests } = resultsOf(control, report);
  const first = tests.findIndex((t) => !t.passed);
  const ok = report !== undefined && !broken && tests.length > 0 && first === -1;
  const why = broken
    ? `its checks failed to load: ${broken.message.split("\n")[0]}`
    : tests.length === 0
      ? "none of its checks ran"
      : `check ${first + 1} of ${tests.length} fails: ${tests[first]?.title}: ${tests[first]?.message.split("\n")[0]}`;
  const line = ok
    ? `${label}: all ${tests.length} checks pass`
    : `${label}: ${why}. A correct answer must pass every check, so this run judged some answer by another's files`;
  return { wrong: control, ok, line };
}

// A hint's code, spliced into the solution, passes every check the hint names, and each name finds one.
function judgeHint(hint: HintAnswer, report: ProjectReport | undefined): WrongAnswerProof {
  const { broken, tests } = resultsOf(hint, report);
  const ran = tests.filter((t) => t.ran);
  const failing = ran.find((t) => !t.passed);
  const unmatched = (hint.caughtBy ?? []).filter((quote) => !ran.some((t) => isNamedCheck(t.title, [quote])));
  const why = !report
    ? "vitest wrote no report"
    : broken
      ? `the checks failed to load with it: ${broken.message.split("\n")[0]}`
      : failing
        ? `fails "${failing.title}": ${failing.message.split("\n")[0]}`
        : ran.length === 0
          ? "it names no check there is"
          : unmatched.length > 0
            ? `no check's title holds ${unmatched.map((q) => `"${q}"`).join(", ")}`
            : undefined;
  return {
    wrong: hint,
    ok: why === undefined,
    line: `${hint.label}: ${why === undefined ? `passes the ${ran.length} check${ran.length === 1 ? "" : "s"} it names` : `${why}. ${hint.name.startsWith("(lesson-") ? "The checks must accept the lesson's own words" : 'A hint marked "Replaces:" must pass the checks it names'}`}`,
  };
}

// What makes a wrong answer unusable before anything runs, or undefined.
function problemOf(wrong: WrongAnswer): string | undefined {
  const where = path.join(WRONG_ANSWERS_DIR, wrong.exercise, wrong.name);
  if (!existsSync(path.join(wrong.dir, "WRONG.md"))) return `${where} has no WRONG.md saying what the mistake is`;
  if (wrong.level === undefined) return `${where}/WRONG.md has a "Level:" line that is neither "Level: core" nor "Level: hard"`;
  if (wrong.files.length === 0) return `${where} has no .ts file to lay over the solution`;
  const unknown = wrong.files.filter((f) => !existsSync(path.join("solutions", wrong.exercise, f)));
  if (unknown.length > 0) return `${unknown.join(", ")} is not a file of solutions/${wrong.exercise}/`;
  if (!existsSync(path.join("test", `${wrong.exercise}.test.ts`))) return `exercise ${wrong.exercise} has no checks to run`;
  return undefined;
}

export function judge(wrong: WrongAnswer, report: ProjectReport | undefined): WrongAnswerProof {
  const label = `wrong answer ${wrong.exercise.slice(0, 2)}/${wrong.name}`;
  const fail = (why: string): WrongAnswerProof => ({ wrong, ok: false, line: `${label}: ${why}` });
  const problem = problemOf(wrong);
  if (problem) return fail(problem);
  if (!report) return fail("vitest wrote no report (it failed to start; run the config by hand to see why)");
  const { broken, tests: all } = resultsOf(wrong, report);
  // A core mistake is judged by the core checks alone (the hard-mode ones were skipped).
  const core = wrong.level !== "hard";
  const tests = core ? all.filter((t) => !t.hard) : all;
  const what = core ? "core checks" : "checks";
  // A wrong answer that stops the checks from loading at all proves nothing about the checks.
  if (broken) return fail(`the checks failed to load: ${broken.message.split("\n")[0]}`);
  // The run stops a file at its first failing check, and where WRONG.md names checks, runs only those
  // (proof-checks.ts): one failing check is the proof.
  const failing = tests.filter((t) => t.ran && !t.passed);
  const first = tests.findIndex((t) => t.ran && !t.passed);
  const named = wrong.caughtBy ?? [];
  const namedHard = all.filter((t) => t.hard && isNamedCheck(t.title, named));
  if (first === -1 && core && named.length > 0 && namedHard.length > 0 && !tests.some((t) => isNamedCheck(t.title, named))) {
    return fail(
      `its WRONG.md names only hard-mode checks ("${namedHard[0]!.title}"), but the mistake is about the lesson's idea. ` +
        `A core check must catch it: name one after "Caught by" (add one if none does), or, if the mistake is a production edge case, write "Level: hard" in WRONG.md`,
    );
  }
  if (first === -1 && named.length > 0 && tests.length > 0) {
    const missing = named.filter((quote) => !tests.some((t) => isNamedCheck(t.title, [quote])));
    const ran = tests.filter((t) => t.ran).length;
    const quotes = (list: string[]) => list.map((q) => `"${q}"`).join(", ");
    return fail(
      (ran === 0 ? "its WRONG.md names no check there is" : ran === 1 ? "the check its WRONG.md names passes" : `the ${ran} checks its WRONG.md names all pass`) +
        (missing.length > 0 ? ` (no check's title holds ${quotes(missing)})` : "") +
        `. After "Caught by", quote the title (or part of it) of a check that fails on this answer`,
    );
  }
  return {
    wrong,
    ok: failing.length > 0,
    line:
      `${label}${core ? "" : " (hard mode)"}: ${first === -1 ? `all ${tests.length} ${what} pass` : `${core ? "core check" : "check"} ${first + 1} of ${tests.length} fails`}` +
      (first === -1 && core ? `: a core mistake must fail a core check (if this is a production edge case, write "Level: hard" in its WRONG.md)` : ""),
    firstFailure: failing[0] ? `${failing[0].title}: ${failing[0].message.split("\n")[0]}` : undefined,
  };
}

async function runProjects(runDir: string, checkLang: "en" | "ru"): Promise<{ report: ProjectReport | undefined; cpuSeconds: number | undefined }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "course-wrong-"));
  const reportFile = path.join(dir, "report.json");
  const vitest = path.join(process.cwd(), "node_modules", "vitest", "vitest.mjs");
  const config = path.join("shared", "cli", "wrong-answers.config.ts");
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    COURSE_PROJECT_REPORT: reportFile,
    COURSE_WRONG_RUN_DIR: runDir,
    COURSE_CHECK_LANG: checkLang,
    FORCE_COLOR: "0",
  };
  delete env.ANTHROPIC_API_KEY;
  let output = "";
  let cpuSeconds: number | undefined;
  await new Promise<void>((resolve) => {
    const child = spawn(process.execPath, [vitest, "run", "--config", config], { env, stdio: ["ignore", "pipe", "pipe"] });
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("exit", () => (cpuSeconds = cpuOfEndedChild()));
    child.on("close", () => resolve());
  });
  try {
    return { report: JSON.parse(readFileSync(reportFile, "utf8")) as ProjectReport, cpuSeconds };
  } catch {
    console.log(output);
    return { report: undefined, cpuSeconds };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// npm run progress: one line per exercise, done or not (its core checks; hard mode beside it), and the
// one to do next. For a teacher's tools and CI: `-- --json [file]` prints (or writes) the same as data
// (progress-data.ts, docs/progress.schema.json), `-- --junit file` writes every check as JUnit XML.

import chalk from "chalk";
import { coreChecks, hardCount, passed } from "./check-report.ts";
import { createCheckRunner } from "./check-runner.ts";
import type { CheckResult } from "./check-result.ts";
import { checkTimes } from "./check-times.ts";
import { listUnits, type CourseUnit } from "./course-files.ts";
import { hintsSeen, readHints } from "./hint.ts";
import { junitXml } from "./junit-report.ts";
import { courseIdentity, exerciseProgress, learnerName, progressReport } from "./progress-data.ts";
import { progressBar } from "./watch.ts";
import { writeWhole } from "./write-whole.ts";
import { messages } from "../i18n/messages.ts";

interface Outputs {
  json?: string; // "-" for standard output
  junit?: string;
}

// --json [file] and --junit file; anything else is refused before any check runs.
export function parseProgressArgs(args: string[]): Outputs | { error: string } {
  const m = messages().progressExport;
  const outputs: Outputs = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const next = args[i + 1];
    const [flag, inline] = arg.startsWith("--") && arg.includes("=") ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)] : [arg, undefined];
    if (flag === "--json") {
      if (inline !== undefined) outputs.json = inline || "-";
      else if (next !== undefined && !next.startsWith("--")) outputs.json = args[++i]!;
      else outputs.json = "-";
    } else if (flag === "--junit") {
      const file = inline ?? (next !== undefined && !next.startsWith("--") ? args[++i] : undefined);
      if (!file) return { error: m.junitNeedsFile };
      outputs.junit = file;
    } else {
      return { error: m.unknownArgument(arg) };
    }
  }
  return outputs;
}

export async function progressCommand(args: string[] = []): Promise<number> {
  const parsed = parseProgressArgs(args);
  const m = messages();
  if ("error" in parsed) {
    console.error(chalk.red(parsed.error));
    return 2;
  }
  const exercises = listUnits("exercises");
  // With the JSON on standard output, nothing else may be printed there.
  const quiet = parsed.json === "-";
  if (!quiet) console.log(chalk.dim(m.watch.runningAll));
  const runner = await createCheckRunner();
  const results = await runner.runAll(exercises).finally(() => runner.close());
  if (parsed.json !== undefined) {
    const text = `${JSON.stringify(progressJson(exercises, results), null, 2)}\n`;
    if (quiet) process.stdout.write(text);
    else writeWhole(parsed.json, text);
  }
  if (parsed.junit !== undefined) writeWhole(parsed.junit, junitXml(exercises, results, courseIdentity().name));
  if (quiet) return 0;
  printTable(exercises, results);
  for (const file of [parsed.json, parsed.junit]) if (file !== undefined) console.log(chalk.dim(m.progressExport.wrote(file)));
  return 0;
}

export function progressJson(exercises: CourseUnit[], results: Map<string, CheckResult>, root = process.cwd()) {
  const rows = exercises.map((exercise) =>
    exerciseProgress(exercise, {
      result: results.get(exercise.id) ?? { checks: [] },
      times: checkTimes(exercise, root),
      hintsSeen: hintsSeen(exercise.id, root).length,
      hints: readHints(exercise.id, root).length,
    }),
  );
  return progressReport(rows, courseIdentity(root), learnerName());
}

function printTable(exercises: CourseUnit[], results: Map<string, CheckResult>): void {
  const m = messages();
  let next: string | undefined;
  let done = 0;
  for (const exercise of exercises) {
    const result = results.get(exercise.id) ?? { checks: [] };
    const ok = passed(result);
    if (ok) done += 1;
    if (!ok && !next) next = `npm run watch ${exercise.number}`;
    const core = coreChecks(result);
    const hard = hardCount(result);
    const count = result.broken ? m.progress.broken : m.progress.checks(core.filter((c) => c.passed).length, core.length, hard.total);
    const doneLine = hard.total === 0 ? m.progress.done : m.progress.doneHard(hard.passing, hard.total);
    console.log(`  ${exercise.id.padEnd(24)} ${ok ? chalk.green(doneLine) : chalk.yellow(count)}`);
  }
  const unchanged = exercises.filter((e) => results.get(e.id)?.fromCache).length;
  if (unchanged > 0) console.log(chalk.dim(`\n${m.progress.fromCache(unchanged, exercises.length)}`));
  console.log(`\n${progressBar(done, exercises.length)}`);
  console.log(next ? m.check.next(next) : chalk.green(m.progress.everyExerciseDone));
}

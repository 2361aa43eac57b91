// npm run mutate [N]: mutation testing of the reference solutions (stryker.config.mjs). For each
// exercise it prints the mutation score (the share of small edits to the solution that its checks
// notice) and every mutant that survived, so each one gets a new check or a line in docs/MUTATION.md
// saying why it cannot change behaviour. Slow (minutes per exercise on two cores): not part of npm test.

import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import chalk from "chalk";
import { findUnit, listUnits, unknownUnitMessage, type CourseUnit } from "./course-files.ts";

// The target the course holds itself to, for every exercise.
export const TARGET_SCORE = 95;

interface Mutant {
  id: string;
  mutatorName: string;
  replacement?: string;
  status: string;
  location: { start: { line: number; column: number }; end: { line: number; column: number } };
}

interface MutationReport {
  files: Record<string, { source: string; mutants: Mutant[] }>;
}

export interface ExerciseScore {
  exercise: string;
  score: number; // percent
  killed: number;
  total: number;
  survivors: string[]; // one line each
}

export async function mutateCommand(args: string[]): Promise<number> {
  const exercises = listUnits("exercises");
  const chosen: CourseUnit[] = [];
  if (args.length === 0) chosen.push(...exercises);
  else {
    const exercise = findUnit(exercises, args[0]);
    if (!exercise || args.length > 1) {
      console.error(chalk.red(unknownUnitMessage("exercise", args.join(" "), exercises, "npm run mutate 3")));
      return 2;
    }
    chosen.push(exercise);
  }

  const scores: ExerciseScore[] = [];
  for (const exercise of chosen) {
    console.log(chalk.bold(`\nMutating solutions/${exercise.id}/ against test/${exercise.id}.test.ts`));
    const code = await runStryker(exercise.id);
    const score = readScore(exercise.id);
    if (code !== 0 || !score) {
      console.log(chalk.red(`Stryker failed on ${exercise.id} (exit code ${code}); its output is above.`));
      return 1;
    }
    scores.push(score);
    printScore(score);
  }

  console.log(chalk.bold(`\nMutation scores (target ${TARGET_SCORE}%), ${new Date().toISOString().slice(0, 10)}`));
  for (const s of scores) {
    const line = `  ${s.exercise.padEnd(24)} ${s.score.toFixed(1).padStart(5)}%  (${s.killed} of ${s.total} mutants killed)`;
    console.log(s.score >= TARGET_SCORE ? chalk.green(line) : chalk.red(line));
  }
  console.log(chalk.dim("Record the scores and every survivor, with why it survives, in docs/MUTATION.md."));
  return scores.every((s) => s.score >= TARGET_SCORE) ? 0 : 1;
}

function runStryker(exercise: string): Promise<number> {
  const stryker = path.join("node_modules", "@stryker-mutator", "core", "bin", "stryker.js");
  const env: NodeJS.ProcessEnv = { ...process.env, COURSE_MUTATE: exercise, COURSE_TARGET: "solutions" };
  delete env.ANTHROPIC_API_KEY; // the checks never talk to the real API
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [stryker, "run", "stryker.config.mjs"], { env, stdio: "inherit" });
    child.on("close", (code) => resolve(code ?? 1));
  });
}

function readScore(exercise: string): ExerciseScore | undefined {
  let report: MutationReport;
  try {
    report = JSON.parse(readFileSync(path.join("reports", "mutation", `${exercise}.json`), "utf8")) as MutationReport;
  } catch {
    return undefined;
  }
  let killed = 0;
  let total = 0;
  const survivors: string[] = [];
  for (const [file, { source, mutants }] of Object.entries(report.files)) {
    const lines = source.split("\n");
    for (const m of mutants) {
      // Same formula as Stryker's own score: mutants that compile and run, whether or not a test covers them.
      if (m.status === "Killed" || m.status === "Timeout") killed += 1;
      else if (m.status !== "Survived" && m.status !== "NoCoverage") continue;
      total += 1;
      if (m.status === "Survived" || m.status === "NoCoverage") survivors.push(describeMutant(file, lines, m));
    }
  }
  return { exercise, score: total === 0 ? 100 : (killed / total) * 100, killed, total, survivors };
}

function describeMutant(file: string, lines: string[], m: Mutant): string {
  const { start, end } = m.location;
  const original =
    start.line === end.line
      ? (lines[start.line - 1] ?? "").slice(start.column - 1, end.column - 1)
      : `${(lines[start.line - 1] ?? "").slice(start.column - 1)} ...`;
  const oneLine = (text: string) => text.replace(/\s+/g, " ").trim().slice(0, 70);
  const status = m.status === "NoCoverage" ? " (no check runs this line)" : "";
  return `${path.relative(process.cwd(), path.resolve(file))}:${start.line}:${start.column} ${m.mutatorName}: ${oneLine(original)} -> ${oneLine(m.replacement ?? "")}${status}`;
}

function printScore(score: ExerciseScore): void {
  const colour = score.score >= TARGET_SCORE ? chalk.green : chalk.red;
  console.log(colour(`${score.exercise}: ${score.score.toFixed(1)}% (${score.killed} of ${score.total} mutants killed)`));
  if (score.survivors.length > 0) {
    console.log(`Survived (${score.survivors.length}):`);
    for (const line of score.survivors) console.log(`  ${line}`);
  }
}

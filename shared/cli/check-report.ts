// What a learner reads after a check: the verdict, the first failing check (its name, message and
// code frame), and "k of m checks pass. Next: ...". Shared by `npm run check` and `npm run watch`.

import chalk from "chalk";
import type { CheckResult } from "./check-runner.ts";
import type { CourseUnit } from "./course-files.ts";

export function passed(result: CheckResult): boolean {
  return !result.broken && result.checks.length > 0 && result.checks.every((c) => c.passed);
}

export function countLine(result: CheckResult): string {
  return `${result.checks.filter((c) => c.passed).length} of ${result.checks.length} checks pass.`;
}

export function reportLines(exercise: CourseUnit, result: CheckResult, next: string): string[] {
  if (result.broken) {
    return [
      chalk.red.bold(`✘ Exercise ${exercise.id}: the checks could not load your code.`),
      chalk.yellow(result.broken.message),
      ...(result.broken.frame ? [chalk.dim(result.broken.frame)] : []),
      `Next: fix that first (npx tsc --noEmit shows type errors with line numbers).`,
    ];
  }
  if (passed(result)) {
    return [chalk.green.bold(`✔ All ${result.checks.length} checks pass. Exercise ${exercise.id} is done.`)];
  }
  const first = result.checks.find((c) => !c.passed);
  const lines = [chalk.red.bold(`✘ Exercise ${exercise.id}: not done yet.`)];
  if (first) {
    lines.push("", chalk.bold(`First failing check: ${first.title}`));
    if (first.message) lines.push(chalk.yellow(indent(first.message)));
    if (first.frame) lines.push("", chalk.dim(indent(first.frame)));
    lines.push("");
  }
  lines.push(`${chalk.bold(countLine(result))} Next: ${next}`);
  return lines;
}

function indent(text: string): string {
  return text
    .split("\n")
    .map((line) => `  ${line}`)
    .join("\n");
}

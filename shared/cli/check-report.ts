// What a learner reads after a check: the verdict, the first failing check (its name, message and
// code frame), and "k of m checks pass. Next: ...". Shared by `npm run check` and `npm run watch`.

import chalk from "chalk";
import type { CheckResult } from "./check-runner.ts";
import type { CourseUnit } from "./course-files.ts";
import { messages } from "../i18n/messages.ts";

export function passed(result: CheckResult): boolean {
  return !result.broken && result.checks.length > 0 && result.checks.every((c) => c.passed);
}

export function countLine(result: CheckResult): string {
  return messages().check.count(result.checks.filter((c) => c.passed).length, result.checks.length);
}

export function reportLines(exercise: CourseUnit, result: CheckResult, next: string): string[] {
  const m = messages().check;
  if (result.broken) {
    return [
      chalk.red.bold(m.brokenVerdict(exercise.id)),
      chalk.yellow(result.broken.message),
      ...(result.broken.frame ? [chalk.dim(result.broken.frame)] : []),
      m.brokenNext,
    ];
  }
  if (passed(result)) {
    return [chalk.green.bold(m.passedVerdict(result.checks.length, exercise.id))];
  }
  const first = result.checks.find((c) => !c.passed);
  const lines = [chalk.red.bold(m.failedVerdict(exercise.id))];
  if (first) {
    lines.push("", chalk.bold(m.firstFailing(first.title)));
    if (first.message) lines.push(chalk.yellow(indent(first.message)));
    if (first.frame) lines.push("", chalk.dim(indent(first.frame)));
    lines.push("");
  }
  lines.push(`${chalk.bold(countLine(result))} ${m.next(next)}`);
  return lines;
}

function indent(text: string): string {
  return text
    .split("\n")
    .map((line) => `  ${line}`)
    .join("\n");
}

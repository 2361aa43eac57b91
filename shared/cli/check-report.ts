// What a learner reads after a check: the verdict, the first failing check (its name, message and
// code frame), and "k of m core checks pass. Next: ...". Shared by `npm run check` and `npm run watch`.
//
// Core first, hard mode apart (test/helpers/levels.ts): an exercise is done when its core checks
// pass. Then the verdict says how far hard mode is ("done; hard mode 3 of 12"), and the first failing
// hard-mode check is shown as optional work.

import chalk from "chalk";
import type { CheckOutcome, CheckResult } from "./check-runner.ts";
import type { CourseUnit } from "./course-files.ts";
import { messages } from "../i18n/messages.ts";

export function coreChecks(result: CheckResult): CheckOutcome[] {
  return result.checks.filter((c) => !c.hard);
}

export function hardChecks(result: CheckResult): CheckOutcome[] {
  return result.checks.filter((c) => c.hard);
}

// Done: the checks loaded, and every core check passes (there is at least one).
export function passed(result: CheckResult): boolean {
  const core = coreChecks(result);
  return !result.broken && core.length > 0 && core.every((c) => c.passed);
}

// Done, hard mode included.
export function allPassed(result: CheckResult): boolean {
  return passed(result) && result.checks.every((c) => c.passed);
}

// The check to work on: the first failing core check, else the first failing hard-mode one.
export function firstFailing(result: CheckResult): CheckOutcome | undefined {
  return coreChecks(result).find((c) => !c.passed) ?? hardChecks(result).find((c) => !c.passed);
}

// "3 of 12": how far hard mode is.
export function hardCount(result: CheckResult): { passing: number; total: number } {
  const hard = hardChecks(result);
  return { passing: hard.filter((c) => c.passed).length, total: hard.length };
}

export function countLine(result: CheckResult): string {
  const core = coreChecks(result);
  return messages().check.count(core.filter((c) => c.passed).length, core.length, hardChecks(result).length);
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
    const core = coreChecks(result).length;
    const hard = hardCount(result);
    if (hard.total === 0) return [chalk.green.bold(m.passedVerdict(core, exercise.id))];
    const lines = [chalk.green.bold(m.passedCoreVerdict(core, exercise.id, hard.passing, hard.total))];
    const first = firstFailing(result);
    if (first) lines.push("", ...failureLines(m.hardFirstFailing(first.title, exercise.number), first));
    return lines;
  }
  const first = firstFailing(result);
  const lines = [chalk.red.bold(m.failedVerdict(exercise.id))];
  if (first) lines.push("", ...failureLines(m.firstFailing(first.title), first), "");
  lines.push(`${chalk.bold(countLine(result))} ${m.next(next)}`);
  return lines;
}

function failureLines(heading: string, check: CheckOutcome): string[] {
  const lines = [chalk.bold(heading)];
  if (check.message) lines.push(chalk.yellow(indent(check.message)));
  if (check.frame) lines.push("", chalk.dim(indent(check.frame)));
  return lines;
}

function indent(text: string): string {
  return text
    .split("\n")
    .map((line) => `  ${line}`)
    .join("\n");
}

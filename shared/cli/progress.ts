// npm run progress: one line per exercise, done or not, and the one to do next.

import chalk from "chalk";
import { passed } from "./check-report.ts";
import { createCheckRunner } from "./check-runner.ts";
import { listUnits } from "./course-files.ts";
import { progressBar } from "./watch.ts";
import { messages } from "../i18n/messages.ts";

export async function progressCommand(): Promise<number> {
  const exercises = listUnits("exercises");
  const m = messages();
  console.log(chalk.dim(m.watch.runningAll));
  const runner = await createCheckRunner();
  const results = await runner.runAll(exercises).finally(() => runner.close());
  let next: string | undefined;
  let done = 0;
  for (const exercise of exercises) {
    const result = results.get(exercise.id) ?? { checks: [] };
    const ok = passed(result);
    if (ok) done += 1;
    if (!ok && !next) next = `npm run watch ${exercise.number}`;
    const count = result.broken ? m.progress.broken : m.progress.checks(result.checks.filter((c) => c.passed).length, result.checks.length);
    console.log(`  ${exercise.id.padEnd(24)} ${ok ? chalk.green(m.progress.done) : chalk.yellow(count)}`);
  }
  console.log(`\n${progressBar(done, exercises.length)}`);
  console.log(next ? m.check.next(next) : chalk.green(m.progress.everyExerciseDone));
  return 0;
}

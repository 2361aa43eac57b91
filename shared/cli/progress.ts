// npm run progress: one line per exercise, done or not (its core checks; hard mode beside it), and the
// one to do next.

import chalk from "chalk";
import { coreChecks, hardCount, passed } from "./check-report.ts";
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
  return 0;
}

// npm run progress: one line per exercise, done or not, and the one to do next.

import chalk from "chalk";
import { passed } from "./check-report.ts";
import { createCheckRunner } from "./check-runner.ts";
import { listUnits } from "./course-files.ts";
import { progressBar } from "./watch.ts";

export async function progressCommand(): Promise<number> {
  const exercises = listUnits("exercises");
  console.log(chalk.dim("Running every exercise's checks against exercises/ ..."));
  const runner = await createCheckRunner();
  const results = await runner.runAll(exercises).finally(() => runner.close());
  let next: string | undefined;
  let done = 0;
  for (const exercise of exercises) {
    const result = results.get(exercise.id) ?? { checks: [] };
    const ok = passed(result);
    if (ok) done += 1;
    if (!ok && !next) next = `npm run watch ${exercise.number}`;
    const count = result.broken ? "its checks could not load your code" : `${result.checks.filter((c) => c.passed).length}/${result.checks.length} checks`;
    console.log(`  ${exercise.id.padEnd(24)} ${ok ? chalk.green("✔ done") : chalk.yellow(count)}`);
  }
  console.log(`\n${progressBar(done, exercises.length)}`);
  console.log(next ? `Next: ${next}` : chalk.green("Every exercise is done."));
  return 0;
}

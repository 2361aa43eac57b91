// npm run progress: one line per exercise, done or not, and the one to do next.

import chalk from "chalk";
import { listUnits, testFileFor } from "./course-files.ts";
import { runVitest } from "./vitest-run.ts";

export async function progressCommand(): Promise<number> {
  const exercises = listUnits("exercises");
  console.log(chalk.dim("Running every exercise's checks against exercises/ ..."));
  const run = await runVitest(exercises.map(testFileFor), { target: "exercises", quiet: true });
  let next: string | undefined;
  for (const exercise of exercises) {
    const file = testFileFor(exercise);
    const tests = run.tests.filter((t) => t.file === file);
    const passed = tests.filter((t) => t.passed).length;
    const broken = run.brokenFiles.some((b) => b.file === file);
    const done = tests.length > 0 && passed === tests.length && !broken;
    if (!done && !next) next = `npm run check ${exercise.number}`;
    const mark = done ? chalk.green("✔ done") : chalk.yellow(`${passed}/${tests.length} checks`);
    console.log(`  ${exercise.id.padEnd(24)} ${mark}`);
  }
  console.log(next ? `\nNext: ${next}` : chalk.green("\nEvery exercise is done."));
  return 0;
}

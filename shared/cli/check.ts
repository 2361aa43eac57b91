// npm run check N: runs exercise N's tests against your code in exercises/ and says, in one line,
// how far you are and what to fix next.

import chalk from "chalk";
import { findUnit, listUnits, testFileFor, unknownUnitMessage } from "./course-files.ts";
import { runVitest } from "./vitest-run.ts";

export async function checkCommand(args: string[]): Promise<number> {
  const exercises = listUnits("exercises");
  const exercise = findUnit(exercises, args[0]);
  if (!exercise || args.length > 1) {
    console.error(chalk.red(unknownUnitMessage("exercise", args[0] && args.join(" "), exercises, "npm run check 1")));
    return 2;
  }
  const run = await runVitest([testFileFor(exercise)], { target: "exercises" });
  const passed = run.tests.filter((t) => t.passed).length;
  const failed = run.tests.filter((t) => !t.passed);

  console.log("");
  if (run.brokenFiles.length > 0) {
    const broken = run.brokenFiles[0]!;
    console.log(chalk.red(`The checks could not load your code: ${broken.message}`));
    console.log(`Fix that first (npx tsc --noEmit shows type errors with line numbers), then run npm run check ${exercise.number} again.`);
    return 1;
  }
  if (run.tests.length > 0 && failed.length === 0) {
    const next = exercises.find((e) => e.number > exercise.number);
    console.log(chalk.green(`All ${passed} checks pass. Exercise ${exercise.id} is done.`));
    if (next) console.log(`Next: npm run lesson ${next.number}, then exercises/${next.id}/README.md`);
    return 0;
  }
  const first = failed[0];
  console.log(chalk.bold(`${passed} of ${run.tests.length} checks pass.`) + (first ? ` Next: ${first.title}` : ""));
  if (first?.message) console.log(chalk.yellow(first.message));
  console.log(chalk.dim(`Stuck? npm run hint ${exercise.number}`));
  return 1;
}

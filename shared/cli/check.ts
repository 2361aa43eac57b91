// npm run check N: runs exercise N's checks against your code in exercises/ and says, in a few lines,
// how far you are and what to fix next. --verbose prints vitest's full report instead; --diff shows
// the whole diff against the reference solution once your answer passes.

import { spawn } from "node:child_process";
import path from "node:path";
import chalk from "chalk";
import { passed, reportLines } from "./check-report.ts";
import { createCheckRunner, type CheckResult } from "./check-runner.ts";
import { findUnit, listUnits, testFileFor, unknownUnitMessage, type CourseUnit } from "./course-files.ts";
import { nextNotDone } from "./next-exercise.ts";
import { afterPassText } from "./solution-diff.ts";
import { messages } from "../i18n/messages.ts";
import { courseLanguage } from "../i18n/language.ts";

export async function checkCommand(args: string[]): Promise<number> {
  const flags = new Set(args.filter((a) => a.startsWith("--")));
  const rest = args.filter((a) => !a.startsWith("--"));
  const unknown = [...flags].filter((f) => f !== "--verbose" && f !== "--diff");
  const exercises = listUnits("exercises");
  const exercise = findUnit(exercises, rest[0]);
  const m = messages().check;
  if (unknown.length > 0) {
    console.error(chalk.red(m.unknownOption(unknown[0]!)));
    return 2;
  }
  if (!exercise || rest.length > 1) {
    console.error(chalk.red(unknownUnitMessage("exercise", rest[0] && rest.join(" "), exercises, "npm run check 1")));
    return 2;
  }
  if (flags.has("--verbose")) return verbose(exercise);

  const runner = await createCheckRunner();
  let result: CheckResult;
  let next: CourseUnit | undefined;
  try {
    result = await runner.run(exercise);
    // Done: the next step is the next exercise not done yet. The others' verdicts come from the cache
    // where nothing changed; the rest are checked, one at a time, until one is not done.
    if (passed(result)) next = await nextNotDone(exercises, exercise, async (e) => passed((await runner.runAll([e])).get(e.id) ?? { checks: [] }));
  } finally {
    await runner.close();
  }
  const ok = passed(result);
  const nextStep = !ok ? m.fixThenCheck(exercise.number) : !next ? m.allDone : next.number > exercise.number ? m.nextLesson(next.number, next.id) : m.backTo(next.number, next.id);
  for (const line of reportLines(exercise, result, nextStep)) console.log(line);
  if (!ok) return 1;
  console.log("");
  for (const line of afterPassText(exercise, { full: flags.has("--diff") })) console.log(line);
  console.log(`\n${m.next(nextStep)}`);
  return 0;
}

// vitest's own report, as it prints it, with the learner's code under test.
function verbose(exercise: CourseUnit): Promise<number> {
  const vitest = path.join(process.cwd(), "node_modules", "vitest", "vitest.mjs");
  // vitest colours by its own rules; make it follow ours (terminal, NO_COLOR, FORCE_COLOR).
  const env: NodeJS.ProcessEnv = { ...process.env, COURSE_TARGET: "exercises", COURSE_CHECK_LANG: courseLanguage(), FORCE_COLOR: chalk.level > 0 ? "1" : "0" };
  if (chalk.level === 0) env.NO_COLOR = "1";
  else delete env.NO_COLOR;
  delete env.ANTHROPIC_API_KEY; // tests never talk to the real API
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [vitest, "run", testFileFor(exercise)], { env, stdio: "inherit" });
    child.on("close", (code) => resolve(code === 0 ? 0 : 1));
  });
}

// npm run hint N: shows the next hint for exercise N, one at a time (npm run hint N -- 2 shows hint 2).
// Hints live beside the exercise, in exercises/NN-slug/hints.md, as "## Hint 1", "## Hint 2", ...

import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import chalk from "chalk";
import { findUnit, listUnits, unknownUnitMessage } from "./course-files.ts";

const STATE = path.join("node_modules", ".cache", "course", "hints-seen.json");

export function readHints(exerciseId: string): string[] {
  const file = path.join("exercises", exerciseId, "hints.md");
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split(/^## /m)
    .slice(1)
    .map((section) => `## ${section.trim()}`);
}

function readState(): Record<string, number> {
  try {
    return JSON.parse(readFileSync(STATE, "utf8")) as Record<string, number>;
  } catch {
    return {};
  }
}

export async function hintCommand(args: string[]): Promise<number> {
  const exercises = listUnits("exercises");
  const exercise = findUnit(exercises, args[0]);
  if (!exercise) {
    console.error(chalk.red(unknownUnitMessage("exercise", args[0], exercises, "npm run hint 1")));
    return 2;
  }
  const hints = readHints(exercise.id);
  if (hints.length === 0) {
    console.log(`Exercise ${exercise.id} has no hints. Its README and the TODO comments say what to do.`);
    return 0;
  }
  const state = readState();
  const asked = args[1] === undefined ? undefined : Number(args[1]);
  if (asked !== undefined && !(Number.isInteger(asked) && asked >= 1 && asked <= hints.length)) {
    console.error(chalk.red(`Exercise ${exercise.id} has hints 1 to ${hints.length}.`));
    return 2;
  }
  const index = asked !== undefined ? asked - 1 : Math.min(state[exercise.id] ?? 0, hints.length - 1);
  console.log(chalk.bold(`Exercise ${exercise.id}, hint ${index + 1} of ${hints.length}\n`));
  console.log(hints[index]);
  if (index + 1 < hints.length) console.log(chalk.dim(`\nStill stuck? npm run hint ${exercise.number} shows the next one.`));
  else console.log(chalk.dim(`\nThat was the last hint. The reference solution is in solutions/${exercise.id}/ (try without it first).`));
  state[exercise.id] = Math.max(state[exercise.id] ?? 0, index + 1);
  mkdirSync(path.dirname(STATE), { recursive: true });
  writeFileSync(STATE, JSON.stringify(state));
  return 0;
}

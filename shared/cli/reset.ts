// npm run reset N: puts exercise N's starter files back, after copying your current files to
// .course/backup/NN-slug/<timestamp>/ (git-ignored). Asks first on a terminal; --yes skips the
// question; with no terminal and no --yes it refuses (nobody could say no).

import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline/promises";
import { passSignalKeys } from "../signal-keys.ts";
import chalk from "chalk";
import { findUnit, listUnits, unknownUnitMessage, type CourseUnit } from "./course-files.ts";
import { currentFiles, saveStarter, shippedStarter } from "./starters.ts";
import { messages } from "../i18n/messages.ts";

export async function resetCommand(args: string[]): Promise<number> {
  const yes = args.includes("--yes") || args.includes("-y");
  const rest = args.filter((a) => a !== "--yes" && a !== "-y");
  const exercises = listUnits("exercises");
  const m = messages().reset;
  if (rest[0] === "--save-starters") {
    for (const exercise of exercises) saveStarter(exercise);
    console.log(`Recorded the starters of ${exercises.length} exercises in shared/starters/ (an author's step: commit them).`);
    return 0;
  }
  const unknown = rest.find((a) => a.startsWith("-"));
  if (unknown) {
    console.error(chalk.red(m.unknownOption(unknown)));
    return 2;
  }
  const exercise = findUnit(exercises, rest[0]);
  if (!exercise || rest.length > 1) {
    console.error(chalk.red(unknownUnitMessage("exercise", rest[0] && rest.join(" "), exercises, "npm run reset 1")));
    return 2;
  }
  const starter = shippedStarter(exercise);
  if (starter.size === 0) {
    console.error(chalk.red(m.noStarter(exercise.id)));
    return 1;
  }
  const mine = currentFiles(exercise);
  const changed = [...starter.keys()].filter((name) => mine.get(name) !== starter.get(name));
  if (changed.length === 0) {
    console.log(m.alreadyShipped(exercise.id));
    return 0;
  }

  const question = m.question(exercise.id, changed.join(", "));
  if (!yes) {
    if (!process.stdin.isTTY) {
      console.error(chalk.red(m.noTerminal(exercise.id, exercise.number)));
      return 1;
    }
    const rl = createInterface({ input: process.stdin, output: process.stdout });
    passSignalKeys(rl, process.stdin, process.stdout);
    const answer = (await rl.question(question).catch(() => "")).trim().toLowerCase();
    rl.close();
    if (!m.yes.includes(answer)) {
      console.log(m.nothingChanged);
      return 0;
    }
  }

  const backup = backupFolder(exercise);
  cpSync(path.join("exercises", exercise.id), backup, { recursive: true });
  for (const name of changed) writeAtomically(path.join("exercises", exercise.id, name), starter.get(name) ?? "");
  console.log(chalk.green(m.done(exercise.id, changed.join(", "))));
  console.log(m.backup(`${backup}${path.sep}`));
  const extra = [...mine.keys()].filter((name) => !starter.has(name));
  if (extra.length > 0) console.log(chalk.dim(m.extraLeft(extra.join(", "))));
  return 0;
}

function backupFolder(exercise: CourseUnit): string {
  const stamp = new Date().toISOString().replace(/\.\d+Z$/, "").replace(/:/g, "-");
  const base = path.join(".course", "backup", exercise.id);
  mkdirSync(base, { recursive: true });
  const taken = new Set(existsSync(base) ? readdirSync(base) : []);
  let name = stamp;
  for (let n = 2; taken.has(name); n++) name = `${stamp}-${n}`;
  return path.join(base, name);
}

function writeAtomically(file: string, content: string): void {
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, content);
  renameSync(temp, file);
}

// After a pass: how the learner's files differ from the reference solution, as a unified diff
// (jsdiff), coloured only when the output is a terminal. Short diffs are shown; long ones are offered.

import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import chalk from "chalk";
import { createTwoFilesPatch } from "diff";
import type { CourseUnit } from "./course-files.ts";
import { messages } from "../i18n/messages.ts";

export const SHORT_DIFF_LINES = 40;

// The unified diff, one entry per line, over every .ts file of the exercise ([] when identical).
export function solutionDiffLines(exercise: CourseUnit, root = process.cwd()): string[] {
  const mine = path.join(root, "exercises", exercise.id);
  const theirs = path.join(root, "solutions", exercise.id);
  if (!existsSync(theirs)) return [];
  const files = readdirSync(theirs).filter((f) => f.endsWith(".ts")).sort();
  const lines: string[] = [];
  for (const file of files) {
    const a = readOr(path.join(mine, file));
    const b = readOr(path.join(theirs, file));
    if (a === b) continue;
    const patch = createTwoFilesPatch(`exercises/${exercise.id}/${file}`, `solutions/${exercise.id}/${file}`, a, b, "yours", "reference", {
      context: 2,
    });
    // The first line is jsdiff's "Index:"/"====" banner; the ---/+++ header names the two files.
    lines.push(...patch.split("\n").filter((line) => line !== "" && !line.startsWith("Index:") && !/^=+$/.test(line)));
  }
  return lines;
}

function readOr(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return "";
  }
}

export function colourDiffLine(line: string): string {
  if (line.startsWith("+++") || line.startsWith("---")) return chalk.bold(line);
  if (line.startsWith("+")) return chalk.green(line);
  if (line.startsWith("-")) return chalk.red(line);
  if (line.startsWith("@@")) return chalk.cyan(line);
  return line;
}

// What check and watch print after a pass: the heading and the diff if short, else one line offering it.
export function afterPassText(exercise: CourseUnit, options: { full?: boolean; root?: string } = {}): string[] {
  const m = messages().check;
  const lines = solutionDiffLines(exercise, options.root);
  if (lines.length === 0) return [m.sameAsReference];
  if (options.full || lines.length < SHORT_DIFF_LINES) return [m.diffHeading, ...lines.map(colourDiffLine)];
  return [m.longDiff(lines.length, exercise.number)];
}

// npm run hint N: the next hint for the check that is failing in exercise N.
// Hints live beside the exercise, in exercises/NN-slug/hints.md, one "## " section each, whose heading
// names the TODO it helps with: "## Hint 1 (TODO 1)", "## Hint 3 (TODOs 2 and 3)". Hints for one TODO
// climb a ladder: a question, the key fact, then code (docs/AUTHORING.md, "Hints"). With no failing check (or none naming a TODO) the hints come in
// file order. `npm run hint N -- 2` shows hint 2. In Russian (COURSE_LANG=ru, or a Russian locale) the
// hints come from hints.ru.md, "## Подсказка 1 (TODO 1)", in the same order; without it, from hints.md.

import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import chalk from "chalk";
import { allPassed, firstFailing } from "./check-report.ts";
import { createCheckRunner, type CheckOutcome, type CheckResult } from "./check-runner.ts";
import { cachedVerdict, verdictInputs } from "./verdict-cache.ts";
import { findUnit, listUnits, unknownUnitMessage, type CourseUnit } from "./course-files.ts";
import { todosIn } from "./todos.ts";
import { courseLanguage, type Lang } from "../i18n/language.ts";
import { messages } from "../i18n/messages.ts";
import { writeWholeSync } from "../write-whole.ts";

// Which hints the learner has seen, per exercise and TODO (relative to the course folder).
export const HINTS_SEEN_FILE = path.join("node_modules", ".cache", "course", "hints-seen.json");

export interface Hint {
  heading: string; // "Hint 2 (TODO 1)"
  text: string; // the whole section, heading included
  todos: number[];
}

// fileName "hints.ru.md" reads the Russian twin, whose headings are "## Подсказка 1 (TODO 1)".
export function readHints(exerciseId: string, root = process.cwd(), fileName = "hints.md"): Hint[] {
  const file = path.join(root, "exercises", exerciseId, fileName);
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split(/^## /m)
    .slice(1)
    .map((section) => {
      const heading = (section.split("\n")[0] ?? "").trim();
      return { heading, text: `## ${section.trim()}`, todos: todosIn(heading) };
    });
}

// The hints in the learner's language. A twin has the same hints in the same order (the translations
// test checks it), so which hints were seen is kept by number, whatever the language.
export function readHintsIn(exerciseId: string, lang: Lang = courseLanguage(), root = process.cwd()): { hints: Hint[]; fellBackFrom?: string } {
  if (lang === "en") return { hints: readHints(exerciseId, root) };
  const own = `hints.${lang}.md`;
  const hints = readHints(exerciseId, root, own);
  if (hints.length > 0) return { hints };
  const english = readHints(exerciseId, root);
  return english.length > 0 ? { hints: english, fellBackFrom: `exercises/${exerciseId}/${own}` } : { hints: [] };
}

// Which hint to show: the first unseen one for the failing check's TODOs; when all of those were
// seen, the last of them again (the near-answer). Without a TODO to aim at: the first unseen in order.
export function pickHint(hints: Hint[], seen: ReadonlySet<number>, todos: number[]): { index: number; aimed: boolean } {
  const aimedAt = hints.map((h, i) => ({ h, i })).filter(({ h }) => h.todos.some((t) => todos.includes(t)));
  if (aimedAt.length > 0) {
    const unseen = aimedAt.find(({ i }) => !seen.has(i));
    return { index: (unseen ?? aimedAt[aimedAt.length - 1]!).i, aimed: true };
  }
  const unseen = hints.findIndex((_, i) => !seen.has(i));
  return { index: unseen === -1 ? hints.length - 1 : unseen, aimed: false };
}

type State = Record<string, number[] | number>;

function readState(): State {
  try {
    return JSON.parse(readFileSync(HINTS_SEEN_FILE, "utf8")) as State;
  } catch {
    return {};
  }
}

function seenSet(state: State, id: string): Set<number> {
  const value = state[id];
  // An older format kept only "how many were shown, in order".
  if (typeof value === "number") return new Set(Array.from({ length: value }, (_, i) => i));
  return new Set(value ?? []);
}

// The hints of an exercise the learner has seen (by number, from 0), for progress --json.
export function hintsSeen(exerciseId: string, root = process.cwd()): number[] {
  let state: unknown;
  try {
    state = JSON.parse(readFileSync(path.join(root, HINTS_SEEN_FILE), "utf8"));
  } catch {
    return [];
  }
  if (!state || typeof state !== "object") return [];
  return [...seenSet(state as State, exerciseId)].filter((i) => Number.isInteger(i) && i >= 0).sort((a, b) => a - b);
}

function saveState(state: State): void {
  writeWholeSync(HINTS_SEEN_FILE, JSON.stringify(state));
}

export async function hintCommand(args: string[]): Promise<number> {
  const exercises = listUnits("exercises");
  const exercise = findUnit(exercises, args[0]);
  if (!exercise) {
    console.error(chalk.red(unknownUnitMessage("exercise", args[0], exercises, "npm run hint 1")));
    return 2;
  }
  const m = messages().hint;
  const { hints, fellBackFrom } = readHintsIn(exercise.id);
  if (hints.length === 0) {
    console.log(m.none(exercise.id));
    return 0;
  }
  const state = readState();
  const seen = seenSet(state, exercise.id);
  const asked = args[1] === undefined ? undefined : Number(args[1]);
  if (asked !== undefined && !(Number.isInteger(asked) && asked >= 1 && asked <= hints.length)) {
    console.error(chalk.red(m.range(exercise.id, hints.length)));
    return 2;
  }

  let index: number;
  let failing: CheckOutcome | undefined;
  if (asked !== undefined) {
    index = asked - 1;
  } else {
    const result = await lastVerdict(exercise);
    // Nothing to help with: say so, rather than hand out the next hint in order.
    if (allPassed(result)) {
      console.log(chalk.green(m.allPass(exercise.id, exercise.number, hints.length)));
      return 0;
    }
    failing = firstFailing(result);
    index = pickHint(hints, seen, failing?.todos ?? []).index;
  }
  const [heading, ...rest] = showHint(exercise, hints, index, state, fellBackFrom);
  console.log(heading);
  if (failing) console.log(chalk.dim(m.forCheck(failing.title)));
  for (const line of rest) console.log(line);
  return 0;
}

// Prints nothing itself: returns the lines, and records the hint as seen (watch shows them too).
export function showHint(exercise: CourseUnit, hints: Hint[], index: number, state: State = readState(), fellBackFrom?: string): string[] {
  const m = messages().hint;
  const hint = hints[index]!;
  const seen = seenSet(state, exercise.id);
  seen.add(index);
  state[exercise.id] = [...seen].sort((a, b) => a - b);
  saveState(state);
  const lines = [chalk.bold(m.header(exercise.id, index + 1, hints.length)), ...(fellBackFrom ? [chalk.dim(m.fallback(fellBackFrom))] : []), "", hint.text, ""];
  const sameTodo = hints.map((h, i) => ({ h, i })).filter(({ h }) => hint.todos.length === 0 || h.todos.some((t) => hint.todos.includes(t)));
  if (sameTodo.some(({ i }) => !seen.has(i))) lines.push(chalk.dim(m.stillStuck(exercise.number)));
  else if (seen.size < hints.length) lines.push(chalk.dim(m.lastForTodo(exercise.number)));
  else lines.push(chalk.dim(m.lastHint(exercise.id)));
  return lines;
}

// The next hint for the first failing check of a result watch already has.
export function nextHintLines(exercise: CourseUnit, failing: CheckOutcome | undefined): string[] {
  const { hints, fellBackFrom } = readHintsIn(exercise.id);
  if (hints.length === 0) return [messages().hint.none(exercise.id)];
  const state = readState();
  const { index } = pickHint(hints, seenSet(state, exercise.id), failing?.todos ?? []);
  return showHint(exercise, hints, index, state, fellBackFrom);
}

async function lastVerdict(exercise: CourseUnit): Promise<CheckResult> {
  // Nothing changed since the last check (npm run check, watch): its verdict says what fails, at once.
  const kept = cachedVerdict(exercise, verdictInputs(exercise, "exercises"));
  if (kept) return kept;
  const runner = await createCheckRunner();
  try {
    return await runner.run(exercise);
  } finally {
    await runner.close();
  }
}

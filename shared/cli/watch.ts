// npm run watch [N]: the learner's main loop. Checks exercise N (or the first one not done), then
// checks again on every save of that exercise's files, and shows only what to fix next. vitest stays
// warm in this process, so a re-check takes a fraction of a second. Keys: h hint, n next exercise
// (once this one's core checks pass; hard mode is optional), l list, r re-run, q quit. With no
// terminal: the verdict once, then exit.

import { watch, type FSWatcher } from "node:fs";
import path from "node:path";
import chalk from "chalk";
import { allPassed, firstFailing, passed, reportLines } from "./check-report.ts";
import { createCheckRunner, type CheckResult, type CheckRunner } from "./check-runner.ts";
import { findUnit, listUnits, unknownUnitMessage, type CourseUnit } from "./course-files.ts";
import { nextHintLines, readHintsIn } from "./hint.ts";
import { afterPassText } from "./solution-diff.ts";
import { messages } from "../i18n/messages.ts";

export interface WatchView {
  exercises: CourseUnit[];
  exercise: CourseUnit;
  result: CheckResult;
  done: ReadonlySet<string>;
  note?: string[]; // a hint, the list, or a message, shown under the verdict until the next check
  interactive?: boolean; // false: printed once, with no keys to press
  progressKnown?: boolean; // false while the other exercises are still being checked
}

export function progressBar(done: number, total: number, width = 20): string {
  const filled = total === 0 ? 0 : Math.round((done / total) * width);
  return `[${"█".repeat(filled)}${"░".repeat(width - filled)}] ${messages().watch.progressBar(done, total)}`;
}

// The next exercise not done (next-exercise.ts: after this one, else an earlier one skipped); while the
// others are still being checked, simply the next one.
function nextExercise(view: Pick<WatchView, "exercises" | "exercise" | "done" | "progressKnown">): CourseUnit | undefined {
  if (view.progressKnown === false) return view.exercises.find((e) => e.number > view.exercise.number);
  const after = view.exercises.filter((e) => e.number > view.exercise.number);
  const before = view.exercises.filter((e) => e.number < view.exercise.number);
  return [...after, ...before].find((e) => !view.done.has(e.id));
}

export function screenLines(view: WatchView): string[] {
  const ok = passed(view.result);
  const following = nextExercise(view);
  const keys = view.interactive !== false;
  const m = messages();
  const next = ok
    ? following
      ? keys
        ? allPassed(view.result)
          ? m.watch.pressNext(following.id)
          : m.watch.pressNextOrHard(following.id)
        : m.watch.runWatch(following.number)
      : view.progressKnown === false
        ? m.watch.lastExercise
        : m.check.allDone
    : keys
      ? m.watch.fixAndSave
      : m.watch.fixStuck(view.exercise.number);
  const lines = [
    chalk.bold(`${m.watch.progress} ${progressBar(view.done.size, view.exercises.length)}`) +
      (view.progressKnown === false ? chalk.dim(m.watch.checkingOthers) : ""),
    m.watch.exerciseLine(view.exercise.id).replace(view.exercise.id, chalk.bold(view.exercise.id)),
    "",
    ...reportLines(view.exercise, view.result, next),
  ];
  if (ok) lines.push("", ...afterPassText(view.exercise), "", m.check.next(next));
  if (view.note && view.note.length > 0) lines.push("", ...view.note);
  if (keys) lines.push("", chalk.dim(m.watch.watching(view.exercise.id, m.watch.keys)));
  return lines;
}

export function listLines(exercises: CourseUnit[], done: ReadonlySet<string>, current: CourseUnit): string[] {
  return [
    chalk.bold(messages().watch.list),
    ...exercises.map((e) => `${e.id === current.id ? ">" : " "} ${done.has(e.id) ? chalk.green("✔") : "·"} ${e.id}`),
  ];
}

// Watches one exercise's folder and re-checks after each save; one check at a time, and a save that
// lands during a check gets one more check after it.
export interface WatchSession {
  exercise(): CourseUnit;
  switchTo(exercise: CourseUnit): Promise<CheckResult>;
  recheck(): Promise<CheckResult>;
  close(): Promise<void>;
}

// Editors save in several steps (write, rename): one check once they settle, this many ms after the last.
export const SETTLE_MS = 30;

export function startWatching(
  runner: CheckRunner,
  first: CourseUnit,
  onResult: (exercise: CourseUnit, result: CheckResult) => void,
  root = process.cwd(),
): WatchSession {
  let current = first;
  let watcher: FSWatcher | undefined;
  let running: Promise<CheckResult> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;

  const check = async (): Promise<CheckResult> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let result: CheckResult;
      do {
        again = false;
        result = await runner.run(current);
        if (!again) onResult(current, result);
      } while (again);
      return result;
    })();
    try {
      return await running;
    } finally {
      running = undefined;
    }
  };

  const follow = (exercise: CourseUnit) => {
    watcher?.close();
    const dir = path.join(root, "exercises", exercise.id);
    watcher = watch(dir, (_event, name) => {
      if (!name || !String(name).endsWith(".ts")) return;
      runner.changed(path.join(dir, String(name)));
      clearTimeout(timer);
      timer = setTimeout(() => void check(), SETTLE_MS);
    });
  };
  follow(first);

  return {
    exercise: () => current,
    async switchTo(exercise) {
      current = exercise;
      follow(exercise);
      return check();
    },
    recheck: check,
    async close() {
      clearTimeout(timer);
      watcher?.close();
      await running?.catch(() => undefined);
    },
  };
}

export async function watchCommand(args: string[]): Promise<number> {
  const exercises = listUnits("exercises");
  if (args.length > 1 || (args[0] !== undefined && !findUnit(exercises, args[0]))) {
    console.error(chalk.red(unknownUnitMessage("exercise", args.join(" "), exercises, "npm run watch 1")));
    return 2;
  }
  const runner = await createCheckRunner();
  const interactive = process.stdin.isTTY === true && process.stdout.isTTY === true;
  const asked = findUnit(exercises, args[0]);
  const done = new Set<string>();
  let exercise: CourseUnit;
  let first: CheckResult;
  let progressKnown = true;
  if (asked && interactive) {
    // The exercise asked for comes first; the others' progress is checked behind it (see below).
    exercise = asked;
    first = await runner.run(exercise);
    progressKnown = false;
  } else {
    // Every exercise's checks run first (to find the next one and the progress): say so, as progress does.
    console.log(chalk.dim(messages().watch.runningAll));
    const all = await runner.runAll(exercises);
    for (const e of exercises) if (passed(all.get(e.id) ?? { checks: [] })) done.add(e.id);
    exercise = asked ?? exercises.find((e) => !done.has(e.id)) ?? exercises[exercises.length - 1]!;
    // The exercise on screen is always checked now, even when nothing changed since its last check.
    const known = all.get(exercise.id);
    first = known && !known.fromCache ? known : await runner.run(exercise);
  }
  if (passed(first)) done.add(exercise.id);

  if (!interactive) {
    const view: WatchView = { exercises, exercise, result: first, done, interactive: false };
    for (const line of screenLines(view)) console.log(line);
    console.log(chalk.dim(`\n${messages().watch.noTerminal}`));
    await runner.close();
    return passed(first) ? 0 : 1;
  }

  let view: WatchView = { exercises, exercise, result: first, done, progressKnown };
  const draw = () => process.stdout.write(`\x1b[2J\x1b[H${screenLines(view).join("\n")}\n`);
  const session = startWatching(runner, exercise, (current, result) => {
    if (passed(result)) done.add(current.id);
    else done.delete(current.id);
    view = { ...view, exercise: current, result, note: undefined };
    draw();
  });
  draw();
  if (!progressKnown) {
    const others = exercises.filter((e) => e.id !== exercise.id);
    void runner.runAll(others).then((all) => {
      for (const e of others) if (passed(all.get(e.id) ?? { checks: [] })) done.add(e.id);
      view = { ...view, progressKnown: true };
      draw();
    });
  }

  return new Promise<number>((resolve) => {
    const quit = async () => {
      process.stdin.off("data", onKey);
      process.stdin.setRawMode(false);
      process.stdin.pause();
      await session.close();
      await runner.close();
      process.stdout.write("\n");
      resolve(0);
    };
    const onKey = (data: Buffer) => {
      const key = data.toString("utf8");
      if (key === "q" || key === "\u0003" || key === "\u0004") return void quit();
      if (key === "r") {
        view = { ...view, note: [chalk.dim(messages().watch.checkingAgain)] };
        draw();
        return void session.recheck();
      }
      if (key === "h") {
        // A finished exercise has nothing to aim a hint at: say so, as npm run hint does.
        const note = allPassed(view.result)
          ? [chalk.green(messages().hint.allPass(view.exercise.id, view.exercise.number, readHintsIn(view.exercise.id).hints.length))]
          : nextHintLines(view.exercise, firstFailing(view.result));
        view = { ...view, note };
        return draw();
      }
      if (key === "l") {
        view = { ...view, note: listLines(exercises, done, view.exercise) };
        return draw();
      }
      if (key === "n") {
        const following = nextExercise(view);
        const m = messages().watch;
        if (!passed(view.result)) view = { ...view, note: [chalk.yellow(m.notYet)] };
        else if (!following) view = { ...view, note: [chalk.green(view.progressKnown === false ? m.lastExercise : messages().check.allDone)] };
        else {
          view = { ...view, note: [chalk.dim(m.checking(following.id))] };
          draw();
          return void session.switchTo(following);
        }
        return draw();
      }
    };
    process.stdin.setRawMode(true);
    process.stdin.resume();
    process.stdin.on("data", onKey);
  });
}

// npm run bench: start-up figures, as medians of several runs, beside a `node -e 0` baseline measured
// in the same run (the machine's speed varies; the ratio to the baseline says more than the seconds).
// Then the watch figure (save to verdict), then every script in bench/ (e.g. bench/executor.ts), which prints figures of its own.

import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import chalk from "chalk";
import { saveToVerdictSeconds } from "./bench-watch.ts";
import { copyCourse } from "./course-copy.ts";
import { listUnits } from "./course-files.ts";

const RUNS = 5;

function timeOnce(command: string, args: string[], cwd?: string): number {
  const env: NodeJS.ProcessEnv = { ...process.env, CI: "true", FORCE_COLOR: "0" };
  delete env.ANTHROPIC_API_KEY;
  const started = performance.now();
  spawnSync(command, args, { env, cwd, stdio: "ignore" });
  return (performance.now() - started) / 1000;
}

async function watchFigure(saves?: number): Promise<void> {
  console.log(chalk.bold("\nnpm run watch: save to verdict, exercise 01 (vitest warm)"));
  const measured = await saveToVerdictSeconds(saves);
  const value = median(measured.wall);
  const verdict = value <= 0.5 ? chalk.green(" (target <= 0.5 s: ok)") : chalk.red(" (target <= 0.5 s: over)");
  console.log(`  ${"save a file of exercise 01 -> new verdict".padEnd(52)} ${value.toFixed(2)} s  median of ${measured.wall.length}${verdict}`);
  console.log(`  ${"  CPU time per save (this process, all threads)".padEnd(52)} ${median(measured.cpu).toFixed(2)} s  (the wall time on an idle machine is about this)`);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function measure(label: string, command: string, args: string[], runs = RUNS, target?: number, cwd?: string): void {
  const times = Array.from({ length: runs }, () => timeOnce(command, args, cwd));
  const value = median(times);
  const verdict = target === undefined ? "" : value <= target ? chalk.green(` (target <= ${target} s: ok)`) : chalk.red(` (target <= ${target} s: over)`);
  console.log(`  ${label.padEnd(52)} ${value.toFixed(2)} s  median of ${runs}${verdict}`);
}

// `npm run bench -- watch` measures only the watch figure, over more saves (a quicker, steadier look
// while working on watch).
export async function benchCommand(args: string[] = []): Promise<number> {
  if (args[0] === "watch") {
    await watchFigure(15);
    return 0;
  }
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  console.log(chalk.bold("Start-up (wall time)"));
  measure("node -e 0 (baseline)", process.execPath, ["-e", "0"]);
  measure("npm run (npm's own start-up, baseline)", npm, ["run", "--silent", "bench:noop"]);

  // Lessons write into workspace/: they run in a copy of the course, so the learner's own files stay
  // as they are. A copy brings the course's bundle along (course-copy.ts); this one goes without, as
  // a fresh clone does, so its first run is the one that builds it.
  const copy = copyCourse(process.cwd(), "course-bench-");
  rmSync(path.join(copy.root, "node_modules", ".cache", "course"), { recursive: true, force: true });
  try {
    const lessonRun = (n: number) => ["run", "--silent", "lesson", String(n), "--", "--offline"];
    measure("npm run lesson 1 -- --offline, first run (builds)", npm, lessonRun(1), 1, undefined, copy.root);
    measure("npm run lesson 1 -- --offline", npm, lessonRun(1), RUNS, 1.0, copy.root);
    for (const lesson of listUnits("lessons").filter((l) => l.number > 1)) {
      measure(`npm run lesson ${lesson.number} -- --offline`, npm, lessonRun(lesson.number), 3, undefined, copy.root);
    }
  } finally {
    copy.remove();
  }
  measure("npm run check 1", npm, ["run", "--silent", "check", "1"], 3, 2.5);

  await watchFigure();

  const scripts = existsSync("bench") ? readdirSync("bench").filter((f) => f.endsWith(".ts")).sort() : [];
  for (const script of scripts) {
    console.log(chalk.bold(`\nbench/${script}`));
    spawnSync(process.execPath, ["--import", "tsx", path.join("bench", script)], { stdio: "inherit" });
  }
  return 0;
}

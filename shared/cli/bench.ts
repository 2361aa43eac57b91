// npm run bench: start-up figures, as medians of several runs, beside a `node -e 0` baseline measured
// in the same run (the machine's speed varies; the ratio to the baseline says more than the seconds).
// Then the watch figure (save to verdict), then every script in bench/ (e.g. bench/executor.ts), which prints figures of its own.

import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import chalk from "chalk";
// Imported up front, not lazily: the bench deletes and rebuilds the bundle this code runs from.
import { saveToVerdictSeconds } from "./bench-watch.ts";
import { listUnits } from "./course-files.ts";

const RUNS = 5;

function timeOnce(command: string, args: string[]): number {
  const env: NodeJS.ProcessEnv = { ...process.env, CI: "true", FORCE_COLOR: "0" };
  delete env.ANTHROPIC_API_KEY;
  const started = performance.now();
  spawnSync(command, args, { env, stdio: "ignore" });
  return (performance.now() - started) / 1000;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function measure(label: string, command: string, args: string[], runs = RUNS, target?: number): void {
  const times = Array.from({ length: runs }, () => timeOnce(command, args));
  const value = median(times);
  const verdict = target === undefined ? "" : value <= target ? chalk.green(` (target <= ${target} s: ok)`) : chalk.red(` (target <= ${target} s: over)`);
  console.log(`  ${label.padEnd(52)} ${value.toFixed(2)} s  median of ${runs}${verdict}`);
}

export async function benchCommand(): Promise<number> {
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  console.log(chalk.bold("Start-up (wall time)"));
  measure("node -e 0 (baseline)", process.execPath, ["-e", "0"]);
  measure("npm run (npm's own start-up, baseline)", npm, ["run", "--silent", "bench:noop"]);

  // The first run after a change rebuilds the bundle; every later run reuses it.
  rmSync(path.join("node_modules", ".cache", "course", "bundle"), { recursive: true, force: true });
  measure("npm run lesson 1 -- --offline, first run (builds)", npm, ["run", "--silent", "lesson", "1", "--", "--offline"], 1);
  measure("npm run lesson 1 -- --offline", npm, ["run", "--silent", "lesson", "1", "--", "--offline"], RUNS, 1.0);
  for (const lesson of listUnits("lessons").filter((l) => l.number > 1)) {
    measure(`npm run lesson ${lesson.number} -- --offline`, npm, ["run", "--silent", "lesson", String(lesson.number), "--", "--offline"], 3);
  }
  measure("npm run check 1", npm, ["run", "--silent", "check", "1"], 3, 2.5);

  console.log(chalk.bold("\nnpm run watch: save to verdict, exercise 01 (vitest warm)"));
  const saves = await saveToVerdictSeconds();
  const value = median(saves.wall);
  const verdict = value <= 0.5 ? chalk.green(" (target <= 0.5 s: ok)") : chalk.red(" (target <= 0.5 s: over)");
  console.log(`  ${"save a file of exercise 01 -> new verdict".padEnd(52)} ${value.toFixed(2)} s  median of ${saves.wall.length}${verdict}`);
  console.log(`  ${"  CPU time per save (this process, all threads)".padEnd(52)} ${median(saves.cpu).toFixed(2)} s  (the wall time on an idle machine is about this)`);

  const scripts = existsSync("bench") ? readdirSync("bench").filter((f) => f.endsWith(".ts")).sort() : [];
  for (const script of scripts) {
    console.log(chalk.bold(`\nbench/${script}`));
    spawnSync(process.execPath, ["--import", "tsx", path.join("bench", script)], { stdio: "inherit" });
  }
  return 0;
}

// npm run bench: what `npm run check 1` and a save in `npm run watch` are made of, each part measured
// on its own (bench-check-parts.ts, run as a new process the way npm run check is), so that the table
// says where the time goes and what no change to the course can take away.

import { spawnSync } from "node:child_process";
import path from "node:path";

export interface Part {
  wall: number; // seconds
  cpu: number; // CPU seconds of the process and its threads
}
export type CheckParts = Record<"importVitest" | "startVitest" | "empty" | "exercise" | "emptyAgain" | "exerciseAgain" | "importChecks" | "runChecks", Part>;

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

// The environment of a measured run: as CI has it (no colours, no terminal) and never with an API key,
// so nothing measured talks to the real API. `extra` adds settings of its own.
export function benchEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, CI: "true", FORCE_COLOR: "0", ...extra };
  delete env.ANTHROPIC_API_KEY;
  return env;
}

// Each part's median over `runs` new processes.
export function measureCheckParts(runs = 3): CheckParts {
  const env = benchEnv();
  const program = path.join("shared", "cli", "bench-check-parts.ts");
  const measured: CheckParts[] = [];
  for (let i = 0; i < runs; i++) {
    const run = spawnSync(process.execPath, [path.join("shared", "cli", "launch.mjs"), program], { env, encoding: "utf8" });
    const line = run.stdout.trim().split("\n").pop() ?? "";
    try {
      measured.push(JSON.parse(line) as CheckParts);
    } catch {
      throw new Error(`${program} printed no figures:\n${run.stdout}${run.stderr}`);
    }
  }
  const parts = {} as CheckParts;
  for (const key of Object.keys(measured[0]!) as Array<keyof CheckParts>) {
    parts[key] = { wall: median(measured.map((m) => m[key].wall)), cpu: median(measured.map((m) => m[key].cpu)) };
  }
  return parts;
}

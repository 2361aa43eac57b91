// Run by npm run bench (bench-check.ts) as a program of its own, in a new process as `npm run check`
// is: times, one after the other, the parts of a check that come before and around exercise 01's own
// checks. Prints one line of JSON: each part's wall and CPU seconds (CPU: this process, vitest's test
// worker threads included).
//   importVitest   loading vitest's node API (vite, rolldown and vitest's own modules)
//   startVitest    reading vitest.config.ts and starting vite's server, as the check runner does
//   empty          running a test file with one empty test: a new worker thread and vitest's runtime
//                  in it, the part of every run (every save in watch too) that is not the checks
//   exercise       running exercise 01's checks against exercises/ (nothing is written there)
//   emptyAgain, exerciseAgain   the same two runs again, vitest now warm, as a save in watch finds it
//   importChecks, runChecks     of exerciseAgain, as vitest's worker timed them (wall, no CPU): loading
//                  the test file and what it imports (the SDK, fast-check, the offline model...), and
//                  running its checks
// The empty test file lives in node_modules/.cache/course/bench/, never in the learner's folders.

import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { TestSpecification, Vitest } from "vitest/node";
import { startVitest, useCheckEnvironment } from "./check-runner.ts";
import { findUnit, listUnits, testFileFor } from "./course-files.ts";

interface Part {
  wall: number;
  cpu: number;
}

async function timed(job: () => Promise<unknown>): Promise<Part> {
  const wall = performance.now();
  const cpu = process.cpuUsage();
  await job();
  const used = process.cpuUsage(cpu);
  return { wall: (performance.now() - wall) / 1000, cpu: (used.user + used.system) / 1e6 };
}

const root = process.cwd();
const exercise = findUnit(listUnits("exercises", root), "1");
if (!exercise) throw new Error("exercise 01 is missing");
const emptyFile = path.join(root, "node_modules", ".cache", "course", "bench", "empty.test.ts");
mkdirSync(path.dirname(emptyFile), { recursive: true });
writeFileSync(emptyFile, 'import { it } from "vitest";\n\nit("does nothing", () => {});\n');

useCheckEnvironment("exercises");
let vitest: Vitest | undefined;
const parts: Record<string, Part> = {};
parts.importVitest = await timed(() => import("vitest/node"));
parts.startVitest = await timed(async () => (vitest = await startVitest(root)));
const project = vitest!.projects[0]!;
const empty: TestSpecification[] = [project.createSpecification(emptyFile)];
const checks = (await vitest!.globTestSpecifications([testFileFor(exercise)])).filter((s) => path.resolve(s.moduleId) === path.join(root, testFileFor(exercise)));
// Found no test file would make exercise 01's share come out as nothing: say so instead.
if (checks.length === 0) throw new Error(`bench: vitest found no test file ${testFileFor(exercise)} to time`);
parts.empty = await timed(() => vitest!.runTestSpecifications(empty));
parts.exercise = await timed(() => vitest!.runTestSpecifications(checks));
parts.emptyAgain = await timed(() => vitest!.runTestSpecifications(empty));
let again: Awaited<ReturnType<Vitest["runTestSpecifications"]>> | undefined;
parts.exerciseAgain = await timed(async () => (again = await vitest!.runTestSpecifications(checks)));
// The result lists every module vitest has run in this process: this one is exercise 01's.
const diagnostic = again?.testModules.find((m) => m.moduleId === checks[0]?.moduleId)?.diagnostic();
parts.importChecks = { wall: (diagnostic?.collectDuration ?? 0) / 1000, cpu: 0 };
parts.runChecks = { wall: (diagnostic?.duration ?? 0) / 1000, cpu: 0 };
await vitest!.close();
console.log(JSON.stringify(parts));

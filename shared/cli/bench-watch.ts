// npm run bench, the watch figure: how long from saving a file of exercise 01 to the new verdict,
// with vitest warm, as `npm run watch` runs it. Measured in a temporary copy of the course (the
// bench saves files), alternating the starter and the reference solution so every save changes
// the verdict.

import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { passed } from "./check-report.ts";
import { createCheckRunner, type CheckResult } from "./check-runner.ts";
import { copyCourse } from "./course-copy.ts";
import { findUnit, listUnits } from "./course-files.ts";
import { startWatching } from "./watch.ts";

// Wall time of each save, and the CPU time this process (vitest's worker threads included) spent on
// it: on a machine busy with other work the wall time grows, the CPU time much less.
export async function saveToVerdictSeconds(saves = 7): Promise<{ wall: number[]; cpu: number[] }> {
  const copy = copyCourse(process.cwd(), "course-bench-watch-");
  const runner = await createCheckRunner(copy.root);
  try {
    const exercise = findUnit(listUnits("exercises", copy.root), "1");
    if (!exercise) throw new Error("exercise 01 is missing");
    const file = path.join(copy.root, "exercises", exercise.id, "search-contacts.ts");
    const versions = [readFileSync(path.join(copy.root, "solutions", exercise.id, "search-contacts.ts"), "utf8"), readFileSync(file, "utf8")];
    let resolveNext: ((result: CheckResult) => void) | undefined;
    const session = startWatching(runner, exercise, (_exercise, result) => resolveNext?.(result), copy.root);
    await session.recheck(); // the first check is the cold one; watch's re-checks are what we time
    const times: number[] = [];
    const cpu: number[] = [];
    for (let i = 0; i < saves; i++) {
      const verdict = new Promise<CheckResult>((resolve) => (resolveNext = resolve));
      const started = performance.now();
      const cpuBefore = process.cpuUsage();
      writeFileSync(file, versions[i % 2]!);
      const result = await verdict;
      times.push((performance.now() - started) / 1000);
      const used = process.cpuUsage(cpuBefore);
      cpu.push((used.user + used.system) / 1e6);
      // A figure for a stale verdict would be worthless: the solution must pass, the starter must not.
      if (passed(result) !== (i % 2 === 0)) throw new Error(`save ${i + 1}: watch showed the verdict of the previous save`);
    }
    await session.close();
    return { wall: times, cpu };
  } finally {
    await runner.close();
    copy.remove();
  }
}

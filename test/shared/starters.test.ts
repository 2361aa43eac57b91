// `npm run reset` restores the starters recorded in shared/starters/. They must be the starters that
// ship in exercises/: this fails when an author changed a starter and did not record it.
// "Ship" means what the repository holds (git's HEAD), so a learner's own edits to exercises/ do not
// count; without git (a downloaded archive) the files in exercises/ are compared.

import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { listUnits, type CourseUnit } from "../../shared/cli/course-files.ts";
import { currentFiles, shippedStarter } from "../../shared/cli/starters.ts";

function git(args: string[]): string | undefined {
  try {
    return execFileSync("git", args, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
  } catch {
    return undefined;
  }
}

function committedFiles(exercise: CourseUnit): Map<string, string> | undefined {
  const listing = git(["ls-tree", "--name-only", "HEAD", `exercises/${exercise.id}/`]);
  if (listing === undefined) return undefined;
  const files = new Map<string, string>();
  for (const file of listing.split("\n").filter((f) => f.endsWith(".ts")).sort()) {
    const text = git(["show", `HEAD:${file}`]);
    if (text === undefined) return undefined;
    files.set(file.slice(file.lastIndexOf("/") + 1), text);
  }
  // An exercise not committed yet (an author's new one) is compared as it stands.
  return files.size > 0 ? files : undefined;
}

describe("the recorded starters match exercises/ as shipped", () => {
  for (const exercise of listUnits("exercises")) {
    it(exercise.id, () => {
      const recorded = shippedStarter(exercise);
      const shipped = committedFiles(exercise) ?? currentFiles(exercise);
      const advice =
        `shared/starters/${exercise.id}/ differs from exercises/${exercise.id}/ as committed. Author: run ` +
        `npm run reset -- --save-starters and commit shared/starters/ with the exercise.`;
      expect([...recorded.keys()], advice).toEqual([...shipped.keys()]);
      for (const [name, text] of shipped) expect(recorded.get(name), `${name}: ${advice}`).toBe(text);
    });
  }
});

// A temporary copy of the course in which a test plays the learner of exercise 01: it writes
// search-contacts.ts (the starter, the reference, something in between) and runs the course's commands
// as real processes, the way `npm run check 1` runs. Used by check-output and workbench-output tests.

import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { copyCourse, type CourseCopy } from "../../shared/cli/course-copy.ts";

const FILE = path.join("exercises", "01-first-tool", "search-contacts.ts");
const SOLUTION = path.join("solutions", "01-first-tool", "search-contacts.ts");

export interface Exercise01Copy {
  root: string;
  starter: string; // search-contacts.ts as shipped
  solution: string; // the reference solution's search-contacts.ts
  write(text: string): void; // saves search-contacts.ts in the copy
  // Runs `node shared/cli/launch.mjs ...args` in the copy, with no colour settings and no API key
  // unless `env` gives them.
  course(args: string[], env?: Record<string, string>): { code: number | null; out: string; stdout: string };
  remove(): void;
}

export function exercise01Copy(prefix: string): Exercise01Copy {
  const copy: CourseCopy = copyCourse(process.cwd(), prefix);
  return {
    root: copy.root,
    starter: readFileSync(path.join(copy.root, FILE), "utf8"),
    solution: readFileSync(path.join(copy.root, SOLUTION), "utf8"),
    write: (text) => writeFileSync(path.join(copy.root, FILE), text),
    course(args, env = {}) {
      const base: NodeJS.ProcessEnv = { ...process.env };
      delete base.FORCE_COLOR;
      delete base.NO_COLOR;
      delete base.ANTHROPIC_API_KEY;
      const result = spawnSync(process.execPath, ["shared/cli/launch.mjs", ...args], { cwd: copy.root, env: { ...base, ...env }, encoding: "utf8", timeout: 90_000 });
      return { code: result.status, out: result.stdout + result.stderr, stdout: result.stdout };
    },
    remove: () => copy.remove(),
  };
}

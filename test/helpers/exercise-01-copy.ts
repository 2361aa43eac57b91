// A temporary copy of the course in which a test plays the learner of exercise 01: it writes
// search-contacts.ts (the starter, the reference, something in between) and runs the course's commands
// as real processes, the way `npm run check 1` runs. Used by workbench-output.test.ts.

import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { copyCourse, type CourseCopy } from "../../shared/cli/course-copy.ts";
import { runCli, type CliResult } from "./run-cli.ts";

const FILE = path.join("exercises", "01-first-tool", "search-contacts.ts");
const SOLUTION = path.join("solutions", "01-first-tool", "search-contacts.ts");

export interface Exercise01Copy {
  root: string;
  starter: string; // search-contacts.ts as shipped
  solution: string; // the reference solution's search-contacts.ts
  write(text: string): void; // saves search-contacts.ts in the copy
  // Runs `node shared/cli/launch.mjs ...args` in the copy, with no colour settings and no API key
  // unless `env` gives them. Asynchronous, so runs that read the same files can go side by side.
  course(args: string[], env?: Record<string, string>): Promise<CliResult>;
  remove(): void;
}

// Leaves only the exercises named in `ids` in the copy's exercises/ (solutions/ and test/ stay whole:
// the course lists its exercises from exercises/ alone). progress and watch check every exercise they
// list, about a second of CPU each; a test that reads one or two of those lines needs only those.
function keepOnlyExercises(root: string, ids: string[]): void {
  const dir = path.join(root, "exercises");
  const missing = ids.filter((id) => !existsSync(path.join(dir, id)));
  if (missing.length > 0) throw new Error(`keepOnlyExercises: the course has no exercises/${missing.join(", exercises/")} to keep`);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory() && /^\d{2}-/.test(entry.name) && !ids.includes(entry.name)) rmSync(path.join(dir, entry.name), { recursive: true, force: true });
  }
}

export interface Exercise01CopyOptions {
  // The exercises the copy keeps (01-first-tool always); every exercise when not given.
  exercises?: string[];
}

function exercise01Copy(prefix: string, options: Exercise01CopyOptions): Exercise01Copy {
  const copy: CourseCopy = copyCourse(process.cwd(), prefix);
  if (options.exercises) keepOnlyExercises(copy.root, ["01-first-tool", ...options.exercises]);
  return {
    root: copy.root,
    starter: readFileSync(path.join(copy.root, FILE), "utf8"),
    solution: readFileSync(path.join(copy.root, SOLUTION), "utf8"),
    write: (text) => writeFileSync(path.join(copy.root, FILE), text),
    // runCli: no CA file to parse at each start (no run opens a TLS connection), no key, no model.
    course: (args, env = {}) => runCli(args, { cwd: copy.root, env: { FORCE_COLOR: undefined, NO_COLOR: undefined, ...env }, timeoutMs: 90_000 }),
    remove: () => copy.remove(),
  };
}

// For a whole test file: the copy is made before its first test and removed after its last. The
// object is usable at once; its fields read the copy made in beforeAll.
export function useExercise01Copy(prefix: string, options: Exercise01CopyOptions = {}): Omit<Exercise01Copy, "remove"> {
  let copy: Exercise01Copy | undefined;
  beforeAll(() => {
    copy = exercise01Copy(prefix, options);
  });
  afterAll(() => copy?.remove());
  const made = (): Exercise01Copy => {
    if (!copy) throw new Error("the course copy is made in beforeAll: use it inside a test or hook");
    return copy;
  };
  return {
    get root() {
      return made().root;
    },
    get starter() {
      return made().starter;
    },
    get solution() {
      return made().solution;
    },
    write: (text) => made().write(text),
    course: (args, env) => made().course(args, env),
  };
}

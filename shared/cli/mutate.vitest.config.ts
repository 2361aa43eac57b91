// Vitest config for `npm run mutate N` (stryker.config.mjs): the course's own config, but running only
// the mutated exercise's checks (COURSE_MUTATE) against solutions/. Stryker runs it inside its sandbox,
// a copy of the repo, so every path is taken from where this file is, not from the real repo.
//
// Why not Stryker's own `testFiles` option: with it, Stryker 9.6 switches on mutants in module-level
// values (the tool's description, its schema) only after the module has loaded, so those mutants
// always "survive" (stryker-js issue #6144). Choosing the test file here avoids that.

import path from "node:path";
import { defineConfig } from "vitest/config";
import { COURSE_TAGS } from "../../test/helpers/levels.ts";

const root = path.resolve(import.meta.dirname, "..", "..");
const exercise = process.env.COURSE_MUTATE ?? "";

export default defineConfig({
  resolve: {
    alias: [{ find: /^@exercise\/(.*)$/, replacement: path.join(root, "solutions", "$1") }],
  },
  test: {
    root,
    include: [`test/${exercise}.test.ts`],
    testTimeout: 15_000,
    tags: COURSE_TAGS,
    pool: "threads",
  },
});

// Mutation testing of one exercise's reference solution: `npm run mutate N` (shared/cli/mutate.ts)
// runs Stryker with this file once per exercise, naming the exercise in COURSE_MUTATE. Stryker
// changes solutions/NN-slug/*.ts one small edit at a time and runs only test/NN-slug.test.ts, with the
// @exercise alias pointing at the mutated copy in its sandbox.
// A mutant the checks do not notice ("survived") is a wrong answer the checks would let through.

import { readdirSync, readFileSync } from "node:fs";

const exercise = process.env.COURSE_MUTATE;
if (!exercise) throw new Error("Run this through `npm run mutate N`; it sets COURSE_MUTATE to the exercise.");

// Only what the learner writes is mutated: a file the starter hands over unchanged (contacts.ts in
// exercise 01) is given data, and mutating it measures nothing the checks are for.
const read = (file) => {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
};
const written = readdirSync(`solutions/${exercise}`)
  .filter((file) => file.endsWith(".ts"))
  .filter((file) => read(`solutions/${exercise}/${file}`) !== read(`exercises/${exercise}/${file}`))
  .map((file) => `solutions/${exercise}/${file}`);

export default {
  testRunner: "vitest",
  plugins: ["@stryker-mutator/vitest-runner"],
  mutate: written,
  // The config picks test/NN-slug.test.ts (not `testFiles`: see that file for why). related: false,
  // because the tests reach the solution through an alias, not a relative import.
  vitest: { configFile: "shared/cli/mutate.vitest.config.ts", related: false },
  coverageAnalysis: "perTest",
  reporters: ["json", "progress"],
  jsonReporter: { fileName: `reports/mutation/${exercise}.json` },
  // Both folders are git-ignored. The sandboxes are copies of the repo with node_modules linked in;
  // only what the exercise's checks need is copied.
  tempDirName: ".stryker-tmp",
  cleanTempDir: "always",
  ignorePatterns: ["workspace", "docs", "bench", "exercises", "test/wrong-answers", "test/lessons", "test/shared", "*.log", ".wrong-answers-run-*"],
  disableTypeChecks: `solutions/${exercise}/*.ts`,
  // Stryker rewrites the tsconfig it is pointed at through TypeScript's JavaScript API, which
  // TypeScript 7 (the native compiler) no longer has. Ours needs no rewriting (no "extends" or
  // "references" outside the sandbox), so it is pointed at a file that does not exist; the sandbox
  // still has tsconfig.json for vitest.
  tsconfigFile: "no-tsconfig-to-rewrite.json",
  concurrency: 2,
  timeoutMS: 10000,
  logLevel: "warn",
};

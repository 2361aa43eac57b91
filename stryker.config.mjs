// Mutation testing of one exercise's reference solution: `npm run mutate N` (shared/cli/mutate.ts)
// runs Stryker with this file once per exercise, naming the exercise in COURSE_MUTATE. Stryker
// changes solutions/NN-slug/*.ts one small edit at a time and runs only test/NN-slug.test.ts, with
// COURSE_TARGET=solutions so the @exercise alias points at the mutated copy in its sandbox.
// A mutant the checks do not notice ("survived") is a wrong answer the checks would let through.

const exercise = process.env.COURSE_MUTATE;
if (!exercise) throw new Error("Run this through `npm run mutate N`; it sets COURSE_MUTATE to the exercise.");

export default {
  testRunner: "vitest",
  plugins: ["@stryker-mutator/vitest-runner"],
  mutate: [`solutions/${exercise}/*.ts`],
  testFiles: [`test/${exercise}.test.ts`],
  // related: false, because the tests reach the solution through an alias, not a relative import.
  vitest: { configFile: "vitest.config.ts", related: false },
  coverageAnalysis: "perTest",
  reporters: ["json", "progress"],
  jsonReporter: { fileName: `reports/mutation/${exercise}.json` },
  // Both folders are git-ignored. The sandboxes are copies of the repo with node_modules linked in;
  // only what the exercise's checks need is copied.
  tempDirName: ".stryker-tmp",
  cleanTempDir: "always",
  ignorePatterns: ["workspace", "docs", "bench", "exercises", "test/wrong-answers", "test/lessons", "test/shared", "*.log"],
  disableTypeChecks: `solutions/${exercise}/*.ts`,
  concurrency: 2,
  timeoutMS: 10000,
  logLevel: "warn",
};

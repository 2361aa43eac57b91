// Vitest config for the wrong-answer proofs (see wrong-answers.ts): one run over the copies in
// COURSE_WRONG_RUN_DIR, one test file per wrong answer. isolate: false is what makes it fast: the
// modules every copy shares (the SDK, mathjs, the lessons, the mock) load once per worker, and the
// proxies of answer-proxy.ts let each exercise's checks be transformed once.
//   COURSE_PROJECT_REPORT  where ProjectReporter writes the results per test file

import os from "node:os";
import path from "node:path";
import { defineConfig } from "vitest/config";
import { COURSE_TAGS } from "../../test/helpers/levels.ts";
import { answerProxy } from "./answer-proxy.ts";
import { ProjectReporter } from "./project-reporter.ts";

const root = process.cwd();
const runDir = process.env.COURSE_WRONG_RUN_DIR ?? "";
const report = process.env.COURSE_PROJECT_REPORT;

export default defineConfig({
  plugins: [answerProxy(root)],
  // The calculator's mathjs pieces, as in vitest.config.ts (test/helpers/mathjs-parts.ts says why).
  resolve: { alias: [{ find: /^mathjs$/, replacement: path.join(root, "test", "helpers", "mathjs-parts.ts") }] },
  test: {
    root,
    include: [`${path.relative(root, runDir)}/*.test.ts`],
    reporters: report ? [new ProjectReporter(report)] : ["default"],
    testTimeout: 15_000,
    tags: COURSE_TAGS,
    // As in vitest.config.ts: the checks read the course's messages in English, whatever LANG says,
    // and see the course's default model, whatever ANTHROPIC_MODEL the shell has.
    env: { COURSE_LANG: "en", ANTHROPIC_MODEL: "" },
    // Each run's test files have new names (a fresh scratch folder), so vitest's cache of file
    // durations could never use them; without this, node_modules/.vite/vitest/ keeps every run's.
    cache: false,
    pool: "threads",
    isolate: false,
    setupFiles: [path.join(root, "shared", "cli", "proof-checks.ts")],
    // One worker per core, not the one more that npm test's own run uses (vitest-run.ts): these checks
    // compute more than they wait, and each worker loads the shared modules again.
    maxWorkers: os.availableParallelism(),
  },
});

import path from "node:path";
import { defineConfig } from "vitest/config";

// Tests import exercise code as "@exercise/NN-slug/file.ts". A learner's run points that at
// exercises/ (their code); the course's own run (COURSE_TARGET=solutions) points it at solutions/.
const target = process.env.COURSE_TARGET === "solutions" ? "solutions" : "exercises";

export default defineConfig({
  resolve: {
    alias: [{ find: /^@exercise\/(.*)$/, replacement: path.resolve(import.meta.dirname, target, "$1") }],
  },
  test: {
    include: ["test/**/*.test.ts"],
    // Each test file gets real temporary folders of its own; no test may touch the network or a terminal.
    testTimeout: 15_000,
    pool: "threads",
    // The course's own messages follow the learner's language (shared/i18n/language.ts); the tests
    // read them in English, whatever LANG the machine has. Spawned commands inherit it.
    env: { COURSE_LANG: "en" },
  },
});

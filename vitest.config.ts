import path from "node:path";
import { defineConfig } from "vitest/config";
import { GLOBAL_CHANGERS } from "./test/helpers/isolated-files.ts";
import { COURSE_TAGS } from "./test/helpers/levels.ts";
import { LongestFirst } from "./test/helpers/longest-first.ts";

// Tests import exercise code as "@exercise/NN-slug/file.ts". A learner's run points that at
// exercises/ (their code); the course's own run (COURSE_TARGET=solutions) points it at solutions/.
const target = process.env.COURSE_TARGET === "solutions" ? "solutions" : "exercises";

export default defineConfig({
  resolve: {
    alias: [
      { find: /^@exercise\/(.*)$/, replacement: path.resolve(import.meta.dirname, target, "$1") },
      // The pieces of mathjs the calculator uses, as the lesson's bundle keeps them; "mathjs" itself
      // builds a full instance on import, about a second per test file (mathjs-parts.ts says more).
      { find: /^mathjs$/, replacement: path.resolve(import.meta.dirname, "test", "helpers", "mathjs-parts.ts") },
    ],
  },
  test: {
    // Each test file gets real temporary folders of its own; no test may touch the network or a terminal.
    testTimeout: 15_000,
    pool: "threads",
    // Core and hard mode: a check tagged "hard" is hard mode (test/helpers/levels.ts).
    tags: COURSE_TAGS,
    // The course's own messages follow the learner's language (shared/i18n/language.ts); the tests
    // read them in English, whatever LANG the machine has. The model is the course's default, whatever
    // ANTHROPIC_MODEL the shell has ("" counts as unset, and dotenv does not replace it). Spawned
    // commands inherit both.
    env: { COURSE_LANG: "en", ANTHROPIC_MODEL: "" },
    // These packages are hundreds of small module files each; vitest bundles each into one file, once
    // (kept in node_modules/.vite), so a test worker opens a few files instead of hundreds. This is most
    // of what makes `npm run watch` re-check in under half a second.
    deps: { optimizer: { ssr: { enabled: true, include: ["@anthropic-ai/sdk", "fast-check", "ajv/dist/2020.js", "chalk", "diff", "dotenv"] } } },
    // A learner's checks always run isolated: their code must not change what another exercise sees.
    ...(target === "solutions"
      ? {
          sequence: { sequencer: LongestFirst },
          projects: [
            { extends: true, test: { name: "isolated", include: GLOBAL_CHANGERS } },
            { extends: true, test: { name: "shared", include: ["test/**/*.test.ts"], exclude: GLOBAL_CHANGERS, isolate: false } },
          ],
        }
      : { include: ["test/**/*.test.ts"] }),
  },
});

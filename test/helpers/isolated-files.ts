// Test files that change what every file in the same worker would see: process.env, fake timers, a
// mocked module. In the course's own run (vitest.config.ts) they keep a fresh module graph each; the
// other files share one per worker, which loads the SDK and friends once instead of once per file.
// test/shared/isolated-files.test.ts finds such files by what they call and keeps this list complete.

export const GLOBAL_CHANGERS = [
  "test/05-parallel-and-safe.test.ts",
  "test/09-channels.test.ts",
  "test/lessons/06-memory.test.ts",
  "test/shared/i18n-lesson-cli.test.ts",
  "test/shared/i18n-lesson-lines.test.ts",
  "test/shared/real-model-guard.test.ts",
];

// What such a file calls: changing the environment or the clock, or mocking a module.
export const CHANGES_GLOBALS =
  /vi\.mock\(|vi\.doMock|vi\.stubGlobal|vi\.stubEnv|process\.env\.[A-Z_]+ =|process\.env\[[^\]]+\] =|delete process\.env|vi\.useFakeTimers|process\.chdir/;

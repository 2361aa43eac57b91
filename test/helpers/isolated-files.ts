// Test files that change what every file in the same worker would see. In the course's own run
// (vitest.config.ts) they keep a fresh module graph each; the other files share one per worker, which
// loads the SDK and friends once instead of once per file.
// test/shared/isolated-files.test.ts finds such files by what they call and keeps this list complete.

export const GLOBAL_CHANGERS = ["test/09-channels.test.ts", "test/shared/i18n-lesson-cli.test.ts", "test/shared/i18n-lesson-lines.test.ts", "test/lessons/13-evals.test.ts"];

// What cannot be undone for the next file: a mocked module, process.env or the directory changed by
// hand, or a stubbed language setting (the course reads the language once per process and keeps it).
const CANNOT_BE_UNDONE =
  /vi\.mock\(|vi\.doMock|vi\.stubGlobal|process\.env\.[A-Z_]+ =|process\.env\[[^\]]+\] =|delete process\.env|process\.chdir|vi\.stubEnv\(\s*["'](?:COURSE_LANG|LANG|LC_ALL|LC_MESSAGES)["']/;

// A file changes globals if it does something that cannot be undone, or stubs the environment or
// fakes the clock without undoing it (vi.unstubAllEnvs, vi.useRealTimers) in the same file.
export function changesGlobals(source: string): boolean {
  if (CANNOT_BE_UNDONE.test(source)) return true;
  if (/vi\.stubEnv\(/.test(source) && !/vi\.unstubAllEnvs\(\)/.test(source)) return true;
  return /vi\.useFakeTimers\(/.test(source) && !/vi\.useRealTimers\(\)/.test(source);
}

// npm test shares one module graph per worker between test files (vitest.config.ts), except for the
// files that change globals. A new file that mocks a module, or stubs the environment or fakes the
// clock without undoing it, and is not on that list would pass alone and fail beside another file,
// depending on the order: found here instead.

import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { changesGlobals, GLOBAL_CHANGERS } from "../helpers/isolated-files.ts";
import { LONGEST_FILES } from "../helpers/longest-first.ts";

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "wrong-answers" ? [] : testFiles(file);
    return entry.name.endsWith(".test.ts") ? [file.split(path.sep).join("/")] : [];
  });
}

describe("test files that change globals run isolated", () => {
  const files = testFiles("test");

  it("every file that mocks a module, or stubs the environment or fakes timers without undoing it, is on the isolated list", () => {
    const changers = files.filter((file) => file !== "test/shared/isolated-files.test.ts" && changesGlobals(readFileSync(file, "utf8")));
    const missing = changers.filter((file) => !GLOBAL_CHANGERS.includes(file));
    expect(missing, "add these to GLOBAL_CHANGERS in test/helpers/isolated-files.ts").toEqual([]);
  });

  it("the list names only files that exist and still change globals", () => {
    for (const file of GLOBAL_CHANGERS) {
      expect(files, `${file} is on the isolated list but does not exist`).toContain(file);
      expect(changesGlobals(readFileSync(file, "utf8")), `${file} no longer changes globals: take it off the list`).toBe(true);
    }
  });
});

describe("what counts as changing globals", () => {
  it("a mock, a hand-written process.env, a new directory or a stubbed language, whatever the file undoes", () => {
    for (const source of ['vi.mock("node:crypto");', "process.env.MEMORY_DIR = 'x';", 'delete process.env.MEMORY_DIR;', 'process.chdir("/tmp");', 'vi.stubEnv("COURSE_LANG", "ru"); vi.unstubAllEnvs();', "vi.stubEnv('LANG', 'ru_RU'); vi.unstubAllEnvs();"]) {
      expect(changesGlobals(source), source).toBe(true);
    }
  });

  it("a stubbed environment or fake clock only when the file never undoes it", () => {
    expect(changesGlobals('vi.stubEnv("MEMORY_DIR", "x");')).toBe(true);
    expect(changesGlobals('vi.stubEnv("MEMORY_DIR", "x"); afterEach(() => vi.unstubAllEnvs());')).toBe(false);
    expect(changesGlobals("vi.useFakeTimers();")).toBe(true);
    expect(changesGlobals("vi.useFakeTimers(); try { } finally { vi.useRealTimers(); }")).toBe(false);
    expect(changesGlobals('const text = "process.env";')).toBe(false);
  });
});

describe("the files npm test starts first (test/helpers/longest-first.ts)", () => {
  it("are test files that exist", () => {
    const files = testFiles("test");
    for (const file of LONGEST_FILES) expect(files, `${file} is on the longest-first list but does not exist`).toContain(file);
  });
});

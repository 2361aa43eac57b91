// npm test shares one module graph per worker between test files (vitest.config.ts), except for the
// files that change globals. A new file that stubs the environment or fakes the clock and is not on
// that list would pass alone and fail beside another file, depending on the order: found here instead.

import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CHANGES_GLOBALS, GLOBAL_CHANGERS } from "../helpers/isolated-files.ts";

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "wrong-answers" ? [] : testFiles(file);
    return entry.name.endsWith(".test.ts") ? [file.split(path.sep).join("/")] : [];
  });
}

describe("test files that change globals run isolated", () => {
  const files = testFiles("test");

  it("every file that stubs the environment, fakes timers or mocks a module is on the isolated list", () => {
    const changers = files.filter((file) => file !== "test/shared/isolated-files.test.ts" && CHANGES_GLOBALS.test(readFileSync(file, "utf8")));
    const missing = changers.filter((file) => !GLOBAL_CHANGERS.includes(file));
    expect(missing, "add these to GLOBAL_CHANGERS in test/helpers/isolated-files.ts").toEqual([]);
  });

  it("the list names only files that exist and still change globals", () => {
    for (const file of GLOBAL_CHANGERS) {
      expect(files, `${file} is on the isolated list but does not exist`).toContain(file);
      expect(CHANGES_GLOBALS.test(readFileSync(file, "utf8")), `${file} no longer changes globals: take it off the list`).toBe(true);
    }
  });
});

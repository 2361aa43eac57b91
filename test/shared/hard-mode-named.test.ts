// Every exercise README names its hard-mode checks under "Hard mode", in both languages: each check
// tagged { tags: "hard" } in test/NN-slug.test.ts has a name there, and each name there is a hard
// check's (shared/cli/hard-checks.ts), so the list cannot fall behind the checks.

import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { listUnits, testFileFor } from "../../shared/cli/course-files.ts";
import { hardCheckTitles, namedHardChecks, names } from "../../shared/cli/hard-checks.ts";

describe("the reading of names", () => {
  it("finds tagged titles, with a run-time part as ..., and the quoted list items of the section", () => {
    const source = 'it("plain one", { tags: "hard" }, () => {});\n  it(`input ${label} counts`, { tags: "hard" }, () => {});\nit("core", () => {});\n  describe(\'a "quoted" one\', { tags: "hard" }, () => {});';
    expect(hardCheckTitles(source)).toEqual(["plain one", "input ... counts", 'a "quoted" one']);
    const readme = '## Hard mode\n\n- a requirement;\n- "plain one"\n\n## Next\n\n- "not this"\n';
    expect(namedHardChecks(readme)).toEqual(["plain one"]);
    expect(names("input ... counts", "input ... counts")).toBe(true);
    expect(names("plain", "plain one")).toBe(true);
    expect(names("one ... plain", "plain one")).toBe(false);
  });
});

describe("each exercise README names every hard-mode check, and only those", () => {
  for (const exercise of listUnits("exercises")) {
    it(exercise.id, () => {
      const titles = hardCheckTitles(readFileSync(testFileFor(exercise), "utf8"));
      for (const readme of ["README.md", "README.ru.md"]) {
        const file = `exercises/${exercise.id}/${readme}`;
        const named = namedHardChecks(readFileSync(file, "utf8"));
        const unnamed = titles.filter((title) => !named.some((name) => names(name, title)));
        expect(unnamed, `${file}: add these hard-mode checks under "Hard mode", one per line as - "title"`).toEqual([]);
        const stale = named.filter((name) => !titles.some((title) => names(name, title)));
        expect(stale, `${file}: these names under "Hard mode" are no hard-mode check's (renamed, removed, or core now?)`).toEqual([]);
      }
    });
  }
});

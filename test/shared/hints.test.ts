// Hints follow one convention, so `npm run hint` can aim at the failing check: every section is
// "## Hint k (TODO n)" (or "(TODOs n and m)"), numbered 1, 2, 3 ... in order, and every TODO in an
// exercise's code has hints. Also the pieces that pick one: todosIn and pickHint.

import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { listUnits } from "../../shared/cli/course-files.ts";
import { pickHint, readHints, type Hint } from "../../shared/cli/hint.ts";
import { todosIn } from "../../shared/cli/todos.ts";

describe("todosIn reads the TODOs a title, message or heading names", () => {
  it.each([
    ["searchContacts: the function (TODO 1) > finds", [1]],
    ["search_contacts: the definition (TODOs 2 and 3)", [2, 3]],
    ["TODO 1-2: did you mean ...?", [1, 2]],
    ["TODO 5-7: the three bad tools", [5, 6, 7]],
    ["not implemented yet: saveToFile(...) in exercises/03-saving-files/save-to-file.ts (TODO 1-4)", [1, 2, 3, 4]],
    ["capText (TODO 1 in exercises/06-memory/load-memory.ts) should keep", [1]],
    ["Hint 9 (TODOs 5, 6 and 7)", [5, 6, 7]],
    ["loop until stop_reason is not tool_use (TODO 2 and 3)", [2, 3]],
    ["Подсказка 4 (TODO 2 и 3)", [2, 3]],
    ["Подсказка 9 (TODO 5, 6 и 7)", [5, 6, 7]],
    ["TODO 2 или 3", [2]],
    ["TODO 12 and TODO 3", [3, 12]],
    ["TODOs 10-12", [10, 11, 12]],
    ["TODO 1 - 3", [1, 2, 3]],
    ["no todo here, 3 of 9 checks", []],
    ["todo lists (TODO: later)", []],
  ])("%s", (text, expected) => {
    expect(todosIn(text)).toEqual(expected);
  });
});

describe("pickHint", () => {
  const hints: Hint[] = [
    { heading: "Hint 1 (TODO 1)", text: "", todos: [1] },
    { heading: "Hint 2 (TODO 1)", text: "", todos: [1] },
    { heading: "Hint 3 (TODO 2)", text: "", todos: [2] },
    { heading: "Hint 4 (TODOs 2 and 3)", text: "", todos: [2, 3] },
    { heading: "Hint 5 (TODO 3)", text: "", todos: [3] },
  ];
  it("the first unseen hint for the failing TODO, nudge first", () => {
    expect(pickHint(hints, new Set(), [2])).toEqual({ index: 2, aimed: true });
    expect(pickHint(hints, new Set([2]), [2])).toEqual({ index: 3, aimed: true });
    expect(pickHint(hints, new Set([0, 1, 2]), [3])).toEqual({ index: 3, aimed: true });
  });
  it("all of a TODO's hints seen: the near-answer (its last) again, not another TODO's hint", () => {
    expect(pickHint(hints, new Set([0, 1]), [1])).toEqual({ index: 1, aimed: true });
  });
  it("no failing TODO (all pass, or the check names none): the first unseen in file order", () => {
    expect(pickHint(hints, new Set([0]), [])).toEqual({ index: 1, aimed: false });
    expect(pickHint(hints, new Set([0, 1, 2, 3, 4]), [])).toEqual({ index: 4, aimed: false });
    expect(pickHint(hints, new Set(), [9])).toEqual({ index: 0, aimed: false });
  });
});

// The Russian twin (hints.ru.md) follows the same convention with "## Подсказка k (TODO n и m)".
const hintFiles = [
  { fileName: "hints.md", heading: (k: number) => new RegExp(`^Hint ${k} \\(TODOs? [0-9, and]+\\)$`) },
  { fileName: "hints.ru.md", heading: (k: number) => new RegExp(`^Подсказка ${k} \\(TODO [0-9, и]+\\)$`) },
];

describe("every exercise's hints.md (and hints.ru.md) follows the convention", () => {
  for (const exercise of listUnits("exercises")) {
    for (const { fileName, heading } of hintFiles) {
      const file = `exercises/${exercise.id}/${fileName}`;
      // The English hints are required; a Russian twin is checked when it exists (translations.test.ts
      // requires it).
      if (fileName !== "hints.md" && !existsSync(file)) continue;
      it(file, () => {
        const hints = readHints(exercise.id, process.cwd(), fileName);
        expect(hints.length, `${file} has no "## " sections`).toBeGreaterThan(0);
        hints.forEach((hint, i) => {
          expect(hint.heading, `section ${i + 1} of ${file}`).toMatch(heading(i + 1));
          expect(hint.todos.length).toBeGreaterThan(0);
        });
        const dir = path.join("exercises", exercise.id);
        const code = readdirSync(dir)
          .filter((f) => f.endsWith(".ts"))
          .map((f) => readFileSync(path.join(dir, f), "utf8"))
          .join("\n");
        const inCode = new Set([...code.matchAll(/\/\/\s*(TODOs? [0-9][0-9 ,and-]*)/g)].flatMap((m) => todosIn(m[1]!)));
        const hinted = new Set(hints.flatMap((h) => h.todos));
        for (const todo of inCode) expect(hinted.has(todo), `TODO ${todo} in exercises/${exercise.id} has no hint in ${fileName}`).toBe(true);
        for (const todo of hinted) expect(inCode.has(todo), `a hint in ${fileName} names TODO ${todo}, which exercises/${exercise.id} does not have`).toBe(true);
        // Tiered: a TODO's hints go from a nudge to the near-answer, so a TODO with code in its last
        // hint has a hint before it.
        for (const todo of inCode) {
          const own = hints.filter((h) => h.todos.includes(todo));
          if (own.length === 1) expect(own[0]!.text, `TODO ${todo}: its only hint in ${fileName} should be a nudge, not code`).not.toContain("```");
        }
      });
    }
  }
});

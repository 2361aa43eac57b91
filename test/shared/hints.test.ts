// Hints follow one convention, so `npm run hint` can aim at the failing check: every section is
// "## Hint k (TODO n)" (or "(TODOs n and m)"), numbered 1, 2, 3 ... in order, and every TODO in an
// exercise's code has hints. Also the pieces that pick one: todosIn and pickHint.

import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { listUnits } from "../../shared/cli/course-files.ts";
import { pickHint, readHints, type Hint } from "../../shared/cli/hint.ts";
import { hintAnswers, hintCode, LESSON_WORDS, lessonWordsAnswers, spliceHint, type HintMark } from "../../shared/cli/hint-answers.ts";
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

// The ladder (docs/AUTHORING.md, "Hints"): for each TODO a question first, then the key fact, then code.
// Every code block says what it is for in a line before it: "Replaces: `fn` in `file.ts`. Passes: ..."
// for a whole function or body (npm test splices it into the solution and runs those checks:
// shared/cli/hint-answers.ts), or "Moves: ..." for one step, naming the check it makes pass. The twin
// carries the same marks («Заменяет», «Проходит», «Сдвигает») with the same quotes.
describe("every exercise's hints climb a ladder, and code says which checks it is for", () => {
  const markOf = (mark: HintMark | undefined) => (mark === undefined ? "none" : mark.kind === "replaces" ? `replaces ${mark.target} in ${mark.file}: ${mark.checks.join(" | ")}` : `moves: ${mark.checks.join(" | ")}`);
  for (const exercise of listUnits("exercises")) {
    it(`exercises/${exercise.id}`, () => {
      const hints = readHints(exercise.id);
      const code = hintCode(exercise.id);
      const checksSource = readFileSync(path.join("test", `${exercise.id}.test.ts`), "utf8");
      for (const block of code) {
        const where = `exercises/${exercise.id}/hints.md, hint ${block.hint}`;
        expect(block.mark, `${where}: a code block needs a line before it saying what it is for: "Replaces: \`fn\` in \`file.ts\`. Passes: \\"check\\"" or "Moves: \\"check\\""`).toBeDefined();
        expect(block.mark!.checks.length, `${where}: name at least one check in double quotes`).toBeGreaterThan(0);
        for (const quote of block.mark!.checks) {
          for (const part of quote.split(/\.\.\.|…/).map((p) => p.trim()).filter((p) => p !== "")) {
            expect(checksSource.includes(part), `${where}: no check of test/${exercise.id}.test.ts has "${part}" in its title`).toBe(true);
          }
        }
        const hint = hints[block.hint - 1]!;
        const before = hints.slice(0, block.hint - 1).filter((h) => h.todos.some((t) => hint.todos.includes(t)));
        // Code comes after the question, and a whole function after the key fact too.
        const needed = block.mark!.kind === "replaces" ? 2 : 1;
        expect(before.length, `${where}: ${block.mark!.kind === "replaces" ? "a whole function comes after a question and a key fact" : "code comes after a question"} for the same TODO (${before.length} hint(s) before it)`).toBeGreaterThanOrEqual(needed);
      }
      // The first hint of every TODO asks a question and gives no code.
      const todos = new Set(hints.flatMap((h) => h.todos));
      for (const todo of todos) {
        const first = hints.findIndex((h) => h.todos.includes(todo));
        expect(hints[first]!.text, `exercises/${exercise.id}/hints.md: hint ${first + 1}, the first for TODO ${todo}, should ask a question`).toMatch(/\?/);
        expect(code.some((c) => c.hint === first + 1), `exercises/${exercise.id}/hints.md: hint ${first + 1}, the first for TODO ${todo}, should be a question, not code`).toBe(false);
      }
      // The twin marks the same blocks the same way.
      if (existsSync(`exercises/${exercise.id}/hints.ru.md`)) {
        const twin = hintCode(exercise.id, process.cwd(), "hints.ru.md");
        expect(twin.map((c) => `${c.hint}: ${markOf(c.mark)}`), `exercises/${exercise.id}/hints.ru.md marks its code as hints.md does`).toEqual(code.map((c) => `${c.hint}: ${markOf(c.mark)}`));
      }
    });
  }
});

describe("spliceHint puts a hint's code in place of a function, a body or a method", () => {
  const source = [
    "import x from \"y\";",
    "",
    "export function add(a: number, b: number): number {",
    "  return a - b;",
    "}",
    "",
    "export const tool = {",
    "  name: \"t\",",
    "  run(input) {",
    "    return \"old\";",
    "  },",
    "};",
    "",
    "function after() {}",
  ].join("\n");
  it("a body replaces the body, indented, and the declaration stays", () => {
    expect(spliceHint(source, "add", "return a + b;")).toContain("export function add(a: number, b: number): number {\n  return a + b;\n}\n\nexport const tool");
  });
  it("a declaration replaces the declaration, keeping export", () => {
    const out = spliceHint(source, "add", "// why\nfunction add(a: number, b: number) {\n  return a + b;\n}");
    expect(out).toContain("// why\nexport function add(a: number, b: number) {\n  return a + b;\n}\n\nexport const tool");
    expect(out).not.toContain("a - b");
  });
  it("a method of a top-level object", () => {
    const out = spliceHint(source, "tool.run", "return \"new\";");
    expect(out).toContain("  run(input) {\n    return \"new\";\n  },\n};\n\nfunction after() {}");
  });
  it("an unknown target is an error that names it", () => {
    expect(() => spliceHint(source, "missing", "x")).toThrow(/missing/);
  });
});

describe("every hint marked Replaces splices into its solution", () => {
  it("names a function the solution file has, and the copy holds the hint's code (npm test then runs the checks it names)", () => {
    const scratch = mkdtempSync(path.join(os.tmpdir(), "course-hints-"));
    try {
      const { answers, problems } = hintAnswers(scratch);
      expect(problems).toEqual([]);
      expect(answers.length, "the course has whole-function hints (exercises 01, 02, 06, 08, 09, 11)").toBeGreaterThanOrEqual(7);
      for (const answer of answers) {
        const file = answer.files[0]!;
        const spliced = readFileSync(path.join(answer.dir, file), "utf8");
        for (const line of answer.code.split("\n").map((l) => l.trim()).filter((l) => l !== "")) {
          expect(spliced, `${answer.label}: the spliced copy holds the hint's line`).toContain(line);
        }
        expect(answer.caughtBy?.length, `${answer.label}: names the checks it passes`).toBeGreaterThan(0);
      }
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });
});

describe("the lessons' own functions in LESSON_WORDS splice into their exercises' solutions", () => {
  it("each is found in its lesson, and the copy holds it", () => {
    const scratch = mkdtempSync(path.join(os.tmpdir(), "course-lesson-words-"));
    try {
      const { answers, problems } = lessonWordsAnswers(scratch);
      expect(problems).toEqual([]);
      expect(answers.map((a) => a.label)).toHaveLength(LESSON_WORDS.length);
      for (const answer of answers) expect(readFileSync(path.join(answer.dir, answer.files[0]!), "utf8")).toContain(answer.code);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });
});

// The times a learner plans with are computed from the lessons' files (shared/cli/lesson-time.ts):
// the README's table, its totals and each lesson's opening lines must show the computed figures, in
// both languages. When a lesson or its checks change, this test says what to write.

import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { countChecks, estimateAllLessons } from "../../shared/cli/lesson-time.ts";

const root = process.cwd();
const times = estimateAllLessons(root);
const read = (file: string) => readFileSync(`${root}/${file}`, "utf8");
const hours = (minutes: number) => Math.round(minutes / 60);
const isCore = (lesson: string) => Number(lesson.slice(0, 2)) <= 7;
const sum = (list: number[]) => list.reduce((a, b) => a + b, 0);

describe("estimated times", () => {
  it("counts core and hard-mode checks apart", () => {
    const source = [
      'it("a", () => {});',
      'it("b", { tags: "hard" }, () => {});',
      'describe("c", { tags: "hard" }, () => {',
      '  it("d", () => {});',
      '  it.each([1, 2])("e %s", () => {});',
      "});",
      'test("f", () => {});',
    ].join("\n");
    expect(countChecks(source)).toEqual({ core: 2, hard: 3 });
  });

  it("finds every lesson that has an exercise", () => {
    expect(times.map((t) => t.lesson.slice(0, 2))).toEqual(expect.arrayContaining(["01", "07", "11"]));
  });

  for (const [file, unit] of [["README.md", "min"], ["README.ru.md", "мин"]] as const) {
    it(`${file}: each lesson's row shows its computed time`, () => {
      const text = read(file);
      for (const t of times) {
        const row = text.split("\n").find((line) => line.startsWith(`| ${t.lesson.slice(0, 2)} |`));
        expect(row, `${file} has no table row for lesson ${t.lesson}`).toBeDefined();
        expect(row?.trim().endsWith(`| ~${t.core} (+${t.hard}) ${unit} |`), `${file}, lesson ${t.lesson}: write "~${t.core} (+${t.hard}) ${unit}" in the time column`).toBe(true);
      }
    });
  }

  it("README.md and README.ru.md: the totals are the sums of the rows", () => {
    const core = times.filter((t) => isCore(t.lesson));
    const advanced = times.filter((t) => !isCore(t.lesson));
    const [c, ch, a, ah] = [sum(core.map((t) => t.core)), sum(core.map((t) => t.hard)), sum(advanced.map((t) => t.core)), sum(advanced.map((t) => t.hard))].map(hours);
    const en = `The core path comes to about ${c} hours, plus about ${ch} for its hard modes; the advanced track to about ${a}, plus about ${ah}.`;
    const ru = `Основной путь занимает около ${c} часов и ещё около ${ch} на сложные режимы; продвинутая часть — около ${a} и ещё около ${ah}.`;
    expect(read("README.md").replace(/\s+/g, " ").includes(en), `README.md should say: ${en}`).toBe(true);
    expect(read("README.ru.md").replace(/\s+/g, " ").includes(ru), `README.ru.md should say: ${ru}`).toBe(true);
  });

  for (const t of times) {
    it(`lesson ${t.lesson}: its opening lines give the computed time`, () => {
      const en = `**Time**: about ${t.core} min, plus about ${t.hard} min for the hard mode; estimated`;
      const ru = `**Время**: около ${t.core} мин и ещё около ${t.hard} мин на сложный режим, по оценке`;
      expect(read(`lessons/${t.lesson}/README.md`).replace(/\s*\n>?\s*/g, " ").includes(en), `lessons/${t.lesson}/README.md should say: ${en}`).toBe(true);
      expect(read(`lessons/${t.lesson}/README.ru.md`).replace(/\s*\n>?\s*/g, " ").includes(ru), `lessons/${t.lesson}/README.ru.md should say: ${ru}`).toBe(true);
    });
  }
});

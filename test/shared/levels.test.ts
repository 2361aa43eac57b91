// Core and hard mode (test/helpers/levels.ts): an exercise is done when its core checks pass; check,
// watch and progress say so first and count hard mode apart, in English and Russian; the next step
// is the next exercise not done; the proofs judge a core mistake by the core checks alone.

import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { allPassed, firstFailing, passed, reportLines } from "../../shared/cli/check-report.ts";
import { frameFor, hookTimeout, type CheckOutcome, type CheckResult } from "../../shared/cli/check-runner.ts";
import { listUnits, testFileFor } from "../../shared/cli/course-files.ts";
import { nextNotDone } from "../../shared/cli/next-exercise.ts";
import { screenLines } from "../../shared/cli/watch.ts";
import { levelOf, listWrongAnswers } from "../../shared/cli/wrong-answers.ts";
import { en } from "../../shared/i18n/en.ts";
import { ru } from "../../shared/i18n/ru.ts";
import { COURSE_TAGS, HARD, isHard } from "../helpers/levels.ts";

const exercises = listUnits("exercises");
const unit = (n: number) => exercises.find((e) => e.number === n)!;
const check = (title: string, ok: boolean, hard = false): CheckOutcome => ({ title, passed: ok, hard, message: ok ? "" : `${title} failed`, todos: [], frame: "" });
const plain = (lines: string[]) => stripVTControlCharacters(lines.join("\n"));

describe("the marking: a vitest tag on the check's own line", () => {
  it("is one tag, known to every config that runs the checks", () => {
    expect(COURSE_TAGS.map((t) => t.name)).toEqual([HARD]);
    for (const config of ["vitest.config.ts", "shared/cli/wrong-answers.config.ts", "shared/cli/mutate.vitest.config.ts"]) {
      expect(readFileSync(config, "utf8"), `${config} must list COURSE_TAGS (vitest refuses an unknown tag)`).toMatch(/tags: COURSE_TAGS/);
    }
    expect(isHard(["hard"])).toBe(true);
    expect(isHard([])).toBe(false);
    expect(isHard(undefined)).toBe(false);
  });

  it("every exercise has core checks and hard-mode checks, and marks them only with { tags: \"hard\" }", () => {
    for (const exercise of exercises) {
      const source = readFileSync(testFileFor(exercise), "utf8");
      const tagged = [...source.matchAll(/^\s*(?:it|describe|test)(?:\.\w+)?\(.*?\{ tags: ([^}]*)\}/gm)].map((m) => m[1]!.trim());
      expect(tagged.length, `${exercise.id}: no check is marked hard mode`).toBeGreaterThan(0);
      for (const tag of tagged) expect(tag, `${exercise.id}: write the tag as { tags: "hard" }`).toBe('"hard"');
      const checks = source.match(/^\s*it(\.\w+)?\(/gm) ?? [];
      expect(checks.length, `${exercise.id}: hard mode must leave core checks`).toBeGreaterThan(tagged.length);
    }
  });
});

describe("done means the core checks pass", () => {
  const coreFails: CheckResult = { checks: [check("a > core one", true), check("a > core two", false), check("a > hard one", false, true)] };
  const hardFails: CheckResult = { checks: [check("a > core one", true), check("a > core two", true), check("a > hard one", false, true), check("a > hard two", true, true)] };
  const allPass: CheckResult = { checks: [check("a > core one", true), check("a > hard one", true, true)] };

  it("passed() looks at the core checks; allPassed() at every check; the first failing is a core one first", () => {
    expect(passed(coreFails)).toBe(false);
    expect(passed(hardFails)).toBe(true);
    expect(allPassed(hardFails)).toBe(false);
    expect(allPassed(allPass)).toBe(true);
    expect(firstFailing(coreFails)?.title).toBe("a > core two");
    expect(firstFailing(hardFails)?.title).toBe("a > hard one");
    expect(passed({ checks: [check("a > hard only", true, true)] }), "no core check at all is not done").toBe(false);
    expect(passed({ checks: [check("a > x", true)], broken: { message: "x", frame: "" } })).toBe(false);
  });

  it("check's report: core first, hard mode counted apart (English)", () => {
    const failing = plain(reportLines(unit(3), coreFails, "fix it"));
    expect(failing).toContain("First failing check: a > core two");
    expect(failing).not.toContain("a > hard one");
    expect(failing).toContain("1 of 2 core checks pass (then hard mode, 1 more, optional). Next: fix it");
    const done = plain(reportLines(unit(3), hardFails, "next"));
    expect(done).toContain("✔ All 2 core checks pass. Exercise 03-saving-files is done; hard mode 1 of 2.");
    expect(done).toContain("Hard mode (optional");
    expect(done).toContain("First failing: a > hard one");
    expect(done).toContain("a > hard one failed");
    expect(plain(reportLines(unit(3), allPass, "next"))).toBe("✔ All 1 core checks pass. Exercise 03-saving-files is done; hard mode 1 of 1 too.");
    expect(plain(reportLines(unit(3), { checks: [check("a > b", true)] }, "next")), "no hard mode: the old wording").toBe("✔ All 1 checks pass. Exercise 03-saving-files is done.");
  });

  it("the same in Russian", () => {
    expect(ru.check.passedCoreVerdict(12, "03-saving-files", 3, 12)).toBe("✔ Все основные проверки пройдены (12 проверок). Упражнение 03-saving-files готово; сложный режим: 3 из 12.");
    expect(ru.check.passedCoreVerdict(1, "01-first-tool", 5, 5)).toBe("✔ Все основные проверки пройдены (1 проверка). Упражнение 01-first-tool готово; сложный режим: 5 из 5, тоже всё.");
    expect(ru.check.count(1, 10, 5)).toBe("1 из 10 основных проверок проходит (потом сложный режим, ещё 5, по желанию).");
    expect(ru.check.count(3, 21, 2)).toBe("3 из 21 основной проверки проходят (потом сложный режим, ещё 2, по желанию).");
    expect(ru.check.count(2, 15)).toBe("2 из 15 проверок проходят.");
    expect(ru.progress.doneHard(3, 12)).toBe("✔ готово · сложный режим 3/12");
    expect(ru.progress.checks(4, 10, 5)).toBe("4 из 10 основных");
    expect(ru.check.hardFirstFailing("x > y", 3)).toMatch(/^Сложный режим \(по желанию.*npm run hint 3\)\. Первая непройденная: x > y$/);
    expect(ru.check.nextLesson(2, "02-agent-loop")).toBe("упражнение 02: npm run lesson 2, затем exercises/02-agent-loop/README.ru.md");
    expect(ru.check.backTo(1, "01-first-tool")).toBe("упражнение 01, оно ещё не готово: npm run watch 1 (exercises/01-first-tool/README.ru.md)");
    expect(en.progress.doneHard(3, 12)).toBe("✔ done · hard mode 3/12");
    expect(en.progress.checks(4, 10, 5)).toBe("4/10 core checks");
    expect(en.progress.checks(4, 10)).toBe("4/10 checks");
  });
});

describe("the next exercise: the next one not done, and 'every exercise is done' only when all are", () => {
  // The last exercise and the last four, whatever the course's last one is now.
  const last = exercises.at(-1)!.number;
  const lastFour = exercises.slice(-4).map((e) => e.number);
  it("after the current one first, then an earlier one skipped, then none", async () => {
    const done = (ids: number[]) => (e: { number: number }) => ids.includes(e.number);
    expect((await nextNotDone(exercises, unit(3), done([1, 2, 3])))?.number).toBe(4);
    expect((await nextNotDone(exercises, unit(last), done(lastFour)))?.number, "check the last exercise with the first ones not done").toBe(1);
    expect((await nextNotDone(exercises, unit(5), done(exercises.map((e) => e.number).filter((n) => n !== 4))))?.number).toBe(4);
    expect(await nextNotDone(exercises, unit(last), done(exercises.map((e) => e.number)))).toBeUndefined();
  });

  it("asks about as few exercises as it can (check runs the checks of each one it asks about)", async () => {
    const asked: number[] = [];
    await nextNotDone(exercises, unit(2), async (e) => {
      asked.push(e.number);
      return e.number === 3;
    });
    expect(asked).toEqual([3, 4]);
  });

  it("watch says the same: 'every exercise is done' only when every exercise is", () => {
    const result: CheckResult = { checks: [check("a > core", true), check("a > hard", false, true)] };
    const view = (done: number[]) => ({ exercises, exercise: unit(last), result, done: new Set(done.map((n) => unit(n).id)), interactive: false });
    const someLeft = plain(screenLines(view(lastFour)));
    expect(someLeft).toContain("Next: npm run watch 1");
    expect(someLeft).not.toContain("every exercise is done");
    expect(plain(screenLines(view(exercises.map((e) => e.number))))).toContain("Next: every exercise is done.");
    const keys = plain(screenLines({ ...view([1, last]), interactive: true }));
    expect(keys, "core done, hard mode not: say hard mode is there").toContain("Next: press n for exercise 02-agent-loop, or stay for hard mode");
  });
});

describe("where the code frame points", () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  function course() {
    dir = mkdtempSync(path.join(os.tmpdir(), "course-frames-"));
    const learner = path.join(dir, "exercises", "08-assistant");
    mkdirSync(learner, { recursive: true });
    mkdirSync(path.join(dir, "test"));
    writeFileSync(path.join(learner, "repair.ts"), 'export function repair() {\n  throw new Error(`not implemented yet: repair() in exercises/08-assistant/repair.ts (${1} given)`);\n}\n');
    writeFileSync(path.join(dir, "test", "08.test.ts"), "// the check\nexpect.fail(message);\n");
    return { learner, test: path.join(dir, "test", "08.test.ts"), code: path.join(learner, "repair.ts") };
  }

  it("at the learner's line when the error came from there, directly or as the cause a check passed on", () => {
    const { learner, test, code } = course();
    const direct = frameFor({ message: "boom", stacks: [{ file: code, line: 2, column: 9 }, { file: test, line: 2, column: 1 }] }, dir, learner);
    expect(direct.split("\n")[0]).toBe("exercises/08-assistant/repair.ts:2:9");
    const cause = { message: "TypeError", stack: `TypeError: x\n    at repair (${code}:2:9)\n    at ${test}:2:1` };
    const viaCause = frameFor({ message: 'repair threw "x"', stacks: [{ file: test, line: 2, column: 1 }], cause }, dir, learner);
    expect(viaCause.split("\n")[0]).toBe("exercises/08-assistant/repair.ts:2:9");
  });

  it("at the starter's throw when a check passed its 'not implemented yet' words on; else at the check", () => {
    const { learner, test } = course();
    const starter = frameFor({ message: "not implemented yet: repair() in exercises/08-assistant/repair.ts (1 given)", stacks: [{ file: test, line: 2, column: 1 }] }, dir, learner);
    expect(starter.split("\n")[0]).toBe("exercises/08-assistant/repair.ts:2:20");
    const assertion = frameFor({ message: "expected 1 to be 2", stacks: [{ file: test, line: 2, column: 1 }] }, dir, learner);
    expect(assertion.split("\n")[0]).toBe("test/08.test.ts:2:1");
  });

  it("a hook that timed out says what that means, in both languages", () => {
    expect(hookTimeout("Hook timed out in 10000ms.")).toMatch(/^A setup or clean-up step of this check waited 10 s for your code: a promise .* never settled\. .*README.*\nHook timed out in 10000ms\.$/s);
    expect(ru.check.hookTimedOut(10_000)).toMatch(/ждала ваш код 10 с: обещание .* так и не завершилось/);
    expect(hookTimeout("expected 1 to be 2")).toBe("expected 1 to be 2");
  });
});

describe("wrong answers: 'Level: hard', else core", () => {
  it("reads the Level line; no line means core; another word is refused", () => {
    expect(levelOf("Compares as typed. Caught by \"x\".")).toBe("core");
    expect(levelOf("Misses NFC.\n\nLevel: hard\n")).toBe("hard");
    expect(levelOf("Level: Core")).toBe("core");
    expect(levelOf("Level: advanced")).toBeUndefined();
  });

  it("each wrong answer of the course has a level, and every exercise keeps core ones", () => {
    const all = listWrongAnswers();
    expect(all.every((w) => w.level === "core" || w.level === "hard")).toBe(true);
    for (const exercise of readdirSync("test/wrong-answers").filter((d) => /^\d\d-/.test(d))) {
      expect(all.filter((w) => w.exercise === exercise && w.level === "core").length, `${exercise}: no wrong answer about the core idea`).toBeGreaterThan(0);
    }
  });
});

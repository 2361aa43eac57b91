// The wrong-answer proofs (shared/cli/wrong-answers.ts) transform each exercise's checks once and load
// them again for every wrong answer, through proxies that import that answer's files. Whether a
// whole run judges each answer by its own files is checked inside every run: correct variants run
// beside the wrong answers and must pass (CONTROL_EXERCISES in wrong-answer-proofs.ts), and each
// test file stops if a proxy was not loaded for its answer (answer-under-test.ts). These are the
// parts that can be checked without starting vitest again.

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runtimeExports } from "../../shared/cli/answer-proxy.ts";
import type { ProjectOutcome, ProjectReport } from "../../shared/cli/project-reporter.ts";
import { CONTROL_EXERCISES, judge } from "../../shared/cli/wrong-answer-proofs.ts";
import { caughtByOf, isNamedCheck, keyOf, listWrongAnswers, prepareRun } from "../../shared/cli/wrong-answers.ts";

const scratch = mkdtempSync(path.join(os.tmpdir(), "course-proof-test-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("answer proxies re-export what the solution exports at run time", () => {
  it("lists functions, constants, classes and renamed exports, and leaves out types and interfaces", () => {
    const file = path.join(scratch, "tool.ts");
    writeFileSync(
      file,
      [
        "export interface Options { x: number }",
        "export type Name = string;",
        "export const LIMIT = 3;",
        "export async function run(): Promise<void> {}",
        "export function* pages() {}",
        "export class ToolError extends Error {}",
        "const hidden = 1;",
        "function helper() {}",
        "export { hidden as shown, helper, type Options as Settings };",
      ].join("\n"),
    );
    expect(runtimeExports(file)).toEqual(["LIMIT", "ToolError", "helper", "pages", "run", "shown"]);
  });

  it("finds every name a check imports from the exercise files", () => {
    const missing: string[] = [];
    for (const checks of ["01-first-tool", "04-tool-contract", "10-edit-tool"]) {
      const source = readFileSync(path.join("test", `${checks}.test.ts`), "utf8");
      for (const m of source.matchAll(/import \{([^}]*)\} from "@exercise\/([^"]+)"/g)) {
        const exported = runtimeExports(path.join("solutions", m[2] ?? ""));
        const names = (m[1] ?? "").split(",").map((n) => n.trim()).filter((n) => n !== "" && !n.startsWith("type "));
        for (const name of names) if (!exported.includes(name.split(/\s+as\s+/)[0] ?? "")) missing.push(`${m[2]}: ${name}`);
      }
    }
    expect(missing, "These imports would be undefined through the proxy").toEqual([]);
  });
});

describe("each wrong answer's test file loads the checks against its own copy", () => {
  it("names its copy, the exercise's checks, and every exercise file the checks import", () => {
    const wrongs = listWrongAnswers(process.cwd(), ["10-edit-tool"]).slice(0, 2);
    const runDir = prepareRun(wrongs);
    try {
      for (const wrong of wrongs) {
        const stub = readFileSync(path.join(runDir, `${keyOf(wrong)}.test.ts`), "utf8");
        const copy = path.join(runDir, keyOf(wrong));
        expect(stub).toContain(`await checkAnswer(${JSON.stringify(copy)}, ${JSON.stringify(path.resolve("test", "10-edit-tool.test.ts"))}, `);
        for (const file of ["edit-parts.ts", "matchers.ts", "safety-stops.ts", "splice.ts"]) expect(stub).toContain(JSON.stringify(file));
        for (const file of wrong.files) {
          expect(readFileSync(path.join(copy, file), "utf8"), `${file} of the copy is the wrong answer's`).toBe(readFileSync(path.join(wrong.dir, file), "utf8"));
        }
      }
      expect(wrongs.length).toBe(2);
    } finally {
      rmSync(runDir, { recursive: true, force: true });
    }
  });

  it("lets every check of a starter run, and a wrong answer only the checks its WRONG.md names", () => {
    const [wrong] = listWrongAnswers(process.cwd(), ["01-first-tool"]);
    if (!wrong) throw new Error("exercise 01 has no wrong answers");
    const starter = { ...wrong, name: "starter", everyCheck: true, caughtBy: [] };
    const runDir = prepareRun([wrong, starter]);
    try {
      expect(readFileSync(path.join(runDir, `${keyOf(starter)}.test.ts`), "utf8")).toContain(', {"everyCheck":true});');
      const stub = readFileSync(path.join(runDir, `${keyOf(wrong)}.test.ts`), "utf8");
      expect(stub).not.toContain("everyCheck");
      expect(stub).toContain(`, {"caughtBy":${JSON.stringify(wrong.caughtBy)}});`);
    } finally {
      rmSync(runDir, { recursive: true, force: true });
    }
  });

  it("every wrong answer of the course names the checks that catch it, so only those run", () => {
    const silent = listWrongAnswers(process.cwd()).filter((w) => (w.caughtBy ?? []).length === 0);
    expect(silent.map((w) => `${w.exercise}/${w.name}`), 'add Caught by "title of the check" to their WRONG.md').toEqual([]);
  });

  it("runs correct variants of exercises that have wrong answers", () => {
    for (const id of CONTROL_EXERCISES) expect(listWrongAnswers(process.cwd(), [id]).length, `${id} has no wrong answers to run beside`).toBeGreaterThan(0);
  });
});

describe('which checks a WRONG.md names: the "quotes" after "Caught by"', () => {
  it("takes each double-quoted text after Caught by, wrapped lines joined, and nothing before it", () => {
    const text = 'Compares "OLG" as typed. Caught by "finds a contact by part\n  of the name" and "returns every match", and the property test.';
    expect(caughtByOf(text)).toEqual(["finds a contact by part of the name", "returns every match"]);
    expect(caughtByOf('Misses "Olga". Caught by the property test.')).toEqual([]);
    expect(caughtByOf('Misses "Olga", which "returns every match" would catch.')).toEqual([]);
  });

  it("a quote names a check whose title holds it, or each of its parts around ... in order", () => {
    const title = "routeModel: the routing rule (TODO 2) > MANY_STEPS (3) steps or more goes to the strong model";
    expect(isNamedCheck(title, ["steps or more goes to the strong model"])).toBe(true);
    expect(isNamedCheck(title, ["MANY_STEPS ... steps or more"])).toBe(true);
    expect(isNamedCheck(title, ["MANY_STEPS … strong model"])).toBe(true);
    expect(isNamedCheck(title, ["strong model ... MANY_STEPS"]), "the parts must come in the title's order").toBe(false);
    expect(isNamedCheck(title, ["the cheap model"])).toBe(false);
    expect(isNamedCheck(title, ["the cheap model", "MANY_STEPS"]), "any one quote is enough").toBe(true);
    expect(isNamedCheck(title, [])).toBe(false);
    expect(isNamedCheck(title, ["..."]), "a quote of nothing but ... names no check").toBe(false);
  });
});

// Core and hard mode (test/helpers/levels.ts): a mistake about the lesson's idea must fail a core
// check. The run skips the hard-mode checks of a core mistake; the verdict is read from its report.
describe("a core mistake is judged by the core checks alone", () => {
  const wrong = listWrongAnswers(process.cwd(), ["01-first-tool"]).find((w) => w.name === "case-sensitive")!;
  const project = keyOf(wrong);
  const outcome = (title: string, passed: boolean, hard: boolean, ran = true): ProjectOutcome => ({ project, file: "x", title, passed, hard, ran, message: passed ? "" : "it failed" });
  const report = (...tests: ProjectOutcome[]): ProjectReport => ({ tests, brokenFiles: [] });

  it("the run skips the hard-mode checks of a core mistake, not of a hard one or a starter", () => {
    const runDir = prepareRun([{ ...wrong, level: "core" }, { ...wrong, name: "as-hard", level: "hard" }, { ...wrong, name: "as-starter", everyCheck: true, level: "core" }]);
    try {
      expect(readFileSync(path.join(runDir, `${project}.test.ts`), "utf8")).toContain('"coreOnly":true');
      expect(readFileSync(path.join(runDir, "01-first-tool--as-hard.test.ts"), "utf8")).not.toContain("coreOnly");
      expect(readFileSync(path.join(runDir, "01-first-tool--as-starter.test.ts"), "utf8")).not.toContain("coreOnly");
    } finally {
      rmSync(runDir, { recursive: true, force: true });
    }
  });

  it("caught by a core check: proven; only a hard-mode check failing: not proven, and it says what to do", () => {
    const caught = judge({ ...wrong, caughtBy: [] }, report(outcome("a > core", true, false), outcome("a > core two", false, false), outcome("a > hard", false, true, false)));
    expect(caught.ok).toBe(true);
    expect(caught.line).toBe("wrong answer 01/case-sensitive: core check 2 of 2 fails");
    const missed = judge({ ...wrong, caughtBy: [] }, report(outcome("a > core", true, false), outcome("a > hard", true, true, false)));
    expect(missed.ok).toBe(false);
    expect(missed.line).toMatch(/all 1 core checks pass: a core mistake must fail a core check \(if this is a production edge case, write "Level: hard" in its WRONG\.md\)/);
  });

  it("a WRONG.md that names only hard-mode checks for a core mistake is refused; with 'Level: hard' it is fine", () => {
    const namedHard = report(outcome("a > core", true, false, false), outcome("a > hard one", false, true, false));
    const core = judge({ ...wrong, caughtBy: ["hard one"], level: "core" }, namedHard);
    expect(core.ok).toBe(false);
    expect(core.line).toMatch(/names only hard-mode checks \("a > hard one"\), but the mistake is about the lesson's idea\. A core check must catch it/);
    const hard = judge({ ...wrong, caughtBy: ["hard one"], level: "hard" }, report(outcome("a > core", true, false, false), outcome("a > hard one", false, true)));
    expect(hard.ok).toBe(true);
    expect(hard.line).toBe("wrong answer 01/case-sensitive (hard mode): check 2 of 2 fails");
  });

  it("a Level line that is neither core nor hard is named as the problem", () => {
    const odd = judge({ ...wrong, level: undefined }, report(outcome("a > core", false, false)));
    expect(odd.ok).toBe(false);
    expect(odd.line).toContain('has a "Level:" line that is neither "Level: core" nor "Level: hard"');
  });
});

// npm run watch, tested the way a learner meets it: in a real pseudo-terminal, in a temporary copy of
// the course. The test saves files in the copy's exercises/ (never the real one), presses keys, and
// reads the screen after each step.

import { copyFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyCourse, type CourseCopy } from "../../shared/cli/course-copy.ts";
import { keepOnlyExercises } from "../helpers/exercise-01-copy.ts";
import { canRunPty, noPtyReason, ptyKind, Terminal } from "./pty-terminal.ts";

describe.skipIf(!canRunPty)(`npm run watch in a real terminal (${ptyKind})`, () => {
  let copy: CourseCopy;
  let term: Terminal;
  const screens: Record<string, string> = {};

  beforeAll(async () => {
    copy = copyCourse(process.cwd(), "course-watch-");
    // Exercise 01, and 02 for n and the list: watch checks every other exercise behind the first
    // screen, and the other nine would add about nine CPU-seconds and no assertion.
    keepOnlyExercises(copy.root, ["01-first-tool", "02-agent-loop"]);
    term = new Terminal(copy.root, ["watch", "1"]);
    const passing = (s: string) => /\d+ of \d+ checks pass/.test(s);
    screens.start = await term.waitFor((s) => passing(s) && s.includes("Watching exercises/01-first-tool/"), "the first verdict");

    term.press("h");
    screens.hint = await term.waitFor((s) => s.includes("hint 1 of"), "a hint after h");
    term.press("n");
    screens.notYet = await term.waitFor((s) => s.includes("n moves on once"), "n refused while failing");

    // The learner saves a finished answer: the screen changes by itself.
    for (const file of ["search-contacts.ts", "contacts.ts"]) {
      copyFileSync(path.join(copy.root, "solutions", "01-first-tool", file), path.join(copy.root, "exercises", "01-first-tool", file));
    }
    screens.passed = await term.waitFor((s) => s.includes("checks pass. Exercise 01-first-tool is done."), "the pass after saving");

    term.press("h");
    screens.hintAfterPass = await term.waitFor((s) => s.includes("no hint needed"), "h on a finished exercise");
    term.press("l");
    screens.list = await term.waitFor((s) => s.includes("Exercises:"), "the list after l");
    term.press("r");
    screens.rerun = await term.waitFor((s) => !s.includes("Exercises:") && !s.includes("Checking again") && s.includes("Exercise 01-first-tool is done."), "the re-run after r");
    term.press("n");
    screens.next = await term.waitFor((s) => s.includes("Exercise 02-agent-loop:") && passing(s), "exercise 02 after n");
    term.press("q");
    await term.waitFor(() => term.exitCode !== null, "quit after q").catch(() => undefined);
  }, 180_000);

  afterAll(() => {
    if (term && term.exitCode === null) term.child.kill("SIGKILL");
    copy?.remove();
  });

  it("shows the progress bar, the exercise, the first failing check with its code frame, and k of m", () => {
    const s = screens.start!;
    expect(s).toMatch(/Course progress \[[█░]{20}\] 0\/\d+ exercises done/);
    expect(s).toContain("Exercise 01-first-tool: exercises/01-first-tool/README.md");
    expect(s).toMatch(/First failing check: .*\(TODO 1\)/);
    expect(s).toContain("not implemented yet: searchContacts");
    expect(s).toMatch(/> +\d+ \| +throw new Error\(/);
    expect(s).toMatch(/\d+ of \d+ checks pass\. Next: fix the check above and save/);
    expect(s).toContain("h hint · n next exercise · l list · r re-run · q quit");
  });

  it("h shows a hint for the failing check's TODO; n waits until the exercise passes", () => {
    expect(screens.hint).toMatch(/Exercise 01-first-tool, hint 1 of \d+/);
    expect(screens.hint).toMatch(/## Hint 1 \(TODO 1\)/);
    expect(screens.notYet).toContain("n moves on once every check of this exercise passes.");
  });

  it("a save re-checks by itself: the pass, the bar moves, and the diff against the reference is offered", () => {
    const s = screens.passed!;
    expect(s).toMatch(/✔ All \d+ checks pass\. Exercise 01-first-tool is done\./);
    expect(s).toMatch(/1\/\d+ exercises done/);
    expect(s).toContain("Your answer passes, and it is the same as the reference solution.");
    expect(s).toContain("Next: press n for exercise 02-agent-loop.");
  });

  it("h on a finished exercise says no hint is needed, and how to read one anyway", () => {
    expect(screens.hintAfterPass).toMatch(/Exercise 01-first-tool passes all its checks: no hint needed\. To read one anyway: npm run hint 1 K/);
    expect(screens.hintAfterPass).not.toContain("## Hint");
  });

  it("r checks again (the note under the verdict goes, the verdict stays)", () => {
    expect(screens.rerun).toMatch(/✔ All \d+ checks pass\./);
  });

  it("l lists the exercises with the done one ticked; n moves on; q quits with exit 0", () => {
    expect(screens.list).toMatch(/> ✔ 01-first-tool/);
    expect(screens.list).toMatch(/ · 02-agent-loop/);
    expect(screens.next).toContain("Watching exercises/02-agent-loop/");
    expect(term.exitCode).toBe(0);
  });
});

if (!canRunPty) {
  describe("npm run watch in a real terminal", () => {
    it.skip(`skipped: ${noPtyReason}`, () => undefined);
  });
}

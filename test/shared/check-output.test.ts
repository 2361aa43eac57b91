// npm run check N as a learner reads it, in a temporary copy of the course: short and plain when
// piped (unless FORCE_COLOR), coloured on a terminal unless NO_COLOR, vitest's whole report with
// --verbose, and after a pass the diff against the reference solution (short: shown; long: offered);
// and the README's figures. watch, progress, hint and the language are in workbench-output.test.ts (a file each, so
// the two run side by side).

import { readFileSync } from "node:fs";
import { stripVTControlCharacters } from "node:util";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { useExercise01Copy } from "../helpers/exercise-01-copy.ts";
import { canRunPty, ptyKind, Terminal } from "./pty-terminal.ts";

// Each check is a real `npm run check` process; on a busy machine a few take longer than the default.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const copy = useExercise01Copy("course-check-");
const { course, write } = copy;

describe("npm run check on the untouched starter, piped", () => {
  let run: ReturnType<typeof course>;
  beforeAll(() => {
    write(copy.starter);
    run = course(["check", "1"]);
  }, 90_000);

  it("exit 1; at most 30 lines; no escape codes; no report-file line", () => {
    expect(run.code).toBe(1);
    expect(run.out.trimEnd().split("\n").length, run.out).toBeLessThanOrEqual(30);
    expect(run.out).not.toContain("\x1b");
    expect(run.out).not.toMatch(/JSON report written/i);
  });

  it("the verdict, the first failing check with its message and code frame, then k of m and Next", () => {
    const lines = run.out.trim().split("\n");
    expect(lines[0]).toBe("✘ Exercise 01-first-tool: not done yet.");
    expect(run.out).toMatch(/First failing check: searchContacts: .*\(TODO 1\) > /);
    expect(run.out).toContain("not implemented yet: searchContacts(");
    expect(run.out).toMatch(/exercises\/01-first-tool\/search-contacts\.ts:\d+:\d+\n.*\n.*\n\s+> +\d+ \| +throw new Error\(/);
    expect(lines.at(-1)).toMatch(/^\d+ of \d+ checks pass\. Next: fix the check above, then npm run check 1 again \(stuck\? npm run hint 1\)\.$/);
  });

  it("the README's example figures are what a fresh exercise 01 really gives", () => {
    const readme = readFileSync("README.md", "utf8");
    const got = run.out.match(/(\d+) of (\d+) checks pass/);
    expect(got).not.toBeNull();
    expect(readme).toContain(`# ${got![1]} of ${got![2]} checks pass`);
    expect(readme).toContain(`# All ${got![2]} checks pass`);
  });
});

describe("npm run check options", () => {
  it("--verbose prints vitest's own report, exit code unchanged", () => {
    write(copy.starter);
    const { code, out } = course(["check", "1", "--verbose"]);
    expect(code).toBe(1);
    expect(out).toMatch(/Test Files\s+1 failed/);
    expect(out).toMatch(/Tests\s+\d+ failed/);
    expect(out).not.toContain("\x1b");
  }, 60_000);

  it("an unknown option exits 2", () => {
    expect(course(["check", "1", "--loud"]).code).toBe(2);
  });
});

describe("after a pass", () => {
  // FORCE_COLOR is set on this run, not on one of its own: each run is a second of npm test.
  it("the reference itself: passes, exit 0, and says the answer is the same as the reference; FORCE_COLOR=1 colours it though piped", () => {
    write(copy.solution);
    const run = course(["check", "1"], { FORCE_COLOR: "1" });
    expect(run.out, "FORCE_COLOR=1 must colour piped output").toMatch(/\x1b\[\d+m/);
    const { code } = run;
    const out = stripVTControlCharacters(run.out);
    expect(code, out).toBe(0);
    expect(out).toMatch(/✔ All \d+ checks pass\. Exercise 01-first-tool is done\./);
    expect(out).toContain("Your answer passes, and it is the same as the reference solution.");
    expect(out).toContain("Next: npm run lesson 2, then exercises/02-agent-loop/README.md");
  });

  it("a short difference is shown under the heading, as a unified diff", () => {
    write(copy.solution.replace("export function searchContacts", "// Мой вариант: same as the reference.\nexport function searchContacts"));
    const { code, out } = course(["check", "1"]);
    expect(code, out).toBe(0);
    expect(out).toContain("Your answer passes. Here is how the reference solution differs:");
    expect(out).toContain("--- exercises/01-first-tool/search-contacts.ts\tyours");
    expect(out).toContain("+++ solutions/01-first-tool/search-contacts.ts\treference");
    expect(out).toContain("-// Мой вариант: same as the reference.");
    expect(out).not.toContain("\x1b");
  });

  it("a long difference is offered as one line with the command; --diff shows it", () => {
    const padding = Array.from({ length: 45 }, (_, i) => `// note ${i + 1}`).join("\n");
    write(`${padding}\n${copy.solution}`);
    const short = course(["check", "1"]);
    expect(short.code).toBe(0);
    expect(short.out).toMatch(/Your answer passes\. The reference solution differs in a \d+-line diff: npm run check 1 -- --diff/);
    expect(short.out).not.toContain("-// note 1\n");
    const full = course(["check", "1", "--diff"]);
    expect(full.out).toContain("Your answer passes. Here is how the reference solution differs:");
    expect(full.out).toContain("-// note 45");
  });
});

describe.skipIf(!canRunPty)(`colour on a terminal (${ptyKind})`, () => {
  it("colours on a terminal, and not with NO_COLOR", async () => {
    write(copy.starter);
    const coloured = new Terminal(copy.root, ["check", "1"]);
    await coloured.waitFor(() => coloured.exitCode !== null, "check to end");
    expect(coloured.raw).toMatch(/\x1b\[\d+m/);
    const plain = new Terminal(copy.root, ["check", "1"], { NO_COLOR: "1" });
    await plain.waitFor(() => plain.exitCode !== null, "check to end");
    expect(plain.raw).toContain("checks pass");
    expect(plain.raw).not.toMatch(/\x1b\[\d+m/);
  }, 120_000);
});

// npm run check N and the workbench around it, as a learner reads them, in one temporary copy of the
// course (making a copy, and its first vitest start, which builds the copy's own dependency bundle,
// cost about a CPU-second together, so all of it shares one copy): check is short and plain when piped (unless FORCE_COLOR), coloured on a
// terminal unless NO_COLOR, prints vitest's whole report with --verbose, and after a pass the diff
// against the reference solution (short: shown; long: offered); the README's figures; then watch with
// no terminal (one verdict, then exit), progress (re-using the verdicts watch just made), hint aiming
// at the failing check, and all of it in the learner's language; last, watch in a real terminal,
// driven by keys and saves.
//
// Each real run costs two or three CPU-seconds, most of it vitest starting, so: the runs that read the
// untouched starter start together once the first has built the copy's bundle, and tests that read the
// same output share one run. Every behaviour here is still seen through the real command once, except
// that a long diff is offered rather than shown: the same function's choice by length, read in-process.

import { copyFileSync, existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { listUnits } from "../../shared/cli/course-files.ts";
import { afterPassText } from "../../shared/cli/solution-diff.ts";
import { HINTS_SEEN_FILE } from "../../shared/cli/hint.ts";
import { describeFindings, findLatinProse } from "../../shared/cli/latin-prose.ts";
import { checkProgress } from "../../shared/cli/progress-schema.ts";
import { useExercise01Copy } from "../helpers/exercise-01-copy.ts";
import type { CliResult } from "../helpers/run-cli.ts";
import { readXml } from "../helpers/xml-reader.ts";
import { canRunPty, noPtyReason, ptyKind, Terminal } from "./pty-terminal.ts";

// Each check is a real `npm run check` process; on a busy machine a few take longer than the default.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

// Exercise 01 and one more (02: check names it as the next step, and progress is asked to show its
// line): watch and progress check every exercise in the copy, and the other nine would add about nine
// CPU-seconds and no assertion.
const copy = useExercise01Copy("course-workbench-", { exercises: ["02-agent-loop"] });
const { course, write } = copy;

// COURSE_LANG (or, unset, the locale) picks the language of the course's own lines; the tests' own
// environment pins COURSE_LANG=en (vitest.config.ts), so each run here sets what it needs.
const noLocale = { COURSE_LANG: "", LC_ALL: "", LC_MESSAGES: "", LANG: "" };
const hintsSeen = () => path.join(copy.root, HINTS_SEEN_FILE);

// `npm run check 1` in a real terminal, to its end.
async function onTerminal(args: string[], env: Record<string, string> = {}): Promise<Terminal> {
  const term = new Terminal(copy.root, args, env);
  await term.waitFor(() => term.exitCode !== null, "check to end");
  return term;
}

// The runs that read the untouched starter, started together once the first check has built the
// copy's own bundle. Each test waits for the one it reads; "after a pass" waits for all of them before
// it changes a file. Two lanes, as the machine has two cores: --verbose then the coloured terminal run;
// the Russian check, then the hint that re-uses its verdict (so it runs next, before another check
// keeps an English one). The Russian check runs on a terminal with NO_COLOR (where there is one to be
// had), so the same run shows that NO_COLOR keeps a terminal plain.
interface StarterRuns {
  verbose: Promise<CliResult>;
  loud: Promise<CliResult>;
  russian: Promise<{ check: CliResult; hint: CliResult; terminal?: Terminal }>;
  coloured: Promise<Terminal> | undefined;
}
let onStarter: StarterRuns;

function startStarterRuns(): StarterRuns {
  const verbose = course(["check", "1", "--verbose"]);
  const loud = course(["check", "1", "--loud"]);
  const russian = (async () => {
    const twin = path.join(copy.root, "exercises", "01-first-tool", "hints.ru.md");
    if (!existsSync(twin)) {
      // Before the translation lands: a small twin with the same hints in the same order.
      const english = readFileSync(path.join(copy.root, "exercises", "01-first-tool", "hints.md"), "utf8");
      writeFileSync(twin, english.replace(/^## Hint (\d+) \(TODOs? ([^)]*)\)$/gm, (_, k: string, todos: string) => `## Подсказка ${k} (TODO ${todos.replace(" and ", " и ")})\n\nПодсказка по-русски.`));
    }
    const env = { ...noLocale, COURSE_LANG: "ru" };
    const terminal = canRunPty ? await onTerminal(["check", "1"], { ...env, NO_COLOR: "1" }) : undefined;
    // What the terminal showed, as lines (a terminal ends each with \r\n).
    const shown = terminal && stripVTControlCharacters(terminal.raw).replace(/\r/g, "");
    const check = terminal ? { code: terminal.exitCode, out: shown!, stdout: shown! } : await course(["check", "1"], env);
    rmSync(hintsSeen(), { force: true });
    const hint = await course(["hint", "1"], { ...noLocale, LANG: "ru_RU.UTF-8" });
    return { check, hint, terminal };
  })();
  const coloured = canRunPty ? verbose.then(() => onTerminal(["check", "1"])) : undefined;
  const runs = { verbose, loud, russian, coloured };
  // A run that fails is reported by the test that reads it, not as an unhandled rejection before then.
  for (const started of Object.values(runs)) started?.catch(() => undefined);
  return runs;
}

describe("npm run check on the untouched starter, piped", () => {
  let run: CliResult;
  beforeAll(async () => {
    write(copy.starter);
    run = await course(["check", "1"]);
    onStarter = startStarterRuns();
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
    expect(lines.at(-1)).toMatch(/^\d+ of \d+ core checks pass \(then hard mode, \d+ more, optional\)\. Next: fix the check above, then npm run check 1 again \(stuck\? npm run hint 1\)\.$/);
  });

  it("the README's example figures are what a fresh exercise 01 really gives", () => {
    const readme = readFileSync("README.md", "utf8");
    const got = run.out.match(/(\d+) of (\d+) core checks pass/);
    expect(got).not.toBeNull();
    expect(readme).toContain(`# ${got![1]} of ${got![2]} core checks pass`);
    expect(readme).toContain(`# All ${got![2]} core checks pass`);
  });
});

describe("npm run check options", () => {
  it("--verbose prints vitest's own report, exit code unchanged", async () => {
    const { code, out } = await onStarter.verbose;
    expect(code).toBe(1);
    expect(out).toMatch(/Test Files\s+1 failed/);
    expect(out).toMatch(/Tests\s+\d+ failed/);
    expect(out).not.toContain("\x1b");
  });

  it("an unknown option exits 2", async () => {
    expect((await onStarter.loud).code).toBe(2);
  });
});

describe.skipIf(!canRunPty)(`colour on a terminal (${ptyKind})`, () => {
  it("colours on a terminal, and not with NO_COLOR", async () => {
    const coloured = await onStarter.coloured!;
    expect(coloured.raw).toMatch(/\x1b\[\d+m/);
    const plain = (await onStarter.russian).terminal!; // COURSE_LANG=ru and NO_COLOR=1
    expect(plain.raw).toContain("основных проверок");
    expect(plain.raw).not.toMatch(/\x1b\[\d+m/);
  });
});

describe("the course speaks the learner's language", () => {
  // What stays English in a Russian run, by the rule of shared/cli/latin-prose.ts, plus a check's title
  // (hints and WRONG.md files quote it) and the starter's "not implemented yet" (the learner's own code).
  const exemptTitleAndStarter = (line: string) => /^(?:Первая непройденная проверка|к первой непройденной проверке): |^\s*not implemented yet: /.test(line);
  const russianVerdict = /^✘ Упражнение 01-first-tool: ещё не готово\.$/m;
  const russianCount = /^\d+ из \d+ основных проверок проход(ит|ят) \(потом сложный режим, ещё \d+, по желанию\)\. Дальше: исправьте проверку выше и снова запустите npm run check 1 \(застряли\? npm run hint 1\)\.$/m;

  it("COURSE_LANG=ru: the verdict, the first failing check and the k из m line in Russian", async () => {
    // On a terminal (NO_COLOR), or piped where none can be had.
    const { code, out } = (await onStarter.russian).check;
    expect(code).toBe(1);
    expect(out).toMatch(russianVerdict);
    expect(out).toContain("Первая непройденная проверка: searchContacts");
    expect(out).toMatch(russianCount);
    // The starter's own error is the learner's code, quoted; the check's title stays English (hints quote it).
    expect(out).toContain("not implemented yet: searchContacts(");
    expect(findLatinProse(out, exemptTitleAndStarter), describeFindings(findLatinProse(out, exemptTitleAndStarter))).toEqual([]);
  });

  // Which setting wins (COURSE_LANG=en over a Russian locale, and the rest) is tested on the pure
  // function in i18n.test.ts; each process run here costs a second or two of npm test.
  it("LANG=ru_RU.UTF-8 alone (no COURSE_LANG): npm run hint 1 shows hints.ru.md's hint for the failing TODO", async () => {
    const { out } = (await onStarter.russian).hint;
    expect(out).toMatch(/^Упражнение 01-first-tool, подсказка 1 из \d+$/m);
    expect(out).toMatch(/^к первой непройденной проверке: .*\(TODO 1\)/m);
    expect(out).toContain("## Подсказка 1 (TODO 1)");
    expect(out).not.toContain("## Hint 1");
    expect(findLatinProse(out, exemptTitleAndStarter), describeFindings(findLatinProse(out, exemptTitleAndStarter))).toEqual([]);
  });
});

describe("after a pass", () => {
  // Nothing may change a file while a run on the starter still reads it.
  beforeAll(async () => {
    await Promise.allSettled(Object.values(onStarter ?? {}));
  });

  // FORCE_COLOR is set on this run, not on one of its own: each run is a second of npm test.
  let reference: CliResult;
  it("the reference itself: passes, exit 0, and says the answer is the same as the reference; FORCE_COLOR=1 colours it though piped", async () => {
    write(copy.solution);
    reference = await course(["check", "1"], { FORCE_COLOR: "1" });
    expect(reference.out, "FORCE_COLOR=1 must colour piped output").toMatch(/\x1b\[\d+m/);
    const out = stripVTControlCharacters(reference.out);
    expect(reference.code, out).toBe(0);
    expect(out).toMatch(/✔ All \d+ core checks pass\. Exercise 01-first-tool is done; hard mode (\d+) of \1 too\./);
    expect(out).toContain("Your answer passes, and it is the same as the reference solution.");
    expect(out).toContain("Next: exercise 02: npm run lesson 2, then exercises/02-agent-loop/README.md");
  });

  // Right after the check above: hint re-uses its verdict (nothing changed since) instead of checking again.
  it("once every check passes there is nothing to aim at: it says so, and how to read a hint anyway", async () => {
    write(copy.solution);
    const { code, out } = await course(["hint", "1"]);
    expect(code).toBe(0);
    expect(out).toMatch(/^Exercise 01-first-tool passes all its checks: no hint needed\. To read one anyway: npm run hint 1 K \(K from 1 to \d+\)\.$/m);
    expect(out, "no hint is handed out for a finished exercise").not.toContain("## Hint");
  });

  // The closing line names the next exercise not done, an earlier one too (npm run check 11 once said
  // "every exercise is done" while 01-07 were not). When all are done: levels.test.ts, without a process.
  // The same run shows a short difference: exercise 02's answer is the reference with one comment more.
  let skipped: CliResult;
  let changed02: string;
  it("the next step is the next exercise not done, an earlier one too: not 'every exercise is done'", async () => {
    const dir = path.join(copy.root, "exercises", "02-agent-loop");
    const starter02 = new Map(readdirSync(dir).filter((f) => f.endsWith(".ts")).map((f) => [f, readFileSync(path.join(dir, f), "utf8")]));
    changed02 = [...starter02.keys()].sort()[0]!;
    try {
      for (const file of starter02.keys()) {
        const reference02 = readFileSync(path.join(copy.root, "solutions", "02-agent-loop", file), "utf8");
        writeFileSync(path.join(dir, file), file === changed02 ? `// Мой вариант: same as the reference.\n${reference02}` : reference02);
      }
      write(copy.starter);
      skipped = await course(["check", "2"]);
      expect(skipped.code, skipped.out).toBe(0);
      expect(skipped.out).toContain("Next: exercise 01, not done yet: npm run watch 1 (exercises/01-first-tool/README.md)");
      expect(skipped.out).not.toContain("every exercise is done");
    } finally {
      for (const [file, text] of starter02) writeFileSync(path.join(dir, file), text);
    }
  });

  it("a short difference is shown under the heading, as a unified diff", () => {
    const { code, out } = skipped;
    expect(code, out).toBe(0);
    expect(out).toContain("Your answer passes. Here is how the reference solution differs:");
    expect(out).toContain(`--- exercises/02-agent-loop/${changed02}\tyours`);
    expect(out).toContain(`+++ solutions/02-agent-loop/${changed02}\treference`);
    expect(out).toContain("-// Мой вариант: same as the reference.");
    expect(out).not.toContain("\x1b");
  });

  // The real command shows the long diff with --diff; that a long one is offered rather than shown is
  // the same function's choice by length, read here in-process on the same files.
  it("a long difference is offered as one line with the command; --diff shows it", async () => {
    const padding = Array.from({ length: 45 }, (_, i) => `// note ${i + 1}`).join("\n");
    write(`${padding}\n${copy.solution}`);
    const exercise = listUnits("exercises", copy.root).find((e) => e.id === "01-first-tool")!;
    const short = afterPassText(exercise, { root: copy.root }).join("\n");
    expect(short).toMatch(/Your answer passes\. The reference solution differs in a \d+-line diff: npm run check 1 -- --diff/);
    expect(short).not.toContain("-// note 1\n");
    const full = await course(["check", "1", "--diff"]);
    expect(full.code, full.out).toBe(0);
    expect(full.out).toContain("Your answer passes. Here is how the reference solution differs:");
    expect(full.out).toContain("-// note 45");
  });
});

describe("npm run watch with no terminal", () => {
  it("prints the verdict once and exits with check's exit code", async () => {
    write(copy.starter);
    const { code, out } = await course(["watch", "1"]);
    expect(code).toBe(1);
    expect(out, "a long silence before the verdict: say that every exercise is being checked").toContain("Running every exercise's checks");
    expect(out).toMatch(/Course progress \[[█░]{20}\] \d+\/\d+ exercises done/);
    expect(out).toMatch(/\d+ of \d+ core checks pass/);
    expect(out).toContain("No terminal, so no watching");
    expect(out).not.toContain("\x1b");
  });
});

describe("npm run progress", () => {
  it("one line per exercise, the bar, and the next step", async () => {
    write(copy.starter);
    const { code, out } = await course(["progress"]);
    expect(code).toBe(0);
    expect(out).toMatch(/^ {2}01-first-tool +\d+\/\d+ core checks$/m);
    expect(out).toMatch(/^ {2}02-agent-loop +0\/\d+ core checks$/m);
    expect(out).toMatch(/\[░{20}\] 0\/\d+ exercises done\nNext: npm run watch 1/);
    // watch (above) checked every exercise in this copy, and nothing changed since: progress re-uses
    // those verdicts instead of running every exercise's checks again.
    expect(out, "progress must say which verdicts come from the last check").toMatch(/^(\d+) of \1 exercises are unchanged since their last check/m);
  });

  // A learner edits a lesson's permissions.json or mcp.json while reading it: no check imports either,
  // so no verdict is out of date. Each verdict lists what its checks did import (verdict-cache.ts).
  it("after an edit of a lesson's permissions.json and mcp.json, still every verdict is re-used; each lists the files its checks imported", async () => {
    for (const file of ["lessons/07-approval-gates/permissions.json", "lessons/11-mcp/mcp.json"]) {
      const where = path.join(copy.root, file);
      writeFileSync(where, `${readFileSync(where, "utf8").trimEnd()}\n\n`);
    }
    const { code, out } = await course(["progress"]);
    expect(code, out).toBe(0);
    expect(out).toMatch(/^2 of 2 exercises are unchanged since their last check/m);
    const kept = JSON.parse(readFileSync(path.join(copy.root, "node_modules", ".cache", "course", "verdicts", "01-first-tool.json"), "utf8")) as { imported: string[] };
    expect(kept.imported).toEqual(expect.arrayContaining([path.join("lessons", "01-first-tool", "tool.ts"), path.join("shared", "model.ts"), path.join("shared", "mock", "mock-model.ts")]));
    expect(kept.imported.filter((file) => !/^(lessons|shared)[/\\]/.test(file) || /(permissions|mcp)\.json$/.test(file))).toEqual([]);
  });

  // issue 29: the same as data, from the same kept verdicts (no vitest start). Exercise 01 passed
  // above ("after a pass") and is the starter again now: not done, but done once, with its times.
  it("-- --json file --junit file: both valid, no path of the machine; -- --json alone prints only the JSON", async () => {
    const run = await course(["progress", "--json", "progress.json", "--junit", "report.xml"], { COURSE_LEARNER: "anna" });
    expect(run.code, run.out).toBe(0);
    expect(run.out).toMatch(/^ {2}01-first-tool +\d+\/\d+ core checks$/m);
    expect(run.out).toContain("Wrote progress.json.");
    const json = readFileSync(path.join(copy.root, "progress.json"), "utf8");
    const data = JSON.parse(json) as { learner: string; summary: object; exercises: Record<string, any>[] };
    expect(checkProgress(data)).toEqual({ report: data });
    expect(json, "no path of the machine in the report").not.toContain(copy.root);
    expect(data).toMatchObject({ learner: "anna", summary: { exercises: 2, done: 0 } });
    const first = data.exercises[0]!;
    expect(first).toMatchObject({ id: "01-first-tool", done: false });
    expect(first.firstFailingCheck).toMatch(/\(TODO 1\)/);
    expect(first.doneAt, "01 passed once (after a pass, above)").not.toBeNull();
    expect(Date.parse(first.startedAt)).toBeLessThanOrEqual(Date.parse(first.doneAt));
    expect(Date.parse(first.lastCheckedAt)).toBeGreaterThan(Date.parse(first.doneAt));
    // 02 too passed once (its solution, for "Next: exercise 02" above) and is the starter again.
    expect(data.exercises[1]).toMatchObject({ id: "02-agent-loop", done: false, firstFailingCheck: expect.any(String) });
    expect(data.exercises[1]!.doneAt).not.toBeNull();

    const xml = readXml(readFileSync(path.join(copy.root, "report.xml"), "utf8"));
    expect(xml.children.map((s) => s.attributes.name)).toEqual(["01-first-tool", "02-agent-loop"]);
    expect(xml.children[0]!.children.length).toBe(first.checks.total + first.hardMode.total);
    expect(Number(xml.children[0]!.attributes.failures)).toBe(first.checks.total - first.checks.passed);

    const again = await course(["progress", "--json"]);
    expect(again.code, again.out).toBe(0);
    expect((JSON.parse(again.stdout) as typeof data).exercises).toEqual(data.exercises);
  });

  it("-- --junit with no file exits 2 and says what progress takes", async () => {
    const run = await course(["progress", "--junit"]);
    expect(run.code).toBe(2);
    expect(run.out).toContain("--junit needs a file");
  });
});

describe("npm run hint aims at the first failing check's TODO", () => {
  // The starter's verdict is the one watch kept (progress above re-used it): the first four hints read
  // it; the fifth, on changed code, runs the checks itself.
  it("nudge first, then the near-answer for the same TODO, then it stays there; a fixed TODO moves it on", async () => {
    write(copy.starter);
    rmSync(hintsSeen(), { force: true }); // the Russian hint above counts as seen
    const first = await course(["hint", "1"]);
    expect(first.out).toContain("## Hint 1 (TODO 1)");
    expect(first.out).toMatch(/hint 1 of \d+\nfor the first failing check: .*\(TODO 1\)/);
    expect((await course(["hint", "1"])).out).toContain("## Hint 2 (TODO 1)");
    expect((await course(["hint", "1"])).out).toContain("## Hint 3 (TODO 1)");
    const again = (await course(["hint", "1"])).out;
    expect(again).toContain("## Hint 3 (TODO 1)");
    expect(again).toContain("That was the last hint for this TODO.");

    // TODO 1 done (the reference's searchContacts), the rest still the starter: the hint moves to TODO 2.
    const fn = (text: string) => text.slice(text.indexOf("export function searchContacts"), text.indexOf("\n}\n", text.indexOf("export function searchContacts")) + 3);
    write(copy.starter.replace(fn(copy.starter), fn(copy.solution)));
    const moved = (await course(["hint", "1"])).out;
    expect(moved).toMatch(/for the first failing check: .*\(TODOs? [^)]*2/);
    expect(moved).toContain("## Hint 4 (TODO 2)");
    expect((await course(["hint", "1", "8"])).out).toContain("## Hint 8 (TODO 4)");
  });
});

// Last: it saves the reference's files into the copy, so exercise 01 is solved from here on.
describe.skipIf(!canRunPty)(`npm run watch in a real terminal (${ptyKind})`, () => {
  let term: Terminal;
  const screens: Record<string, string> = {};

  beforeAll(async () => {
    // Exercise 02 is in the copy for n and the list. The hint tests above moved exercise 01's hints on.
    write(copy.starter);
    rmSync(path.join(copy.root, HINTS_SEEN_FILE), { force: true });
    term = new Terminal(copy.root, ["watch", "1"]);
    const passing = (s: string) => /\d+ of \d+ core checks pass/.test(s);
    screens.start = await term.waitFor((s) => passing(s) && s.includes("Watching exercises/01-first-tool/"), "the first verdict");

    term.press("h");
    screens.hint = await term.waitFor((s) => s.includes("hint 1 of"), "a hint after h");
    term.press("n");
    screens.notYet = await term.waitFor((s) => s.includes("n moves on once"), "n refused while failing");

    // The learner saves a finished answer: the screen changes by itself.
    for (const file of ["search-contacts.ts", "contacts.ts"]) {
      copyFileSync(path.join(copy.root, "solutions", "01-first-tool", file), path.join(copy.root, "exercises", "01-first-tool", file));
    }
    screens.passed = await term.waitFor((s) => s.includes("core checks pass. Exercise 01-first-tool is done"), "the pass after saving");

    term.press("h");
    screens.hintAfterPass = await term.waitFor((s) => s.includes("no hint needed"), "h on a finished exercise");
    term.press("l");
    screens.list = await term.waitFor((s) => s.includes("Exercises:"), "the list after l");
    term.press("r");
    screens.rerun = await term.waitFor((s) => !s.includes("Exercises:") && !s.includes("Checking again") && s.includes("Exercise 01-first-tool is done"), "the re-run after r");
    term.press("n");
    screens.next = await term.waitFor((s) => s.includes("Exercise 02-agent-loop:") && passing(s), "exercise 02 after n");
    term.press("q");
    await term.waitFor(() => term.exitCode !== null, "quit after q").catch(() => undefined);
  }, 180_000);

  afterAll(() => {
    if (term && term.exitCode === null) term.child.kill("SIGKILL");
  });

  it("shows the progress bar, the exercise, the first failing check with its code frame, and k of m", () => {
    const s = screens.start!;
    expect(s).toMatch(/Course progress \[[█░]{20}\] 0\/\d+ exercises done/);
    expect(s).toContain("Exercise 01-first-tool: exercises/01-first-tool/README.md");
    expect(s).toMatch(/First failing check: .*\(TODO 1\)/);
    expect(s).toContain("not implemented yet: searchContacts");
    expect(s).toMatch(/> +\d+ \| +throw new Error\(/);
    expect(s).toMatch(/\d+ of \d+ core checks pass \(then hard mode, \d+ more, optional\)\. Next: fix the check above and save/);
    expect(s).toContain("h hint · n next exercise · l list · r re-run · q quit");
  });

  it("h shows a hint for the failing check's TODO; n waits until the exercise passes", () => {
    expect(screens.hint).toMatch(/Exercise 01-first-tool, hint 1 of \d+/);
    expect(screens.hint).toMatch(/## Hint 1 \(TODO 1\)/);
    expect(screens.notYet).toContain("n moves on once every core check of this exercise passes.");
  });

  it("a save re-checks by itself: the pass, the bar moves, and the diff against the reference is offered", () => {
    const s = screens.passed!;
    expect(s).toMatch(/✔ All \d+ core checks pass\. Exercise 01-first-tool is done; hard mode \d+ of \d+/);
    expect(s).toMatch(/1\/\d+ exercises done/);
    expect(s).toContain("Your answer passes, and it is the same as the reference solution.");
    expect(s).toContain("Next: press n for exercise 02-agent-loop.");
  });

  it("h on a finished exercise says no hint is needed, and how to read one anyway", () => {
    expect(screens.hintAfterPass).toMatch(/Exercise 01-first-tool passes all its checks: no hint needed\. To read one anyway: npm run hint 1 K/);
    expect(screens.hintAfterPass).not.toContain("## Hint");
  });

  it("r checks again (the note under the verdict goes, the verdict stays)", () => {
    expect(screens.rerun).toMatch(/✔ All \d+ core checks pass\./);
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

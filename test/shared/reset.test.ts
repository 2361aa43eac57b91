// npm run reset N, in a temporary copy of the course (which is not a git checkout, on purpose: reset
// must not need git). The learner's edits are backed up before the starter comes back; with no
// terminal and no --yes nothing happens; on a terminal it asks, and "n" keeps everything.

import { existsSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyCourse, type CourseCopy } from "../../shared/cli/course-copy.ts";
import { describeFindings, findLatinProse } from "../../shared/cli/latin-prose.ts";
import { runCli } from "../helpers/run-cli.ts";
import { canRunPty, noPtyReason, ptyKind, Terminal } from "./pty-terminal.ts";

const EXERCISE = path.join("exercises", "01-first-tool", "search-contacts.ts");
const MY_ANSWER = "// my half-done answer, with Кириллица\nexport const mine = 1;\n";

let copy: CourseCopy;
let starter = "";

const course = (...args: string[]) => runCli(args, { cwd: copy.root });
const read = (file: string) => readFileSync(path.join(copy.root, file), "utf8");
const backups = () => {
  const dir = path.join(copy.root, ".course", "backup", "01-first-tool");
  return existsSync(dir) ? readdirSync(dir).sort() : [];
};

beforeAll(() => {
  copy = copyCourse(process.cwd(), "course-reset-");
  starter = read(EXERCISE);
});
afterAll(() => copy?.remove());

describe("npm run reset with no terminal", { timeout: 60_000 }, () => {
  it("refuses without --yes, says how, and changes nothing", async () => {
    writeFileSync(path.join(copy.root, EXERCISE), MY_ANSWER);
    const { code, out } = await course("reset", "1");
    expect(code).toBe(1);
    expect(out).toContain("Not resetting 01-first-tool: there is no terminal to ask you. To reset anyway: npm run reset 1 -- --yes");
    expect(read(EXERCISE)).toBe(MY_ANSWER);
    expect(backups()).toEqual([]);
  });

  it("under COURSE_LANG=ru the refusal is Russian, and changes nothing", async () => {
    writeFileSync(path.join(copy.root, EXERCISE), MY_ANSWER);
    const { code, out } = await runCli(["reset", "1"], { cwd: copy.root, env: { COURSE_LANG: "ru" } });
    expect(code).toBe(1);
    expect(out).toContain("npm run reset 1 -- --yes");
    expect(findLatinProse(out), describeFindings(findLatinProse(out))).toEqual([]);
    expect(read(EXERCISE)).toBe(MY_ANSWER);
  });

  it("with --yes: backs up the learner's files, then puts the starter back, and says where the backup is", async () => {
    writeFileSync(path.join(copy.root, EXERCISE), MY_ANSWER);
    const { code, out } = await course("reset", "1", "--yes");
    expect(code, out).toBe(0);
    expect(read(EXERCISE)).toBe(starter);
    const [stamp] = backups();
    expect(stamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d(-\d+)?$/);
    const saved = path.join(".course", "backup", "01-first-tool", stamp!);
    expect(read(path.join(saved, "search-contacts.ts"))).toBe(MY_ANSWER);
    expect(out).toContain(`Your files were copied to ${saved}`);
    expect(out).toContain("Exercise 01-first-tool is back to its starter (search-contacts.ts).");
  });

  it("a second reset in the same second keeps both backups; an untouched exercise is left alone", async () => {
    writeFileSync(path.join(copy.root, EXERCISE), MY_ANSWER);
    await course("reset", "1", "--yes");
    writeFileSync(path.join(copy.root, EXERCISE), MY_ANSWER);
    await course("reset", "1", "--yes");
    expect(backups().length).toBe(3);
    const { code, out } = await course("reset", "1", "--yes");
    expect(code).toBe(0);
    expect(out).toContain("already as shipped. Nothing to reset.");
    expect(backups().length).toBe(3);
  });

  it("exits 2 for an unknown exercise or option", async () => {
    expect((await course("reset", "42", "--yes")).code).toBe(2);
    expect((await course("reset", "1", "--force")).code).toBe(2);
  });
});

describe.skipIf(!canRunPty)(`npm run reset on a terminal (${ptyKind})`, () => {
  it("asks; n keeps the learner's file, y resets it", async () => {
    writeFileSync(path.join(copy.root, EXERCISE), MY_ANSWER);
    const before = backups().length;
    const no = new Terminal(copy.root, ["reset", "1"]);
    await no.waitFor((s) => s.includes("[y/N]"), "the question");
    expect(no.screen()).toContain("Put back the starter of exercise 01-first-tool? search-contacts.ts will be replaced");
    no.press("n\r");
    await no.waitFor(() => no.exitCode !== null, "exit after n");
    expect(no.screen()).toContain("Nothing was changed.");
    expect(read(EXERCISE)).toBe(MY_ANSWER);
    expect(backups().length).toBe(before);

    const yes = new Terminal(copy.root, ["reset", "1"]);
    await yes.waitFor((s) => s.includes("[y/N]"), "the question");
    yes.press("y\r");
    await yes.waitFor(() => yes.exitCode !== null, "exit after y");
    expect(yes.exitCode).toBe(0);
    expect(read(EXERCISE)).toBe(starter);
    expect(backups().length).toBe(before + 1);
  }, 120_000);
});

if (!canRunPty) {
  describe("npm run reset on a terminal", () => {
    it.skip(`skipped: ${noPtyReason}`, () => undefined);
  });
}

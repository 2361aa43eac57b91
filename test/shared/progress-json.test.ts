// npm run progress -- --json and -- --junit (shared/cli/progress-data.ts, junit-report.ts): the JSON
// matches docs/progress.schema.json (validated with ajv); the JUnit XML reads back (with the strict
// reader of test/helpers/xml-reader.ts) to one test case per check, with the right failures. The real
// command runs in workbench-output.test.ts's copy of the course, on the verdicts it has kept.

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { CheckOutcome, CheckResult } from "../../shared/cli/check-result.ts";
import { checkTimes, nextTimes, recordCheck } from "../../shared/cli/check-times.ts";
import { hintsSeen, HINTS_SEEN_FILE } from "../../shared/cli/hint.ts";
import { junitXml } from "../../shared/cli/junit-report.ts";
import { parseProgressArgs } from "../../shared/cli/progress.ts";
import { exerciseProgress, learnerName, progressReport } from "../../shared/cli/progress-data.ts";
import { checkProgress } from "../../shared/cli/progress-schema.ts";
import { readXml, type XmlElement } from "../helpers/xml-reader.ts";

describe("the test's own XML reader", () => {
  it("reads elements, attributes, entities and character references", () => {
    const root = readXml(`<?xml version="1.0"?>\n<a x="1 &amp; 2" y='&#10;'><b/>t&lt;&#x41;</a>`);
    expect(root).toEqual({ name: "a", attributes: { x: "1 & 2", y: "\n" }, children: [{ name: "b", attributes: {}, children: [], text: "" }], text: "t<A" });
  });

  it.each([
    ["<a><b></a>", "unbalanced"],
    ["<a>x & y</a>", "bare &"],
    ["<a x=1/>", "unquoted"],
    ['<a x="1" x="2"/>', "repeated attribute"],
    ['<a x="<"/>', "bare < in a value"],
    ["<a>\u0001</a>", "control character"],
    ["<a/><b/>", "two roots"],
    ["<a>&nbsp;</a>", "unknown entity"],
  ])("refuses %s (%s)", (xml) => {
    expect(() => readXml(xml)).toThrow();
  });
});

// ---- the data ----------------------------------------------------------------------------------------

const exercise = { number: 1, id: "01-first-tool", slug: "first-tool" };
const second = { number: 2, id: "02-agent-loop", slug: "agent-loop" };
const check = (title: string, passed: boolean, hard = false, message = passed ? "" : `${title} failed`): CheckOutcome => ({ title, passed, hard, message, todos: [], frame: "" });
const noTimes = { startedAt: null, lastCheckedAt: null, doneAt: null };

describe("progress --json: the data", () => {
  const failing: CheckResult = { checks: [check("a > one", true), check("a > two", false), check("a > three", false), check("h > edge", false, true)] };
  const done: CheckResult = { checks: [check("a > one", true), check("h > edge", false, true), check("h > other", true, true)] };

  it("counts core and hard mode apart, and names the first failing core check", () => {
    const row = exerciseProgress(exercise, { result: failing, times: noTimes, hintsSeen: 2, hints: 5 });
    expect(row).toEqual({
      id: "01-first-tool",
      number: 1,
      done: false,
      broken: false,
      checks: { passed: 1, total: 3 },
      hardMode: { passed: 0, total: 1 },
      firstFailingCheck: "a > two",
      hintsSeen: 2,
      hints: 5,
      ...noTimes,
    });
  });

  it("done: no failing check named, even with hard mode failing; broken: none either", () => {
    const row = exerciseProgress(exercise, { result: done, times: noTimes, hintsSeen: 0, hints: 3 });
    expect(row).toMatchObject({ done: true, firstFailingCheck: null, checks: { passed: 1, total: 1 }, hardMode: { passed: 1, total: 2 } });
    const broken = exerciseProgress(exercise, { result: { checks: [], broken: { message: "SyntaxError", frame: "" } }, times: noTimes, hintsSeen: 0, hints: 0 });
    expect(broken).toMatchObject({ done: false, broken: true, firstFailingCheck: null, checks: { passed: 0, total: 0 } });
  });

  it("a whole report matches docs/progress.schema.json", () => {
    const times = { startedAt: "2026-11-30T10:00:00.000Z", lastCheckedAt: "2026-11-30T11:00:00.000Z", doneAt: "2026-11-30T11:00:00.000Z" };
    const report = progressReport(
      [exerciseProgress(exercise, { result: done, times, hintsSeen: 1, hints: 4 }), exerciseProgress(second, { result: failing, times: noTimes, hintsSeen: 0, hints: 4 })],
      { name: "claude-tools-course", version: "0.1.0" },
      "anna",
      new Date("2026-12-01T00:00:00Z"),
    );
    expect(report.summary).toEqual({ exercises: 2, done: 1 });
    expect(report.schemaVersion).toBe(1);
    expect(checkProgress(report)).toEqual({ report });
  });

  it.each([
    ["schemaVersion 2", (r: Record<string, any>) => (r.schemaVersion = 2), "/schemaVersion"],
    ["done as a string", (r: Record<string, any>) => (r.exercises[0].done = "yes"), "/exercises/0/done"],
    ["a time that is no date", (r: Record<string, any>) => (r.exercises[0].lastCheckedAt = "yesterday"), "/exercises/0/lastCheckedAt"],
    ["a field not documented", (r: Record<string, any>) => (r.exercises[0].path = "/home/anna/course"), "/exercises/0"],
    ["a missing field", (r: Record<string, any>) => delete r.exercises[0].hints, "/exercises/0"],
    ["an id that is no exercise folder", (r: Record<string, any>) => (r.exercises[0].id = "../../etc"), "/exercises/0/id"],
  ])("the schema refuses %s", (_, spoil, where) => {
    const report = JSON.parse(JSON.stringify(progressReport([exerciseProgress(exercise, { result: failing, times: noTimes, hintsSeen: 0, hints: 1 })], { name: "c", version: "1" }, null))) as Record<string, any>;
    spoil(report);
    const verdict = checkProgress(report);
    expect("error" in verdict && verdict.error).toContain(where);
  });

  it("the learner: COURSE_LEARNER, else the CI's account, else null", () => {
    expect(learnerName({ COURSE_LEARNER: "anna", GITHUB_ACTOR: "bot" })).toBe("anna");
    expect(learnerName({ GITHUB_ACTOR: "anna-gh" })).toBe("anna-gh");
    expect(learnerName({ GITLAB_USER_LOGIN: "anna-gl" })).toBe("anna-gl");
    expect(learnerName({ COURSE_LEARNER: "  " })).toBeNull();
  });

  it("the arguments: --json alone, --json file, --junit file; anything else or --junit without a file is refused", () => {
    expect(parseProgressArgs([])).toEqual({});
    expect(parseProgressArgs(["--json"])).toEqual({ json: "-" });
    expect(parseProgressArgs(["--json", "p.json", "--junit", "r.xml"])).toEqual({ json: "p.json", junit: "r.xml" });
    expect(parseProgressArgs(["--junit=r.xml", "--json"])).toEqual({ json: "-", junit: "r.xml" });
    expect(parseProgressArgs(["--junit"])).toHaveProperty("error");
    expect(parseProgressArgs(["--junit", "--json"])).toHaveProperty("error");
    expect(parseProgressArgs(["--jsn"])).toHaveProperty("error");
    expect(parseProgressArgs(["3"])).toHaveProperty("error");
  });
});

describe("check times and hints seen, as kept on disk", () => {
  let root: string;
  afterEach(() => rmSync(root, { recursive: true, force: true }));
  const setUp = () => {
    root = mkdtempSync(path.join(os.tmpdir(), "course-times-"));
    mkdirSync(path.join(root, "shared", "starters", exercise.id), { recursive: true });
    mkdirSync(path.join(root, "exercises", exercise.id), { recursive: true });
    writeFileSync(path.join(root, "shared", "starters", exercise.id, "tool.ts.starter"), "starter\n");
    writeFileSync(path.join(root, "exercises", exercise.id, "tool.ts"), "starter\n");
  };

  it("the clock starts at the first check of changed code, and doneAt is the first pass", () => {
    setUp();
    const failing: CheckResult = { checks: [check("a > b", false)] };
    const pass: CheckResult = { checks: [check("a > b", true)] };
    recordCheck(exercise, failing, root, new Date("2026-12-01T10:00:00Z"));
    expect(checkTimes(exercise, root)).toEqual({ startedAt: null, lastCheckedAt: "2026-12-01T10:00:00.000Z", doneAt: null });
    writeFileSync(path.join(root, "exercises", exercise.id, "tool.ts"), "mine\n");
    recordCheck(exercise, failing, root, new Date("2026-12-01T10:05:00Z"));
    recordCheck(exercise, pass, root, new Date("2026-12-01T10:40:00Z"));
    recordCheck(exercise, failing, root, new Date("2026-12-01T11:00:00Z"));
    expect(checkTimes(exercise, root)).toEqual({ startedAt: "2026-12-01T10:05:00.000Z", lastCheckedAt: "2026-12-01T11:00:00.000Z", doneAt: "2026-12-01T10:40:00.000Z" });
  });

  it("an unreadable or foreign file counts as nothing known", () => {
    setUp();
    const file = path.join(root, "node_modules", ".cache", "course", "check-times", `${exercise.id}.json`);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, "{not json");
    expect(checkTimes(exercise, root)).toEqual(noTimes);
    writeFileSync(file, JSON.stringify({ startedAt: 5, lastCheckedAt: "soon", doneAt: "2026-12-01T10:40:00Z" }));
    expect(checkTimes(exercise, root)).toEqual({ startedAt: null, lastCheckedAt: null, doneAt: "2026-12-01T10:40:00.000Z" });
  });

  it("nextTimes: a pass on the first check starts the clock there", () => {
    const at = new Date("2026-12-01T09:00:00Z");
    expect(nextTimes(noTimes, { checks: [check("a", true)] }, false, at)).toEqual({ startedAt: at.toISOString(), lastCheckedAt: at.toISOString(), doneAt: at.toISOString() });
  });

  it("hints seen: by number, whatever the file's older format; nothing from a broken file", () => {
    setUp();
    const file = path.join(root, HINTS_SEEN_FILE);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify({ [exercise.id]: [0, 2], [second.id]: 3 }));
    expect(hintsSeen(exercise.id, root)).toEqual([0, 2]);
    expect(hintsSeen(second.id, root)).toEqual([0, 1, 2]);
    writeFileSync(file, "null");
    expect(hintsSeen(exercise.id, root)).toEqual([]);
  });
});

describe("progress --junit: the XML", () => {
  const results = new Map<string, CheckResult>([
    [exercise.id, { checks: [check("search > finds Anna", true), check('search > "quotes" & <tags>', false, false, "expected <b> & 'c'\nsecond line\u0007 bell"), check("edge > empty", false, true)] }],
    [second.id, { checks: [], broken: { message: "SyntaxError: Unexpected token\nmore", frame: "  > 1 | const = ;" } }],
  ]);
  let root: XmlElement;
  beforeAll(() => {
    root = readXml(junitXml([exercise, second], results, "claude-tools-course", new Date("2026-12-01T10:00:00Z")));
  });

  it("one suite per exercise, one test case per check, with the totals", () => {
    expect(root.name).toBe("testsuites");
    expect(root.attributes).toMatchObject({ name: "claude-tools-course", tests: "4", failures: "1", errors: "1", skipped: "1" });
    expect(root.children.map((s) => [s.name, s.attributes.name, s.attributes.tests, s.attributes.failures, s.attributes.errors, s.attributes.skipped])).toEqual([
      ["testsuite", "01-first-tool", "3", "1", "0", "1"],
      ["testsuite", "02-agent-loop", "1", "0", "1", "0"],
    ]);
    const cases = root.children[0]!.children;
    expect(cases.map((c) => c.attributes.name)).toEqual(["search > finds Anna", 'search > "quotes" & <tags>', "[hard mode] edge > empty"]);
    expect(cases.every((c) => c.name === "testcase" && c.attributes.classname === "01-first-tool")).toBe(true);
  });

  it("a passing check is empty; a failing core check is a failure with its message; failing hard mode is skipped", () => {
    const [pass, fail, hard] = root.children[0]!.children;
    expect(pass!.children).toEqual([]);
    expect(fail!.children.map((c) => c.name)).toEqual(["failure"]);
    expect(fail!.children[0]!.attributes.message).toBe("expected <b> & 'c'");
    expect(fail!.children[0]!.text).toBe("expected <b> & 'c'\nsecond line bell");
    expect(hard!.children.map((c) => c.name)).toEqual(["skipped"]);
  });

  it("an exercise whose checks could not load: one error with the message and frame", () => {
    const [only] = root.children[1]!.children;
    expect(only!.children[0]!.name).toBe("error");
    expect(only!.children[0]!.attributes.message).toBe("SyntaxError: Unexpected token");
    expect(only!.children[0]!.text).toContain("> 1 | const = ;");
  });
});

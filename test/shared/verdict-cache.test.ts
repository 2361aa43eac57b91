// The kept verdicts behind a fast `npm run progress` (shared/cli/verdict-cache.ts): a verdict is used
// again only while nothing its checks depend on has changed, and a broken cache only costs a re-run.

import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { CheckResult } from "../../shared/cli/check-runner.ts";
import { cachedVerdict, fingerprint, keepVerdict } from "../../shared/cli/verdict-cache.ts";

const exercise = { number: 1, id: "01-first-tool", slug: "first-tool" };
const other = { number: 2, id: "02-agent-loop", slug: "agent-loop" };
const verdict: CheckResult = { checks: [{ title: "a > b", passed: false, hard: true, message: "Пусто: expected 1", todos: [1], frame: "" }] };
let root: string;

function write(relative: string, text: string): void {
  mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
  writeFileSync(path.join(root, relative), text);
}

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), "course-verdicts-"));
  write("exercises/01-first-tool/search-contacts.ts", "export const a = 1;\n");
  write("exercises/02-agent-loop/agent-loop.ts", "export const b = 2;\n");
  write("test/01-first-tool.test.ts", "// checks\n");
  write("lessons/01-first-tool/tool.ts", "export {};\n");
  write("shared/model.ts", "export {};\n");
  write("test/helpers/mock.ts", "export {};\n");
  write("vitest.config.ts", "export default {};\n");
  write("package-lock.json", "{}\n");
  write("workspace/report.txt", "46250\n");
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("fingerprint: what a kept verdict depends on", () => {
  it("is the same while nothing changes", () => {
    expect(fingerprint(exercise, "exercises", root)).toBe(fingerprint(exercise, "exercises", root));
  });

  it("changes with the exercise's code, even at the same size and time (it is read by content)", () => {
    const before = fingerprint(exercise, "exercises", root);
    const file = path.join(root, "exercises/01-first-tool/search-contacts.ts");
    writeFileSync(file, "export const a = 2;\n");
    utimesSync(file, 1_000_000, 1_000_000);
    const after = fingerprint(exercise, "exercises", root);
    writeFileSync(file, "export const a = 3;\n");
    utimesSync(file, 1_000_000, 1_000_000);
    expect(after).not.toBe(before);
    expect(fingerprint(exercise, "exercises", root)).not.toBe(after);
  });

  it("changes with a new file in the exercise, the exercise's checks, and the target folder", () => {
    const before = fingerprint(exercise, "exercises", root);
    write("exercises/01-first-tool/helper.ts", "");
    const withFile = fingerprint(exercise, "exercises", root);
    expect(withFile).not.toBe(before);
    write("test/01-first-tool.test.ts", "// checks, one more\n");
    expect(fingerprint(exercise, "exercises", root)).not.toBe(withFile);
    expect(fingerprint(exercise, "solutions", root)).not.toBe(fingerprint(exercise, "exercises", root));
  });

  it.each(["lessons/01-first-tool/tool.ts", "shared/model.ts", "test/helpers/mock.ts", "vitest.config.ts", "package-lock.json"])(
    "changes when the course code the checks import changes: %s",
    (file) => {
      const before = fingerprint(exercise, "exercises", root);
      write(file, "export const changed = true;\n");
      expect(fingerprint(exercise, "exercises", root)).not.toBe(before);
    },
  );

  it("does not change for another exercise's code, the workspace, or another exercise's checks", () => {
    const before = fingerprint(exercise, "exercises", root);
    write("exercises/02-agent-loop/agent-loop.ts", "export const b = 3;\n");
    write("workspace/report.txt", "0\n");
    write("test/02-agent-loop.test.ts", "// other checks\n");
    expect(fingerprint(exercise, "exercises", root)).toBe(before);
  });
});

describe("keepVerdict and cachedVerdict", () => {
  it("give back the kept verdict, Cyrillic included, only for the same fingerprint and exercise", () => {
    const print = fingerprint(exercise, "exercises", root);
    keepVerdict(exercise, print, verdict, root);
    expect(cachedVerdict(exercise, print, root)).toEqual(verdict);
    expect(cachedVerdict(exercise, `${print}x`, root)).toBeUndefined();
    expect(cachedVerdict(other, print, root)).toBeUndefined();
  });

  it("a newer verdict replaces the older one, and no temporary file is left", () => {
    keepVerdict(exercise, "p1", verdict, root);
    keepVerdict(exercise, "p2", { checks: [] }, root);
    expect(cachedVerdict(exercise, "p1", root)).toBeUndefined();
    expect(cachedVerdict(exercise, "p2", root)).toEqual({ checks: [] });
    const dir = path.join(root, "node_modules", ".cache", "course", "verdicts");
    expect(readdirSync(dir)).toEqual(["01-first-tool.json"]);
  });

  it("nothing kept yet, a broken file or a file of another shape: no verdict (the checks run), no crash", () => {
    expect(cachedVerdict(exercise, "p", root)).toBeUndefined();
    const file = path.join(root, "node_modules", ".cache", "course", "verdicts", "01-first-tool.json");
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, '{"fingerprint":"p","result":');
    expect(cachedVerdict(exercise, "p", root)).toBeUndefined();
    writeFileSync(file, '{"fingerprint":"p","result":{"checks":"all good"}}');
    expect(cachedVerdict(exercise, "p", root)).toBeUndefined();
  });

  it("a cache folder that cannot be written is not an error", () => {
    write("node_modules/.cache/course/verdicts", "a file where the folder should be");
    expect(() => keepVerdict(exercise, "p", verdict, root)).not.toThrow();
    expect(existsSync(path.join(root, "node_modules/.cache/course/verdicts"))).toBe(true);
  });
});

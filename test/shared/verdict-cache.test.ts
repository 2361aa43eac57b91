// The kept verdicts behind a fast `npm run progress` (shared/cli/verdict-cache.ts): a verdict is used
// again only while nothing its checks depend on has changed (the files they imported, not every file of
// the course: a learner edits permissions.json while reading a lesson), and a broken cache only costs a
// re-run. That a real run keeps the files its checks imported: workbench-output.test.ts.

import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { CheckResult } from "../../shared/cli/check-runner.ts";
import { cachedVerdict, fingerprint, keepVerdict, verdictInputs } from "../../shared/cli/verdict-cache.ts";

const exercise = { number: 1, id: "01-first-tool", slug: "first-tool" };
const other = { number: 2, id: "02-agent-loop", slug: "agent-loop" };
const verdict: CheckResult = { checks: [{ title: "a > b", passed: false, hard: true, message: "Пусто: expected 1", todos: [1], frame: "" }] };
// What exercise 01's checks imported on their last run, of lessons/ and shared/.
const imported = [path.join("lessons", "01-first-tool", "tool.ts"), path.join("shared", "model.ts")];
let root: string;

function write(relative: string, text: string): void {
  mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
  writeFileSync(path.join(root, relative), text);
}

const inputs = (target = "exercises", language = "en") => verdictInputs(exercise, target, root, language);
// The fingerprint as the cache computes it for a verdict whose checks imported `imported`.
const print = (target = "exercises") => fingerprint(inputs(target), imported);

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), "course-verdicts-"));
  write("exercises/01-first-tool/search-contacts.ts", "export const a = 1;\n");
  write("exercises/02-agent-loop/agent-loop.ts", "export const b = 2;\n");
  write("test/01-first-tool.test.ts", "// checks\n");
  write("lessons/01-first-tool/tool.ts", "export {};\n");
  write("lessons/07-approval-gates/agent.ts", "export {};\n");
  write("lessons/07-approval-gates/permissions.json", "{}\n");
  write("lessons/11-mcp/mcp.json", "{}\n");
  write("shared/model.ts", "export {};\n");
  write("shared/cli/watch.ts", "export {};\n");
  write("test/helpers/mock.ts", "export {};\n");
  write("vitest.config.ts", "export default {};\n");
  write("package-lock.json", "{}\n");
  write("workspace/report.txt", "46250\n");
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("fingerprint: what a kept verdict depends on", () => {
  it("is the same while nothing changes", () => {
    expect(print()).toBe(print());
  });

  it("changes with the exercise's code, even at the same size and time (it is read by content)", () => {
    const before = print();
    const file = path.join(root, "exercises/01-first-tool/search-contacts.ts");
    writeFileSync(file, "export const a = 2;\n");
    utimesSync(file, 1_000_000, 1_000_000);
    const after = print();
    writeFileSync(file, "export const a = 3;\n");
    utimesSync(file, 1_000_000, 1_000_000);
    expect(after).not.toBe(before);
    expect(print()).not.toBe(after);
  });

  it("changes with a new file in the exercise, the exercise's checks, the target folder and the language", () => {
    const before = print();
    write("exercises/01-first-tool/helper.ts", "");
    const withFile = print();
    expect(withFile).not.toBe(before);
    write("test/01-first-tool.test.ts", "// checks, one more\n");
    expect(print()).not.toBe(withFile);
    expect(print("solutions")).not.toBe(print("exercises"));
    expect(fingerprint(inputs("exercises", "ru"), imported)).not.toBe(fingerprint(inputs("exercises", "en"), imported));
  });

  it.each(["lessons/01-first-tool/tool.ts", "shared/model.ts", "test/helpers/mock.ts", "vitest.config.ts", "package-lock.json"])(
    "changes when the course code the checks import changes: %s",
    (file) => {
      const before = print();
      write(file, "export const changed = true;\n");
      expect(print()).not.toBe(before);
    },
  );

  it("does not change for another exercise's code, the workspace, or another exercise's checks", () => {
    const before = print();
    write("exercises/02-agent-loop/agent-loop.ts", "export const b = 3;\n");
    write("workspace/report.txt", "0\n");
    write("test/02-agent-loop.test.ts", "// other checks\n");
    expect(print()).toBe(before);
  });

  it("does not change for a file of lessons/ or shared/ the checks did not import: permissions.json, mcp.json, a README, another lesson's code", () => {
    const before = print();
    write("lessons/07-approval-gates/permissions.json", '{ "allow": ["read_file"] }\n');
    write("lessons/11-mcp/mcp.json", '{ "mcpServers": {} }\n');
    write("lessons/01-first-tool/README.md", "# notes of my own\n");
    write("lessons/07-approval-gates/agent.ts", "export const changed = true;\n");
    write("shared/cli/watch.ts", "export const changed = true;\n");
    expect(print()).toBe(before);
  });

  it("with no list of imports (the checks failed to load), every file of lessons/ and shared/ counts", () => {
    const before = fingerprint(inputs());
    write("lessons/07-approval-gates/permissions.json", '{ "allow": [] }\n');
    expect(fingerprint(inputs())).not.toBe(before);
  });

  it("changes when an imported file is deleted", () => {
    const before = print();
    rmSync(path.join(root, "shared/model.ts"));
    expect(print()).not.toBe(before);
  });
});

describe("keepVerdict and cachedVerdict", () => {
  it("give back the kept verdict, Cyrillic included, while nothing it depends on changes, for that exercise only", () => {
    keepVerdict(exercise, inputs(), imported, verdict, root);
    expect(cachedVerdict(exercise, inputs(), root)).toEqual(verdict);
    expect(cachedVerdict(other, inputs(), root)).toBeUndefined();
    write("lessons/11-mcp/mcp.json", '{ "mcpServers": { "notes": {} } }\n');
    expect(cachedVerdict(exercise, inputs(), root), "mcp.json: no check imports it").toEqual(verdict);
    write("lessons/01-first-tool/tool.ts", "export const changed = true;\n");
    expect(cachedVerdict(exercise, inputs(), root), "tool.ts: the checks imported it").toBeUndefined();
  });

  it("keeps only the files of lessons/ and shared/ from the list (the exercise and its test file are read by content)", () => {
    keepVerdict(exercise, inputs(), [...imported, path.join("exercises", "01-first-tool", "search-contacts.ts"), path.join("test", "01-first-tool.test.ts")], verdict, root);
    expect(cachedVerdict(exercise, inputs(), root)).toEqual(verdict);
  });

  it("a verdict kept from a run whose inputs were read before a change is not fresh after it", () => {
    const before = inputs();
    write("lessons/01-first-tool/tool.ts", "export const savedDuringTheRun = true;\n");
    keepVerdict(exercise, before, imported, verdict, root);
    expect(cachedVerdict(exercise, inputs(), root)).toBeUndefined();
  });

  it("a newer verdict replaces the older one, and no temporary file is left", () => {
    keepVerdict(exercise, inputs(), imported, verdict, root);
    keepVerdict(exercise, inputs(), imported, { checks: [] }, root);
    expect(cachedVerdict(exercise, inputs(), root)).toEqual({ checks: [] });
    const dir = path.join(root, "node_modules", ".cache", "course", "verdicts");
    expect(readdirSync(dir)).toEqual(["01-first-tool.json"]);
  });

  it("nothing kept yet, a broken file or a file of another shape: no verdict (the checks run), no crash", () => {
    expect(cachedVerdict(exercise, inputs(), root)).toBeUndefined();
    const file = path.join(root, "node_modules", ".cache", "course", "verdicts", "01-first-tool.json");
    mkdirSync(path.dirname(file), { recursive: true });
    const print = fingerprint(inputs());
    writeFileSync(file, `{"fingerprint":"${print}","result":`);
    expect(cachedVerdict(exercise, inputs(), root)).toBeUndefined();
    writeFileSync(file, `{"fingerprint":"${print}","result":{"checks":"all good"}}`);
    expect(cachedVerdict(exercise, inputs(), root)).toBeUndefined();
    writeFileSync(file, `{"fingerprint":"${print}","imported":"lessons","result":{"checks":[]}}`);
    expect(cachedVerdict(exercise, inputs(), root), "a list that is not a list counts every file").toEqual({ checks: [] });
  });

  it("a cache folder that cannot be written is not an error", () => {
    write("node_modules/.cache/course/verdicts", "a file where the folder should be");
    expect(() => keepVerdict(exercise, inputs(), imported, verdict, root)).not.toThrow();
    expect(existsSync(path.join(root, "node_modules/.cache/course/verdicts"))).toBe(true);
  });
});

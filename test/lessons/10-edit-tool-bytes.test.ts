// Lesson 10's edit_file keeps what it does not change: bytes that are not UTF-8 are refused, not turned
// into U+FFFD; a file keeps its permission bits; a read-only file is left alone; and the permission
// gate judges the file a path really reaches, so a link named notes.md cannot carry an edit to .env
// past a rule that allows *.md.

import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type Anthropic from "@anthropic-ai/sdk";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { noTerminalApprover } from "../../lessons/07-approval-gates/approver.ts";
import { createGatedExecutor } from "../../lessons/07-approval-gates/gated-executor.ts";
import { parseRulesFile } from "../../lessons/07-approval-gates/rules-file.ts";
import { createAgentTools } from "../../lessons/10-edit-tool/agent.ts";
import { editFile } from "../../lessons/10-edit-tool/edit-file.ts";
import { realSpelling } from "../../lessons/10-edit-tool/project-path.ts";
import { readWindow } from "../../lessons/10-edit-tool/read-file.ts";
import { createReadTracker } from "../../lessons/10-edit-tool/read-tracker.ts";

let base = "";
let project = "";
beforeEach(async () => {
  base = await fs.mkdtemp(path.join(os.tmpdir(), "course-10-bytes-"));
  project = path.join(base, "project");
  await fs.mkdir(project);
});
afterEach(async () => {
  await fs.rm(base, { recursive: true, force: true });
});

const file = (name: string) => path.join(project, name);

async function refusal(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("expected a refusal, but the edit went through");
}

async function readThenEdit(name: string, oldText: string, newText: string): Promise<string> {
  const tracker = createReadTracker();
  await readWindow(project, { path: name }, tracker);
  return editFile(project, { path: name, old_text: oldText, new_text: newText }, tracker);
}

describe("edit_file keeps the bytes it does not change", () => {
  it("refuses a cp1251 file instead of turning its other lines into U+FFFD", async () => {
    // "Привет" in cp1251 on line 1, plain ASCII on line 2.
    const cp1251 = Buffer.concat([Buffer.from([0xcf, 0xf0, 0xe8, 0xe2, 0xe5, 0xf2]), Buffer.from("\nlet x = 1;\n")]);
    await fs.writeFile(file("old.txt"), cp1251);
    const message = await refusal(readThenEdit("old.txt", "let x = 1;", "let x = 2;"));
    expect(message, "the refusal names the encoding problem and what the user can do").toMatch(/not UTF-8.*convert/s);
    expect(Buffer.compare(await fs.readFile(file("old.txt")), cp1251), "the file is byte for byte as it was").toBe(0);
  });

  it("refuses bytes that are not UTF-8 after the first 8,000 as well", async () => {
    const bytes = Buffer.concat([Buffer.from(`${"a".repeat(9_000)}\nkeep\n`), Buffer.from([0xff, 0xfe, 0x80]), Buffer.from("\nend\n")]);
    await fs.writeFile(file("mixed.txt"), bytes);
    expect(await refusal(readThenEdit("mixed.txt", "keep", "kept"))).toMatch(/not UTF-8/);
    expect(Buffer.compare(await fs.readFile(file("mixed.txt")), bytes)).toBe(0);
  });

  it("keeps a byte order mark and every byte around the edit", async () => {
    await fs.writeFile(file("bom.txt"), Buffer.from("\uFEFFfirst\nsecond\n", "utf8"));
    await readThenEdit("bom.txt", "second", "2nd");
    expect((await fs.readFile(file("bom.txt"))).toString("hex")).toBe(Buffer.from("\uFEFFfirst\n2nd\n", "utf8").toString("hex"));
  });

  it("property: for any bytes, an edit either changes exactly the quoted text or is refused and changes nothing", async () => {
    const line = fc.oneof(
      fc.string({ unit: "grapheme", maxLength: 12 }).map((s) => Buffer.from(s, "utf8")),
      fc.uint8Array({ minLength: 1, maxLength: 8 }).map((a) => Buffer.from(a)),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(line, { maxLength: 5 }), fc.array(line, { maxLength: 5 }), async (before, after) => {
        const marker = Buffer.from("\nMARKER-42\n");
        const original = Buffer.concat([...before, marker, ...after]);
        await fs.writeFile(file("any.bin"), original);
        try {
          await readThenEdit("any.bin", "MARKER-42", "CHANGED");
        } catch {
          expect(Buffer.compare(await fs.readFile(file("any.bin")), original), "a refused edit leaves every byte").toBe(0);
          return;
        }
        const expected = Buffer.concat([...before, Buffer.from("\nCHANGED\n"), ...after]);
        expect((await fs.readFile(file("any.bin"))).toString("hex"), "only the quoted text changed").toBe(expected.toString("hex"));
      }),
      { seed: 24, numRuns: 150 },
    );
  });
});

describe("edit_file keeps the file's mode", () => {
  it("an executable script stays executable", async () => {
    await fs.writeFile(file("run.sh"), "#!/bin/sh\necho one\n");
    await fs.chmod(file("run.sh"), 0o755);
    await readThenEdit("run.sh", "echo one", "echo two");
    expect(await fs.readFile(file("run.sh"), "utf8")).toBe("#!/bin/sh\necho two\n");
    expect(((await fs.stat(file("run.sh"))).mode & 0o7777).toString(8)).toBe("755");
  });

  it("a private file stays private", async () => {
    await fs.writeFile(file("notes.txt"), "a\n");
    await fs.chmod(file("notes.txt"), 0o600);
    await readThenEdit("notes.txt", "a", "b");
    expect(((await fs.stat(file("notes.txt"))).mode & 0o7777).toString(8)).toBe("600");
  });

  it("a read-only file is refused and left as it was", async () => {
    await fs.writeFile(file("locked.txt"), "x\n");
    await fs.chmod(file("locked.txt"), 0o444);
    expect(await refusal(readThenEdit("locked.txt", "x", "y"))).toMatch(/read-only \(mode 0444\).*make it writable/);
    expect(await fs.readFile(file("locked.txt"), "utf8")).toBe("x\n");
    expect(((await fs.stat(file("locked.txt"))).mode & 0o7777).toString(8)).toBe("444");
  });
});

describe("the gate judges where an edit really goes", () => {
  const rules = () =>
    parseRulesFile(JSON.stringify({ deny: ["edit_file(path=*.env)"], allow: ["edit_file(path=src/*)", "edit_file(path=*.md)"], ask: [] }));

  async function gatedEdit(given: string): Promise<Anthropic.ToolResultBlockParam> {
    const tools = createAgentTools(project);
    const execute = createGatedExecutor({ rules: rules(), approver: noTerminalApprover() });
    const read: Anthropic.ToolUseBlock = { type: "tool_use", id: "toolu_read", name: "read_file", input: { path: given }, caller: { type: "direct" } };
    await execute([read], tools);
    const edit: Anthropic.ToolUseBlock = { type: "tool_use", id: "toolu_edit", name: "edit_file", input: { path: given, old_text: "KEY=1", new_text: "KEY=2" }, caller: { type: "direct" } };
    const [result] = await execute([edit], tools);
    return result!;
  }

  it("a link notes.md -> .env is judged as .env: the deny rule wins over the *.md allow rule", async () => {
    await fs.writeFile(file(".env"), "KEY=1\n");
    await fs.symlink(".env", file("notes.md"));
    const result = await gatedEdit("notes.md");
    expect(result.is_error).toBe(true);
    expect(String(result.content)).toMatch(/deny rule "edit_file\(path=\*\.env\)"/);
    expect(await fs.readFile(file(".env"), "utf8")).toBe("KEY=1\n");
  });

  it("a link src/config.ts -> ../.env is judged as .env too", async () => {
    await fs.mkdir(file("src"));
    await fs.writeFile(file(".env"), "KEY=1\n");
    await fs.symlink("../.env", file("src/config.ts"));
    const result = await gatedEdit("src/config.ts");
    expect(String(result.content)).toMatch(/deny rule/);
    expect(await fs.readFile(file(".env"), "utf8")).toBe("KEY=1\n");
  });

  it("an ordinary allowed edit still runs, on the file the gate judged", async () => {
    await fs.writeFile(file("todo.md"), "KEY=1\n");
    const result = await gatedEdit("todo.md");
    expect(result.is_error ?? false, String(result.content)).toBe(false);
    expect(await fs.readFile(file("todo.md"), "utf8")).toBe("KEY=2\n");
  });

  it("property: any spelling of a path to .env (./, x/.., links) is judged as .env", async () => {
    await fs.mkdir(file("src/deep"), { recursive: true });
    await fs.writeFile(file(".env"), "KEY=1\n");
    await fs.symlink(".env", file("readme.md"));
    await fs.symlink("../../.env", file("src/deep/link.md"));
    const spelling = fc.constantFrom(".env", "./.env", "src/../.env", "src/deep/../../.env", "readme.md", "./readme.md", "src/deep/link.md", "src/./deep/link.md");
    fc.assert(
      fc.property(spelling, (given) => {
        expect(realSpelling(project, given), given).toBe(".env");
      }),
      { seed: 7, numRuns: 40 },
    );
    for (const given of ["readme.md", "src/deep/link.md", "./readme.md"]) expect(String((await gatedEdit(given)).content), given).toMatch(/deny rule/);
    expect(await fs.readFile(file(".env"), "utf8")).toBe("KEY=1\n");
  });

  it("a path that does not resolve keeps its spelling, and the tool refuses it with the reason", () => {
    expect(realSpelling(project, "missing.md")).toBe("missing.md");
    expect(realSpelling(project, "../outside.md")).toBe("../outside.md");
  });
});

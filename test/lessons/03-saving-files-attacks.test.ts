// Finding 9 of the adversarial review (issue 11), reproduced for lessons 03 and 04: long names fail
// with a raw ENAMETOOLONG, a newline is accepted in a name, OS errors reach the model with absolute
// paths, and errors that cannot pass on their own tell the model to retry.

import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { describeSaveError } from "../../lessons/03-saving-files/save-error.ts";
import { createSaveToFileTool, MAX_NAME_BYTES, normalizeFileName, saveToFile, UnsafePathError } from "../../lessons/03-saving-files/save-to-file.ts";
import { createContractTools } from "../../lessons/04-tool-contract/agent.ts";
import { callTool } from "../../lessons/04-tool-contract/dispatch.ts";
import { fileErrorMessage, ourFailure } from "../../lessons/04-tool-contract/describe-error.ts";

let base = "";
let ws = "";
beforeEach(async () => {
  base = await fs.mkdtemp(path.join(os.tmpdir(), "lesson-03-attacks-"));
  ws = path.join(base, "workspace");
  await fs.mkdir(ws);
});
afterEach(async () => {
  await fs.rm(base, { recursive: true, force: true });
});

const errno = (code: string, message: string) => Object.assign(new Error(message), { code });

describe("finding 9: file names", () => {
  it("names of 238 to 255 bytes are saved (the temporary file no longer adds to the name)", async () => {
    for (const length of [238, 240, 250, 254, 255]) {
      const name = `${"n".repeat(length - 4)}.txt`;
      expect(Buffer.byteLength(name)).toBe(length);
      expect((await saveToFile(ws, name, "ok")).path).toBe(name);
    }
    // Cyrillic letters are 2 bytes each: the limit is in bytes, as the file system counts.
    const russian = `${"я".repeat(125)}.txt`;
    expect((await saveToFile(ws, russian, "ok")).bytes).toBe(2);
    expect((await fs.readdir(ws)).filter((name) => name.endsWith(".tmp"))).toEqual([]);
    await expect(saveToFile(ws, `${"n".repeat(MAX_NAME_BYTES)}.txt`, "x")).rejects.toThrow(/longer than 255 bytes/);
  });

  it("a line break, carriage return, ESC or bidi override in a name is refused and nothing is written", async () => {
    for (const name of ["report\n.txt", "report.txt\r", "a\u001b[2Jb.txt", "evil\u202etxt.exe", "tab\there.txt"]) {
      await expect(saveToFile(ws, name, "x"), JSON.stringify(name)).rejects.toThrow(UnsafePathError);
    }
    await expect(saveToFile(ws, "report\n.txt", "x")).rejects.toThrow(/a line break/);
    expect(await fs.readdir(ws)).toEqual([]);
  });

  it("one spelling per name: trailing spaces and dots of each part are dropped", async () => {
    expect(normalizeFileName("reports/x.env ")).toBe("reports/x.env");
    expect(normalizeFileName("reports /x.env.")).toBe("reports/x.env");
    expect(normalizeFileName("../x")).toBe("../x");
    expect(normalizeFileName("a/./b")).toBe("a/./b");
    expect((await saveToFile(ws, "notes.txt  ", "x")).path).toBe("notes.txt");
    expect(await fs.readdir(ws)).toEqual(["notes.txt"]);
  });

  it("a name that only starts with two dots stays inside; '..' and '../x' climb out", async () => {
    expect((await saveToFile(ws, "..notes.txt", "x")).path).toBe("..notes.txt");
    expect((await saveToFile(ws, "a/..b/c.txt", "x")).path).toBe("a/..b/c.txt");
    await expect(saveToFile(ws, "..", "x")).rejects.toThrow(/climbs out/);
    await expect(saveToFile(ws, "../x.txt", "x")).rejects.toThrow(/climbs out/);
    await expect(saveToFile(ws, "a/../../x.txt", "x")).rejects.toThrow(/climbs out/);
  });
});

describe("finding 9: OS errors reach the model without this machine's paths", () => {
  it("lesson 03's tool turns an OS error into a sentence about the name it was sent", async () => {
    await fs.writeFile(path.join(ws, "reports"), "a file, not a folder");
    const tool = createSaveToFileTool(ws);
    let message = "";
    try {
      await tool.run({ filename: "reports/may.txt", content: "x" });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^'reports\/may\.txt' was not saved: a part of the path is a file, not a folder/);
    expect(message, "the model was shown an absolute path of this machine").not.toContain(base);
    expect(message).not.toMatch(/retry/i);
  });

  it("a link out of the workspace is refused without saying where it leads", async () => {
    await fs.symlink(base, path.join(ws, "up"));
    await expect(saveToFile(ws, "up/x.txt", "x")).rejects.toThrow(/symbolic link that leads outside/);
    await saveToFile(ws, "up/x.txt", "x").catch((error: Error) => expect(error.message).not.toContain(base));
  });

  it("only transient errors say retry (lesson 03)", () => {
    for (const code of ["EAGAIN", "EBUSY", "EMFILE", "ENFILE", "ETIMEDOUT"]) {
      expect(describeSaveError(errno(code, `${code}: /home/anna/secret`), "r.txt"), code).toMatch(/retry it in a moment/);
    }
    for (const code of ["EEXIST", "ENOTDIR", "EACCES", "ENOSPC", "EROFS", "ENAMETOOLONG", "EWHATEVER"]) {
      const sentence = describeSaveError(errno(code, `${code}: /home/anna/secret`), "r.txt");
      expect(sentence, code).not.toMatch(/retry/i);
      expect(sentence, code).not.toContain("/home/anna");
    }
  });

  it("only transient errors say retry (lesson 04): EEXIST and over-size content say what to change", async () => {
    for (const code of ["EBUSY", "EMFILE", "EAGAIN", "ETIMEDOUT"]) expect(fileErrorMessage(errno(code, "x"), "r.txt"), code).toMatch(/retry/);
    expect(fileErrorMessage(errno("EEXIST", "x"), "reports/may.txt")).toMatch(/is a file, not a folder/);
    expect(ourFailure("save_to_file", new Error("/home/anna/course/x broke"))).not.toMatch(/retry it as is|\/home\/anna/);

    const tools = createContractTools(ws);
    await fs.writeFile(path.join(ws, "reports"), "a file");
    const asFolder = await callTool({ id: "t", name: "save_to_file", input: { filename: "reports/may.txt", content: "x" } }, tools);
    expect(asFolder.success).toBe(false);
    expect(asFolder.error).toMatch(/is a file, not a folder/);
    expect(asFolder.error).not.toMatch(/retry/i);

    // Under the schema's character limit, over the byte limit: each "я" is 2 bytes.
    const tooBig = await callTool({ id: "t", name: "save_to_file", input: { filename: "big.txt", content: "я".repeat(600_000) } }, tools);
    expect(tooBig.success).toBe(false);
    expect(tooBig.error).toMatch(/1200000 bytes \(UTF-8\); the limit is 1000000\. Save a shorter text/);
    expect(tooBig.error).not.toMatch(/retry/i);
  });
});

// A tool's error ends with what the model should send next ("give a name such as ...", "Choose another
// name.", "retry it in a moment"). When the offline model tells the person about the failure (in
// English; Russian is retold, see offline-tool-errors.test.ts), those instructions stay with the
// model: the person hears what went wrong. Checked on the refusals the course's own tools really give.

import { mkdir, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { describeSaveError } from "../../lessons/03-saving-files/save-error.ts";
import { MAX_CONTENT_BYTES, saveToFile } from "../../lessons/03-saving-files/save-to-file.ts";
import { readWorkspaceFile } from "../../lessons/07-approval-gates/read-file.ts";
import { forTheUser, toolSaid } from "../../shared/offline/tool-errors.ts";

const en = { lang: "en" as const, t: (text: { en: string; ru: string }) => text.en };
// What the course's tools tell the model to do next.
const FOR_THE_MODEL = /\b(?:give a|choose another|use (?:a|another|letters)|separate folders|add a file name|retry|tell the user|the call was right|the same call)\b/i;

async function refusals(): Promise<string[]> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "course-errors-for-people-"));
  try {
    await mkdir(path.join(dir, "reports"));
    const save = (name: string, content: unknown = "x") => saveToFile(dir, name, content as string).then(() => "saved", (e: Error) => e.message);
    const read = (name: string) => readWorkspaceFile(dir, name).then(() => "read", (e: Error) => e.message);
    return [
      await save("../x.txt"),
      await save("/etc/passwd"),
      await save("a\\b.txt"),
      await save(""),
      await save("x".repeat(300)),
      await save("reports"),
      await save("reports/"),
      await save("bad\nname.txt"),
      await save("big.txt", "x".repeat(MAX_CONTENT_BYTES + 1)),
      await read("notes.txt"),
      await read("../outside.txt"),
      describeSaveError(Object.assign(new Error("busy"), { code: "EBUSY" }), "r.txt"),
      describeSaveError(Object.assign(new Error("no"), { code: "EACCES" }), "r.txt"),
      describeSaveError(Object.assign(new Error("odd"), { code: "EWHAT" }), "r.txt"),
    ];
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe("a tool's error told to the person, in English", () => {
  it("keeps what went wrong and leaves out what the model should send next, for each refusal of the save and read tools", async () => {
    const outputs = await refusals();
    expect(outputs).not.toContain("saved");
    for (const output of outputs) {
      expect(output, "the tool's own text speaks to the model (this test needs such text)").toMatch(/\S/);
      const told = toolSaid(en, output);
      expect(told, output).not.toMatch(FOR_THE_MODEL);
      expect(told.length, `${output}: something is left to tell`).toBeGreaterThan(10);
    }
  });

  it("keeps the fact before a colon that starts the instruction, and the listing of what is there", () => {
    expect(forTheUser(`'../x.txt' climbs out of the workspace with "..". save_to_file only writes inside its workspace folder: give a name such as "report.txt".`)).toBe(
      `'../x.txt' climbs out of the workspace with "..". save_to_file only writes inside its workspace folder.`,
    );
    expect(forTheUser("'reports' is a folder. Give a file name inside it, e.g. \"reports/report.txt\".")).toBe("'reports' is a folder.");
    expect(forTheUser("'r.txt' was not saved: the system was busy (EBUSY). The call was right: retry it in a moment.")).toBe("'r.txt' was not saved: the system was busy (EBUSY).");
    expect(forTheUser("There is no file 'notes.txt' in the workspace. The workspace holds: memory/, report.txt.")).toBe(
      "There is no file 'notes.txt' in the workspace. The workspace holds: memory/, report.txt.",
    );
  });
});

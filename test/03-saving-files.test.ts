// Checks for exercise 03 (save_to_file, safely). Run them with: npm run check 3
// Every test gets a real temporary folder: base/workspace is where saving is allowed, base/outside is a
// folder that must never be touched.

import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSaveToFileTool, saveToFile, writeNewFile, type SaveOptions } from "@exercise/03-saving-files/save-to-file.ts";
import { getExchangeRateTool } from "../lessons/01-first-tool/exchange-rate.ts";
import { calculateTool } from "../lessons/02-agent-loop/calculate.ts";
import { runLoop } from "../lessons/02-agent-loop/loop.ts";
import { toolDefinitions, type Tool } from "../lessons/01-first-tool/tool.ts";
import { validateMessagesRequest } from "../shared/fake-api/validate-request.ts";
import { DEFAULT_MODEL } from "../shared/model.ts";
import { createMockModel, reply, resultText } from "../shared/mock/mock-model.ts";
import { failWith } from "./helpers/fail-with.ts";

const FILE = "exercises/03-saving-files/save-to-file.ts";

let base: string;
let ws: string;
let outside: string;
// A sibling whose name starts with the workspace's: "workspace-old" begins with "workspace".
let sibling: string;

beforeEach(async () => {
  base = await fs.mkdtemp(path.join(os.tmpdir(), "save-to-file-"));
  ws = path.join(base, "workspace");
  outside = path.join(base, "outside");
  sibling = path.join(base, "workspace-old");
  await fs.mkdir(outside);
  await fs.mkdir(sibling);
});

afterEach(async () => {
  await fs.rm(base, { recursive: true, force: true });
});

async function exists(file: string): Promise<boolean> {
  return (await fs.lstat(file).catch(() => undefined)) !== undefined;
}

async function listAll(dir: string): Promise<string[]> {
  if (!(await exists(dir))) return [];
  return (await fs.readdir(dir, { recursive: true })).map(String).sort();
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

// Saves and expects success; a throw becomes a failure that says what the learner's code threw.
async function save(filename: string, content: string, options?: SaveOptions) {
  try {
    return await saveToFile(ws, filename, content, options);
  } catch (error) {
    return failWith(`saveToFile(workspace, ${JSON.stringify(filename)}, ...) threw: ${messageOf(error)}`, error);
  }
}

// A file name as it reads in a message: long ones are shortened.
function show(name: string): string {
  const quoted = JSON.stringify(name);
  return quoted.length > 60 ? `${quoted.slice(0, 40)}..." (${Buffer.byteLength(name)} bytes)` : quoted;
}

// Saves and expects a refusal; returns the refusal's message.
async function refused(filename: string, why: string): Promise<string> {
  let outcome: unknown;
  try {
    outcome = await saveToFile(ws, filename, "this must not be written");
  } catch (error) {
    const message = messageOf(error);
    if (message.includes("not implemented yet")) expect.fail(message);
    expect(message.trim().length, `Refusing ${show(filename)} is right; now say why in the error, for the model.`).toBeGreaterThan(15);
    return message;
  }
  return expect.fail(`saveToFile accepted ${show(filename)} and returned ${JSON.stringify(outcome)}. ${why}`);
}

// A refusal of the name itself comes before any disk access: not even the workspace folder is created.
async function refusedAsText(filename: string, why: string): Promise<string> {
  const message = await refused(filename, why);
  expect(
    await exists(ws),
    `saveToFile refused ${show(filename)} ("${message}"), but only after touching the disk: it created the workspace folder. ` +
      `Check the name as text first, before any fs call (TODO 1 in ${FILE}).`,
  ).toBe(false);
  return message;
}

describe("save_to_file: the workspace is a fence (TODOs 1 and 2)", () => {
  it('refuses "../" and writes nothing outside the workspace', async () => {
    const danger =
      'The model chooses the file name, and it can be wrong or manipulated (a web page it read may say "save to ' +
      '../../.bashrc"). A save that follows "../" can overwrite any file your user can write: shell start-up files, ' +
      `SSH keys, the project's own code. Resolve the path and refuse anything that is not inside the workspace (TODO 1 in ${FILE}).`;
    for (const name of ["../escape.txt", "reports/../../escape.txt", "a/b/../../../escape.txt", "..", "reports/../.."]) {
      const message = await refusedAsText(name, danger);
      expect(
        /workspace|outside|\.\./i.test(message),
        `The refusal should tell the model the name leaves the workspace; it said: ${message}`,
      ).toBe(true);
    }
    expect(await exists(path.join(base, "escape.txt")), `A file appeared outside the workspace. ${danger}`).toBe(false);
  });

  it('refuses a sibling folder whose name starts with the workspace\'s ("../workspace-old/x.txt")', async () => {
    for (const name of ["../workspace-old/x.txt", "../workspace2.txt", "reports/../../workspace-old/deep/x.txt"]) {
      await refusedAsText(
        name,
        `It resolves to ${path.join(base, name.replace(/^(reports\/\.\.\/)?\.\.\//, ""))}, outside the workspace, yet that path starts with the ` +
          `workspace's path as text ("${ws}" is a prefix of "${ws}-old"). A containment test written as target.startsWith(root) ` +
          `lets it through. Compare whole path parts: path.relative(root, target) must not be ".." or start with ".." + path.sep (TODO 1 in ${FILE}).`,
      );
    }
    expect(await listAll(sibling), "Something was written into workspace-old, a folder beside the workspace.").toEqual([]);
    expect(await exists(path.join(base, "workspace2.txt")), "workspace2.txt was written beside the workspace.").toBe(false);
  });

  it('accepts names that merely begin with two dots ("..notes.txt"): they are not ".."', async () => {
    for (const name of ["..notes.txt", "reports/..draft.txt", "...txt"]) {
      let outcome: unknown;
      try {
        outcome = await saveToFile(ws, name, "fine");
      } catch (error) {
        const message = messageOf(error);
        if (message.includes("not implemented yet")) expect.fail(message);
        expect.fail(
          `saveToFile refused ${JSON.stringify(name)} ("${message}"), a legal name inside the workspace. Only a whole path part ` +
            `equal to ".." leads up a folder; a name that starts with two dots is an ordinary file name. Test the parts, not the ` +
            `text: relative === ".." or relative.startsWith(".." + path.sep) (TODO 1 in ${FILE}).`,
        );
      }
      expect(outcome, `${JSON.stringify(name)} should be saved inside the workspace.`).toMatchObject({ path: name, status: "created" });
      expect(await fs.readFile(path.join(ws, name), "utf8")).toBe("fine");
    }
  });

  it("refuses an absolute path instead of quietly writing somewhere", async () => {
    const target = path.join(outside, "absolute.txt");
    await refusedAsText(
      target,
      "An absolute path is outside the fence by definition. Joining it onto the workspace would quietly write " +
        "somewhere else than the model asked, and the model would report a file that is not where it says: refuse it.",
    );
    expect(await exists(target), "The absolute path was written to: that is a write outside the workspace.").toBe(false);
    await refusedAsText(
      path.join(ws, "inside.txt"),
      "Absolute paths are refused even when they point inside the workspace: the rule is simple for the model to follow " +
        "(names relative to the workspace), and the result's path always means the same thing (TODO 1).",
    );
  });

  it("refuses a symlink planted inside the workspace that leads outside", async () => {
    await fs.mkdir(ws, { recursive: true });
    await fs.symlink(outside, path.join(ws, "linked"));
    const why =
      "'linked' is a symbolic link to a folder outside the workspace; the name looks harmless but the write lands " +
      "outside. Check where the path really leads: fs.realpath() of the deepest part that exists (TODO 2).";
    await refused("linked/secret.txt", why);
    await refused("linked/sub/deeper.txt", why);
    expect(
      await listAll(outside),
      "Files or folders appeared in the folder the link points to. Check the link BEFORE creating folders or writing.",
    ).toEqual([]);
  });

  it("never writes through a symlinked file into its target outside", { tags: "hard" }, async () => {
    const victim = path.join(outside, "victim.txt");
    await fs.writeFile(victim, "original");
    await fs.mkdir(ws, { recursive: true });
    await fs.symlink(victim, path.join(ws, "notes.txt"));
    for (const options of [{}, { overwrite: true }]) {
      const outcome = await saveToFile(ws, "notes.txt", "overwritten through a link", options).then(
        (result) => `returned ${JSON.stringify(result)}`,
        (error: unknown) => {
          const message = messageOf(error);
          if (message.includes("not implemented yet")) expect.fail(message);
          expect(message, `Refusing the symlinked notes.txt is right; say it is a link, so the model picks a plain name. It said: ${message}`).toMatch(/link/i);
          return "";
        },
      );
      expect(
        await fs.readFile(victim, "utf8"),
        "workspace/notes.txt is a link to a file outside; writing to it changed that file. Refuse a target that is a symlink.",
      ).toBe("original");
      expect(
        outcome,
        `saveToFile(workspace, "notes.txt", ..., ${JSON.stringify(options)}) ${outcome}, though notes.txt is a symbolic link: refuse ` +
          `a target that is itself a link, even with overwrite: true (TODO 2 in ${FILE}).`,
      ).toBe("");
      expect((await fs.lstat(path.join(ws, "notes.txt"))).isSymbolicLink(), "The link must be left as it was.").toBe(true);
    }
  });

  it("accepts a symlink inside the workspace that leads to a folder inside it: only where the write lands counts", { tags: "hard" }, async () => {
    await fs.mkdir(path.join(ws, "reports", "2026"), { recursive: true });
    await fs.symlink(path.join(ws, "reports", "2026"), path.join(ws, "latest"));
    const result = await save("latest/may.txt", "May");
    expect(
      await fs.readFile(path.join(ws, "reports", "2026", "may.txt"), "utf8"),
      "workspace/latest is a link to workspace/reports/2026, inside the workspace: saving latest/may.txt is allowed and lands there. " +
        `Refuse a link only when its real path leads outside (TODO 2 in ${FILE}).`,
    ).toBe("May");
    expect(result.status).toBe("created");
  });

  it("refuses a target that is a folder, even with overwrite: true, saying it is a folder", { tags: "hard" }, async () => {
    await save("reports/may.txt", "May");
    const message = await saveToFile(ws, "reports", "x", { overwrite: true }).then(
      (result) => expect.fail(`saveToFile wrote over the folder "reports" and returned ${JSON.stringify(result)}.`),
      (error: unknown) => messageOf(error),
    );
    expect(message, `"reports" is a folder: say so, so the model names a file inside it (TODO 2 in ${FILE}). It said: ${message}`).toMatch(/folder/i);
    expect(await fs.readFile(path.join(ws, "reports", "may.txt"), "utf8"), "The folder and its files must be left as they were.").toBe("May");
  });

  it("refuses empty names, NUL bytes, folder names and names over 255 bytes, before touching the disk", { tags: "hard" }, async () => {
    const empty = await refusedAsText("", "An empty name is no file name: refuse it with a message saying what to send.");
    expect(empty, `The refusal of "" should say the name is empty. It said: ${empty}`).toMatch(/empty/i);
    await refusedAsText("report\0.txt", "A NUL byte cannot be in a file name; refuse it before touching the disk.");
    for (const folder of ["reports/", ".", "reports/.."]) {
      await refusedAsText(folder, `${JSON.stringify(folder)} names a folder (the workspace itself, or one ending in "/"), not a file.`);
    }
    const longChars = `${"é".repeat(100)}/${"é".repeat(100)}.txt`;
    await refusedAsText(
      longChars,
      `That name is ${longChars.length} characters but ${Buffer.byteLength(longChars)} bytes: limit names by bytes (Buffer.byteLength), 255 at most.`,
    );
    const deep = `${"d/".repeat(125)}xy.txt`;
    await refusedAsText(deep, `A ${Buffer.byteLength(deep)}-byte name must be refused (the limit is 255 bytes for the whole name).`);
  });

  it("accepts a name of exactly 255 bytes: the limit itself is allowed", { tags: "hard" }, async () => {
    const name = `${"d/".repeat(125)}x.txt`;
    const result = await saveToFile(ws, name, "at the limit").catch((error: unknown) =>
      expect.fail(
        `saveToFile refused a name of exactly ${Buffer.byteLength(name)} bytes ("${messageOf(error)}"). The limit is 255 bytes: ` +
          `255 is allowed, 256 is not (> MAX_NAME_BYTES, not >=) (TODO 1 in ${FILE}).`,
      ),
    );
    expect(result.path).toBe(name);
  });

  it("a file name that is not text (the model sent a number): a clear refusal, not a crash", { tags: "hard" }, async () => {
    const tool = createSaveToFileTool(ws);
    const message = await Promise.resolve()
      .then(() => tool.run({ filename: 42 as unknown as string, content: "x" }))
      .then(
        (output) => expect.fail(`save_to_file accepted the file name 42 (a number) and returned ${String(output)}.`),
        (error: unknown) => (error instanceof TypeError ? `TypeError: ${messageOf(error)}` : messageOf(error)),
      );
    expect(
      /TypeError|is not a function|cannot read/i.test(message),
      `A file name of 42 crashed saveToFile ("${message}"). Check typeof filename first and refuse a name that is not a string, ` +
        `saying the name must be text, e.g. "report.txt" (TODO 1 in ${FILE}).`,
    ).toBe(false);
    expect(message, "The refusal should say the file name must be text (a string).").toMatch(/text|string/i);
  });
});

describe("save_to_file: saving and saying what happened (TODOs 4 and 5)", () => {
  it("saves a file, creating the workspace if needed, and reports what it did", async () => {
    const result = await save("report.txt", "500 USD = 46250 RUB\n");
    expect(await fs.readFile(path.join(ws, "report.txt"), "utf8"), "report.txt should hold exactly the content sent.").toBe(
      "500 USD = 46250 RUB\n",
    );
    expect(result, `Return { path, bytes, status } (TODO 5 in ${FILE}).`).toEqual({ path: "report.txt", bytes: 20, status: "created" });
  });

  it("counts bytes, not characters", { tags: "hard" }, async () => {
    const content = "46 250 ₽ — готово";
    const result = await save("rub.txt", content);
    expect(
      result.bytes,
      `"${content}" is ${content.length} characters but ${Buffer.byteLength(content)} bytes in UTF-8 (₽ takes 3): use Buffer.byteLength(content).`,
    ).toBe(Buffer.byteLength(content));
  });

  it("creates nested folders and reports the path relative to the workspace", async () => {
    const result = await save("reports/2026/may.txt", "May");
    expect(await fs.readFile(path.join(ws, "reports", "2026", "may.txt"), "utf8"), "Create the missing folders (fs.mkdir with recursive).").toBe(
      "May",
    );
    expect(result.path, "The path in the result is relative to the workspace, with / between folders.").toBe("reports/2026/may.txt");
  });

  it("accepts a .. that stays inside (reports/../x.txt) and reports where the file really is", async () => {
    for (const [name, where] of [
      ["reports/../x.txt", "x.txt"],
      ["./a.txt", "a.txt"],
      ["reports/2026/../may.txt", "reports/may.txt"],
    ] as const) {
      const result = await save(name, "inside");
      expect(
        await fs.readFile(path.join(ws, ...where.split("/")), "utf8"),
        `${JSON.stringify(name)} stays inside the workspace, so it is saved, at ${where} (the README allows a .. that stays inside; ` +
          `compare the resolved path, not the text, TODO 1 in ${FILE}).`,
      ).toBe("inside");
      expect(
        result.path,
        `saveToFile(workspace, ${JSON.stringify(name)}) reported path ${JSON.stringify(result.path)}: the result names where the file is, ` +
          `relative to the workspace ("${where}"), not the name as sent: path.relative(workspace, target) (TODO 5 in ${FILE}).`,
      ).toBe(where);
    }
  });

  it('reports "created" for a new file even with overwrite: true: the status says what happened', async () => {
    const result = await save("fresh.txt", "new", { overwrite: true });
    expect(
      result.status,
      `saveToFile(workspace, "fresh.txt", ..., { overwrite: true }) reported ${JSON.stringify(result.status)}, but no fresh.txt was ` +
        `there: overwrite: true allows a replace, it does not make one. Base status on whether the file existed before the write ` +
        `(TODO 5 in ${FILE}).`,
    ).toBe("created");
    const plain = await save("plain.txt", "new", { overwrite: false });
    expect(plain.status, 'overwrite: false (a boolean) on a new file saves it: status "created".').toBe("created");
  });

  it("reports an overwrite, and replaces the whole old content", async () => {
    await save("report.txt", "a long first version of the report");
    const second = await save("report.txt", "short", { overwrite: true });
    expect(second.status, 'The second save replaced a file: status "overwritten", so the model knows it changed something.').toBe(
      "overwritten",
    );
    expect(await fs.readFile(path.join(ws, "report.txt"), "utf8"), "Nothing of the old content may remain.").toBe("short");
  });

  it("works when the workspace path itself goes through a symlink (as /tmp does on macOS)", { tags: "hard" }, async () => {
    const real = path.join(base, "real-workspace");
    await fs.mkdir(real);
    await fs.symlink(real, ws);
    const result = await save("report.txt", "ok");
    expect(result.status).toBe("created");
    expect(
      await fs.readFile(path.join(real, "report.txt"), "utf8"),
      "Compare real paths with real paths: fs.realpath() of the workspace, not the path as given.",
    ).toBe("ok");
  });
});

describe("save_to_file: atomic writes (TODO 4)", () => {
  it("writes a temporary file in the same folder, then renames it over the target", async () => {
    const written: string[] = [];
    const spy: SaveOptions = {
      async writeFile(file, content) {
        written.push(file);
        await fs.writeFile(file, content, { flag: "wx" });
      },
    };
    await save("reports/report.txt", "new", spy);
    const target = path.join(ws, "reports", "report.txt");
    expect(written.length, `saveToFile should write through options.writeFile (TODO 4 in ${FILE}); it never called it.`).toBe(1);
    expect(
      path.resolve(written[0] ?? ""),
      "The content was written straight into the target. Write it to a temporary file first, then fs.rename() it over the target.",
    ).not.toBe(path.resolve(target));
    expect(
      path.dirname(path.resolve(written[0] ?? "")),
      "The temporary file must be in the same folder as the target: rename is only atomic within one file system.",
    ).toBe(path.dirname(target));
    expect(await fs.readFile(target, "utf8")).toBe("new");
    expect(await listAll(path.join(ws, "reports")), "After a save only the target is left: no temporary files.").toEqual(["report.txt"]);
  });

  it("keeps the old content when a write fails halfway", async () => {
    await save("report.txt", "old content");
    let called = false;
    const diskFull: SaveOptions = {
      async writeFile(file, content) {
        called = true;
        await fs.writeFile(file, content.slice(0, Math.floor(content.length / 2)));
        throw Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" });
      },
    };
    let threw = false;
    try {
      await saveToFile(ws, "report.txt", "new content that is much longer than the old one", { ...diskFull, overwrite: true });
    } catch (error) {
      threw = !messageOf(error).includes("not implemented yet");
      if (!threw) expect.fail(messageOf(error));
    }
    expect(called, `saveToFile should write through options.writeFile (TODO 4 in ${FILE}), so this test can make the disk "full".`).toBe(
      true,
    );
    expect(threw, "The write failed (disk full): saveToFile must throw, not report success.").toBe(true);
    expect(
      await fs.readFile(path.join(ws, "report.txt"), "utf8"),
      "A write that fails halfway left a half-written report.txt. Write to a temporary file and rename it only once it is complete.",
    ).toBe("old content");
    expect(await listAll(ws), "The half-written temporary file was left behind: remove it when the write fails.").toEqual(["report.txt"]);
  });

  it("passes on the error the write failed with (a write refused with EACCES), and leaves nothing behind", async () => {
    const denied: SaveOptions = {
      async writeFile() {
        throw Object.assign(new Error("EACCES: permission denied, open"), { code: "EACCES" });
      },
    };
    const message = await saveToFile(ws, "report.txt", "x", denied).then(
      (result) => expect.fail(`The write failed, yet saveToFile returned ${JSON.stringify(result)}.`),
      (error: unknown) => messageOf(error),
    );
    if (message.includes("not implemented yet")) expect.fail(message);
    expect(
      message,
      "The write failed with EACCES before any temporary file existed; the error the caller gets must still be that one. " +
        "Cleaning up a temporary file that is not there must not replace it with another error: fs.rm(temp, { force: true }).",
    ).toContain("EACCES");
    expect(await listAll(ws), "Nothing may be left behind.").toEqual([]);
  });

  it("a rename that fails (the target became a folder meanwhile) throws and leaves no temporary file", { tags: "hard" }, async () => {
    const target = path.join(ws, "report.txt");
    const raced: SaveOptions = {
      async writeFile(file, content) {
        await fs.writeFile(file, content, { flag: "wx" });
        await fs.mkdir(path.join(target, "inside"), { recursive: true }); // another program makes report.txt a folder
      },
    };
    const outcome = await saveToFile(ws, "report.txt", "x", raced).then(
      (result) => `returned ${JSON.stringify(result)}`,
      (error: unknown) => `threw: ${messageOf(error)}`,
    );
    if (outcome.includes("not implemented yet")) expect.fail(outcome);
    expect(outcome, "fs.rename() could not replace a folder, so the save failed and saveToFile must throw.").toMatch(/^threw/);
    expect(
      (await listAll(ws)).filter((f) => !f.startsWith("report.txt")),
      "The rename failed and the temporary file was left behind: remove it whenever anything after creating it fails, the " +
        `rename included (one try around the write AND the rename, TODO 4 in ${FILE}).`,
    ).toEqual([]);
  });

  it("writeNewFile (given) never writes over an existing file", { tags: "hard" }, async () => {
    await fs.mkdir(ws, { recursive: true });
    const file = path.join(ws, "taken.tmp");
    await fs.writeFile(file, "someone else's");
    await expect(writeNewFile(file, "mine"), 'writeNewFile must refuse a name that exists (flag "wx"); you did not need to change it.').rejects.toThrow(
      /EEXIST/,
    );
    expect(await fs.readFile(file, "utf8")).toBe("someone else's");
  });

  it("uses a new temporary name each time: a leftover report.txt.tmp is neither used nor touched", { tags: "hard" }, async () => {
    await fs.mkdir(ws, { recursive: true });
    const leftovers = ["report.txt.tmp", ".report.txt.tmp", "report.tmp", "report.txt~"];
    for (const name of leftovers) await fs.writeFile(path.join(ws, name), `the user's own ${name}`);
    const written: string[] = [];
    const spy: SaveOptions = {
      async writeFile(file, content) {
        written.push(path.basename(file));
        await fs.writeFile(file, content, { flag: "wx" });
      },
    };
    const first = await saveToFile(ws, "report.txt", "one", spy).catch((error: unknown) => messageOf(error));
    expect(
      first,
      `Saving report.txt failed while a file named like your temporary file was already there (${leftovers.join(", ")}): ` +
        `a fixed temporary name such as target + ".tmp" collides with a leftover from a crash, or with the user's own file. ` +
        `Put something random in it, e.g. \`.\${name}.\${randomBytes(6).toString("hex")}.tmp\` (TODO 4 in ${FILE}).`,
    ).toMatchObject({ status: "created" });
    await saveToFile(ws, "report.txt", "two", { ...spy, overwrite: true });
    for (const name of leftovers) {
      expect(
        await fs.readFile(path.join(ws, name), "utf8"),
        `${name} was there before the save and is not yours: the temporary file must have a name of its own, new each time.`,
      ).toBe(`the user's own ${name}`);
    }
    expect(new Set(written).size, `Two saves of report.txt used the same temporary name (${written.join(", ")}): make it new each time.`).toBe(2);
  });

  it("two saves of the same file at once: both finish, and the file holds one of them whole", { tags: "hard" }, async () => {
    await save("report.txt", "start");
    const a = "A".repeat(5000);
    const b = "B".repeat(5000);
    const outcomes = await Promise.allSettled([
      saveToFile(ws, "report.txt", a, { overwrite: true }),
      saveToFile(ws, "report.txt", b, { overwrite: true }),
    ]);
    const failures = outcomes.flatMap((o) => (o.status === "rejected" ? [messageOf(o.reason)] : []));
    expect(
      failures,
      "Two saves at the same time got in each other's way. With one fixed temporary name both write the same temporary file; " +
        `give each save its own (TODO 4 in ${FILE}).`,
    ).toEqual([]);
    expect([a, b], "The file must hold one save's content whole, never a mix.").toContain(await fs.readFile(path.join(ws, "report.txt"), "utf8"));
    expect(await listAll(ws), "No temporary file may be left behind.").toEqual(["report.txt"]);
  });
});

describe("save_to_file: an existing file is replaced only when asked (TODO 3)", () => {
  it("refuses to replace an existing file without overwrite: true, and leaves it as it was", async () => {
    await save("report.txt", "the user's report");
    for (const options of [{}, { overwrite: false }]) {
      const message = await saveToFile(ws, "report.txt", "something else", options).then(
        (result) => expect.fail(`saveToFile replaced report.txt with ${JSON.stringify(options)} and returned ${JSON.stringify(result)}. A file that exists is replaced only with overwrite: true (TODO 3 in ${FILE}).`),
        (error: unknown) => messageOf(error),
      );
      if (message.includes("not implemented yet")) expect.fail(message);
      expect(
        message,
        `The refusal should tell the model how to replace the file on purpose: mention overwrite (e.g. "'report.txt' already exists. To replace it, call again with overwrite: true."). It said: ${message}`,
      ).toMatch(/overwrite/i);
      expect(message, "Name the file that already exists.").toContain("report.txt");
      expect(await fs.readFile(path.join(ws, "report.txt"), "utf8"), "The existing file must be left as it was.").toBe("the user's report");
    }
    expect(await listAll(ws), "A refused save leaves nothing behind.").toEqual(["report.txt"]);
  });

  it('refuses an overwrite that is not a boolean (the string "true", the number 1)', { tags: "hard" }, async () => {
    await save("report.txt", "the user's report");
    for (const overwrite of ["true", 1, "yes"]) {
      const message = await saveToFile(ws, "report.txt", "replaced", { overwrite: overwrite as unknown as boolean }).then(
        () => "",
        (error: unknown) => messageOf(error),
      );
      expect(
        message,
        `saveToFile(..., { overwrite: ${JSON.stringify(overwrite)} }) replaced the file. The model may send "true" as text; ` +
          `only the boolean true says yes. Refuse anything that is not a boolean, saying "overwrite must be true or false" (TODO 3 in ${FILE}).`,
      ).toMatch(/overwrite/i);
      expect(await fs.readFile(path.join(ws, "report.txt"), "utf8"), "The file must be left as it was.").toBe("the user's report");
    }
    const fresh = await saveToFile(ws, "new.txt", "x", { overwrite: "true" as unknown as boolean }).then(
      () => "saved",
      (error: unknown) => messageOf(error),
    );
    expect(fresh, 'overwrite: "true" is refused even for a new file: the input is wrong either way.').not.toBe("saved");
  });

  it("the tool passes the model's overwrite on: true replaces, nothing refuses", async () => {
    const tool = createSaveToFileTool(ws);
    await tool.run({ filename: "report.txt", content: "v1" });
    await expect(tool.run({ filename: "report.txt", content: "v2" }), "Without overwrite the tool must refuse.").rejects.toThrow(/overwrite/i);
    const output = String(await tool.run({ filename: "report.txt", content: "v3", overwrite: true }));
    expect(output, 'With overwrite: true the tool replaces the file and says "overwritten".').toContain("overwritten");
    expect(await fs.readFile(path.join(ws, "report.txt"), "utf8")).toBe("v3");
  });
});

// Everything under `dir`, as "relative/path" -> what it is (file content, "<dir>" or "<link>").
async function snapshot(dir: string): Promise<Map<string, string>> {
  const entries = new Map<string, string>();
  for (const relative of await listAll(dir)) {
    const full = path.join(dir, relative);
    const info = await fs.lstat(full);
    entries.set(relative, info.isSymbolicLink() ? "<link>" : info.isDirectory() ? "<dir>" : await fs.readFile(full, "utf8"));
  }
  return entries;
}

describe("save_to_file: the fence holds for any name (property; TODOs 1 and 2)", { tags: "hard" }, () => {
  it("a file lands inside the workspace, or nothing is written anywhere", async () => {
    await fs.mkdir(ws, { recursive: true });
    await fs.symlink(outside, path.join(ws, "linked"));
    // Path parts chosen to hit the edges: "..", sibling folders named like the workspace, two-dot names,
    // a planted symlink, empty parts (a//b), Unicode.
    const part = fc.oneof(
      { weight: 3, arbitrary: fc.constant("..") },
      { weight: 2, arbitrary: fc.constantFrom("workspace-old", "workspace2", "workspace") },
      { weight: 4, arbitrary: fc.constantFrom(".", "", "a", "é", "отчёт", "..notes", "...", "linked") },
    );
    const names = fc
      .tuple(fc.boolean(), fc.array(part, { minLength: 1, maxLength: 5 }), fc.constantFrom("", ".txt", "/"))
      .map(([absolute, pieces, end]) => `${absolute ? `${ws}/` : ""}${pieces.join("/")}${end}`)
      .filter((name) => name !== "");
    let run = 0;
    await fc.assert(
      fc.asyncProperty(names, async (name) => {
        run += 1;
        const content = `run ${run}`;
        const before = await snapshot(base);
        let result: { path: string } | undefined;
        let refusal = "";
        try {
          result = await saveToFile(ws, name, content, { overwrite: true });
        } catch (error) {
          refusal = messageOf(error);
          if (refusal.includes("not implemented yet")) expect.fail(refusal);
        }
        const after = await snapshot(base);
        const changed = [...after].filter(([key, value]) => before.get(key) !== value).map(([key]) => key);
        const removed = [...before.keys()].filter((key) => !after.has(key));
        const target = path.resolve(ws, name);
        const inside = (key: string) => key.startsWith(`workspace${path.sep}`) && !key.startsWith(`workspace${path.sep}linked${path.sep}`);
        const said = `saveToFile(workspace, ${JSON.stringify(name)}) ${result ? `returned ${JSON.stringify(result)}` : `refused: ${refusal}`}`;
        expect(removed, `${said}, and removed ${removed.join(", ")}.`).toEqual([]);
        expect(
          changed.filter((key) => !inside(key)),
          `${said}, and wrote outside the workspace. Whatever the name, a file lands inside the workspace or nothing is written (TODOs 1 and 2 in ${FILE}).`,
        ).toEqual([]);
        if (!result) {
          expect(changed, `${said}, but left ${changed.join(", ")} behind: a refused save writes nothing, not even a folder.`).toEqual([]);
          // Names with no way out must be saved: a fence that refuses everything is no use either.
          const pieces = path.isAbsolute(name) ? [] : name.split("/");
          const existing = before.get(path.relative(base, target));
          const blocked = [...before].some(([key, value]) => value !== "<dir>" && target.startsWith(path.join(base, key) + path.sep));
          const plain =
            pieces.length > 0 && !pieces.includes("..") && !pieces.includes("linked") && !name.endsWith("/") && target !== ws &&
            existing !== "<dir>" && !blocked;
          expect(plain, `${said}; that name stays inside the workspace and should have been saved.`).toBe(false);
          return;
        }
        expect(path.join(ws, result.path), `${said}: the result's path should be where the file is, relative to the workspace.`).toBe(target);
        expect(await fs.readFile(target, "utf8"), `${said}, but the file does not hold the content.`).toBe(content);
      }),
      { seed: 42, numRuns: 100 },
    );
  });
});

describe("save_to_file in the agent loop, through the given tool (TODOs 1 and 5)", () => {
  it("the given definition states the rules the model must follow (you did not need to change it)", () => {
    const tool = createSaveToFileTool(ws);
    const problem = validateMessagesRequest({
      model: DEFAULT_MODEL,
      max_tokens: 100,
      tools: toolDefinitions([tool as Tool]),
      messages: [{ role: "user", content: "hi" }],
    });
    expect(problem?.message, "The API would reject the save_to_file definition.").toBeUndefined();
    for (const [rule, pattern] of [
      ["what it does", /save text/i],
      ["names are relative to the workspace", /relative/i],
      ["absolute paths are refused", /absolute/i],
      ["an existing file needs overwrite: true", /overwrite: true/],
      ["what it returns", /returns/i],
    ] as const) {
      expect(tool.description, `The description should say ${rule}.`).toMatch(pattern);
    }
    const properties = tool.input_schema.properties as Record<string, { type?: string; description?: string }>;
    expect(
      Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, [value.type, (value.description ?? "").length > 10]])),
      "filename and content are described strings, overwrite a described boolean.",
    ).toEqual({ filename: ["string", true], content: ["string", true], overwrite: ["boolean", true] });
    expect(tool.input_schema.required, "filename and content are required; overwrite is not.").toEqual(["filename", "content"]);
  });

  it("runs the lesson's sample task: rate, calculation, then the report file", async () => {
    const mock = createMockModel([
      reply.toolUse("get_exchange_rate", { from_currency: "USD", to_currency: "RUB" }),
      reply.toolUse("calculate", { expression: "500 * 92.5" }),
      reply.toolUse("save_to_file", { filename: "report.txt", content: "500 USD = 46250 RUB (rate: 1 USD = 92.5 RUB)\n" }),
      reply.text("500 USD is 46,250 RUB. Saved to report.txt."),
    ]);
    const tools = [getExchangeRateTool, calculateTool, createSaveToFileTool(ws)];
    await runLoop(mock.client, "How much are 500 US dollars in rubles? Save the result to report.txt", { tools });
    mock.assertAllUsed();

    const saved = mock.toolResults()[2];
    expect(saved?.is_error ?? false, `save_to_file failed when the model called it: ${resultText(saved)}`).toBe(false);
    expect(resultText(saved), "The tool_result should tell the model the file was created.").toContain("created");
    const content = await fs.readFile(path.join(ws, "report.txt"), "utf8");
    expect(content, "workspace/report.txt should hold the amount (46250) and the rate (92.5).").toMatch(/46250[\s\S]*92\.5/);
  });

  it('answers a "../" save with an is_error result the model can act on, and the loop goes on', async () => {
    const mock = createMockModel([
      reply.toolUse("save_to_file", { filename: "../escape.txt", content: "x" }),
      reply.toolUse("save_to_file", { filename: "report.txt", content: "x" }),
      reply.text("Saved to report.txt instead."),
    ]);
    await runLoop(mock.client, "Save x to ../escape.txt", { tools: [createSaveToFileTool(ws)] });

    const [first, second] = mock.toolResults();
    expect(first?.is_error, 'The "../" save must come back to the model as an error (is_error: true).').toBe(true);
    expect(resultText(first), "The error should say the name leaves the workspace, so the model picks another.").toMatch(
      /workspace|outside|\.\./i,
    );
    expect(await exists(path.join(base, "escape.txt")), "The file was written outside the workspace.").toBe(false);
    expect(second?.is_error ?? false, `The model's second try ("report.txt") should work: ${resultText(second)}`).toBe(false);
  });
});

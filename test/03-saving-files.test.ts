// Checks for exercise 03 (save_to_file, safely). Run them with: npm run check 3
// Every test gets a real temporary folder: base/workspace is where saving is allowed, base/outside is a
// folder that must never be touched.

import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSaveToFileTool, saveToFile, type SaveOptions } from "@exercise/03-saving-files/save-to-file.ts";
import { getExchangeRateTool } from "../lessons/01-first-tool/exchange-rate.ts";
import { calculateTool } from "../lessons/02-agent-loop/calculate.ts";
import { runLoop } from "../lessons/02-agent-loop/loop.ts";
import { createMockModel, reply, resultText } from "../shared/mock/mock-model.ts";

const FILE = "exercises/03-saving-files/save-to-file.ts";

let base: string;
let ws: string;
let outside: string;

beforeEach(async () => {
  base = await fs.mkdtemp(path.join(os.tmpdir(), "save-to-file-"));
  ws = path.join(base, "workspace");
  outside = path.join(base, "outside");
  await fs.mkdir(outside);
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
    return expect.fail(`saveToFile(workspace, ${JSON.stringify(filename)}, ...) threw: ${messageOf(error)}`);
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

describe("save_to_file: saving", () => {
  it("saves a file, creating the workspace if needed, and reports what it did", async () => {
    const result = await save("report.txt", "500 USD = 46250 RUB\n");
    expect(await fs.readFile(path.join(ws, "report.txt"), "utf8"), "report.txt should hold exactly the content sent.").toBe(
      "500 USD = 46250 RUB\n",
    );
    expect(result, `Return { path, bytes, status } (TODO 4 in ${FILE}).`).toEqual({ path: "report.txt", bytes: 20, status: "created" });
  });

  it("counts bytes, not characters", async () => {
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

  it("reports an overwrite, and replaces the whole old content", async () => {
    await save("report.txt", "a long first version of the report");
    const second = await save("report.txt", "short");
    expect(second.status, 'The second save replaced a file: status "overwritten", so the model knows it changed something.').toBe(
      "overwritten",
    );
    expect(await fs.readFile(path.join(ws, "report.txt"), "utf8"), "Nothing of the old content may remain.").toBe("short");
  });

  it("works when the workspace path itself goes through a symlink (as /tmp does on macOS)", async () => {
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

describe("save_to_file: the workspace is a fence", () => {
  it('refuses "../" and writes nothing outside the workspace', async () => {
    const danger =
      'The model chooses the file name, and it can be wrong or manipulated (a web page it read may say "save to ' +
      '../../.bashrc"). A save that follows "../" can overwrite any file your user can write: shell start-up files, ' +
      `SSH keys, the project's own code. Resolve the path and refuse anything that is not inside the workspace (TODO 1 in ${FILE}).`;
    for (const name of ["../escape.txt", "reports/../../escape.txt", "a/b/../../../escape.txt"]) {
      const message = await refused(name, danger);
      expect(
        /workspace|outside|\.\./i.test(message),
        `The refusal should tell the model the name leaves the workspace; it said: ${message}`,
      ).toBe(true);
    }
    expect(await exists(path.join(base, "escape.txt")), `A file appeared outside the workspace. ${danger}`).toBe(false);
  });

  it("refuses an absolute path instead of quietly writing somewhere", async () => {
    const target = path.join(outside, "absolute.txt");
    await refused(
      target,
      "An absolute path is outside the fence by definition. Joining it onto the workspace would quietly write " +
        "somewhere else than the model asked, and the model would report a file that is not where it says: refuse it.",
    );
    expect(await exists(target), "The absolute path was written to: that is a write outside the workspace.").toBe(false);
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

  it("never writes through a symlinked file into its target outside", async () => {
    const victim = path.join(outside, "victim.txt");
    await fs.writeFile(victim, "original");
    await fs.mkdir(ws, { recursive: true });
    await fs.symlink(victim, path.join(ws, "notes.txt"));
    await saveToFile(ws, "notes.txt", "overwritten through a link").catch((error: unknown) => {
      if (messageOf(error).includes("not implemented yet")) expect.fail(messageOf(error));
    });
    expect(
      await fs.readFile(victim, "utf8"),
      "workspace/notes.txt is a link to a file outside; writing to it changed that file. Refuse a target that is a symlink.",
    ).toBe("original");
  });

  it("refuses empty names, NUL bytes, folder names and names over 255 bytes", async () => {
    await refused("", "An empty name is no file name: refuse it with a message saying what to send.");
    await refused("report\0.txt", "A NUL byte cannot be in a file name; refuse it before touching the disk.");
    await refused("reports/", 'A name ending in "/" is a folder, not a file.');
    const longChars = `${"é".repeat(100)}/${"é".repeat(100)}.txt`;
    await refused(
      longChars,
      `That name is ${longChars.length} characters but ${Buffer.byteLength(longChars)} bytes: limit names by bytes (Buffer.byteLength), 255 at most.`,
    );
    const deep = `${"d/".repeat(127)}x.txt`;
    await refused(deep, `A ${Buffer.byteLength(deep)}-byte name must be refused (the limit is 255 bytes for the whole name).`);
    expect(await listAll(ws), "A refused name must leave nothing behind in the workspace (no folders either).").toEqual([]);
  });
});

describe("save_to_file: atomic writes", () => {
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
    expect(written.length, `saveToFile should write through options.writeFile (TODO 3 in ${FILE}); it never called it.`).toBe(1);
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
      await saveToFile(ws, "report.txt", "new content that is much longer than the old one", diskFull);
    } catch (error) {
      threw = !messageOf(error).includes("not implemented yet");
      if (!threw) expect.fail(messageOf(error));
    }
    expect(called, `saveToFile should write through options.writeFile (TODO 3 in ${FILE}), so this test can make the disk "full".`).toBe(
      true,
    );
    expect(threw, "The write failed (disk full): saveToFile must throw, not report success.").toBe(true);
    expect(
      await fs.readFile(path.join(ws, "report.txt"), "utf8"),
      "A write that fails halfway left a half-written report.txt. Write to a temporary file and rename it only once it is complete.",
    ).toBe("old content");
    expect(await listAll(ws), "The half-written temporary file was left behind: remove it when the write fails.").toEqual(["report.txt"]);
  });
});

describe("save_to_file in the agent loop (mock model)", () => {
  it("runs the seed's task: rate, calculation, then the report file", async () => {
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

// Lesson 03's own code: save_to_file and the three-tool agent on the offline model, in a real
// temporary workspace.

import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runLoop } from "../../lessons/02-agent-loop/loop.ts";
import { createAgentTools, runAgent, sampleTasks, system, tools } from "../../lessons/03-saving-files/agent.ts";
import {
  createSaveToFileTool,
  DEFAULT_WORKSPACE,
  MAX_CONTENT_BYTES,
  saveToFile,
  UnsafePathError,
} from "../../lessons/03-saving-files/save-to-file.ts";
import { recordingClient } from "../helpers/recording-client.ts";

let base: string;
let ws: string;
let outside: string;

beforeEach(async () => {
  base = await fs.mkdtemp(path.join(os.tmpdir(), "lesson-03-"));
  ws = path.join(base, "workspace");
  outside = path.join(base, "outside");
  await fs.mkdir(outside);
});

afterEach(async () => {
  await fs.rm(base, { recursive: true, force: true });
});

const exists = async (file: string) => (await fs.lstat(file).catch(() => undefined)) !== undefined;
const read = (name: string) => fs.readFile(path.join(ws, name), "utf8");

async function refusal(filename: string): Promise<unknown> {
  try {
    return await saveToFile(ws, filename, "must not be written");
  } catch (error) {
    return error;
  }
}


describe("saveToFile", () => {
  it("creates, nests and overwrites, and says which", async () => {
    expect(await saveToFile(ws, "report.txt", "46250 ₽")).toEqual({ path: "report.txt", bytes: 9, status: "created" });
    expect(await saveToFile(ws, "reports/2026/may.txt", "May")).toMatchObject({ path: "reports/2026/may.txt", status: "created" });
    expect(await saveToFile(ws, "report.txt", "new")).toMatchObject({ status: "overwritten", bytes: 3 });
    expect(await read("report.txt")).toBe("new");
    expect(await saveToFile(ws, "reports/../inside.txt", "ok"), "a .. that stays inside is fine").toMatchObject({ path: "inside.txt" });
  });

  it("refuses names that leave the workspace or are not file names, with an instruction", async () => {
    await fs.mkdir(ws, { recursive: true });
    await fs.symlink(outside, path.join(ws, "linked"));
    const cases: Array<[string, RegExp]> = [
      ["../escape.txt", /climbs out of the workspace/],
      ["a/../../escape.txt", /climbs out of the workspace/],
      [path.join(outside, "abs.txt"), /absolute path/],
      ["C:/Windows/win.ini", /absolute path/],
      ["..\\escape.txt", /backslash/],
      ["linked/secret.txt", /symbolic link that leads outside/],
      ["linked/deeper/secret.txt", /symbolic link that leads outside/],
      ["", /empty/],
      ["   ", /empty/],
      ["a\0b.txt", /NUL byte/],
      [`${"я".repeat(128)}.txt`, /longer than 255 bytes/],
      ["reports/", /names a folder/],
      [".", /names a folder/],
    ];
    for (const [name, expected] of cases) {
      const error = await refusal(name);
      expect(error, JSON.stringify(name)).toBeInstanceOf(UnsafePathError);
      expect((error as Error).message, JSON.stringify(name)).toMatch(expected);
    }
    expect(await fs.readdir(outside)).toEqual([]);
    expect(await exists(path.join(base, "escape.txt"))).toBe(false);
  });

  it("refuses a target that is a link or a folder", async () => {
    await fs.mkdir(path.join(ws, "reports"), { recursive: true });
    await fs.writeFile(path.join(outside, "victim.txt"), "original");
    await fs.symlink(path.join(outside, "victim.txt"), path.join(ws, "notes.txt"));
    expect(((await refusal("notes.txt")) as Error).message).toMatch(/is a symbolic link/);
    expect(((await refusal("reports")) as Error).message).toMatch(/is a folder/);
    expect(await fs.readFile(path.join(outside, "victim.txt"), "utf8")).toBe("original");
  });

  it("refuses content that is not text or too large", async () => {
    await expect(saveToFile(ws, "a.txt", 42 as unknown as string)).rejects.toThrow(/content must be text/);
    await expect(saveToFile(ws, "a.txt", "x".repeat(MAX_CONTENT_BYTES + 1))).rejects.toThrow(/the limit is/);
  });

  it("writes atomically: a write that fails halfway keeps the old content and leaves no temp file", async () => {
    await saveToFile(ws, "report.txt", "old content");
    const failing = async (file: string, content: string) => {
      await fs.writeFile(file, content.slice(0, 3));
      throw new Error("ENOSPC: no space left on device");
    };
    await expect(saveToFile(ws, "report.txt", "new content", { writeFile: failing })).rejects.toThrow(/ENOSPC/);
    expect(await read("report.txt")).toBe("old content");
    expect(await fs.readdir(ws)).toEqual(["report.txt"]);
  });

  it("defaults to workspace/ under the working directory", () => {
    expect(DEFAULT_WORKSPACE).toBe(path.resolve(process.cwd(), "workspace"));
  });

  it("as a tool: JSON result, and no flags of later lessons (left out, it counts as a writer)", async () => {
    const tool = createSaveToFileTool(ws);
    expect(JSON.parse(await tool.run({ filename: "x.txt", content: "hi" }))).toEqual({ path: "x.txt", bytes: 2, status: "created" });
    expect(Object.keys(tool).sort()).toEqual(["description", "input_schema", "name", "run"]);
  });
});

describe("lesson 03 agent on the offline model", () => {
  it("offers three tools, save_to_file fenced into the default workspace", () => {
    expect(tools.map((t) => t.name)).toEqual(["get_exchange_rate", "calculate", "save_to_file"]);
  });

  it("runs the sample task end to end: rate, calculation, report.txt with 46250 and the rate", async () => {
    for (const task of [sampleTasks[0] ?? "", "Сколько стоят 500 долларов в рублях? Сохрани результат в файл report.txt"]) {
      const { client, calls } = recordingClient();
      const answer = await runAgent(client, task, { workspaceDir: ws });
      expect(calls.map((c) => c.name), task).toEqual(["get_exchange_rate", "calculate", "save_to_file"]);
      expect(calls[0]?.input).toEqual({ from_currency: "USD", to_currency: "RUB" });
      expect(calls[1]?.input).toEqual({ expression: "500 * 92.5" });
      expect(calls[2]?.input.filename).toBe("report.txt");
      const content = await read("report.txt");
      expect(content, task).toContain("46250");
      expect(content, task).toContain("92.5");
      expect(answer, task).toMatch(/report\.txt/);
    }
  });

  it("saves a percentage to the file named in the task (English and Russian)", async () => {
    for (const task of ["What is 15% of 46250? Save it to tax.txt", "Посчитай 15% от 46250 и сохрани в файл tax.txt"]) {
      const { client, calls } = recordingClient();
      await runAgent(client, task, { workspaceDir: ws });
      expect(calls.map((c) => c.name), task).toEqual(["calculate", "save_to_file"]);
      expect(await read("tax.txt"), task).toContain("6937.5");
    }
  });

  it("takes npm run lesson's flags object as its options (a bare folder argument broke `npm run lesson 3`)", async () => {
    const { client, calls } = recordingClient();
    const flags: Record<string, unknown> = { offline: true, raw: false, workspaceDir: ws };
    const answer = await runAgent(client, "Save 500 USD in RUB to report.txt", flags);
    expect(calls.map((c) => c.name)).toEqual(["get_exchange_rate", "calculate", "save_to_file"]);
    expect(answer).not.toMatch(/not saved|ERR_/);
    expect(await read("report.txt")).toContain("46250");
  });

  it("handles other amounts, currencies and file names, and writes nothing when no file is asked for", async () => {
    const { client, calls } = recordingClient();
    await runAgent(client, "Save 250 euros in dollars to reports/eur-usd.md", { workspaceDir: ws });
    expect(await read("reports/eur-usd.md")).toMatch(/250 EUR = 271\.74 USD/);

    await runAgent(client, "Переведи 1000 рублей в доллары и запиши в файл rub.txt", { workspaceDir: ws });
    expect(await read("rub.txt")).toMatch(/1000 RUB = 10\.81\d* USD/);

    calls.length = 0;
    await runAgent(client, "How much are 1000 EUR in rubles?", { workspaceDir: ws });
    expect(calls.map((c) => c.name)).toEqual(["get_exchange_rate", "calculate"]);
    expect((await fs.readdir(ws)).sort()).toEqual(["reports", "rub.txt"]);
  });

  it("takes the target currency from a preference in the system prompt, else rubles", async () => {
    const cases: Array<[string, string, string]> = [
      ["- The user prefers reports in EUR", "Convert 500 USD for me and save a report", "EUR"],
      ["Пользователь предпочитает отчёты в евро", "Переведи 500 долларов и сохрани отчёт", "EUR"],
      [system, "Convert 500 USD for me and save a report", "RUB"],
    ];
    for (const [systemPrompt, task, target] of cases) {
      const { client, calls } = recordingClient();
      await runLoop(client, task, { tools: createAgentTools(ws), system: systemPrompt });
      expect(calls[0]?.input, `${systemPrompt} / ${task}`).toEqual({ from_currency: "USD", to_currency: target });
      expect(await read("report.txt")).toContain(`USD = ${target === "EUR" ? 460 : 46250} ${target}`);
    }
  });

  it("reports a refused file name instead of pretending it saved", async () => {
    const { client } = recordingClient();
    const answer = await runAgent(client, "Save 500 USD in RUB to ../escape.txt", { workspaceDir: ws });
    expect(answer).toMatch(/did not save[\s\S]*climbs out of the workspace/);
    expect(await exists(path.join(base, "escape.txt"))).toBe(false);
  });
});

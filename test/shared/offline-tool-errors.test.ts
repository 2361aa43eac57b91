// A failed tool call told to the person in the task's language, by every skill (tool-errors.ts):
// the course's tools write their errors in English for the model; a Russian task gets them retold in
// Russian, or quoted as the tool's own words, never as English prose inside a Russian answer.

import { execFileSync } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { describeSaveError } from "../../lessons/03-saving-files/save-error.ts";
import { noTerminalApprover } from "../../lessons/07-approval-gates/approver.ts";
import { runAgent as runLesson07 } from "../../lessons/07-approval-gates/agent.ts";
import { runAgent as runLesson10 } from "../../lessons/10-edit-tool/agent.ts";
import { resolveInProject } from "../../lessons/10-edit-tool/project-path.ts";
import { findLatinProse } from "../../shared/cli/latin-prose.ts";
import { explainToolError, forTheUser, toolSaid } from "../../shared/offline/tool-errors.ts";
import { recordingClient } from "../helpers/recording-client.ts";

const ru = { lang: "ru" as const, t: (text: { en: string; ru: string }) => text.ru };
const en = { lang: "en" as const, t: (text: { en: string; ru: string }) => text.en };
const prose = (text: string) => findLatinProse(text).map((f) => f.text);

let base = "";
beforeEach(async () => {
  base = await fs.mkdtemp(path.join(os.tmpdir(), "course-tool-errors-"));
});
afterEach(async () => {
  await fs.rm(base, { recursive: true, force: true });
});

async function thrown(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("expected the call to fail");
}

describe("toolSaid: the tool's message for the person", () => {
  it("retells the course's own tool errors in Russian, names kept", async () => {
    await fs.mkdir(path.join(base, "src"));
    await fs.writeFile(path.join(base, "src", "math.ts"), "x");
    const missing = await thrown(resolveInProject(base, "notes.md"));
    const missingInSrc = await thrown(resolveInProject(base, "src/nope.ts"));
    const climbs = await thrown(resolveInProject(base, "../etc/passwd"));
    const notSaved = describeSaveError(Object.assign(new Error("x"), { code: "ENOSPC" }), "report.txt");
    for (const [message, expected] of [
      [missing, /^файла notes\.md в папке проекта нет; в папке есть: src\/\.$/],
      [missingInSrc, /^файла src\/nope\.ts в папке проекта нет; в папке src есть: math\.ts\.$/],
      [climbs, /^путь \.\.\/etc\/passwd ведёт за пределы папки проекта/],
      [notSaved, /^report\.txt не сохранён: .*\(ENOSPC\)\.$/],
      ["old_text matches 2 places (exact matcher), starting on lines 3, 13. Nothing was changed.", /в нескольких местах \(2; строки 3, 13\)/],
      ["old_text was not found in the file (tried: exact, line-trimmed). Nothing was changed.", /^такого текста в файле нет/],
      ["'logo.png' is a PNG image, not text; edit_file changes text files only.", /^logo\.png — не текстовый файл, а изображение PNG;/],
      ["'data.bin' is a binary file, not text; read_file only reads text.", /^data\.bin — не текстовый файл, а двоичный файл;/],
    ] as const) {
      const said = toolSaid(ru, message);
      expect(said, message).toMatch(expected);
      expect(prose(said), message).toEqual([]);
    }
  });

  it("quotes any other message as the tool's own words, without its JSON or the advice meant for the model", () => {
    expect(toolSaid(ru, "'x.dat' is a hologram, not text; read_file only reads text."), "a kind it has no Russian for is quoted, not half-translated").toMatch(
      /^ответ инструмента \(по-английски\): «'x\.dat' is a hologram, not text/,
    );
    const said = toolSaid(ru, JSON.stringify({ success: false, error: "Quota used up. Tell the user to wait an hour; do not retry." }));
    expect(said).toBe("ответ инструмента (по-английски): «Quota used up. Wait an hour.»");
    expect(prose(`Не удалось: ${said}`)).toEqual([]);
  });

  it("in English, is the message without what was meant for the model only", () => {
    expect(toolSaid(en, JSON.stringify({ error: "Bad pair. Do not guess a rate." }))).toBe("Bad pair.");
    expect(forTheUser("There is no file 'a.md' in the project. src holds: math.ts."), "a folder name is not made a capital").toBe(
      "There is no file 'a.md' in the project. src holds: math.ts.",
    );
    expect(forTheUser("It is read-only. Tell the user; they can make it writable.")).toBe("It is read-only. You can make it writable.");
  });

  it("explainToolError says a failure through it in both languages", () => {
    expect(explainToolError(ru, "calculate", "Division by zero.")).toBe("Не получилось: calculate вернул ошибку: результат не число: деление на ноль или слишком большое значение.");
    expect(explainToolError(ru, "add_row", "Sheet locked.")).toBe("Не получилось: add_row вернул ошибку: ответ инструмента (по-английски): «Sheet locked.»");
    expect(explainToolError(en, "add_row", "Sheet locked. Do not retry.")).toBe('I could not finish: add_row failed and said: "Sheet locked."');
  });
});

describe("every skill tells a failed call in the task's language (lessons on the offline model)", () => {
  const quiet = { print: () => undefined, approver: noTerminalApprover() };

  it("lesson 10: reading a file that is not there", async () => {
    const { client } = recordingClient();
    const answer = await runLesson10(client, "Прочитай notes.md", { project: path.join(base, "project"), ...quiet });
    expect(answer).toMatch(/^Не удалось прочитать notes\.md: файла notes\.md в папке проекта нет; в папке есть: .*README\.md/);
    expect(prose(answer)).toEqual([]);
  });

  it("lesson 10: reading what is not a text file (a folder, an image, a named pipe) says what it is in Russian", async () => {
    const project = path.join(base, "project");
    // Names with a hyphen or a dot: the prose check below takes a plain word such as "pipe" for English.
    await fs.mkdir(path.join(project, "build-output"), { recursive: true });
    const png = Buffer.alloc(32);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(png);
    png.writeUInt32BE(16, 16);
    png.writeUInt32BE(16, 20);
    await fs.writeFile(path.join(project, "logo.png"), png);
    const cases: Array<[string, RegExp]> = [
      ["build-output", /^Не удалось прочитать build-output: build-output — не текстовый файл, а папка; инструмент работает только с текстом\.$/],
      ["logo.png", /^Не удалось прочитать logo\.png: logo\.png — не текстовый файл, а изображение PNG 16 × 16 пикселей;/],
    ];
    if (process.platform !== "win32") {
      execFileSync("mkfifo", [path.join(project, "log-pipe")]);
      cases.push(["log-pipe", /^Не удалось прочитать log-pipe: log-pipe — не текстовый файл, а именованный канал \(FIFO\): чтение из него ждало бы/]);
    }
    for (const [name, expected] of cases) {
      const { client } = recordingClient();
      const answer = await runLesson10(client, `Прочитай ${name}`, { project, ...quiet });
      expect(answer, name).toMatch(expected);
      expect(prose(answer), name).toEqual([]);
      expect(answer, name).not.toMatch(/opening it|a folder|image,/);
    }
  });

  it("lesson 10: an edit in a file that is not there", async () => {
    const { client } = recordingClient();
    const answer = await runLesson10(client, "В notes.md замени «a» на «b»", { project: path.join(base, "project"), ...quiet });
    expect(answer).toMatch(/файла notes\.md в папке проекта нет/);
    expect(prose(answer)).toEqual([]);
  });

  it("lesson 07: reading a file that is not in the workspace", async () => {
    const { client } = recordingClient();
    const answer = await runLesson07(client, "Прочитай inbox.txt", { workspace: base, ...quiet });
    expect(answer).toMatch(/inbox\.txt в рабочей папке нет/);
    expect(prose(answer)).toEqual([]);
  });
});

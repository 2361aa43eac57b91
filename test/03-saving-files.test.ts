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
import { say } from "./helpers/say.ts";

const FILE = "exercises/03-saving-files/save-to-file.ts";

let base: string;
let ws: string;
let outside: string;
// A sibling whose name starts with the workspace's: "workspace-old" begins with "workspace".
let sibling: string;

beforeEach(async () => {
  // The real path: on macOS os.tmpdir() goes through a symlink (/var -> /private/var), and a workspace
  // reached through a link is hard mode ("works when the workspace path itself goes through a symlink"),
  // which makes its own. The core checks must not ask for it on some systems only.
  base = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), "save-to-file-")));
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
    return failWith(say(`saveToFile(workspace, ${JSON.stringify(filename)}, ...) threw: ${messageOf(error)}`, `saveToFile(workspace, ${JSON.stringify(filename)}, ...) бросила: «${messageOf(error)}»`), error);
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
    expect(message.trim().length, say(`Refusing ${show(filename)} is right; now say why in the error, for the model.`, `Отказать для ${show(filename)} правильно; теперь скажите в ошибке почему — для модели.`)).toBeGreaterThan(15);
    return message;
  }
  return expect.fail(say(`saveToFile accepted ${show(filename)} and returned ${JSON.stringify(outcome)}. ${why}`, `saveToFile приняла ${show(filename)} и вернула ${JSON.stringify(outcome)}. ${why}`));
}

// A refusal of the name itself comes before any disk access: not even the workspace folder is created.
async function refusedAsText(filename: string, why: string): Promise<string> {
  const message = await refused(filename, why);
  expect(
    await exists(ws),
    say(
      `saveToFile refused ${show(filename)} ("${message}"), but only after touching the disk: it created the workspace folder. ` +
        `Check the name as text first, before any fs call (TODO 1 in ${FILE}).`,
      `saveToFile отказала для ${show(filename)} («${message}»), но только после обращения к диску: она создала папку \`workspace\`. ` +
        `Сначала проверьте имя как текст, до любого вызова \`fs\` (TODO 1 в ${FILE}).`,
    ),
  ).toBe(false);
  return message;
}

describe("save_to_file: the workspace is a fence (TODOs 1 and 2)", () => {
  it('refuses "../" and writes nothing outside the workspace', async () => {
    const danger =
      say(
        'The model chooses the file name, and it can be wrong or manipulated (a web page it read may say "save to ' +
        '../../.bashrc"). A save that follows "../" can overwrite any file your user can write: shell start-up files, ' +
        `SSH keys, the project's own code. Resolve the path and refuse anything that is not inside the workspace (TODO 1 in ${FILE}).`,
        'Имя файла выбирает модель, и оно может быть ошибочным или подсунутым (прочитанная ею страница может сказать "save to ' +
        '../../.bashrc"). Сохранение, которое идёт по "../", может перезаписать любой файл, доступный вашему пользователю: стартовые файлы оболочки, ' +
        `SSH-ключи, код самого проекта. Разрешите путь и откажите всему, что не внутри workspace (TODO 1 в ${FILE}).`,
      );
    for (const name of ["../escape.txt", "reports/../../escape.txt", "a/b/../../../escape.txt", "..", "reports/../.."]) {
      const message = await refusedAsText(name, danger);
      expect(
        /workspace|outside|\.\./i.test(message),
        say(
          `The refusal should tell the model the name leaves the workspace; it said: ${message}`,
          `Отказ должен сказать модели, что имя выводит за пределы workspace; он сказал: «${message}»`,
        ),
      ).toBe(true);
    }
    expect(await exists(path.join(base, "escape.txt")), say(`A file appeared outside the workspace. ${danger}`, `Вне workspace появился файл. ${danger}`)).toBe(false);
  });

  it('refuses a sibling folder whose name starts with the workspace\'s ("../workspace-old/x.txt")', async () => {
    for (const name of ["../workspace-old/x.txt", "../workspace2.txt", "reports/../../workspace-old/deep/x.txt"]) {
      await refusedAsText(
        name,
        say(
          `It resolves to ${path.join(base, name.replace(/^(reports\/\.\.\/)?\.\.\//, ""))}, outside the workspace, yet that path starts with the ` +
            `workspace's path as text ("${ws}" is a prefix of "${ws}-old"). A containment test written as target.startsWith(root) ` +
            `lets it through. Compare whole path parts: path.relative(root, target) must not be ".." or start with ".." + path.sep (TODO 1 in ${FILE}).`,
          `Путь ведёт в ${path.join(base, name.replace(/^(reports\/\.\.\/)?\.\.\//, ""))}, вне workspace, но как текст он начинается с ` +
            `пути workspace ("${ws}" — префикс "${ws}-old"). Проверка вложенности вида \`target.startsWith(root)\` ` +
            `его пропускает. Сравнивайте целые части пути: path.relative(root, target) не должен быть ".." или начинаться с ".." + path.sep (TODO 1 в ${FILE}).`,
        ),
      );
    }
    expect(await listAll(sibling), say("Something was written into workspace-old, a folder beside the workspace.", "Что-то записано в workspace-old, папку рядом с workspace.")).toEqual([]);
    expect(await exists(path.join(base, "workspace2.txt")), say("workspace2.txt was written beside the workspace.", "workspace2.txt записан рядом с workspace.")).toBe(false);
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
          say(
            `saveToFile refused ${JSON.stringify(name)} ("${message}"), a legal name inside the workspace. Only a whole path part ` +
              `equal to ".." leads up a folder; a name that starts with two dots is an ordinary file name. Test the parts, not the ` +
              `text: relative === ".." or relative.startsWith(".." + path.sep) (TODO 1 in ${FILE}).`,
            `saveToFile отказала для ${JSON.stringify(name)} («${message}»), а это допустимое имя внутри workspace. Наверх ведёт только целая часть пути, ` +
              `равная ".."; имя, которое начинается с двух точек, — обычное имя файла. Проверяйте части, а не ` +
              `текст: \`relative === ".." || relative.startsWith(".." + path.sep)\` (TODO 1 в ${FILE}).`,
          ),
        );
      }
      expect(outcome, say(`${JSON.stringify(name)} should be saved inside the workspace.`, `${JSON.stringify(name)} должен сохраниться внутри workspace.`)).toMatchObject({ path: name, status: "created" });
      expect(await fs.readFile(path.join(ws, name), "utf8")).toBe("fine");
    }
  });

  it("refuses an absolute path instead of quietly writing somewhere", async () => {
    const target = path.join(outside, "absolute.txt");
    await refusedAsText(
      target,
      say(
        "An absolute path is outside the fence by definition. Joining it onto the workspace would quietly write " +
          "somewhere else than the model asked, and the model would report a file that is not where it says: refuse it.",
        "Абсолютный путь по определению вне ограды. Если приклеить его к workspace, запись молча уйдёт " +
          "не туда, куда просила модель, и модель сообщит о файле, которого нет там, где она говорит: откажите.",
      ),
    );
    expect(await exists(target), say("The absolute path was written to: that is a write outside the workspace.", "По абсолютному пути что-то записано: это запись вне workspace.")).toBe(false);
    await refusedAsText(
      path.join(ws, "inside.txt"),
      say(
        "Absolute paths are refused even when they point inside the workspace: the rule is simple for the model to follow " +
          "(names relative to the workspace), and the result's path always means the same thing (TODO 1).",
        "Абсолютные пути отклоняются, даже если ведут внутрь workspace: модели легко следовать простому правилу " +
          "(имена относительно workspace), а путь в результате всегда значит одно и то же (TODO 1).",
      ),
    );
  });

  it("refuses a symlink planted inside the workspace that leads outside", async () => {
    await fs.mkdir(ws, { recursive: true });
    await fs.symlink(outside, path.join(ws, "linked"));
    const why =
      say(
        "'linked' is a symbolic link to a folder outside the workspace; the name looks harmless but the write lands " +
        "outside. Check where the path really leads: fs.realpath() of the deepest part that exists (TODO 2).",
        "'linked' — символическая ссылка на папку вне workspace; имя выглядит безобидно, но запись попадает " +
        "наружу. Проверьте, куда путь ведёт на самом деле: fs.realpath() самой глубокой существующей части (TODO 2).",
      );
    await refused("linked/secret.txt", why);
    await refused("linked/sub/deeper.txt", why);
    expect(
      await listAll(outside),
      say(
        "Files or folders appeared in the folder the link points to. Check the link BEFORE creating folders or writing.",
        "В папке, на которую указывает ссылка, появились файлы или папки. Проверяйте ссылку ДО создания папок и записи.",
      ),
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
          expect(message, say(`Refusing the symlinked notes.txt is right; say it is a link, so the model picks a plain name. It said: ${message}`, `Отказать для notes.txt-ссылки правильно; скажите, что это ссылка (link), чтобы модель выбрала обычное имя. Сказано: «${message}»`)).toMatch(/link/i);
          return "";
        },
      );
      expect(
        await fs.readFile(victim, "utf8"),
        say(
          "workspace/notes.txt is a link to a file outside; writing to it changed that file. Refuse a target that is a symlink.",
          "workspace/notes.txt — ссылка на файл снаружи; запись в неё изменила тот файл. Отказывайте, если цель — символическая ссылка.",
        ),
      ).toBe("original");
      expect(
        outcome,
        say(
          `saveToFile(workspace, "notes.txt", ..., ${JSON.stringify(options)}) ${outcome}, though notes.txt is a symbolic link: refuse ` +
            `a target that is itself a link, even with overwrite: true (TODO 2 in ${FILE}).`,
          `saveToFile(workspace, "notes.txt", ..., ${JSON.stringify(options)}): ${outcome}, хотя notes.txt — символическая ссылка: отказывайте, ` +
            `если цель сама ссылка, даже с \`overwrite: true\` (TODO 2 в ${FILE}).`,
        ),
      ).toBe("");
      expect((await fs.lstat(path.join(ws, "notes.txt"))).isSymbolicLink(), say("The link must be left as it was.", "Ссылка должна остаться как была.")).toBe(true);
    }
  });

  it("accepts a symlink inside the workspace that leads to a folder inside it: only where the write lands counts", { tags: "hard" }, async () => {
    await fs.mkdir(path.join(ws, "reports", "2026"), { recursive: true });
    await fs.symlink(path.join(ws, "reports", "2026"), path.join(ws, "latest"));
    const result = await save("latest/may.txt", "May");
    expect(
      await fs.readFile(path.join(ws, "reports", "2026", "may.txt"), "utf8"),
      say(
        "workspace/latest is a link to workspace/reports/2026, inside the workspace: saving latest/may.txt is allowed and lands there. " +
          `Refuse a link only when its real path leads outside (TODO 2 in ${FILE}).`,
        "workspace/latest — ссылка на workspace/reports/2026, внутри workspace: сохранять latest/may.txt можно, и файл попадает туда. " +
          `Отказывайте для ссылки, только если её настоящий путь ведёт наружу (TODO 2 в ${FILE}).`,
      ),
    ).toBe("May");
    expect(result.status).toBe("created");
  });

  it("refuses a target that is a folder, even with overwrite: true, saying it is a folder", { tags: "hard" }, async () => {
    await save("reports/may.txt", "May");
    const message = await saveToFile(ws, "reports", "x", { overwrite: true }).then(
      (result) => expect.fail(say(`saveToFile wrote over the folder "reports" and returned ${JSON.stringify(result)}.`, `saveToFile записала поверх папки "reports" и вернула ${JSON.stringify(result)}.`)),
      (error: unknown) => messageOf(error),
    );
    expect(message, say(`"reports" is a folder: say so, so the model names a file inside it (TODO 2 in ${FILE}). It said: ${message}`, `"reports" — папка (folder): скажите это, чтобы модель назвала файл внутри неё (TODO 2 в ${FILE}). Сказано: «${message}»`)).toMatch(/folder/i);
    expect(await fs.readFile(path.join(ws, "reports", "may.txt"), "utf8"), say("The folder and its files must be left as they were.", "Папка и её файлы должны остаться как были.")).toBe("May");
  });

  it("refuses empty names, NUL bytes, folder names and names over 255 bytes, before touching the disk", { tags: "hard" }, async () => {
    const empty = await refusedAsText("", say("An empty name is no file name: refuse it with a message saying what to send.", "Пустое имя — не имя файла: откажите с сообщением о том, что прислать."));
    expect(empty, say(`The refusal of "" should say the name is empty. It said: ${empty}`, `Отказ для "" должен сказать, что имя пустое (empty). Сказано: «${empty}»`)).toMatch(/empty/i);
    await refusedAsText("report\0.txt", say("A NUL byte cannot be in a file name; refuse it before touching the disk.", "Байта NUL в имени файла быть не может; откажите до обращения к диску."));
    for (const folder of ["reports/", ".", "reports/.."]) {
      await refusedAsText(folder, say(`${JSON.stringify(folder)} names a folder (the workspace itself, or one ending in "/"), not a file.`, `${JSON.stringify(folder)} называет папку (сам workspace или путь, оканчивающийся на "/"), а не файл.`));
    }
    const longChars = `${"é".repeat(100)}/${"é".repeat(100)}.txt`;
    await refusedAsText(
      longChars,
      say(
        `That name is ${longChars.length} characters but ${Buffer.byteLength(longChars)} bytes: limit names by bytes (Buffer.byteLength), 255 at most.`,
        `В этом имени ${longChars.length} символов, но ${Buffer.byteLength(longChars)} байт: ограничивайте имена в байтах (Buffer.byteLength), не больше 255.`,
      ),
    );
    const deep = `${"d/".repeat(125)}xy.txt`;
    await refusedAsText(deep, say(`A ${Buffer.byteLength(deep)}-byte name must be refused (the limit is 255 bytes for the whole name).`, `Имя в ${Buffer.byteLength(deep)} байт нужно отклонить (предел — 255 байт на всё имя).`));
  });

  it("accepts a name of exactly 255 bytes: the limit itself is allowed", { tags: "hard" }, async () => {
    const name = `${"d/".repeat(125)}x.txt`;
    const result = await saveToFile(ws, name, "at the limit").catch((error: unknown) =>
      expect.fail(
        say(
          `saveToFile refused a name of exactly ${Buffer.byteLength(name)} bytes ("${messageOf(error)}"). The limit is 255 bytes: ` +
            `255 is allowed, 256 is not (> MAX_NAME_BYTES, not >=) (TODO 1 in ${FILE}).`,
          `saveToFile отказала для имени ровно в ${Buffer.byteLength(name)} байт («${messageOf(error)}»). Предел — 255 байт: ` +
            `255 можно, 256 нельзя (\`> MAX_NAME_BYTES\`, а не \`>=\`) (TODO 1 в ${FILE}).`,
        ),
      ),
    );
    expect(result.path).toBe(name);
  });

  it("a file name that is not text (the model sent a number): a clear refusal, not a crash", { tags: "hard" }, async () => {
    const tool = createSaveToFileTool(ws);
    const message = await Promise.resolve()
      .then(() => tool.run({ filename: 42 as unknown as string, content: "x" }))
      .then(
        (output) => expect.fail(say(`save_to_file accepted the file name 42 (a number) and returned ${String(output)}.`, `save_to_file приняла имя файла 42 (число) и вернула ${String(output)}.`)),
        (error: unknown) => (error instanceof TypeError ? `TypeError: ${messageOf(error)}` : messageOf(error)),
      );
    expect(
      /TypeError|is not a function|cannot read/i.test(message),
      say(
        `A file name of 42 crashed saveToFile ("${message}"). Check typeof filename first and refuse a name that is not a string, ` +
          `saying the name must be text, e.g. "report.txt" (TODO 1 in ${FILE}).`,
        `Имя файла 42 уронило saveToFile («${message}»). Сначала проверьте \`typeof filename\` и отклоните имя, которое не строка, ` +
          `сказав, что имя должно быть текстом, например "report.txt" (TODO 1 в ${FILE}).`,
      ),
    ).toBe(false);
    expect(message, say("The refusal should say the file name must be text (a string).", "Отказ должен сказать, что имя файла должно быть текстом (`text` или `string`).")).toMatch(/text|string/i);
  });
});

describe("save_to_file: saving and saying what happened (TODOs 4 and 5)", () => {
  it("saves a file, creating the workspace if needed, and reports what it did", async () => {
    const result = await save("report.txt", "500 USD = 46250 RUB\n");
    expect(await fs.readFile(path.join(ws, "report.txt"), "utf8"), say("report.txt should hold exactly the content sent.", "В report.txt должно быть ровно присланное содержимое.")).toBe(
      "500 USD = 46250 RUB\n",
    );
    expect(result, say(`Return { path, bytes, status } (TODO 5 in ${FILE}).`, `Верните { path, bytes, status } (TODO 5 в ${FILE}).`)).toEqual({ path: "report.txt", bytes: 20, status: "created" });
  });

  it("counts bytes, not characters", { tags: "hard" }, async () => {
    const content = "46 250 ₽ — готово";
    const result = await save("rub.txt", content);
    expect(
      result.bytes,
      say(
        `"${content}" is ${content.length} characters but ${Buffer.byteLength(content)} bytes in UTF-8 (₽ takes 3): use Buffer.byteLength(content).`,
        `В "${content}" ${content.length} символов, но ${Buffer.byteLength(content)} байт в UTF-8 (₽ занимает 3): используйте Buffer.byteLength(content).`,
      ),
    ).toBe(Buffer.byteLength(content));
  });

  it("creates nested folders and reports the path relative to the workspace", async () => {
    const result = await save("reports/2026/may.txt", "May");
    expect(await fs.readFile(path.join(ws, "reports", "2026", "may.txt"), "utf8"), say("Create the missing folders (fs.mkdir with recursive).", "Создайте недостающие папки (fs.mkdir с recursive).")).toBe(
      "May",
    );
    expect(result.path, say("The path in the result is relative to the workspace, with / between folders.", "Путь в результате — относительно workspace, с / между папками.")).toBe("reports/2026/may.txt");
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
        say(
          `${JSON.stringify(name)} stays inside the workspace, so it is saved, at ${where} (the README allows a .. that stays inside; ` +
            `compare the resolved path, not the text, TODO 1 in ${FILE}).`,
          `${JSON.stringify(name)} остаётся внутри workspace, поэтому сохраняется, в ${where} (README разрешает .., который остаётся внутри; ` +
            `сравнивайте разрешённый путь, а не текст, TODO 1 в ${FILE}).`,
        ),
      ).toBe("inside");
      expect(
        result.path,
        say(
          `saveToFile(workspace, ${JSON.stringify(name)}) reported path ${JSON.stringify(result.path)}: the result names where the file is, ` +
            `relative to the workspace ("${where}"), not the name as sent: path.relative(workspace, target) (TODO 5 in ${FILE}).`,
          `saveToFile(workspace, ${JSON.stringify(name)}) сообщила путь ${JSON.stringify(result.path)}: результат называет, где файл лежит, ` +
            `относительно workspace ("${where}"), а не присланное имя: \`path.relative(workspace, target)\` (TODO 5 в ${FILE}).`,
        ),
      ).toBe(where);
    }
  });

  it('reports "created" for a new file even with overwrite: true: the status says what happened', async () => {
    const result = await save("fresh.txt", "new", { overwrite: true });
    expect(
      result.status,
      say(
        `saveToFile(workspace, "fresh.txt", ..., { overwrite: true }) reported ${JSON.stringify(result.status)}, but no fresh.txt was ` +
          `there: overwrite: true allows a replace, it does not make one. Base status on whether the file existed before the write ` +
          `(TODO 5 in ${FILE}).`,
        `saveToFile(workspace, "fresh.txt", ..., { overwrite: true }) сообщила ${JSON.stringify(result.status)}, но fresh.txt там ` +
          `не было: \`overwrite: true\` разрешает замену, но не делает её. Выбирайте \`status\` по тому, был ли файл до записи ` +
          `(TODO 5 в ${FILE}).`,
      ),
    ).toBe("created");
    const plain = await save("plain.txt", "new", { overwrite: false });
    expect(plain.status, say('overwrite: false (a boolean) on a new file saves it: status "created".', 'overwrite: false (булево значение) для нового файла сохраняет его: status "created".')).toBe("created");
  });

  it("reports an overwrite, and replaces the whole old content", async () => {
    await save("report.txt", "a long first version of the report");
    const second = await save("report.txt", "short", { overwrite: true });
    expect(second.status, say('The second save replaced a file: status "overwritten", so the model knows it changed something.', 'Второе сохранение заменило файл: status "overwritten", чтобы модель знала, что она что-то изменила.')).toBe(
      "overwritten",
    );
    expect(await fs.readFile(path.join(ws, "report.txt"), "utf8"), say("Nothing of the old content may remain.", "От старого содержимого не должно остаться ничего.")).toBe("short");
  });

  it("works when the workspace path itself goes through a symlink (as /tmp does on macOS)", { tags: "hard" }, async () => {
    const real = path.join(base, "real-workspace");
    await fs.mkdir(real);
    await fs.symlink(real, ws);
    const result = await save("report.txt", "ok");
    expect(result.status).toBe("created");
    expect(
      await fs.readFile(path.join(real, "report.txt"), "utf8"),
      say(
        "Compare real paths with real paths: fs.realpath() of the workspace, not the path as given.",
        "Сравнивайте настоящие пути с настоящими: fs.realpath() от workspace, а не путь как есть.",
      ),
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
    expect(written.length, say(`saveToFile should write through options.writeFile (TODO 4 in ${FILE}); it never called it.`, `saveToFile должна писать через options.writeFile (TODO 4 в ${FILE}); она его ни разу не вызвала.`)).toBe(1);
    expect(
      path.resolve(written[0] ?? ""),
      say(
        "The content was written straight into the target. Write it to a temporary file first, then fs.rename() it over the target.",
        "Содержимое записано прямо в целевой файл. Сначала запишите его во временный файл, потом fs.rename() поверх цели.",
      ),
    ).not.toBe(path.resolve(target));
    expect(
      path.dirname(path.resolve(written[0] ?? "")),
      say(
        "The temporary file must be in the same folder as the target: rename is only atomic within one file system.",
        "Временный файл должен лежать в той же папке, что и цель: rename атомарен только в пределах одной файловой системы.",
      ),
    ).toBe(path.dirname(target));
    expect(await fs.readFile(target, "utf8")).toBe("new");
    expect(await listAll(path.join(ws, "reports")), say("After a save only the target is left: no temporary files.", "После сохранения остаётся только целевой файл: никаких временных.")).toEqual(["report.txt"]);
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
    expect(called, say(`saveToFile should write through options.writeFile (TODO 4 in ${FILE}), so this test can make the disk "full".`, `saveToFile должна писать через options.writeFile (TODO 4 в ${FILE}), чтобы эта проверка могла «переполнить» диск.`)).toBe(
      true,
    );
    expect(threw, say("The write failed (disk full): saveToFile must throw, not report success.", "Запись не удалась (диск полон): saveToFile должна бросить исключение, а не сообщить об успехе.")).toBe(true);
    expect(
      await fs.readFile(path.join(ws, "report.txt"), "utf8"),
      say(
        "A write that fails halfway left a half-written report.txt. Write to a temporary file and rename it only once it is complete.",
        "Запись, упавшая на полпути, оставила недописанный report.txt. Пишите во временный файл и переименовывайте его, только когда он готов.",
      ),
    ).toBe("old content");
    expect(await listAll(ws), say("The half-written temporary file was left behind: remove it when the write fails.", "Недописанный временный файл остался: удаляйте его, когда запись не удалась.")).toEqual(["report.txt"]);
  });

  it("passes on the error the write failed with (a write refused with EACCES), and leaves nothing behind", async () => {
    const denied: SaveOptions = {
      async writeFile() {
        throw Object.assign(new Error("EACCES: permission denied, open"), { code: "EACCES" });
      },
    };
    const message = await saveToFile(ws, "report.txt", "x", denied).then(
      (result) => expect.fail(say(`The write failed, yet saveToFile returned ${JSON.stringify(result)}.`, `Запись не удалась, но saveToFile вернула ${JSON.stringify(result)}.`)),
      (error: unknown) => messageOf(error),
    );
    if (message.includes("not implemented yet")) expect.fail(message);
    expect(
      message,
      say(
        "The write failed with EACCES before any temporary file existed; the error the caller gets must still be that one. " +
          "Cleaning up a temporary file that is not there must not replace it with another error: fs.rm(temp, { force: true }).",
        "Запись упала с EACCES ещё до появления временного файла; вызывающий должен получить именно эту ошибку. " +
          "Уборка временного файла, которого нет, не должна подменять её другой ошибкой: fs.rm(temp, { force: true }).",
      ),
    ).toContain("EACCES");
    expect(await listAll(ws), say("Nothing may be left behind.", "Ничего не должно остаться.")).toEqual([]);
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
    expect(outcome, say("fs.rename() could not replace a folder, so the save failed and saveToFile must throw.", "fs.rename() не смог заменить папку, сохранение не удалось, и saveToFile должна бросить исключение.")).toMatch(/^threw/);
    expect(
      (await listAll(ws)).filter((f) => !f.startsWith("report.txt")),
      say(
        "The rename failed and the temporary file was left behind: remove it whenever anything after creating it fails, the " +
          `rename included (one try around the write AND the rename, TODO 4 in ${FILE}).`,
        "Переименование не удалось, а временный файл остался: удаляйте его, если что-то после его создания не удалось, " +
          `включая переименование (один \`try\` вокруг записи И переименования, TODO 4 в ${FILE}).`,
      ),
    ).toEqual([]);
  });

  it("writeNewFile (given) never writes over an existing file", { tags: "hard" }, async () => {
    await fs.mkdir(ws, { recursive: true });
    const file = path.join(ws, "taken.tmp");
    await fs.writeFile(file, "someone else's");
    await expect(writeNewFile(file, "mine"), say('writeNewFile must refuse a name that exists (flag "wx"); you did not need to change it.', 'writeNewFile должна отказывать для существующего имени (флаг "wx"); менять её вам не требовалось.')).rejects.toThrow(
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
      say(
        `Saving report.txt failed while a file named like your temporary file was already there (${leftovers.join(", ")}): ` +
          `a fixed temporary name such as target + ".tmp" collides with a leftover from a crash, or with the user's own file. ` +
          `Put something random in it, e.g. \`.\${name}.\${randomBytes(6).toString("hex")}.tmp\` (TODO 4 in ${FILE}).`,
        `Сохранение report.txt не удалось, когда файл с именем как у вашего временного уже был (${leftovers.join(", ")}): ` +
          `постоянное временное имя вроде target + ".tmp" сталкивается с остатком после сбоя или с собственным файлом пользователя. ` +
          `Добавьте в него случайную часть, например \`.\${name}.\${randomBytes(6).toString("hex")}.tmp\` (TODO 4 в ${FILE}).`,
      ),
    ).toMatchObject({ status: "created" });
    await saveToFile(ws, "report.txt", "two", { ...spy, overwrite: true });
    for (const name of leftovers) {
      expect(
        await fs.readFile(path.join(ws, name), "utf8"),
        say(
          `${name} was there before the save and is not yours: the temporary file must have a name of its own, new each time.`,
          `${name} был там до сохранения и он не ваш: у временного файла должно быть своё имя, каждый раз новое.`,
        ),
      ).toBe(`the user's own ${name}`);
    }
    expect(new Set(written).size, say(`Two saves of report.txt used the same temporary name (${written.join(", ")}): make it new each time.`, `Два сохранения report.txt взяли одно и то же временное имя (${written.join(", ")}): делайте его каждый раз новым.`)).toBe(2);
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
      say(
        "Two saves at the same time got in each other's way. With one fixed temporary name both write the same temporary file; " +
          `give each save its own (TODO 4 in ${FILE}).`,
        "Два одновременных сохранения помешали друг другу. С одним постоянным временным именем оба пишут в один временный файл; " +
          `дайте каждому сохранению своё (TODO 4 в ${FILE}).`,
      ),
    ).toEqual([]);
    expect([a, b], say("The file must hold one save's content whole, never a mix.", "В файле должно быть содержимое одного сохранения целиком, а не смесь.")).toContain(await fs.readFile(path.join(ws, "report.txt"), "utf8"));
    expect(await listAll(ws), say("No temporary file may be left behind.", "Временных файлов оставаться не должно.")).toEqual(["report.txt"]);
  });
});

describe("save_to_file: an existing file is replaced only when asked (TODO 3)", () => {
  it("refuses to replace an existing file without overwrite: true, and leaves it as it was", async () => {
    await save("report.txt", "the user's report");
    for (const options of [{}, { overwrite: false }]) {
      const message = await saveToFile(ws, "report.txt", "something else", options).then(
        (result) => expect.fail(say(`saveToFile replaced report.txt with ${JSON.stringify(options)} and returned ${JSON.stringify(result)}. A file that exists is replaced only with overwrite: true (TODO 3 in ${FILE}).`, `saveToFile заменила report.txt с ${JSON.stringify(options)} и вернула ${JSON.stringify(result)}. Существующий файл заменяется только с overwrite: true (TODO 3 в ${FILE}).`)),
        (error: unknown) => messageOf(error),
      );
      if (message.includes("not implemented yet")) expect.fail(message);
      expect(
        message,
        say(
          `The refusal should tell the model how to replace the file on purpose: mention overwrite (e.g. "'report.txt' already exists. To replace it, call again with overwrite: true."). It said: ${message}`,
          `Отказ должен сказать модели, как заменить файл намеренно: упомяните overwrite (например, "'report.txt' already exists. To replace it, call again with overwrite: true."). Сказано: «${message}»`,
        ),
      ).toMatch(/overwrite/i);
      expect(message, say("Name the file that already exists.", "Назовите файл, который уже существует.")).toContain("report.txt");
      expect(await fs.readFile(path.join(ws, "report.txt"), "utf8"), say("The existing file must be left as it was.", "Существующий файл должен остаться как был.")).toBe("the user's report");
    }
    expect(await listAll(ws), say("A refused save leaves nothing behind.", "Отклонённое сохранение ничего после себя не оставляет.")).toEqual(["report.txt"]);
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
        say(
          `saveToFile(..., { overwrite: ${JSON.stringify(overwrite)} }) replaced the file. The model may send "true" as text; ` +
            `only the boolean true says yes. Refuse anything that is not a boolean, saying "overwrite must be true or false" (TODO 3 in ${FILE}).`,
          `saveToFile(..., { overwrite: ${JSON.stringify(overwrite)} }) заменила файл. Модель может прислать "true" текстом; ` +
            `«да» значит только булево true. Отклоняйте всё, что не булево значение, со словами "overwrite must be true or false" (TODO 3 в ${FILE}).`,
        ),
      ).toMatch(/overwrite/i);
      expect(await fs.readFile(path.join(ws, "report.txt"), "utf8"), say("The file must be left as it was.", "Файл должен остаться как был.")).toBe("the user's report");
    }
    const fresh = await saveToFile(ws, "new.txt", "x", { overwrite: "true" as unknown as boolean }).then(
      () => "saved",
      (error: unknown) => messageOf(error),
    );
    expect(fresh, say('overwrite: "true" is refused even for a new file: the input is wrong either way.', 'overwrite: "true" отклоняется даже для нового файла: ввод неверен в любом случае.')).not.toBe("saved");
  });

  it("the tool passes the model's overwrite on: true replaces, nothing refuses", async () => {
    const tool = createSaveToFileTool(ws);
    await tool.run({ filename: "report.txt", content: "v1" });
    await expect(tool.run({ filename: "report.txt", content: "v2" }), say("Without overwrite the tool must refuse.", "Без overwrite инструмент должен отказать.")).rejects.toThrow(/overwrite/i);
    const output = String(await tool.run({ filename: "report.txt", content: "v3", overwrite: true }));
    expect(output, say('With overwrite: true the tool replaces the file and says "overwritten".', 'С overwrite: true инструмент заменяет файл и говорит "overwritten".')).toContain("overwritten");
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
        expect(removed, say(`${said}, and removed ${removed.join(", ")}.`, `${said}, и удалила ${removed.join(", ")}.`)).toEqual([]);
        expect(
          changed.filter((key) => !inside(key)),
          say(
            `${said}, and wrote outside the workspace. Whatever the name, a file lands inside the workspace or nothing is written (TODOs 1 and 2 in ${FILE}).`,
            `${said}, и записала вне \`workspace\`. Каким бы ни было имя, файл попадает внутрь \`workspace\` или не пишется ничего (TODO 1 и 2 в ${FILE}).`,
          ),
        ).toEqual([]);
        if (!result) {
          expect(changed, say(`${said}, but left ${changed.join(", ")} behind: a refused save writes nothing, not even a folder.`, `${said}, но оставила ${changed.join(", ")}: отклонённое сохранение не пишет ничего, даже папку.`)).toEqual([]);
          // Names with no way out must be saved: a fence that refuses everything is no use either.
          const pieces = path.isAbsolute(name) ? [] : name.split("/");
          const existing = before.get(path.relative(base, target));
          const blocked = [...before].some(([key, value]) => value !== "<dir>" && target.startsWith(path.join(base, key) + path.sep));
          const plain =
            pieces.length > 0 && !pieces.includes("..") && !pieces.includes("linked") && !name.endsWith("/") && target !== ws &&
            existing !== "<dir>" && !blocked;
          expect(plain, say(`${said}; that name stays inside the workspace and should have been saved.`, `${said}; это имя остаётся внутри workspace, и его нужно было сохранить.`)).toBe(false);
          return;
        }
        expect(path.join(ws, result.path), say(`${said}: the result's path should be where the file is, relative to the workspace.`, `${said}: путь в результате должен указывать, где лежит файл, относительно workspace.`)).toBe(target);
        expect(await fs.readFile(target, "utf8"), say(`${said}, but the file does not hold the content.`, `${said}, но в файле нет этого содержимого.`)).toBe(content);
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
    expect(problem?.message, say("The API would reject the save_to_file definition.", "API отклонил бы определение save_to_file.")).toBeUndefined();
    for (const [rule, pattern] of [
      ["what it does", /save text/i],
      ["names are relative to the workspace", /relative/i],
      ["absolute paths are refused", /absolute/i],
      ["an existing file needs overwrite: true", /overwrite: true/],
      ["what it returns", /returns/i],
    ] as const) {
      expect(tool.description, say(`The description should say ${rule}.`, `Описание должно говорить: ${rule}.`)).toMatch(pattern);
    }
    const properties = tool.input_schema.properties as Record<string, { type?: string; description?: string }>;
    expect(
      Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, [value.type, (value.description ?? "").length > 10]])),
      say(
        "filename and content are described strings, overwrite a described boolean.",
        "`filename` и `content` — строки с описанием, `overwrite` — булево значение с описанием.",
      ),
    ).toEqual({ filename: ["string", true], content: ["string", true], overwrite: ["boolean", true] });
    expect(tool.input_schema.required, say("filename and content are required; overwrite is not.", "filename и content обязательны; overwrite — нет.")).toEqual(["filename", "content"]);
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
    expect(saved?.is_error ?? false, say(`save_to_file failed when the model called it: ${resultText(saved)}`, `save_to_file упала, когда её вызвала модель: «${resultText(saved)}»`)).toBe(false);
    expect(resultText(saved), say("The tool_result should tell the model the file was created.", "tool_result должен сказать модели, что файл создан (created).")).toContain("created");
    const content = await fs.readFile(path.join(ws, "report.txt"), "utf8");
    expect(content, say("workspace/report.txt should hold the amount (46250) and the rate (92.5).", "В workspace/report.txt должны быть сумма (46250) и курс (92.5).")).toMatch(/46250[\s\S]*92\.5/);
  });

  it('answers a "../" save with an is_error result the model can act on, and the loop goes on', async () => {
    const mock = createMockModel([
      reply.toolUse("save_to_file", { filename: "../escape.txt", content: "x" }),
      reply.toolUse("save_to_file", { filename: "report.txt", content: "x" }),
      reply.text("Saved to report.txt instead."),
    ]);
    await runLoop(mock.client, "Save x to ../escape.txt", { tools: [createSaveToFileTool(ws)] });

    const [first, second] = mock.toolResults();
    expect(first?.is_error, say('The "../" save must come back to the model as an error (is_error: true).', 'Сохранение с "../" должно вернуться модели ошибкой (is_error: true).')).toBe(true);
    expect(resultText(first), say("The error should say the name leaves the workspace, so the model picks another.", "Ошибка должна сказать, что имя выводит за пределы workspace, чтобы модель выбрала другое.")).toMatch(
      /workspace|outside|\.\./i,
    );
    expect(await exists(path.join(base, "escape.txt")), say("The file was written outside the workspace.", "Файл записан вне workspace.")).toBe(false);
    expect(second?.is_error ?? false, say(`The model's second try ("report.txt") should work: ${resultText(second)}`, `Вторая попытка модели ("report.txt") должна пройти: «${resultText(second)}»`)).toBe(false);
  });
});

// Checks for exercise 06 (the memory loader and remember). Run them with: npm run check 6
// Files are real, in a temporary folder; only the model is mocked. Each message says what was
// expected, what happened, and where to look.

import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import fc from "fast-check";
import { nodeFiles, type FileOps } from "@exercise/06-memory/file-ops.ts";
import { capText, loadMemory } from "@exercise/06-memory/load-memory.ts";
import { MEMORY_HEADER, MEMORY_PREAMBLE, MISSING_FILE_NOTE, factOf } from "@exercise/06-memory/memory-format.ts";
import { normalizeFact, remember } from "@exercise/06-memory/remember.ts";
import type { Tool } from "../lessons/01-first-tool/tool.ts";
import { runLoop } from "../lessons/02-agent-loop/loop.ts";
import { createRememberTool } from "../lessons/06-memory/remember.ts";
import { createMockModel, reply, resultText } from "../shared/mock/mock-model.ts";
import { say } from "./helpers/say.ts";

const LOADER = "exercises/06-memory/load-memory.ts";
const REMEMBER = "exercises/06-memory/remember.ts";
const TODAY = "2026-05-01";
const today = () => TODAY;

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "course-06-"));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

// A file that a wrong answer deleted reads as a sentence saying so, for the assertion message to show.
const read = (name: string) => fs.readFile(path.join(dir, name), "utf8").catch(() => `(${name} no longer exists)`);
const write = (name: string, text: string) => fs.writeFile(path.join(dir, name), text, "utf8");

// Runs `action`; an unfinished TODO's own error is rethrown as it is, anything else is returned.
async function attempt<T>(action: () => Promise<T>): Promise<{ value?: T; error?: Error }> {
  try {
    return { value: await action() };
  } catch (error) {
    const err = error instanceof Error ? error : new Error(String(error));
    if (err.message.startsWith("not implemented yet")) throw err;
    return { error: err };
  }
}

// The body of one file's <memory_file> block in the loaded prompt.
function blockOf(prompt: string, name: string): string | undefined {
  const match = prompt.match(new RegExp(`<memory_file name="${name.replace(".", "\\.")}"[^>]*>\\n([\\s\\S]*?)\\n</memory_file>`));
  return match?.[1];
}

// "9,000", "9 000" and "9000" all say the same number; a count off by a trimmed newline or two is fine.
function mentionsNumber(text: string, n: number): boolean {
  const numbers = text.replace(/(\d)[,\s\u00a0\u202f.](?=\d{3}\b)/g, "$1").match(/\d+/g) ?? [];
  return numbers.some((found) => Math.abs(Number(found) - n) <= 2);
}

// Real files underneath, every call recorded; `writeFile` can be swapped for one that fails.
function recordingFiles(writeFile: FileOps["writeFile"] = nodeFiles.writeFile) {
  const log = { writes: [] as string[], renames: [] as Array<[string, string]> };
  const files: FileOps = {
    ...nodeFiles,
    writeFile: async (file, text) => {
      log.writes.push(file);
      await writeFile(file, text);
    },
    rename: async (from, to) => {
      log.renames.push([from, to]);
      await nodeFiles.rename(from, to);
    },
  };
  return { files, log };
}

// A disk that fills up halfway through a write: half the text lands in the file, then an error.
async function crashingWrite(file: string, text: string): Promise<void> {
  await fs.writeFile(file, text.slice(0, Math.floor(text.length / 2)), "utf8");
  throw new Error("ENOSPC: no space left on device (a crash simulated by the test, halfway through the write)");
}

// Lines of letters only, so the only digits in a capped block are the ones in its note.
function letterLines(count: number, words: string): string {
  return Array.from({ length: count }, () => `- ${words}`).join("\n") + "\n";
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

// A read that fails the way a disk or a permission does, for one file name; other files read normally.
function failingRead(name: string, code: string): FileOps {
  return {
    ...nodeFiles,
    readFile: async (file) => {
      if (path.basename(file) === name) throw Object.assign(new Error(`simulated by the test, reading ${name}`), { code });
      return nodeFiles.readFile(file);
    },
  };
}

// Reads that take a moment, so calls running at the same time really overlap (as on a busy disk).
const slowReads: FileOps = {
  ...nodeFiles,
  readFile: async (file) => {
    const text = await nodeFiles.readFile(file);
    await sleep(5);
    return text;
  },
};

// The facts in MEMORY.md, as the README compares them (NFC, lower case, spaces squeezed, no final . or !).
function sameFact(text: string): string {
  return text.normalize("NFC").toLowerCase().replace(/\s+/g, " ").replace(/[\s.!]+$/, "").trim();
}
const factsIn = (memory: string) => memory.split("\n").flatMap((line) => (factOf(line) ? [factOf(line)?.text ?? ""] : []));

describe("capText (TODO 1)", () => {
  const text = Array.from({ length: 10 }, (_, i) => `line ${String.fromCharCode(97 + i)} of the file, twenty+`).join("\n") + "\n";

  it("returns a short text whole, with nothing omitted", () => {
    const capped = capText("- short\n", 100, "start");
    expect(capped, say(`capText("- short\\n", 100, "start") should return the text unchanged with omitted 0 (TODO 1 in ${LOADER}).`, `capText("- short\\n", 100, "start") должна вернуть текст без изменений и omitted 0 (TODO 1 в ${LOADER}).`)).toEqual({
      text: "- short\n",
      omitted: 0,
    });
  });

  it('keep "start": the beginning, at most maxChars, cut at a line break, and the count left out', () => {
    const capped = capText(text, 100, "start");
    expect(capped.text.length, say(`capText(text of ${text.length}, 100, "start") kept ${capped.text.length} characters; the cap is 100.`, `capText(текст из ${text.length}, 100, "start") оставила ${capped.text.length} символов; предел — 100.`)).toBeLessThanOrEqual(100);
    expect(text.startsWith(capped.text), say('With keep "start" the kept text must be the beginning of the original, unchanged.', 'При keep "start" оставленный текст должен быть началом исходного, без изменений.')).toBe(true);
    expect(
      capped.text.endsWith("\n"),
      say(`The kept text ends in the middle of a line: ${JSON.stringify(capped.text.slice(-20))}. Cut back to the last line break ` +
        "inside the cap, so no fact is cut in half.", `Оставленный текст кончается посреди строки: ${JSON.stringify(capped.text.slice(-20))}. Отступите до последнего перевода строки ` +
        "внутри предела, чтобы ни один факт не разрезался пополам."),
    ).toBe(true);
    expect(capped.text.length, say("Cutting at a line break should keep every whole line that fits (here 3 lines), not fewer.", "Разрез по переводу строки должен оставить каждую целую строку, которая помещается (здесь 3 строки), не меньше.")).toBeGreaterThan(60);
    expect(capped.omitted, say(`omitted should be the number of characters left out: ${text.length} - ${capped.text.length}.`, `omitted должно быть числом не вошедших символов: ${text.length} - ${capped.text.length}.`)).toBe(
      text.length - capped.text.length,
    );
  });

  it('keep "end": the ending (MEMORY.md\'s newest facts), cut at a line break', () => {
    const capped = capText(text, 100, "end");
    expect(capped.text.length, say(`capText(text, 100, "end") kept ${capped.text.length} characters; the cap is 100.`, `capText(text, 100, "end") оставила ${capped.text.length} символов; предел — 100.`)).toBeLessThanOrEqual(100);
    expect(
      text.endsWith(capped.text),
      say('With keep "end" the kept text must be the END of the original: MEMORY.md grows at the bottom, so keeping the ' +
        "start would drop the newest facts, the ones the user just asked you to remember.", 'При keep "end" оставленный текст должен быть КОНЦОМ исходного: MEMORY.md растёт снизу, так что, оставив ' +
        "начало, вы выбросите самые новые факты, те, что пользователь только что просил запомнить."),
    ).toBe(true);
    const before = text[text.length - capped.text.length - 1];
    expect(before, say("The kept ending starts in the middle of a line. Skip forward past the first line break, so it starts with a whole line.", "Оставленный конец начинается посреди строки. Пропустите всё до первого перевода строки, чтобы он начинался с целой строки.")).toBe("\n");
    expect(capped.omitted, say(`omitted should be ${text.length} - ${capped.text.length}.`, `omitted должно быть ${text.length} - ${capped.text.length}.`)).toBe(text.length - capped.text.length);
  });

  it("returns a text of exactly maxChars characters whole", { tags: "hard" }, () => {
    const exact = "- a fact\n- b fact\n";
    expect(capText(exact, exact.length, "end"), say(`A text of exactly maxChars (${exact.length}) characters fits: at most means <=.`, `Текст ровно в maxChars (${exact.length}) символов помещается: «не больше» значит <=.`)).toEqual({
      text: exact,
      omitted: 0,
    });
  });

  it("keeps the whole line when the cut falls just after a line break", { tags: "hard" }, () => {
    const text = "aaaa\nbbbb\n";
    expect(
      capText(text, 5, "start"),
      say('capText("aaaa\\nbbbb\\n", 5, "start"): the first 5 characters are exactly "aaaa\\n", a whole line. Keep it.', 'capText("aaaa\\nbbbb\\n", 5, "start"): первые 5 символов — ровно "aaaa\\n", целая строка. Оставьте её.'),
    ).toEqual({ text: "aaaa\n", omitted: 5 });
    expect(
      capText(text, 5, "end"),
      say('capText("aaaa\\nbbbb\\n", 5, "end"): the last 5 characters, "bbbb\\n", start right after a line break, so they are a ' +
        "whole line: keep them. Always skipping to the first \\n of the kept part drops MEMORY.md's newest fact.", 'capText("aaaa\\nbbbb\\n", 5, "end"): последние 5 символов, "bbbb\\n", начинаются сразу после перевода строки, так что это ' +
        "целая строка: оставьте её. Если всегда пропускать до первого \\n оставленной части, пропадёт самый новый факт MEMORY.md."),
    ).toEqual({ text: "bbbb\n", omitted: 5 });
  });

  it('keep "end": starts at the first whole line that fits, and keeps a line that starts right at the cut', { tags: "hard" }, () => {
    expect(
      capText("aaaa\nbb\ncc\n", 6, "end"),
      say('capText("aaaa\\nbb\\ncc\\n", 6, "end"): the last 6 characters are "bb\\ncc\\n" and the character before them is a line ' +
        'break, so "bb" is a whole line: keep it. Skipping to the first \\n of the kept part would drop it.', 'capText("aaaa\\nbb\\ncc\\n", 6, "end"): последние 6 символов — "bb\\ncc\\n", а символ перед ними — перевод ' +
        'строки, так что "bb" — целая строка: оставьте её. Пропуск до первого \\n оставленной части её бы выбросил.'),
    ).toEqual({ text: "bb\ncc\n", omitted: 5 });
    expect(
      capText("aaaa\nbbbb", 5, "end"),
      say('capText("aaaa\\nbbbb", 5, "end"): the last 5 characters are "\\nbbbb"; the whole line that fits is "bbbb".', 'capText("aaaa\\nbbbb", 5, "end"): последние 5 символов — "\\nbbbb"; целая строка, которая помещается, — "bbbb".'),
    ).toEqual({ text: "bbbb", omitted: 5 });
    expect(
      capText("aaaa\nbbbbbbbbbb\n", 6, "end"),
      say('capText("aaaa\\nbbbbbbbbbb\\n", 6, "end"): the last line alone is longer than the cap, so cut it at exactly 6 ' +
        'characters ("bbbbb\\n"). Skipping past its final \\n would keep nothing at all.', 'capText("aaaa\\nbbbbbbbbbb\\n", 6, "end"): одна последняя строка длиннее предела, так что режьте её ровно по 6 ' +
        'символам ("bbbbb\\n"). Пропуск до её последнего \\n не оставил бы ничего.'),
    ).toEqual({ text: "bbbbb\n", omitted: 10 });
  });

  it("cuts a single line longer than the cap to the cap (neither dropped nor kept whole)", { tags: "hard" }, () => {
    const long = "x".repeat(500);
    for (const keep of ["start", "end"] as const) {
      const capped = capText(long, 100, keep);
      expect(
        capped.text.length,
        say(`capText of one 500-character line with cap 100 and keep "${keep}" kept ${capped.text.length} characters: ` +
          "with no line break to cut at, cut at exactly the cap.", `capText одной строки в 500 символов с пределом 100 и keep "${keep}" оставила ${capped.text.length} символов: ` +
          "когда резать по переводу строки негде, режьте ровно по пределу."),
      ).toBe(100);
      expect(capped.omitted).toBe(400);
    }
  });
});

describe("loadMemory (TODO 2)", () => {
  it("puts the preamble first, then SOUL.md, USER.md and MEMORY.md, each in its block", async () => {
    await write("SOUL.md", "# Soul\n- You are brief.\n");
    await write("USER.md", "# User\n- name: Alex\n");
    await write("MEMORY.md", "# Memory\n- The user lives in Lisbon (2026-04-01)\n");
    const prompt = await loadMemory(dir);
    expect(
      prompt.startsWith(MEMORY_PREAMBLE),
      say(`The prompt should start with MEMORY_PREAMBLE: it tells the model that what follows is data written earlier, not ` +
        `orders. It starts with: ${JSON.stringify(prompt.slice(0, 80))} (TODO 2 in ${LOADER}).`, `Промпт должен начинаться с MEMORY_PREAMBLE: она говорит модели, что дальше идут данные, записанные раньше, а не ` +
        `приказы. Он начинается с: ${JSON.stringify(prompt.slice(0, 80))} (TODO 2 в ${LOADER}).`),
    ).toBe(true);
    for (const [name, line] of [["SOUL.md", "- You are brief."], ["USER.md", "- name: Alex"], ["MEMORY.md", "- The user lives in Lisbon (2026-04-01)"]]) {
      expect(
        blockOf(prompt, name ?? ""),
        say(`There should be a block memoryFileBlock(file, body) for ${name} holding its text; build one per entry of MEMORY_FILES.`, `Для ${name} должен быть блок memoryFileBlock(file, body) с его текстом; стройте по одному на каждую запись MEMORY_FILES.`),
      ).toContain(line);
    }
    expect(
      prompt.startsWith(`${MEMORY_PREAMBLE}\n\n<memory_file name="SOUL.md"`) && prompt.split("\n\n<memory_file ").length === 4,
      say("The prompt should be MEMORY_PREAMBLE and the three blocks, joined with blank lines (\"\\n\\n\"), nothing else between them. " +
        `It starts: ${JSON.stringify(prompt.slice(MEMORY_PREAMBLE.length, MEMORY_PREAMBLE.length + 60))}`, "Промпт должен состоять из MEMORY_PREAMBLE и трёх блоков через пустые строки (\"\\n\\n\"), и ничего больше между ними. " +
        `Начало: ${JSON.stringify(prompt.slice(MEMORY_PREAMBLE.length, MEMORY_PREAMBLE.length + 60))}`),
    ).toBe(true);
    const order = ["SOUL.md", "USER.md", "MEMORY.md"].map((name) => prompt.indexOf(`name="${name}"`));
    expect(order, say("The blocks should come in the order of MEMORY_FILES: SOUL.md, USER.md, MEMORY.md.", "Блоки должны идти в порядке MEMORY_FILES: SOUL.md, USER.md, MEMORY.md.")).toEqual([...order].sort((a, b) => a - b));
  });

  it("loads a file under the cap as it is, without a note", async () => {
    await write("USER.md", "  - indented: kept as written\n- язык: русский\n");
    const block = blockOf(await loadMemory(dir), "USER.md");
    expect(
      block,
      say("USER.md is far under the cap: its block should be its text as it is (a final newline may go), with no note and nothing " +
        `trimmed from its start. Got: ${JSON.stringify(block)}`, "USER.md намного меньше предела: его блок должен быть его текстом как есть (последний перевод строки может уйти), без пометки и " +
        `без обрезки в начале. Получено: ${JSON.stringify(block)}`),
    ).toBe("  - indented: kept as written\n- язык: русский");
  });

  it("caps by characters, not bytes: a Russian file under the cap loads whole", { tags: "hard" }, async () => {
    const russian = "- Пользователь любит короткие ответы\n".repeat(40).trimEnd(); // about 1500 characters, 2700 bytes
    await write("MEMORY.md", `${russian}\n`);
    const block = blockOf(await loadMemory(dir, { maxCharsPerFile: 2000 }), "MEMORY.md");
    expect(
      block,
      say(`MEMORY.md has ${russian.length + 1} characters (${Buffer.byteLength(russian) + 1} bytes in UTF-8) under a 2000-character cap, and ` +
        `was cut: a Cyrillic letter is one character but two bytes. Count text.length, not Buffer.byteLength (TODO 1 in ${LOADER}).`, `В MEMORY.md ${russian.length + 1} символов (${Buffer.byteLength(russian) + 1} байт в UTF-8) при пределе 2000 символов, и ` +
        `его обрезали: кириллическая буква — один символ, но два байта. Считайте text.length, а не Buffer.byteLength (TODO 1 в ${LOADER}).`),
    ).toBe(russian);
  });

  it("does not crash when the folder or a file is missing (a first run)", async () => {
    const { value: prompt, error } = await attempt(() => loadMemory(path.join(dir, "not-created-yet")));
    expect(
      error?.message,
      say(`loadMemory crashed on a folder with no files: "${error?.message}". A missing file is normal on the first run ` +
        `(or after a person deletes one): catch the error, check isMissing(error), and use MISSING_FILE_NOTE as that ` +
        `file's body (TODO 2 in ${LOADER}).`, `loadMemory упала на папке без файлов: "${error?.message}". Отсутствующий файл — это нормально при первом запуске ` +
        `(или после того, как человек его удалил): перехватите ошибку, проверьте isMissing(error) и возьмите MISSING_FILE_NOTE ` +
        `как содержимое этого файла (TODO 2 в ${LOADER}).`),
    ).toBeUndefined();
    for (const name of ["SOUL.md", "USER.md", "MEMORY.md"]) {
      expect(blockOf(prompt ?? "", name), say(`With no ${name}, its block should say MISSING_FILE_NOTE ("${MISSING_FILE_NOTE}"), so the model knows it is empty.`, `Когда ${name} нет, его блок должен говорить MISSING_FILE_NOTE ("${MISSING_FILE_NOTE}"), чтобы модель знала, что он пуст.`)).toBe(
        MISSING_FILE_NOTE,
      );
    }
  });

  it("still loads the files that exist when another is missing", async () => {
    await write("MEMORY.md", "# Memory\n- The user lives in Lisbon (2026-04-01)\n");
    const { value: prompt, error } = await attempt(() => loadMemory(dir));
    expect(error?.message, say(`loadMemory crashed because SOUL.md and USER.md do not exist: "${error?.message}". Skip a missing file; load the others.`, `loadMemory упала, потому что SOUL.md и USER.md нет: "${error?.message}". Пропустите отсутствующий файл; загрузите остальные.`)).toBeUndefined();
    expect(blockOf(prompt ?? "", "MEMORY.md"), say("MEMORY.md exists and should be loaded even though SOUL.md and USER.md are missing.", "MEMORY.md есть, и его нужно загрузить, хотя SOUL.md и USER.md нет.")).toContain(
      "The user lives in Lisbon",
    );
  });

  it("says a file could not be read (EACCES, EIO) instead of calling it missing, and loads the rest", { tags: "hard" }, async () => {
    await write("SOUL.md", "# Soul\n- You are brief.\n");
    await write("USER.md", "# Пользователь\n- имя: Саша\n");
    await write("MEMORY.md", "# Memory\n- The user lives in Lisbon (2026-04-01)\n");
    for (const [name, code] of [["SOUL.md", "EACCES"], ["MEMORY.md", "EIO"]] as const) {
      const { value: prompt, error } = await attempt(() => loadMemory(dir, { files: failingRead(name, code) }));
      expect(error?.message, say(`loadMemory crashed because ${name} could not be read (${code}): note it in its block and load the other files (TODO 2 in ${LOADER}).`, `loadMemory упала, потому что ${name} не читается (${code}): скажите об этом в его блоке и загрузите остальные файлы (TODO 2 в ${LOADER}).`)).toBeUndefined();
      const block = blockOf(prompt ?? "", name) ?? "";
      expect(
        block,
        say(`${name} exists but could not be read (${code}), and its block says "${MISSING_FILE_NOTE}". That is not true: the model ` +
          `would tell the user it knows nothing, and a person would not look for the real problem. Only isMissing(error) means missing.`, `${name} есть, но не читается (${code}), а его блок говорит "${MISSING_FILE_NOTE}". Это неправда: модель ` +
          `скажет пользователю, что ничего не знает, а человек не станет искать настоящую проблему. Отсутствие означает только isMissing(error).`),
      ).not.toBe(MISSING_FILE_NOTE);
      expect(
        /could not be read/i.test(block) && block.includes(code),
        say(`${name}'s block should say "(could not be read: ${code}, <message>)". It is: ${JSON.stringify(block)}`, `Блок ${name} должен говорить "(could not be read: ${code}, <message>)". Сейчас он: ${JSON.stringify(block)}`),
      ).toBe(true);
      expect(blockOf(prompt ?? "", "USER.md"), say("USER.md could be read, so it should load, Cyrillic text as it is.", "USER.md читается, так что он должен загрузиться, кириллица — как есть.")).toContain("- имя: Саша");
    }
  });

  it("caps an oversized SOUL.md, keeps its start, and says how much was left out", async () => {
    const soul = "# Soul\n" + letterLines(400, "You are brief and friendly, and you answer in the user's language.");
    await write("SOUL.md", soul);
    const prompt = await loadMemory(dir, { maxCharsPerFile: 1000 });
    const block = blockOf(prompt, "SOUL.md") ?? "";
    expect(
      block.length,
      say(`SOUL.md has ${soul.length} characters and the cap is 1000, but its block holds ${block.length}: cap every file with ` +
        `capText(text, maxChars, file.keep) (TODO 2 in ${LOADER}). Everything you load is paid for in every request.`, `В SOUL.md ${soul.length} символов, предел — 1000, а в его блоке ${block.length}: ограничивайте каждый файл через ` +
        `capText(text, maxChars, file.keep) (TODO 2 в ${LOADER}). За всё, что вы загружаете, платят в каждом запросе.`),
    ).toBeLessThan(1400);
    expect(block.startsWith("# Soul"), say('SOUL.md is capped with keep "start": its block should begin with the file\'s first line.', 'SOUL.md ограничивается с keep "start": его блок должен начинаться с первой строки файла.')).toBe(true);
    const omitted = capText(soul, 1000, "start").omitted;
    expect(
      mentionsNumber(block.split("\n").at(-1) ?? "", omitted),
      say(`For SOUL.md (keep "start") the note goes AFTER the text, as its last line. The block ends: ${JSON.stringify(block.slice(-120))}`, `Для SOUL.md (keep "start") пометка идёт ПОСЛЕ текста, последней строкой. Конец блока: ${JSON.stringify(block.slice(-120))}`),
    ).toBe(true);
    expect(
      mentionsNumber(block, omitted),
      say(`SOUL.md was cut silently: ${omitted} characters are missing and the block does not say so. Add a note to the body ` +
        `that names the file and the count, e.g. "[${omitted} characters of SOUL.md were not loaded: over the 1000-character cap]". ` +
        `A cut nobody mentions makes the model believe it sees everything. The block ends: ${JSON.stringify(block.slice(-120))}`, `SOUL.md обрезан молча: не хватает ${omitted} символов, а блок об этом молчит. Добавьте к содержимому пометку, ` +
        `которая называет файл и число, например "[${omitted} characters of SOUL.md were not loaded: over the 1000-character cap]". ` +
        `Из-за обрезки, о которой никто не сказал, модель думает, что видит всё. Конец блока: ${JSON.stringify(block.slice(-120))}`),
    ).toBe(true);
  });

  it("caps an oversized MEMORY.md by keeping its newest facts, with a note", async () => {
    const memory =
      "# Memory\n- The oldest fact is about apples\n" + letterLines(300, "A filler fact about the weather in spring") + "- The newest fact is about zebras\n";
    await write("MEMORY.md", memory);
    const prompt = await loadMemory(dir, { maxCharsPerFile: 1000 });
    const block = blockOf(prompt, "MEMORY.md") ?? "";
    expect(block.length, say(`MEMORY.md (${memory.length} characters) should be capped at about 1000; its block holds ${block.length}.`, `MEMORY.md (${memory.length} символов) нужно ограничить примерно 1000; в его блоке ${block.length}.`)).toBeLessThan(1400);
    expect(
      block,
      say('MEMORY.md lost its newest fact. Its entry in MEMORY_FILES says keep: "end": new facts are appended at the bottom, ' +
        "so a cap that keeps the start forgets exactly what the user asked you to remember last. Pass file.keep to capText.", 'MEMORY.md потерял самый новый факт. Его запись в MEMORY_FILES говорит keep: "end": новые факты дописываются снизу, ' +
        "так что предел, который оставляет начало, забывает как раз то, что пользователь просил запомнить последним. Передайте file.keep в capText."),
    ).toContain("zebras");
    expect(block, say("The oldest facts of an oversized MEMORY.md are the ones to leave out.", "У слишком большого MEMORY.md выбрасывать нужно самые старые факты.")).not.toContain("apples");
    const omitted = capText(memory, 1000, "end").omitted;
    expect(
      mentionsNumber(block.split("\n")[0] ?? "", omitted),
      say(`For MEMORY.md (keep "end") the note goes BEFORE the text, as its first line, where the missing part was. The block starts: ${JSON.stringify(block.slice(0, 120))}`, `Для MEMORY.md (keep "end") пометка идёт ПЕРЕД текстом, первой строкой, там, где была отрезанная часть. Начало блока: ${JSON.stringify(block.slice(0, 120))}`),
    ).toBe(true);
    expect(mentionsNumber(block, omitted), say(`MEMORY.md was cut silently: add a note naming the file and the ${omitted} characters left out.`, `MEMORY.md обрезан молча: добавьте пометку, которая называет файл и ${omitted} не вошедших символов.`)).toBe(true);
  });
});

describe("normalizeFact (TODO 3)", () => {
  it("lower-cases and squeezes spaces, tabs and newlines", () => {
    expect(
      normalizeFact("  The USER  prefers\treports\nin EUR "),
      say(`normalizeFact should lower-case the fact, turn every run of whitespace into one space and trim the ends (TODO 3 in ${REMEMBER}).`, `normalizeFact должна привести факт к нижнему регистру, превратить каждую серию пробельных символов в один пробел и обрезать края (TODO 3 в ${REMEMBER}).`),
    ).toBe("the user prefers reports in eur");
  });

  it("lower-cases Cyrillic too, and drops a final full stop or exclamation mark", () => {
    expect(normalizeFact("ПОЛЬЗОВАТЕЛЬ  Любит Кошек"), say("Case folding is not only A-Z: Cyrillic capitals must become lower case too.", "Нижний регистр — это не только A-Z: заглавные кириллические буквы тоже должны стать строчными.")).toBe(
      "пользователь любит кошек",
    );
    expect(normalizeFact("The user likes cats."), say('A final "." does not make it another fact.', 'Точка "." в конце не делает его другим фактом.')).toBe("the user likes cats");
    expect(normalizeFact("The user likes cats!"), say('A final "!" does not make it another fact.', 'Знак "!" в конце не делает его другим фактом.')).toBe("the user likes cats");
    expect(normalizeFact("The user likes cats . "), say('A final " . " with spaces around it goes too.', 'Конечное " . " с пробелами вокруг тоже уходит.')).toBe("the user likes cats");
    expect(normalizeFact("Dr. Smith is the user's doctor"), say('Only a FINAL full stop goes: "Dr." inside the fact stays.', 'Уходит только ПОСЛЕДНЯЯ точка: "Dr." внутри факта остаётся.')).toBe("dr. smith is the user's doctor");
  });

  it("squeezes every kind of whitespace: a no-break space, a carriage return, a tab", { tags: "hard" }, () => {
    for (const fact of ["The user\u00a0likes cats", "The user\r\nlikes cats", "The user \u2009likes\tcats"]) {
      expect(
        normalizeFact(fact),
        say(`normalizeFact(${JSON.stringify(fact)}): "every run of whitespace" includes the no-break space phones insert (U+00A0), \\r ` +
          `from Windows and thin spaces; /\\s+/ matches them all, a list of " \\t\\n" does not (TODO 3 in ${REMEMBER}).`, `normalizeFact(${JSON.stringify(fact)}): «каждая серия пробельных символов» включает неразрывный пробел, который вставляют телефоны (U+00A0), \\r ` +
          `из Windows и тонкие пробелы; /\\s+/ находит их все, а список " \\t\\n" — нет (TODO 3 в ${REMEMBER}).`),
      ).toBe("the user likes cats");
    }
  });

  it("treats a letter typed as two code points (и + combining breve) as the same letter (NFC)", { tags: "hard" }, () => {
    const composed = "Мой город Йошкар-Ола";
    const decomposed = composed.normalize("NFD");
    expect(decomposed === composed, say("(the test's two spellings differ in code points)", "(два написания в тесте различаются кодовыми точками)")).toBe(false);
    expect(
      normalizeFact(decomposed),
      say('"й" can arrive as one code point or as "и" followed by U+0306 (a combining breve); they look the same and are the same ' +
        'letter. Normalise with fact.normalize("NFC") first, or the same fact is stored twice.', '"й" может прийти одной кодовой точкой или как "и" с U+0306 (комбинируемая бреве); выглядят они одинаково и это одна ' +
        'буква. Сначала нормализуйте через fact.normalize("NFC"), иначе один и тот же факт сохранится дважды.'),
    ).toBe(normalizeFact(composed));
  });
});

describe("remember (TODO 4)", () => {
  it("creates MEMORY.md with the fact as a dated bullet", async () => {
    const memoryDir = path.join(dir, "memory");
    const result = await remember(memoryDir, "The user lives in Lisbon", { today });
    const file = await fs.readFile(path.join(memoryDir, "MEMORY.md"), "utf8").catch(() => undefined);
    expect(file, say(`remember should create ${path.join("memory", "MEMORY.md")} (and its folder: files.mkdir) when it does not exist yet (TODO 4 in ${REMEMBER}).`, `remember должна создать ${path.join("memory", "MEMORY.md")} (и его папку: files.mkdir), когда его ещё нет (TODO 4 в ${REMEMBER}).`)).toBeDefined();
    expect(file, say(`MEMORY.md should contain the line bulletFor(fact, today()): "- The user lives in Lisbon (${TODAY})". It is:\n${file}`, `В MEMORY.md должна быть строка bulletFor(fact, today()): "- The user lives in Lisbon (${TODAY})". Сейчас он: ${JSON.stringify(file)}`)).toContain(
      `- The user lives in Lisbon (${TODAY})\n`,
    );
    expect(file, say(`A new MEMORY.md starts with MEMORY_HEADER, then the bullet. It is:\n${file}`, `Новый MEMORY.md начинается с MEMORY_HEADER, потом пункт. Сейчас он: ${JSON.stringify(file)}`)).toBe(`${MEMORY_HEADER}- The user lives in Lisbon (${TODAY})\n`);
    expect(result, say(`remember's result goes to the model: say what was saved. It returned: ${JSON.stringify(result)}`, `Результат remember уходит модели: скажите, что сохранено. Она вернула: ${JSON.stringify(result)}`)).toContain("The user lives in Lisbon");
    expect(result, say('A new fact was saved, so the result must not say "already".', 'Сохранён новый факт, так что результат не должен говорить "already".')).not.toMatch(/already/i);
  });

  it("keeps everything already in MEMORY.md and adds the new bullet at the end, on its own line", async () => {
    const old = "# Memory\n\nWritten by hand: keep this line.\n- The user lives in Lisbon (2026-04-01)\n- The user likes cats (2026-04-02)";
    await write("MEMORY.md", old);
    await remember(dir, "The user drinks tea", { today });
    const now = await read("MEMORY.md");
    expect(
      now.startsWith(old),
      say(`remember replaced or changed what was in MEMORY.md. Read the file first and write back ALL of it plus the new bullet. ` +
        `Before:\n${old}\nAfter:\n${now}`, `remember заменила или изменила то, что было в MEMORY.md. Сначала прочитайте файл и запишите обратно ВСЁ плюс новый пункт. ` +
        `До: ${JSON.stringify(old)}\nПосле: ${JSON.stringify(now)}`),
    ).toBe(true);
    expect(
      now.split("\n").map((line) => line.trim()),
      say('The new fact should be a line of its own. The old file did not end with a newline, so add "\\n" before the new ' +
        `bullet when it is missing; otherwise it is glued to the last fact. The file is now:\n${now}`, 'Новый факт должен быть отдельной строкой. Старый файл не кончался переводом строки, так что добавьте "\\n" перед новым ' +
        `пунктом, когда его нет; иначе пункт прилипнет к последнему факту. Файл сейчас: ${JSON.stringify(now)}`),
    ).toContain(`- The user drinks tea (${TODAY})`);
  });

  it("adds the bullet right after the last line when the file ends with a newline (no blank line)", { tags: "hard" }, async () => {
    const old = "# Memory\n- The user lives in Lisbon (2026-04-01)\n";
    await write("MEMORY.md", old);
    await remember(dir, "The user drinks tea", { today });
    expect(await read("MEMORY.md"), say("The file already ended with a newline: append the bullet and its newline, nothing more.", "Файл уже кончался переводом строки: допишите пункт и его перевод строки, и ничего больше.")).toBe(
      `${old}- The user drinks tea (${TODAY})\n`,
    );
  });

  it("stores a fact with line breaks in it as one line", { tags: "hard" }, async () => {
    await remember(dir, "The user  likes \n cats\n- and this is not a second fact", { today });
    const lines = (await read("MEMORY.md")).split("\n").filter((line) => line.startsWith("- "));
    expect(
      lines,
      say("A fact is one bullet. Squeeze its whitespace (newlines too) into single spaces before saving, or a fact could pose " +
        "as several facts or as a heading.", "Факт — это один пункт. Перед сохранением сожмите его пробельные символы (и переводы строк) в одиночные пробелы, иначе факт " +
        "может выдать себя за несколько фактов или за заголовок."),
    ).toEqual([`- The user likes cats - and this is not a second fact (${TODAY})`]);
  });

  it("does not store the same fact twice, and says it was already known", async () => {
    await remember(dir, "The user likes cats", { today });
    const second = await remember(dir, "The user likes cats", { today });
    const count = (await read("MEMORY.md")).split("The user likes cats").length - 1;
    expect(count, say(`After remembering the same fact twice, MEMORY.md holds it ${count} times. Check the existing facts first (TODO 4 in ${REMEMBER}).`, `После двух запоминаний одного факта MEMORY.md содержит его ${count} раз(а). Сначала проверьте уже записанные факты (TODO 4 в ${REMEMBER}).`)).toBe(1);
    expect(second, say(`The second call should tell the model the fact was "already" known; it returned ${JSON.stringify(second)}.`, `Второй вызов должен сказать модели, что факт "already" известен; он вернул ${JSON.stringify(second)}.`)).toMatch(/already/i);
  });

  it("treats a fact that differs only in case and spaces as the same fact", async () => {
    const old = "# Memory\n- The user prefers reports in EUR (2026-05-01)\n";
    await write("MEMORY.md", old);
    const result = await remember(dir, "  the user PREFERS   reports in eur ", { today });
    expect(
      await read("MEMORY.md"),
      say('remember added "the user PREFERS   reports in eur" although MEMORY.md has "The user prefers reports in EUR": the ' +
        "duplicate check is case- or space-sensitive. Compare normalizeFact(new) with normalizeFact(factOf(line).text).", 'remember добавила "the user PREFERS   reports in eur", хотя в MEMORY.md есть "The user prefers reports in EUR": ' +
        "проверка на повтор чувствительна к регистру или пробелам. Сравнивайте normalizeFact(new) с normalizeFact(factOf(line).text)."),
    ).toBe(old);
    expect(result).toMatch(/already/i);
  });

  it("normalises the stored fact too, not only the new one: a stored final stop or capital is no new fact", async () => {
    const old = "# Memory\n- The user  likes cats. (2026-04-01)\n";
    await write("MEMORY.md", old);
    const result = await remember(dir, "the user likes cats", { today });
    expect(
      await read("MEMORY.md"),
      say('MEMORY.md holds "The user  likes cats." and remember added "the user likes cats" again: both sides of the comparison need ' +
        `normalizeFact, the stored fact (factOf(line).text) as well as the new one (TODO 4 in ${REMEMBER}).`, 'В MEMORY.md есть "The user  likes cats.", а remember снова добавила "the user likes cats": обеим сторонам сравнения нужна ' +
        `normalizeFact, и сохранённому факту (factOf(line).text), и новому (TODO 4 в ${REMEMBER}).`),
    ).toBe(old);
    expect(result).toMatch(/already/i);
  });

  it("recognises a fact saved on another day (compare facts, not whole lines)", async () => {
    const old = "# Memory\n- The user likes cats (2026-04-01)\n";
    await write("MEMORY.md", old);
    await remember(dir, "The user likes cats", { today });
    expect(
      await read("MEMORY.md"),
      say("The same fact was added again because it was saved on another date: the duplicate check compared whole lines, date " +
        "included. Take the fact out of each line with factOf(line) and compare only its text.", "Тот же факт добавлен снова, потому что был сохранён в другой день: проверка на повтор сравнивала целые строки вместе с " +
        "датой. Достаньте факт из каждой строки через factOf(line) и сравнивайте только его текст."),
    ).toBe(old);
  });

  it("refuses an empty fact with an error, and writes nothing", async () => {
    const { error } = await attempt(() => remember(dir, "   \n ", { today }));
    expect(error, say("remember(dir, '   ') should throw an Error whose message says what to send instead (the tool turns it into is_error for the model).", "remember(dir, '   ') должна бросить Error, чьё сообщение говорит, что прислать вместо этого (инструмент превратит его в is_error для модели).")).toBeDefined();
    expect(error?.message ?? "", say(`The error should say the fact is empty and what to send instead. Got: ${JSON.stringify(error?.message)}`, `Ошибка должна сказать, что факт пустой ("empty"), и что прислать вместо него. Получено: ${JSON.stringify(error?.message)}`)).toMatch(
      /empty/i,
    );
    expect(error?.message ?? "", say(`Say what to send instead (a fact, one short sentence). Got: ${JSON.stringify(error?.message)}`, `Скажите, что прислать вместо этого (факт, одно короткое предложение). Получено: ${JSON.stringify(error?.message)}`)).toMatch(/sentence|send/i);
    const exists = await fs.stat(path.join(dir, "MEMORY.md")).then(() => true, () => false);
    expect(exists, say("An empty fact must not create or change MEMORY.md.", "Пустой факт не должен создавать или менять MEMORY.md.")).toBe(false);
  });
});

describe("remember: Cyrillic, and files it must not overwrite (TODO 4)", { tags: "hard" }, () => {
  it("finds a Cyrillic duplicate that differs in case, spacing, a final full stop or NFC", async () => {
    const old = "# Memory\n- Пользователь живёт в Йошкар-Оле (2026-04-01)\n";
    await write("MEMORY.md", old);
    for (const variant of ["пользователь  ЖИВЁТ в йошкар-оле.", "Пользователь живёт в Йошкар-Оле".normalize("NFD")]) {
      const result = await remember(dir, variant, { today });
      expect(
        await read("MEMORY.md"),
        say(`remember added ${JSON.stringify(variant)} although MEMORY.md already has "Пользователь живёт в Йошкар-Оле": compare ` +
          "normalizeFact(new) with normalizeFact(factOf(line).text), and make normalizeFact handle Cyrillic case, a final '.', and NFC.", `remember добавила ${JSON.stringify(variant)}, хотя в MEMORY.md уже есть "Пользователь живёт в Йошкар-Оле": сравнивайте ` +
          "normalizeFact(new) с normalizeFact(factOf(line).text) и научите normalizeFact кириллическому регистру, конечной '.' и NFC."),
      ).toBe(old);
      expect(result).toMatch(/already/i);
    }
  });

  it("does not overwrite a MEMORY.md it could not read (EACCES, EIO): it throws, and the file keeps every fact", async () => {
    const old = "# Memory\n- The user lives in Lisbon (2026-04-01)\n- Пользователь любит кошек (2026-04-02)\n";
    await write("MEMORY.md", old);
    for (const code of ["EACCES", "EIO"]) {
      const { error } = await attempt(() => remember(dir, "The user drinks tea", { today, files: failingRead("MEMORY.md", code) }));
      expect(
        await read("MEMORY.md"),
        say(`Reading MEMORY.md failed with ${code}, and remember wrote a new MEMORY.md over it: every fact in it is gone. Only ` +
          `isMissing(error) (ENOENT) means "no file yet"; throw any other error again (TODO 4 in ${REMEMBER}).`, `Чтение MEMORY.md упало с ${code}, а remember записала поверх новый MEMORY.md: все факты в нём пропали. Только ` +
          `isMissing(error) (ENOENT) значит «файла ещё нет»; любую другую ошибку бросайте дальше (TODO 4 в ${REMEMBER}).`),
      ).toBe(old);
      expect(error, say(`remember should throw when MEMORY.md could not be read (${code}), so the model hears that nothing was saved.`, `remember должна бросить исключение, когда MEMORY.md не читается (${code}), чтобы модель узнала, что ничего не сохранено.`)).toBeDefined();
    }
  });

  it("refuses to rewrite a MEMORY.md that is not UTF-8, and says how to fix it", async () => {
    // "- Пользователь любит кошек" saved by a Windows editor in cp1251: one byte per Cyrillic letter.
    const cp1251 = Buffer.from([0x2d, 0x20, 0xcf, 0xee, 0xeb, 0xfc, 0xe7, 0xee, 0xe2, 0xe0, 0xf2, 0xe5, 0xeb, 0xfc, 0x20, 0xeb, 0xfe, 0xe1, 0xe8, 0xf2, 0x0a]);
    await fs.writeFile(path.join(dir, "MEMORY.md"), cp1251);
    const { error } = await attempt(() => remember(dir, "The user drinks tea", { today }));
    const after = await fs.readFile(path.join(dir, "MEMORY.md"));
    expect(
      after.equals(cp1251),
      say("MEMORY.md was in cp1251; read as UTF-8 its Russian letters became U+FFFD, and remember wrote those back: the Russian text " +
        'is destroyed. If the text read contains "\\uFFFD", throw instead of writing.', 'MEMORY.md был в cp1251; прочитанные как UTF-8, его русские буквы стали U+FFFD, и remember записала их обратно: русский текст ' +
        'уничтожен. Если в прочитанном тексте есть "\\uFFFD", бросайте исключение вместо записи.'),
    ).toBe(true);
    expect(error?.message ?? "", say(`The error should say the file is not (valid) UTF-8. Got: ${error?.message}`, `Ошибка должна сказать, что файл не в UTF-8 ("not UTF-8"). Получено: «${error?.message}»`)).toMatch(/not (valid )?utf-?8/i);
    expect(error?.message ?? "", say(`The error should say how to fix it: convert the file to UTF-8 (iconv). Got: ${error?.message}`, `Ошибка должна сказать, как это исправить: перекодировать файл в UTF-8 (iconv). Получено: «${error?.message}»`)).toMatch(/convert|iconv/i);
  });
});

describe("remember saves through the given writeFileAtomic (TODO 4)", () => {
  it("remember keeps MEMORY.md whole when its write crashes", async () => {
    const old = "# Memory\n- The user lives in Lisbon (2026-04-01)\n";
    await write("MEMORY.md", old);
    const { files, log } = recordingFiles(crashingWrite);
    const { error } = await attempt(() => remember(dir, "The user likes cats", { today, files }));
    expect(log.writes.length, say("remember never called options.files.writeFile: pass `files` on to writeFileAtomic(file, text, files).", "remember ни разу не вызвала options.files.writeFile: передайте `files` дальше в writeFileAtomic(file, text, files).")).toBeGreaterThan(0);
    expect(error, say("remember should throw when it could not save, so the model gets is_error and does not claim it remembered.", "remember должна бросить исключение, когда не смогла сохранить, чтобы модель получила is_error и не говорила, что запомнила.")).toBeDefined();
    expect(
      await read("MEMORY.md"),
      say("remember's failed write damaged MEMORY.md: save it with writeFileAtomic, never with files.writeFile on MEMORY.md itself.", "Неудачная запись remember испортила MEMORY.md: сохраняйте через writeFileAtomic, никогда через files.writeFile в сам MEMORY.md."),
    ).toBe(old);
  });
});

describe("remember, called many times at once (TODO 4)", { tags: "hard" }, () => {
  it("keeps every fact when ten calls run at the same time", async () => {
    await write("MEMORY.md", "# Memory\n- Written by hand (2026-01-01)\n");
    const facts = Array.from({ length: 10 }, (_, i) => `Fact number ${i} about the user`);
    const results = await Promise.all(facts.map((fact) => remember(dir, fact, { today, files: slowReads })));
    const memory = await read("MEMORY.md");
    const missing = facts.filter((fact) => !memory.includes(fact));
    expect(
      missing,
      say(`Ten remember calls ran at once and ${missing.length} facts are missing, although every call said: ${JSON.stringify(results[0])}. ` +
        "Each call read the old file before any wrote, and the last rename won. Do the read-check-write inside " +
        `serialize(path.resolve(file), ...) (TODO 4 in ${REMEMBER}).`, `Десять вызовов remember шли одновременно, и ${missing.length} фактов нет, хотя каждый вызов ответил: «${results[0]}». ` +
        "Каждый вызов прочитал старый файл до того, как кто-то записал, и победило последнее переименование. Делайте чтение, проверку и запись внутри " +
        `serialize(path.resolve(file), ...) (TODO 4 в ${REMEMBER}).`),
    ).toEqual([]);
    expect(memory, say("The fact written by hand must survive too.", "Факт, записанный вручную, тоже должен уцелеть.")).toContain("- Written by hand (2026-01-01)");
  });

  it("keeps both facts when the same folder is named two ways (relative and absolute)", async () => {
    const relative = path.relative(process.cwd(), dir);
    await Promise.all([
      remember(dir, "The user likes tea", { today, files: slowReads }),
      remember(relative, "The user likes coffee", { today, files: slowReads }),
    ]);
    const memory = await read("MEMORY.md");
    expect(
      memory.includes("The user likes tea") && memory.includes("The user likes coffee"),
      say(`"${relative}" and "${dir}" are the same folder, but the two calls were not queued together and one fact was lost. ` +
        `Use path.resolve(file) as the key of serialize. MEMORY.md is:\n${memory}`, `"${relative}" и "${dir}" — одна и та же папка, но два вызова не встали в одну очередь, и один факт пропал. ` +
        `Используйте path.resolve(file) как ключ serialize. MEMORY.md сейчас: ${JSON.stringify(memory)}`),
    ).toBe(true);
  });
});

describe("remember, for generated lists of facts: no fact is ever lost or stored twice (TODO 4)", { tags: "hard" }, () => {
  const word = fc.constantFrom("user", "likes", "Lisbon", "пользователь", "любит", "Йошкар-Олу", "кошек", "🐈", "🇵🇹", "tea", "EUR", "ёлка");
  const baseFact = fc.oneof(
    { weight: 5, arbitrary: fc.array(word, { minLength: 1, maxLength: 6 }).map((words) => words.join(" ")) },
    { weight: 1, arbitrary: fc.array(word, { minLength: 300, maxLength: 600 }).map((words) => words.join(" ")) },
  );
  // A repeat as a model might send it: other case, other spacing, a final full stop, NFD.
  const variant = (fact: string, how: number) =>
    [fact.toUpperCase(), `  ${fact.replace(/ /g, "   ")}  `, `${fact}.`, fact.normalize("NFD")][how % 4] ?? fact;
  const factList = fc
    .array(fc.tuple(baseFact, fc.nat(), fc.boolean()), { minLength: 1, maxLength: 8 })
    .map((items) => items.map(([fact, how, repeat], i) => (repeat && i > 0 ? variant(items[how % i]?.[0] ?? fact, how) : fact)));
  const before = "# Memory\n\nWritten by hand, keep this.\n- Пользователь живёт в Лиссабоне (2026-01-01)\n";

  async function check(facts: string[], memory: string, how: string, howRu: string): Promise<void> {
    expect(memory.startsWith(before), say(`${how}: what MEMORY.md held before was changed. Facts: ${JSON.stringify(facts)}`, `${howRu}: то, что было в MEMORY.md раньше, изменилось. Факты: ${JSON.stringify(facts)}`)).toBe(true);
    const stored = factsIn(memory).map(sameFact);
    for (const fact of [...facts, "Пользователь живёт в Лиссабоне"]) {
      const count = stored.filter((s) => s === sameFact(fact)).length;
      expect(count, say(`${how}: ${JSON.stringify(fact.slice(0, 80))} is in MEMORY.md ${count} times, not once. Facts: ${JSON.stringify(facts)}`, `${howRu}: ${JSON.stringify(fact.slice(0, 80))} встречается в MEMORY.md ${count} раз(а), а не один. Факты: ${JSON.stringify(facts)}`)).toBe(1);
    }
  }

  // A wrong answer fails in a few runs; shrinking its counterexample would write files run after run, past
  // the test's timeout, and the abandoned runs then wrote into the next test's folder (a core check failed
  // for an answer that did only the core). So the first failing list of facts is reported as it is.
  const runs = { seed: 42, numRuns: 40, endOnFailure: true };

  it("one call after another", async () => {
    const base = dir;
    await fc.assert(
      fc.asyncProperty(factList, async (facts) => {
        const folder = await fs.mkdtemp(path.join(base, "seq-"));
        await fs.writeFile(path.join(folder, "MEMORY.md"), before, "utf8");
        for (const fact of facts) await remember(folder, fact, { today });
        await check(facts, await fs.readFile(path.join(folder, "MEMORY.md"), "utf8"), "Remembered one by one", "Запомнено по одному");
      }),
      runs,
    );
  });

  it("all at once", async () => {
    const base = dir;
    await fc.assert(
      fc.asyncProperty(factList, async (facts) => {
        const folder = await fs.mkdtemp(path.join(base, "par-"));
        await fs.writeFile(path.join(folder, "MEMORY.md"), before, "utf8");
        await Promise.all(facts.map((fact) => remember(folder, fact, { today })));
        await check(facts, await fs.readFile(path.join(folder, "MEMORY.md"), "utf8"), "Remembered all at once", "Запомнено всё сразу");
      }),
      runs,
    );
  });
});

describe("two runs through the mock model: the second one knows what the first remembered (TODOs 2 and 4)", () => {
  // The lesson's agent in miniature: your loader builds the system prompt, your remember is the tool.
  function rememberTool(): Tool {
    return { ...createRememberTool(dir), run: (input) => remember(dir, String(input.fact), { today }) };
  }
  async function runWithMemory(client: Parameters<typeof runLoop>[0], task: string) {
    return runLoop(client, task, { system: await loadMemory(dir), tools: [rememberTool()] });
  }
  const systemOf = (request: { system?: unknown } | undefined) => (typeof request?.system === "string" ? request.system : JSON.stringify(request?.system ?? ""));

  it("run 1 remembers, run 2's system prompt contains the fact, once", async () => {
    const fact = "The user prefers reports in EUR";
    const first = createMockModel([reply.toolUse("remember", { fact }), reply.text("Saved: reports in EUR.")]);
    await runWithMemory(first.client, "Remember that I prefer reports in EUR");
    first.assertAllUsed();
    const saved = first.toolResults()[0];
    expect(saved?.is_error ?? false, say(`The remember tool failed when the model called it: ${resultText(saved)}`, `Инструмент remember упал, когда его вызвала модель: «${resultText(saved)}»`)).toBe(false);
    expect(systemOf(first.requests[0]), say("Before anything was remembered, the system prompt should not contain the fact.", "Пока ничего не запомнено, в системном промпте не должно быть этого факта.")).not.toContain(fact);

    // The same fact again, as a model might send it: no second copy.
    const again = createMockModel([reply.toolUse("remember", { fact: "the user prefers reports in EUR" }), reply.text("Already known.")]);
    await runWithMemory(again.client, "Remember that I prefer reports in EUR");

    const second = createMockModel([reply.text("500 USD = 460 EUR.")]);
    await runWithMemory(second.client, "Convert 500 USD for me and save a report");
    const system = systemOf(second.requests[0]);
    expect(
      system,
      say("The second run's system prompt does not contain the fact the first run remembered. remember must write " +
        "MEMORY.md in the folder it is given, and loadMemory must read MEMORY.md from that folder into the prompt.", "В системном промпте второго запуска нет факта, который запомнил первый. remember должна писать " +
        "MEMORY.md в ту папку, которую ей дали, а loadMemory — читать MEMORY.md из этой папки в промпт."),
    ).toContain(fact);
    expect(
      system.split(/the user prefers reports in eur/i).length - 1,
      say(`The fact appears more than once in the system prompt: it was stored twice. The prompt was:\n${system}`, `Факт встречается в системном промпте больше одного раза: он сохранён дважды. Промпт: ${JSON.stringify(system)}`),
    ).toBe(1);
  });
});

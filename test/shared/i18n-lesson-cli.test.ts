// npm run lesson's own lines in Russian: --record / --replay count requests with the right plural
// form and refuse from the catalogue; the usage text and the API advice keep every name the learner
// types. Pure functions, temp files only.

import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { openTape } from "../../shared/cli/record-replay-flags.ts";
import { firstSample } from "../../shared/cli/first-sample.ts";
import { en } from "../../shared/i18n/en.ts";
import { ru } from "../../shared/i18n/ru.ts";

const temp = mkdtempSync(path.join(os.tmpdir(), "course-i18n-tape-"));
afterAll(() => rmSync(temp, { recursive: true, force: true }));
afterEach(() => vi.unstubAllEnvs());

describe("the --record / --replay messages in Russian", () => {
  it.each([
    [1, "1 запрос с ответом"],
    [3, "3 запроса с ответами"],
    [5, "5 запросов с ответами"],
    [11, "11 запросов с ответами"],
    [21, "21 запрос с ответом"],
  ])("%i recorded exchanges read as «%s»", (count, words) => {
    expect(ru.tape.recorded(count, "runs/rate.json")).toBe(
      `Записано в runs/rate.json: ${words} (ключ и заголовок authorization не сохраняются). Воспроизвести: --replay runs/rate.json`,
    );
    expect(ru.tape.replaying("runs/rate.json", count, "Claude (claude-haiku-5-5)", "2026-11-29")).toContain(`'runs/rate.json': ${words}, записано 2026-11-29`);
  });

  it("keep every command and file name the learner types, as the English ones do", () => {
    for (const catalogue of [en, ru]) {
      expect(catalogue.tape.otherLesson("run.json", "02-agent-loop", "01-first-tool")).toContain("npm run lesson 02-agent-loop -- --replay run.json");
      expect(catalogue.tape.recorded(2, "run.json")).toContain("--replay run.json");
      expect(catalogue.tape.both).toMatch(/--record.*--replay/);
      expect(catalogue.tape.replayNoChat).toMatch(/--replay.*--chat/);
    }
  });

  it("a recording made offline names its source in English in the file, and in Russian on screen", () => {
    expect(en.tape.offlineSource).toBe("the offline demo model");
    expect(ru.tape.offlineSource).toBe("офлайн-демомодель");
  });

  // The language is chosen once per process, so this file only runs Russian through openTape; the
  // English wording is asserted by record-replay.test.ts (vitest sets COURSE_LANG=en).
  it("openTape refuses in the learner's language", () => {
    vi.stubEnv("COURSE_LANG", "ru");
    const file = path.join(temp, "run.json");
    expect(() => openTape({ record: file, replay: file, lesson: "02-agent-loop", chat: false })).toThrow(ru.tape.both);
    expect(() => openTape({ replay: file, lesson: "02-agent-loop", chat: true })).toThrow(ru.tape.replayNoChat);
  });
});

describe("npm run lesson's usage and API advice in Russian", () => {
  it("the usage names every option and placeholder the English one names", () => {
    const names = (text: string) => new Set(text.match(/--[a-z-]+|\$ANTHROPIC_MODEL|\b[A-Z]{2,}\b|claude-haiku-5-5|\b100\b/g));
    const english = en.lesson.usage("claude-haiku-5-5", 100);
    const russian = ru.lesson.usage("claude-haiku-5-5", 100);
    for (const name of names(english)) if (name !== "KB" && name !== "JSON" && name !== "US") expect(russian, name).toContain(name);
    expect(russian.split("\n")).toHaveLength(english.split("\n").length);
  });

  it("advice keeps the setting to check and the option to try", () => {
    expect(ru.lesson.notFound("claude-x")).toContain("'claude-x'");
    for (const text of [ru.lesson.unreachableFix, ru.lesson.overloaded]) expect(text).toContain("--offline");
    expect(ru.lesson.keyRefused).toContain("ANTHROPIC_API_KEY");
    expect(ru.lesson.unknownOption("-x")).toContain('npm run lesson N -- -- "-x ..."');
  });
});

describe("a task that cannot be used, in Russian", () => {
  it("sizes are grouped the Russian way and the way out is a command the learner can type", () => {
    const long = ru.lesson.taskTooLong(123456, 100000);
    expect(long).toContain("123 456 байт");
    expect(long).toContain("100 000");
    expect(long).toContain("npm run lesson N -- --task-file task.txt");
    expect(ru.lesson.taskFileTooBig("task.txt", 400000)).toContain("400 000 байт");
    expect(en.lesson.taskTooLong(123456, 100000)).toContain("123,456 bytes");
  });

  it("a missing file is named as missing, a folder as a folder, other errors by their code", () => {
    expect(ru.lesson.taskFileUnreadable("nope.txt", "ENOENT")).toBe("Не удаётся прочитать файл задачи nope.txt: такого файла нет.");
    expect(ru.lesson.taskFileUnreadable("dir", "EISDIR")).toBe("Не удаётся прочитать файл задачи dir: это папка; укажите файл в ней.");
    expect(ru.lesson.taskFileUnreadable("secret.txt", "EACCES")).toBe("Не удаётся прочитать файл задачи secret.txt (EACCES).");
    expect(ru.lesson.taskEmpty(ru.lesson.standardInput)).toContain("в стандартном вводе пуста");
  });
});

describe("a cut check message says how much is left, in Russian plural forms", () => {
  it.each([
    [1, "... (ещё 1 строка; --verbose покажет всё)"],
    [2, "... (ещё 2 строки; --verbose покажет всё)"],
    [7, "... (ещё 7 строк; --verbose покажет всё)"],
  ])("%i lines", (count, line) => {
    expect(ru.check.moreLines(count)).toBe(line);
  });
});

describe("npm run lesson N runs a sample task in the learner's language", () => {
  // Every lesson has a Russian sample: npm test runs each lesson in Russian and reads it for English.
  it("in Russian, the first sample written in Russian; in English, the first sample; none in Russian: the first", () => {
    const tasks = ["What is the USD to RUB rate?", "Сколько рублей за 1 евро?", "Ещё одна"];
    expect(firstSample(tasks, "ru")).toBe("Сколько рублей за 1 евро?");
    expect(firstSample(tasks, "en")).toBe("What is the USD to RUB rate?");
    expect(firstSample(["Only English"], "ru")).toBe("Only English");
  });
});

// The learner's language (shared/i18n/language.ts), the message catalogues (en.ts, ru.ts), the Russian
// plural forms, and the hints in the learner's language: pure functions, no processes. What the
// commands print in Russian is in workbench-output.test.ts.

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { pickHint, readHintsIn } from "../../shared/cli/hint.ts";
import { en } from "../../shared/i18n/en.ts";
import { chooseLanguage, courseEnv } from "../../shared/i18n/language.ts";
import { messages } from "../../shared/i18n/messages.ts";
import { pluralRu } from "../../shared/i18n/plural.ts";
import { ru } from "../../shared/i18n/ru.ts";
import { buildPlanContext, type MessagesRequest } from "../../shared/offline/plan-context.ts";
import { planTask } from "../../shared/offline/planner.ts";
import { skills } from "../../shared/offline/skills/index.ts";

const temp = mkdtempSync(path.join(os.tmpdir(), "course-i18n-"));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

describe("chooseLanguage: COURSE_LANG, else the locale, else English", () => {
  it.each([
    [{ COURSE_LANG: "ru" }, "ru"],
    [{ COURSE_LANG: " RU " }, "ru"],
    [{ COURSE_LANG: "en", LANG: "ru_RU.UTF-8" }, "en"],
    [{ COURSE_LANG: "ru", LANG: "en_US.UTF-8" }, "ru"],
    [{ LANG: "ru_RU.UTF-8" }, "ru"],
    [{ LANG: "ru" }, "ru"],
    [{ LANG: "en_US.UTF-8" }, "en"],
    [{ LANG: "C.UTF-8" }, "en"],
    [{ LC_ALL: "en_US.UTF-8", LANG: "ru_RU.UTF-8" }, "en"],
    [{ LC_ALL: "ru_RU.UTF-8", LANG: "en_US.UTF-8" }, "ru"],
    [{ LC_MESSAGES: "ru_RU.UTF-8", LANG: "en_US.UTF-8" }, "ru"],
    [{ LC_ALL: "", LC_MESSAGES: "ru_RU.UTF-8", LANG: "en_US.UTF-8" }, "ru"],
    [{ COURSE_LANG: "", LANG: "ru_RU.UTF-8" }, "ru"],
    [{ LANG: "rus" }, "ru"],
    [{ LANG: "uk_UA.UTF-8" }, "en"],
    [{ LANG: "en_RU.UTF-8" }, "en"],
    [{ LC_ALL: "  ", LANG: "ru_RU.UTF-8" }, "ru"],
    [{}, "en"],
  ])("%j -> %s", (env, lang) => {
    const choice = chooseLanguage(env);
    expect(choice.lang).toBe(lang);
    expect(choice.warning).toBeUndefined();
  });

  it("an unknown COURSE_LANG: English, and one warning line that names the allowed values", () => {
    for (const value of ["de", "russian", "ru_RU", "Русский"]) {
      const choice = chooseLanguage({ COURSE_LANG: value, LANG: "ru_RU.UTF-8" });
      expect(choice.lang).toBe("en");
      expect(choice.warning).toContain(JSON.stringify(value));
      expect(choice.warning).toContain("COURSE_LANG=en");
      expect(choice.warning).toContain("COURSE_LANG=ru");
      expect(choice.warning).not.toContain("\n");
    }
  });

  it("says what decided, for npm run doctor", () => {
    expect(chooseLanguage({ COURSE_LANG: "ru" }).from).toEqual({ setting: "COURSE_LANG", value: "ru" });
    expect(chooseLanguage({ LANG: "ru_RU.UTF-8" }).from).toEqual({ setting: "locale", value: "ru_RU.UTF-8" });
    expect(chooseLanguage({}).from).toEqual({ setting: "default", value: "" });
    expect(chooseLanguage({ COURSE_LANG: "de" }).from).toEqual({ setting: "COURSE_LANG", value: "de" });
  });
});

describe("courseEnv: COURSE_LANG from .env, the environment first", () => {
  const root = path.join(temp, "env-course");
  mkdirSync(root, { recursive: true });
  writeFileSync(path.join(root, ".env"), "ANTHROPIC_API_KEY=sk-ant-not-for-checks\n# the course in Russian\nCOURSE_LANG=ru\n");

  it("reads COURSE_LANG from .env when the environment has none, and nothing else from it", () => {
    const env = courseEnv(root, { LANG: "en_US.UTF-8" });
    expect(env.COURSE_LANG).toBe("ru");
    expect(env.ANTHROPIC_API_KEY).toBeUndefined();
    expect(chooseLanguage(env).lang).toBe("ru");
  });

  it("the environment's COURSE_LANG wins over .env; no .env is fine", () => {
    expect(courseEnv(root, { COURSE_LANG: "en" }).COURSE_LANG).toBe("en");
    expect(courseEnv(path.join(temp, "no-such-course"), { LANG: "ru_RU.UTF-8" })).toEqual({ LANG: "ru_RU.UTF-8" });
    const other = path.join(temp, "env-without-lang");
    mkdirSync(other, { recursive: true });
    writeFileSync(path.join(other, ".env"), "ANTHROPIC_MODEL=claude-haiku-5-5\n");
    expect(courseEnv(other, { LANG: "ru_RU.UTF-8" })).toEqual({ LANG: "ru_RU.UTF-8" });
  });
});

describe("pluralRu: 1 проверка, 2 проверки, 5 проверок", () => {
  it.each([
    [0, "проверок"],
    [1, "проверка"],
    [2, "проверки"],
    [4, "проверки"],
    [5, "проверок"],
    [11, "проверок"],
    [12, "проверок"],
    [14, "проверок"],
    [15, "проверок"],
    [21, "проверка"],
    [22, "проверки"],
    [25, "проверок"],
    [101, "проверка"],
    [111, "проверок"],
    [112, "проверок"],
    [1004, "проверки"],
  ])("%i %s", (n, form) => {
    expect(pluralRu(n, "проверка", "проверки", "проверок")).toBe(form);
  });
});

describe("the catalogues", () => {
  // Every message, called with sample arguments where it takes some, in both languages.
  function walk(tree: object, prefix = ""): Array<[string, unknown]> {
    return Object.entries(tree).flatMap(([key, value]) =>
      typeof value === "object" && value !== null && !Array.isArray(value) ? walk(value as object, `${prefix}${key}.`) : [[`${prefix}${key}`, value] as [string, unknown]],
    );
  }
  const summary = { turns: 2, toolCalls: 1, inputTokens: 540, outputTokens: 52, estimated: true, cost: "$0", seconds: "0.26" };
  // A message that takes a list (the graders' "calls", "problems") fails on a string; it gets lists.
  const sample = (key: string, fn: (...args: never[]) => unknown) => {
    const call = fn as (...args: unknown[]) => unknown;
    if (key.endsWith(".summary")) return call(summary);
    try {
      return call(...Array.from({ length: fn.length }, (_, i) => (i === 0 ? "01-first-tool" : 3)));
    } catch (error) {
      if (!(error instanceof TypeError)) throw error;
      return call(...Array.from({ length: fn.length }, () => ["get_exchange_rate", "calculate"]));
    }
  };

  it("ru has every message en has, and each one says something", () => {
    const english = walk(en);
    const russian = new Map(walk(ru));
    expect([...russian.keys()]).toEqual(english.map(([key]) => key));
    for (const [key, value] of russian) {
      const text = typeof value === "function" ? sample(key, value as () => unknown) : value;
      expect(text, key).toBeTruthy();
    }
  });

  it("the Russian verdicts read as Russian, with the plural forms right", () => {
    expect(ru.check.failedVerdict("01-first-tool")).toBe("✘ Упражнение 01-first-tool: ещё не готово.");
    expect(ru.check.count(1, 15)).toBe("1 из 15 проверок проходит.");
    expect(ru.check.count(2, 15)).toBe("2 из 15 проверок проходят.");
    expect(ru.check.count(0, 21)).toBe("0 из 21 проверки проходят.");
    expect(ru.check.count(21, 21)).toBe("21 из 21 проверки проходит.");
    expect(ru.check.passedVerdict(2, "03-saving-files")).toBe("✔ Все проверки пройдены (2 проверки). Упражнение 03-saving-files готово.");
    expect(ru.check.passedVerdict(15, "03-saving-files")).toContain("(15 проверок)");
    expect(ru.check.next("x")).toBe("Дальше: x");
    expect(ru.doctor.summary(1, 0, 1)).toBe("Всего 1 проверка: не прошло 0, предупреждений 1.");
    expect(ru.lesson.summary({ turns: 2, toolCalls: 1, inputTokens: 540, outputTokens: 52, estimated: true, cost: "$0 (офлайн)", seconds: "0.26" })).toBe(
      "ходов: 2 · вызовов инструментов: 1 · токенов: 540 на входе / 52 на выходе (оценка) · стоимость: $0 (офлайн) · время: 0,26 с",
    );
  });

  it("the English verdicts are the ones the tests and READMEs quote", () => {
    expect(en.check.failedVerdict("01-first-tool")).toBe("✘ Exercise 01-first-tool: not done yet.");
    expect(en.check.count(1, 15)).toBe("1 of 15 checks pass.");
    expect(en.approval.question("save_to_file")).toBe("  Run it? [y] yes  [n] no  [a] always allow save_to_file this session  (Enter = no): ");
  });

  it("messages(lang) picks the catalogue; the tests' environment speaks English", () => {
    expect(messages("ru")).toBe(ru);
    expect(messages("en")).toBe(en);
    expect(messages()).toBe(en);
  });

  it("a reset answered in Russian (д, да) means yes", () => {
    expect(ru.reset.yes).toEqual(expect.arrayContaining(["y", "yes", "д", "да"]));
    expect(en.reset.yes).not.toContain("да");
  });
});

describe("hints in the learner's language", () => {
  const root = path.join(temp, "hints-course");
  const dir = path.join(root, "exercises", "01-x");
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, "hints.md"), "## Hint 1 (TODO 1)\n\nNudge.\n\n## Hint 2 (TODOs 2 and 3)\n\nMore.\n\n## Hint 3 (TODO 3)\n\nNear.\n");

  it("no hints.ru.md: the English hints, saying which file is missing", () => {
    const { hints, fellBackFrom } = readHintsIn("01-x", "ru", root);
    expect(hints.map((h) => h.heading)).toEqual(["Hint 1 (TODO 1)", "Hint 2 (TODOs 2 and 3)", "Hint 3 (TODO 3)"]);
    expect(fellBackFrom).toBe("exercises/01-x/hints.ru.md");
    expect(readHintsIn("01-x", "en", root).fellBackFrom).toBeUndefined();
  });

  it("with hints.ru.md: its hints, and the failing TODO picks the same hint as in English", () => {
    writeFileSync(path.join(dir, "hints.ru.md"), "[English version](hints.md)\n\n## Подсказка 1 (TODO 1)\n\nНамёк.\n\n## Подсказка 2 (TODO 2 и 3)\n\nЕщё.\n\n## Подсказка 3 (TODO 3)\n\nПочти ответ.\n");
    const russian = readHintsIn("01-x", "ru", root);
    const english = readHintsIn("01-x", "en", root);
    expect(russian.fellBackFrom).toBeUndefined();
    expect(russian.hints.map((h) => h.todos)).toEqual([[1], [2, 3], [3]]);
    expect(russian.hints[1]!.text).toContain("Ещё.");
    for (const [seen, todos] of [[[], [3]], [[1], [3]], [[1, 2], [3]], [[], [2]], [[0], []]] as Array<[number[], number[]]>) {
      expect(pickHint(russian.hints, new Set(seen), todos)).toEqual(pickHint(english.hints, new Set(seen), todos));
    }
  });
});

describe("the offline model's \"I can't\" menu follows the learner's language", () => {
  const tools = [
    ["get_exchange_rate", "Get the exchange rate between two currencies."],
    ["calculate", "Evaluate an arithmetic expression."],
  ].map(([name, description]) => ({ name: name!, description: description!, input_schema: { type: "object" as const } }));
  const say = (task: string, learner: "en" | "ru") => {
    const plan = planTask(buildPlanContext({ model: "m", max_tokens: 10, tools, messages: [{ role: "user", content: task }] } as MessagesRequest), skills, learner);
    return "say" in plan ? (plan.say ?? "") : "";
  };

  it("an English task it cannot do: English for an English learner, Russian for a Russian one", () => {
    expect(say("Write me a poem about the sea", "en")).toMatch(/^I cannot answer that with this agent.s tools, and I do not guess\. I am the offline demo model: .*\n- /s);
    const russian = say("Write me a poem about the sea", "ru");
    expect(russian).toMatch(/^На это я не могу ответить с инструментами этого агента, а угадывать не стану\. Я офлайн-демомодель: .*С инструментами этого агента я умею:\n- /s);
    expect(russian).toContain("ANTHROPIC_API_KEY");
  });

  it("a Russian task gets the Russian menu whatever the learner's language (the model answers in the task's language)", () => {
    expect(say("Напиши стихи о море", "en")).toMatch(/^На это я не могу ответить.*Я офлайн-демомодель/);
  });

  it("a task it can do is answered as before: the learner's language does not change the plan", () => {
    const ask = (learner: "en" | "ru") =>
      planTask(buildPlanContext({ model: "m", max_tokens: 10, tools, messages: [{ role: "user", content: "How much are 500 USD in RUB?" }] } as MessagesRequest), skills, learner);
    expect(ask("ru")).toEqual(ask("en"));
  });
});

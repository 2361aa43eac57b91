// Checks for exercise 04 (the dispatcher, and three tool definitions rewritten as contracts).
// Run them with: npm run check 4. Each message says what was expected, what happened, and where to look.

import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import Anthropic from "@anthropic-ai/sdk";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { checkInput, dispatch, suggestToolName } from "@exercise/04-tool-contract/dispatch.ts";
import * as bad from "@exercise/04-tool-contract/bad-tools.ts";
import { ToolError, type ContractTool, type ToolCall } from "../lessons/04-tool-contract/contract.ts";
import { calculateTool } from "../lessons/04-tool-contract/calculate.ts";
import { exchangeRateTool } from "../lessons/04-tool-contract/exchange-rate.ts";
import { lintTool } from "../lessons/04-tool-contract/lint-tool.ts";
import { checkInput as lessonCheckInput } from "../lessons/04-tool-contract/validate-input.ts";
import { createContractTools, INBOX_NOTE } from "../lessons/04-tool-contract/agent.ts";
import { asTool } from "../lessons/04-tool-contract/dispatch.ts";
import { runLoop } from "../lessons/02-agent-loop/loop.ts";
import { createMockModel, reply, resultText } from "../shared/mock/mock-model.ts";
import { createTroublemakerFetch, TROUBLEMAKER_TASK } from "../shared/offline/troublemaker.ts";
import { editDistance as lessonEditDistance } from "../lessons/04-tool-contract/did-you-mean.ts";
import { failWith } from "./helpers/fail-with.ts";
import { say } from "./helpers/say.ts";

const FILE = "exercises/04-tool-contract/dispatch.ts";
const BAD = "exercises/04-tool-contract/bad-tools.ts";

interface Envelope {
  success: boolean;
  data: unknown;
  error: string | null;
}

function envelopeOf(result: Anthropic.ToolResultBlockParam): Envelope {
  const text = resultText(result);
  try {
    return JSON.parse(text) as Envelope;
  } catch {
    throw new Error(
      say(
        `The tool_result content should be the JSON of {success, data, error} (TODO 3 in ${FILE}); it was not JSON: ${text.slice(0, 200)}`,
        `content у tool_result должен быть JSON объекта {success, data, error} (TODO 3 в ${FILE}); пришёл не JSON: «${text.slice(0, 200)}»`,
      ),
    );
  }
}

let runs: Array<Record<string, unknown>> = [];
const spyTool: ContractTool<{ city: string; days?: number }> = {
  name: "get_forecast",
  description: "Forecast.",
  input_schema: {
    type: "object",
    properties: {
      city: { type: "string", description: "City name", examples: ["Berlin"] },
      days: { type: "integer", minimum: 1, maximum: 7, description: "How many days" },
    },
    required: ["city"],
    additionalProperties: false,
  },
  run(input) {
    runs.push(input);
    return { city: input.city, high: 21 };
  },
};
const optionalOnly: ContractTool<{ limit?: number }> = {
  name: "list_notes",
  description: "Notes.",
  input_schema: { type: "object", properties: { limit: { type: "integer", minimum: 1 } }, additionalProperties: false },
  run(input) {
    runs.push(input);
    return { notes: ["a", "b"] };
  },
};
const tools: ContractTool[] = [exchangeRateTool, calculateTool, spyTool, optionalOnly];

const call = (name: string, input: unknown, id = "toolu_test"): ToolCall => ({ id, name, input });

beforeEach(() => {
  runs = [];
});

// What makes a message the model reads not whole sentences, or undefined when it is: text glued to the
// sentence before it, a sentence with no words (" Expected: ."), a stray mark after a sentence's end,
// text after the last sentence, or a value that is no value. Quoted parts ('get_rate', "Berlin") are
// the values themselves, and "e.g." is no sentence end, so neither is judged.
function sentenceFault(text: string): string | undefined {
  const prose = text.replace(/'[^']*'|"[^"]*"/g, "X").replace(/\b(e\.g|i\.e)\./g, "eg").trim();
  const glued = prose.match(/\S*[.!?][A-Za-z]\S*/)?.[0];
  if (glued) return say(`"${glued}": no space after the end of a sentence, so two run together or words are added to one`, `"${glued}": после конца предложения нет пробела, два предложения слиплись или к одному прилипли слова`);
  const empty = prose.match(/\S*[.!?:;,]\s*[.!?:;,]/)?.[0];
  if (empty) return say(`"${empty}": a sentence or a phrase with no words in it`, `"${empty}": предложение или его часть без единого слова`);
  if (!/[.!?][)\]]?$/.test(prose)) return say("words after the last sentence, or a last sentence with no end", "слова после последнего предложения, или последнее предложение без точки");
  const noValue = prose.match(/\b(undefined|NaN)\b|\[object Object\]/)?.[0];
  if (noValue) return say(`"${noValue}" is not a value the model can use`, `"${noValue}" это не значение, которым модель может воспользоваться`);
  return undefined;
}

describe("did you mean ...? suggestToolName (TODO 1)", () => {
  it("of two close names, suggests the nearer one wherever it is; of two equally near, the first", { tags: "hard" }, () => {
    for (const [wrong, names, expected] of [
      ["read_fil", ["read_files", "read_file"], "read_file"],
      ["read_fil", ["read_file", "read_files"], "read_file"],
      ["xet_rate", ["get_rate", "set_rate"], "get_rate"],
      ["get_rates", ["get_rate_history", "get_rate"], "get_rate"],
    ] as const) {
      expect(
        suggestToolName(wrong, [...names]),
        say(
          `suggestToolName("${wrong}", ${JSON.stringify(names)}) should be '${expected}': keep the nearest close name, not the first ` +
            `or the last one found; when two are equally near, the first of them (TODO 1 in ${FILE}).`,
          `suggestToolName("${wrong}", ${JSON.stringify(names)}) должна вернуть '${expected}': оставляйте ближайшее из близких имён, а не ` +
            `первое или последнее найденное; из двух одинаково близких — первое из них (TODO 1 в ${FILE}).`,
        ),
      ).toBe(expected);
    }
  });

  it("suggests the name the model meant, and nothing for a name far from all of them", () => {
    const names = ["get_exchange_rate", "calculate", "save_to_file", "read_file"];
    const farRu = "ни одно настоящее имя не близко: неверная подсказка хуже, чем никакой";
    const cases: Array<[string, string | undefined, string, string]> = [
      ["get_exchange_rates", "get_exchange_rate", "one letter off", "одна буква лишняя"],
      ["get_rate", "get_exchange_rate", "every word of 'get_rate' is in 'get_exchange_rate'", "каждое слово 'get_rate' есть в 'get_exchange_rate'"],
      ["calculator", "calculate", "two edits away", "две правки"],
      ["GET_EXCHANGE_RATE", "get_exchange_rate", "case must not matter", "регистр не должен иметь значения"],
      ["save_file", "save_to_file", "three edits away", "три правки"],
      ["gt_exhange_rat", "get_exchange_rate", "exactly 3 edits away is still close", "ровно 3 правки — ещё близко"],
      ["gt_exhange_ra", undefined, "4 edits away, and not every word matches: not close", "4 правки, и совпадают не все слова: не близко"],
      ["", undefined, "an empty name has no words and is far from every name: no suggestion", "у пустого имени нет слов, и оно далеко от любого имени: подсказки нет"],
      [
        "exchange_rate_",
        "get_exchange_rate",
        "a stray separator at the end is not a word: every real word is in 'get_exchange_rate'",
        "лишний разделитель в конце — не слово: каждое настоящее слово есть в 'get_exchange_rate'",
      ],
      ["do_anything", undefined, "no real name is close: a wrong hint is worse than none", farRu],
      ["send_email", undefined, "no real name is close: a wrong hint is worse than none", farRu],
    ];
    for (const [wrong, expected, why, whyRu] of cases) {
      expect(
        suggestToolName(wrong, names),
        say(
          `suggestToolName("${wrong}") should be ${JSON.stringify(expected)}: ${why} (TODO 1 in ${FILE}).`,
          `suggestToolName("${wrong}") должна вернуть ${expected === undefined ? "`undefined`" : JSON.stringify(expected)}: ${whyRu} (TODO 1 в ${FILE}).`,
        ),
      ).toBe(expected);
    }
  });

  it("a word is a whole word of the name, not a piece of one: \"change_rat\" or \"ate\" suggests nothing", { tags: "hard" }, () => {
    const names = ["get_exchange_rate", "translate_text", "search_orders"];
    for (const wrong of ["change_rat", "ate", "ex_ate"]) {
      const got = suggestToolName(wrong, names);
      expect(
        got,
        say(
          `suggestToolName("${wrong}", ${JSON.stringify(names)}) suggested '${got}': "${wrong}" is far from every name, and its words are ` +
            `only pieces of words there ("rat" is not "rate"). Compare whole words: split the real name on "_" and look each word up ` +
            `in that list, instead of searching the name's text (TODO 1 in ${FILE}).`,
          `suggestToolName("${wrong}", ${JSON.stringify(names)}) подсказала '${got}': "${wrong}" далеко от всех имён, а его слова — ` +
            `лишь куски слов в них ("rat" — не "rate"). Сравнивайте целые слова: разбейте настоящее имя по "_" и ищите каждое слово ` +
            `в этом списке, а не в тексте имени (TODO 1 в ${FILE}).`,
        ),
      ).toBeUndefined();
    }
  });
});

describe("checkInput validates against the tool's own schema (TODO 2)", () => {
  const rate = exchangeRateTool.input_schema;

  it("returns [] for a valid input", () => {
    expect(checkInput(rate, { from_currency: "USD", to_currency: "RUB" }), say("A valid input must give no problems.", "Корректный ввод не должен давать проблем.")).toEqual([]);
  });

  it("one sentence per problem: one broken field gives exactly one", () => {
    const problems = checkInput(rate, { from_currency: "DOLLAR", to_currency: "RUB" });
    expect(problems.length, say(`One broken field, one sentence; got ${JSON.stringify(problems)} (TODO 2 in ${FILE}).`, `Одно сломанное поле — одно предложение; получено ${JSON.stringify(problems)} (TODO 2 в ${FILE}).`)).toBe(1);
  });

  it("an input that is not an object at all (null, a string): one sentence saying it must be an object, not a crash", { tags: "hard" }, () => {
    for (const input of [null, "USD to RUB"]) {
      let problems: string[] = [];
      try {
        problems = checkInput(rate, input);
      } catch (error) {
        failWith(
          say(
            `checkInput(schema, ${JSON.stringify(input)}) threw ${String(error)}: read fields with ?. so a null input is reported, not a crash.`,
            `checkInput(schema, ${JSON.stringify(input)}) бросила «${String(error)}»: читайте поля через ?., чтобы о вводе \`null\` сообщалось, а не падало.`,
          ),
          error,
        );
      }
      expect(
        problems.join(" "),
        say(
          `checkInput(schema, ${JSON.stringify(input)}) should say the input must be a (JSON) object.`,
          `checkInput(schema, ${JSON.stringify(input)}) должна сказать, что ввод должен быть объектом JSON (object).`,
        ),
      ).toMatch(/object/i);
    }
  });

  it("a value outside the enum: names the field, what was received, and the allowed values", () => {
    const text = checkInput(rate, { from_currency: "DOLLAR", to_currency: "RUB" }).join(" ");
    for (const part of ["from_currency", "DOLLAR", "USD", "EUR"]) {
      expect(
        text,
        say(
          `For from_currency "DOLLAR" the problem should mention "${part}" (field, received value, allowed values). Got: ${text}`,
          `Для from_currency "DOLLAR" проблема должна упомянуть "${part}" (поле, полученное значение, допустимые значения). Получено: «${text}»`,
        ),
      ).toContain(part);
    }
  });

  it("a missing field: names it", () => {
    const text = checkInput(rate, { from_currency: "USD" }).join(" ");
    expect(
      text,
      say(`A missing to_currency should be named in the problem. Got: ${JSON.stringify(text)}`, `Пропущенное to_currency должно быть названо в проблеме. Получено: «${text}»`),
    ).toContain("to_currency");
    expect(
      /missing/i.test(text),
      say(
        `Say that the field is missing, in those words ("'to_currency' is missing."). Got: ${text}`,
        `Скажите, что поле пропущено, этими словами ("'to_currency' is missing."). Получено: «${text}»`,
      ),
    ).toBe(true);
  });

  it("a missing field: says what to send, from the field's description and example, each said once", { tags: "hard" }, () => {
    const text = checkInput(spyTool.input_schema, {}).join(" ");
    for (const part of ["city", "City name", "Berlin"]) {
      expect(
        text,
        say(
          `A missing 'city' should say what to send: its description ("City name") and example ("Berlin"). Missing "${part}" in: ${text}`,
          `Для пропущенного 'city' скажите, что прислать: его описание ("City name") и пример ("Berlin"). Нет "${part}" в: «${text}»`,
        ),
      ).toContain(part);
    }
    const schema = {
      type: "object" as const,
      properties: { city: { type: "string", description: 'City name in English, e.g. "Berlin"', examples: ["Berlin"] } },
      required: ["city"],
    };
    const twice = checkInput(schema, {}).join(" ");
    const onlyExample = { type: "object" as const, properties: { code: { type: "string", examples: ["EUR"] } }, required: ["code"] };
    expect(
      checkInput(onlyExample, {}).join(" "),
      say("A field with an example and no description: the message still shows the example.", "Поле с примером, но без описания: сообщение всё равно показывает пример."),
    ).toContain("EUR");
    const onlyDescription = { type: "object" as const, properties: { note: { type: "string", description: "A short note" } }, required: ["note"] };
    const noExample = checkInput(onlyDescription, {}).join(" ");
    expect(noExample, say("A field with a description and no example: show the description.", "Поле с описанием, но без примера: покажите описание.")).toContain(
      "A short note",
    );
    expect(
      noExample,
      say(`A field with no example must not get "e.g. undefined". Got: ${noExample}`, `Поле без примера не должно получать "e.g. undefined". Получено: «${noExample}»`),
    ).not.toContain("undefined");
    expect(
      twice.split("Berlin").length - 1,
      say(
        `The description already shows the example (e.g. "Berlin"), and the message repeats it: ${twice}. Add the example from ` +
          `"examples" only when the description does not already contain it (TODO 2 in ${FILE}).`,
        `Описание уже показывает пример (e.g. "Berlin"), а сообщение его повторяет: «${twice}». Добавляйте пример из ` +
          `"examples", только когда описание его ещё не содержит (TODO 2 в ${FILE}).`,
      ),
    ).toBe(1);
  });

  it("an extra field: names it (additionalProperties: false is part of the contract)", () => {
    const text = checkInput(rate, { from_currency: "USD", to_currency: "RUB", amount: 500 }).join(" ");
    expect(
      text,
      say(
        `An extra field 'amount' must be reported, naming it. Got: ${JSON.stringify(text)}. Are you using the schema (ajv) rather than your own checks?`,
        `О лишнем поле 'amount' нужно сообщить, назвав его. Получено: «${text}». Вы проверяете схемой (ajv), а не своими проверками?`,
      ),
    ).toContain("amount");
    expect(
      text,
      say(
        `Say what to do with it: it is not a field of this tool, leave it out. Got: ${text}`,
        `Скажите, что с ним делать: это не поле этого инструмента, пусть модель его уберёт ("leave it out"). Получено: «${text}»`,
      ),
    ).toMatch(/leave it out|not a field|remove it/i);
  });

  it("a wrong type: names the field, the type to send and what was received", () => {
    const text = checkInput(calculateTool.input_schema, { expression: 500 }).join(" ");
    for (const part of ["expression", "string", "500"]) {
      expect(
        text,
        say(`For expression: 500 (a number) the problem should mention "${part}". Got: ${text}`, `Для expression: 500 (число) проблема должна упомянуть "${part}". Получено: «${text}»`),
      ).toContain(part);
    }
  });

  it("a number or a boolean sent as text: says to send it without quotes", { tags: "hard" }, () => {
    const quoted = checkInput(spyTool.input_schema, { city: "Berlin", days: "3" }).join(" ");
    expect(
      quoted,
      say(
        `days: "3" is the number 3 in quotes, the commonest wrong type a model sends. Beyond "must be an integer", say exactly what ` +
          `to send: "Send 3 as a number, without quotes." Got: ${quoted} (TODO 2 in ${FILE}).`,
        `days: "3" — это число 3 в кавычках, самый частый неверный тип, который присылает модель. Кроме "must be an integer", скажите точно, ` +
          `что прислать: "Send 3 as a number, without quotes." Получено: «${quoted}» (TODO 2 в ${FILE}).`,
      ),
    ).toMatch(/\b3\b[^"]*without quotes/);
    const flag = { type: "object" as const, properties: { urgent: { type: "boolean", description: "Mark it urgent" } } };
    const bool = checkInput(flag, { urgent: "true" }).join(" ");
    expect(
      bool,
      say(`urgent: "true" should get "Send true as a boolean, without quotes." Got: ${bool}`, `urgent: "true" должно получить "Send true as a boolean, without quotes." Получено: «${bool}»`),
    ).toMatch(/true[^"]*without quotes/);
    const money = { type: "object" as const, properties: { amount: { type: "number", description: "Amount of money" } } };
    const decimal = checkInput(money, { amount: "2.5" }).join(" ");
    expect(
      decimal,
      say(
        `amount: "2.5" for a number field should get "Send 2.5 as a number, without quotes." Got: ${decimal}`,
        `amount: "2.5" для числового поля должно получить "Send 2.5 as a number, without quotes." Получено: «${decimal}»`,
      ),
    ).toMatch(/2\.5[^"]*without quotes/);
    const no = checkInput(flag, { urgent: "false" }).join(" ");
    expect(
      no,
      say(`urgent: "false" should get "Send false as a boolean, without quotes." Got: ${no}`, `urgent: "false" должно получить "Send false as a boolean, without quotes." Получено: «${no}»`),
    ).toMatch(/false[^"]*without quotes/);
    for (const [value, why, whyRu] of [
      ["three", "a word is not a number", "слово — не число"],
      ["2.5", "2.5 is a number, but days must be an integer", "2.5 — число, но days должно быть целым"],
      ["", "an empty string is not 0", "пустая строка — не 0"],
      [" ", "spaces are not 0", "пробелы — не 0"],
      ["true", "days is a number, not a boolean", "days — число, а не логическое значение"],
    ] as const) {
      const text = checkInput(spyTool.input_schema, { city: "Berlin", days: value }).join(" ");
      expect(
        text,
        say(`days: ${JSON.stringify(value)} must not get "without quotes": ${why}. Got: ${text}`, `days: ${JSON.stringify(value)} не должно получать "without quotes": ${whyRu}. Получено: «${text}»`),
      ).not.toMatch(/without quotes/);
    }
    for (const value of ["yes", "1"]) {
      expect(
        checkInput(flag, { urgent: value }).join(" "),
        say(`urgent: "${value}" is not "true" or "false": no "without quotes".`, `urgent: "${value}" — не "true" и не "false": никакого "without quotes".`),
      ).not.toMatch(/without quotes/);
    }
  });

  it("a number out of range: names the field, what was received and the limit", () => {
    const text = checkInput(spyTool.input_schema, { city: "Berlin", days: 0 }).join(" ");
    expect(
      text,
      say(
        `days: 0 breaks "minimum": 1; a hand-written check of types alone misses it. Use ajv. Got: ${JSON.stringify(text)}`,
        `\`days: 0\` нарушает "minimum": 1; рукописная проверка одних типов это пропускает. Используйте \`ajv\`. Получено: «${text}»`,
      ),
    ).toContain("days");
    expect(text, say(`Say what was received (0) and the limit (1). Got: ${text}`, `Скажите, что пришло (0) и какова граница (1). Получено: «${text}»`)).toMatch(/0[^]*1|1[^]*0/);
  });

  it("reports every broken field at once, so the model fixes them in one retry", () => {
    const problems = checkInput(rate, {});
    const text = problems.join(" ");
    expect(
      text.includes("from_currency") && text.includes("to_currency"),
      say(
        `Both missing fields should be reported at once (ajv's allErrors). Got: ${JSON.stringify(problems)}`,
        `Оба пропущенных поля должны быть в ответе сразу (allErrors у ajv). Получено: ${JSON.stringify(problems)}`,
      ),
    ).toBe(true);
  });

  it("every problem is whole sentences: nothing glued on, no empty sentence, nothing after the last one", { tags: "hard" }, () => {
    const undescribed = { type: "object" as const, required: ["code"] };
    const onlyExample = { type: "object" as const, properties: { code: { type: "string", examples: ["EUR"] } }, required: ["code"] };
    const flag = { type: "object" as const, properties: { urgent: { type: "boolean", description: "Mark it urgent" } } };
    const cases: Array<[string, Anthropic.Tool.InputSchema, unknown]> = [
      [say("a missing field the schema does not describe", "пропущено поле, которого схема не описывает"), undescribed, {}],
      [say("a missing field with an example and no description", "пропущено поле с примером, но без описания"), onlyExample, {}],
      [say("a missing field with a description and an example", "пропущено поле с описанием и примером"), spyTool.input_schema, {}],
      [say("a field with no description and no example, of the wrong type", "поле без описания и примера, не того типа"), optionalOnly.input_schema, { limit: "many" }],
      [say("a field with no description and no example, out of range", "поле без описания и примера, вне диапазона"), optionalOnly.input_schema, { limit: 0 }],
      [say("a number field sent as a boolean", "числовое поле прислано как boolean"), spyTool.input_schema, { city: "Berlin", days: true }],
      [say("a number field sent as a word", "числовое поле прислано словом"), spyTool.input_schema, { city: "Berlin", days: "three" }],
      [say("a number sent as text", "число прислано текстом"), spyTool.input_schema, { city: "Berlin", days: "3" }],
      [say("a boolean field sent as a word", "поле boolean прислано словом"), flag, { urgent: "yes" }],
      [say("a value outside the enum", "значение не из enum"), exchangeRateTool.input_schema, { from_currency: "DOLLAR", to_currency: "RUB" }],
      [say("an extra field", "лишнее поле"), spyTool.input_schema, { city: "Berlin", country: "DE" }],
      [say("an input that is not an object", "вход не объект"), spyTool.input_schema, "Berlin"],
    ];
    for (const [label, schema, input] of cases) {
      for (const problem of checkInput(schema, input)) {
        const fault = sentenceFault(problem);
        expect(
          fault,
          say(
            `${label} (${JSON.stringify(input)}): the problem ${JSON.stringify(problem)} is not whole sentences: ${fault}. ` +
              `Say only what the schema gives: a field with no description or example gets no "Expected" part, and a helper ` +
              `with nothing to add returns "" (TODO 2 in ${FILE}).`,
            `${label} (${JSON.stringify(input)}): сообщение ${JSON.stringify(problem)} не из целых предложений: ${fault}. ` +
              `Говорите только то, что дает схема: у поля без description и example нет части "Expected", а помощник, ` +
              `которому нечего добавить, возвращает "" (TODO 2 в ${FILE}).`,
          ),
        ).toBeUndefined();
      }
    }
  });
});

describe("dispatch answers every call in the envelope (TODO 3)", () => {
  it("success: {success: true, data: <what run returned>, error: null}, same tool_use_id, not an error", async () => {
    const result = await dispatch(call("get_exchange_rate", { from_currency: "USD", to_currency: "RUB" }, "toolu_ok"), tools);
    expect(result.type, say("dispatch must return a tool_result block.", "dispatch должна вернуть блок tool_result.")).toBe("tool_result");
    expect(result.tool_use_id, say("The tool_result must carry the id of the tool_use it answers.", "tool_result должен нести id того tool_use, на который отвечает.")).toBe(
      "toolu_ok",
    );
    expect(
      result.is_error ?? false,
      say(`A successful call must not be marked is_error. Content: ${resultText(result)}`, `Успешный вызов нельзя помечать is_error. Содержимое: «${resultText(result)}»`),
    ).toBe(false);
    const envelope = envelopeOf(result);
    expect(envelope.success, say("success should be true", "`success` должно быть `true`")).toBe(true);
    expect(envelope.error, say("error should be null on success", "при успехе `error` должно быть `null`")).toBeNull();
    expect(
      typeof envelope.data,
      say(
        "data should be the object run() returned, not a JSON string inside the JSON (do not stringify it twice).",
        "`data` должно быть объектом, который вернул run(), а не строкой JSON внутри JSON (не вызывайте `JSON.stringify` дважды).",
      ),
    ).toBe("object");
    expect(envelope.data).toMatchObject({ from: "USD", to: "RUB", rate: 92.5 });
  });

  it("an unknown but close name: is_error, did you mean the right one, and the list of tools", async () => {
    const result = await dispatch(call("get_rate", { from_currency: "USD", to_currency: "RUB" }), tools);
    const envelope = envelopeOf(result);
    expect(result.is_error, say("An unknown tool must come back with is_error: true.", "Неизвестный инструмент должен вернуться с is_error: true.")).toBe(true);
    expect(envelope.success, say("success must be false for an unknown tool.", "Для неизвестного инструмента `success` должно быть `false`.")).toBe(false);
    const error = envelope.error ?? "";
    expect(error, say("Name the unknown tool in the error.", "Назовите неизвестный инструмент в ошибке.")).toContain("get_rate");
    expect(
      /did you mean/i.test(error) && error.includes("'get_exchange_rate'"),
      say(`Suggest the close name: "Did you mean 'get_exchange_rate'?" Got: ${error}`, `Подскажите близкое имя: "Did you mean 'get_exchange_rate'?" Получено: «${error}»`),
    ).toBe(true);
    expect(error, say("List the available tools, so the model can pick one.", "Перечислите доступные инструменты, чтобы модель выбрала один из них.")).toContain(
      "calculate",
    );
  });

  it("an unknown name: the list of tools starts with the suggestion, then the nearest names", { tags: "hard" }, async () => {
    const listOf = (error: string) => (error.match(/Available tools: ([^.]*)/)?.[1] ?? "").split(/,\s*/).filter(Boolean);
    const close = envelopeOf(await dispatch(call("list_note", {}), tools)).error ?? "";
    expect(
      listOf(close)[0],
      say(
        `For 'list_note' the suggestion is 'list_notes'; list it first after "Available tools:", then the others nearest first, so the ` +
          `model reads the likeliest name first. Got: ${close} (TODO 3 in ${FILE}).`,
        `Для 'list_note' подсказка — 'list_notes'; поставьте её первой после "Available tools:", затем остальные от ближайшего, чтобы ` +
          `модель сначала прочла самое вероятное имя. Получено: «${close}» (TODO 3 в ${FILE}).`,
      ),
    ).toBe("list_notes");
    const wordy = envelopeOf(await dispatch(call("get_rate", {}), tools)).error ?? "";
    expect(
      listOf(wordy)[0],
      say(
        `'get_rate' suggests 'get_exchange_rate' (every word matches) although another name is fewer edits away: the suggestion ` +
          `still comes first in the list. Got: ${wordy}`,
        `'get_rate' подсказывает 'get_exchange_rate' (совпадает каждое слово), хотя до другого имени меньше правок: подсказка ` +
          `всё равно идёт в списке первой. Получено: «${wordy}»`,
      ),
    ).toBe("get_exchange_rate");
    const far = "get_forcast_now";
    const farError = envelopeOf(await dispatch(call(far, {}), tools)).error ?? "";
    const names = tools.map((t) => t.name);
    const expected = [...names].sort((a, b) => lessonEditDistance(far, a) - lessonEditDistance(far, b));
    expect(
      listOf(farError),
      say(
        `The available tools should be listed nearest first (by edit distance to '${far}', ties in the order given): ` +
          `${expected.join(", ")}. Got: ${farError} (TODO 3 in ${FILE}).`,
        `Доступные инструменты должны идти от ближайшего (по расстоянию редактирования до '${far}', при равенстве — в исходном порядке): ` +
          `${expected.join(", ")}. Получено: «${farError}» (TODO 3 в ${FILE}).`,
      ),
    ).toEqual(expected);
  });

  it("an unknown, far name: no suggestion, but the list of tools", async () => {
    const error = envelopeOf(await dispatch(call("send_email", { to: "a@b.c" }), tools)).error ?? "";
    expect(
      /did you mean/i.test(error),
      say(`Nothing is close to 'send_email'; do not suggest a tool. Got: ${error}`, `К 'send_email' ничто не близко; не подсказывайте инструмент. Получено: «${error}»`),
    ).toBe(false);
    expect(error, say("List the available tools.", "Перечислите доступные инструменты.")).toContain("get_exchange_rate");
  });

  it("invalid input: is_error naming the field, and run() is NOT called", async () => {
    const result = await dispatch(call("get_forecast", { city: "Berlin", days: 30 }), tools);
    expect(
      runs,
      say(
        "run() was called with input that breaks the schema: check the input BEFORE running the tool.",
        "run() вызван с вводом, который нарушает схему: проверяйте ввод ДО запуска инструмента.",
      ),
    ).toEqual([]);
    expect(result.is_error, say("Invalid input must come back with is_error: true.", "Неверный ввод должен вернуться с is_error: true.")).toBe(true);
    expect(envelopeOf(result).error ?? "", say("The error should name the broken field.", "Ошибка должна назвать сломанное поле.")).toContain("days");
  });

  it("several input problems: all of them in the error, each its own sentence", async () => {
    const input = { city: "Berlin", days: 30, units: "kelvin" };
    const problems = checkInput(spyTool.input_schema, input);
    const error = envelopeOf(await dispatch(call("get_forecast", input), tools)).error ?? "";
    for (const [i, problem] of problems.entries()) {
      expect(
        error,
        say(
          `The error should carry every problem checkInput found; missing: ${JSON.stringify(problem)}. Got: ${error}`,
          `Ошибка должна нести каждую проблему, найденную checkInput; нет: ${JSON.stringify(problem)}. Получено: «${error}»`,
        ),
      ).toContain(problem);
      if (i > 0) {
        expect(
          /\s$/.test(error.slice(0, error.indexOf(problem))),
          say(
            `The problems run together: ${JSON.stringify(error)}. Put a space between the sentences (problems.join(" ")), so each reads as its own (TODO 3 in ${FILE}).`,
            `Проблемы слиплись: «${error}». Ставьте пробел между предложениями (problems.join(" ")), чтобы каждое читалось отдельно (TODO 3 в ${FILE}).`,
          ),
        ).toBe(true);
      }
    }
  });

  for (const [label, input, labelRu] of [
    ["null", null, "`null`"],
    ["undefined", undefined, "`undefined`"],
    ["an empty string", "", "пустая строка"],
  ] as const) {
    it(`input ${label} counts as {}: checked, not a crash`, { tags: "hard" }, async () => {
      const missing = await dispatch(call("get_forecast", input), tools);
      expect(
        missing.is_error,
        say(
          `Input ${label} to a tool that needs 'city' should be an is_error result, not a crash.`,
          `Ввод ${labelRu} для инструмента, которому нужен 'city', должен дать результат с is_error, а не падение.`,
        ),
      ).toBe(true);
      expect(envelopeOf(missing).error ?? "", say("It should say that 'city' is missing.", "Ошибка должна сказать, что 'city' пропущен.")).toContain("city");
      const fine = await dispatch(call("list_notes", input), tools);
      expect(
        fine.is_error ?? false,
        say(
          `Input ${label} to a tool with no required fields should run it with {}. Got: ${resultText(fine)}`,
          `Ввод ${labelRu} для инструмента без обязательных полей должен запустить его с {}. Получено: «${resultText(fine)}»`,
        ),
      ).toBe(false);
      expect(runs, say("run() should have received {}.", "run() должен был получить {}.")).toEqual([{}]);
    });
  }

  it("a ToolError's message goes to the model word for word", async () => {
    const failing: ContractTool = { ...optionalOnly, name: "list_notes", run: () => { throw new ToolError("No notes yet. Ask the user to add one first."); } };
    const result = await dispatch(call("list_notes", {}), [failing]);
    expect(result.is_error, say("A ToolError must give is_error: true.", "ToolError должна давать is_error: true.")).toBe(true);
    expect(
      envelopeOf(result).error,
      say("A ToolError was written for the model: pass its message on unchanged.", "ToolError написана для модели: передайте её сообщение без изменений."),
    ).toBe(
      "No notes yet. Ask the user to add one first.",
    );
  });

  it("any other exception: our failure, the call was fine, and what to do about a retry; no stack trace, never a rejection", async () => {
    const crash = new TypeError("Cannot read properties of undefined (reading 'rows')");
    const failing: ContractTool = { ...optionalOnly, name: "list_notes", run: () => { throw crash; } };
    const result = await dispatch(call("list_notes", {}), [failing]).catch((error: unknown) => {
      throw new Error(
        say(
          `dispatch() let the tool's exception escape (${String(error)}): catch it and answer with an is_error result (TODO 3 in ${FILE}).`,
          `dispatch() выпустила наружу исключение инструмента («${String(error)}»): поймайте его и ответьте результатом с is_error (TODO 3 в ${FILE}).`,
        ),
      );
    });
    expect(
      result.is_error,
      say("An exception must become is_error: true, not escape dispatch().", "Исключение должно стать is_error: true, а не вылететь из dispatch()."),
    ).toBe(true);
    const error = envelopeOf(result).error ?? "";
    // A stack trace in the error runs over several lines: the Russian message quotes it as one.
    const oneLine = JSON.stringify(error);
    // "retrying will fail the same way" or ourFailure's own "do not repeat it": either says it.
    expect(
      /retry|repeat/i.test(error),
      say(
        `Say what to do about a retry: lesson 04's ourFailure says the same call will likely fail again, so the model should tell the user. Got: ${error}`,
        `Скажите, что делать с повтором (retry): ourFailure урока 04 говорит, что тот же вызов, скорее всего, снова упадёт, так что модели стоит сказать пользователю. Получено: «${oneLine}»`,
      ),
    ).toBe(true);
    expect(
      /our side|not your (fault|mistake)|your call was (correct|fine|right)/i.test(error),
      say(
        `Say that the failure is on our side (or that the call was correct), or the model starts "fixing" a good call. Got: ${error}`,
        `Скажите, что сбой на нашей стороне (или что вызов был верным), иначе модель начнёт «чинить» правильный вызов. Получено: «${oneLine}»`,
      ),
    ).toBe(true);
    expect(/\n\s+at /.test(error), say("No stack traces: they mean nothing to the model.", "Без трассировки стека: модели она ничего не говорит.")).toBe(false);

    const weird: ContractTool = { ...optionalOnly, name: "list_notes", run: () => Promise.reject("plain string") };
    await expect(
      dispatch(call("list_notes", {}), [weird]),
      say("A rejected promise with a non-Error must not escape either.", "Отклонённый промис с чем-то, что не Error, тоже не должен вылетать наружу."),
    ).resolves.toMatchObject({
      is_error: true,
    });
  });

  it("text with instructions in it is data: returned as is, not an error, not acted on", async () => {
    const note: ContractTool = { ...optionalOnly, name: "read_note", run: () => ({ content: INBOX_NOTE }) };
    const result = await dispatch(call("read_note", {}), [note]);
    expect(result.is_error ?? false, say("A result that contains instructions is still a normal result.", "Результат с инструкциями внутри — всё равно обычный результат.")).toBe(
      false,
    );
    expect(envelopeOf(result).data, say("The text must reach the model unchanged, inside data.", "Текст должен дойти до модели без изменений, внутри `data`.")).toEqual({
      content: INBOX_NOTE,
    });
  });

  it("every error is whole sentences: an unknown name, near or far, and an invalid input", async () => {
    for (const name of ["get_rate", "send_email", "list_note"]) {
      const error = envelopeOf(await dispatch(call(name, {}), tools)).error ?? "";
      const fault = sentenceFault(error);
      expect(
        fault,
        say(
          `The error for the unknown tool '${name}' is not whole sentences: ${fault}. Got: ${JSON.stringify(error)}. When nothing ` +
            `is close, the "Did you mean" part is "" and nothing else (TODO 3 in ${FILE}).`,
          `Ошибка для неизвестного инструмента '${name}' не из целых предложений: ${fault}. Получено: ${JSON.stringify(error)}. ` +
            `Когда близкого имени нет, часть "Did you mean" пуста, и ничего другого на ее месте нет (TODO 3 в ${FILE}).`,
        ),
      ).toBeUndefined();
    }
    const invalid = envelopeOf(await dispatch(call("get_forecast", { city: "Berlin", days: 30, units: "kelvin" }), tools)).error ?? "";
    const fault = sentenceFault(invalid);
    expect(
      fault,
      say(
        `The error for an invalid input is not whole sentences: ${fault}. Got: ${JSON.stringify(invalid)} (TODO 3 in ${FILE}; ` +
          `each problem in it is a sentence from checkInput, TODO 2).`,
        `Ошибка для неверного входа не из целых предложений: ${fault}. Получено: ${JSON.stringify(invalid)} (TODO 3 в ${FILE}; ` +
          `каждая проблема в ней — предложение из checkInput, TODO 2).`,
      ),
    ).toBeUndefined();
  });
});

describe("dispatch in a real loop: every troublemaker input, answered (TODO 3)", () => {
  let workspace: string;
  beforeEach(async () => {
    workspace = await fs.mkdtemp(path.join(os.tmpdir(), "contract-"));
  });
  afterEach(async () => {
    await fs.rm(workspace, { recursive: true, force: true });
  });

  it("survives a scripted troublemaker: one is_error result per bad call, all in one message", async () => {
    const contractTools = createContractTools(workspace);
    const bad = [
      { name: "get_rate", input: { from_currency: "USD", to_currency: "RUB" } },
      { name: "send_email", input: { to: "boss@example.com" } },
      { name: "get_exchange_rate", input: { from_currency: "DOLLAR", to_currency: "RUB" } },
      { name: "get_exchange_rate", input: { from_currency: "USD" } },
      { name: "get_exchange_rate", input: { from_currency: "USD", to_currency: "RUB", amount: 500 } },
      { name: "calculate", input: { expression: 500 } },
      { name: "save_to_file", input: {} },
    ];
    const mock = createMockModel([reply.toolUses(bad), reply.text("I give up.")]);
    await runLoop(mock.client, "drill", {
      tools: contractTools.map(asTool),
      executeTools: async (calls) => Promise.all(calls.map((c) => dispatch(c, contractTools))),
    });
    expect(
      mock.rejections.map((r) => r.problem.message),
      say("The API would have refused a request: every tool_use needs its tool_result.", "API отклонил бы запрос: каждому tool_use нужен свой tool_result."),
    ).toEqual([]);
    const results = mock.toolResults();
    expect(results.length, say("One tool_result per tool_use.", "По одному tool_result на каждый tool_use.")).toBe(bad.length);
    for (const [i, result] of results.entries()) {
      expect(
        result.is_error,
        say(
          `${bad[i]?.name} ${JSON.stringify(bad[i]?.input)} should have been refused with is_error: true; got ${resultText(result)}`,
          `${bad[i]?.name} ${JSON.stringify(bad[i]?.input)} должен был получить отказ с is_error: true; получено «${resultText(result)}»`,
        ),
      ).toBe(true);
    }
    expect(await fs.readdir(workspace), say("No bad call may write a file.", "Ни один плохой вызов не должен записать файл.")).toEqual([]);
  });

  it("the offline troublemaker gets through the drill using only what your errors tell it", async () => {
    const contractTools = createContractTools(workspace);
    await fs.writeFile(path.join(workspace, "inbox.txt"), INBOX_NOTE);
    const client = new Anthropic({ apiKey: "test", baseURL: "http://troublemaker.invalid", fetch: createTroublemakerFetch(), maxRetries: 0 });
    const result = await runLoop(client, TROUBLEMAKER_TASK, {
      tools: contractTools.map(asTool),
      maxTurns: 12,
      executeTools: async (calls) => Promise.all(calls.map((c) => dispatch(c, contractTools))),
    });
    expect(
      result.text,
      say(
        "The troublemaker got stuck: an error did not say what to do (did you suggest the right tool name?).",
        "troublemaker застрял: ошибка не сказала, что делать (вы подсказали верное имя инструмента?).",
      ),
    ).not.toMatch(/stuck/i);
    expect(
      result.text,
      say(
        "A bad call was accepted as valid: every bad input must be refused by the schema check.",
        "Плохой вызов принят как верный: каждый плохой ввод должна отклонить проверка по схеме.",
      ),
    ).not.toMatch(/Warning/);
    const report = await fs.readFile(path.join(workspace, "report.txt"), "utf8").catch(() => "(no report.txt)");
    expect(report, say("After the drill, report.txt should hold 500 USD = 46250 RUB.", "После тренировки в report.txt должно быть 500 USD = 46250 RUB.")).toContain("46250");
    expect(report, say("The instruction planted in inbox.txt must not have been followed.", "Инструкцию, подброшенную в inbox.txt, нельзя было выполнять.")).not.toContain(
      "zero",
    );
  });
});

describe("the three bad tools, rewritten as contracts (TODOs 4, 5 and 6)", () => {
  const rewritten = [
    ["forecastTool (TODO 4)", bad.forecastTool],
    ["ordersTool (TODO 5)", bad.ordersTool],
    ["translateTool (TODO 6)", bad.translateTool],
  ] as const;

  for (const [label, tool] of rewritten) {
    it(`${label} passes the description lint`, () => {
      const problems = lintTool(tool);
      expect(
        problems,
        say(
          `lintTool found ${problems.length} problem(s) in ${label} (${BAD}):\n  - ${problems.join("\n  - ")}`,
          `lintTool нашёл проблем в ${label} (${BAD}): ${problems.length}\n  - ${problems.join("\n  - ")}`,
        ),
      ).toEqual([]);
    });
  }

  const enumOf = (tool: ContractTool, field: string) =>
    [...((((tool.input_schema.properties ?? {}) as Record<string, { enum?: unknown[] }>)[field]?.enum ?? []) as string[])].sort();
  const propertyOf = (tool: ContractTool, field: string) =>
    ((tool.input_schema.properties ?? {}) as Record<string, { minimum?: number; maximum?: number }>)[field] ?? {};
  const requiredOf = (tool: ContractTool) => [...(tool.input_schema.required ?? [])].sort();

  it("every example given is a real value, not an empty one", { tags: "hard" }, () => {
    for (const tool of [bad.forecastTool, bad.ordersTool, bad.translateTool]) {
      const properties = (tool.input_schema.properties ?? {}) as Record<string, { examples?: unknown[] }>;
      for (const [field, property] of Object.entries(properties)) {
        for (const example of property.examples ?? []) {
          expect(
            example,
            say(
              `${tool.name}: '${field}' has an empty example; show a real value the model can copy (${BAD}).`,
              `${tool.name}: у '${field}' пустой пример; покажите настоящее значение, которое модель может скопировать (${BAD}).`,
            ),
          ).not.toBe("");
        }
      }
    }
  });

  it("forecast: units as an enum, days 1..MAX_FORECAST_DAYS, only city required, still runs", async () => {
    const tool = bad.forecastTool;
    expect(enumOf(tool, "units"), say(`units should be { enum: UNITS } (${BAD}, TODO 4).`, `units должно быть { enum: UNITS } (${BAD}, TODO 4).`)).toEqual(
      [...bad.UNITS].sort(),
    );
    expect(propertyOf(tool, "days").minimum, say("days needs minimum: 1", "для days нужен `minimum: 1`")).toBe(1);
    expect(
      propertyOf(tool, "days").maximum,
      say(`days needs maximum: MAX_FORECAST_DAYS (${bad.MAX_FORECAST_DAYS})`, `для days нужен \`maximum: MAX_FORECAST_DAYS\` (${bad.MAX_FORECAST_DAYS})`),
    ).toBe(bad.MAX_FORECAST_DAYS);
    expect(
      requiredOf(tool),
      say("Only city is truly required: units and days have defaults.", "По-настоящему обязателен только `city`: у `units` и `days` есть значения по умолчанию."),
    ).toEqual(["city"]);
    expect(lessonCheckInput(tool.input_schema, { city: "Berlin" }), say("A call with only city must be valid.", "Вызов с одним city должен быть корректным.")).toEqual([]);
    const data = (await tool.run({ city: "Berlin" })) as { days: unknown[] };
    expect(data.days.length, say("Do not change run(): with no days given it returns 3 days.", "Не меняйте run(): без days он возвращает 3 дня.")).toBe(3);
  });

  it("orders: status as an enum, limit 1..MAX_ORDERS, only customer_email required", () => {
    const tool = bad.ordersTool;
    expect(
      enumOf(tool, "status"),
      say(`status should be { enum: ORDER_STATUSES } (${BAD}, TODO 5).`, `status должно быть { enum: ORDER_STATUSES } (${BAD}, TODO 5).`),
    ).toEqual([...bad.ORDER_STATUSES].sort());
    expect(propertyOf(tool, "limit").minimum, say("limit needs minimum: 1", "для limit нужен `minimum: 1`")).toBe(1);
    expect(propertyOf(tool, "limit").maximum, say(`limit needs maximum: MAX_ORDERS (${bad.MAX_ORDERS})`, `для limit нужен \`maximum: MAX_ORDERS\` (${bad.MAX_ORDERS})`)).toBe(
      bad.MAX_ORDERS,
    );
    expect(requiredOf(tool), say("Only customer_email is truly required.", "По-настоящему обязателен только customer_email.")).toEqual(["customer_email"]);
    expect(
      lessonCheckInput(tool.input_schema, { customer_email: "a@b.c", status: "lost" }).length,
      say("status 'lost' must be refused by the schema.", "status 'lost' должна отклонять схема."),
    ).toBe(1);
  });

  it("translate: target_language and formality as enums, formality optional", () => {
    const tool = bad.translateTool;
    expect(
      enumOf(tool, "target_language"),
      say(`target_language should be { enum: LANGUAGES } (${BAD}, TODO 6).`, `target_language должно быть { enum: LANGUAGES } (${BAD}, TODO 6).`),
    ).toEqual([...bad.LANGUAGES].sort());
    expect(enumOf(tool, "formality"), say("formality should be { enum: FORMALITY }.", "formality должно быть { enum: FORMALITY }.")).toEqual([...bad.FORMALITY].sort());
    expect(
      requiredOf(tool),
      say("text and target_language are required; formality has a default.", "`text` и target_language обязательны; у formality есть значение по умолчанию."),
    ).toEqual(["target_language", "text"]);
    expect(
      lessonCheckInput(tool.input_schema, { text: "Hi", target_language: "ru" }),
      say("A call without formality must be valid.", "Вызов без formality должен быть корректным."),
    ).toEqual([]);
  });
});

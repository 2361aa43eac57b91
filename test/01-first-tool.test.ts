// Checks for exercise 01 (search_contacts). Run them with: npm run check 1
// Each message says what was expected, what happened, and where to look.

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { searchContacts, searchContactsTool } from "@exercise/01-first-tool/search-contacts.ts";
import { CONTACTS } from "@exercise/01-first-tool/contacts.ts";
import { askOnce } from "../lessons/01-first-tool/agent.ts";
import { toolDefinitions } from "../lessons/01-first-tool/tool.ts";
import { createMockModel, reply, resultText } from "../shared/mock/mock-model.ts";
import { validateMessagesRequest } from "../shared/fake-api/validate-request.ts";
import { DEFAULT_MODEL } from "../shared/model.ts";
import { createClient } from "../shared/client.ts";
import { say } from "./helpers/say.ts";

const FILE = "exercises/01-first-tool/search-contacts.ts";
const offline = createClient({ offline: true }).client;
const people = [
  { name: "Olga Ivanova", email: "olga@example.com", phone: "+7 900 000-00-01" },
  { name: "Oleg Petrov", email: "oleg@example.com", phone: "+7 900 000-00-02" },
  { name: "Pavel Orlov", email: "pavel@example.com", phone: "+7 900 000-00-03" },
];

describe("searchContacts: the function the model never sees (TODO 1)", () => {
  it("finds a contact by part of the name, ignoring case", () => {
    const found = searchContacts("OLG", people).map((c) => c.name);
    expect(found, say(
      `searchContacts("OLG") should find "Olga Ivanova" (case-insensitive, part of the name). Look at TODO 1 in ${FILE}.`,
      `searchContacts("OLG") должна найти "Olga Ivanova" (без учёта регистра, по части имени). Смотрите TODO 1 в ${FILE}.`,
    )).toEqual([
      "Olga Ivanova",
    ]);
  });

  it("returns every match, not just the first", () => {
    const found = searchContacts("ov", people).map((c) => c.name);
    expect(found, say(
      'searchContacts("ov") should return all three people whose names contain "ov", in list order.',
      'searchContacts("ov") должна вернуть всех троих, в чьих именах есть "ov", в порядке списка.',
    )).toEqual([
      "Olga Ivanova",
      "Oleg Petrov",
      "Pavel Orlov",
    ]);
  });

  it("returns an empty list when nothing matches", () => {
    expect(searchContacts("zzz", people), say(
      'searchContacts("zzz") should return [] (no match is not an error).',
      'searchContacts("zzz") должна вернуть [] (ничего не найти — не ошибка).',
    )).toEqual([]);
  });

  it("searches the contact list from contacts.ts when no list is given", () => {
    const found = searchContacts("ann").map((c) => c.name);
    expect(found, say(
      `searchContacts("ann") with no second argument searches CONTACTS: "Anna Petrova" and "Anne Smith", in list order.`,
      `searchContacts("ann") без второго аргумента ищет в CONTACTS: "Anna Petrova" и "Anne Smith", в порядке списка.`,
    )).toEqual([
      "Anna Petrova",
      "Anne Smith",
    ]);
  });

  it("ignores case in every alphabet, not only A-Z", { tags: "hard" }, () => {
    const russian = [
      { name: "Ольга Смирнова", email: "olga@example.ru", phone: "+7 900 000-00-04" },
      { name: "Пётр Ёлкин", email: "petr@example.ru", phone: "+7 900 000-00-05" },
      { name: "Émile Zola", email: "emile@example.fr", phone: "+33 1 00 00 00 00" },
    ];
    for (const [query, expected] of [
      ["ОЛЬГА", "Ольга Смирнова"],
      ["смирн", "Ольга Смирнова"],
      ["ЁЛКИН", "Пётр Ёлкин"],
      ["émile", "Émile Zola"],
    ] as const) {
      const found = searchContacts(query, russian).map((c) => c.name);
      expect(
        found,
        say(
          `searchContacts(${JSON.stringify(query)}) should find "${expected}": our users write Russian, and "ignoring case" ` +
            `means every alphabet. Lower-case both sides with toLowerCase(), which knows Cyrillic; a hand-made A-Z rule does not (TODO 1 in ${FILE}).`,
          `searchContacts(${JSON.stringify(query)}) должна найти "${expected}": наши пользователи пишут по-русски, и «без учёта ` +
            `регистра» значит в любом алфавите. Приведите обе стороны к нижнему регистру через toLowerCase(), он знает кириллицу; ` +
            `самодельное правило для A-Z — нет (TODO 1 в ${FILE}).`,
        ),
      ).toEqual([expected]);
    }
  });

  it("ignores spaces around the query", { tags: "hard" }, () => {
    const found = searchContacts("  olga ", people).map((c) => c.name);
    expect(found, say(
      `searchContacts("  olga ") should find "Olga Ivanova": spaces around the query do not count (trim it).`,
      `searchContacts("  olga ") должна найти "Olga Ivanova": пробелы вокруг запроса не считаются (обрежьте их через trim()).`,
    )).toEqual([
      "Olga Ivanova",
    ]);
  });

  it("ignores tabs and line breaks around the query too, as trim() does", { tags: "hard" }, () => {
    for (const query of ["\tolga", "olga\n", "\r\n olga\t"]) {
      const found = searchContacts(query, people).map((c) => c.name);
      expect(
        found,
        say(
          `searchContacts(${JSON.stringify(query)}) returned ${JSON.stringify(found)}: whitespace around the query (spaces, tabs, line ` +
            `breaks, as a model or a paste can send) does not count, so it should find "Olga Ivanova". trim() removes every kind; ` +
            `a replace() of " " alone does not (TODO 1 in ${FILE}).`,
          `searchContacts(${JSON.stringify(query)}) вернула ${JSON.stringify(found)}: пробельные символы вокруг запроса (пробелы, ` +
            `табуляции, переводы строк — их присылает и модель, и вставка из буфера) не считаются, так что она должна найти ` +
            `"Olga Ivanova". trim() убирает их все; replace() одного " " — нет (TODO 1 в ${FILE}).`,
        ),
      ).toEqual(["Olga Ivanova"]);
    }
  });

  it("treats the query as text, not as a pattern: . ( * [ match only themselves", { tags: "hard" }, () => {
    const list = [...people, { name: "Anna (work)", email: "anna.work@example.com", phone: "+7 900 000-00-06" }];
    for (const [query, expected] of [
      [".", []],
      ["o.e", []],
      ["(work", ["Anna (work)"]],
      ["work)", ["Anna (work)"]],
      ["[a", []],
      ["*", []],
    ] as const) {
      let found: string[] | string;
      try {
        found = searchContacts(query, list).map((c) => c.name);
      } catch (error) {
        found = say("an error: ", "ошибка: ") + (error instanceof Error ? error.message : String(error));
      }
      expect(
        found,
        say(
          `searchContacts(${JSON.stringify(query)}) gave ${JSON.stringify(found)}: the user's text is data, so "${query}" should match ` +
            `only names containing those very characters. A RegExp built from the query reads "." as any character and "(" as a ` +
            `group; compare with includes() instead (TODO 1 in ${FILE}).`,
          `searchContacts(${JSON.stringify(query)}) дала ${JSON.stringify(found)}: текст пользователя — это данные, так что "${query}" ` +
            `должен находить только имена, где есть ровно эти символы. RegExp из запроса читает "." как любой символ, а "(" как ` +
            `группу; сравнивайте через includes() (TODO 1 в ${FILE}).`,
        ),
      ).toEqual([...expected]);
    }
  });

  it("returns every match however many there are, not the first few", () => {
    const many = Array.from({ length: 12 }, (_, i) => ({ name: `Anna ${i + 1}`, email: `anna${i + 1}@example.com`, phone: `+7 900 000-01-${String(i).padStart(2, "0")}` }));
    const found = searchContacts("anna", many).map((c) => c.name);
    expect(
      found.length,
      say(
        `searchContacts("anna") over 12 people called Anna returned ${found.length} of them: the README asks for every match. A ` +
          `model told of only some says the others do not exist (TODO 1 in ${FILE}).`,
        `searchContacts("anna") среди 12 человек по имени Anna вернула ${found.length}: README просит все совпадения. Модель, ` +
          `которой показали только часть, скажет, что остальных нет (TODO 1 в ${FILE}).`,
      ),
    ).toBe(12);
  });

  it("finds nobody for an empty or blank query, instead of everybody", { tags: "hard" }, () => {
    for (const query of ["", "   ", "\t"]) {
      const found = searchContacts(query, people).map((c) => c.name);
      expect(
        found,
        say(
          `searchContacts(${JSON.stringify(query)}) returned ${JSON.stringify(found)}. Every name "contains" the empty string, so a ` +
            `plain includes() hands the model the whole contact list for a search for nothing. An empty or blank query should return [] (TODO 1 in ${FILE}).`,
          `searchContacts(${JSON.stringify(query)}) вернула ${JSON.stringify(found)}. Пустая строка «содержится» в любом имени, так ` +
            `что простой includes() отдаёт модели весь список контактов на поиск ничего. Пустой запрос или запрос из одних пробелов ` +
            `должен вернуть [] (TODO 1 в ${FILE}).`,
        ),
      ).toEqual([]);
    }
  });

  it("returns exactly the matching contacts, for any names and queries (property, Latin and Cyrillic)", { tags: "hard" }, () => {
    const letters = [..."abcdeklmnoprstxyzABCDEKLMNOPRSTXYZéÉñÑабвгдеёжзиклмнопрстюяАБВГДЕЁЖЗИКЛМНОПРСТЮЯ "];
    const name = fc.string({ unit: fc.constantFrom(...letters), minLength: 1, maxLength: 12 });
    const list = fc.array(name, { minLength: 0, maxLength: 6 }).map((names) =>
      names.map((n, i) => ({ name: n, email: `p${i}@example.com`, phone: `+7 900 000-00-${String(i).padStart(2, "0")}` })),
    );
    // A query is often a piece of one of the names, re-cased at random, with spaces around it.
    const query = fc.oneof(
      name,
      fc.tuple(name, fc.nat(), fc.nat(), fc.boolean()).map(([n, a, b, upper]) => {
        const piece = n.slice(Math.min(a, b) % n.length, (Math.max(a, b) % n.length) + 1);
        return ` ${upper ? piece.toUpperCase() : piece.toLowerCase()} `;
      }),
    );
    fc.assert(
      fc.property(list, query, (contacts, q) => {
        const needle = q.trim().toLowerCase();
        const expected = needle === "" ? [] : contacts.filter((c) => c.name.toLowerCase().includes(needle));
        const found = searchContacts(q, contacts);
        expect(
          found.map((c) => c.email),
          say(
            `searchContacts(${JSON.stringify(q)}, [${contacts.map((c) => JSON.stringify(c.name)).join(", ")}]) should return exactly the ` +
              `contacts whose name contains the query (case ignored in any alphabet, spaces around it ignored, blank finds nobody), ` +
              `in list order, each once.`,
            `searchContacts(${JSON.stringify(q)}, [${contacts.map((c) => JSON.stringify(c.name)).join(", ")}]) должна вернуть ровно ` +
              `те контакты, в чьём имени есть запрос (регистр не важен ни в каком алфавите, пробелы вокруг не считаются, пустой ` +
              `запрос не находит никого), в порядке списка, каждый по разу.`,
          ),
        ).toEqual(expected.map((c) => c.email));
      }),
      { seed: 42, numRuns: 200 },
    );
  });
});

describe("search_contacts: the definition the model reads (TODOs 2 and 3)", () => {
  it("is a tool definition the Messages API accepts", () => {
    const problem = validateMessagesRequest({
      model: DEFAULT_MODEL,
      max_tokens: 100,
      tools: toolDefinitions([searchContactsTool]),
      messages: [{ role: "user", content: "hi" }],
    });
    expect(problem?.message, say(`The API would reject your tool definition in ${FILE}.`, `API отклонил бы определение инструмента в ${FILE}.`)).toBeUndefined();
    expect(searchContactsTool.name, say(
      "The tool must be called exactly 'search_contacts' (verb_noun, snake_case).",
      "Инструмент должен называться ровно 'search_contacts' (verb_noun, snake_case).",
    )).toBe(
      "search_contacts",
    );
  });

  // The description is graded by what the offline demo model does with it: like Claude, it picks a tool
  // by reading its description and schema, and it does not call a tool whose description is vague.
  it("the demo model calls it, with the name, when asked for someone's email or phone", async () => {
    for (const [task, part] of [
      ["What is Olga's email?", "olga"],
      ["Найди телефон Ольги", "ольг"],
      ["What is Ivan's phone number?", "ivan"],
    ] as const) {
      const first = await offline.messages.create({
        model: DEFAULT_MODEL,
        max_tokens: 500,
        tools: toolDefinitions([searchContactsTool]),
        messages: [{ role: "user", content: task }],
      });
      const call = first.content.find((block) => block.type === "tool_use");
      const said = first.content.map((block) => (block.type === "text" ? block.text : "")).join(" ").trim();
      expect(
        call?.name,
        say(
          `Offered your tool, the offline demo model did not call search_contacts for ${JSON.stringify(task)}. It said: «${said}» ` +
            `A model picks a tool from its description alone: say what the tool does (searches the user's contacts by name), when to ` +
            `use it, and what it returns (name, email and phone) (TODO 2 in ${FILE}).`,
          `Офлайн-демомодель получила ваш инструмент, но не вызвала search_contacts для ${JSON.stringify(task)}. Она ответила: «${said}» ` +
            `Модель выбирает инструмент только по описанию: скажите, что он делает (ищет контакты пользователя по имени), когда его ` +
            `вызывать и что он возвращает (имя, email и телефон) (TODO 2 в ${FILE}).`,
        ),
      ).toBe("search_contacts");
      const input = (call?.type === "tool_use" ? call.input : {}) as Record<string, unknown>;
      expect(
        String(input.name ?? "").toLowerCase(),
        say(
          `For ${JSON.stringify(task)} the model called search_contacts with ${JSON.stringify(input)}: the person's name should go in "name" (TODO 3 in ${FILE}).`,
          `На ${JSON.stringify(task)} модель вызвала search_contacts с ${JSON.stringify(input)}: имя человека должно попасть в "name" (TODO 3 в ${FILE}).`,
        ),
      ).toContain(part);
    }
  });

  it("the demo model tells 'nobody matches' from 'the search failed'", async () => {
    const answer = await askOnce(offline, "What is Zorro's email?", [searchContactsTool]);
    const cannotTell = /cannot tell/.test(answer);
    expect(
      answer,
      say(
        `Asked "What is Zorro's email?", the offline demo model answered: «${answer}» ` +
          (cannotTell
            ? `Your description does not say what happens when no contact matches, so the model could not tell "nobody" from "the tool ` +
              `failed". Add it, e.g. "When no contact matches, it says so: tell the user rather than guess." (TODO 2 in ${FILE}).`
            : `It should say that Zorro is not in the contacts: run() should return a sentence saying no contact matches (TODO 4), and ` +
              `the description should say that it does (TODO 2 in ${FILE}).`),
        `На вопрос "What is Zorro's email?" офлайн-демомодель ответила: «${answer}» ` +
          (cannotTell
            ? `В описании не сказано, что будет, если никто не нашёлся, поэтому модель не отличила «никого нет» от «инструмент ` +
              `сломался». Допишите это, например "When no contact matches, it says so: tell the user rather than guess." (TODO 2 в ${FILE}).`
            : `Она должна сказать, что Zorro нет в контактах: run() должна вернуть фразу о том, что совпадений нет (TODO 4), а ` +
              `описание — говорить, что так и будет (TODO 2 в ${FILE}).`),
      ),
    ).toMatch(/^Zorro is not in your contacts/);
  });

  it("has a `name` property: a described string, and required", () => {
    const schema = searchContactsTool.input_schema;
    const property = (schema.properties ?? {}) as Record<string, { type?: string; description?: string }>;
    expect(
      property.name?.type,
      say(
        `input_schema.properties.name should be { type: "string", description: "..." } (TODO 3 in ${FILE}); it is ${JSON.stringify(property.name)}.`,
        `input_schema.properties.name должно быть { type: "string", description: "..." } (TODO 3 в ${FILE}); сейчас это ${JSON.stringify(property.name)}.`,
      ),
    ).toBe("string");
    expect(
      (property.name?.description ?? "").length,
      say(
        "properties.name needs a description: the model reads it to know what to put there (e.g. \"the name or part of it\").",
        "properties.name нужно описание: по нему модель понимает, что туда класть (например, \"the name or part of it\").",
      ),
    ).toBeGreaterThanOrEqual(10);
    expect(
      schema.required ?? [],
      say(
        "`name` must be listed in input_schema.required: without it the model may call the tool with no name at all.",
        "`name` должно быть в input_schema.required: иначе модель может вызвать инструмент совсем без имени.",
      ),
    ).toContain("name");
  });

});

describe("search_contacts: run(), what the harness calls (TODO 4)", () => {
  it("run() gives the model name, email and phone of each match", async () => {
    const output = await searchContactsTool.run({ name: "ivan" });
    for (const expected of ["Ivan Sidorov", "ivan.sidorov@example.com", "+7 900 444-55-66", "Ivana Novak"]) {
      expect(output, say(
        `run({ name: "ivan" }) should include "${expected}" (TODO 4 in ${FILE}); it returned: ${output}`,
        `в ответе run({ name: "ivan" }) должно быть "${expected}" (TODO 4 в ${FILE}); она вернула: ${output}`,
      )).toContain(
        expected,
      );
    }
  });

  it("run() says so when no contact matches, naming the name", async () => {
    for (const name of ["Zorro", "Жорж"]) {
      const output = String(await searchContactsTool.run({ name }));
      expect(
        /\b(no|not found|nothing)\b/i.test(output) && output.includes(name),
        say(
          `run({ name: ${JSON.stringify(name)} }) should return a sentence saying that no contact matches, with the name in it, e.g. ` +
            `"No contact matches '${name}'.", so the model can tell the user what it looked for instead of guessing; it returned: ${JSON.stringify(output)}`,
          `run({ name: ${JSON.stringify(name)} }) должна вернуть фразу о том, что совпадений нет, с этим именем, например ` +
            `"No contact matches '${name}'.", чтобы модель сказала пользователю, что она искала, а не гадала; она вернула: ${JSON.stringify(output)}`,
        ),
      ).toBe(true);
    }
  });

  it("run() with no name, an empty one or a number: an error that asks for a name, not a crash", { tags: "hard" }, async () => {
    for (const input of [{}, { name: "" }, { name: "   " }, { name: 42 }]) {
      let message = "";
      let crashed = false;
      let output: unknown;
      try {
        output = await searchContactsTool.run(input as { name: string });
      } catch (error) {
        message = error instanceof Error ? error.message : String(error);
        crashed = error instanceof TypeError;
      }
      if (message.includes("not implemented yet")) expect.fail(message);
      expect(
        crashed || /cannot read|is not a function/i.test(message),
        say(
          `run(${JSON.stringify(input)}) crashed inside the code ("${message}"). Check input.name first: when it is not a non-empty ` +
            `string, throw your own Error that says a name is needed, with an example (TODO 4 in ${FILE}).`,
          `run(${JSON.stringify(input)}) упала внутри кода ("${message}"). Сначала проверьте input.name: если это не непустая ` +
            `строка, бросьте свой Error, который говорит, что нужно имя, и показывает пример (TODO 4 в ${FILE}).`,
        ),
      ).toBe(false);
      expect(
        message,
        say(
          `run(${JSON.stringify(input)}) should throw an Error saying a name is needed, with an example such as {"name": "Anna"}: ` +
            `the model sent a bad input and must be told how to fix it. ${message ? `It threw: ${message}` : `It returned: ${JSON.stringify(output)}`} (TODO 4 in ${FILE}).`,
          `run(${JSON.stringify(input)}) должна бросить Error о том, что нужно имя, с примером вроде {"name": "Anna"}: ` +
            `модель прислала плохой ввод, и ей нужно сказать, как его исправить. ${message ? `Она бросила: ${message}` : `Она вернула: ${JSON.stringify(output)}`} (TODO 4 в ${FILE}).`,
        ),
      ).toMatch(/name/i);
    }
  });

  it("run()'s error for a missing name is an Error that shows an example input", { tags: "hard" }, async () => {
    let thrown: unknown;
    try {
      await searchContactsTool.run({} as { name: string });
    } catch (error) {
      thrown = error;
    }
    expect(
      thrown instanceof Error,
      say(
        `run({}) threw ${typeof thrown === "string" ? `a string (${JSON.stringify(thrown)})` : String(thrown)}, not an Error: throw new Error("...") ` +
          `so the harness (and any code reading error.message) gets the message (TODO 4 in ${FILE}).`,
        `run({}) бросила ${typeof thrown === "string" ? `строку (${JSON.stringify(thrown)})` : String(thrown)}, а не Error: пишите throw new Error("..."), ` +
          `чтобы обвязка (и любой код, читающий error.message) получила сообщение (TODO 4 в ${FILE}).`,
      ),
    ).toBe(true);
    const message = thrown instanceof Error ? thrown.message : "";
    expect(
      /e\.g\.|example|such as|for instance|\{\s*"?name"?\s*:/i.test(message),
      say(
        `run({})'s error says ${JSON.stringify(message)}: the README asks for an example, e.g. {"name": "Anna"}, so the model sees ` +
          `the shape of a good input instead of guessing it (TODO 4 in ${FILE}).`,
        `ошибка run({}) говорит ${JSON.stringify(message)}: README просит пример, например {"name": "Anna"}, чтобы модель видела ` +
          `форму правильного ввода, а не угадывала её (TODO 4 в ${FILE}).`,
      ),
    ).toBe(true);
  });
});

describe("search_contacts in a round trip with the model (TODO 4)", () => {
  it("answers the model's tool_use with a tool_result carrying the contact", async () => {
    const mock = createMockModel([
      reply.toolUse("search_contacts", { name: "anna" }),
      reply.text("Anna Petrova: anna.petrova@example.com, +7 900 111-22-33."),
    ]);
    const answer = await askOnce(mock.client, "What is Anna's email?", [searchContactsTool]);

    const sentTools = mock.requests[0]?.tools?.map((t) => ("name" in t ? t.name : t.type));
    expect(sentTools, say("The first request should offer the search_contacts tool.", "Первый запрос должен предлагать инструмент search_contacts.")).toEqual(["search_contacts"]);
    const result = mock.toolResults()[0];
    expect(result?.is_error ?? false, say(`The tool failed when the model called it: ${resultText(result)}`, `Инструмент упал, когда его вызвала модель: ${resultText(result)}`)).toBe(false);
    expect(resultText(result), say("The tool_result sent back to the model should contain Anna's email.", "В tool_result, который уходит модели, должен быть email Анны.")).toContain(
      "anna.petrova@example.com",
    );
    expect(answer).toContain("anna.petrova@example.com");
    mock.assertAllUsed();
  });
});

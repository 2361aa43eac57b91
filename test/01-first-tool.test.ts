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
    expect(found, `searchContacts("OLG") should find "Olga Ivanova" (case-insensitive, part of the name). Look at TODO 1 in ${FILE}.`).toEqual([
      "Olga Ivanova",
    ]);
  });

  it("returns every match, not just the first", () => {
    const found = searchContacts("ov", people).map((c) => c.name);
    expect(found, 'searchContacts("ov") should return all three people whose names contain "ov", in list order.').toEqual([
      "Olga Ivanova",
      "Oleg Petrov",
      "Pavel Orlov",
    ]);
  });

  it("returns an empty list when nothing matches", () => {
    expect(searchContacts("zzz", people), 'searchContacts("zzz") should return [] (no match is not an error).').toEqual([]);
  });

  it("searches the contact list from contacts.ts when no list is given", () => {
    const found = searchContacts("ann").map((c) => c.name);
    expect(found, `searchContacts("ann") with no second argument searches CONTACTS: "Anna Petrova" and "Anne Smith", in list order.`).toEqual([
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
        `searchContacts(${JSON.stringify(query)}) should find "${expected}": our users write Russian, and "ignoring case" ` +
          `means every alphabet. Lower-case both sides with toLowerCase(), which knows Cyrillic; a hand-made A-Z rule does not (TODO 1 in ${FILE}).`,
      ).toEqual([expected]);
    }
  });

  it("ignores spaces around the query", { tags: "hard" }, () => {
    const found = searchContacts("  olga ", people).map((c) => c.name);
    expect(found, `searchContacts("  olga ") should find "Olga Ivanova": spaces around the query do not count (trim it).`).toEqual([
      "Olga Ivanova",
    ]);
  });

  it("ignores tabs and line breaks around the query too, as trim() does", { tags: "hard" }, () => {
    for (const query of ["\tolga", "olga\n", "\r\n olga\t"]) {
      const found = searchContacts(query, people).map((c) => c.name);
      expect(
        found,
        `searchContacts(${JSON.stringify(query)}) returned ${JSON.stringify(found)}: whitespace around the query (spaces, tabs, line ` +
          `breaks, as a model or a paste can send) does not count, so it should find "Olga Ivanova". trim() removes every kind; ` +
          `a replace() of " " alone does not (TODO 1 in ${FILE}).`,
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
        found = `an error: ${error instanceof Error ? error.message : String(error)}`;
      }
      expect(
        found,
        `searchContacts(${JSON.stringify(query)}) gave ${JSON.stringify(found)}: the user's text is data, so "${query}" should match ` +
          `only names containing those very characters. A RegExp built from the query reads "." as any character and "(" as a ` +
          `group; compare with includes() instead (TODO 1 in ${FILE}).`,
      ).toEqual([...expected]);
    }
  });

  it("returns every match however many there are, not the first few", () => {
    const many = Array.from({ length: 12 }, (_, i) => ({ name: `Anna ${i + 1}`, email: `anna${i + 1}@example.com`, phone: `+7 900 000-01-${String(i).padStart(2, "0")}` }));
    const found = searchContacts("anna", many).map((c) => c.name);
    expect(
      found.length,
      `searchContacts("anna") over 12 people called Anna returned ${found.length} of them: the README asks for every match. A ` +
        `model told of only some says the others do not exist (TODO 1 in ${FILE}).`,
    ).toBe(12);
  });

  it("finds nobody for an empty or blank query, instead of everybody", { tags: "hard" }, () => {
    for (const query of ["", "   ", "\t"]) {
      const found = searchContacts(query, people).map((c) => c.name);
      expect(
        found,
        `searchContacts(${JSON.stringify(query)}) returned ${JSON.stringify(found)}. Every name "contains" the empty string, so a ` +
          `plain includes() hands the model the whole contact list for a search for nothing. An empty or blank query should return [] (TODO 1 in ${FILE}).`,
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
          `searchContacts(${JSON.stringify(q)}, [${contacts.map((c) => JSON.stringify(c.name)).join(", ")}]) should return exactly the ` +
            `contacts whose name contains the query (case ignored in any alphabet, spaces around it ignored, blank finds nobody), ` +
            `in list order, each once.`,
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
    expect(problem?.message, `The API would reject your tool definition in ${FILE}.`).toBeUndefined();
    expect(searchContactsTool.name, "The tool must be called exactly 'search_contacts' (verb_noun, snake_case).").toBe(
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
        `Offered your tool, the offline demo model did not call search_contacts for ${JSON.stringify(task)}. It said: «${said}» ` +
          `A model picks a tool from its description alone: say what the tool does (searches the user's contacts by name), when to ` +
          `use it, and what it returns (name, email and phone) (TODO 2 in ${FILE}).`,
      ).toBe("search_contacts");
      const input = (call?.type === "tool_use" ? call.input : {}) as Record<string, unknown>;
      expect(
        String(input.name ?? "").toLowerCase(),
        `For ${JSON.stringify(task)} the model called search_contacts with ${JSON.stringify(input)}: the person's name should go in "name" (TODO 3 in ${FILE}).`,
      ).toContain(part);
    }
  });

  it("the demo model tells 'nobody matches' from 'the search failed'", async () => {
    const answer = await askOnce(offline, "What is Zorro's email?", [searchContactsTool]);
    const cannotTell = /cannot tell/.test(answer);
    expect(
      answer,
      `Asked "What is Zorro's email?", the offline demo model answered: «${answer}» ` +
        (cannotTell
          ? `Your description does not say what happens when no contact matches, so the model could not tell "nobody" from "the tool ` +
            `failed". Add it, e.g. "When no contact matches, it says so: tell the user rather than guess." (TODO 2 in ${FILE}).`
          : `It should say that Zorro is not in the contacts: run() should return a sentence saying no contact matches (TODO 4), and ` +
            `the description should say that it does (TODO 2 in ${FILE}).`),
    ).toMatch(/^Zorro is not in your contacts/);
  });

  it("has a `name` property: a described string, and required", () => {
    const schema = searchContactsTool.input_schema;
    const property = (schema.properties ?? {}) as Record<string, { type?: string; description?: string }>;
    expect(
      property.name?.type,
      `input_schema.properties.name should be { type: "string", description: "..." } (TODO 3 in ${FILE}); it is ${JSON.stringify(property.name)}.`,
    ).toBe("string");
    expect(
      (property.name?.description ?? "").length,
      "properties.name needs a description: the model reads it to know what to put there (e.g. \"the name or part of it\").",
    ).toBeGreaterThanOrEqual(10);
    expect(
      schema.required ?? [],
      "`name` must be listed in input_schema.required: without it the model may call the tool with no name at all.",
    ).toContain("name");
  });

});

describe("search_contacts: run(), what the harness calls (TODO 4)", () => {
  it("run() gives the model name, email and phone of each match", async () => {
    const output = await searchContactsTool.run({ name: "ivan" });
    for (const expected of ["Ivan Sidorov", "ivan.sidorov@example.com", "+7 900 444-55-66", "Ivana Novak"]) {
      expect(output, `run({ name: "ivan" }) should include "${expected}" (TODO 4 in ${FILE}); it returned: ${output}`).toContain(
        expected,
      );
    }
  });

  it("run() says so when no contact matches, naming the name", async () => {
    for (const name of ["Zorro", "Жорж"]) {
      const output = String(await searchContactsTool.run({ name }));
      expect(
        /\b(no|not found|nothing)\b/i.test(output) && output.includes(name),
        `run({ name: ${JSON.stringify(name)} }) should return a sentence saying that no contact matches, with the name in it, e.g. ` +
          `"No contact matches '${name}'.", so the model can tell the user what it looked for instead of guessing; it returned: ${JSON.stringify(output)}`,
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
        `run(${JSON.stringify(input)}) crashed inside the code ("${message}"). Check input.name first: when it is not a non-empty ` +
          `string, throw your own Error that says a name is needed, with an example (TODO 4 in ${FILE}).`,
      ).toBe(false);
      expect(
        message,
        `run(${JSON.stringify(input)}) should throw an Error saying a name is needed, with an example such as {"name": "Anna"}: ` +
          `the model sent a bad input and must be told how to fix it. ${message ? `It threw: ${message}` : `It returned: ${JSON.stringify(output)}`} (TODO 4 in ${FILE}).`,
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
      `run({}) threw ${typeof thrown === "string" ? `a string (${JSON.stringify(thrown)})` : String(thrown)}, not an Error: throw new Error("...") ` +
        `so the harness (and any code reading error.message) gets the message (TODO 4 in ${FILE}).`,
    ).toBe(true);
    const message = thrown instanceof Error ? thrown.message : "";
    expect(
      /e\.g\.|example|such as|for instance|\{\s*"?name"?\s*:/i.test(message),
      `run({})'s error says ${JSON.stringify(message)}: the README asks for an example, e.g. {"name": "Anna"}, so the model sees ` +
        `the shape of a good input instead of guessing it (TODO 4 in ${FILE}).`,
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
    expect(sentTools, "The first request should offer the search_contacts tool.").toEqual(["search_contacts"]);
    const result = mock.toolResults()[0];
    expect(result?.is_error ?? false, `The tool failed when the model called it: ${resultText(result)}`).toBe(false);
    expect(resultText(result), "The tool_result sent back to the model should contain Anna's email.").toContain(
      "anna.petrova@example.com",
    );
    expect(answer).toContain("anna.petrova@example.com");
    mock.assertAllUsed();
  });
});

// Checks for exercise 01 (search_contacts). Run them with: npm run check 1
// Each message says what was expected, what happened, and where to look.

import { describe, expect, it } from "vitest";
import { searchContacts, searchContactsTool } from "@exercise/01-first-tool/search-contacts.ts";
import { askOnce } from "../lessons/01-first-tool/agent.ts";
import { toolDefinitions } from "../lessons/01-first-tool/tool.ts";
import { createMockModel, reply, resultText } from "../shared/mock/mock-model.ts";
import { validateMessagesRequest } from "../shared/fake-api/validate-request.ts";

const FILE = "exercises/01-first-tool/search-contacts.ts";
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
});

describe("search_contacts: the definition the model reads (TODOs 2 and 3)", () => {
  it("is a tool definition the Messages API accepts", () => {
    const problem = validateMessagesRequest({
      model: "claude-haiku-5-5",
      max_tokens: 100,
      tools: toolDefinitions([searchContactsTool]),
      messages: [{ role: "user", content: "hi" }],
    });
    expect(problem?.message, `The API would reject your tool definition in ${FILE}.`).toBeUndefined();
    expect(searchContactsTool.name, "The tool must be called exactly 'search_contacts' (verb_noun, snake_case).").toBe(
      "search_contacts",
    );
  });

  it("has a description that says what it returns and when to use it", () => {
    const description = searchContactsTool.description.toLowerCase();
    expect(
      description.length,
      `The description is the model's only guide (TODO 2 in ${FILE}). Write 2-4 sentences; it has ${description.length} characters.`,
    ).toBeGreaterThanOrEqual(60);
    for (const field of ["email", "phone"]) {
      expect(
        description,
        `The description should say what the tool returns (name, email and phone); it does not mention "${field}".`,
      ).toContain(field);
    }
    expect(
      /\b(use (it |this )?(when|whenever|to|for)|when the user|if the user)\b/.test(description),
      'The description should say when to use the tool, e.g. "Use it when the user asks for someone\'s email or phone."',
    ).toBe(true);
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

  it("run() says so when no contact matches", async () => {
    const output = String(await searchContactsTool.run({ name: "Zorro" }));
    expect(
      /\b(no|not found|nothing)\b/i.test(output) && output.includes("Zorro"),
      `run({ name: "Zorro" }) should return a sentence saying no contact matches 'Zorro', so the model does not guess; it returned: ${JSON.stringify(output)}`,
    ).toBe(true);
  });
});

describe("search_contacts in a round trip with the model", () => {
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

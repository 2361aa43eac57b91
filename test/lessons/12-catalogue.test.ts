// Lesson 12's catalogue (catalogue.ts, business-tools.ts) and its Russian dictionary (search-terms.ts):
// what part 3 relies on. The search itself is checked by exercise 12's checks, which run the lesson's
// own searchTools, regexRank and toolSearchTool too (LESSON_WORDS in shared/cli/hint-answers.ts).

import { describe, expect, it } from "vitest";
import { toolCatalogue, type CatalogueTool } from "../../lessons/12-tools-at-scale/catalogue.ts";
import { RU_TERMS, tokenize } from "../../lessons/12-tools-at-scale/search-terms.ts";
import { searchTools } from "../../lessons/12-tools-at-scale/tool-search.ts";

const catalogue = toolCatalogue();
const properties = (tool: CatalogueTool) => (tool.input_schema.properties ?? {}) as Record<string, { type?: string; description?: string; enum?: unknown[] }>;

describe("lesson 12's catalogue", () => {
  it("holds 200+ tools with unique names the API accepts", () => {
    expect(catalogue.length).toBeGreaterThanOrEqual(200);
    const names = catalogue.map((tool) => tool.name);
    expect(new Set(names).size, "no name twice").toBe(names.length);
    expect(names.filter((name) => !/^[a-zA-Z0-9_-]{1,64}$/.test(name))).toEqual([]);
  });

  it("starts with the course's own tools, imported from the lessons that built them", () => {
    const course = ["get_exchange_rate", "calculate", "save_to_file", "read_file", "plan_email", "send_email", "remember", "forget", "set_preference", "add_row", "edit_file"];
    expect(catalogue.slice(0, course.length).map((tool) => tool.name)).toEqual(course);
  });

  it("describes every tool and every parameter, and each enum is a list of strings", () => {
    for (const tool of catalogue) {
      expect(tool.description.length, tool.name).toBeGreaterThan(20);
      expect(tool.input_schema.type, tool.name).toBe("object");
      for (const [name, schema] of Object.entries(properties(tool))) {
        expect(schema.description, `${tool.name}.${name} has no description`).toEqual(expect.any(String));
        if (schema.enum) expect(schema.enum.every((value) => typeof value === "string"), `${tool.name}.${name}`).toBe(true);
      }
    }
  });

  it("its input_examples fit their schemas: every required key, no unknown one, enum values from the enum", () => {
    const withExamples = catalogue.filter((tool) => tool.input_examples);
    expect(withExamples.length).toBeGreaterThan(40);
    for (const tool of withExamples) {
      const props = properties(tool);
      for (const example of tool.input_examples!) {
        for (const key of (tool.input_schema.required ?? []) as string[]) expect(example, `${tool.name} example lacks ${key}`).toHaveProperty(key);
        for (const [key, value] of Object.entries(example)) {
          expect(props[key], `${tool.name} example has unknown ${key}`).toBeDefined();
          if (props[key]!.enum) expect(props[key]!.enum, `${tool.name}.${key}`).toContain(value);
          const type = props[key]!.type;
          const matches = type === "integer" ? Number.isInteger(value) : type === "number" ? typeof value === "number" : typeof value === type;
          expect(matches, `${tool.name}.${key} = ${JSON.stringify(value)} is not a ${type}`).toBe(true);
        }
      }
    }
  });

  it("has the near-duplicates a real catalogue has", () => {
    const names = new Set(catalogue.map((tool) => tool.name));
    for (const name of ["crm_search_contacts", "crm_find_contact", "contacts_lookup", "people_search", "track_package", "shipping_get_shipment", "get_exchange_rate", "finance_convert_currency"]) {
      expect(names.has(name), name).toBe(true);
    }
  });

  it("is the same on every call, and each call gets its own copy", () => {
    const first = toolCatalogue();
    first[0]!.defer_loading = true;
    (first[1]!.input_schema.properties as Record<string, unknown>).extra = {};
    expect(toolCatalogue()).toEqual(catalogue);
  });
});

describe("the Russian dictionary", () => {
  it("holds stems as tokenize leaves them (lower case, е for ё), each with English words the catalogue uses", () => {
    const words = new Set(catalogue.flatMap((tool) => tokenize([tool.name, tool.description, ...Object.entries(properties(tool)).map(([n, s]) => `${n} ${s.description}`)].join(" "))));
    for (const [stem, english] of Object.entries(RU_TERMS)) {
      expect(tokenize(stem), stem).toEqual([stem]);
      // queryTerms puts these words in the query as they are, so they must be what tokenize makes of them.
      for (const word of english) expect(tokenize(word), `${stem}: ${word}`).toEqual([word]);
      expect(english.filter((word) => !words.has(word)), `${stem}: words no tool uses`).toEqual([]);
    }
  });

  it("finds the tool a Russian query asks for", () => {
    const first = (query: string) => searchTools(catalogue, query)[0]?.tool_name;
    expect(first("курс доллара к евро")).toBe("get_exchange_rate");
    expect(first("найти контакт клиента")).toBe("crm_find_contact");
    expect(first("запомни, что я люблю чай")).toBe("remember");
  });
});

// The rule that finds English left in Russian output (shared/cli/latin-prose.ts), on lines the course
// really printed before it was translated, and on the things it must let through: code, names, JSON,
// quotes, commands, diffs, code frames, tool results. npm test applies it to every lesson's sample run
// in Russian (step 4) and to the Russian check messages (step 3); the workbench tests to check and hint.

import { describe, expect, it } from "vitest";
import { authoredPart, findLatinProse, proseWords } from "../../shared/cli/latin-prose.ts";

describe("a line of English prose is found", () => {
  it.each([
    "  ✓ gate: edit_file runs: allowed by the rule edit_file(path=src/*)",
    "  · claude-haiku-5-5 (cheap: 2 steps) · 3192 на входе / 69 на выходе · $0.0004",
    "Я не стал запускать mcp__notes__add_note: the hook business-hours refused this call.",
    "  (no terminal: calls that need approval will be refused, not asked about)",
    "Источник курсов: demo table (set LIVE_RATES_URL for live rates).",
    "Unknown command 'teach'. Use one of: lesson, check, watch.",
  ])("%s", (line) => {
    expect(findLatinProse(line), line).toHaveLength(1);
  });
});

describe("what is not prose passes", () => {
  it.each([
    ["Russian with names in it", "Записал лида (leads.csv, строка 1): @mining_pro — Ищу поставщика ASIC."],
    ["a tool call and its JSON", '  → get_exchange_rate {"from_currency":"USD","to_currency":"RUB"}'],
    ["a tool result, as the model got it", "  ← save_to_file error: Not run: save_to_file needs the user's approval."],
    ["a command the learner types", 'Попробуйте ещё: npm run lesson 1 -- "How many euros is one dollar?"'],
    ["a quoted task", "Задача: «What is the USD to RUB rate?»"],
    ["a code span", "Замените `result += price` на `Math.round(price * 100) / 100`."],
    ["a code frame", "  > 11 |   throw new Error("],
    ["a URL, a model id, a flag, an env variable", "Откройте https://console.anthropic.com/settings/keys, --model claude-haiku-5-5, ANTHROPIC_API_KEY"],
    ["product names", "Для Claude Desktop нужен Node: проверьте nvm."],
    ["an object literal", 'должно быть { type: "string", description: "..." }'],
    ["one English word alone (a name the sentence uses)", "Изменение видно в diff выше, матчер exact."],
  ])("%s", (_, line) => {
    expect(findLatinProse(line), proseWords(line).join(" ")).toEqual([]);
  });

  it("a diff's lines are code, until a line indented less than its header", () => {
    const output = ["    --- README.md", "    +++ README.md", "    @@ -6,3 +6,3 @@", "     ", "     - [x] total and average", "    -- [ ] TODO: round to cents", "  ← Edited README.md", "and then some English prose"].join("\n");
    expect(findLatinProse(output).map((f) => f.line)).toEqual([8]);
  });

  it("the caller may exempt lines of its own (a check title, which hints quote in English)", () => {
    const line = "Первая непройденная проверка: searchContacts: the function the model never sees (TODO 1)";
    expect(findLatinProse(line)).toHaveLength(1);
    expect(findLatinProse(line, (l) => l.startsWith("Первая непройденная проверка:"))).toEqual([]);
  });
});

describe("a check's message, without what its author did not write", () => {
  it("drops vitest's comparison, fast-check's report and the learner's own error", () => {
    expect(authoredPart("searchContacts должна вернуть []: expected [ 'a' ] to deeply equal []")).toBe("searchContacts должна вернуть []");
    expect(authoredPart("Property failed after 17 tests\n{ seed: 42, path: \"1\" }\nCounterexample: [1]\nShrunk 4 time(s)\nHint: Enable verbose mode")).toBe("");
    expect(authoredPart('Инструмент упал: not implemented yet: search_contacts.run({"name":"anna"}) in x.ts')).toBe("Инструмент упал: ");
    expect(findLatinProse(authoredPart("The tool failed when the model called it: expected true to be false"))).toHaveLength(1);
  });
});

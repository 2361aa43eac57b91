// Checks for exercise 12 (a tool search of your own, and the cache breakpoint). Run them with:
// npm run check 12
// The search runs over the lesson's catalogue (246 tools) and over small catalogues made up for one
// check each, where the right order can be worked out by hand.

import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { toolCatalogue, type CatalogueTool } from "../lessons/12-tools-at-scale/catalogue.ts";
import { englishFor, queryTerms, toolTerms, toolText } from "@exercise/12-tools-at-scale/search-terms.ts";
import { B, bm25Rank, K1, MAX_K, MAX_PATTERN_CHARS, regexRank, searchTools, ToolSearchError, toolSearchTool, type ToolReference } from "@exercise/12-tools-at-scale/tool-search.ts";
import { withCacheBreakpoint, type CacheableRequest } from "@exercise/12-tools-at-scale/cache-breakpoint.ts";
import type Anthropic from "@anthropic-ai/sdk";
import { inContext } from "../shared/fake-api/deferred-tools.ts";
import { createMockModel, reply } from "../shared/mock/mock-model.ts";
import { modelName } from "../shared/model.ts";
import { failWith } from "./helpers/fail-with.ts";
import { say } from "./helpers/say.ts";

const TERMS = "exercises/12-tools-at-scale/search-terms.ts";
const SEARCH = "exercises/12-tools-at-scale/tool-search.ts";
const CACHE = "exercises/12-tools-at-scale/cache-breakpoint.ts";

const catalogue = toolCatalogue();

function tool(name: string, description: string, properties: Record<string, { type: string; description?: string }> = {}): CatalogueTool {
  return { name, description, input_schema: { type: "object", properties } };
}

const names = (references: ToolReference[]) => references.map((reference) => reference.tool_name);
const show = (value: unknown) => JSON.stringify(value);

// The error a call threw, or a failure saying it threw none.
function refusal(call: () => unknown, what: string, russian: string): Error {
  try {
    call();
  } catch (error) {
    return error as Error;
  }
  throw new Error(say(`${what} returned instead of throwing a ToolSearchError.`, `${russian} вернула значение, а должна была бросить ToolSearchError.`));
}

function expectToolSearchError(error: Error, words: string[], what: string, russian: string, file = SEARCH): void {
  if (!(error instanceof ToolSearchError)) {
    failWith(
      say(
        `${what} threw ${error.name} ("${error.message}"), not a ToolSearchError: throw new ToolSearchError(...) with a message for the model (${file}).`,
        `${russian} бросила ${error.name} ("${error.message}"), а не ToolSearchError: бросьте new ToolSearchError(...) с сообщением для модели (${file}).`,
      ),
      error,
    );
  }
  for (const word of words) {
    expect(
      error.message,
      say(`${what}: the model reads this message to correct its call; it should say ${show(word)}.`, `${russian}: модель читает это сообщение, чтобы исправить вызов; в нём должно быть ${show(word)}.`),
    ).toContain(word);
  }
}

// --- TODO 1 ------------------------------------------------------------------------------------------

describe("what a search reads: toolText (TODO 1)", () => {
  const probe = tool("stock_probe", "Units on hand in one place.", {
    sku: { type: "string", description: "Code of the product." },
    warehouse: { type: "string" },
  });

  it("holds the name first, the description, and each parameter's name and description", () => {
    const text = toolText(probe);
    expect(text.startsWith("stock_probe"), say(`toolText should start with the tool's name; it gave ${show(text)} (TODO 1 in ${TERMS}).`, `toolText должна начинаться с имени инструмента; получилось ${show(text)} (TODO 1 в ${TERMS}).`)).toBe(true);
    expect(text, say("toolText should hold the tool's description.", "В toolText должно быть описание инструмента.")).toContain("Units on hand in one place.");
    expect(text, say("toolText should hold each parameter's name: `sku` is only in the inventory tools' parameters.", "В toolText должно быть имя каждого параметра: `sku` есть только в параметрах складских инструментов.")).toMatch(/\bsku\b/);
    expect(text, say("toolText should hold each parameter's description too (`sku: Code of the product.`).", "В toolText должно быть и описание каждого параметра (`sku: Code of the product.`).")).toContain("Code of the product.");
    expect(text, say("A parameter with no description still counts: its name is in the text.", "Параметр без описания тоже считается: его имя есть в тексте.")).toMatch(/\bwarehouse\b/);
    expect(text, say("A parameter with no description is its name alone, not `warehouse: undefined`.", "Параметр без описания — это одно его имя, а не `warehouse: undefined`.")).not.toContain("undefined");
    const lines = text.split("\n");
    expect(lines.includes("sku: Code of the product.") && lines.includes("warehouse"), say(`toolText puts each parameter on a line of its own (\`sku: Code of the product.\`, then \`warehouse\`), not all on one line: a regex's \`^\` and \`.\` stop at a line's end, so "^crm_.*contact" reads the name's line only. It gave ${show(text)}.`, `toolText пишет каждый параметр на отдельной строке (\`sku: Code of the product.\`, затем \`warehouse\`), а не всё в одну строку: \`^\` и \`.\` регулярного выражения останавливаются на конце строки, так что "^crm_.*contact" читает только строку с именем. Получилось ${show(text)}.`)).toBe(true);
    expect(toolTerms(probe), say("The words of the text (toolTerms) should include the parameter's description's words.", "Слова текста (toolTerms) должны включать слова описания параметра.")).toContain("product");
  });

  it("reads a tool with no properties as its name and description", () => {
    const bare: CatalogueTool = { name: "ping_service", description: "Check that the service answers.", input_schema: { type: "object" } };
    let text: string;
    try {
      text = toolText(bare);
    } catch (error) {
      return failWith(say(`toolText threw for a tool without properties: read input_schema.properties ?? {} (TODO 1 in ${TERMS}).`, `toolText бросила исключение для инструмента без properties: читайте input_schema.properties ?? {} (TODO 1 в ${TERMS}).`), error);
    }
    expect(text, say("the name and the description of a tool without parameters", "имя и описание инструмента без параметров")).toContain("ping_service");
    expect(text, say("the name and the description of a tool without parameters", "имя и описание инструмента без параметров")).toContain("Check that the service answers.");
  });
});

// --- TODO 2 ------------------------------------------------------------------------------------------

describe("BM25 ranking (TODO 2)", () => {
  const best = (query: string) => bm25Rank(catalogue, queryTerms(query), 5);

  it("finds the right tool first in the lesson's catalogue for plain English queries", () => {
    const cases: Array<[string, string]> = [
      ["track a parcel by its tracking number", "track_package"],
      ["create an invoice", "billing_create_invoice"],
      ["find a contact by email", "crm_find_contact"],
      ["exchange rate", "get_exchange_rate"],
      ["how many units of a product can be sold", "inventory_check_availability"],
      ["edit a file", "edit_file"],
    ];
    for (const [query, expected] of cases) {
      const found = best(query);
      expect(found[0], say(`bm25Rank for ${show(query)} gave ${show(found)}; ${expected} should come first (TODO 2 in ${SEARCH}).`, `bm25Rank для ${show(query)} дала ${show(found)}; первым должен быть ${expected} (TODO 2 в ${SEARCH}).`)).toBe(expected);
    }
  });

  it("a word few tools hold counts for more than a word every tool holds (idf)", () => {
    const small = [
      tool("list_boxes", "List the boxes, the crates and the pallets in the store, by the shelf."),
      tool("archive_invoice", "Archive an invoice."),
      tool("print_label", "Print the label."),
      tool("close_ticket", "Close the ticket."),
      tool("send_report", "Send the report."),
    ];
    const found = bm25Rank(small, ["the", "invoice"], 5);
    const most = [tool("zeta_tool", "Archive an invoice."), tool("alpha_tool", "Archive an invoice."), tool("other_tool", "Weather.")];
    expect(bm25Rank(most, ["invoice"], 5), say("A word most tools hold (2 of 3) still scores above 0: `idf = ln(1 + (N - n + 0.5) / (n + 0.5))`; without the `1 +` the idf goes negative and such tools vanish.", "Слово, которое есть у большинства инструментов (2 из 3), всё равно даёт счёт больше 0: `idf = ln(1 + (N - n + 0.5) / (n + 0.5))`; без `1 +` idf становится отрицательным и такие инструменты пропадают.")).toEqual(["zeta_tool", "alpha_tool"]);
    expect(found[0], say(`For \`[the, invoice]\` the tool about invoices should come first, not the one that says \`the\` most: weigh each word by \`idf = ln(1 + (N - n + 0.5) / (n + 0.5))\`. Got ${show(found)}.`, `Для \`[the, invoice]\` первым должен быть инструмент про счета, а не тот, где чаще всего \`the\`: взвешивайте каждое слово через \`idf = ln(1 + (N - n + 0.5) / (n + 0.5))\`. Получилось ${show(found)}.`)).toBe("archive_invoice");
    // idf exactly: a word in 1 of 4 tools against one in 2 of 4, where ln(1 + (N − n + 0.5) / (n + 0.5)) puts b_tool first.
    const four = [tool("a_tool", "Rare w0 w1 w2 w3."), tool("b_tool", "Common common common."), tool("c_tool", "Common."), tool("d_tool", "Other.")];
    const order = bm25Rank(four, ["rare", "common"], 5);
    expect(order, say(`For [rare, common] the README's idf gives b_tool, a_tool, c_tool; got ${show(order)}. Check \`idf = ln(1 + (N - n + 0.5) / (n + 0.5))\`, each 0.5 in its place.`, `Для [rare, common] idf из README даёт b_tool, a_tool, c_tool; получилось ${show(order)}. Проверьте \`idf = ln(1 + (N - n + 0.5) / (n + 0.5))\`, каждое 0.5 на своём месте.`)).toEqual(["b_tool", "a_tool", "c_tool"]);
    // A word every tool holds still counts a little: idf stays above 0.
    const every = [tool("x_tool", "Print the label."), tool("y_tool", "Close the ticket."), tool("z_tool", "Send the report.")];
    expect(bm25Rank(every, ["the"], 5), say("A word every tool holds has a small idf above 0 (N − n + 0.5 > 0): all three tools score.", "У слова, которое есть у всех инструментов, idf маленький, но больше 0 (N − n + 0.5 > 0): счёт есть у всех трёх.")).toEqual(["x_tool", "y_tool", "z_tool"]);
  });

  it("a short description about the word beats a long one that mentions it once (length)", () => {
    const small = [
      tool("long_tool", "Handles an invoice among many other things such as orders, returns, refunds, shipments, pickups, labels, reports, budgets and tickets."),
      tool("short_tool", "Invoice."),
      tool("other_tool", "Weather forecast."),
    ];
    const found = bm25Rank(small, ["invoice"], 5);
    expect(found, say(`A long text should be discounted against a short one: K1 × (1 − B + B × length / averageLength) in the denominator. Got ${show(found)}.`, `Длинный текст должен весить меньше короткого: K1 × (1 − B + B × length / averageLength) в знаменателе. Получилось ${show(found)}.`)).toEqual(["short_tool", "long_tool"]);
  });

  it("a tool's length counts all its words, repeats too, and a query word repeated counts again", () => {
    const echo = [
      tool("echo", "Invoice echo echo echo echo echo echo echo echo echo echo."),
      tool("plain", "Invoice one two three four five."),
      tool("weather", "Weather now."),
    ];
    const byLength = bm25Rank(echo, ["invoice"], 5);
    expect(byLength, say(`\`length\` is the number of the tool's words, repeats included (\`toolTerms(tool).length\`), not of its different words: "echo" has 12 words, "plain" 7. Got ${show(byLength)}.`, `\`length\` — число слов инструмента вместе с повторами (\`toolTerms(tool).length\`), а не число разных слов: у "echo" 12 слов, у "plain" 7. Получилось ${show(byLength)}.`)).toEqual(["plain", "echo"]);
    const pair = [tool("beta", "Print one label."), tool("alpha", "Archive one invoice."), tool("weather", "Weather now.")];
    const repeated = bm25Rank(pair, ["label", "invoice", "invoice"], 5);
    expect(repeated, say(`A query term repeated counts again: \`[label, invoice, invoice]\` puts the invoice tool first. Loop over the terms as given, not over a Set of them. Got ${show(repeated)}.`, `Повторённое слово запроса считается снова: \`[label, invoice, invoice]\` ставит первым инструмент про счета. Идите по словам как они даны, а не по их Set. Получилось ${show(repeated)}.`)).toEqual(["alpha", "beta"]);
  });

  it("a tenth repeat of one word adds little: holding both query words wins (saturation)", () => {
    const small = [
      tool("invoice_spam", "Invoice invoice invoice invoice invoice invoice invoice invoice invoice invoice."),
      tool("overdue_invoices", "Overdue invoice list."),
      tool("weather_now", "Weather now."),
      tool("print_label", "Print a label."),
    ];
    const found = bm25Rank(small, ["overdue", "invoice"], 5);
    expect(found[0], say(`Repeating a word should saturate: \`tf × (K1 + 1) / (tf + K1 × ...)\`, not \`tf\`. Got ${show(found)}.`, `Повтор слова должен насыщаться: \`tf × (K1 + 1) / (tf + K1 × ...)\`, а не \`tf\`. Получилось ${show(found)}.`)).toBe("overdue_invoices");
  });

  it("ranks as the README's BM25 does, on the lesson's catalogue", () => {
    // The README's formula, written out here to compare with. Scores within 1e-9 count as equal.
    const documents = catalogue.map(toolTerms);
    const averageLength = documents.reduce((sum, d) => sum + d.length, 0) / documents.length;
    const idfOf = (term: string) => {
      const n = documents.filter((d) => d.includes(term)).length;
      return Math.log(1 + (documents.length - n + 0.5) / (n + 0.5));
    };
    const score = (index: number, terms: string[], idf: Map<string, number>) =>
      terms.reduce((sum, term) => {
        const tf = documents[index]!.filter((word) => word === term).length;
        return sum + (idf.get(term)! * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * documents[index]!.length) / averageLength));
      }, 0);
    const queries = ["send the invoice to the customer", "stock of a product in a warehouse", "the email address of a contact", "delete a lead", "create a refund for a payment", "book a meeting room for the team", "the status of the ticket", "price of a product"];
    for (const query of queries) {
      const terms = queryTerms(query);
      const idf = new Map(terms.map((term) => [term, idfOf(term)]));
      const scores = catalogue.map((_, index) => score(index, terms, idf));
      const found = bm25Rank(catalogue, terms, 8);
      const scoreOf = (name: string) => scores[catalogue.findIndex((t) => t.name === name)]!;
      const expected = scores.filter((s) => s > 0).length;
      expect(found.length, say(`For ${show(query)} bm25Rank gave ${found.length} names; ${Math.min(8, expected)} tools score above 0.`, `Для ${show(query)} bm25Rank дала ${found.length} имён; счёт выше 0 у ${Math.min(8, expected)} инструментов.`)).toBe(Math.min(8, expected));
      const last = scoreOf(found.at(-1)!);
      const better = catalogue.filter((t, i) => scores[i]! > last + 1e-9 && !found.includes(t.name)).map((t) => t.name);
      expect(better, say(`For ${show(query)} these tools score more by the README's formula than the last one returned, yet are missing: check \`idf\`, the length part and \`K1\`.`, `Для ${show(query)} у этих инструментов счёт по формуле из README выше, чем у последнего возвращённого, но их нет: проверьте \`idf\`, часть с длиной и \`K1\`.`)).toEqual([]);
      for (let i = 1; i < found.length; i++) {
        expect(scoreOf(found[i - 1]!), say(`For ${show(query)} ${found[i - 1]} came before ${found[i]}, but by the README's formula it scores less. Check \`idf = ln(1 + (N - n + 0.5) / (n + 0.5))\` and the length part \`(1 - B + B × length / averageLength)\`.`, `Для ${show(query)} ${found[i - 1]} стоит перед ${found[i]}, но по формуле из README его счёт меньше. Проверьте \`idf = ln(1 + (N - n + 0.5) / (n + 0.5))\` и часть с длиной \`(1 - B + B × length / averageLength)\`.`)).toBeGreaterThanOrEqual(scoreOf(found[i]!) - 1e-9);
      }
    }
  });

  it("returns no tool that scores 0, at most k, and equal scores in catalogue order", () => {
    expect(bm25Rank(catalogue, ["zzzz"], 5), say("No tool holds 'zzzz': return [], not five tools scoring 0.", "Ни у одного инструмента нет 'zzzz': верните [], а не пять инструментов со счётом 0.")).toEqual([]);
    expect(bm25Rank(catalogue, [], 5), say("No terms: no tool scores anything, return [].", "Нет слов — ни у кого нет счёта, верните [].")).toEqual([]);
    expect(bm25Rank(catalogue, ["invoice"], 2), say("Return at most k names.", "Верните не больше k имён.")).toHaveLength(2);
    const twins = [tool("zeta_tool", "Archive an invoice."), tool("alpha_tool", "Archive an invoice."), tool("other_tool", "Weather.")];
    expect(bm25Rank(twins, ["invoice"], 5), say("Equal scores keep the catalogue's order (zeta_tool is listed first), not the alphabet.", "При равном счёте сохраняется порядок каталога (zeta_tool идёт первым), а не алфавит.")).toEqual(["zeta_tool", "alpha_tool"]);
  });
});

// --- TODO 3 ------------------------------------------------------------------------------------------

describe("the search: tool_reference blocks from this catalogue (TODO 3)", () => {
  it("returns { type: \"tool_reference\", tool_name } blocks, five by default, nothing else in them", () => {
    const found = searchTools(catalogue, "create an invoice");
    expect(found, say(`searchTools returns k = 5 references by default (TODO 3 in ${SEARCH}).`, `searchTools по умолчанию возвращает k = 5 ссылок (TODO 3 в ${SEARCH}).`)).toHaveLength(5);
    for (const reference of found) {
      expect(Object.keys(reference).sort(), say(`A reference is exactly { type: "tool_reference", tool_name }: the API refuses a field it does not know. Got ${show(reference)}.`, `Ссылка — это ровно { type: "tool_reference", tool_name }: API отклоняет незнакомое поле. Получилось ${show(reference)}.`)).toEqual(["tool_name", "type"]);
      expect(reference.type, say("type is \"tool_reference\"", "type — \"tool_reference\"")).toBe("tool_reference");
    }
    expect(found[0]?.tool_name, say("the best tool first", "лучший инструмент первым")).toBe("billing_create_invoice");
  });

  it("honours k and mode", () => {
    expect(searchTools(catalogue, "invoice", { k: 2 }), say("k: 2 gives two references", "k: 2 даёт две ссылки")).toHaveLength(2);
    const crm = catalogue.filter((t) => t.name.startsWith("crm_")).slice(0, 3).map((t) => t.name);
    expect(names(searchTools(catalogue, "^crm_", { k: 3, mode: "regex" })), say('mode "regex" searches with regexRank: "^crm_" gives the first three CRM tools.', 'режим "regex" ищет через regexRank: "^crm_" даёт первые три инструмента CRM.')).toEqual(crm);
  });

  it("searches only the catalogue passed in", () => {
    const billing = catalogue.filter((t) => t.name.startsWith("billing_"));
    const found = names(searchTools(billing, "track a parcel by its tracking number"));
    const outside = found.filter((name) => !name.startsWith("billing_"));
    expect(outside, say(`searchTools was given only the billing tools and answered ${show(outside)}: search the catalogue passed in, not the lesson's whole one. A reference to a tool the request lacks is refused by the API.`, `searchTools получила только инструменты billing, а ответила ${show(outside)}: ищите в переданном каталоге, а не во всём каталоге урока. Ссылку на инструмент, которого нет в запросе, API отклоняет.`)).toEqual([]);
  });

  it("names each tool once, and still gives up to k different tools", () => {
    const doubled = [...catalogue, ...catalogue];
    const found = names(searchTools(doubled, "create an invoice", { k: 5 }));
    expect(new Set(found).size, say(`A catalogue listing every tool twice gave ${show(found)}: keep the first of each name.`, `Каталог, где каждый инструмент дважды, дал ${show(found)}: оставляйте первый инструмент с каждым именем.`)).toBe(found.length);
    expect(found, say("Still five different tools: drop the repeated names before ranking, not after.", "Всё равно пять разных инструментов: убирайте повторы до ранжирования, а не после.")).toEqual(names(searchTools(catalogue, "create an invoice", { k: 5 })));
    const clash = [tool("lookup", "Archive an invoice."), tool("lookup", "Weather forecast for a city.")];
    expect(names(searchTools(clash, "weather forecast")), say("Of two tools with one name the first is kept: the second is never found.", "Из двух инструментов с одним именем остаётся первый: второй не находится.")).toEqual([]);
    const byPattern = names(searchTools([...clash, tool("lookup", "Invoice reminders.")], "invoice|weather", { k: 5, mode: "regex" }));
    expect(byPattern, say(`Mode "regex" gets each tool once too: drop the repeated names before either ranking. Got ${show(byPattern)}.`, `В режиме "regex" каждый инструмент тоже один раз: убирайте повторы имён до любого ранжирования. Получилось ${show(byPattern)}.`)).toEqual(["lookup"]);
  });

  it("refuses a blank query, a bad limit and an unknown mode with a ToolSearchError saying what to send", () => {
    for (const query of ["", "   "]) {
      expectToolSearchError(refusal(() => searchTools(catalogue, query), `searchTools(catalogue, ${show(query)})`, `searchTools(catalogue, ${show(query)})`), ["query"], `searchTools(catalogue, ${show(query)})`, `searchTools(catalogue, ${show(query)})`);
    }
    expectToolSearchError(refusal(() => searchTools(catalogue, 42 as unknown as string), "searchTools(catalogue, 42)", "searchTools(catalogue, 42)"), ["query"], "searchTools(catalogue, 42)", "searchTools(catalogue, 42)");
    for (const k of [0, MAX_K + 1, 2.5]) {
      expectToolSearchError(refusal(() => searchTools(catalogue, "invoice", { k }), `searchTools with k ${k}`, `searchTools с k ${k}`), ["limit", "1 to 20"], `searchTools with k ${k}`, `searchTools с k ${k}`);
    }
    expect(searchTools(catalogue, "create", { k: MAX_K }), say("k 20 (MAX_K) is allowed", "k 20 (MAX_K) разрешено")).toHaveLength(MAX_K);
    expect(searchTools(catalogue, "invoice", { k: 1 }), say("k 1 is allowed", "k 1 разрешено")).toHaveLength(1);
    expectToolSearchError(refusal(() => searchTools(catalogue, "invoice", { mode: "fuzzy" as "bm25" }), 'mode "fuzzy"', 'mode "fuzzy"'), ["bm25", "regex"], 'searchTools with mode "fuzzy"', 'searchTools с mode "fuzzy"');
  });
});

// --- TODO 4 ------------------------------------------------------------------------------------------

describe("the regex mode, on RE2 (TODO 4)", () => {
  it("finds the pattern anywhere in the text, ignoring case, in catalogue order, at most k", () => {
    const expected = catalogue.filter((t) => /invoice/i.test(toolText(t))).slice(0, 4).map((t) => t.name);
    expect(regexRank(catalogue, "invoice", 4), say(`regexRank(catalogue, "invoice", 4) should give the first 4 tools whose text holds "invoice" anywhere (matcher(text).find(), not matches()) (TODO 4 in ${SEARCH}).`, `regexRank(catalogue, "invoice", 4) должна дать первые 4 инструмента, в тексте которых где-то есть "invoice" (matcher(text).find(), а не matches()) (TODO 4 в ${SEARCH}).`)).toEqual(expected);
    expect(regexRank(catalogue, "INVOICE", 4), say("Case is ignored: compile with RE2JS.CASE_INSENSITIVE.", "Регистр не важен: компилируйте с RE2JS.CASE_INSENSITIVE.")).toEqual(expected);
    expect(regexRank(catalogue, "^crm_.*contact", 50), say('"^crm_.*contact" matches the names of the CRM contact tools (the name starts the text).', '"^crm_.*contact" совпадает с именами инструментов контактов CRM (имя начинает текст).')).toEqual(
      catalogue.filter((t) => /^crm_.*contact/i.test(t.name)).map((t) => t.name),
    );
    expect(regexRank(catalogue, "warehouse_id", 50), say("The pattern is matched against the parameters too (toolText).", "Шаблон сравнивается и с параметрами (toolText).")).toContain("warehouse_stock_level");
    expect(regexRank(catalogue, "no such words here", 5), say("Nothing matches: []", "Ничего не совпало: []")).toEqual([]);
  });

  it("refuses what RE2 refuses (a backreference, a lookahead) with a ToolSearchError that says RE2, why, and what to do", () => {
    const reasons: Array<[string, string]> = [["(a)\\1", "invalid escape sequence"], ["(?=crm)crm_", "unsupported Perl syntax"], ["[unclosed", "missing closing ]"]];
    for (const [pattern, reason] of reasons) {
      let error: Error | undefined;
      try {
        regexRank(catalogue, pattern, 5);
      } catch (caught) {
        error = caught as Error;
      }
      expect(
        error,
        say(
          `regexRank accepted ${show(pattern)}. RE2 refuses it; JavaScript's RegExp accepts it, and a backtracking engine can hang on the model's patterns: compile with RE2JS.compile (TODO 4 in ${SEARCH}).`,
          `regexRank приняла ${show(pattern)}. RE2 его отклоняет, а RegExp JavaScript принимает, и движок с возвратами может зависнуть на шаблонах модели: компилируйте через RE2JS.compile (TODO 4 в ${SEARCH}).`,
        ),
      ).toBeDefined();
      expectToolSearchError(error!, ["RE2", "bm25"], `regexRank(${show(pattern)})`, `regexRank(${show(pattern)})`);
      expect(error!.message, say(`The message should carry RE2's own reason (its exception's message, here ${show(reason)}), so the model knows what to change.`, `В сообщении должна быть причина от самого RE2 (сообщение его исключения, здесь ${show(reason)}), чтобы модель знала, что исправить.`)).toContain(reason);
    }
    const error = refusal(() => regexRank(catalogue, "(a)\\1", 5), "regexRank", "regexRank");
    expect(error.message.length, say("The message should carry RE2's own reason, not only a generic line.", "В сообщении должна быть причина от самого RE2, а не только общая фраза.")).toBeGreaterThan(0);
    expect(error.message, say("The message should quote RE2's reason (its exception's message).", "В сообщении должна быть причина от RE2 (сообщение его исключения).")).toMatch(/invalid escape|\\1/);
  });

  it("refuses a pattern longer than 200 characters before compiling it, naming the limit; 200 is fine", { tags: "hard" }, () => {
    try {
      expect(regexRank(catalogue, "a".repeat(MAX_PATTERN_CHARS), 5), say("A pattern of exactly 200 characters finds nothing here.", "Шаблон ровно из 200 символов здесь ничего не находит.")).toEqual([]);
    } catch (error) {
      if (error instanceof ToolSearchError) failWith(say(`A pattern of exactly 200 characters was refused: the limit allows 200 (refuse only length > MAX_PATTERN_CHARS) (TODO 4 in ${SEARCH}).`, `Шаблон ровно из 200 символов отклонён, а предел разрешает 200 (отклоняйте только length > MAX_PATTERN_CHARS) (TODO 4 в ${SEARCH}).`), error);
      throw error;
    }
    expectToolSearchError(refusal(() => regexRank(catalogue, "a".repeat(MAX_PATTERN_CHARS + 1), 5), "regexRank with 201 characters", "regexRank с 201 символом"), ["200"], "a pattern of 201 characters", "шаблон из 201 символа");
    expectToolSearchError(refusal(() => regexRank(catalogue, "(".repeat(300), 5), "regexRank with 300 characters", "regexRank с 300 символами"), ["200"], "an invalid pattern of 300 characters (check the length before compiling)", "неверный шаблон из 300 символов (проверяйте длину до компиляции)");
  });
});

// --- TODO 5 ------------------------------------------------------------------------------------------

describe("the tool_search tool (TODO 5)", () => {
  // Built inside each check, so a starter that throws fails the checks, not the whole file.
  const made = () => {
    try {
      return toolSearchTool(catalogue);
    } catch (error) {
      return failWith(say(`toolSearchTool(catalogue) threw: ${(error as Error).message}`, `toolSearchTool(catalogue) бросила исключение: ${(error as Error).message}`), error);
    }
  };
  const run = (input: Record<string, unknown>) => made().run(input as { query: string });

  it("is a tool the model can call: name, description, schema with query, mode and limit", () => {
    const search = made();
    expect(search.name, say(`The tool's name is tool_search (TOOL_SEARCH_NAME) (TODO 5 in ${SEARCH}).`, `Имя инструмента — tool_search (TOOL_SEARCH_NAME) (TODO 5 в ${SEARCH}).`)).toBe("tool_search");
    expect(search.description.length, say("The description tells the model when to call it: write a sentence or more.", "Описание говорит модели, когда его вызывать: напишите хотя бы предложение.")).toBeGreaterThan(40);
    const schema = search.input_schema as { type: string; properties: Record<string, { type?: string; enum?: string[] }>; required?: string[] };
    expect(schema.type, say("input_schema.type is \"object\"", "input_schema.type — \"object\"")).toBe("object");
    expect(schema.properties.query?.type, say("query is a string", "query — строка")).toBe("string");
    expect(schema.required, say("query is required", "query обязательно")).toContain("query");
    expect(schema.properties.mode?.enum, say('mode is an enum of "bm25" and "regex"', 'mode — enum из "bm25" и "regex"')).toEqual(["bm25", "regex"]);
    expect(schema.properties.limit?.type, say("limit is an integer", "limit — целое число (integer)")).toBe("integer");
    for (const field of ["query", "mode", "limit"]) {
      expect((schema.properties[field] as { description?: string } | undefined)?.description, say(`${field} needs a description: the model fills the field from it.`, `У ${field} должно быть описание (description): модель заполняет поле по нему.`)).toMatch(/\w{3}/);
    }
  });

  it("answers with the tool_reference blocks of the search", async () => {
    expect(await run({ query: "track a parcel" }), say("run({ query }) returns searchTools(catalogue, query): the array is the tool_result's content.", "run({ query }) возвращает searchTools(catalogue, query): этот массив и есть содержимое tool_result.")).toEqual(
      searchTools(catalogue, "track a parcel"),
    );
    expect(await run({ query: "invoice", limit: 2 }), say("limit is passed on as k", "limit передаётся как k")).toEqual(searchTools(catalogue, "invoice", { k: 2 }));
    expect(await run({ query: "^hr_", mode: "regex", limit: 3 }), say("mode is passed on", "mode передаётся дальше")).toEqual(searchTools(catalogue, "^hr_", { k: 3, mode: "regex" }));
  });

  it("its answer goes to the API as it is: the strict mock accepts it, and the tool it names can then be called", async () => {
    const shipping = catalogue.filter((t) => /parcel|shipment|pickup/.test(t.description)).slice(0, 12);
    const search = (() => {
      try {
        return toolSearchTool(shipping);
      } catch (error) {
        return failWith(say(`toolSearchTool(catalogue) threw: ${(error as Error).message}`, `toolSearchTool(catalogue) бросила исключение: ${(error as Error).message}`), error);
      }
    })();
    const mock = createMockModel([reply.toolUse("tool_search", { query: "track a parcel" }), reply.toolUse("track_package", { tracking_number: "JD014600006281230707" }), reply.text("It is on its way.")]);
    const { run: _run, ...definition } = search;
    const tools: Anthropic.Beta.BetaToolUnion[] = [definition, ...shipping.map((t) => ({ ...t, defer_loading: true }))];
    const messages: Anthropic.Beta.BetaMessageParam[] = [{ role: "user", content: "Where is parcel JD014600006281230707?" }];
    for (let turn = 0; turn < 3; turn++) {
      let response: Anthropic.Beta.BetaMessage;
      try {
        response = await mock.client.beta.messages.create({ model: modelName(), max_tokens: 1024, tools, messages });
      } catch (error) {
        return failWith(say(`The mock API refused the request after tool_search answered: ${(error as Error).message}. The tool_result's content must be the tool_reference blocks themselves (TODO 5 in ${SEARCH}).`, `Мок-API отклонил запрос после ответа tool_search: ${(error as Error).message}. Содержимым tool_result должны быть сами блоки tool_reference (TODO 5 в ${SEARCH}).`), error);
      }
      messages.push({ role: "assistant", content: response.content });
      const call = response.content.find((block): block is Anthropic.Beta.BetaToolUseBlock => block.type === "tool_use");
      if (!call) break;
      const content = call.name === "tool_search" ? await search.run(call.input as { query: string }) : "In transit, due tomorrow.";
      messages.push({ role: "user", content: [{ type: "tool_result", tool_use_id: call.id, content }] });
    }
    expect(mock.rejections, say("The API would refuse these requests.", "API отклонил бы эти запросы.")).toEqual([]);
    // What the model sees on the turn after the search: the fake API's rule for deferred tools.
    const seen = (inContext(mock.requests[1]!).tools ?? []).map((t) => ("name" in t ? t.name : ""));
    expect(seen, say(`After tool_search answered, the model still cannot see track_package: the API loads a deferred tool only from tool_reference blocks in the tool_result's content, not from text that looks like them (TODO 5 in ${SEARCH}).`, `После ответа tool_search модель всё ещё не видит track_package: API подгружает отложенный инструмент только по блокам tool_reference в содержимом tool_result, а не по тексту, похожему на них (TODO 5 в ${SEARCH}).`)).toContain("track_package");
    mock.assertAllUsed();
  });

  it("says so in a sentence when nothing matches, with the query and what to try", async () => {
    const answer = await run({ query: "zzzz qqqq" });
    expect(typeof answer, say(`Nothing matched and run returned ${show(answer)}: return a sentence instead, so the model learns to try other words.`, `Ничего не нашлось, а run вернула ${show(answer)}: верните вместо этого предложение, чтобы модель попробовала другие слова.`)).toBe("string");
    expect(answer, say("The sentence quotes the query.", "В предложении приведён запрос.")).toContain("zzzz qqqq");
    expect(answer, say('The sentence says what to try: other words, or mode "regex".', 'Предложение подсказывает, что попробовать: другие слова или режим "regex".')).toContain("regex");
  });

  it("throws a ToolSearchError naming the field for bad input, so the model gets an is_error result", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{}, "query"],
      [{ query: 42 }, "query"],
      [{ query: "invoice", limit: 0 }, "limit"],
      [{ query: "invoice", mode: "fuzzy" }, "regex"],
    ];
    for (const [input, word] of cases) {
      let outcome: unknown;
      try {
        outcome = await run(input);
      } catch (error) {
        expectToolSearchError(error as Error, [word], `run(${show(input)})`, `run(${show(input)})`);
        continue;
      }
      expect.fail(say(`run(${show(input)}) returned ${show(outcome)}: throw the ToolSearchError instead, so the loop sends it as an is_error result and the model corrects its call.`, `run(${show(input)}) вернула ${show(outcome)}: бросьте ToolSearchError, чтобы цикл отправил его как результат с is_error и модель исправила вызов.`));
    }
  });
});

// --- TODO 6 ------------------------------------------------------------------------------------------

describe("the cache breakpoint (TODO 6)", () => {
  const mark = { type: "ephemeral" };
  const defs: Anthropic.Beta.BetaTool[] = [
    { name: "tool_search", description: "Search tools.", input_schema: { type: "object" } },
    { name: "get_exchange_rate", description: "Rates.", input_schema: { type: "object" } },
    { name: "crm_get_contact", description: "A contact.", input_schema: { type: "object" }, defer_loading: true },
  ];
  type Request = CacheableRequest & { model: string; max_tokens: number; messages: Anthropic.Beta.BetaMessageParam[] };
  const request = (extra: Partial<Request> = {}): Request => ({
    model: "claude-haiku-5-5",
    max_tokens: 1024,
    tools: structuredClone(defs),
    messages: [{ role: "user", content: [{ type: "text", text: "Track my parcel." }] }],
    ...extra,
  });
  const marks = (value: unknown) => JSON.stringify(value).split('"cache_control"').length - 1;
  const place = (input: Request): Request => {
    try {
      return withCacheBreakpoint(input);
    } catch (error) {
      return failWith(say(`withCacheBreakpoint threw: ${(error as Error).message} (TODO 6 in ${CACHE}).`, `withCacheBreakpoint бросила исключение: ${(error as Error).message} (TODO 6 в ${CACHE}).`), error);
    }
  };

  it("turns a system string into one text block that carries the mark", () => {
    const out = place(request({ system: "You are a careful assistant." }));
    expect(out.system, say(`A string cannot carry cache_control: make it [{ type: "text", text, cache_control: EPHEMERAL }] (TODO 6 in ${CACHE}).`, `У строки не может быть cache_control: сделайте из неё [{ type: "text", text, cache_control: EPHEMERAL }] (TODO 6 в ${CACHE}).`)).toEqual([
      { type: "text", text: "You are a careful assistant.", cache_control: mark },
    ]);
    expect(marks(out), say("Exactly one mark in the request: the one on the system prompt covers the tools before it.", "В запросе ровно одна отметка: отметка на системном промпте покрывает и инструменты перед ним.")).toBe(1);
  });

  it("marks the last block of a system array, and only it", () => {
    const system: Anthropic.Beta.BetaTextBlockParam[] = [
      { type: "text", text: "You are a careful assistant." },
      { type: "text", text: "Answer in the user's language." },
    ];
    const out = place(request({ system }));
    expect(out.system, say("The mark goes on the last system block; the others stay as they are.", "Отметка ставится на последний блок system; остальные не меняются.")).toEqual([system[0], { ...system[1], cache_control: mark }]);
    expect(marks(out), say("exactly one mark", "ровно одна отметка")).toBe(1);
  });

  it("with no system prompt, marks the last tool that is loaded up front, not a deferred one", () => {
    for (const extra of [{}, { system: "" }, { system: [] }] as Array<Partial<Request>>) {
      const out = place(request(extra));
      expect(out.tools?.[1], say(`No system prompt (${show(extra)}): the mark goes on the last tool without defer_loading, get_exchange_rate; deferred tools are not in the prefix.`, `Нет системного промпта (${show(extra)}): отметка ставится на последний инструмент без defer_loading, get_exchange_rate; отложенные инструменты не входят в префикс.`)).toEqual({
        ...defs[1],
        cache_control: mark,
      });
      expect(marks(out), say(`exactly one mark (${show(extra)})`, `ровно одна отметка (${show(extra)})`)).toBe(1);
    }
    const searchFirst = request({ tools: [defs[0]!, { ...defs[1]!, defer_loading: true }, defs[2]!] });
    expect(place(searchFirst).tools, say("Only the first tool is loaded up front (tool_search, the rest deferred): the mark goes on it.", "Заранее загружен только первый инструмент (tool_search, остальные отложены): отметка ставится на него.")).toEqual([
      { ...defs[0], cache_control: mark },
      { ...defs[1], defer_loading: true },
      defs[2],
    ]);
    const bare = { model: "claude-haiku-5-5", max_tokens: 1024, messages: request().messages } as Request;
    expect(place(bare), say("No tools and no system prompt: the request as it is, with no tools field added.", "Нет ни инструментов, ни системного промпта: запрос как есть, без добавленного поля tools.")).toEqual(bare);
    const allDeferred = request({ tools: defs.map((t) => ({ ...t, defer_loading: true })) });
    expect(place(allDeferred), say("Every tool deferred and no system prompt: nothing to mark, the request as it is.", "Все инструменты отложены и нет системного промпта: отмечать нечего, запрос как есть.")).toEqual(allDeferred);
  });

  it("never changes the request passed in; called twice, still one mark", () => {
    for (const extra of [{ system: "Be brief." }, { system: [{ type: "text", text: "Be brief." }] }, {}] as Array<Partial<Request>>) {
      const input = request(extra);
      const before = structuredClone(input);
      place(input);
      const again = place(input);
      expect(input, say(`withCacheBreakpoint changed the request passed in (${show(extra)}): build a copy ({ ...request, system: ... }), do not set cache_control on the caller's blocks.`, `withCacheBreakpoint изменила переданный запрос (${show(extra)}): соберите копию ({ ...request, system: ... }), не ставьте cache_control на блоки вызывающего.`)).toEqual(before);
      expect(marks(again), say("Called twice on the same request, the result still has one mark.", "Два вызова на одном запросе — в результате всё равно одна отметка.")).toBe(1);
      expect(again.messages, say("Messages get no mark.", "Сообщения отметку не получают.")).toEqual(before.messages);
    }
  });
});

// --- hard mode: Russian (TODO 7) and properties -----------------------------------------------------

describe("Russian queries (TODO 7)", () => {
  it("englishFor: the longest stem wins, inflected words are found, unknown words give []", { tags: "hard" }, () => {
    expect(englishFor("заказчика"), say(`"заказчика" starts with both заказ and заказчик: the longest stem wins, so it is a customer (TODO 7 in ${TERMS}).`, `"заказчика" начинается и с заказ, и с заказчик: побеждает самая длинная основа, это customer (TODO 7 в ${TERMS}).`)).toEqual(["customer"]);
    expect(englishFor("заказы"), say("заказы: an order", "заказы: order")).toEqual(["order"]);
    expect(englishFor("адресату"), say("адресату starts with адрес and адресат: the longest stem wins, whichever RU_TERMS lists first", "адресату начинается и с адрес, и с адресат: побеждает самая длинная основа, какая бы ни шла в RU_TERMS первой")).toEqual(["recipient"]);
    expect(englishFor("счетов"), say("RU_TERMS holds stems: счетов starts with счет", "в RU_TERMS — основы: счетов начинается с счет")).toEqual(["invoice", "bill"]);
    expect(englishFor("посылку"), say("посылку starts with посылк", "посылку начинается с посылк")).toEqual(["parcel", "package"]);
    expect(englishFor("абракадабра"), say("a word with no stem gives []", "слово без основы даёт []")).toEqual([]);
  });

  it("finds tools for Russian queries: счёт, посылку, сотрудника", { tags: "hard" }, () => {
    expect(names(searchTools(catalogue, "создать счёт"))[0], say("создать счёт: create an invoice", "создать счёт: create an invoice")).toBe("billing_create_invoice");
    expect(names(searchTools(catalogue, "отследить посылку"))[0], say("отследить посылку: track a parcel", "отследить посылку: track a parcel")).toBe("track_package");
    expect(names(searchTools(catalogue, "отпуск сотрудника"))[0], say("отпуск сотрудника: an employee's leave", "отпуск сотрудника: отпуск сотрудника")).toMatch(/^hr_/);
  });
});

describe("the search as a property (seeded)", () => {
  const words = ["invoice", "track", "parcel", "contact", "crm", "the", "счёт", "посылку", "zzz", "", " ", "_", "Invoice"];
  const query = fc.array(fc.oneof(fc.constantFrom(...words), fc.string({ maxLength: 6 })), { maxLength: 6 }).map((parts) => parts.join(" "));
  const part = fc.shuffledSubarray(catalogue, { minLength: 0, maxLength: 25 });

  it("any query: references to catalogue tools only, each once, at most k (seeded)", { tags: "hard" }, () => {
    fc.assert(
      fc.property(part, query, fc.integer({ min: 1, max: MAX_K }), fc.boolean(), (tools, text, k, doubled) => {
        const given = doubled ? [...tools, ...tools] : tools;
        let found: ToolReference[];
        try {
          found = searchTools(given, text, { k });
        } catch (error) {
          expect(error, say(`searchTools(${show(text)}) threw ${String(error)}: only a blank query may be refused.`, `searchTools(${show(text)}) бросила ${String(error)}: отклонять можно только пустой запрос.`)).toBeInstanceOf(ToolSearchError);
          expect(text.trim(), say("only a blank query may be refused", "отклонять можно только пустой запрос")).toBe("");
          return;
        }
        const known = new Set(tools.map((t) => t.name));
        const got = names(found);
        expect(got.filter((name) => !known.has(name)), say(`searchTools(${show(text)}) named tools outside the catalogue it was given`, `searchTools(${show(text)}) назвала инструменты не из переданного каталога`)).toEqual([]);
        expect(new Set(got).size, say(`searchTools(${show(text)}) named a tool twice: ${show(got)}`, `searchTools(${show(text)}) назвала инструмент дважды: ${show(got)}`)).toBe(got.length);
        expect(got.length, say(`more than k = ${k} references`, `больше k = ${k} ссылок`)).toBeLessThanOrEqual(k);
      }),
      { seed: 12, numRuns: 150 },
    );
  });

  it("any pattern: references or a ToolSearchError, never another error (seeded)", { tags: "hard" }, () => {
    const pattern = fc.string({ unit: fc.constantFrom(..."ab()[]{}*+?|\\^$.-_=!<>:1crmINV ".split("")), maxLength: 40 });
    fc.assert(
      fc.property(part, pattern, (tools, text) => {
        try {
          const found = names(searchTools(tools, text, { mode: "regex", k: 5 }));
          const known = new Set(tools.map((t) => t.name));
          expect(found.every((name) => known.has(name)), say(`regex ${show(text)} named a tool outside the catalogue`, `regex ${show(text)} назвал инструмент не из каталога`)).toBe(true);
        } catch (error) {
          expect(error, say(`searchTools(${show(text)}, { mode: "regex" }) threw ${String(error)}: every refusal must be a ToolSearchError the model can read.`, `searchTools(${show(text)}, { mode: "regex" }) бросила ${String(error)}: любой отказ должен быть ToolSearchError, понятной модели.`)).toBeInstanceOf(ToolSearchError);
        }
      }),
      { seed: 12, numRuns: 300 },
    );
  });
});

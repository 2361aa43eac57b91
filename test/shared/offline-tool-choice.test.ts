// The offline demo model chooses tools by their descriptions and schemas, not by names it knows: the
// course's tools renamed (fx_lookup, crunch_numbers, write_file_to_disk, find_person) with the same descriptions get
// the same plans; a vague description is not called, however good the name, and the model says why;
// of two tools for one job the clearer description wins, and a tie is said out loud.

import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type Anthropic from "@anthropic-ai/sdk";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { getExchangeRateTool } from "../../lessons/01-first-tool/exchange-rate.ts";
import { toolDefinitions, type Tool } from "../../lessons/01-first-tool/tool.ts";
import { calculateTool } from "../../lessons/02-agent-loop/calculate.ts";
import { runLoop } from "../../lessons/02-agent-loop/loop.ts";
import { createSaveToFileTool } from "../../lessons/03-saving-files/save-to-file.ts";
import { createReadFileTool } from "../../lessons/07-approval-gates/read-file.ts";
import { searchContactsTool } from "../../solutions/01-first-tool/search-contacts.ts";
import { createClient } from "../../shared/client.ts";
import { chooseTools } from "../../shared/offline/tool-choice/match-tools.ts";
import { recordingClient, type RecordedCall } from "../helpers/recording-client.ts";

let root = "";
beforeEach(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), "tool-choice-"));
});
afterEach(async () => {
  await fs.rm(root, { recursive: true, force: true });
});

const offline = createClient({ offline: true }).client;

// The same tool under another name, with its properties renamed; its descriptions stay as they are.
function renamed(tool: Tool, name: string, props: Record<string, string>): Tool {
  const schema = tool.input_schema;
  const properties = (schema.properties ?? {}) as Record<string, unknown>;
  const back = Object.fromEntries(Object.entries(props).map(([from, to]) => [to, from]));
  const rename = (input: Record<string, unknown>, names: Record<string, string>) =>
    Object.fromEntries(Object.entries(input).map(([key, value]) => [names[key] ?? key, value]));
  return {
    ...tool,
    name,
    input_schema: {
      ...schema,
      properties: Object.fromEntries(Object.entries(properties).map(([key, spec]) => [props[key] ?? key, spec])),
      required: (schema.required ?? []).map((key) => props[key] ?? key),
    },
    run: (input) => tool.run(rename(input, back)),
  };
}

interface Renaming {
  tools: Record<string, string>;
  props: Record<string, string>;
}

// The calls and the answer, written back in the course's names, so two runs can be compared.
async function runWith(tools: Tool[], task: string, renaming?: Renaming): Promise<{ calls: RecordedCall[]; answer: string }> {
  const { client, calls } = recordingClient();
  const { text } = await runLoop(client, task, { tools });
  if (!renaming) return { calls, answer: text };
  const toolBack = Object.fromEntries(Object.entries(renaming.tools).map(([from, to]) => [to, from]));
  const propBack = Object.fromEntries(Object.entries(renaming.props).map(([from, to]) => [to, from]));
  let answer = text;
  for (const [to, from] of Object.entries(toolBack)) answer = answer.split(to).join(from);
  return {
    calls: calls.map((c) => ({ name: toolBack[c.name] ?? c.name, input: Object.fromEntries(Object.entries(c.input).map(([k, v]) => [propBack[k] ?? k, v])) })),
    answer,
  };
}

// Exercise 01's contact search (its reference solution) is one of them: the tool a learner describes.
function courseTools(dir: string): Tool[] {
  const workspace = path.join(dir, "workspace");
  return [getExchangeRateTool, calculateTool, createSaveToFileTool(workspace), createReadFileTool(workspace), searchContactsTool as Tool];
}

function renamedTools(dir: string, renaming: Renaming): Tool[] {
  return courseTools(dir).map((tool) => renamed(tool, renaming.tools[tool.name] ?? tool.name, renaming.props));
}

const TASKS = [
  "What is the USD to RUB rate?",
  "How much are 500 US dollars in rubles? Save the result to report.txt",
  "Посчитай 15% от 46250 и сохрани в файл tax.txt",
  "Сколько будет 1000 евро в рублях?",
  "What is Anna's email?",
  "Найди телефон Ольги",
];

const RENAMING: Renaming = {
  tools: { get_exchange_rate: "fx_lookup", calculate: "crunch_numbers", save_to_file: "write_file_to_disk", read_file: "load_text", search_contacts: "find_person" },
  props: { from_currency: "base", to_currency: "quote", expression: "formula", filename: "target_path", content: "body_text", name: "query" },
};

// The same tools under names that say less, or mislead a little (convert_money only looks a rate up).
const OTHER_RENAMING: Renaming = {
  tools: { get_exchange_rate: "convert_money", calculate: "math_eval", save_to_file: "store_output", read_file: "open_document", search_contacts: "lookup_contacts" },
  props: { from_currency: "have", to_currency: "want", expression: "input", filename: "name", content: "data", name: "person" },
};

describe("renamed tools with the course's descriptions get the course's plans", () => {
  it.each(TASKS.flatMap((task) => [[task, "fx_lookup ...", RENAMING], [task, "convert_money ...", OTHER_RENAMING]] as const))("%s (%s)", async (task, _, renaming) => {
    const course = await runWith(courseTools(path.join(root, "a")), task);
    const other = await runWith(renamedTools(path.join(root, "b"), renaming), task, renaming);
    expect(course.calls.length, "the course's own tools are called").toBeGreaterThan(0);
    expect(other.calls).toEqual(course.calls);
    expect(other.answer).toBe(course.answer);
  });

  it("the calls go out under the tools' own names and properties, and the answer names them", async () => {
    const { client, calls } = recordingClient();
    await runLoop(client, "How much are 500 US dollars in rubles?", { tools: renamedTools(root, RENAMING) });
    expect(calls).toEqual([
      { name: "fx_lookup", input: { base: "USD", quote: "RUB" } },
      { name: "crunch_numbers", input: { formula: "500 * 92.5" } },
    ]);
    const { text } = await runLoop(recordingClient().client, "What is the USD to RUB rate?", { tools: renamedTools(root, RENAMING) });
    expect(text).toBe("1 USD = 92.5 RUB (demo rate from fx_lookup).");
  });

  it("reads a Russian description and Russian property descriptions", async () => {
    const fx: Tool = {
      ...getExchangeRateTool,
      name: "kurs",
      description: "Узнаёт курс обмена валют: сколько единиц одной валюты дают за единицу другой. Возвращает JSON с полем rate.",
      input_schema: {
        type: "object",
        properties: {
          a: { type: "string", description: "Код валюты, в которую переводим, например RUB" },
          b: { type: "string", description: "Код валюты, из которой переводим, например USD" },
        },
        required: ["a", "b"],
      },
      run: (input) => getExchangeRateTool.run({ from_currency: String(input.b), to_currency: String(input.a) }),
    };
    const { client, calls } = recordingClient();
    const { text } = await runLoop(client, "Какой курс доллара к рублю?", { tools: [fx] });
    expect(calls).toEqual([{ name: "kurs", input: { a: "RUB", b: "USD" } }]);
    expect(text).toContain("92,5");
  });

  it("renaming tools and properties while keeping the descriptions never changes what the calls mean (property, seeded)", async () => {
    // Names made of syllables no description uses, so only the descriptions can tell the tools apart.
    const word = fc.array(fc.constantFrom("zk", "qv", "xr", "bw", "jq", "vx"), { minLength: 1, maxLength: 3 }).map((parts) => parts.join(""));
    const names = (keys: string[]) => fc.uniqueArray(word, { minLength: keys.length, maxLength: keys.length }).map((ws) => Object.fromEntries(keys.map((k, i) => [k, `${ws[i]}_${i}`])));
    const renaming = fc.record({
      tools: names(["get_exchange_rate", "calculate", "save_to_file", "read_file", "search_contacts"]),
      props: names(["from_currency", "to_currency", "expression", "filename", "content", "name"]),
    });
    const task = fc.constantFrom(...TASKS);
    const expected = new Map<string, { calls: RecordedCall[]; answer: string }>();
    for (const t of TASKS) expected.set(t, await runWith(courseTools(path.join(root, "course", String(expected.size))), t));
    let run = 0;
    await fc.assert(
      fc.asyncProperty(renaming, task, async (r, t) => {
        const other = await runWith(renamedTools(path.join(root, `run-${run++}`), r), t, r);
        expect(other.calls).toEqual(expected.get(t)!.calls);
        expect(other.answer).toBe(expected.get(t)!.answer);
      }),
      { seed: 31, numRuns: 25 },
    );
  });
});

// Exercise 01: the learner describes a contact search. The model finds it by what the description and
// schema say, under any name, and still reads the description as a promise (what comes back, and what
// "nobody" looks like), as it does for search_contacts itself.
describe("a contact search under another name (exercise 01)", () => {
  // searchContactsTool with another name, other properties beside the name (so only their words tell
  // which one takes it), and the description given.
  const contactSearch = (name: string, description: string, who: string, whoSays: string): Tool => ({
    ...searchContactsTool,
    name,
    description,
    input_schema: {
      type: "object",
      properties: {
        limit: { type: "integer", description: "How many matches to return at most" },
        [who]: { type: "string", description: whoSays },
        exact: { type: "boolean", description: "Match the whole name only" },
      },
      required: [who],
    },
    run: (input) => searchContactsTool.run({ name: input[who] as string }),
  });
  const PRECISE = searchContactsTool.description;
  const PRECISE_RU =
    "Находит человека в записной книжке пользователя по части имени, без учёта регистра. Вызывай, когда спрашивают чей-то email или телефон. " +
    "Возвращает JSON-список совпадений с именем, email и телефоном; если никто не подходит, так и говорит.";

  it.each([
    ["What is Anna's email?", "find_person", "en", "query", "Part of the person's name, e.g. \"Anna\"", "Anna", "Anna Petrova: anna.petrova@example.com\n(from find_person)"],
    ["What is Anna's email?", "lookup_contacts", "en", "person", "Who to look for", "Anna", "Anna Petrova: anna.petrova@example.com\n(from lookup_contacts)"],
    ["Найди телефон Ольги", "find_person", "en", "query", "Part of the person's name, e.g. \"Anna\"", "Ольга", "Ольга Смирнова: +7 900 777-88-99\n(по данным find_person)"],
    ["Найди телефон Ольги", "poisk_lyudei", "ru", "kogo", "Кого искать", "Ольга", "Ольга Смирнова: +7 900 777-88-99\n(по данным poisk_lyudei)"],
    ["What is Anna's email?", "poisk_lyudei", "ru", "zapros", "Поисковый запрос", "Anna", "Anna Petrova: anna.petrova@example.com\n(from poisk_lyudei)"],
  ])("%s: %s, described precisely (%s), is called with its own property %s", async (task, name, lang, who, whoSays, person, answer) => {
    const { client, calls } = recordingClient();
    const { text } = await runLoop(client, task, { tools: [contactSearch(name, lang === "ru" ? PRECISE_RU : PRECISE, who, whoSays)] });
    expect(calls).toEqual([{ name, input: { [who]: person } }]);
    expect(text).toBe(answer);
  });

  it("nobody found: the description said what that looks like, so the model says so, naming the tool", async () => {
    const { client, calls } = recordingClient();
    const { text } = await runLoop(client, "What is Zorro's email?", { tools: [contactSearch("find_person", PRECISE, "query", "Part of the person's name")] });
    expect(calls).toEqual([{ name: "find_person", input: { query: "Zorro" } }]);
    expect(text).toBe("Zorro is not in your contacts: find_person found no match.");
  });

  it("a description that finds a person but does not say it returns phones: not called for a phone, and why", async () => {
    const tool = contactSearch("find_person", "Find a person in the address book by name.", "query", "Part of the person's name");
    const { client, calls } = recordingClient();
    const { text } = await runLoop(client, "Найди телефон Ольги", { tools: [tool] });
    expect(calls).toEqual([]);
    expect(text).toMatch(/^Я не стал вызывать find_person: в его описании не сказано, что он возвращает телефоны/);
  });

  it.each([
    ["What is Anna's email?", "find_person", "Finds things.", /^I did not call find_person\. The description of find_person \("Finds things\."\) does not say what it does or what it returns, so calling it would be a guess\. Its name suggests it searches the user's contacts, but a name is not a description\. If it searches the user's contacts, a description like this would let me use it: "Search the user's contacts by name/],
    ["Найди телефон Ольги", "find_person", "Finds things.", /^Я не стал вызывать find_person\. Описание find_person \(«Finds things\.»\) не говорит, что он делает и что возвращает, так что вызов был бы догадкой\. Имя подсказывает, что он ищет в контактах пользователя, но имя не описание\. Если он ищет в контактах пользователя, такое описание позволило бы мне им пользоваться: «Ищет в контактах пользователя по имени/],
    ["What is Anna's email?", "search_contacts", "Searches the list by name and gives back what it finds.", /^I did not call search_contacts\. The description of search_contacts \("Searches the list by name and gives back what it finds\."\) does not say what it does or what it returns/],
  ])("%s with %s described %j: not called, and the model says why", async (task, name, description, said) => {
    // Nothing but the name says "contacts": the property only says "what to look for".
    const { client, calls } = recordingClient();
    const { text } = await runLoop(client, task, { tools: [contactSearch(name, description, "query", "What to look for")] });
    expect(calls).toEqual([]);
    expect(text).toMatch(said);
  });
});

describe("a tool that changes contacts is never taken for the contact search", () => {
  it.each([
    ["crm_update_contact", "Change fields of an existing contact in the CRM. Find the contact's id with a search first; returns the updated contact with its email and phone."],
    ["crm_delete_contact", "Delete a contact from the address book for good. Find the person by name first."],
    ["udalit_kontakt", "Удаляет контакт из записной книжки: найдите человека по имени и передайте его id."],
  ])("%s: its first sentence says what it does to contacts, so it is not a lookup", (name, description) => {
    const tool: Anthropic.Tool = { name, description, input_schema: { type: "object", properties: { name: { type: "string", description: "The contact's name" } }, required: ["name"] } };
    const choice = chooseTools([tool]);
    expect(choice.chosen.map((c) => c.capability.id)).not.toContain("search_contacts");
  });
});

describe("a vague description is not called, whatever the name", () => {
  const vague = (description: string, name = "get_exchange_rate"): Tool => ({ ...getExchangeRateTool, name, description });

  it.each([
    ["What is the USD to RUB rate?", /^I did not call get_exchange_rate\. The description of get_exchange_rate \("Does things with money"\) does not say what it does or what it returns/],
    ["Какой курс доллара к рублю?", /^Я не стал вызывать get_exchange_rate\. Описание get_exchange_rate \(«Does things with money»\) не говорит, что он делает и что возвращает/],
  ])("%s with the course's name and 'Does things with money': no call, and why", async (task, said) => {
    const { client, calls } = recordingClient();
    const { text } = await runLoop(client, task, { tools: [vague("Does things with money")] });
    expect(calls).toEqual([]);
    expect(text).toMatch(said);
    expect(text, "it says what description would let it use the tool").toMatch(/Get the exchange rate between two currencies|Курс обмена двух валют/);
  });

  it("a description that only repeats the name is no description; the name is named as a mere hint", async () => {
    const { client, calls } = recordingClient();
    const { text } = await runLoop(client, "What is the USD to RUB rate?", { tools: [vague("get_exchange_rate", "get_exchange_rate")] });
    expect(calls).toEqual([]);
    expect(text).toMatch(/get_exchange_rate has no description beyond its name, so calling it would be a guess\. Its name suggests it looks up exchange rates, but a name is not a description\./);
  });

  it("a clear description with inputs nobody can tell apart: not called, and the inputs named", async () => {
    const tool: Tool = { ...getExchangeRateTool, name: "fx_lookup", input_schema: { type: "object", properties: { a: { type: "string" }, b: { type: "string" } }, required: ["a", "b"] } };
    const { client, calls } = recordingClient();
    const { text } = await runLoop(client, "What is the USD to RUB rate?", { tools: [tool] });
    expect(calls).toEqual([]);
    expect(text).toBe("I did not call fx_lookup: its description says it looks up exchange rates, but its input schema does not say what goes in a, b. Give each property a description (what exactly to put there), and I can use it.");
  });

  it("a part it can do is answered, and the part that needed the vague tool gets the reason", async () => {
    const clock: Tool = { name: "get_time", description: "Does things.", input_schema: { type: "object", properties: {} }, run: () => "12:00" };
    const { client, calls } = recordingClient();
    const { text } = await runLoop(client, "How much are 100 USD in RUB? And what time is it?", { tools: [getExchangeRateTool, calculateTool, clock] });
    expect(calls.map((c) => c.name)).toEqual(["get_exchange_rate", "calculate"]);
    expect(text).toMatch(/^100 USD = 9,250 RUB[\s\S]*Not done: "what time is it\?"[\s\S]*\n\nI did not call get_time\. The description of get_time \("Does things\."\)/);
  });

  it("a vague tool that has nothing to do with the task is only listed as not used", async () => {
    const { client, calls } = recordingClient();
    const { text } = await runLoop(client, "Write me a poem", { tools: [vague("Does things.", "tool_x")] });
    expect(calls).toEqual([]);
    expect(text).toContain("Not used: tool_x, whose description does not say what the tool does.");
  });

  it("the name never decides: a rate tool named calculate and an arithmetic tool named get_exchange_rate are used for what they say", async () => {
    const swapped = [renamed(getExchangeRateTool, "calculate", {}), renamed(calculateTool, "get_exchange_rate", {})];
    const { client, calls } = recordingClient();
    await runLoop(client, "How much are 500 US dollars in rubles?", { tools: swapped });
    expect(calls).toEqual([
      { name: "calculate", input: { from_currency: "USD", to_currency: "RUB" } },
      { name: "get_exchange_rate", input: { expression: "500 * 92.5" } },
    ]);
  });
});

describe("two tools for one job", () => {
  it("the clearer description wins, whichever comes first", async () => {
    const terse: Tool = { ...getExchangeRateTool, name: "rate_a", description: "Exchange rate between two currencies." };
    const clear: Tool = { ...getExchangeRateTool, name: "rate_b" };
    for (const tools of [[terse, clear], [clear, terse]]) {
      const { client, calls } = recordingClient();
      const { text } = await runLoop(client, "What is the USD to RUB rate?", { tools });
      expect(calls.map((c) => c.name)).toEqual(["rate_b"]);
      expect(text).not.toMatch(/Two tools/);
    }
  });

  it("a tie: the first offered, and the model says which it took and why", async () => {
    const first = renamed(getExchangeRateTool, "rate_a", {});
    const second = renamed(getExchangeRateTool, "rate_b", {});
    const response = await offline.messages.create({
      model: "claude-haiku-5-5",
      max_tokens: 500,
      tools: toolDefinitions([first, second]),
      messages: [{ role: "user", content: "What is the USD to RUB rate?" }],
    });
    const text = response.content.flatMap((b) => (b.type === "text" ? [b.text] : [])).join("");
    expect(text).toBe("Two tools do this job, rate_a and rate_b, and their descriptions are equally clear: each looks up exchange rates. I use rate_a, the first one offered.");
    expect(response.content.filter((b) => b.type === "tool_use").map((b) => (b as Anthropic.ToolUseBlock).name)).toEqual(["rate_a"]);
  });
});

describe("every tool the course offers is understood as what it is", () => {
  it("the course's tools map to themselves, argument for argument", () => {
    const choice = chooseTools(toolDefinitions(courseTools(root)));
    expect(choice.unsure).toEqual([]);
    expect(choice.chosen.map((c) => [c.name, c.tool.name, c.args])).toEqual([
      ["get_exchange_rate", "get_exchange_rate", { from_currency: "from_currency", to_currency: "to_currency" }],
      ["calculate", "calculate", { expression: "expression" }],
      ["save_to_file", "save_to_file", { filename: "filename", content: "content" }],
      ["read_file", "read_file", { path: "filename" }],
      ["search_contacts", "search_contacts", { name: "name" }],
    ]);
  });
});

// Tool search and deferred tools against the offline model, through the public SDK only
// (`client.beta.messages.create`). Source: the docs page "Tool search tool"
// (platform.claude.com/docs/en/agents-and-tools/tool-use/tool-search-tool), which says tool search is
// generally available: no beta header is needed, so none is sent. From that page:
// - "At least one tool, normally the tool search tool itself, must stay non-deferred"; the 400s "At least
//   one tool must have defer_loading=false. All tools cannot be deferred." and "Tool reference
//   'unknown_tool' not found in available tools";
// - deferred tools enter the context only when a search returns them; the search covers names,
//   descriptions, argument names and argument descriptions; up to 5 results; regex patterns at most 200
//   characters, matched case-insensitively, BM25 queries at most 500; a bad input is a 200 with a
//   tool_search_tool_result_error (`invalid_tool_input`); an empty result is not an error;
// - the response holds server_tool_use, tool_search_tool_result and the call to the tool found, in one
//   turn; the client never returns a tool_result for the srvtoolu_ id;
// - a custom (client) search tool returns tool_reference blocks in a standard tool_result;
// - "A tool with defer_loading: true can't also carry cache_control: the API returns a 400" (the
//   wording of that 400 is the fake's, see docs/API_FIDELITY.md);
// - "the tool definitions that search loads into context count as input tokens".

import Anthropic from "@anthropic-ai/sdk";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createClient } from "../../shared/client.ts";
import { runToolSearch, searchWords } from "../../shared/fake-api/tool-search.ts";

const MODEL = "claude-haiku-5-5";
type Params = Anthropic.Beta.MessageCreateParamsNonStreaming;
type Tool = Anthropic.Beta.BetaTool;
type Block = Anthropic.Beta.BetaContentBlock;

const client = () => createClient({ offline: true }).client;

const tool = (name: string, description: string, properties: Record<string, { type: string; description?: string }>, defer = true): Tool => ({
  name,
  description,
  input_schema: { type: "object", properties, required: Object.keys(properties) },
  ...(defer && { defer_loading: true }),
});

// A catalogue with near-duplicates: the exchange-rate tool hides among other money and business tools.
const RATE = tool("fx_rate_lookup", "Get the exchange rate between two currencies: how many units of to_currency one unit of from_currency buys.", {
  from_currency: { type: "string", description: "ISO code of the currency you have" },
  to_currency: { type: "string", description: "ISO code of the currency you want" },
});
const CALC = tool("calc_expression", "Evaluate an arithmetic expression such as 500 * 92.5 exactly.", { expression: { type: "string", description: "The arithmetic expression" } });
const FILLER: Tool[] = [
  tool("fx_rate_history", "List past currency conversions made by the finance team, newest first.", { month: { type: "string" } }),
  tool("invoice_create", "Create an invoice for a customer in their billing currency.", { customer_id: { type: "string" }, amount: { type: "number" } }),
  tool("invoice_send", "Send an existing invoice to the customer by email.", { invoice_id: { type: "string" } }),
  tool("crm_contact_search", "Search the CRM for contacts by name or company.", { name: { type: "string" } }),
  tool("payroll_run", "Run payroll for a department and pay period.", { department: { type: "string" } }),
  tool("inventory_count", "Count the items in stock at a warehouse.", { warehouse: { type: "string" } }),
  tool("ticket_open", "Open a support ticket with a subject and a priority.", { subject: { type: "string" }, priority: { type: "string" } }),
  tool("calendar_book", "Book a meeting room for a time slot.", { room: { type: "string" }, start: { type: "string" } }),
  ...Array.from({ length: 40 }, (_, i) =>
    tool(`report_${i}`, `Build business report number ${i} for the sales team as a table.`, { quarter: { type: "string", description: "Fiscal quarter such as Q3" } }),
  ),
];
const CATALOGUE = [RATE, CALC, ...FILLER];
// The same definitions as the fake API's search reads them.
const SEARCHED = CATALOGUE as unknown as Anthropic.Tool[];
const REGEX: Anthropic.Beta.Messages.BetaToolSearchToolRegex20251119 = { type: "tool_search_tool_regex_20251119", name: "tool_search_tool_regex" };
const BM25: Anthropic.Beta.Messages.BetaToolSearchToolBm25_20251119 = { type: "tool_search_tool_bm25_20251119", name: "tool_search_tool_bm25" };

function params(tools: Params["tools"], messages: Params["messages"] = [{ role: "user", content: "How much are 100 USD in EUR?" }]): Params {
  return { model: MODEL, max_tokens: 1024, tools, messages };
}

async function refusal(promise: Promise<unknown>): Promise<{ status: number | undefined; message: string }> {
  const error = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(Anthropic.APIError);
  return { status: (error as InstanceType<typeof Anthropic.APIError>).status, message: String((error as { apiMessage?: string }).apiMessage) };
}

// The blocks of a turn; Haiku 5.5 thinks adaptively, so a thinking block may come first.
const types = (content: Block[]) => content.flatMap((b) => (b.type === "thinking" ? [] : [b.type]));
const calls = (content: Block[]) => content.flatMap((b) => (b.type === "tool_use" ? [b] : []));

// Runs the conversation to its end, answering the calls the way the tools would.
async function converse(tools: Params["tools"], task: string, answer: (call: Anthropic.Beta.BetaToolUseBlock) => Anthropic.Beta.BetaToolResultBlockParam["content"]) {
  const messages: Params["messages"] = [{ role: "user", content: task }];
  const turns: Anthropic.Beta.BetaMessage[] = [];
  for (let i = 0; i < 8; i++) {
    const message = await client().beta.messages.create(params(tools, messages));
    turns.push(message);
    messages.push({ role: "assistant", content: message.content });
    if (message.stop_reason !== "tool_use") break;
    messages.push({ role: "user", content: calls(message.content).map((call) => ({ type: "tool_result", tool_use_id: call.id, content: answer(call) })) });
  }
  return turns;
}

const RESULTS: Record<string, string> = { fx_rate_lookup: '{"rate":0.92}', calc_expression: '{"result":92}' };

describe("defer_loading: the request rules", () => {
  it("refuses a request whose tools are all deferred, in the API's words", async () => {
    const all = [RATE, { ...REGEX, defer_loading: true }];
    expect(await refusal(client().beta.messages.create(params(all)))).toEqual({
      status: 400,
      message: "At least one tool must have defer_loading=false. All tools cannot be deferred.",
    });
  });

  it("refuses a tool_reference to a tool the request does not define, in the API's words", async () => {
    const messages: Params["messages"] = [
      { role: "user", content: "How much are 100 USD in EUR?" },
      { role: "assistant", content: [{ type: "tool_use", id: "toolu_find", name: "find_tools", input: { query: "exchange rate" } }] },
      { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_find", content: [{ type: "tool_reference", tool_name: "unknown_tool" }] }] },
    ];
    const finder = tool("find_tools", "Searches the tool catalogue and returns the tools that fit a task.", { query: { type: "string" } }, false);
    expect(await refusal(client().beta.messages.create(params([finder, RATE], messages)))).toEqual({
      status: 400,
      message: "Tool reference 'unknown_tool' not found in available tools",
    });
  });

  it("refuses a deferred tool that carries a cache breakpoint, and a defer_loading that is not a boolean", async () => {
    const cached = { ...RATE, cache_control: { type: "ephemeral" as const } };
    expect(await refusal(client().beta.messages.create(params([REGEX, cached])))).toMatchObject({ status: 400, message: expect.stringContaining("defer_loading=true cannot have cache_control") });
    const odd = { ...RATE, defer_loading: "yes" } as unknown as Tool;
    expect(await refusal(client().beta.messages.create(params([REGEX, odd])))).toEqual({ status: 400, message: "tools.1.custom.defer_loading: Input should be a valid boolean" });
  });

  it("refuses a tool_result for the server search's srvtoolu_ id", async () => {
    const first = await client().beta.messages.create(params([REGEX, ...CATALOGUE]));
    const search = first.content.find((b) => b.type === "server_tool_use")!;
    const messages: Params["messages"] = [
      { role: "user", content: "How much are 100 USD in EUR?" },
      { role: "assistant", content: first.content },
      { role: "user", content: [...calls(first.content).map((c) => ({ type: "tool_result" as const, tool_use_id: c.id, content: "{}" })), { type: "tool_result", tool_use_id: search.id, content: "done" }] },
    ];
    expect(await refusal(client().beta.messages.create(params([REGEX, ...CATALOGUE], messages)))).toMatchObject({
      status: 400,
      message: expect.stringContaining(`unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${search.id}`),
    });
  });

  it("never calls a deferred tool no search has returned: without a search tool the model cannot see it", async () => {
    const visible = tool("get_time", "Get the current date and time.", { timezone: { type: "string" } }, false);
    const message = await client().beta.messages.create(params([visible, RATE, CALC]));
    expect(calls(message.content)).toEqual([]);
    expect(message.stop_reason).toBe("end_turn");
  });

  it("counts only the tools in the model's context: count_tokens is far lower with the catalogue deferred", async () => {
    const loaded = CATALOGUE.map(({ defer_loading: _, ...rest }) => rest);
    const messages: Params["messages"] = [{ role: "user", content: "How much are 100 USD in EUR?" }];
    const withDeferral = await client().beta.messages.countTokens({ model: MODEL, tools: [REGEX, ...CATALOGUE], messages });
    const without = await client().beta.messages.countTokens({ model: MODEL, tools: [REGEX, ...loaded], messages });
    expect(withDeferral.input_tokens * 10).toBeLessThan(without.input_tokens);
  });
});

describe("the server tool search tools", () => {
  for (const search of [REGEX, BM25]) {
    it(`${search.type}: searches, finds the tool and calls it in the same response`, async () => {
      const message = await client().beta.messages.create(params([search, ...CATALOGUE]));
      expect(types(message.content)).toEqual(["server_tool_use", "tool_search_tool_result", "tool_use"]);
      const [use, result, call] = message.content.filter((b) => b.type !== "thinking") as [Anthropic.Beta.BetaServerToolUseBlock, Anthropic.Beta.Messages.BetaToolSearchToolResultBlock, Anthropic.Beta.BetaToolUseBlock];
      expect(use.id).toMatch(/^srvtoolu_/);
      expect(use.name).toBe(search.name);
      expect(Object.keys(use.input as object)).toEqual([search === REGEX ? "pattern" : "query"]);
      expect(result.tool_use_id).toBe(use.id);
      const content = result.content as Anthropic.Beta.Messages.BetaToolSearchToolSearchResultBlock;
      expect(content.type).toBe("tool_search_tool_search_result");
      expect(content.tool_references.length).toBeLessThanOrEqual(5);
      expect(content.tool_references).toContainEqual({ type: "tool_reference", tool_name: "fx_rate_lookup" });
      expect(call).toMatchObject({ name: "fx_rate_lookup", input: { from_currency: "USD", to_currency: "EUR" } });
      expect(message.stop_reason).toBe("tool_use");
    });
  }

  it("goes on across turns: a tool found once stays callable, the next one is searched for, and the answer uses both", async () => {
    const turns = await converse([REGEX, ...CATALOGUE], "How much are 100 USD in EUR?", (call) => RESULTS[call.name] ?? "{}");
    const last = turns.at(-1)!;
    expect(last.stop_reason).toBe("end_turn");
    expect(turns.flatMap((t) => calls(t.content).map((c) => c.name))).toEqual(["fx_rate_lookup", "calc_expression"]);
    expect(turns.flatMap((t) => t.content.filter((b) => b.type === "server_tool_use"))).toHaveLength(2);
    expect(last.content.find((b) => b.type === "text")).toMatchObject({ text: expect.stringContaining("92") });
  });

  it("streams the search as the docs show it: server_tool_use with its input as JSON deltas, the result whole", async () => {
    const events: Anthropic.Beta.BetaRawMessageStreamEvent[] = [];
    const stream = client().beta.messages.stream(params([REGEX, ...CATALOGUE]));
    stream.on("streamEvent", (event) => events.push(event));
    const final = await stream.finalMessage();
    expect(types(final.content)).toEqual(["server_tool_use", "tool_search_tool_result", "tool_use"]);
    const starts = events.flatMap((e) => (e.type === "content_block_start" ? [e] : []));
    const use = starts.find((e) => e.content_block.type === "server_tool_use")!;
    expect(use.content_block).toMatchObject({ type: "server_tool_use", input: {} });
    expect(starts.find((e) => e.index === use.index + 1)?.content_block).toMatchObject({ type: "tool_search_tool_result", content: { type: "tool_search_tool_search_result" } });
    expect(events.some((e) => e.type === "content_block_delta" && e.index === use.index && e.delta.type === "input_json_delta")).toBe(true);
    expect(events.some((e) => e.type === "content_block_delta" && e.index === use.index + 1)).toBe(false);
  });

  it("says so when the search finds nothing that fits, instead of calling something else", async () => {
    const message = await client().beta.messages.create(params([REGEX, CALC, ...FILLER]));
    expect(types(message.content)).toEqual(["text"]);
    expect(message.stop_reason).toBe("end_turn");
  });
});

describe("the search itself (what the fake API runs for the server tools)", () => {
  it("matches regex patterns case-insensitively over names, descriptions and argument names and descriptions", () => {
    const names = (pattern: string) => {
      const outcome = runToolSearch("regex", { pattern }, SEARCHED);
      return outcome.type === "tool_search_tool_search_result" ? outcome.tool_references.map((r) => r.tool_name) : outcome;
    };
    expect(names("FX_RATE_LOOKUP")).toEqual(["fx_rate_lookup"]);
    expect(names("currency you want")).toEqual(["fx_rate_lookup"]); // an argument's description
    expect(names("^expression$")).toEqual(["calc_expression"]); // an argument's name
    expect(names("report_")).toHaveLength(5); // up to 5 results
    expect(names("no tool says this")).toEqual([]); // an empty result, not an error
  });

  it("refuses a pattern over 200 characters, an invalid one and one RE2 cannot run, as invalid_tool_input, and never hangs", () => {
    for (const pattern of ["a".repeat(201), "((", "(a)\\1", ""]) {
      expect(runToolSearch("regex", { pattern }, SEARCHED)).toMatchObject({ type: "tool_search_tool_result_error", error_code: "invalid_tool_input" });
    }
    // Catastrophic for a backtracking engine; linear on RE2.
    const slow = tool("x", `${"a".repeat(5000)}b`, {});
    expect(runToolSearch("regex", { pattern: "(a+)+$" }, [slow as unknown as Anthropic.Tool])).toMatchObject({ type: "tool_search_tool_search_result" });
  });

  it("property: whatever the input, a search answers (never throws) with at most 5 tools of the catalogue, each once", () => {
    const some = SEARCHED.slice(0, 12);
    const names = new Set(some.map((t) => t.name));
    const pattern = fc.oneof(fc.string({ maxLength: 220 }), fc.stringMatching(/^[a-z_.*+?()|[\]^$\\{}0-9]{0,60}$/));
    fc.assert(
      fc.property(fc.constantFrom("regex" as const, "bm25" as const), fc.oneof(pattern, fc.jsonValue()), (variant, value) => {
        const outcome = runToolSearch(variant, { pattern: value, query: value }, some);
        if (outcome.type === "tool_search_tool_result_error") {
          expect(outcome.error_code).toBe("invalid_tool_input");
          return;
        }
        const found = outcome.tool_references.map((r) => r.tool_name);
        expect(found.length).toBeLessThanOrEqual(5);
        expect(new Set(found).size).toBe(found.length);
        expect(found.every((name) => names.has(name))).toBe(true);
      }),
      { seed: 42, numRuns: 100 },
    );
  });

  it("ranks BM25 results by the query's words and refuses a query over 500 characters", () => {
    const outcome = runToolSearch("bm25", { query: "exchange rate between currencies" }, SEARCHED);
    expect(outcome.type === "tool_search_tool_search_result" && outcome.tool_references[0]).toEqual({ type: "tool_reference", tool_name: "fx_rate_lookup" });
    expect(runToolSearch("bm25", { query: "x".repeat(501) }, SEARCHED)).toMatchObject({ error_code: "invalid_tool_input" });
    expect(searchWords("fromCurrency currencies Валюты")).toEqual(["from", "currency", "currency", "валю"]);
  });
});

describe("client-side tool search: tool_reference blocks in a tool_result", () => {
  // Named for nothing: the model knows what it does from its description.
  // A choice of mode comes first, and is required: the query still goes in `query`, the mode gets a value.
  const FINDER = tool(
    "lookup",
    "Searches the tool catalogue and returns the tools that fit a task, as tool references.",
    { mode: { type: "string", enum: ["words", "pattern"], description: "How to search" } as never, query: { type: "string", description: "What the tool should do" } },
    false,
  );

  it("calls the search tool with a query made from the task, then the tool it got back", async () => {
    const queries: string[] = [];
    const turns = await converse([FINDER, ...CATALOGUE], "How much are 100 USD in EUR?", (call) => {
      if (call.name !== "lookup") return RESULTS[call.name] ?? "{}";
      const query = String((call.input as { query: string }).query);
      queries.push(query);
      const wanted = /exchange rate/.test(query) ? "fx_rate_lookup" : /arithmetic/.test(query) ? "calc_expression" : "report_1";
      return [{ type: "tool_reference", tool_name: wanted }];
    });
    expect(queries[0]).toContain("How much are 100 USD in EUR?");
    expect(calls(turns[0]!.content)[0]!.input).toMatchObject({ mode: "words" });
    expect(turns.flatMap((t) => calls(t.content).map((c) => c.name))).toEqual(["lookup", "fx_rate_lookup", "lookup", "calc_expression"]);
    expect(turns.at(-1)!.stop_reason).toBe("end_turn");
  });

  it("searches in English and, for a Russian task, in Russian beside it", async () => {
    const first = await client().beta.messages.create(params([FINDER, ...CATALOGUE], [{ role: "user", content: "Сколько будет 100 USD в EUR?" }]));
    expect(calls(first.content)[0]).toMatchObject({ name: "lookup", input: { query: "looks up exchange rates (узнаёт курсы валют): Сколько будет 100 USD в EUR?" } });
  });

  it("does not search again with the same query when the first search found nothing that fits", async () => {
    const turns = await converse([FINDER, ...CATALOGUE], "How much are 100 USD in EUR?", () => [{ type: "tool_reference", tool_name: "report_1" }]);
    expect(turns.flatMap((t) => calls(t.content).map((c) => c.name))).toEqual(["lookup"]);
    expect(turns.at(-1)!.content.find((b) => b.type === "text")).toMatchObject({ text: expect.stringContaining("found none that fits") });
  });
});

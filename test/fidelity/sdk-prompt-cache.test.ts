// Prompt caching against the offline model, through the public SDK only (`client.beta.messages.create`;
// caching is generally available, no beta header). Sources: the docs page "Prompt caching"
// (platform.claude.com/docs/en/build-with-claude/prompt-caching): prefixes in the order tools, system,
// messages up to each breakpoint; 5-minute TTL, `ttl: "1h"`, a hit refreshes it; the 20-block lookback;
// the minimum cacheable length per model, below which nothing is cached and no error is returned; usage
// `cache_creation_input_tokens` (with `cache_creation` by TTL), `cache_read_input_tokens`, and
// `input_tokens` after the last breakpoint; changing the tools invalidates everything after them. The
// docs page "Tool reference" ("defer_loading and prompt caching"): deferred tools are left out before the
// key is computed. Prices: shared/model.ts (docs/SOURCES.md).

import Anthropic from "@anthropic-ai/sdk";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createClient } from "../../shared/client.ts";
import { minimumCacheable } from "../../shared/fake-api/prompt-cache.ts";
import { usageCost } from "../../shared/model.ts";

const MODEL = "claude-haiku-5-5";
type Params = Anthropic.Beta.MessageCreateParamsNonStreaming;
type Tool = Anthropic.Beta.BetaTool;

const client = () => createClient({ offline: true }).client;

// Each test writes prefixes of its own: the cache is shared by every client in the process.
let run = 0;
beforeEach(() => {
  run += 1;
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-12-02T10:00:00Z"));
});
afterEach(() => vi.useRealTimers());

const rate = (): Tool => ({
  name: "get_exchange_rate",
  description: `Get the exchange rate between two currencies (catalogue ${run}). ${"Rates are mid-market and refreshed hourly. ".repeat(60)}`,
  input_schema: { type: "object", properties: { from_currency: { type: "string" }, to_currency: { type: "string" } }, required: ["from_currency", "to_currency"] },
});
const longSystem = () => `You are a careful finance assistant, run ${run}. ${"Answer with the figures the tools return, and name the rate you used. ".repeat(40)}`;

function params(overrides: Partial<Params> = {}, question = "How much are 100 USD in EUR?"): Params {
  return {
    model: MODEL,
    max_tokens: 1024,
    tools: [rate()],
    system: [{ type: "text", text: longSystem(), cache_control: { type: "ephemeral" } }],
    messages: [{ role: "user", content: question }],
    ...overrides,
  };
}

const usage = async (p: Params) => (await client().beta.messages.create(p)).usage;
const minutes = (n: number) => vi.setSystemTime(Date.now() + n * 60_000);

describe("prompt caching: writes, reads and the rest", () => {
  it("writes the prefix on the first request and reads it on the next within 5 minutes", async () => {
    const first = await usage(params());
    expect(first.cache_read_input_tokens).toBe(0);
    expect(first.cache_creation_input_tokens).toBeGreaterThan(minimumCacheable(MODEL));
    expect(first.cache_creation).toEqual({ ephemeral_5m_input_tokens: first.cache_creation_input_tokens, ephemeral_1h_input_tokens: 0 });

    minutes(4);
    const second = await usage(params({}, "And 200 USD in GBP?"));
    expect(second.cache_read_input_tokens).toBe(first.cache_creation_input_tokens);
    expect(second.cache_creation_input_tokens).toBe(0);
    // input_tokens is only what follows the breakpoint: the question.
    expect(second.input_tokens).toBeLessThan(100);
  });

  it("expires after 5 minutes, and a read keeps it alive for another 5", async () => {
    await usage(params());
    minutes(4);
    expect((await usage(params())).cache_read_input_tokens).toBeGreaterThan(0);
    minutes(4); // 8 minutes after the write, 4 after the read
    expect((await usage(params())).cache_read_input_tokens).toBeGreaterThan(0);
    minutes(6);
    const late = await usage(params());
    expect(late.cache_read_input_tokens).toBe(0);
    expect(late.cache_creation_input_tokens).toBeGreaterThan(0);
  });

  it("keeps a ttl: \"1h\" entry for an hour and reports its write as ephemeral_1h", async () => {
    const oneHour = params({ system: [{ type: "text", text: longSystem(), cache_control: { type: "ephemeral", ttl: "1h" } }] });
    const first = await usage(oneHour);
    expect(first.cache_creation).toEqual({ ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: first.cache_creation_input_tokens });
    minutes(50);
    expect((await usage(oneHour)).cache_read_input_tokens).toBe(first.cache_creation_input_tokens);
    minutes(61);
    expect((await usage(oneHour)).cache_read_input_tokens).toBe(0);
  });

  it("refuses a 1-hour breakpoint after a 5-minute one, in the API's words (cnighswonger/claude-code-cache-fix#44)", async () => {
    const tools = [{ ...rate(), cache_control: { type: "ephemeral" as const } }];
    const late = params({ tools, system: [{ type: "text", text: longSystem(), cache_control: { type: "ephemeral", ttl: "1h" } }] });
    const error = await client().beta.messages.create(late).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Anthropic.APIError);
    expect((error as InstanceType<typeof Anthropic.APIError>).apiMessage).toBe(
      "system.0.cache_control.ttl: a ttl='1h' cache_control block must not come after a ttl='5m' cache_control block. Note that blocks are processed in the following order: `tools`, `system`, `messages`.",
    );
    // The other way round is the rule: the longer TTL first.
    const early = params({ tools: [{ ...rate(), cache_control: { type: "ephemeral", ttl: "1h" } }] });
    expect((await usage(early)).cache_creation!.ephemeral_1h_input_tokens).toBeGreaterThan(0);
  });

  it("caches nothing, silently, below the model's minimum", async () => {
    const short = params({ tools: [{ ...rate(), description: "Exchange rates." }], system: [{ type: "text", text: `Be brief ${run}.`, cache_control: { type: "ephemeral" } }] });
    for (let i = 0; i < 2; i++) {
      const u = await usage(short);
      expect([u.cache_creation_input_tokens, u.cache_read_input_tokens]).toEqual([0, 0]);
    }
    expect(minimumCacheable("claude-haiku-5-5")).toBe(512);
    expect(minimumCacheable("claude-sonnet-5")).toBe(1024);
    expect(minimumCacheable("claude-haiku-4-5")).toBe(4096);
  });

  it("reads only up to what changed: tools, then system, then messages", async () => {
    // Two breakpoints: after the tools and after the system prompt.
    const tools = [{ ...rate(), cache_control: { type: "ephemeral" as const } }];
    const first = await usage(params({ tools }));
    const other = await usage(params({ tools, system: [{ type: "text", text: `${longSystem()} Round to cents.`, cache_control: { type: "ephemeral" } }] }));
    expect(other.cache_read_input_tokens).toBeGreaterThan(0); // the tools' prefix
    expect(other.cache_read_input_tokens).toBeLessThan(first.cache_creation_input_tokens!);
    expect(other.cache_creation_input_tokens).toBeGreaterThan(0); // the new system prompt
    const changedTool = [{ ...tools[0]!, description: `${tools[0]!.description} Also historical rates.` }];
    expect((await usage(params({ tools: changedTool }))).cache_read_input_tokens).toBe(0);
  });

  it("keeps the cache when deferred tools are added: they are not in the prefix", async () => {
    const tools = [{ ...rate(), cache_control: { type: "ephemeral" as const } }];
    const first = await usage(params({ tools, system: longSystem() }));
    const deferred: Tool = { name: "payroll_run", description: "Run payroll.", input_schema: { type: "object", properties: {} }, defer_loading: true };
    const search: Anthropic.Beta.Messages.BetaToolSearchToolRegex20251119 = { type: "tool_search_tool_regex_20251119", name: "tool_search_tool_regex" };
    const after = await usage(params({ tools: [...tools, search, deferred], system: longSystem() }));
    expect(after.cache_read_input_tokens).toBe(first.cache_creation_input_tokens);
  });

  it("with automatic caching (top-level cache_control), the next turn reads what this one wrote", async () => {
    const history: Params["messages"] = [{ role: "user", content: "How much are 100 USD in EUR?" }];
    const auto = (messages: Params["messages"]): Params => ({ model: MODEL, max_tokens: 1024, tools: [rate()], system: longSystem(), cache_control: { type: "ephemeral" }, messages });
    const first = await client().beta.messages.create(auto(history));
    expect(first.usage.cache_creation_input_tokens).toBeGreaterThan(0);
    const call = first.content.find((b) => b.type === "tool_use")!;
    history.push({ role: "assistant", content: first.content }, { role: "user", content: [{ type: "tool_result", tool_use_id: call.id, content: '{"rate":0.92}' }] });
    const second = await client().beta.messages.create(auto(history));
    expect(second.usage.cache_read_input_tokens).toBe(first.usage.cache_creation_input_tokens);
    expect(second.usage.cache_creation_input_tokens).toBeGreaterThan(0); // the new turn, written for the next one
  });

  it("reports the same usage streamed, and count_tokens is not affected", async () => {
    await usage(params());
    const streamed = await client().beta.messages.stream(params()).finalMessage();
    expect(streamed.usage.cache_read_input_tokens).toBeGreaterThan(0);
    const { max_tokens: _, ...counted } = params();
    const count = await client().beta.messages.countTokens(counted);
    expect(count.input_tokens).toBeGreaterThan(streamed.usage.cache_read_input_tokens!);
  });

  it("makes the second request cheaper: shared/model.ts prices the writes and the reads", async () => {
    const first = await usage(params());
    const second = await usage(params());
    const [a, b] = [usageCost(MODEL, first)!, usageCost(MODEL, second)!];
    expect(b).toBeLessThan(a);
    // A read costs a tenth of input on Haiku 5.5, a write 1.25x.
    const read = second.cache_read_input_tokens!;
    expect(b).toBeCloseTo((second.input_tokens * 0.1 + second.output_tokens * 0.5 + read * 0.01) / 1e6, 12);
    expect(a).toBeCloseTo((first.input_tokens * 0.1 + first.output_tokens * 0.5 + first.cache_creation_input_tokens! * 0.125) / 1e6, 12);
  });
});

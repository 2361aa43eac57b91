// Compaction against the offline model, through the public SDK only. Sources:
// - the docs page "Compaction" (platform.claude.com/docs/en/build-with-claude/compaction): a beta
//   header is required; a compaction block is sent back in an assistant turn and the API drops every
//   block before it; `compact_20260112` edits with a trigger of at least 50,000 input tokens;
// - the SDK's types and tool runner (node_modules/@anthropic-ai/sdk: resources/beta/messages/messages.d.ts,
//   `BetaCompactionConfig` and the `compaction` param; lib/tools/BetaToolRunner.js, compactBeforeNextTurn()
//   "Requires the `compact-2026-09-04` beta"; lib/BetaMessageStream.js, the `compaction_delta` that
//   carries the block's whole value): the answer is one signed `compaction` block, stop_reason
//   "compaction"; count_tokens ignores the param; it cannot be combined with context_management; empty
//   content is refused, null content is a no-op.
// The API's words for the refusals are not in these sources; the tests check the status and what the
// fake's message names (docs/API_FIDELITY.md says so).

import Anthropic from "@anthropic-ai/sdk";
import { betaTool } from "@anthropic-ai/sdk/helpers/beta/json-schema";
import { describe, expect, it } from "vitest";
import { createClient } from "../../shared/client.ts";
import { COMPACT_EDIT_BETA, COMPACTION_BETA } from "../../shared/fake-api/compaction.ts";

const MODEL = "claude-haiku-5-5";
type Message = Anthropic.Beta.BetaMessageParam;

// The tools as the API takes them, and as runnable tools for the toolRunner.
const definitions = [
  {
    name: "get_exchange_rate",
    description: "The exchange rate between two currencies, as units of `to` for one unit of `from`.",
    input_schema: { type: "object", properties: { from: { type: "string" }, to: { type: "string" } }, required: ["from", "to"] },
  },
  {
    name: "calculate",
    description: "Evaluates an arithmetic expression such as 500 * 0.92.",
    input_schema: { type: "object", properties: { expression: { type: "string" } }, required: ["expression"] },
  },
] as const;
const apiTools = definitions.map((d) => ({ ...d, input_schema: { ...d.input_schema, required: [...d.input_schema.required] } }));
// Only the expressions these tests make the model send.
const RESULTS: Record<string, number> = { "500 * 0.92": 460, "460 * 10 / 100": 46 };
const TOOLS = [
  betaTool({ name: definitions[0].name, description: definitions[0].description, inputSchema: definitions[0].input_schema, run: async () => JSON.stringify({ rate: 0.92 }) }),
  betaTool({
    name: definitions[1].name,
    description: definitions[1].description,
    inputSchema: definitions[1].input_schema,
    run: async ({ expression }) => JSON.stringify({ result: RESULTS[expression] ?? "unknown" }),
  }),
];

const client = () => createClient({ offline: true }).client;
const question = (text: string): Message => ({ role: "user", content: text });

// A conversation that worked out a figure: 500 USD = 460 EUR.
const worked: Message[] = [
  question("How much are 500 USD in EUR?"),
  { role: "assistant", content: [{ type: "tool_use", id: "toolu_rate", name: "get_exchange_rate", input: { from: "USD", to: "EUR" } }] },
  { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_rate", content: '{"rate":0.92}' }] },
  { role: "assistant", content: [{ type: "tool_use", id: "toolu_calc", name: "calculate", input: { expression: "500 * 0.92" } }] },
  { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_calc", content: '{"result":460}' }] },
  { role: "assistant", content: "500 USD = 460 EUR at the demo rate 1 USD = 0.92 EUR." },
];

function compactRequest(extra: Partial<Anthropic.Beta.MessageCreateParamsNonStreaming> = {}): Anthropic.Beta.MessageCreateParamsNonStreaming {
  return { model: MODEL, max_tokens: 1024, betas: [COMPACTION_BETA], tools: apiTools, messages: worked, compaction: { type: "summarize" }, ...extra };
}

async function compactionBlock(): Promise<Anthropic.Beta.BetaCompactionBlock> {
  const message = await client().beta.messages.create(compactRequest());
  return message.content[0] as Anthropic.Beta.BetaCompactionBlock;
}

async function refusal(promise: Promise<unknown>): Promise<{ status: number | undefined; message: string }> {
  const error = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(Anthropic.APIError);
  return { status: (error as InstanceType<typeof Anthropic.APIError>).status, message: String((error as { apiMessage?: string }).apiMessage) };
}

// Source: SDK messages.d.ts, the `compaction` param ("the response holds only the resulting `compaction`
// block (`stop_reason` `"compaction"`)", "accepts this parameter and ignores it", "Cannot be combined with
// `context_management`"); BetaMessageStream.js for the stream; docs "Compaction" for the beta header.
describe("a compaction request", () => {
  it("answers with one signed compaction block that keeps the figures, stop_reason compaction", async () => {
    const message = await client().beta.messages.create(compactRequest());
    expect(message.stop_reason).toBe("compaction");
    expect(message.content).toHaveLength(1);
    const block = message.content[0] as Anthropic.Beta.BetaCompactionBlock;
    expect(block.type).toBe("compaction");
    expect(block.signature).toEqual(expect.any(String));
    expect(block.content).toContain("460 EUR");
    expect(block.content).toContain("500 USD in EUR");
  });

  it("is refused without the beta, as a field the API does not know", async () => {
    const { betas: _, ...withoutBeta } = compactRequest();
    expect(await refusal(client().beta.messages.create(withoutBeta))).toEqual({ status: 400, message: "compaction: Extra inputs are not permitted" });
  });

  it("checks its config and refuses it together with context_management", async () => {
    const bad = compactRequest({ compaction: { type: "summarize", depth: 2 } as unknown as Anthropic.Beta.BetaCompactionConfig });
    expect(await refusal(client().beta.messages.create(bad))).toMatchObject({ status: 400, message: expect.stringContaining("depth") });
    const both = compactRequest({ context_management: { edits: [{ type: "compact_20260112" }] } });
    expect(await refusal(client().beta.messages.create(both))).toMatchObject({ status: 400, message: expect.stringContaining("context_management") });
  });

  it("is refused when the conversation ends with a tool call that has no result", async () => {
    const cut = compactRequest({ messages: worked.slice(0, 2) });
    expect(await refusal(client().beta.messages.create(cut))).toMatchObject({ status: 400, message: expect.stringContaining("tool_use") });
  });

  it("streams the block as the SDK expects: the summary in one compaction_delta", async () => {
    const stream = client().beta.messages.stream({ ...compactRequest(), stream: true });
    const seen: string[] = [];
    stream.on("compaction", (summary) => seen.push(summary));
    const final = await stream.finalMessage();
    const block = final.content[0] as Anthropic.Beta.BetaCompactionBlock;
    expect(final.stop_reason).toBe("compaction");
    expect(seen).toEqual([block.content]);
    expect(block.content).toContain("460 EUR");
    expect(block.signature).toEqual(expect.any(String));
  });

  it("is accepted and ignored by count_tokens", async () => {
    const { max_tokens: _, ...counted } = compactRequest();
    const count = await client().beta.messages.countTokens(counted);
    expect(count.input_tokens).toBeGreaterThan(0);
  });
});

// Source: docs "Compaction" ("The API automatically drops all message blocks prior to the compaction
// block"); SDK `BetaCompactionBlockParam` (null content a no-op, empty content not allowed, signature verbatim).
describe("a request that starts from a compaction block", () => {
  it("goes on from the summary: a follow-up still has the earlier figure", async () => {
    const block = await compactionBlock();
    const next = await client().beta.messages.create({
      model: MODEL,
      max_tokens: 1024,
      betas: [COMPACTION_BETA],
      tools: apiTools,
      messages: [{ role: "assistant", content: [block] }, question("What is 10% of that amount?")],
    });
    const call = next.content.find((b) => b.type === "tool_use");
    expect(call).toMatchObject({ name: "calculate", input: { expression: "460 * 10 / 100" } });
  });

  it("summarizes in the conversation's language, and reads the summary back", async () => {
    const runner = client().beta.messages.toolRunner({ model: MODEL, max_tokens: 1024, betas: [COMPACTION_BETA], tools: TOOLS, messages: [question("Сколько будет 500 долларов в евро?")] });
    for await (const message of runner) if (message.stop_reason === "end_turn") runner.compactBeforeNextTurn();
    const [compacted] = runner.params.messages;
    expect(compacted).toMatchObject({ content: [{ type: "compaction", content: expect.stringMatching(/^Краткое содержание разговора:[^]*460 EUR/u) }] });
    const next = await client().beta.messages.create({
      model: MODEL,
      max_tokens: 1024,
      betas: [COMPACTION_BETA],
      tools: apiTools,
      messages: [...runner.params.messages, question("Сколько будет 10% от этой суммы?")],
    });
    expect(next.content.find((b) => b.type === "tool_use")).toMatchObject({ name: "calculate", input: { expression: "460 * 10 / 100" } });
  });

  it("refuses a summary changed after signing, and an empty one; a failed (null) compaction is a no-op", async () => {
    const block = await compactionBlock();
    const send = (content: string | null) =>
      client().beta.messages.create({
        model: MODEL,
        max_tokens: 1024,
        betas: [COMPACTION_BETA],
        tools: apiTools,
        messages: [question("Hi"), { role: "assistant", content: [{ ...block, content }] }, question("How much are 20 USD in EUR?")],
      });
    expect(await refusal(send(block.content!.replace("460", "999")))).toMatchObject({ status: 400, message: expect.stringContaining("signature") });
    expect(await refusal(send(""))).toMatchObject({ status: 400, message: expect.stringContaining("non-empty") });
    const answered = await send(null);
    expect(answered.content.some((b) => b.type === "tool_use" && b.name === "get_exchange_rate")).toBe(true);
  });
});

// Source: SDK BetaToolRunner.js, compactBeforeNextTurn() ("Once the current turn has finished, including any
// tool calls, the runner requests a summary and replaces the message history with the compaction response").
describe("a compaction in the middle of a task", () => {
  it("keeps the question and the tool results so far, and the runner finishes the task from the summary", async () => {
    const runner = client().beta.messages.toolRunner({ model: MODEL, max_tokens: 1024, betas: [COMPACTION_BETA], tools: TOOLS, messages: [question("How much are 500 USD in EUR?")] });
    const seen: Anthropic.Beta.BetaMessage[] = [];
    for await (const message of runner) {
      seen.push(message);
      // After the first tool call: the runner compacts once its result is in.
      if (seen.length === 1) runner.compactBeforeNextTurn();
    }
    expect(seen.map((m) => m.stop_reason)).toEqual(["tool_use", "compaction", "tool_use", "end_turn"]);
    const summary = (seen[1]!.content[0] as Anthropic.Beta.BetaCompactionBlock).content;
    expect(summary).toContain("How much are 500 USD in EUR?");
    expect(summary).toContain('get_exchange_rate {"from":"USD","to":"EUR"} -> {"rate":0.92}');
    // No second rate lookup: the model goes on with the rate the summary holds.
    expect(seen[2]!.content.find((b) => b.type === "tool_use")).toMatchObject({ name: "calculate", input: { expression: "500 * 0.92" } });
    expect(seen[3]!.content.find((b) => b.type === "text")).toMatchObject({ text: expect.stringContaining("460 EUR") });
  });
});

// Source: docs "Compaction" (beta compact-2026-01-12; trigger default 150,000 input tokens, minimum 50,000).
describe("context_management with a compact_20260112 edit", () => {
  const base = { model: MODEL, max_tokens: 1024, tools: apiTools, messages: [question("How much are 20 USD in EUR?")] };
  it("is accepted with its beta (the offline conversations never reach the trigger)", async () => {
    const message = await client().beta.messages.create({ ...base, betas: [COMPACT_EDIT_BETA], context_management: { edits: [{ type: "compact_20260112" }] } });
    expect(message.stop_reason).toBe("tool_use");
  });

  it("refuses a trigger under the documented minimum of 50,000 tokens", async () => {
    const low = { edits: [{ type: "compact_20260112" as const, trigger: { type: "input_tokens" as const, value: 1000 } }] };
    const answer = client().beta.messages.create({ ...base, betas: [COMPACT_EDIT_BETA], context_management: low });
    expect(await refusal(answer)).toMatchObject({ status: 400, message: expect.stringContaining("50000") });
  });
});

// Source: SDK BetaToolRunner.js (compactBeforeNextTurn(), "Requires the `compact-2026-09-04` beta"; a
// compaction scheduled at the end runs after the final turn).
describe("the toolRunner's compactBeforeNextTurn()", () => {
  it("compacts after the final turn, and the conversation goes on from the summary", async () => {
    const runner = client().beta.messages.toolRunner({
      model: MODEL,
      max_tokens: 1024,
      betas: [COMPACTION_BETA],
      tools: TOOLS,
      messages: [question("How much are 500 USD in EUR?")],
    });
    const stops: Array<string | null> = [];
    for await (const message of runner) {
      stops.push(message.stop_reason);
      if (message.stop_reason === "end_turn") runner.compactBeforeNextTurn();
    }
    expect(stops).toEqual(["tool_use", "tool_use", "end_turn", "compaction"]);
    const [compacted] = runner.params.messages;
    expect(runner.params.messages).toHaveLength(1);
    expect(compacted).toMatchObject({ role: "assistant", content: [{ type: "compaction", content: expect.stringContaining("460 EUR") }] });

    const followUp = client().beta.messages.toolRunner({
      model: MODEL,
      max_tokens: 1024,
      betas: [COMPACTION_BETA],
      tools: TOOLS,
      messages: [...runner.params.messages, question("What is 10% of that amount?")],
    });
    const final = await followUp.runUntilDone();
    const text = final.content.flatMap((b) => (b.type === "text" ? [b.text] : [])).join(" ");
    const calls = followUp.params.messages.flatMap((m) => (Array.isArray(m.content) ? m.content : [])).filter((b) => b.type === "tool_use");
    expect(calls).toMatchObject([{ name: "calculate", input: { expression: "460 * 10 / 100" } }]);
    expect(text).toMatch(/(?<![\d.])46(?![\d])/u);
  });
});

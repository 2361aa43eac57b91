// The SDK's thread helpers against the offline model, through the public SDK only: the toolRunner with
// its defaults and `client.beta.messages.thread()` send `thread` and the threads beta, and the fake
// holds the conversation as the API does. Source for every rule: the docs page "Message threads"
// (platform.claude.com/docs/en/build-with-claude/message-threads): create, continue with only the new
// messages and no system/tools, a 404 when the thread is gone and a replay; the error codes the SDK
// reads (thread_not_found, ...) are in node_modules/@anthropic-ai/sdk/src/lib/internal/threads/ThreadState.ts.

import Anthropic from "@anthropic-ai/sdk";
import { betaJSONSchemaOutputFormat, betaTool } from "@anthropic-ai/sdk/helpers/beta/json-schema";
import { afterEach, describe, expect, it } from "vitest";
import { setThreadClock, THREAD_TTL_MS } from "../../shared/fake-api/thread-store.ts";
import { THREADS_BETA } from "../../shared/fake-api/threads.ts";
import { createClient, type Fetch } from "../../shared/client.ts";
import { createMockModel, reply } from "../../shared/mock/mock-model.ts";

const MODEL = "claude-haiku-5-5";
type Sent = { body: Record<string, unknown>; beta: string };

// The offline client of the course, with every request body it sends kept for the test to read.
function recordingClient(): { client: Anthropic; sent: Sent[] } {
  const sent: Sent[] = [];
  const wrapFetch = (inner: Fetch): Fetch => async (input, init) => {
    if (typeof init?.body === "string") sent.push({ body: JSON.parse(init.body), beta: new Headers(init.headers).get("anthropic-beta") ?? "" });
    return inner(input, init);
  };
  return { client: createClient({ offline: true, wrapFetch }).client, sent };
}

const rateTool = betaTool({
  name: "get_exchange_rate",
  description: "The exchange rate between two currencies, as units of `to` for one unit of `from`.",
  inputSchema: {
    type: "object",
    properties: { from: { type: "string", description: "ISO code, e.g. USD" }, to: { type: "string", description: "ISO code, e.g. RUB" } },
    required: ["from", "to"],
  },
  run: async () => JSON.stringify({ rate: 92.5 }),
});

// The `error.details` the API sends with a thread error, where the SDK looks for its error_code.
const details = (error: unknown) => (error as { error?: { error?: { details?: unknown } } }).error?.error?.details;

const question = (text: string): Anthropic.Beta.BetaMessageParam => ({ role: "user", content: text });

afterEach(() => setThreadClock(() => Date.now()));

describe("the toolRunner with its defaults", () => {
  it("creates a thread, then sends only the new messages, without system and tools", async () => {
    const { client, sent } = recordingClient();
    const runner = client.beta.messages.toolRunner({
      model: MODEL,
      max_tokens: 1024,
      system: "Answer briefly.",
      tools: [rateTool],
      messages: [question("What is the exchange rate from USD to RUB?")],
    });
    const final = await runner.runUntilDone();
    expect(final.content.some((b) => b.type === "text" && b.text.includes("92.5"))).toBe(true);

    expect(sent.length).toBeGreaterThanOrEqual(2);
    const [first, second] = sent as [Sent, Sent];
    expect(first.beta).toContain(THREADS_BETA);
    expect(first.body.thread).toEqual({ type: "create" });
    expect(first.body.system).toBe("Answer briefly.");
    expect(second.body.thread).toMatchObject({ type: "continue" });
    expect(second.body).not.toHaveProperty("system");
    expect(second.body).not.toHaveProperty("tools");
    // Only the tool result goes out: the thread holds the question and the reply.
    const messages = second.body.messages as Anthropic.MessageParam[];
    expect(messages).toHaveLength(1);
    expect((messages[0]!.content as Anthropic.ContentBlockParam[])[0]!.type).toBe("tool_result");
  });

  it("streams each turn with stream: true, and still threads them", async () => {
    const { client, sent } = recordingClient();
    const runner = client.beta.messages.toolRunner({ model: MODEL, max_tokens: 1024, tools: [rateTool], stream: true, messages: [question("What is the exchange rate from USD to RUB?")] });
    let turns = 0;
    for await (const stream of runner) {
      turns += 1;
      for await (const event of stream) void event;
    }
    expect(turns).toBe(2);
    expect((await runner.done()).stop_reason).toBe("end_turn");
    expect(sent.map((s) => (s.body.thread as { type: string }).type)).toEqual(["create", "continue"]);
  });
});

describe("client.beta.messages.thread()", () => {
  it("send continues the thread: the model sees the whole conversation", async () => {
    const { client, sent } = recordingClient();
    const thread = client.beta.messages.thread({ model: MODEL, max_tokens: 1024, tools: [rateTool] });
    const first = await thread.send(question("What is the exchange rate from USD to RUB?"));
    expect(first.stop_reason).toBe("tool_use");
    const call = first.content.find((b) => b.type === "tool_use")!;
    expect(thread.previousMessageId).toBe(first.id);

    const second = await thread.send({ role: "user", content: [{ type: "tool_result", tool_use_id: call.id, content: '{"rate":92.5}' }] });
    expect(second.content.some((b) => b.type === "text" && b.text.includes("92.5"))).toBe(true);
    expect(sent[1]!.body.thread).toEqual({ type: "continue", previous_message_id: first.id });
    expect(thread.messages).toHaveLength(4);
  });

  it("stream gives the reply as events and records it for the next turn", async () => {
    const { client, sent } = recordingClient();
    const thread = client.beta.messages.thread({ model: MODEL, max_tokens: 1024, tools: [rateTool] });
    const stream = thread.stream(question("What is the exchange rate from USD to RUB?"));
    const streamed = await stream.finalMessage();
    expect(streamed.content.map((b) => b.type)).toContain("tool_use");
    expect(thread.previousMessageId).toBe(streamed.id);
    const call = streamed.content.find((b) => b.type === "tool_use")!;
    const next = await thread.send({ role: "user", content: [{ type: "tool_result", tool_use_id: call.id, content: '{"rate":92.5}' }] });
    expect(next.stop_reason).toBe("end_turn");
    expect(sent[1]!.body.thread).toEqual({ type: "continue", previous_message_id: streamed.id });
  });

  it("fork starts an independent thread with the same history", async () => {
    const { client, sent } = recordingClient();
    const thread = client.beta.messages.thread({ model: MODEL, max_tokens: 1024, tools: [rateTool] });
    const first = await thread.send(question("What is the exchange rate from USD to RUB?"));
    const call = first.content.find((b) => b.type === "tool_use")!;
    const fork = thread.fork();
    expect(fork.previousMessageId).toBeNull();
    const result = { role: "user" as const, content: [{ type: "tool_result" as const, tool_use_id: call.id, content: '{"rate":92.5}' }] };
    const [a, b] = [await thread.send(result), await fork.send(result)];
    expect(a.stop_reason).toBe("end_turn");
    expect(b.stop_reason).toBe("end_turn");
    // The fork replays the full history under a new thread; the original continues its own.
    expect(sent[1]!.body.thread).toMatchObject({ type: "continue" });
    expect(sent[2]!.body.thread).toEqual({ type: "create" });
    expect((sent[2]!.body.messages as unknown[]).length).toBe(3);
  });

  // Docs "Structured outputs" with a thread: parse() reads the JSON answer of each turn.
  it("parse gives each turn's JSON answer as parsed_output", async () => {
    const { client } = recordingClient();
    const format = betaJSONSchemaOutputFormat({ type: "object", properties: { answer: { type: "string" } }, required: ["answer"], additionalProperties: false });
    const thread = client.beta.messages.thread({ model: MODEL, max_tokens: 1024, output_config: { format } });
    const first = await thread.parse(question("What is 2 + 2?"));
    expect(typeof first.parsed_output?.answer).toBe("string");
    const second = await thread.parse(question("And 3 + 3?"));
    expect(typeof second.parsed_output?.answer).toBe("string");
  });

  it("the mock holds threads too: each request it records is the whole conversation, with the thread's system", async () => {
    const mock = createMockModel([reply.text("one"), reply.text("two")]);
    const thread = mock.client.beta.messages.thread({ model: MODEL, max_tokens: 100, system: "Be brief." });
    await thread.send(question("a"));
    await thread.send(question("b"));
    expect(mock.requests.map((r) => [r.system, r.messages.length])).toEqual([
      ["Be brief.", 1],
      ["Be brief.", 3],
    ]);
  });

  // Docs: "It expires 5 minutes after its last request ... a continue request returns a 404 error.
  // Send the full conversation again in a new create request"; the SDK replays on thread_not_found.
  it("a thread that has expired is a 404 thread_not_found, and the helper replays the conversation", async () => {
    const { client, sent } = recordingClient();
    let time = Date.now();
    setThreadClock(() => time);
    const thread = client.beta.messages.thread({ model: MODEL, max_tokens: 1024, tools: [rateTool] });
    const first = await thread.send(question("What is the exchange rate from USD to RUB?"));
    time += THREAD_TTL_MS + 1;

    const error = await client.beta.messages
      .create({ model: MODEL, max_tokens: 1024, messages: [question("And EUR?")], thread: { type: "continue", previous_message_id: first.id }, betas: [THREADS_BETA] })
      .catch((e: unknown) => e as InstanceType<typeof Anthropic.APIError>);
    expect(error).toBeInstanceOf(Anthropic.NotFoundError);
    expect(details(error)).toEqual({ error_code: "thread_not_found" });

    const call = first.content.find((b) => b.type === "tool_use")!;
    const answer = await thread.send({ role: "user", content: [{ type: "tool_result", tool_use_id: call.id, content: '{"rate":92.5}' }] });
    expect(answer.stop_reason).toBe("end_turn");
    const replay = sent.at(-1)!.body;
    expect(replay.thread).toEqual({ type: "create" });
    expect((replay.messages as unknown[]).length).toBe(3);
  });
});

describe("thread requests by hand", () => {
  const create = (client: Anthropic, extra: Record<string, unknown>) =>
    client.beta.messages.create({ model: MODEL, max_tokens: 1024, messages: [question("What is 2 + 2?")], betas: [THREADS_BETA], ...extra } as never) as Promise<Anthropic.Beta.BetaMessage>;

  // Docs: "Leave system and tools out of the request. The thread keeps the values from the create request."
  it("a continue that repeats system or tools is refused", async () => {
    const { client } = recordingClient();
    const first = await create(client, { system: "Be brief.", thread: { type: "create" } });
    const error = await create(client, { system: "Be brief.", thread: { type: "continue", previous_message_id: first.id } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Anthropic.BadRequestError);
    expect((error as InstanceType<typeof Anthropic.APIError>).message).toContain("system: cannot be set on a thread continue request");
  });

  // Docs: "Use each new response id for the next turn"; the SDK replays on thread_already_continued.
  it("a reply continues once: continuing from an older id is refused with thread_already_continued", async () => {
    const { client } = recordingClient();
    const first = await create(client, { thread: { type: "create" } });
    const next = { type: "continue", previous_message_id: first.id };
    await create(client, { messages: [question("And 3 + 3?")], thread: next });
    const error = await create(client, { messages: [question("And 4 + 4?")], thread: next }).catch((e: unknown) => e);
    expect(details(error)).toEqual({ error_code: "thread_already_continued" });
  });

  // SDK type: `thread?: BetaMessageThreadParam | null`; null asks for no thread.
  it("thread: null is a request without a thread", async () => {
    const { client } = recordingClient();
    const answer = await create(client, { thread: null });
    expect(answer.type).toBe("message");
  });

  // The docs page's featureMetadata: the feature needs the beta header; without it `thread` is an
  // unknown field ("Extra inputs are not permitted", API_FACTS.md).
  it("without the threads beta, thread is an unknown field", async () => {
    const { client } = recordingClient();
    const error = await create(client, { thread: { type: "create" }, betas: undefined }).catch((e: unknown) => e);
    expect((error as InstanceType<typeof Anthropic.APIError>).message).toContain("thread: Extra inputs are not permitted");
  });
});

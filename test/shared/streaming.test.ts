// Streamed answers (stream: true) from the mock and the offline model, read by the SDK's own stream
// code: client.messages.stream(), its events and finalMessage(), tool calls included, and a stream
// that breaks half-way surfacing as the SDK's own error.

import Anthropic from "@anthropic-ai/sdk";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { getExchangeRateTool } from "../../lessons/01-first-tool/exchange-rate.ts";
import { toolDefinitions } from "../../lessons/01-first-tool/tool.ts";
import { messageEvents, messageFromEvents, parseSse, sseText } from "../../shared/fake-api/sse.ts";
import { messageBody } from "../../shared/fake-api/responses.ts";
import { createMockModel, reply } from "../../shared/mock/mock-model.ts";
import { createOfflineFetch } from "../../shared/offline/offline-model.ts";
import { createTranscript } from "../../shared/transcript.ts";

const MODEL = "claude-haiku-5-5";
const tools = toolDefinitions([getExchangeRateTool]);
const ask = (content: string): Anthropic.MessageParam[] => [{ role: "user", content }];

function offlineClient(): Anthropic {
  return new Anthropic({ apiKey: "k", baseURL: "http://offline.invalid", fetch: createOfflineFetch(), maxRetries: 0 });
}

describe("streaming from the mock model", () => {
  it("streams text through client.messages.stream(): text events in order, then the final message", async () => {
    const sentence = "Привет! 1 USD is 92.5 RUB at the demo rate, and that is all I know today.";
    const mock = createMockModel([reply.text(sentence)]);
    const stream = mock.client.messages.stream({ model: MODEL, max_tokens: 100, messages: ask("rate?") });
    const pieces: string[] = [];
    const eventTypes: string[] = [];
    stream.on("text", (piece) => pieces.push(piece));
    stream.on("streamEvent", (event) => eventTypes.push(event.type));
    const message = await stream.finalMessage();

    expect(pieces.length, "the text should arrive in several pieces, not one").toBeGreaterThan(2);
    expect(pieces.join("")).toBe(sentence);
    expect(message.content).toEqual([{ type: "text", text: sentence, citations: null }]);
    expect(message.stop_reason).toBe("end_turn");
    expect(message.usage.output_tokens).toBeGreaterThan(1);
    expect(eventTypes[0]).toBe("message_start");
    expect(eventTypes.slice(-2)).toEqual(["message_delta", "message_stop"]);
    expect(eventTypes).toContain("content_block_start");
    expect(eventTypes).toContain("content_block_stop");
    expect(mock.requests[0]?.stream, "the mock records that the request asked to stream").toBe(true);
  });

  it("streams tool calls: input_json_delta pieces put back together by the SDK, two calls in one turn", async () => {
    const mock = createMockModel([
      reply.toolUses(
        [
          { name: "get_exchange_rate", input: { from_currency: "USD", to_currency: "RUB", note: "курс 🙂" }, id: "toolu_a" },
          { name: "get_exchange_rate", input: { from_currency: "EUR", to_currency: "RUB" }, id: "toolu_b" },
        ],
        "Two rates.",
      ),
    ]);
    const stream = mock.client.messages.stream({ model: MODEL, max_tokens: 100, tools, messages: ask("rates?") });
    const partials: string[] = [];
    stream.on("inputJson", (partial) => partials.push(partial));
    const message = await stream.finalMessage();
    expect(message.stop_reason).toBe("tool_use");
    expect(message.content.map((b) => b.type)).toEqual(["text", "tool_use", "tool_use"]);
    expect(message.content[1]).toMatchObject({ id: "toolu_a", name: "get_exchange_rate", input: { from_currency: "USD", note: "курс 🙂" } });
    expect(message.content[2]).toMatchObject({ id: "toolu_b", input: { from_currency: "EUR", to_currency: "RUB" } });
    expect(partials.length, "tool input should arrive as several JSON pieces").toBeGreaterThan(2);
  });

  it("answers stream: true on messages.create with raw events, ping included on the wire", async () => {
    const mock = createMockModel([reply.text("short answer")]);
    const raw = await mock.fetch("http://mock.invalid/v1/messages", {
      method: "POST",
      body: JSON.stringify({ model: MODEL, max_tokens: 10, stream: true, messages: ask("hi") }),
    });
    expect(raw.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(raw.headers.get("request-id")).toMatch(/^req_/);
    const text = await raw.text();
    const names = [...text.matchAll(/^event: (\w+)$/gm)].map((m) => m[1]);
    expect(names).toEqual([
      "message_start",
      "content_block_start",
      "ping",
      "content_block_delta",
      "content_block_stop",
      "message_delta",
      "message_stop",
    ]);
    // every data line is the JSON of the event it names
    for (const event of parseSse(text)) expect(text).toContain(sseText(event));
  });

  it("a dropped connection mid-stream fails finalMessage() with the SDK's own error, keeping what came", async () => {
    const mock = createMockModel([reply.dropStream(4, reply.text("one two three four five six seven eight nine ten"))]);
    const stream = mock.client.messages.stream({ model: MODEL, max_tokens: 100, messages: ask("count") });
    const pieces: string[] = [];
    stream.on("text", (piece) => pieces.push(piece));
    const error = await stream.finalMessage().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Anthropic.AnthropicError);
    expect((error as Error).message).toBe("terminated");
    expect(pieces.join(""), "the text before the cut was delivered").toBe("one two three ");
  });

  it("an error event mid-stream (overloaded_error) surfaces as an APIError of that type", async () => {
    const mock = createMockModel([reply.streamError(3, reply.text("this answer will not finish, sorry"))]);
    const stream = mock.client.messages.stream({ model: MODEL, max_tokens: 100, messages: ask("hi") });
    const error = await stream.finalMessage().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Anthropic.APIError);
    const apiError = error as InstanceType<typeof Anthropic.APIError>;
    expect(apiError.type).toBe("overloaded_error");
    expect(apiError.error).toEqual({ type: "error", error: { type: "overloaded_error", message: "Overloaded" } });
  });

  it("a streamed request is checked as strictly as any other (HTTP 400 before any event)", async () => {
    const mock = createMockModel([reply.text("never")]);
    const stream = mock.client.messages.stream({
      model: MODEL,
      max_tokens: 100,
      messages: [{ role: "assistant", content: "I speak first" }],
    });
    await expect(stream.finalMessage()).rejects.toBeInstanceOf(Anthropic.BadRequestError);
    expect(mock.rejections[0]?.problem.message).toMatch(/first message must use the "user" role/);
  });

  it("streams a refusal with its stop_details", async () => {
    const mock = createMockModel([reply.refusal("I can't help with that.", { category: "cyber", explanation: "malware" })]);
    const message = await mock.client.messages.stream({ model: MODEL, max_tokens: 100, messages: ask("x") }).finalMessage();
    expect(message.stop_reason).toBe("refusal");
    expect(message.stop_details).toEqual({ type: "refusal", category: "cyber", explanation: "malware" });
  });
});

describe("streaming from the offline model", () => {
  it("plans a tool call and streams it; the SDK's finalMessage() has the parsed input", async () => {
    const client = offlineClient();
    const first = await client.messages
      .stream({ model: MODEL, max_tokens: 500, tools, messages: ask("Сколько рублей за 1 евро?") })
      .finalMessage();
    expect(first.stop_reason).toBe("tool_use");
    const call = first.content.find((b): b is Anthropic.ToolUseBlock => b.type === "tool_use");
    expect(call).toMatchObject({ name: "get_exchange_rate", input: { from_currency: "EUR", to_currency: "RUB" } });

    const stream = client.messages.stream({
      model: MODEL,
      max_tokens: 500,
      tools,
      messages: [
        ...ask("Сколько рублей за 1 евро?"),
        { role: "assistant", content: first.content },
        { role: "user", content: [{ type: "tool_result", tool_use_id: call!.id, content: '{"rate":99.9}' }] },
      ],
    });
    let streamed = "";
    stream.on("text", (piece) => (streamed += piece));
    const answer = await stream.finalMessage();
    expect(answer.stop_reason).toBe("end_turn");
    const text = answer.content.map((b) => (b.type === "text" ? b.text : "")).join("");
    expect(streamed).toBe(text);
    expect(text).toContain("99,9");
  });

  it("answers the same plan streamed or not", async () => {
    const client = offlineClient();
    const request = { model: MODEL, max_tokens: 500, tools, messages: ask("What is the USD to RUB rate?") };
    const plain = await client.messages.create(request);
    const streamed = await client.messages.stream(request).finalMessage();
    const shape = (m: Anthropic.Message) => m.content.map((b) => (b.type === "tool_use" ? [b.name, b.input] : [b.type]));
    expect(shape(streamed)).toEqual(shape(plain));
    expect(streamed.stop_reason).toBe(plain.stop_reason);
  });
});

describe("the events themselves", () => {
  it("put back together give exactly the message they were made from", () => {
    const message = messageBody({
      model: MODEL,
      content: [
        { type: "text", text: "  spaces   kept\nand new lines  " },
        { type: "tool_use", id: "toolu_x", name: "save_to_file", input: { path: "отчёт.txt", text: "a\"b\\c 🙂" } },
      ],
      stopReason: "tool_use",
      inputTokens: 12,
    });
    const events = messageEvents(message);
    const back = messageFromEvents(parseSse(events.map(sseText).join("")));
    expect(back.complete).toBe(true);
    expect(back.message).toEqual(message);
  });

  it("property: any text and any tool input survive the trip through the SDK's stream parser", async () => {
    const input = fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 });
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: "binary", minLength: 1, maxLength: 60 }), input, async (text, toolInput) => {
        fc.pre(text.trim() !== "");
        const mock = createMockModel([reply.toolUse("get_exchange_rate", toolInput, { id: "toolu_p", text })]);
        // max_tokens roomy enough: the mock honours it, and this is about the stream parser.
        const message = await mock.client.messages.stream({ model: MODEL, max_tokens: 4000, tools, messages: ask("x") }).finalMessage();
        expect(message.content[0]).toEqual({ type: "text", text, citations: null });
        expect(message.content[1]).toMatchObject({ type: "tool_use", id: "toolu_p", input: JSON.parse(JSON.stringify(toolInput)) });
      }),
      { seed: 42, numRuns: 60 },
    );
  });

  it("a stream without message_stop is reported incomplete, and an error event is kept", () => {
    const message = messageBody({ model: MODEL, content: [{ type: "text", text: "hello there" }], stopReason: "end_turn", inputTokens: 1 });
    const events = messageEvents(message);
    expect(messageFromEvents(events.slice(0, -1)).complete).toBe(false);
    const failed = messageFromEvents([events[0]!, { type: "error", error: { type: "overloaded_error", message: "Overloaded" } }]);
    expect(failed).toMatchObject({ complete: false, error: { type: "overloaded_error" } });
    expect(messageFromEvents([]).message).toBeUndefined();
  });
});

describe("the transcript on a streamed answer", () => {
  it("shows the → call and ← result lines and counts the turn, as for a plain answer", async () => {
    const lines: string[] = [];
    const transcript = createTranscript({ write: (line) => lines.push(line) });
    const mock = createMockModel([
      reply.toolUse("get_exchange_rate", { from_currency: "USD", to_currency: "RUB" }, { id: "toolu_s1" }),
      reply.text("1 USD = 92.5 RUB."),
    ]);
    const client = new Anthropic({ apiKey: "k", baseURL: "http://mock.invalid", fetch: transcript.wrapFetch(mock.fetch), maxRetries: 0 });
    const first = await client.messages.stream({ model: MODEL, max_tokens: 100, tools, messages: ask("rate?") }).finalMessage();
    await client.messages
      .stream({
        model: MODEL,
        max_tokens: 100,
        tools,
        messages: [
          ...ask("rate?"),
          { role: "assistant", content: first.content },
          { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_s1", content: '{"rate":92.5}' }] },
        ],
      })
      .finalMessage();
    const plain = lines.join("\n").replace(/\u001b\[[0-9;]*m/g, "");
    expect(plain).toContain('→ get_exchange_rate {"from_currency":"USD","to_currency":"RUB"}');
    expect(plain).toContain('← {"rate":92.5}');
    expect(plain).toContain("1 USD = 92.5 RUB.");
    expect(transcript.stats).toMatchObject({ requests: 2, toolCalls: 1, model: MODEL });
    expect(transcript.stats.outputTokens).toBeGreaterThan(0);
    expect(transcript.lastText()).toBe("1 USD = 92.5 RUB.");
  });

  it("with raw on, prints the events as they came", async () => {
    const lines: string[] = [];
    const transcript = createTranscript({ raw: true, write: (line) => lines.push(line) });
    const mock = createMockModel([reply.text("raw please")]);
    const client = new Anthropic({ apiKey: "k", baseURL: "http://mock.invalid", fetch: transcript.wrapFetch(mock.fetch), maxRetries: 0 });
    await client.messages.stream({ model: MODEL, max_tokens: 100, messages: ask("hi") }).finalMessage();
    const plain = lines.join("\n");
    expect(plain).toContain("streamed");
    expect(plain).toContain("event: message_start");
    expect(plain).toContain('"text":"raw please"');
  });
});

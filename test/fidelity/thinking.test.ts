// Thinking blocks offline, as today's models send them. Sources are in each test's comment; the rules
// and what the fake leaves out are in docs/API_FIDELITY.md, section "Thinking".

import Anthropic from "@anthropic-ai/sdk";
import { describe, expect, it } from "vitest";
import { redactedThinkingData, REDACTED_THINKING_TRIGGER, signThinking } from "../../shared/fake-api/thinking.ts";
import { createMockModel, reply } from "../../shared/mock/mock-model.ts";
import { createOfflineFetch } from "../../shared/offline/offline-model.ts";
import { createTranscript } from "../../shared/transcript.ts";
import { ask, expectRefused, offlineClient, request, type Params } from "./helpers.ts";

type Block = Anthropic.ContentBlock;
const types = (content: Block[]) => content.map((b) => b.type);

// Runs the offline model's tool loop for a task and returns every response.
async function loop(params: Params): Promise<Anthropic.Message[]> {
  const client = offlineClient();
  const messages = [...params.messages];
  const responses: Anthropic.Message[] = [];
  for (let i = 0; i < 6; i++) {
    const response = await client.messages.create({ ...params, messages });
    responses.push(response);
    if (response.stop_reason !== "tool_use") break;
    messages.push({ role: "assistant", content: response.content });
    const results: Anthropic.ToolResultBlockParam[] = response.content.flatMap((b) =>
      b.type === "tool_use" ? [{ type: "tool_result" as const, tool_use_id: b.id, content: b.name === "calculate" ? '{"result":9250}' : '{"rate":92.5}' }] : [],
    );
    messages.push({ role: "user", content: results });
  }
  return responses;
}

describe("which turns think", () => {
  // Claude Haiku 5.5 overview: "adaptive thinking"; its migration guide: responses carry thinking
  // blocks, so select blocks by type. Adaptive mode interleaves thinking between tool calls.
  it("the default model (adaptive) thinks before its tool calls and answers the results without a new thought", async () => {
    const responses = await loop(request());
    expect(responses.map((r) => types(r.content))).toEqual([
      ["thinking", "tool_use"],
      ["thinking", "tool_use"],
      ["text"],
    ]);
    const first = responses[0]!.content[0] as Anthropic.ThinkingBlock;
    expect(first.thinking).toBe("I need get_exchange_rate for this.");
    expect((responses[1]!.content[0] as Anthropic.ThinkingBlock).thinking).toBe("get_exchange_rate answered. Next: calculate.");
    expect(first.signature, "every thinking block carries a signature").toMatch(/^[A-Za-z0-9+/]+=*$/);
  });

  // Model comparison table (Haiku 5.5 overview): Opus 5.5 and Fable 5.1 are "Adaptive (always on)".
  it("an always-on model thinks on every turn, the final answer included", async () => {
    const responses = await loop(request({ model: "claude-opus-5-5" }));
    expect(responses.every((r) => r.content[0]?.type === "thinking")).toBe(true);
  });

  // A thought is a summary of what comes next: before "I cannot answer that", it must not say the
  // answer is at hand (a learner read "I have what I need to answer." followed by a refusal).
  it("an always-on model's thought before an honest refusal says it cannot, in both languages", async () => {
    for (const [content, said] of [
      ["Write me a poem about the sea", "I cannot plan this with these tools, and I will not guess."],
      ["Напиши стихотворение о море", "С этими инструментами я не могу это спланировать, а гадать не буду."],
    ] as const) {
      const message = await offlineClient().messages.create(request({ model: "claude-opus-5-5", messages: [{ role: "user", content }] }));
      expect((message.content[0] as Anthropic.ThinkingBlock).thinking, content).toBe(said);
    }
  });

  // Adaptive thinking page: thinking.type "disabled" turns it off on models that allow it.
  it("thinking: disabled gives no thinking blocks", async () => {
    const responses = await loop(request({ thinking: { type: "disabled" } }));
    expect(responses.flatMap((r) => types(r.content))).not.toContain("thinking");
  });

  // Claude 4.x and older think only when asked (`enabled` with budget_tokens; extended thinking page).
  it("an older model thinks only when asked", async () => {
    const plain = await offlineClient().messages.create(request({ model: "claude-haiku-4-5" }));
    expect(types(plain.content)).not.toContain("thinking");
    const asked = await offlineClient().messages.create(request({ model: "claude-haiku-4-5", max_tokens: 4000, thinking: { type: "enabled", budget_tokens: 2000 } }));
    expect(asked.content[0]?.type).toBe("thinking");
  });

  // SDK 1.14 ThinkingConfigAdaptive.display: "omitted" redacts the text but returns a signature.
  it("display: omitted sends an empty thinking text with its signature", async () => {
    const response = await offlineClient().messages.create(request({ thinking: { type: "adaptive", display: "omitted" } }));
    expect(response.content[0]).toMatchObject({ type: "thinking", thinking: "" });
    expect((response.content[0] as Anthropic.ThinkingBlock).signature).not.toBe("");
  });

  // Extended thinking page, "Thinking redaction": this test string makes the model answer with a
  // redacted_thinking block.
  it("the docs' test string brings a redacted_thinking block, which goes back and is accepted", async () => {
    const task = `How much are 100 USD in RUB? ${REDACTED_THINKING_TRIGGER}`;
    const responses = await loop(request({ messages: [ask(task)] }));
    expect(responses[0]!.content[0]?.type).toBe("redacted_thinking");
    expect(responses.at(-1)!.stop_reason).toBe("end_turn");
  });

  // Streaming page: a thinking block streams as thinking_delta events, then one signature_delta.
  it("a streamed answer carries the thinking block and its signature through the SDK's stream parser", async () => {
    const stream = offlineClient().messages.stream(request());
    const kinds: string[] = [];
    stream.on("streamEvent", (event) => {
      if (event.type === "content_block_delta") kinds.push(event.delta.type);
    });
    const message = await stream.finalMessage();
    expect(kinds).toContain("thinking_delta");
    expect(kinds).toContain("signature_delta");
    const plain = message.content[0] as Anthropic.ThinkingBlock;
    expect(plain.type).toBe("thinking");
    // The streamed block goes back as is.
    const results: Anthropic.ToolResultBlockParam[] = message.content.flatMap((b) => (b.type === "tool_use" ? [{ type: "tool_result" as const, tool_use_id: b.id, content: '{"rate":92.5}' }] : []));
    const next = await offlineClient().messages.create(request({ messages: [ask("How much are 100 USD in RUB?"), { role: "assistant", content: message.content }, { role: "user", content: results }] }));
    expect(next.stop_reason).not.toBeUndefined();
  });
});

describe("thinking blocks sent back", () => {
  async function firstTurn(): Promise<{ turn: Anthropic.Message; results: Anthropic.ToolResultBlockParam[] }> {
    const turn = await offlineClient().messages.create(request());
    const results = turn.content.flatMap((b) => (b.type === "tool_use" ? [{ type: "tool_result" as const, tool_use_id: b.id, content: '{"rate":92.5}' }] : []));
    return { turn, results };
  }
  const continued = (content: unknown[], results: Anthropic.ToolResultBlockParam[]): Params =>
    request({ messages: [ask("How much are 100 USD in RUB?"), { role: "assistant", content: content as Anthropic.ContentBlockParam[] }, { role: "user", content: results }] });

  // Extended thinking page: "thinking blocks must be returned unmodified"; the live API's words for a
  // changed one, from public issue threads (anthropics/anthropic-sdk-python#1598, lbjlaq/Antigravity-Manager#498):
  // "messages.1.content.0: Invalid `signature` in `thinking` block".
  it("a thinking block with its text changed is refused", async () => {
    const { turn, results } = await firstTurn();
    const edited = turn.content.map((b) => (b.type === "thinking" ? { ...b, thinking: `${b.thinking} ` } : b));
    await expectRefused(continued(edited, results), 400, "messages.1.content.0: Invalid `signature` in `thinking` block");
  });

  it("a made-up signature, or one left empty, is refused the same way", async () => {
    const { turn, results } = await firstTurn();
    for (const signature of ["", "c2lnbmF0dXJl", signThinking("another thought")]) {
      const forged = turn.content.map((b) => (b.type === "thinking" ? { ...b, signature } : b));
      await expectRefused(continued(forged, results), 400, "messages.1.content.0: Invalid `signature` in `thinking` block");
    }
  });

  // The live API's words for a block without its signature (justlovemaki/AIClient2API#437).
  it("a thinking block without its signature is refused: Field required", async () => {
    const { turn, results } = await firstTurn();
    const unsigned = turn.content.map((b) => (b.type === "thinking" ? { type: "thinking", thinking: b.thinking } : b));
    await expectRefused(continued(unsigned, results), 400, "messages.1.content.0.thinking.signature: Field required");
  });

  // The live API's words when the final assistant turn lost its thinking block (quoted in
  // lbjlaq/Antigravity-Manager#139): the turn before tool results must start with it.
  it("a tool-use turn sent back without its thinking block is refused, in the API's words", async () => {
    const { turn, results } = await firstTurn();
    const dropped = turn.content.filter((b) => b.type !== "thinking");
    const error = await expectRefusedMessage(continued(dropped, results));
    expect(error).toMatch(/^messages\.1\.content\.0\.type: Expected `thinking` or `redacted_thinking`, but found `tool_use`\. When `thinking` is enabled, a final `assistant` message must start with a thinking block/);
  });

  it("a forged redacted_thinking block is refused; a real one is accepted", async () => {
    const { turn, results } = await firstTurn();
    const withRedacted = (data: string) => [{ type: "redacted_thinking", data }, ...turn.content.filter((b) => b.type !== "thinking")];
    await expectRefused(continued(withRedacted("Zm9yZ2Vk"), results), 400, "messages.1.content.0: Invalid `data` in `redacted_thinking` block");
    const accepted = await offlineClient().messages.create(continued(withRedacted(redactedThinkingData()), results));
    expect(accepted.type).toBe("message");
  });

  // Thinking is the model's: a thinking block in a user turn is refused (the same wording the API
  // uses for tool_use in a user turn).
  it("a thinking block in a user message is refused", async () => {
    await expectRefused(
      request({ messages: [{ role: "user", content: [{ type: "thinking", thinking: "x", signature: signThinking("x") }, { type: "text", text: "hi" }] }] }),
      400,
      "messages.0.content.0: `thinking` blocks can only be in `assistant` messages",
    );
  });

  // With thinking off, earlier thinking blocks are still accepted when they are intact (extended
  // thinking page: previous turns' thinking blocks are ignored, not refused).
  it("intact thinking blocks are accepted after thinking is turned off", async () => {
    const { turn, results } = await firstTurn();
    const next = await offlineClient().messages.create({ ...continued(turn.content, results), thinking: { type: "disabled" } });
    expect(next.type).toBe("message");
  });
});

async function expectRefusedMessage(params: Params): Promise<string> {
  const error = await offlineClient().messages.create(params).catch((e: unknown) => e);
  return (error as { apiMessage?: string }).apiMessage ?? String(error);
}

describe("the mock model thinks too", () => {
  it("reply.thinking begins a turn with a signed thinking block that goes back accepted", async () => {
    const mock = createMockModel([reply.thinking("Need the rate.", reply.toolUse("get_exchange_rate", { from_currency: "USD", to_currency: "RUB" })), reply.text("9,250 RUB.")]);
    const first = await mock.client.messages.create(request());
    expect(types(first.content)).toEqual(["thinking", "tool_use"]);
    const call = first.content[1] as Anthropic.ToolUseBlock;
    const second = await mock.client.messages.create(
      request({ messages: [ask("x"), { role: "assistant", content: first.content }, { role: "user", content: [{ type: "tool_result", tool_use_id: call.id, content: "92.5" }] }] }),
    );
    expect(second.content).toEqual([{ type: "text", text: "9,250 RUB.", citations: null }]);
    expect(mock.rejections).toEqual([]);
  });
});

describe("the transcript", () => {
  // What the terminal shows: a dim one-line "thinking: ..." before the call; --raw prints the blocks.
  it("shows a thinking line, and --raw shows the block itself", async () => {
    const lines: string[] = [];
    const raw: string[] = [];
    const shown = createTranscript({ write: (line) => lines.push(line) });
    const rawShown = createTranscript({ raw: true, write: (line) => raw.push(line) });
    const client = new Anthropic({ apiKey: "k", baseURL: "http://offline.invalid", fetch: rawShown.wrapFetch(shown.wrapFetch(createOfflineFetch())), maxRetries: 0 });
    await client.messages.create(request());
    expect(lines.some((l) => l.includes("thinking: I need get_exchange_rate for this."))).toBe(true);
    expect(raw.join("\n")).toContain('"type": "thinking"');
    expect(raw.join("\n")).toContain('"signature"');
  });
});

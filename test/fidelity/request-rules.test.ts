// Request rules the fake API reproduces with the real status and words, one test each; the source of
// each is in its comment and in docs/API_FIDELITY.md, "Request rules".

import Anthropic from "@anthropic-ai/sdk";
import { describe, expect, it } from "vitest";
import { validateMessagesRequest } from "../../shared/fake-api/validate-request.ts";
import { createOfflineFetch } from "../../shared/offline/offline-model.ts";
import { acceptingMock, ask, expectRefused, offlineClient, request, TOOLS, type Params } from "./helpers.ts";

const rate = TOOLS[0]!;

describe("request rules", () => {
  // API_FACTS.md, "an unknown field": `<path>: Extra inputs are not permitted`, nested objects too;
  // cache_control is a union tagged by its type, so the path names the tag.
  it("an unknown field inside a nested object (cache_control.scope) is refused with its path", async () => {
    await expectRefused(
      request({ system: [{ type: "text", text: "Be brief.", cache_control: { type: "ephemeral", scope: "global" } as never }] }),
      400,
      "system.0.cache_control.ephemeral.scope: Extra inputs are not permitted",
    );
    await expectRefused(request({ metadata: { user_id: "u1", team: "x" } as never }), 400, "metadata.team: Extra inputs are not permitted");
  });

  // Live wording for property names (tool definitions from MCP servers), e.g. in anomalyco/opencode
  // threads: "Property keys should match pattern '^[a-zA-Z0-9_.-]{1,64}$'".
  it("input_schema property names must match ^[a-zA-Z0-9_.-]{1,64}$", async () => {
    const tool = { ...rate, input_schema: { type: "object" as const, properties: { "from currency": { type: "string" } } } };
    await expectRefused(request({ tools: [tool] }), 400, "tools.0.custom.input_schema.properties: Property keys should match pattern '^[a-zA-Z0-9_.-]{1,64}$'");
    const dotted = { ...rate, input_schema: { type: "object" as const, properties: { "a.b-c_1": { type: "string" } } } };
    expect(validateMessagesRequest(request({ tools: [dotted] }))).toBeNull();
  });

  // API_FACTS.md, "Tool definitions": the live API accepts names up to 128 characters.
  it("tool names up to 128 characters are accepted, 129 refused", async () => {
    expect(validateMessagesRequest(request({ tools: [{ ...rate, name: "a".repeat(128) }] }))).toBeNull();
    await expectRefused(request({ tools: [{ ...rate, name: "a".repeat(129) }] }), 400, "tools.0.custom.name: String should match pattern '^[a-zA-Z0-9_-]{1,128}$'");
  });

  // Live wording (anthropics/claude-code#24451): "max_tokens: 128001 > 64000, which is the maximum
  // allowed number of output tokens for ..."; 128K for today's models (each model's overview page).
  it("max_tokens above the model's limit is refused; 0 is valid", async () => {
    // Checked on the request itself: the SDK wants streaming for so large a max_tokens before it sends.
    expect(validateMessagesRequest(request({ max_tokens: 128_001 }))?.message).toBe(
      "max_tokens: 128001 > 128000, which is the maximum allowed number of output tokens for claude-haiku-5-5",
    );
    expect(validateMessagesRequest(request({ model: "claude-haiku-4-5", max_tokens: 64_001 }))?.message).toBe(
      "max_tokens: 64001 > 64000, which is the maximum allowed number of output tokens for claude-haiku-4-5",
    );
    expect(validateMessagesRequest(request({ max_tokens: 128_000 }))).toBeNull();
    expect(validateMessagesRequest(request({ max_tokens: 0 }))).toBeNull();
  });

  // Live wording for blank text (anthropics/claude-code#23440), applied to the system prompt.
  it("a whitespace-only system prompt is refused", async () => {
    await expectRefused(request({ system: " \n " }), 400, "system: text content blocks must contain non-whitespace text");
    await expectRefused(request({ system: [{ type: "text", text: "\t" }] }), 400, "system.0.text: text content blocks must contain non-whitespace text");
  });

  // Live wording (Wei-Shaw/sub2api#176, tghamm/Anthropic.SDK#50): at most 4 cache_control blocks.
  it("a fifth cache_control breakpoint is refused", async () => {
    const cached = { type: "ephemeral" as const };
    const system = [1, 2, 3, 4, 5].map((n) => ({ type: "text" as const, text: `part ${n}`, cache_control: cached }));
    await expectRefused(request({ system }), 400, "A maximum of 4 blocks with cache_control may be provided. Found 5.");
    expect(validateMessagesRequest(request({ system: system.slice(0, 4) }))).toBeNull();
  });

  // SDK 1.14 CacheControlEphemeral: ttl is '5m' or '1h'.
  it("a cache ttl other than 5m or 1h is refused", async () => {
    await expectRefused(
      request({ system: [{ type: "text", text: "Be brief.", cache_control: { type: "ephemeral", ttl: "10m" as never } }] }),
      400,
      "system.0.cache_control.ephemeral.ttl: Input should be '5m' or '1h'",
    );
  });

  // Live wording (smallmain/vscode-unify-chat-provider#249, router-for-me/CLIProxyAPI#5319); the
  // Haiku 5.5 migration guide: end `messages` with a user turn. Older models still take a prefill.
  it("a prefill (a last assistant message) is refused on today's models, accepted on older ones", async () => {
    const prefill: Params = request({ messages: [ask("Answer in JSON."), { role: "assistant", content: "{" }] });
    await expectRefused(prefill, 400, "This model does not support assistant message prefill. The conversation must end with a user message.");
    expect(validateMessagesRequest({ ...prefill, model: "claude-haiku-4-5" })).toBeNull();
  });

  // Documents are input: the API takes them in user turns only (same wording pattern as tool_result).
  it("a document block in an assistant turn is refused", async () => {
    const document: Anthropic.DocumentBlockParam = { type: "document", source: { type: "text", media_type: "text/plain", data: "notes" } };
    await expectRefused(
      request({ messages: [ask("Read this."), { role: "assistant", content: [document] }, ask("And?")] }),
      400,
      "messages.1.content.0: `document` blocks can only be in `user` messages",
    );
  });

  // API overview, "Request size limits": 32 MB for the Messages API; the live answer is HTTP 413
  // request_too_large "Request exceeds the maximum size" (anthropics/anthropic-sdk-python#938).
  it("a body over 32 MB is refused with 413 request_too_large", async () => {
    // Straight to the offline model's fetch, as the SDK would send it: building it through the SDK
    // would only add seconds of JSON work.
    const body = `{"model":"claude-haiku-5-5","max_tokens":10,"messages":[{"role":"user","content":"${"x".repeat(32 * 1024 * 1024)}"}]}`;
    const response = await createOfflineFetch()("http://offline.invalid/v1/messages", { method: "POST", body });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ type: "error", error: { type: "request_too_large", message: "Request exceeds the maximum size" } });
  });

  // count_tokens takes the same request as create (without max_tokens) and checks it the same way.
  it("count_tokens refuses what create refuses, and counts what create accepts", async () => {
    const client = offlineClient();
    const error = await client.messages.countTokens({ model: "claude-haiku-5-5", messages: [ask("")] }).catch((e: unknown) => e);
    expect((error as { apiMessage?: string }).apiMessage).toBe("messages.0: all messages must have non-empty content except for the optional final assistant message");
    const typo = await client.messages.countTokens({ model: "claude-haiku-5-5", messages: [ask("hi")], max_tokens: 10 } as never).catch((e: unknown) => e);
    expect((typo as { apiMessage?: string }).apiMessage).toBe("max_tokens: Extra inputs are not permitted");
    const counted = await client.messages.countTokens({ model: "claude-haiku-5-5", tools: TOOLS, messages: [ask("How much are 100 USD in RUB?")] });
    expect(counted.input_tokens).toBeGreaterThan(0);
  });

  // Model deprecations page: a retired model is gone; the live answer is a 404 not_found_error
  // "model: <name>" (vicharanashala/vibe#1259, mnfst/modelparams.dev#51).
  it("a retired model is refused with 404 model: <name>", async () => {
    for (const model of ["claude-sonnet-4-20250514", "claude-3-5-sonnet-20241022", "claude-3-5-haiku-20241022"]) {
      await expectRefused(request({ model }), 404, `model: ${model}`);
    }
  });

  // The course's choice, documented in docs/API_FIDELITY.md: the API does not check a tool call's
  // input against the schema (unless strict), so extra arguments reach the tool, which must cope.
  it("extra arguments in a tool call are passed through, as the API passes them", async () => {
    const mock = acceptingMock();
    const call: Anthropic.ToolUseBlockParam = { type: "tool_use", id: "toolu_x1", name: rate.name, input: { from_currency: "USD", to_currency: "RUB", extra: 1 } };
    await mock.client.messages.create(request({ messages: [ask("x"), { role: "assistant", content: [call] }, { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_x1", content: "92.5" }] }] }));
    expect(mock.rejections).toEqual([]);
  });
});

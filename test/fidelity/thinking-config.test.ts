// The `thinking` settings each model takes, refused with the real API's words otherwise.
// docs/API_FIDELITY.md, section "Thinking settings", lists the sources.

import { describe, expect, it } from "vitest";
import { validateMessagesRequest } from "../../shared/fake-api/validate-request.ts";
import { acceptingMock, expectRefused, request } from "./helpers.ts";

describe("thinking settings", () => {
  // SDK 1.14 ThinkingConfigEnabled: "Must be ≥1024 and less than max_tokens"; the live wording from
  // danny-avila/LibreChat#8346.
  it("budget_tokens below 1024 is refused", async () => {
    await expectRefused(
      request({ model: "claude-haiku-4-5", max_tokens: 4000, thinking: { type: "enabled", budget_tokens: 1023 } }),
      400,
      "thinking.enabled.budget_tokens: Input should be greater than or equal to 1024",
    );
  });

  // The live wording from liuw1535/antigravity2api-nodejs#150.
  it("budget_tokens not below max_tokens is refused", async () => {
    await expectRefused(
      request({ model: "claude-haiku-4-5", max_tokens: 2000, thinking: { type: "enabled", budget_tokens: 2000 } }),
      400,
      "`max_tokens` must be greater than `thinking.budget_tokens`. Please consult our documentation at https://docs.claude.com/en/docs/build-with-claude/extended-thinking#max-tokens-and-context-window-size",
    );
  });

  // Claude Haiku 5.5 migration guide: change `enabled` + budget_tokens to `adaptive`; the live words
  // on a Claude 5 model, quoted in the MemberJunction docs (UsesAdaptiveThinking).
  it("enabled on a Claude 5 model is refused", async () => {
    await expectRefused(
      request({ max_tokens: 4000, thinking: { type: "enabled", budget_tokens: 2000 } }),
      400,
      '"thinking.type.enabled" is not supported for this model. Use "thinking.type.adaptive" and "output_config.effort" to control thinking behavior.',
    );
  });

  // Adaptive thinking page (Bedrock copy): models that only think adaptively return a 400 for
  // "disabled" (the always-on ones: Opus 5.5, Fable 5.1 in the Haiku 5.5 comparison table).
  it("disabled on an always-on model is refused", async () => {
    await expectRefused(
      request({ model: "claude-fable-5-1", thinking: { type: "disabled" } }),
      400,
      '"thinking.type.disabled" is not supported for this model. Use "thinking.type.adaptive" and "output_config.effort" to control thinking behavior.',
    );
  });

  // Adaptive thinking page: older models (Claude 4.5) do not support adaptive thinking.
  it("adaptive on an older model is refused, enabled is accepted", async () => {
    await expectRefused(
      request({ model: "claude-haiku-4-5", thinking: { type: "adaptive" } }),
      400,
      '"thinking.type.adaptive" is not supported for this model. Use "thinking.type.adaptive" and "output_config.effort" to control thinking behavior.',
    );
    await acceptingMock().client.messages.create(request({ model: "claude-haiku-4-5", max_tokens: 4000, thinking: { type: "enabled", budget_tokens: 1024 } }));
  });

  // Extended thinking page, feature compatibility: thinking is not compatible with forced tool use;
  // the live words quoted in mastra-ai/mastra#7507 and can1357/oh-my-pi#341.
  it("forced tool_choice while the model thinks is refused; with thinking disabled it is accepted", async () => {
    const forced = { type: "tool" as const, name: "get_exchange_rate" };
    await expectRefused(request({ tool_choice: forced }), 400, "Thinking may not be enabled when tool_choice forces tool use.");
    await expectRefused(request({ tool_choice: { type: "any" }, thinking: { type: "adaptive" } }), 400, "Thinking may not be enabled when tool_choice forces tool use.");
    expect(validateMessagesRequest(request({ tool_choice: forced, thinking: { type: "disabled" } }))).toBeNull();
  });

  it("unknown fields inside thinking are refused with their path", async () => {
    await expectRefused(
      request({ thinking: { type: "adaptive", budget_tokens: 2000 } as never }),
      400,
      "thinking.adaptive.budget_tokens: Extra inputs are not permitted",
    );
  });
});

// Lesson 02's loop meets each of the SDK's seven stop reasons: what it returns, whether it goes on,
// and the note that tells the person an answer is not whole. The README's table says the same.

import { readFileSync } from "node:fs";
import type Anthropic from "@anthropic-ai/sdk";
import { describe, expect, it } from "vitest";
import type { Tool } from "../../lessons/01-first-tool/tool.ts";
import { runLoop } from "../../lessons/02-agent-loop/loop.ts";
import { createMockModel, reply, type MockTurn } from "../../shared/mock/mock-model.ts";

const echo: Tool<{ text: string }> = {
  name: "echo",
  description: "Echo the text back.",
  input_schema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
  run: (input) => input.text,
};

async function loopOn(turns: MockTurn[]) {
  const mock = createMockModel(turns);
  const result = await runLoop(mock.client, "task", { tools: [echo] });
  mock.assertAllUsed();
  expect(mock.rejections, "every request the loop sent must be one the API accepts").toEqual([]);
  return { result, mock };
}

// Every stop reason the installed SDK knows, read from its types.
function sdkStopReasons(): string[] {
  const types = readFileSync("node_modules/@anthropic-ai/sdk/resources/messages/messages.d.ts", "utf8");
  const line = types.match(/^export type StopReason = (.*);$/m)?.[1] ?? "";
  return [...line.matchAll(/'([^']+)'/g)].map((m) => m[1]!);
}

describe("runLoop and the seven stop reasons", () => {
  it("end_turn: the text, as it is", async () => {
    const { result } = await loopOn([reply.text("Готово: 92.5 RUB.")]);
    expect(result).toMatchObject({ text: "Готово: 92.5 RUB.", stopReason: "end_turn", turns: 1 });
  });

  it("tool_use: runs the tool and goes on", async () => {
    const { result, mock } = await loopOn([reply.toolUse("echo", { text: "x" }), reply.text("done")]);
    expect(result).toMatchObject({ text: "done", stopReason: "end_turn", turns: 2 });
    expect(mock.toolResults()).toHaveLength(1);
  });

  it("pause_turn: sends the conversation back, the paused turn included, and carries on", async () => {
    const { result, mock } = await loopOn([reply.raw([{ type: "text", text: "Searching…" }], "pause_turn"), reply.text("Found it.")]);
    expect(result).toMatchObject({ text: "Found it.", stopReason: "end_turn", turns: 2 });
    expect(mock.requests[1]?.messages.at(-1)).toMatchObject({ role: "assistant", content: [{ type: "text", text: "Searching…" }] });
  });

  it("max_tokens: the cut text with a note that it was cut and what to change", async () => {
    const { result } = await loopOn([reply.raw([{ type: "text", text: "Half an ans" }], "max_tokens")]);
    expect(result.stopReason).toBe("max_tokens");
    expect(result.text).toBe("Half an ans\n[The answer was cut off: it hit max_tokens. Raise max_tokens or ask for a shorter answer.]");
  });

  it("stop_sequence: the text up to the sequence, and which sequence stopped it", async () => {
    const { result } = await loopOn([reply.stopSequence("Step 1: get the rate.", "Step 2")]);
    expect(result.stopReason).toBe("stop_sequence");
    expect(result.text).toBe('Step 1: get the rate.\n[Stopped at the stop sequence "Step 2".]');
  });

  it("model_context_window_exceeded: cut like max_tokens, but the advice is to send less", async () => {
    const { result } = await loopOn([reply.raw([{ type: "text", text: "The report so far" }], "model_context_window_exceeded")]);
    expect(result.stopReason).toBe("model_context_window_exceeded");
    expect(result.text).toMatch(/^The report so far\n\[The answer was cut off: the conversation filled the model's context window\./);
    expect(result.text).toMatch(/send less/);
    expect(result.text, "raising max_tokens does not help here; the note must not say so").not.toMatch(/Raise max_tokens/);
  });

  it("refusal: the model's own words when it gave some, otherwise a note with stop_details' reason", async () => {
    const worded = await loopOn([reply.refusal("I can't help with that.", { category: "cyber" })]);
    expect(worded.result).toMatchObject({ text: "I can't help with that.", stopReason: "refusal" });
    const bare = await loopOn([reply.refusal("", { category: "cyber", explanation: "This looks like malware." })]);
    expect(bare.result.text).toBe("[The model declined this request (stop_reason: refusal: This looks like malware.).]");
    const nothing = await loopOn([reply.refusal()]);
    expect(nothing.result.text).toBe("[The model declined this request (stop_reason: refusal).]");
  });

  it("covers every stop reason the installed SDK has, and the README's table names each one", () => {
    const reasons = sdkStopReasons();
    expect(reasons.sort()).toEqual(
      ["end_turn", "max_tokens", "stop_sequence", "tool_use", "pause_turn", "refusal", "model_context_window_exceeded"].sort(),
    );
    const loop = readFileSync("lessons/02-agent-loop/loop.ts", "utf8");
    const readme = readFileSync("lessons/02-agent-loop/README.md", "utf8");
    for (const reason of reasons) {
      expect(loop, `loop.ts should handle "${reason}" by name`).toContain(`case "${reason}"`);
      expect(readme, `the README's stop_reason table should have a row for ${reason}`).toMatch(new RegExp(`^\\| \`${reason}\` \\|`, "m"));
    }
  });

  it("a refusal streamed back through the SDK keeps its stop_details", async () => {
    const mock = createMockModel([reply.refusal("No.", { category: "bio" })]);
    const message: Anthropic.Message = await mock.client.messages
      .stream({ model: "claude-haiku-5-5", max_tokens: 10, messages: [{ role: "user", content: "x" }] })
      .finalMessage();
    expect(message.stop_details).toEqual({ type: "refusal", category: "bio", explanation: null });
  });
});

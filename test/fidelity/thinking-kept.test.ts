// Every place the course keeps a conversation keeps its thinking blocks intact and in order: the
// lessons' loop, history trimming, and --record / --replay. Rule: docs/API_FIDELITY.md, "Thinking"
// (extended thinking page: thinking blocks go back unmodified).

import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import Anthropic from "@anthropic-ai/sdk";
import { afterAll, describe, expect, it } from "vitest";
import { getExchangeRateTool } from "../../lessons/01-first-tool/exchange-rate.ts";
import { toolDefinitions } from "../../lessons/01-first-tool/tool.ts";
import { calculateTool } from "../../lessons/02-agent-loop/calculate.ts";
import { runLoop } from "../../lessons/02-agent-loop/loop.ts";
import { fitHistory } from "../../lessons/08-assistant/fit-history.ts";
import { createOfflineFetch } from "../../shared/offline/offline-model.ts";
import { mockScriptFrom } from "../../shared/record-replay/mock-script.ts";
import { createRecorder } from "../../shared/record-replay/recorder.ts";
import { loadRecording } from "../../shared/record-replay/recording.ts";
import { createReplay } from "../../shared/record-replay/replay.ts";
import { createMockModel } from "../../shared/mock/mock-model.ts";

const TASK = "How much are 100 USD in RUB?";
const tools = [getExchangeRateTool, calculateTool];
const clientOn = (fetch: typeof globalThis.fetch) => new Anthropic({ apiKey: "k", baseURL: "http://offline.invalid", fetch, maxRetries: 0 });
const shape = (messages: Anthropic.MessageParam[]) =>
  messages.map((m) => `${m.role}:${typeof m.content === "string" ? "text" : m.content.map((b) => b.type).join("+")}`);

let dir = "";
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe("thinking blocks kept", () => {
  it("lesson 02's loop sends every thinking block back, first in its turn", async () => {
    const result = await runLoop(clientOn(createOfflineFetch()), TASK, { tools });
    expect(result.stopReason).toBe("end_turn");
    expect(shape(result.messages)).toEqual([
      "user:text",
      "assistant:thinking+tool_use",
      "user:tool_result",
      "assistant:thinking+tool_use",
      "user:tool_result",
      "assistant:text",
    ]);
  });

  it("history trimming drops whole turns, never a thinking block out of a kept turn", async () => {
    const first = await runLoop(clientOn(createOfflineFetch()), TASK, { tools });
    const second = await runLoop(clientOn(createOfflineFetch()), "How much are 50 EUR in RUB?", { tools, history: first.messages });
    const fitted = fitHistory(second.messages, 300);
    expect(fitted.dropped, "the budget is small enough that the first task is dropped").toBeGreaterThan(0);
    const kept = fitted.messages;
    const newest = second.messages.slice(fitted.dropped);
    // After the harness's note about what was left out, the newest messages, unchanged.
    expect(kept.slice(-newest.length), "the kept messages are the newest ones, unchanged").toEqual(newest);
    expect(kept.flatMap((m) => (typeof m.content === "string" ? [] : m.content)).some((b) => b.type === "thinking")).toBe(true);
    // The trimmed history is still a valid conversation for the model.
    const answer = await clientOn(createOfflineFetch()).messages.create({ model: "claude-haiku-5-5", max_tokens: 1024, tools: toolDefinitions(tools), messages: [...kept, { role: "user", content: "Thanks" }] });
    expect(answer.type).toBe("message");
  });

  it("--record keeps the blocks; --replay and a mock script made from the recording accept them back", async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "course-thinking-rec-"));
    const file = path.join(dir, "run.json");
    const recorder = createRecorder(file, { lesson: "02-agent-loop", task: TASK });
    await runLoop(clientOn(recorder.wrapFetch(createOfflineFetch())), TASK, { tools });
    const recording = loadRecording(file);
    expect(JSON.stringify(recording)).toContain('"signature"');

    const replay = createReplay(recording);
    const replayed = await runLoop(replay.client, TASK, { tools });
    expect(replay.problem()).toBeUndefined();
    expect(replayed.text).toContain("RUB");

    const mock = createMockModel(mockScriptFrom(recording));
    const scripted = await runLoop(mock.client, TASK, { tools });
    expect(mock.rejections).toEqual([]);
    expect(shape(scripted.messages)[1]).toBe("assistant:thinking+tool_use");
  });
});

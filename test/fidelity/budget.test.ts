// --budget keeps to one figure and never spends on a model it cannot price. The course's own rule
// (docs/API_FIDELITY.md, "--budget"), checked through the guard the CLI puts around real requests and
// through the CLI itself.

import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import Anthropic from "@anthropic-ai/sdk";
import { afterEach, describe, expect, it, vi } from "vitest";
import { totals } from "../../lessons/08-assistant/cost.ts";
import { runLessonCommand } from "../../shared/cli/run-lesson.ts";
import { createMockModel, reply } from "../../shared/mock/mock-model.ts";
import { createRealModelGuard, RealModelStop } from "../../shared/real-model/guard.ts";
import { createSpinner } from "../../shared/real-model/spinner.ts";
import { estimateCost, usageCost } from "../../shared/model.ts";
import { createTranscript, summaryLine } from "../../shared/transcript.ts";
import { ask } from "./helpers.ts";

const quiet = createSpinner({ isTTY: false, write: () => true } as unknown as NodeJS.WriteStream);

function guarded(turns: Parameters<typeof createMockModel>[0], budgetUsd: number) {
  const guard = createRealModelGuard({ budgetUsd, spinner: quiet });
  const mock = createMockModel(turns);
  const client = new Anthropic({ apiKey: "k", baseURL: "http://guarded.invalid", fetch: guard.wrapNetwork(mock.fetch), middleware: [guard.middleware], maxRetries: 0 });
  return { guard, mock, client };
}

describe("--budget", () => {
  // An unknown price is unknown, never $0: a budget cannot be kept on it, so nothing is sent.
  it("refuses to send to a model it cannot price", async () => {
    const { client, mock } = guarded([reply.text("never")], 1);
    const error = await client.messages.create({ model: "llama3.2", max_tokens: 100, messages: [ask("hi")] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RealModelStop);
    expect((error as Error).message).toMatch(/^Stopped before request 1: shared\/model\.ts has no price for llama3\.2, so the \$1\.00 budget cannot be kept\./);
    expect(mock.requests, "nothing may reach the server").toEqual([]);
  });

  // Streamed answers cost money too: their usage arrives in the message_start and message_delta events.
  it("counts a streamed answer", async () => {
    const { client, guard } = guarded([reply.text("A streamed answer of a few words.")], 1);
    await client.messages.stream({ model: "claude-haiku-5-5", max_tokens: 100, messages: [ask("hi")] }).finalMessage();
    expect(guard.spentUsd()).toBeGreaterThan(0);
  });
});

// Prompt caching (lesson 12): input_tokens leaves out what was written to the cache (1.25x the input
// price) and what was read from it (0.1x). A budget that counted input_tokens alone would spend more than
// it says; the summary line would show less than the run cost.
describe("--budget and the summary count the prompt cache", () => {
  // `tag` makes each test's prefix its own: the fake's cache is shared by the whole process.
  const cached = (question: string, tag = "budget"): Anthropic.MessageCreateParamsNonStreaming => ({
    model: "claude-haiku-5-5",
    max_tokens: 100,
    system: [{ type: "text", text: `${"Answer in one short sentence, with the figure first. ".repeat(60)}(${tag} test)`, cache_control: { type: "ephemeral" } }],
    messages: [ask(question)],
  });

  it("counts a cache write and a cache read, plain and streamed", async () => {
    const { client, guard } = guarded([reply.text("First."), reply.text("Second.")], 1);
    const first = await client.messages.create(cached("one?"));
    expect(first.usage.cache_creation_input_tokens).toBeGreaterThan(0);
    expect(guard.spentUsd()).toBeCloseTo(usageCost("claude-haiku-5-5", first.usage)!, 12);
    expect(guard.spentUsd()).toBeGreaterThan(estimateCost("claude-haiku-5-5", first.usage.input_tokens, first.usage.output_tokens)!);
    const second = await client.messages.stream({ ...cached("two?"), stream: true }).finalMessage();
    expect(second.usage.cache_read_input_tokens).toBeGreaterThan(0);
    expect(guard.spentUsd()).toBeCloseTo(usageCost("claude-haiku-5-5", first.usage)! + usageCost("claude-haiku-5-5", second.usage)!, 12);
  });

  it("the estimate before a request with a cache breakpoint prices its input as a cache write, so it stays an upper bound", async () => {
    // About 800 input tokens: $0.00008 as input, $0.00016 written for an hour; 100 output tokens $0.00005.
    const { client, mock } = guarded([reply.text("never")], 0.0002);
    const error = await client.messages.create(cached("five?", "estimate")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RealModelStop);
    expect(mock.requests).toEqual([]);
    const { client: plainClient } = guarded([reply.text("fine")], 0.0002);
    const { cache_control: _, ...plainSystem } = (cached("five?", "estimate").system as Anthropic.TextBlockParam[])[0]!;
    await expect(plainClient.messages.create({ ...cached("five?", "estimate"), system: [plainSystem] })).resolves.toMatchObject({ type: "message" });
  });

  it("the transcript adds up each answer's cache writes and reads", async () => {
    const transcript = createTranscript({ write: () => {} });
    const mock = createMockModel([reply.text("First."), reply.text("Second.")]);
    const client = new Anthropic({ apiKey: "k", baseURL: "http://mock.invalid", fetch: transcript.wrapFetch(mock.fetch), maxRetries: 0 });
    const first = await client.messages.create(cached("three?", "transcript"));
    const second = await client.messages.create(cached("four?", "transcript"));
    expect(transcript.stats.cache).toEqual({ write5m: first.usage.cache_creation_input_tokens, write1h: 0, read: second.usage.cache_read_input_tokens });
    expect(second.usage.cache_read_input_tokens).toBeGreaterThan(0);
  });

  it("the summary line prices the cache's writes and reads", () => {
    const stats = { requests: 1, toolCalls: 0, inputTokens: 0, outputTokens: 0, model: "claude-sonnet-5-5" };
    const plain = summaryLine(stats, 1, false);
    // 40,000 tokens written for 5 minutes at $2.50 per million: $0.10.
    const withCache = summaryLine({ ...stats, cache: { write5m: 40_000, write1h: 0, read: 0 } }, 1, false);
    expect(plain).toContain("$0.0000");
    expect(withCache).toContain("$0.1000");
  });
});

describe("costs of unknown models", () => {
  // Unknown is unknown, never $0: a total that takes in an unpriced response is not a figure.
  it("lesson 08's totals are unknown once an unpriced response is in them", () => {
    const at = "2026-12-01T10:00:00.000Z";
    const ledger = [
      { at, session: "s", model: "claude-haiku-5-5", input_tokens: 10, output_tokens: 5, usd: 0.5 },
      { at, session: "s", model: "llama3.2", input_tokens: 10, output_tokens: 5 },
      { at, session: "t", model: "claude-haiku-5-5", input_tokens: 10, output_tokens: 5, usd: 0.25 },
    ];
    expect(totals(ledger, "s", 0, new Date(at))).toEqual({ turn: undefined, session: undefined, today: undefined });
    expect(totals(ledger, "t", 0, new Date(at))).toEqual({ turn: 0.25, session: 0.25, today: undefined });
  });
});

describe("--budget on the command line", () => {
  let dir = "";
  afterEach(async () => {
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  // Lesson 08 keeps the budget itself: its figure is the only one shown, and the run exits 1.
  // In-process (the CLI's own function), so the test costs no second process.
  it("a lesson that stops at its budget exits 1 and shows one budget figure", async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "course-budget-"));
    vi.stubEnv("WORKSPACE_DIR", dir);
    vi.stubEnv("ANTHROPIC_API_KEY", "");
    vi.stubEnv("ANTHROPIC_BASE_URL", "");
    let out = "";
    const keep = (...args: unknown[]) => void (out += `${args.join(" ")}\n`);
    vi.spyOn(console, "log").mockImplementation(keep);
    vi.spyOn(console, "error").mockImplementation(keep);
    vi.spyOn(process.stdout, "write").mockImplementation((chunk) => ((out += String(chunk)), true));
    const code = await runLessonCommand(["8", "--offline", "--budget", "0.0001", "How much are 100 USD in RUB?"]);
    expect(out).toMatch(/Stopped before the next request: .* of the \$0\.0001 budget is spent/);
    expect(out, "the CLI's guard must not print a second, different budget figure").not.toMatch(/budget: \$[\d.]+ of \$[\d.]+ spent/);
    expect(code, out).toBe(1);
  });
});

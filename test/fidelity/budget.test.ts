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

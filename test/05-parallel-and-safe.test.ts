// Checks for exercise 05: the batch executor. Run them with: npm run check 5
// Parallelism is proven by the order of start/end marks, never by the clock; timeouts use tiny delays.

import { describe, expect, it, vi } from "vitest";
import type Anthropic from "@anthropic-ai/sdk";
import {
  canRunInParallel,
  executeBatch,
  runWithTimeout,
  TimeoutError,
  truncateOutput,
} from "@exercise/05-parallel-and-safe/executor.ts";
import type { ToolCall } from "../lessons/04-tool-contract/contract.ts";
import type { SafeTool } from "../lessons/05-parallel-and-safe/executor.ts";
import { runLoop } from "../lessons/02-agent-loop/loop.ts";
import { createMockModel, reply, resultText } from "../shared/mock/mock-model.ts";

const FILE = "exercises/05-parallel-and-safe/executor.ts";
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

// A tool that marks when it starts and ends, so a test can see whether calls overlapped.
function marked(name: string, events: string[], flags: Partial<SafeTool> = {}, output = `${name} done`): SafeTool {
  return {
    name,
    description: `${name} for tests`,
    input_schema: { type: "object", properties: {} },
    ...flags,
    async run() {
      events.push(`start ${name}`);
      await sleep(5);
      events.push(`end ${name}`);
      return output;
    },
  };
}

const calls = (...names: string[]): ToolCall[] => names.map((name) => ({ id: `toolu_${name}`, name, input: {} }));
// executeBatch must never reject; if it does, say so in words a learner can act on.
async function batch(...args: Parameters<typeof executeBatch>): Promise<Anthropic.ToolResultBlockParam[]> {
  return executeBatch(...args).catch((error: unknown) => {
    throw new Error(`executeBatch rejected (${String(error)}): every call must end in a tool_result; catch per call (TODO 4 in ${FILE}).`);
  });
}

const byId = (results: Anthropic.ToolResultBlockParam[], id: string) => results.find((r) => r.tool_use_id === id);

describe("TODO 1: canRunInParallel", () => {
  const events: string[] = [];
  const tools = [
    marked("read_a", events, { concurrencySafe: true }),
    marked("read_b", events, { concurrencySafe: true }),
    marked("write_c", events, { concurrencySafe: false }),
    marked("quiet_d", events),
  ];
  it("is true only when every call is to a concurrency-safe tool", () => {
    expect(canRunInParallel(calls("read_a", "read_b"), tools), `Two concurrency-safe reads may run together (TODO 1 in ${FILE}).`).toBe(true);
    expect(canRunInParallel(calls("read_a", "write_c"), tools), "One write in the turn means the whole turn runs in order.").toBe(false);
    expect(
      canRunInParallel(calls("read_a", "quiet_d"), tools),
      "A tool that does not declare concurrencySafe is assumed unsafe: it must not run in parallel.",
    ).toBe(false);
    expect(canRunInParallel(calls("read_a", "nope"), tools), "An unknown tool is not known to be safe.").toBe(false);
  });
});

describe("TODO 2: runWithTimeout", () => {
  it("resolves with the work's value when it finishes in time", async () => {
    await expect(runWithTimeout(async () => "ok", 1_000), `runWithTimeout should resolve with what work returns (TODO 2 in ${FILE}).`).resolves.toBe("ok");
  });

  it("rejects with a TimeoutError when time is up, and aborts the signal", async () => {
    let signal: AbortSignal | undefined;
    const hanging = (s: AbortSignal) => {
      signal = s;
      return new Promise<string>(() => {});
    };
    const error = await runWithTimeout(hanging, 20).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error, "A call that never ends must be stopped: runWithTimeout should reject with a TimeoutError.").toBeInstanceOf(TimeoutError);
    expect(signal?.aborted, "When the time is up, abort the signal handed to work (use an AbortController), so the tool can stop.").toBe(true);
  });

  it("passes the work's own error through (it is not a timeout)", async () => {
    const failing = async () => {
      throw new Error("disk full");
    };
    await expect(runWithTimeout(failing, 1_000), "A failure that is not a timeout must reject with the original error.").rejects.toThrow("disk full");
  });

  it("clears its timer when the work finishes first", async () => {
    vi.useFakeTimers();
    try {
      await runWithTimeout(async () => "quick", 60_000);
      await vi.advanceTimersByTimeAsync(0); // lets a .finally() run; the 60 s timer does not fire
      expect(vi.getTimerCount(), "A finished call left its timeout timer running: clearTimeout it when work settles.").toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("TODO 3: truncateOutput", () => {
  it("leaves text within both limits unchanged", () => {
    expect(truncateOutput("short\ntext", 100, 10), `Text within the limits must come back as is (TODO 3 in ${FILE}).`).toBe("short\ntext");
  });

  it("cuts by lines, and the note says how many lines were cut and how to ask for less", () => {
    const text = Array.from({ length: 500 }, (_, i) => `line ${i + 1}`).join("\n");
    const out = truncateOutput(text, 1_000_000, 200);
    expect(out, "The first 200 lines should be kept.").toContain("line 200\n");
    expect(out, "Line 201 and after should be cut.").not.toContain("line 201\n");
    expect(out, "The note should say how many lines were cut (300).").toContain("300");
    expect(/narrow|offset|less|smaller/i.test(out), `The note should say how to ask for less (narrow the query, use an offset). Got: ${out.slice(-200)}`).toBe(
      true,
    );
  });

  it("cuts by characters, and the note says how many characters were cut", () => {
    const text = "x".repeat(10_000);
    const out = truncateOutput(text, 8_000, 200);
    expect(out.startsWith("x".repeat(8_000)) && !out.startsWith("x".repeat(8_001)), "Keep exactly the first 8000 characters.").toBe(true);
    expect(out, "The note should say how many characters were cut (2000).").toContain("2000");
  });
});

describe("TODO 4: executeBatch", () => {
  it("runs a turn of concurrency-safe calls at the same time", async () => {
    const events: string[] = [];
    const tools = ["a", "b", "c"].map((n) => marked(n, events, { concurrencySafe: true, readOnly: true }));
    const results = await batch(calls("a", "b", "c"), tools);
    expect(
      events.slice(0, 3).every((e) => e.startsWith("start")),
      `All three reads should start before any ends (they overlap). Order seen: ${events.join(", ")}. ` +
        "Use Promise.all over the calls when canRunInParallel says so.",
    ).toBe(true);
    expect(results.length, "One tool_result per call.").toBe(3);
    for (const id of ["toolu_a", "toolu_b", "toolu_c"]) {
      expect(resultText(byId(results, id)), `The result for ${id} should carry that call's output.`).toBe(`${id.slice(6)} done`);
    }
  });

  it("runs the whole turn in order when one call writes", async () => {
    const events: string[] = [];
    const tools = [
      marked("a", events, { concurrencySafe: true }),
      marked("w", events, { concurrencySafe: false, readOnly: false }),
      marked("b", events, { concurrencySafe: true }),
    ];
    await batch(calls("a", "w", "b"), tools);
    expect(
      events,
      "With a write in the turn, each call must finish before the next starts, in the order the model asked. " +
        "Running them together would let a write race the reads.",
    ).toEqual(["start a", "end a", "start w", "end w", "start b", "end b"]);
  });

  it("treats a tool with no concurrencySafe flag as unsafe", async () => {
    const events: string[] = [];
    const tools = [marked("a", events, { concurrencySafe: true }), marked("q", events)];
    await batch(calls("a", "q"), tools);
    expect(events, "A tool that says nothing about concurrency must not run in parallel.").toEqual(["start a", "end a", "start q", "end q"]);
  });

  it("answers every call even when one throws (parallel)", async () => {
    const events: string[] = [];
    const boom: SafeTool = {
      ...marked("boom", events, { concurrencySafe: true }),
      run: () => {
        throw new Error("database is down");
      },
    };
    const tools = [marked("a", events, { concurrencySafe: true }), boom, marked("b", events, { concurrencySafe: true })];
    const results = await batch(calls("a", "boom", "b"), tools);
    expect(results.map((r) => r.tool_use_id).sort(), "Exactly one tool_result per tool_use, whatever happens.").toEqual(
      ["toolu_a", "toolu_b", "toolu_boom"].sort(),
    );
    expect(byId(results, "toolu_boom")?.is_error, "The failed call must come back with is_error: true.").toBe(true);
    expect(resultText(byId(results, "toolu_boom")), "Pass the error's message to the model.").toContain("database is down");
    expect(byId(results, "toolu_a")?.is_error ?? false, "The other calls still succeed.").toBe(false);
  });

  it("goes on after a failure when running in order", async () => {
    const events: string[] = [];
    const failing: SafeTool = { ...marked("w", events), run: () => Promise.reject(new Error("locked")) };
    const results = await batch(calls("w", "a"), [failing, marked("a", events)]);
    expect(results.length, "The call after a failure must still run and be answered.").toBe(2);
    expect(byId(results, "toolu_a")?.is_error ?? false, "The second call should succeed.").toBe(false);
  });

  it("stops a call that takes too long: is_error, timed out, may be retried; the signal is aborted", async () => {
    let signal: AbortSignal | undefined;
    const slow: SafeTool = {
      name: "slow",
      description: "slow",
      input_schema: { type: "object", properties: {} },
      concurrencySafe: true,
      timeoutMs: 20,
      run: (_input, s) => {
        signal = s;
        return sleep(400).then(() => "too late");
      },
    };
    const events: string[] = [];
    const results = await batch(calls("slow", "a"), [slow, marked("a", events, { concurrencySafe: true })], { timeoutMs: 5_000 });
    const result = byId(results, "toolu_slow");
    expect(
      resultText(result),
      "The tool's own timeoutMs (20 ms) must win over options.timeoutMs (5000 ms); the call was not stopped in time.",
    ).not.toBe("too late");
    expect(result?.is_error, "A timed-out call must come back with is_error: true.").toBe(true);
    const text = resultText(result);
    expect(/timed out|time ?out|took too long/i.test(text), `Say that the tool timed out. Got: ${text}`).toBe(true);
    expect(/retry|try again/i.test(text), `Say the call itself was fine and may be retried. Got: ${text}`).toBe(true);
    expect(signal?.aborted, "Pass the signal from runWithTimeout to tool.run(input, signal), so the tool can stop.").toBe(true);
    expect(byId(results, "toolu_a")?.is_error ?? false, "The other call in the batch is unaffected.").toBe(false);
  });

  it("uses options.timeoutMs for a tool without its own", async () => {
    const hang: SafeTool = { name: "hang", description: "hang", input_schema: { type: "object", properties: {} }, run: () => new Promise(() => {}) };
    // A safety net, not a speed check: without a timeout this call would hang until the test runner gives up.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const guard = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`executeBatch still had not answered after 3 s although options.timeoutMs is 20 ms: wrap each call in runWithTimeout (TODO 4 in ${FILE}).`)),
        3_000,
      );
    });
    const [result] = await Promise.race([batch(calls("hang"), [hang], { timeoutMs: 20 }), guard]).finally(() => clearTimeout(timer));
    expect(result?.is_error, "A tool with no timeoutMs should be stopped after options.timeoutMs.").toBe(true);
  });

  it("answers an unknown tool with an is_error result naming it", async () => {
    const [result] = await batch(calls("nope"), [marked("a", [])]);
    expect(result?.is_error, "An unknown tool must give is_error: true, not a crash.").toBe(true);
    expect(resultText(result), "Name the unknown tool and list the real ones.").toContain("nope");
  });

  it("caps every result and says so", async () => {
    const big = Array.from({ length: 1_000 }, (_, i) => `row ${i}`).join("\n");
    const flood: SafeTool = { ...marked("flood", [], { concurrencySafe: true }, big) };
    const [result] = await batch(calls("flood"), [flood], { maxLines: 50 });
    const text = resultText(result);
    expect(text.split("\n").length, "A 1000-line result must be cut to maxLines (plus the note).").toBeLessThanOrEqual(52);
    expect(/cut|truncat|more/i.test(text), "The cut result should end with a note saying so.").toBe(true);
  });

  it("never rejects, even for a non-Error throw", async () => {
    const odd: SafeTool = { ...marked("odd", []), run: () => Promise.reject("just a string") };
    await expect(executeBatch(calls("odd"), [odd]), "executeBatch must never reject.").resolves.toHaveLength(1);
  });

  it("in a real loop, all results go back in ONE user message, matched by id", async () => {
    const events: string[] = [];
    const tools = ["a", "b", "c"].map((n) => marked(n, events, { concurrencySafe: true }));
    const mock = createMockModel([
      reply.toolUses([
        { name: "a", input: {}, id: "toolu_1" },
        { name: "b", input: {}, id: "toolu_2" },
        { name: "c", input: {}, id: "toolu_3" },
      ]),
      reply.text("done"),
    ]);
    await runLoop(mock.client, "three lookups", { tools, executeTools: (batch, loopTools) => executeBatch(batch, loopTools) });
    expect(mock.rejections.map((r) => r.problem.message), "The API would have refused the request.").toEqual([]);
    const last = mock.lastToolResults();
    expect(last.map((r) => r.tool_use_id).sort(), "All three results belong in the one user message after the turn.").toEqual([
      "toolu_1",
      "toolu_2",
      "toolu_3",
    ]);
    mock.assertAllUsed();
  });
});

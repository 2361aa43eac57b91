// Lesson 13's graders on the trace and its pass@k / pass^k, on hand-made traces. (Exercise 13's checks,
// test/13-evals.test.ts, hold the learner's version to the same rules; LESSON_WORDS runs them on these.)

import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { passAtK, passHatK } from "../../lessons/13-evals/pass-k.ts";
import { gradeTrace, TRACE_GRADERS, whereIs } from "../../lessons/13-evals/trace-graders.ts";
import type { Trace, TracedCall } from "../../lessons/13-evals/trace.ts";

function call(name: string, input: Record<string, unknown>, more: Partial<TracedCall> = {}): TracedCall {
  return { name, input, result: "ok", isError: false, sideEffect: false, gate: "reads only", ...more };
}

function trace(calls: TracedCall[]): Trace {
  return { task: "task", answer: "answer", calls, files: [], usage: { input_tokens: 10, output_tokens: 5 }, costUsd: 0, model: "offline" };
}

// C(a, b) exactly, for small numbers.
function choose(a: number, b: number): bigint {
  if (b < 0 || b > a) return 0n;
  let result = 1n;
  for (let i = 0; i < b; i++) result = (result * BigInt(a - i)) / BigInt(i + 1);
  return result;
}

describe("gradeTrace", () => {
  it("runs the graders a task asks for, and the two safety rules on every task", () => {
    const run = trace([
      call("get_exchange_rate", { from_currency: "usd", to_currency: "EUR" }),
      call("save_to_file", { filename: "rate.txt", content: "0.92" }, { sideEffect: true, gate: "approved" }),
    ]);
    const results = gradeTrace(run, {
      tools: { tools: ["get_exchange_rate", "save_to_file"] },
      args: [{ tool: "get_exchange_rate", args: { from_currency: { currency: "USD" }, to_currency: { currency: "eur" } } }],
    });
    expect(results.map((r) => r.grader)).toEqual([
      TRACE_GRADERS.toolSequence,
      TRACE_GRADERS.toolArguments,
      TRACE_GRADERS.insideWorkspace,
      TRACE_GRADERS.approvedEffects,
    ]);
    expect(results.every((r) => r.pass)).toBe(true);
    expect(gradeTrace(trace([]), { outOfScope: true }).map((r) => [r.grader, r.pass])).toEqual([
      [TRACE_GRADERS.outOfScope, true],
      [TRACE_GRADERS.insideWorkspace, true],
      [TRACE_GRADERS.approvedEffects, true],
    ]);
  });

  it("reads the path arguments a task names instead of the default ones", () => {
    const run = trace([call("copy", { to: "../x.txt", path: "../y.txt" })]);
    const [workspace] = gradeTrace(run, { pathArgs: ["to"] });
    expect(workspace).toMatchObject({ grader: TRACE_GRADERS.insideWorkspace, pass: false });
    expect(workspace!.why).toContain("../x.txt");
    expect(workspace!.why).not.toContain("../y.txt");
  });

  it("a call out of the workspace that did not run says so without blaming the tool: the gate may have stopped it", () => {
    const denied = call("save_to_file", { filename: "../outside.txt" }, { isError: true, sideEffect: true, gate: "denied" });
    const [workspace] = gradeTrace(trace([denied]), {});
    expect(workspace).toMatchObject({ grader: TRACE_GRADERS.insideWorkspace, pass: false });
    expect(workspace!.why).toContain("it did not run, but the model should not have asked");
    expect(workspace!.why).not.toContain("the tool refused");
  });

  it("shows a value from the model harmlessly: no control character reaches the terminal, and a long one is cut", () => {
    const run = trace([call("save_to_file", { filename: `../\u001b[2J${"x".repeat(500)}` })]);
    const [workspace] = gradeTrace(run, {});
    expect(workspace!.why).not.toMatch(/\u001b/);
    expect(workspace!.why).toContain("\\x1b[2J");
    expect(workspace!.why.length).toBeLessThan(300);
  });
});

describe("whereIs: a path read as the file tools resolve it", () => {
  it("agrees with path.posix.resolve on relative paths (seeded)", () => {
    const part = fc.constantFrom("..", ".", "", "a", "b", "notes.txt");
    fc.assert(
      fc.property(fc.array(part, { minLength: 1, maxLength: 8 }), fc.boolean(), (parts, backslashes) => {
        if (parts[0] === "") return; // a leading separator makes it absolute: the next test
        const given = parts.join(backslashes ? "\\" : "/");
        const resolved = path.posix.resolve("/ws", parts.join("/"));
        const inside = resolved === "/ws" || resolved.startsWith("/ws/");
        expect(whereIs(given), given).toBe(inside ? "inside" : "climbs out");
      }),
      { seed: 13, numRuns: 500 },
    );
  });

  it("calls absolute paths absolute, on both kinds of system", () => {
    for (const p of ["/etc/passwd", "\\Windows\\win.ini", "C:\\Users\\x", "c:relative", "\\\\server\\share\\x", "//server/share"]) {
      expect(whereIs(p), p).toBe("absolute");
    }
  });
});

describe("pass@k and pass^k", () => {
  it("equal the exact binomial ratios for every small n, c, k", () => {
    for (let n = 1; n <= 12; n++) {
      for (let c = 0; c <= n; c++) {
        for (let k = 1; k <= n; k++) {
          const total = Number(choose(n, k));
          expect(passAtK(n, c, k)).toBeCloseTo(1 - Number(choose(n - c, k)) / total, 12);
          expect(passHatK(n, c, k)).toBeCloseTo(Number(choose(c, k)) / total, 12);
        }
      }
    }
  });

  it("stay finite where the binomials overflow a double", () => {
    expect(passHatK(2000, 1999, 1000)).toBeCloseTo(0.5, 9);
    expect(passAtK(2000, 1, 1000)).toBeCloseTo(0.5, 9);
  });

  it("refuse counts that cannot be, saying which", () => {
    expect(() => passHatK(3, 1, 5)).toThrow(/k = 5.*n = 3/);
    expect(() => passAtK(0, 0, 1)).toThrow(/n = 0/);
    expect(() => passAtK(5, 6, 1)).toThrow(/c = 6/);
    expect(() => passAtK(5, -1, 1)).toThrow(/c = -1/);
    expect(() => passHatK(5, 2, 0)).toThrow(/k = 0/);
    expect(() => passHatK(5, 2.5, 1)).toThrow(/c .*2\.5/);
    expect(() => passHatK(Number.NaN, 2, 1)).toThrow(/n .*NaN/);
  });
});

// Checks for exercise 13 (graders on the trace, and pass^k). Run them with: npm run check 13.
// Each message says what was expected, what happened, and where to look. The traces are made by hand:
// a grader reads a trace, so no model and no files are needed. The safety rules are also checked on
// generated traces (fast-check, seeded).

import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { passHatK } from "@exercise/13-evals/pass-k.ts";
import { approvedEffects, insideWorkspace, outOfScope, toolArguments, toolSequence, whereIs, type GraderResult } from "@exercise/13-evals/trace-graders.ts";
import { TRACE_GRADERS } from "../lessons/13-evals/trace-graders.ts";
import type { GateOutcome, Trace, TracedCall } from "../lessons/13-evals/trace.ts";
import { failWith } from "./helpers/fail-with.ts";
import { say } from "./helpers/say.ts";

const GRADERS = "exercises/13-evals/trace-graders.ts";
const PASS_K = "exercises/13-evals/pass-k.ts";

function call(name: string, input: Record<string, unknown> = {}, more: Partial<TracedCall> = {}): TracedCall {
  return { name, input, result: "ok", isError: false, sideEffect: false, gate: "reads only", ...more };
}

function trace(calls: TracedCall[]): Trace {
  return { task: "a task", answer: "an answer", calls, files: [], usage: { input_tokens: 100, output_tokens: 20 }, costUsd: 0.0001, model: "offline" };
}

const names = (t: Trace) => t.calls.map((c) => c.name).join(", ") || "(no calls)";

// What the last grader was given, as data: the Russian messages show it instead of the English
// description of the case (calls with their input, and what was expected).
let given = "";
function describeCalls(t: Trace): string {
  return t.calls.map((c) => `${c.name} ${JSON.stringify(c.input)}${c.sideEffect ? " sideEffect" : ""}${c.isError ? " isError" : ""} gate=${c.gate}`).join("; ");
}
function grading<T>(name: string, t: Trace, expectation: unknown, fn: () => T): T {
  given = `${name}([${describeCalls(t)}]${expectation === undefined ? "" : `, ${JSON.stringify(expectation)}`})`;
  return fn();
}

// A verdict, checked: pass as expected, the grader's name, and the words a person needs in why.
function expectVerdict(result: GraderResult, pass: boolean, grader: string, where: string, words: string[] = []): void {
  const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);
  const ru = `\`${cut(given, 110)}\``;
  const said = `\`pass: ${result?.pass}\` (\`why: ${cut(JSON.stringify(result?.why), 90)}\`)`;
  expect(result?.grader, say(`${where} should return grader: ${JSON.stringify(grader)} (TRACE_GRADERS), got ${JSON.stringify(result?.grader)}.`, `${ru} должна вернуть \`grader: ${JSON.stringify(grader)}\` (TRACE_GRADERS), а вернула \`${JSON.stringify(result?.grader)}\`.`)).toBe(grader);
  expect(result.pass, say(`${where} should ${pass ? "pass" : "fail"}; it said ${said}.`, `${ru} должна ${pass ? "пройти" : "провалиться"}; она вернула ${said}.`)).toBe(pass);
  expect(typeof result.why === "string" && result.why.trim() !== "", say(`${where}: why must say something a person can act on; it is ${JSON.stringify(result.why)}.`, `${ru}: \`why\` должна говорить, что исправить; сейчас это \`${JSON.stringify(result.why)}\`.`)).toBe(true);
  for (const word of words) {
    expect(result.why, say(`${where}: why should name ${word}, so a person knows what to fix; it says ${JSON.stringify(result.why)}.`, `${ru}: \`why\` должна называть \`${word}\`, чтобы человек понял, что исправить; сейчас: \`${JSON.stringify(result.why)}\`.`)).toContain(word);
  }
}

function run<T>(what: string, todo: string, fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    return failWith(say(`${what} threw (${todo}).`, `${what} бросила исключение (${todo}).`), error);
  }
}

// --- TODO 1 ------------------------------------------------------------------------------------------

describe("the tool sequence (TODO 1)", () => {
  const grade = (calls: TracedCall[], tools: string[], allowExtra?: boolean) =>
    run(`toolSequence in ${GRADERS}`, "TODO 1", () => {
      const expectation = allowExtra === undefined ? { tools } : { tools, allowExtra };
      return grading("toolSequence", trace(calls), expectation, () => toolSequence(trace(calls), expectation));
    });

  it("passes the expected tools in order, and a pass says which tools were called", () => {
    const calls = [call("get_exchange_rate"), call("calculate")];
    expectVerdict(grade(calls, ["get_exchange_rate", "calculate"]), true, TRACE_GRADERS.toolSequence, "toolSequence (get_exchange_rate, calculate as expected)", ["get_exchange_rate", "calculate"]);
  });

  it("names a missing tool", () => {
    const result = grade([call("get_exchange_rate")], ["get_exchange_rate", "calculate"]);
    expectVerdict(result, false, TRACE_GRADERS.toolSequence, "toolSequence (calculate expected, never called)", ["calculate"]);
    expectVerdict(grade([], ["save_to_file"]), false, TRACE_GRADERS.toolSequence, "toolSequence (no calls at all, save_to_file expected)", ["save_to_file"]);
  });

  it("fails a call made out of order, naming both tools", () => {
    const result = grade([call("calculate"), call("get_exchange_rate")], ["get_exchange_rate", "calculate"]);
    expectVerdict(result, false, TRACE_GRADERS.toolSequence, "toolSequence (calculate called before get_exchange_rate, expected after it)", ["calculate", "get_exchange_rate"]);
  });

  it("fails an extra call unless allowExtra, naming it", () => {
    const calls = [call("get_exchange_rate"), call("send_email"), call("calculate")];
    expectVerdict(grade(calls, ["get_exchange_rate", "calculate"]), false, TRACE_GRADERS.toolSequence, "toolSequence (an extra send_email between the expected calls)", ["send_email"]);
    expectVerdict(grade([...calls, call("read_file")], ["get_exchange_rate", "calculate"], false), false, TRACE_GRADERS.toolSequence, "toolSequence (allowExtra: false, an extra read_file after them)", ["read_file"]);
    expectVerdict(grade(calls, ["get_exchange_rate", "calculate"], true), true, TRACE_GRADERS.toolSequence, "toolSequence (allowExtra: true)");
    expectVerdict(grade([call("read_file"), ...calls], ["get_exchange_rate", "calculate"], true), true, TRACE_GRADERS.toolSequence, "toolSequence (allowExtra: true, another call first)");
  });

  it("tools: [] means no tool at all", () => {
    expectVerdict(grade([], []), true, TRACE_GRADERS.toolSequence, "toolSequence (no tools expected, none called)");
    expectVerdict(grade([call("calculate")], []), false, TRACE_GRADERS.toolSequence, "toolSequence (no tools expected, calculate called)", ["calculate"]);
  });

  it("a tool expected twice but called once is missing its second call", { tags: "hard" }, () => {
    expectVerdict(grade([call("calculate")], ["calculate", "calculate"]), false, TRACE_GRADERS.toolSequence, "toolSequence (calculate expected twice, called once)", ["calculate"]);
    expectVerdict(grade([call("calculate"), call("calculate")], ["calculate", "calculate"]), true, TRACE_GRADERS.toolSequence, "toolSequence (calculate expected twice, called twice)");
    // The order is checked against the tool before: read_file came first, but not after save_to_file.
    const mixed = [call("read_file"), call("save_to_file"), call("calculate")];
    expectVerdict(grade(mixed, ["save_to_file", "calculate", "read_file"]), false, TRACE_GRADERS.toolSequence, "toolSequence (read_file expected last, called first)", ["read_file", "calculate"]);
  });
});

// --- TODO 2 ------------------------------------------------------------------------------------------

describe("the arguments (TODO 2)", () => {
  const grade = (calls: TracedCall[], tool: string, args: Record<string, unknown>) =>
    run(`toolArguments in ${GRADERS}`, "TODO 2", () => grading("toolArguments", trace(calls), { tool, args }, () => toolArguments(trace(calls), { tool, args } as never)));
  const rate = (input: Record<string, unknown>) => call("get_exchange_rate", input);

  it("passes exact values and numbers within the tolerance", () => {
    const calls = [rate({ from_currency: "USD", to_currency: "EUR", amount: 0.1 + 0.2, round: true })];
    expectVerdict(grade(calls, "get_exchange_rate", { from_currency: "USD", round: true }), true, TRACE_GRADERS.toolArguments, "toolArguments (the exact values)");
    expectVerdict(grade(calls, "get_exchange_rate", { amount: 0.3 }), true, TRACE_GRADERS.toolArguments, "toolArguments (amount 0.1 + 0.2 against 0.3: within DEFAULT_TOLERANCE)");
    expectVerdict(grade(calls, "get_exchange_rate", { amount: 0.31 }), false, TRACE_GRADERS.toolArguments, "toolArguments (amount 0.30000000000000004 against 0.31)", ["amount", "0.31"]);
    expectVerdict(grade([rate({ amount: 499.6 })], "get_exchange_rate", { amount: { number: 500, tolerance: 0.5 } }), true, TRACE_GRADERS.toolArguments, "toolArguments (499.6 against 500 ± 0.5)");
    expectVerdict(grade([rate({ amount: 512 })], "get_exchange_rate", { amount: { number: 500, tolerance: 0.5 } }), false, TRACE_GRADERS.toolArguments, "toolArguments (512 against 500 ± 0.5)", ["amount", "512", "500", "0.5"]);
    expectVerdict(grade([rate({ round: false })], "get_exchange_rate", { round: true }), false, TRACE_GRADERS.toolArguments, "toolArguments (round false, true expected)", ["round"]);
    expectVerdict(grade([rate({ to_currency: "EUR" })], "get_exchange_rate", { to_currency: "eur" }), false, TRACE_GRADERS.toolArguments, 'toolArguments (a plain string is exact: "EUR" is not "eur")', ["to_currency"]);
  });

  it("compares currency codes in any letter case", () => {
    const expected = { from_currency: { currency: "USD" }, to_currency: { currency: "eur" } };
    expectVerdict(grade([rate({ from_currency: "usd", to_currency: "EUR" })], "get_exchange_rate", expected), true, TRACE_GRADERS.toolArguments, 'toolArguments ("usd" and "EUR" against { currency: "USD" } and { currency: "eur" })');
    expectVerdict(grade([rate({ from_currency: "Usd", to_currency: "rub" })], "get_exchange_rate", expected), false, TRACE_GRADERS.toolArguments, 'toolArguments (to_currency "rub" against { currency: "eur" })', ["to_currency", "rub", "eur"]);
    expectVerdict(grade([rate({ from_currency: 840, to_currency: "eur" })], "get_exchange_rate", expected), false, TRACE_GRADERS.toolArguments, "toolArguments (from_currency the number 840, not a code)", ["from_currency"]);
  });

  it("contains: a string holding the text, in any letter case", () => {
    const email = (subject: unknown) => call("send_email", { subject });
    expectVerdict(grade([email("Trip to PARIS, March")], "send_email", { subject: { contains: "paris" } }), true, TRACE_GRADERS.toolArguments, 'toolArguments ("Trip to PARIS, March" contains "paris")');
    expectVerdict(grade([email("trip to paris")], "send_email", { subject: { contains: "Paris" } }), true, TRACE_GRADERS.toolArguments, 'toolArguments ("trip to paris" contains "Paris")');
    expectVerdict(grade([email("Trip to Rome")], "send_email", { subject: { contains: "paris" } }), false, TRACE_GRADERS.toolArguments, 'toolArguments ("Trip to Rome" does not contain "paris")', ["subject", "paris"]);
    expectVerdict(grade([email(["paris"])], "send_email", { subject: { contains: "paris" } }), false, TRACE_GRADERS.toolArguments, 'toolArguments (a list ["paris"] is not a string)', ["subject"]);
  });

  it("a string is never a number", () => {
    expectVerdict(grade([rate({ amount: "500" })], "get_exchange_rate", { amount: 500 }), false, TRACE_GRADERS.toolArguments, 'toolArguments (amount "500", a string, against the number 500)', ["amount"]);
    expectVerdict(grade([rate({ amount: "500" })], "get_exchange_rate", { amount: { number: 500, tolerance: 1 } }), false, TRACE_GRADERS.toolArguments, 'toolArguments (amount "500" against 500 ± 1)', ["amount"]);
  });

  it("names the argument, its value and what was expected", () => {
    const result = grade([rate({ from_currency: "USD", to_currency: "EUR" })], "get_exchange_rate", { from_currency: "USD", to_currency: "RUB" });
    expectVerdict(result, false, TRACE_GRADERS.toolArguments, 'toolArguments (to_currency "EUR", "RUB" expected)', ["to_currency", "EUR", "RUB"]);
    expect(result.why, say("why should not blame from_currency, which was right.", "`why` не должна винить from_currency: он был верным.")).not.toContain("from_currency");
    const missing = grade([rate({ from_currency: "USD" })], "get_exchange_rate", { from_currency: "USD", amount: 500 });
    expectVerdict(missing, false, TRACE_GRADERS.toolArguments, "toolArguments (amount missing)", ["amount", "500"]);
    expect(missing.why, say(`why should say that amount is missing, not show it as undefined: ${JSON.stringify(missing.why)}.`, `\`why\` должна сказать, что amount нет, а не показывать его как undefined: \`${JSON.stringify(missing.why)}\`.`)).not.toContain("undefined");
  });

  it("names a tool that was never called", () => {
    const result = grade([call("calculate", { expression: "2+2" })], "get_exchange_rate", { from_currency: "USD" });
    expectVerdict(result, false, TRACE_GRADERS.toolArguments, "toolArguments (get_exchange_rate never called)", ["get_exchange_rate"]);
    expectVerdict(grade([], "calculate", {}), false, TRACE_GRADERS.toolArguments, "toolArguments (no calls, nothing to check)", ["calculate"]);
  });

  it("passes when a later call of the tool has the expected arguments", () => {
    const calls = [rate({ from_currency: "EUR" }), call("calculate", { from_currency: "USD" }), rate({ from_currency: "USD" })];
    expectVerdict(grade(calls, "get_exchange_rate", { from_currency: "USD" }), true, TRACE_GRADERS.toolArguments, "toolArguments (call 1 wrong, call 3 right)");
    const wrong = [rate({ from_currency: "EUR", to_currency: "GBP" }), rate({ from_currency: "USD", to_currency: "GBP" })];
    const result = grade(wrong, "get_exchange_rate", { from_currency: "USD", to_currency: "JPY" });
    expectVerdict(result, false, TRACE_GRADERS.toolArguments, "toolArguments (both calls wrong: the closer one is call 2, to_currency only)", ["to_currency", "GBP", "JPY"]);
    expect(result.why, say(`why should be about the call that came closest (call 2, only to_currency wrong), not call 1's from_currency: ${JSON.stringify(result.why)}.`, `\`why\` должна говорить о самом близком вызове (вызов 2, неверен только to_currency), а не о from_currency вызова 1: \`${JSON.stringify(result.why)}\`.`)).not.toContain("from_currency");
    const first = grade([wrong[1]!, wrong[0]!], "get_exchange_rate", { from_currency: "USD", to_currency: "JPY" });
    expect(first.why, say(`With the closer call first, why should still be about it (to_currency), not about the other call's from_currency: ${JSON.stringify(first.why)}.`, `Когда более близкий вызов первый, \`why\` всё равно должна говорить о нём (to_currency), а не о from_currency другого вызова: \`${JSON.stringify(first.why)}\`.`)).not.toContain("from_currency");
  });

  it("argument edge cases: the tolerance itself, spaces around a currency code, a string for a boolean", { tags: "hard" }, () => {
    expectVerdict(grade([rate({ amount: 500.5 })], "get_exchange_rate", { amount: { number: 500, tolerance: 0.5 } }), true, TRACE_GRADERS.toolArguments, "toolArguments (500.5 against 500 ± 0.5: the tolerance itself is within)");
    expectVerdict(grade([rate({ amount: 0 })], "get_exchange_rate", { amount: 1e-9 }), true, TRACE_GRADERS.toolArguments, "toolArguments (0 against 1e-9: exactly DEFAULT_TOLERANCE away, which is within)");
    expectVerdict(grade([rate({ amount: 499.5 })], "get_exchange_rate", { amount: { number: 500, tolerance: 0.5 } }), true, TRACE_GRADERS.toolArguments, "toolArguments (499.5 against 500 ± 0.5)");
    expectVerdict(grade([rate({ amount: Number.NaN })], "get_exchange_rate", { amount: { number: 500, tolerance: 1e9 } }), false, TRACE_GRADERS.toolArguments, "toolArguments (NaN is no number within any tolerance)", ["amount"]);
    expectVerdict(grade([rate({ to_currency: " eur " })], "get_exchange_rate", { to_currency: { currency: "EUR" } }), true, TRACE_GRADERS.toolArguments, 'toolArguments (" eur " against { currency: "EUR" })');
    expectVerdict(grade([rate({ to_currency: "EUR" })], "get_exchange_rate", { to_currency: { currency: " eur " } }), true, TRACE_GRADERS.toolArguments, 'toolArguments ("EUR" against { currency: " eur " }: trim both sides)');
    expectVerdict(grade([rate({ to_currency: "EU R" })], "get_exchange_rate", { to_currency: { currency: "EUR" } }), false, TRACE_GRADERS.toolArguments, 'toolArguments ("EU R" is not EUR)', ["to_currency"]);
    expectVerdict(grade([call("save_to_file", { overwrite: "true" })], "save_to_file", { overwrite: true }), false, TRACE_GRADERS.toolArguments, 'toolArguments (the string "true" against true)', ["overwrite"]);
    expectVerdict(grade([call("save_to_file", { overwrite: undefined })], "save_to_file", { overwrite: false }), false, TRACE_GRADERS.toolArguments, "toolArguments (overwrite undefined, false expected)", ["overwrite"]);
  });
});

// --- TODO 3 ------------------------------------------------------------------------------------------

describe("nothing outside the workspace (TODO 3)", () => {
  const where = (p: string) => run(`whereIs(${JSON.stringify(p)}) in ${GRADERS}`, "TODO 3", () => whereIs(p));
  const grade = (calls: TracedCall[], pathArgs?: string[]) =>
    run(`insideWorkspace in ${GRADERS}`, "TODO 3", () => grading("insideWorkspace", trace(calls), pathArgs ? { pathArgs } : undefined, () => insideWorkspace(trace(calls), pathArgs ? { pathArgs } : undefined)));
  const save = (filename: unknown, more: Partial<TracedCall> = {}) => call("save_to_file", { filename, content: "x" }, { sideEffect: true, gate: "approved", ...more });

  it("whereIs: inside, climbs out, absolute", () => {
    for (const [p, expected] of [
      ["notes.txt", "inside"],
      ["reports/2026/q1.txt", "inside"],
      ["../notes.txt", "climbs out"],
      ["../../etc/passwd", "climbs out"],
      ["a/../../x", "climbs out"],
      ["/etc/passwd", "absolute"],
      ["/tmp/x.txt", "absolute"],
    ] as const) {
      expect(where(p), say(`whereIs(${JSON.stringify(p)}) should be "${expected}" (TODO 3 in ${GRADERS}).`, `whereIs(${JSON.stringify(p)}) должна вернуть "${expected}" (TODO 3 в ${GRADERS}).`)).toBe(expected);
    }
  });

  it("passes paths inside the workspace and ignores arguments that are not paths", () => {
    const calls = [save("report.txt"), call("read_file", { path: "notes/today.md" }), call("send_email", { to: "../boss@example.com", body: "/etc/passwd" }), save(42)];
    expectVerdict(grade(calls), true, TRACE_GRADERS.insideWorkspace, "insideWorkspace (report.txt, notes/today.md; to and body are not paths; 42 is not a string)");
    expectVerdict(grade([]), true, TRACE_GRADERS.insideWorkspace, "insideWorkspace (no calls)");
  });

  it("fails a path that climbs out with .., naming the call, the argument and the path", () => {
    const result = grade([save("report.txt"), save("../secrets.txt")]);
    expectVerdict(result, false, TRACE_GRADERS.insideWorkspace, 'insideWorkspace (save_to_file with filename "../secrets.txt")', ["save_to_file", "filename", "../secrets.txt"]);
    expect(result.why, say("why should point at the second call (callName: \"save_to_file (call 2)\"), not the first, which was fine.", "`why` должна указывать на второй вызов (callName: \"save_to_file (call 2)\"), а не на первый, с которым всё в порядке.")).toContain("2");
    expect(result.why, say("why should not blame report.txt, which stayed inside.", "`why` не должна винить report.txt: этот путь остался внутри.")).not.toContain("report.txt");
    const read = grade([call("read_file", { path: "../../.ssh/id_rsa" })]);
    expectVerdict(read, false, TRACE_GRADERS.insideWorkspace, 'insideWorkspace (read_file with path "../../.ssh/id_rsa")', ["read_file", "path", "../../.ssh/id_rsa"]);
  });

  it("fails an absolute path", () => {
    expectVerdict(grade([call("read_file", { path: "/etc/passwd" })]), false, TRACE_GRADERS.insideWorkspace, 'insideWorkspace (read_file with path "/etc/passwd")', ["read_file", "/etc/passwd"]);
  });

  it("a call the tool refused still fails", () => {
    const refused = save("../../outside.txt", { isError: true, result: "Error: outside the workspace", gate: "approved" });
    expectVerdict(grade([refused]), false, TRACE_GRADERS.insideWorkspace, "insideWorkspace (a save_to_file the tool refused: isError true)", ["../../outside.txt"]);
  });

  it("reads the path arguments the task names (pathArgs), else DEFAULT_PATH_ARGS", () => {
    const calls = [call("copy_file", { from: "a.txt", to: "../b.txt" })];
    expectVerdict(grade(calls, ["from", "to"]), false, TRACE_GRADERS.insideWorkspace, 'insideWorkspace (pathArgs ["from", "to"], to is "../b.txt")', ["to", "../b.txt"]);
    expectVerdict(grade(calls), true, TRACE_GRADERS.insideWorkspace, "insideWorkspace (no pathArgs: from and to are not in DEFAULT_PATH_ARGS)");
    expectVerdict(grade([call("x", { path: "../a", filename: "../b" })], ["filename"]), false, TRACE_GRADERS.insideWorkspace, 'insideWorkspace (pathArgs ["filename"])', ["../b"]);
    const only = grade([call("x", { path: "../a" })], ["filename"]);
    expectVerdict(only, true, TRACE_GRADERS.insideWorkspace, 'insideWorkspace (pathArgs ["filename"]: path is not checked)');
  });

  it("a path outside the workspace never passes (generated traces, seeded)", () => {
    const segment = fc.constantFrom("a", "notes", "b.txt", "reports");
    const inside = fc.array(segment, { minLength: 1, maxLength: 3 }).map((parts) => parts.join("/"));
    const outside = fc.oneof(
      fc.tuple(fc.integer({ min: 1, max: 3 }), inside).map(([up, rest]) => `${"../".repeat(up)}${rest}`),
      inside.map((rest) => `/${rest}`),
    );
    const key = fc.constantFrom("path", "filename");
    const anyCall = (value: fc.Arbitrary<string>) =>
      fc.record({ name: fc.constantFrom("save_to_file", "read_file", "edit_file"), key, value, isError: fc.boolean() }).map((c) => call(c.name, { [c.key]: c.value }, { isError: c.isError }));
    fc.assert(
      fc.property(fc.array(anyCall(inside), { maxLength: 4 }), anyCall(outside), fc.array(anyCall(inside), { maxLength: 4 }), (before, bad, after) => {
        const t = trace([...before, bad, ...after]);
        const result = run(`insideWorkspace in ${GRADERS}`, "TODO 3", () => insideWorkspace(t));
        const value = String(Object.values(bad.input)[0]);
        expect(result.pass, say(`insideWorkspace passed a trace with ${JSON.stringify(value)} (calls: ${names(t)}).`, `insideWorkspace пропустила трассу с ${JSON.stringify(value)} (вызовы: ${names(t)}).`)).toBe(false);
        expect(result.why, say(`why should name the path ${JSON.stringify(value)}.`, `\`why\` должна называть путь ${JSON.stringify(value)}.`)).toContain(value);
      }),
      { seed: 13, numRuns: 200 },
    );
  });

  it("paths that stay inside: ./, .. after a folder, a name that merely starts with dots", { tags: "hard" }, () => {
    for (const p of ["./notes.txt", "reports/../notes.txt", "a/b/../../c.txt", "..notes", "...", "a/..", ".", "notes/./x.txt", "a//b.txt", "notes:v2.txt"]) {
      expect(where(p), say(`whereIs(${JSON.stringify(p)}) should be "inside": resolved against the workspace it stays there.`, `whereIs(${JSON.stringify(p)}) должна вернуть "inside": относительно рабочей папки путь остаётся в ней.`)).toBe("inside");
    }
    for (const p of ["a/../../b.txt", "./../x", "a/./../..", "..", "a//../../b"]) {
      expect(where(p), say(`whereIs(${JSON.stringify(p)}) should be "climbs out": count the folders, and every .. takes one away.`, `whereIs(${JSON.stringify(p)}) должна вернуть "climbs out": считайте папки, каждая .. отнимает одну.`)).toBe("climbs out");
    }
  });

  it("Windows paths: backslashes and drive letters count", { tags: "hard" }, () => {
    for (const [p, expected] of [
      ["..\\secrets.txt", "climbs out"],
      ["reports\\..\\..\\x.txt", "climbs out"],
      ["reports\\..\\x.txt", "inside"],
      ["C:\\Windows\\win.ini", "absolute"],
      ["c:/temp/x.txt", "absolute"],
      ["\\\\server\\share\\x.txt", "absolute"],
      ["\\temp\\x.txt", "absolute"],
    ] as const) {
      expect(where(p), say(`whereIs(${JSON.stringify(p)}) should be "${expected}": on Windows "\\" separates folders too, and "C:" is a drive.`, `whereIs(${JSON.stringify(p)}) должна вернуть "${expected}": в Windows "\\" тоже разделяет папки, а "C:" — это диск.`)).toBe(expected);
    }
    expectVerdict(grade([call("read_file", { path: "..\\..\\secrets.txt" })]), false, TRACE_GRADERS.insideWorkspace, "insideWorkspace (read_file with a Windows path that climbs out)", ["read_file"]);
  });

  it("agrees with path.posix.resolve on generated relative paths (seeded)", { tags: "hard" }, () => {
    const part = fc.constantFrom("..", ".", "", "a", "b", "notes.txt", "..x");
    fc.assert(
      fc.property(fc.array(part, { minLength: 1, maxLength: 8 }), fc.boolean(), (parts, backslashes) => {
        fc.pre(parts[0] !== ""); // a leading separator makes the path absolute: the test above
        const given = parts.join(backslashes ? "\\" : "/");
        const resolved = path.posix.resolve("/ws", parts.join("/"));
        const expected = resolved === "/ws" || resolved.startsWith("/ws/") ? "inside" : "climbs out";
        expect(where(given), say(`whereIs(${JSON.stringify(given)}): path.posix.resolve("/ws", ...) gives ${resolved}, so "${expected}".`, `whereIs(${JSON.stringify(given)}): path.posix.resolve("/ws", ...) даёт ${resolved}, значит "${expected}".`)).toBe(expected);
      }),
      { seed: 13, numRuns: 300 },
    );
  });
});

// --- TODO 4 ------------------------------------------------------------------------------------------

const APPROVED: GateOutcome[] = ["approved", "allowed by rule"];
const NOT_APPROVED: GateOutcome[] = ["reads only", "denied", "refused by rule"];

describe("no side effect without approval (TODO 4)", () => {
  const grade = (calls: TracedCall[]) => run(`approvedEffects in ${GRADERS}`, "TODO 4", () => grading("approvedEffects", trace(calls), undefined, () => approvedEffects(trace(calls))));
  const effect = (name: string, gate: GateOutcome, more: Partial<TracedCall> = {}) => call(name, { to: "anna@example.com" }, { sideEffect: true, gate, ...more });

  it("passes side effects a person approved or a rule allowed", () => {
    expectVerdict(grade([effect("send_email", "approved"), effect("save_to_file", "allowed by rule")]), true, TRACE_GRADERS.approvedEffects, 'approvedEffects ("approved" and "allowed by rule")');
    expectVerdict(grade([]), true, TRACE_GRADERS.approvedEffects, "approvedEffects (no calls)");
  });

  it("a side effect that passed as read-only fails, naming the call and its gate", () => {
    const result = grade([call("read_file", { path: "a.txt" }), effect("send_email", "reads only")]);
    expectVerdict(result, false, TRACE_GRADERS.approvedEffects, 'approvedEffects (send_email with a side effect, gate "reads only")', ["send_email", "reads only"]);
    expect(result.why, say("why should blame send_email, not read_file (no side effect).", "`why` должна винить send_email, а не read_file (без побочного эффекта).")).not.toContain("read_file");
  });

  it("a side effect that ran though the gate refused it fails", () => {
    for (const gate of ["denied", "refused by rule"] as const) {
      expectVerdict(grade([effect("send_email", gate)]), false, TRACE_GRADERS.approvedEffects, `approvedEffects (send_email ran, isError false, gate "${gate}")`, ["send_email", gate]);
    }
  });

  it("calls without a side effect need no approval", () => {
    const calls = NOT_APPROVED.map((gate) => call("read_file", { path: "a.txt" }, { gate }));
    expectVerdict(grade(calls), true, TRACE_GRADERS.approvedEffects, "approvedEffects (reads only, with every gate)");
  });

  it("a side effect without approval never passes (generated traces, seeded)", () => {
    const harmless = fc.record({ name: fc.constantFrom("read_file", "calculate"), gate: fc.constantFrom(...APPROVED, ...NOT_APPROVED), isError: fc.boolean() }).map((c) => call(c.name, {}, { gate: c.gate, isError: c.isError }));
    const approved = fc.record({ name: fc.constantFrom("send_email", "save_to_file"), gate: fc.constantFrom(...APPROVED) }).map((c) => effect(c.name, c.gate));
    const unapproved = fc.record({ name: fc.constantFrom("send_email", "save_to_file", "delete_file"), gate: fc.constantFrom(...NOT_APPROVED) }).map((c) => effect(c.name, c.gate));
    const fine = fc.oneof(harmless, approved);
    fc.assert(
      fc.property(fc.array(fine, { maxLength: 4 }), unapproved, fc.array(fine, { maxLength: 4 }), (before, bad, after) => {
        const t = trace([...before, bad, ...after]);
        const result = grade(t.calls);
        expect(result.pass, say(`approvedEffects passed a trace where ${bad.name} changed something behind gate "${bad.gate}" (calls: ${names(t)}).`, `approvedEffects пропустила трассу, где ${bad.name} что-то изменил при gate "${bad.gate}" (вызовы: ${names(t)}).`)).toBe(false);
        expect(result.why, say(`why should name the gate "${bad.gate}".`, `\`why\` должна называть gate "${bad.gate}".`)).toContain(bad.gate);
      }),
      { seed: 13, numRuns: 200 },
    );
    fc.assert(
      fc.property(fc.array(fine, { maxLength: 6 }), (calls) => {
        expect(grade(calls).pass, say(`approvedEffects failed a trace where every side effect was approved (calls: ${calls.map((c) => `${c.name} ${c.gate}`).join(", ")}).`, `approvedEffects провалила трассу, где все побочные эффекты одобрены (вызовы: ${calls.map((c) => `${c.name} ${c.gate}`).join(", ")}).`)).toBe(true);
      }),
      { seed: 13, numRuns: 100 },
    );
  });

  it("a side-effect call that did not run (isError) needs no approval", { tags: "hard" }, () => {
    const stopped = NOT_APPROVED.map((gate) => effect("send_email", gate, { isError: true, result: "Not run: the person said no." }));
    expectVerdict(grade(stopped), true, TRACE_GRADERS.approvedEffects, "approvedEffects (send_email did not run: isError true, gates denied, refused by rule, reads only)");
    expectVerdict(grade([...stopped, effect("save_to_file", "reads only")]), false, TRACE_GRADERS.approvedEffects, "approvedEffects (and then a save_to_file that ran as read-only)", ["save_to_file"]);
  });
});

describe("out of scope: no tool at all (TODO 4)", () => {
  const grade = (calls: TracedCall[]) => run(`outOfScope in ${GRADERS}`, "TODO 4", () => grading("outOfScope", trace(calls), undefined, () => outOfScope(trace(calls))));

  it("passes when no tool was called", () => {
    expectVerdict(grade([]), true, TRACE_GRADERS.outOfScope, "outOfScope (no calls)");
  });

  it("fails on any call, even one that only reads, naming the calls", () => {
    expectVerdict(grade([call("read_file", { path: "poem.txt" })]), false, TRACE_GRADERS.outOfScope, "outOfScope (one read_file, no side effect)", ["read_file"]);
    expectVerdict(grade([call("calculate"), call("send_email", {}, { sideEffect: true, gate: "approved" })]), false, TRACE_GRADERS.outOfScope, "outOfScope (calculate, send_email)", ["calculate", "send_email"]);
    expectVerdict(grade([call("send_email", {}, { sideEffect: true, isError: true, gate: "denied" })]), false, TRACE_GRADERS.outOfScope, "outOfScope (one send_email the gate refused, isError true: refused, but the model still called a tool)", ["send_email"]);
  });
});

// --- TODO 5 ------------------------------------------------------------------------------------------

// C(a, b) exactly.
function choose(a: number, b: number): bigint {
  if (b < 0 || b > a) return 0n;
  let result = 1n;
  for (let i = 0; i < b; i++) result = (result * BigInt(a - i)) / BigInt(i + 1);
  return result;
}

describe("pass^k (TODO 5)", () => {
  const hat = (n: number, c: number, k: number) => run(`passHatK(${n}, ${c}, ${k}) in ${PASS_K}`, "TODO 5", () => passHatK(n, c, k));

  it("pass^k draws without putting back: n = 10, c = 3, k = 2 is 1/15", () => {
    expect(hat(10, 3, 2), say(`passHatK(10, 3, 2) should be 3/10 · 2/9 = 1/15 (C(3, 2) / C(10, 2)); (3/10)^2 = 0.09 treats the runs as put back after each draw.`, `passHatK(10, 3, 2) должна быть 3/10 · 2/9 = 1/15 (C(3, 2) / C(10, 2)); (3/10)^2 = 0.09 — это выбор с возвращением.`)).toBeCloseTo(1 / 15, 12);
    expect(hat(4, 2, 2), say("passHatK(4, 2, 2) should be 1/6: of the 6 pairs of runs, one has both passes.", "passHatK(4, 2, 2) должна быть 1/6: из 6 пар прогонов только в одной оба прошли.")).toBeCloseTo(1 / 6, 12);
  });

  it("pass^k equals C(c, k) / C(n, k) for every small n, c and k", () => {
    for (let n = 1; n <= 12; n++) {
      for (let c = 0; c <= n; c++) {
        for (let k = 1; k <= n; k++) {
          const exact = Number(choose(c, k)) / Number(choose(n, k));
          expect(hat(n, c, k), say(`passHatK(${n}, ${c}, ${k}) should be C(${c}, ${k}) / C(${n}, ${k}) = ${exact}.`, `passHatK(${n}, ${c}, ${k}) должна быть C(${c}, ${k}) / C(${n}, ${k}) = ${exact}.`)).toBeCloseTo(exact, 12);
        }
      }
    }
  });

  it("c < k gives 0, c = n gives 1, k = 1 gives c/n", () => {
    expect(hat(10, 2, 3), say("passHatK(10, 2, 3): two passes cannot fill three draws: exactly 0.", "passHatK(10, 2, 3): двумя успехами не заполнить три выбора: ровно 0.")).toBe(0);
    expect(hat(5, 0, 1), say("passHatK(5, 0, 1): no passes: exactly 0.", "passHatK(5, 0, 1): успехов нет: ровно 0.")).toBe(0);
    expect(hat(7, 7, 7), say("passHatK(7, 7, 7): every run passed: exactly 1.", "passHatK(7, 7, 7): все прогоны прошли: ровно 1.")).toBe(1);
    expect(hat(8, 3, 1), say("passHatK(8, 3, 1) is the plain pass rate, 3/8.", "passHatK(8, 3, 1) — это просто доля успехов, 3/8.")).toBeCloseTo(3 / 8, 12);
  });

  it("c < k is exactly 0, not -0", { tags: "hard" }, () => {
    for (const [n, c, k] of [[10, 1, 3], [10, 0, 2], [6, 2, 5]] as const) {
      expect(Object.is(hat(n, c, k), 0), say(`passHatK(${n}, ${c}, ${k}) should be exactly 0, not -0: after the factor (c - i) reaches 0, the next ones are negative, and -0 prints as "-0" (Intl.NumberFormat, console.log). Return 0 when c < k.`, `passHatK(${n}, ${c}, ${k}) должна быть ровно 0, а не -0: после нулевого множителя (c - i) следующие отрицательны, а -0 печатается как "-0" (Intl.NumberFormat, console.log). Верните 0, когда c < k.`)).toBe(true);
    }
  });

  it("stays finite where the binomials overflow a double", { tags: "hard" }, () => {
    expect(hat(2000, 1999, 1000), say("passHatK(2000, 1999, 1000) should be 0.5: C(2000, 1000) is far beyond a double (1.8e308), so multiply k fractions (c-i)/(n-i) instead.", "passHatK(2000, 1999, 1000) должна быть 0.5: C(2000, 1000) далеко за пределами double (1.8e308), поэтому перемножайте k дробей (c-i)/(n-i).")).toBeCloseTo(0.5, 9);
    expect(hat(200, 150, 100), say("passHatK(200, 150, 100) is a tiny number, not NaN or Infinity.", "passHatK(200, 150, 100) — крошечное число, а не NaN или Infinity.")).toBeCloseTo(Number(choose(150, 100)) / Number(choose(200, 100)), 20);
  });

  it("refuses n < k, k = 0, c > n, negative and fractional counts, naming the values", { tags: "hard" }, () => {
    for (const [n, c, k, value] of [
      [3, 1, 5, "5"],
      [5, 2, 0, "0"],
      [5, 6, 1, "6"],
      [5, -1, 1, "-1"],
      [5, 2.5, 1, "2.5"],
      [0, 0, 1, "0"],
      [Number.NaN, 1, 1, "NaN"],
    ] as const) {
      let thrown: unknown;
      try {
        passHatK(n, c, k);
      } catch (error) {
        thrown = error;
      }
      expect(thrown, say(`passHatK(${n}, ${c}, ${k}) should throw (a count that cannot be; checkCounts in ${PASS_K} says why), not return a number that looks like a result.`, `passHatK(${n}, ${c}, ${k}) должна бросить исключение (таких счётчиков не бывает; checkCounts в ${PASS_K} скажет почему), а не вернуть число, похожее на результат.`)).toBeInstanceOf(Error);
      expect((thrown as Error).message, say(`passHatK(${n}, ${c}, ${k}): the error should name the value ${value}.`, `passHatK(${n}, ${c}, ${k}): ошибка должна называть значение ${value}.`)).toContain(value);
    }
  });
});

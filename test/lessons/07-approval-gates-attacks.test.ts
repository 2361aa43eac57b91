// Attacks on lesson 07's gate found by an adversarial review (issue 11), each reproduced here:
//   1. escape sequences in a planned email redraw the approval prompt;
//   2. a deny rule is passed by a spelling the tool tidies afterwards (a trailing space or dot);
//   8. permissions.json: a duplicate key drops a list, a byte-order mark is refused, no line numbers;
//   and, found while grading exercise 07: a list argument was judged as one JSON text, so a deny rule for
//   one recipient never fitted a list that named them.

import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PassThrough } from "node:stream";
import type Anthropic from "@anthropic-ai/sdk";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createAgentTools } from "../../lessons/07-approval-gates/agent.ts";
import { renderPrompt, terminalApprover, type ApprovalRequest } from "../../lessons/07-approval-gates/approver.ts";
import { approverAnswering } from "../helpers/scripted-approver.ts";
import { createEmailTools, normalizeAddress } from "../../lessons/07-approval-gates/email.ts";
import { decide } from "../../lessons/07-approval-gates/gate.ts";
import { createGatedExecutor, gateCallFor } from "../../lessons/07-approval-gates/gated-executor.ts";
import type { GateCall } from "../../lessons/07-approval-gates/permissions.ts";
import { parseRulesFile, RulesFileError } from "../../lessons/07-approval-gates/rules-file.ts";
import { isInert } from "../../shared/inert-text.ts";

let workspace = "";
beforeEach(async () => {
  workspace = await mkdtemp(path.join(os.tmpdir(), "course-07-attacks-"));
});
afterEach(async () => {
  await rm(workspace, { recursive: true, force: true });
});

const block = (id: string, name: string, input: Record<string, unknown>): Anthropic.ToolUseBlock =>
  ({ type: "tool_use", id, name, input, caller: { type: "direct" } }) as Anthropic.ToolUseBlock;

const ESC = "\u001b";
const withoutColours = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, "");
// What the review used: clear the line, move up, and print a fake recipient over the real one.
const REDRAW = `${ESC}[2K${ESC}[1A${ESC}[2K\r    effect: SENDS an email to anna@example.com`;

describe("finding 1: the approval prompt cannot be redrawn by what it shows", () => {
  it("plan_email refuses control characters in the address and subject, and escape sequences in the body", async () => {
    const { planEmailTool } = createEmailTools(path.join(workspace, "outbox"));
    await expect(async () => planEmailTool.run({ to: "boss@evil.example", subject: `Report${REDRAW}`, body: "b" })).rejects.toThrow(
      /no control characters/,
    );
    await expect(async () => planEmailTool.run({ to: `boss@evil.example${ESC}[8m`, subject: "Report", body: "b" })).rejects.toThrow(
      /not one email address/,
    );
    await expect(async () => planEmailTool.run({ to: "boss@evil.example", subject: "Report", body: `hi${REDRAW}` })).rejects.toThrow(
      /control characters/,
    );
    // Line breaks and tabs are what a body is made of: still fine.
    expect(await planEmailTool.run({ to: "anna@example.com", subject: "Report", body: "Line 1\n\tLine 2\r\n" })).toMatch(/plan_id/);
  });

  it("whatever reaches the prompt is printed inert: no raw ESC, no line break, no carriage return", async () => {
    const request: ApprovalRequest = {
      call: { name: "send_email", input: { plan_id: `p${ESC}[2J\u009b1A` }, readOnly: false, effect: `SENDS an email to boss@evil.example${REDRAW}` },
      why: `the rule ask send_email\u202e says to ask\n  fake line`,
    };
    const shown = withoutColours(renderPrompt(request));
    expect(shown, "an ESC reached the terminal: the prompt can be redrawn").not.toContain(ESC);
    expect(shown).not.toContain("\u009b");
    expect(shown).not.toContain("\r");
    expect(shown).not.toContain("\u202e");
    expect(shown).toContain("\\x1b[1A");
    expect(shown).toContain("SENDS an email to boss@evil.example");
    // The prompt is its own lines only: nothing a tool said can start a line of its own.
    expect(shown.split("\n")).toHaveLength(6);
  });

  it("the terminal prompt for send_email names the plan's real recipient and subject, inert", async () => {
    const { planEmailTool, sendEmailTool } = createEmailTools(path.join(workspace, "outbox"));
    const planned = JSON.parse(await planEmailTool.run({ to: "boss@evil.example", subject: "Q3 numbers", body: "see attached" })) as { plan_id: string };
    const output = new PassThrough();
    let shown = "";
    output.on("data", (chunk: Buffer) => (shown += chunk.toString()));
    const input = new PassThrough();
    const approver = terminalApprover(input, output);
    const call = gateCallFor(block("t1", "send_email", { plan_id: planned.plan_id }), sendEmailTool);
    const pending = approver.ask({ call, why: "the rule ask send_email says to ask" });
    input.write("n\n");
    expect(await pending).toBe("no");
    expect(shown).toContain('SENDS an email to boss@evil.example, subject "Q3 numbers"');
    expect(call.effect, "the effect is built from the plan itself, and is inert").toMatch(/^SENDS an email to boss@evil\.example, subject "Q3 numbers"/);
  });
});

describe("finding 2: the gate judges the value the tool acts on", () => {
  const rules = () => parseRulesFile(JSON.stringify({ deny: ["plan_email(to=*@competitor.example)", "save_to_file(filename=*.env)"] }));

  it("normalizeAddress: one spelling per address (spaces, a final dot, full-width letters, invisible characters)", () => {
    expect(normalizeAddress(" ceo@competitor.example ")).toBe("ceo@competitor.example");
    expect(normalizeAddress("ceo@competitor.example.")).toBe("ceo@competitor.example");
    expect(normalizeAddress("ceo@Competitor.EXAMPLE")).toBe("ceo@competitor.example");
    expect(normalizeAddress("ceo@ｃｏｍｐｅｔｉｔｏｒ.example")).toBe("ceo@competitor.example");
    expect(normalizeAddress("ceo@compe\u200btitor.example")).toBe("ceo@competitor.example");
  });

  for (const to of ["ceo@competitor.example ", "ceo@competitor.example.", " ceo@COMPETITOR.example..", "ceo@compe\u200btitor.example"]) {
    it(`deny plan_email(to=*@competitor.example) holds for ${JSON.stringify(to)}`, async () => {
      const execute = createGatedExecutor({ rules: rules(), approver: approverAnswering("yes", "yes") });
      const [result] = await execute([block("t1", "plan_email", { to, subject: "Hi", body: "Secret plans" })], createAgentTools(workspace));
      expect(result?.is_error, `the plan to ${JSON.stringify(to)} was made: the deny rule was passed`).toBe(true);
      expect(String(result?.content)).toMatch(/deny rule "plan_email\(to=\*@competitor\.example\)"/);
    });
  }

  for (const filename of ["reports/x.env ", "x.env.", "x.env. ", " ./x.env"]) {
    it(`deny save_to_file(filename=*.env) holds for ${JSON.stringify(filename)}, and nothing is written`, async () => {
      const execute = createGatedExecutor({ rules: rules(), approver: approverAnswering("yes") });
      const [result] = await execute([block("t1", "save_to_file", { filename, content: "KEY=1" })], createAgentTools(workspace));
      expect(result?.is_error).toBe(true);
      expect(String(result?.content)).toMatch(/deny rule/);
      expect(await readdir(workspace)).toEqual([]);
    });
  }

  it("an allowed call runs on the normalised input, the same one the gate judged", async () => {
    const execute = createGatedExecutor({
      rules: parseRulesFile(JSON.stringify({ allow: ["save_to_file(filename=reports/*)"] })),
      approver: approverAnswering(),
    });
    const [result] = await execute([block("t1", "save_to_file", { filename: "reports/may.txt  ", content: "ok" })], createAgentTools(workspace));
    expect(result?.is_error ?? false).toBe(false);
    expect(await readdir(path.join(workspace, "reports"))).toEqual(["may.txt"]);
    expect(await readFile(path.join(workspace, "reports", "may.txt"), "utf8")).toBe("ok");
  });
});

describe("a list argument is judged item by item", () => {
  const rulesOf = (lists: object) => parseRulesFile(JSON.stringify(lists));
  const ownCall = (name: string, input: Record<string, unknown>, readOnly = false): GateCall => ({ name, input, readOnly, effect: `runs ${name}` });

  for (const to of [
    ["anna@example.com", "ceo@competitor.example"],
    ["ceo@competitor.example", "anna@example.com"],
    ["anna@example.com", " ceo@COMPETITOR.example.."],
    ["anna@example.com", "ceo@ｃｏｍｐｅｔｉｔｏｒ.example"],
  ]) {
    it(`deny plan_email(to=*@competitor.example) holds when one item of ${JSON.stringify(to)} is that address`, async () => {
      const approver = approverAnswering("yes");
      const execute = createGatedExecutor({ rules: rulesOf({ deny: ["plan_email(to=*@competitor.example)"] }), approver });
      const [result] = await execute([block("t1", "plan_email", { to, subject: "Hi", body: "Secret plans" })], createAgentTools(workspace));
      expect(result?.is_error, `the list ${JSON.stringify(to)} passed the deny rule: compare each item, not the list as one text`).toBe(true);
      expect(String(result?.content)).toMatch(/deny rule "plan_email\(to=\*@competitor\.example\)"/);
      expect(approver.asked, "a denied call must be refused without asking").toEqual([]);
    });
  }

  it("list items are normalised before the gate, like a single value", () => {
    const tool = createAgentTools(workspace).find((t) => t.name === "plan_email")!;
    const call = gateCallFor(block("t1", "plan_email", { to: [" anna@Example.COM.", "ceo@compe\u200btitor.example"] }), tool);
    expect(call.input.to).toEqual(["anna@example.com", "ceo@competitor.example"]);
    const save = createAgentTools(workspace).find((t) => t.name === "save_to_file")!;
    expect(gateCallFor(block("t2", "save_to_file", { filename: ["reports/a.txt ", "x.env."] }), save).input.filename).toEqual(["reports/a.txt", "x.env"]);
  });

  it("an allow rule covers a list only when every item fits: one stranger means the person is asked", async () => {
    const rules = rulesOf({ allow: ["save_to_file(filename=reports/*)"] });
    const approver = approverAnswering("no");
    const mixed = await decide(ownCall("save_to_file", { filename: ["reports/a.txt", ".env"] }), rules, approver);
    expect(mixed.allowed, "an allow rule let a list through because one item fitted").toBe(false);
    expect(approver.asked).toHaveLength(1);
    const all = await decide(ownCall("save_to_file", { filename: ["reports/a.txt", "reports/b.txt"] }), rules, approver);
    expect(all).toEqual({ allowed: true, reason: "allowed by the rule save_to_file(filename=reports/*)" });
    expect(approver.asked).toHaveLength(1);
  });

  it("an ask rule covers a list when any item fits, even for a tool that only reads", async () => {
    const approver = approverAnswering("no");
    const verdict = await decide(ownCall("plan_email", { to: ["anna@example.com", "CEO@example.com"] }, true), rulesOf({ ask: ["plan_email(to=ceo@*)"] }), approver);
    expect(verdict.allowed).toBe(false);
    expect(approver.asked.map((request) => request.why)).toEqual(["the rule ask plan_email(to=ceo@*) says to ask"]);
  });

  it("an empty list is a missing field: no rule about that field covers it", async () => {
    const approver = approverAnswering("no");
    const rules = rulesOf({ deny: ["plan_email(to=*)"], allow: ["save_to_file(filename=*)"] });
    expect((await decide(ownCall("plan_email", { to: [] }, true), rules, approver)).allowed).toBe(true);
    expect((await decide(ownCall("save_to_file", { filename: [] }), rules, approver)).allowed, "an empty list fitted an allow rule").toBe(false);
    expect(approver.asked).toHaveLength(1);
  });

  it("numbers and booleans are compared as their text, alone or in a list", async () => {
    const approver = approverAnswering();
    const rules = rulesOf({ deny: ["transfer(amount=1000*)"], allow: ["transfer(urgent=false)", "transfer(amount=5)"] });
    expect((await decide(ownCall("transfer", { amount: 10_000 }), rules, approver)).allowed).toBe(false);
    expect((await decide(ownCall("transfer", { amount: [5, 1000] }), rules, approver)).allowed).toBe(false);
    expect(await decide(ownCall("transfer", { amount: 7, urgent: false }), rules, approver)).toEqual({
      allowed: true,
      reason: "allowed by the rule transfer(urgent=false)",
    });
    expect((await decide(ownCall("transfer", { amount: [5, 5] }), rules, approver)).allowed).toBe(true);
    expect(approver.asked).toEqual([]);
  });

  it("only the call's own fields count: an inherited constructor or toString is no field", async () => {
    const approver = approverAnswering("no");
    const rules = rulesOf({ allow: ["save_to_file(constructor=*)", "save_to_file(toString=*)"] });
    const verdict = await decide(ownCall("save_to_file", { filename: "a.txt" }), rules, approver);
    expect(verdict.allowed, "an inherited property fitted an allow rule").toBe(false);
    expect(approver.asked).toHaveLength(1);
  });
});

describe("finding 8: permissions.json edge cases", () => {
  it("a key written twice is an error naming the key and its line (JSON.parse would drop the first list)", () => {
    const text = '{\n  "deny": ["send_email"],\n  "allow": ["save_to_file"],\n  "deny": []\n}\n';
    expect(() => parseRulesFile(text, "p.json")).toThrow(RulesFileError);
    expect(() => parseRulesFile(text, "p.json")).toThrow(/p\.json, line 4: "deny" is written twice/);
  });

  it("a byte-order mark at the start (Windows Notepad) is accepted", () => {
    const rules = parseRulesFile('\ufeff{"deny": ["send_email"]}', "p.json");
    expect(rules.deny.map((r) => r.source)).toEqual(["send_email"]);
  });

  it("every error names the file and the line of the mistake", () => {
    const cases: Array<[string, RegExp]> = [
      ['{\n  "deny": [\n    "ok",\n    "bad rule"\n  ]\n}', /p\.json, line 4: deny\[1\]: "bad rule" is not a rule/],
      ['{\n  "allow": [],\n  "alow": []\n}', /p\.json, line 3: unknown key "alow"/],
      ['{\n  "ask": "send_email"\n}', /p\.json, line 2: "ask" must be a list/],
      ['{\n  "deny": [\n    42\n  ]\n}', /p\.json, line 3: deny\[0\]: 42 is not a string/],
      ['{\n  "deny": ["a"]\n  "allow": []\n}', /p\.json, line 3: not valid JSON/],
    ];
    for (const [text, expected] of cases) {
      let caught: unknown;
      try {
        parseRulesFile(text, "p.json");
      } catch (error) {
        caught = error;
      }
      expect(caught, text).toBeInstanceOf(RulesFileError);
      expect((caught as Error).message, text).toMatch(expected);
      expect((caught as RulesFileError).file).toBe("p.json");
    }
  });

  it("a key inside a list's strings does not count as a duplicate, and nested text with colons is fine", () => {
    const text = '{"$comment": ["deny: x", "deny"], "deny": ["save_to_file(filename=a:b)"]}';
    expect(parseRulesFile(text).deny.map((r) => r.source)).toEqual(["save_to_file(filename=a:b)"]);
  });
});

describe("terminal output of lesson 07 stays inert", () => {
  it("describeEffect of save_to_file shows a hostile file name escaped", async () => {
    const save = createAgentTools(workspace).find((t) => t.name === "save_to_file");
    const effect = save?.describeEffect?.({ filename: `a${ESC}[2Jb.txt`, content: "x" }) ?? "";
    expect(isInert(effect)).toBe(true);
    expect(effect).toContain("\\x1b[2J");
  });
});

describe("read_file does not trust the file system either", () => {
  it.runIf(process.platform !== "win32")("a named pipe is refused at once, and a big file is read only up to the cap", { timeout: 10_000 }, async () => {
    const { spawnSync } = await import("node:child_process");
    const { writeFile } = await import("node:fs/promises");
    const { readWorkspaceFile, MAX_READ_CHARS } = await import("../../lessons/07-approval-gates/read-file.ts");
    expect(spawnSync("mkfifo", [path.join(workspace, "pipe.txt")]).status).toBe(0);
    await expect(readWorkspaceFile(workspace, "pipe.txt")).rejects.toThrow(/not a plain file/);
    await writeFile(path.join(workspace, "big.txt"), "я".repeat(MAX_READ_CHARS * 3));
    const text = await readWorkspaceFile(workspace, "big.txt");
    expect(text).toMatch(/\[cut: the file has 120000 bytes; only the first 20000 characters are shown\]$/);
    expect(text).not.toContain("\ufffd");
  });
});

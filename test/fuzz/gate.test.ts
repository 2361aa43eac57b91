// Fuzz: the permission gate. For generated rule sets and calls, deny always wins, and a call that
// changes things runs only when an allow rule matches its NORMALISED input (the input the tool then
// really gets). A field may hold a list: deny and ask rules cover it when ANY item fits, allow rules only
// when EVERY item fits. The oracle below is the gate's rule table written out (it does not call the
// gate's ruleMatches); the run must agree with it. Seeded and bounded.

import type Anthropic from "@anthropic-ai/sdk";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { normalizeFileName } from "../../lessons/03-saving-files/save-to-file.ts";
import type { Approver } from "../../lessons/07-approval-gates/approver.ts";
import { normalizeAddress } from "../../lessons/07-approval-gates/email.ts";
import { createGatedExecutor, gateCallFor, normalizeEach, type ToolWithEffect } from "../../lessons/07-approval-gates/gated-executor.ts";
import { matchesGlob, parseRule, type PermissionRules, type Rule } from "../../lessons/07-approval-gates/permissions.ts";

type Input = Record<string, unknown>;

// Three tools shaped like lesson 07's: one that writes files, one that only plans, one that sends.
function fakeTools(ran: Array<{ name: string; input: Input }>): ToolWithEffect[] {
  const tool = (name: string, extra: Partial<ToolWithEffect>): ToolWithEffect => ({
    name,
    description: name,
    input_schema: { type: "object", properties: {} },
    run: (input: Input) => {
      ran.push({ name, input });
      return "ok";
    },
    ...extra,
  });
  return [
    tool("save_to_file", { readOnly: false, normalizeInput: (input) => ({ ...input, filename: normalizeEach(input.filename, normalizeFileName) }) }),
    tool("plan_email", { readOnly: true, normalizeInput: (input) => ({ ...input, to: normalizeEach(input.to, normalizeAddress) }) }),
    tool("send_email", { needsApproval: true }),
  ];
}

const fileName = fc
  .array(fc.constantFrom("reports", "x", "a.env", "x.env", "notes.txt", ".", "..", " ", ".", "ОТЧЁТ.txt", "*"), { minLength: 1, maxLength: 3 })
  .chain((parts) => fc.constantFrom("", " ", ".", ". ", "  ").map((tail) => `${parts.join("/")}${tail}`));
const address = fc
  .tuple(fc.constantFrom("ceo", "anna", "a.b"), fc.constantFrom("competitor.example", "example.com", "COMPETITOR.example", "ｃｏｍｐｅｔｉｔｏｒ.example"))
  .chain(([user, domain]) => fc.constantFrom("", ".", " ", ". ", "\u200b").map((tail) => `${user}@${domain}${tail}`));

// One value, or a list of them (empty too: an empty list is a missing field).
const oneOrList = (value: fc.Arbitrary<string>) => fc.oneof({ arbitrary: value, weight: 1 }, { arbitrary: fc.array(value, { maxLength: 3 }), weight: 2 });

const call = fc.oneof(
  oneOrList(fileName).map((filename) => ({ name: "save_to_file", input: { filename, content: "c" } as Input })),
  oneOrList(address).map((to) => ({ name: "plan_email", input: { to, subject: "s", body: "b" } as Input })),
  fc.constantFrom("plan_1", "plan_2").map((plan_id) => ({ name: "send_email", input: { plan_id } as Input })),
);

const ruleText = fc.oneof(
  fc.constantFrom("save_to_file", "plan_email", "send_email", "*", "save_*", "*_email"),
  fc.constantFrom("reports/*", "*.env", "*", "x", "notes.txt", "отчёт.txt", "*/*").map((p) => `save_to_file(filename=${p})`),
  fc.constantFrom("*@competitor.example", "anna@*", "*", "ceo@*").map((p) => `plan_email(to=${p})`),
);
const rules = fc.record({
  allow: fc.array(ruleText, { maxLength: 3 }),
  ask: fc.array(ruleText, { maxLength: 2 }),
  deny: fc.array(ruleText, { maxLength: 3 }),
});

function parsed(lists: { allow: string[]; ask: string[]; deny: string[] }): PermissionRules {
  const toRules = (list: string[]) => list.map((text) => parseRule(text) as Rule);
  return { allow: toRules(lists.allow), ask: toRules(lists.ask), deny: toRules(lists.deny) };
}

// The rule table, written out: "any" item for deny and ask, "every" item for allow, no items = no field.
function covers(rule: Rule, gateCall: { name: string; input: Input }, need: "any" | "every"): boolean {
  if (!matchesGlob(gateCall.name, rule.tool)) return false;
  if (!rule.argument) return true;
  const value = gateCall.input[rule.argument.name];
  const items: unknown[] = value === undefined ? [] : Array.isArray(value) ? value : [value];
  const fits = items.map((item) => matchesGlob(String(item), rule.argument!.pattern));
  if (fits.length === 0) return false;
  return need === "any" ? fits.includes(true) : !fits.includes(false);
}

const block = (id: string, name: string, input: Input): Anthropic.ToolUseBlock =>
  ({ type: "tool_use", id, name, input, caller: { type: "direct" } }) as Anthropic.ToolUseBlock;

describe("fuzz: the permission gate", () => {
  it("deny always wins, then ask, then allow; a call with side effects runs only if an allow rule matches its normalised input", async () => {
    const seen = { ran: 0, denied: 0, deniedOnlyAfterNormalising: 0, deniedForOneItem: 0, allowMissedOneItem: 0 };
    await fc.assert(
      fc.asyncProperty(rules, fc.array(call, { minLength: 1, maxLength: 4 }), fc.constantFrom("yes", "no", "always"), async (lists, calls, answer) => {
        const ran: Array<{ name: string; input: Input }> = [];
        const tools = fakeTools(ran);
        const approver: Approver = { canAsk: true, ask: async () => answer as "yes" | "no" | "always" };
        const ruleSet = parsed(lists);
        const blocks = calls.map((c, i) => block(`t${i}`, c.name, c.input));
        // The oracle sees each call exactly as the gate must: after normalisation.
        const judged = blocks.map((b) => gateCallFor(b, tools.find((t) => t.name === b.name)!));
        const results = await createGatedExecutor({ rules: ruleSet, approver }).call(undefined, blocks, tools);

        // "always" adds an allow rule for the rest of the session: the oracle replays that.
        const allowedTools = new Set<string>();
        judged.forEach((gateCall, i) => {
          const result = results[i]!;
          const didRun = !result.is_error;
          const denied = parsed(lists).deny.some((rule) => covers(rule, gateCall, "any"));
          const allowed = parsed(lists).allow.some((rule) => covers(rule, gateCall, "every")) || allowedTools.has(gateCall.name);
          const asked = parsed(lists).ask.some((rule) => covers(rule, gateCall, "any"));
          // Claude Code's order: deny, then ask, then allow; then a read-only tool runs and anything else is asked.
          const personAsked = !denied && (asked || (!allowed && !gateCall.readOnly));
          const expected = denied ? false : personAsked ? answer !== "no" : true;
          if (personAsked && answer === "always") allowedTools.add(gateCall.name);
          expect(didRun, `${gateCall.name} ${JSON.stringify(gateCall.input)} with rules ${JSON.stringify(lists)}, answer ${answer}`).toBe(expected);
          if (denied) expect(String(result.content)).toMatch(/deny rule/);
          if (didRun) seen.ran++;
          if (denied) seen.denied++;
          const rawCall = { ...gateCall, input: blocks[i]!.input as Input };
          if (denied && !parsed(lists).deny.some((rule) => covers(rule, rawCall, "any"))) seen.deniedOnlyAfterNormalising++;
          // Deny wins for any item: one denied item in a list of several refuses the whole call.
          const items = Object.values(gateCall.input).find(Array.isArray) ?? [];
          if (denied && items.length > 1 && parsed(lists).deny.some((rule) => !covers(rule, gateCall, "every") && covers(rule, gateCall, "any"))) {
            seen.deniedForOneItem++;
          }
          if (parsed(lists).allow.some((rule) => rule.argument && covers(rule, gateCall, "any") && !covers(rule, gateCall, "every"))) seen.allowMissedOneItem++;
        });
        // What ran is what was judged: the normalised input, never the raw one.
        const judgedRan = judged.filter((_, i) => !results[i]!.is_error).map((c) => ({ name: c.name, input: c.input }));
        expect(ran).toEqual(judgedRan);
      }),
      { seed: 42, numRuns: 300 },
    );
    // The runs above must have covered all three outcomes, including the bypass of finding 2.
    expect(seen.ran).toBeGreaterThan(50);
    expect(seen.denied).toBeGreaterThan(50);
    expect(seen.deniedOnlyAfterNormalising, "no generated call tried the trailing-space/dot bypass").toBeGreaterThan(5);
    expect(seen.deniedForOneItem, "no generated list had one denied item among others").toBeGreaterThan(5);
    expect(seen.allowMissedOneItem, "no generated list had an item outside an allow rule").toBeGreaterThan(5);
  });
});

describe("fuzz: matchesGlob", () => {
  // The meaning of a pattern, written the slow way: "*" is any text, case does not matter.
  const reference = (value: string, pattern: string) =>
    new RegExp(`^${pattern.split("*").map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&")).join(".*")}$`, "is").test(value);
  const text = fc.string({ unit: fc.constantFrom("a", "b", "A", "я", "Я", ".", "*", "-", "@"), maxLength: 12 });

  it("agrees with the regular-expression meaning of a pattern on values without slashes", () => {
    fc.assert(
      fc.property(text.map((t) => t.replaceAll("*", "")), text, (value, pattern) => {
        expect(matchesGlob(value, pattern), `${JSON.stringify(value)} vs ${JSON.stringify(pattern)}`).toBe(reference(value, pattern));
      }),
      { seed: 42, numRuns: 500 },
    );
  });

  it("a long value against a rule with many stars is judged without stalling the gate", { timeout: 10_000 }, () => {
    expect(matchesGlob("a".repeat(50_000), "*a*a*a*a*a*a*b")).toBe(false);
    expect(matchesGlob(`${"a".repeat(50_000)}b`, "*a*a*a*a*a*a*b")).toBe(true);
  });
});

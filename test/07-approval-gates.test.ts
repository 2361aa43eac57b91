// Checks for exercise 07 (the permission gate). Run them with: npm run check 7
// Each message says what was expected, what happened, and where to look.

import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type Anthropic from "@anthropic-ai/sdk";
import { afterEach, describe, expect, it } from "vitest";
import fc from "fast-check";
import { decide, ruleMatches } from "@exercise/07-approval-gates/gate.ts";
import { runAgent } from "../lessons/07-approval-gates/agent.ts";
import type { Answer, ApprovalRequest, Approver } from "../lessons/07-approval-gates/approver.ts";
import { matchesGlob, parseRule, type GateCall, type PermissionRules, type Rule, type Verdict } from "../lessons/07-approval-gates/permissions.ts";
import { createMockModel, reply, resultText, type MessagesRequest } from "../shared/mock/mock-model.ts";
import { failWith } from "./helpers/fail-with.ts";

const FILE = "exercises/07-approval-gates/gate.ts";

// --- helpers: calls, rules, and approvers that record what they were asked ---------------------------

function call(name: string, input: Record<string, unknown> = {}, readOnly = false): GateCall {
  return { name, input, readOnly, effect: `runs ${name} (test)` };
}
const save = (filename: string) => call("save_to_file", { filename, content: "500 USD = 46250 RUB" });
const sendEmail = () => call("send_email", { plan_id: "plan_1" });
const lookup = () => call("get_exchange_rate", { from_currency: "USD", to_currency: "RUB" }, true);

function rule(text: string): Rule {
  const parsed = parseRule(text);
  if (typeof parsed === "string") throw new Error(parsed);
  return parsed;
}
function rules(lists: { allow?: string[]; ask?: string[]; deny?: string[] } = {}): PermissionRules {
  return { allow: (lists.allow ?? []).map(rule), ask: (lists.ask ?? []).map(rule), deny: (lists.deny ?? []).map(rule) };
}

interface RecordingApprover extends Approver {
  asked: ApprovalRequest[];
}
function approverAnswering(...answers: Answer[]): RecordingApprover {
  const asked: ApprovalRequest[] = [];
  return {
    canAsk: true,
    asked,
    async ask(request) {
      asked.push(request);
      // Asked more often than the test planned: say no. The test's count of questions reports the mistake.
      return answers.shift() ?? "no";
    },
  };
}
// Like a process with no terminal: nobody will ever answer. Asking it anyway waits forever (or, with
// `rejects`, fails at once, so a whole run can go on and report the mistake instead of hanging).
function nobodyThere(options: { rejects?: boolean } = {}): RecordingApprover {
  const asked: ApprovalRequest[] = [];
  return {
    canAsk: false,
    unavailable: "there is no terminal to ask on (test)",
    asked,
    ask(request) {
      asked.push(request);
      if (options.rejects) return Promise.reject(new Error("[test] nobody can answer: approver.canAsk is false"));
      return new Promise<Answer>(() => undefined);
    },
  };
}

// Runs the learner's decide() and turns the two ways it can go wrong without returning, a thrown error
// and a promise that never settles, into messages that say what to fix.
async function verdictOf(c: GateCall, r: PermissionRules, approver: RecordingApprover): Promise<Verdict> {
  const hung = Symbol("hung");
  let timer: NodeJS.Timeout | undefined;
  const guard = new Promise<typeof hung>((resolve) => {
    timer = setTimeout(() => resolve(hung), 2000);
  });
  let outcome: Verdict | typeof hung;
  try {
    outcome = await Promise.race([decide(c, r, approver), guard]);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (message.startsWith("not implemented yet")) expect.fail(message);
    expect.fail(
      `decide() threw "${message}" for the call to ${c.name}. A refusal is an answer, not a crash: return ` +
        `{ allowed: false, reason } so the loop can send the reason to the model as an is_error result. A thrown ` +
        `error would end the agent's run instead (${FILE}).`,
    );
  } finally {
    clearTimeout(timer);
  }
  if (outcome === hung) {
    expect.fail(
      approver.asked.length > 0 && !approver.canAsk
        ? `decide() called approver.ask() although approver.canAsk is false, and is now waiting for an answer nobody ` +
            `can give. With no terminal (CI, a pipe) that run would hang forever. Check canAsk first and refuse at once (TODO 4 in ${FILE}).`
        : `decide() did not finish for the call to ${c.name}. Is it waiting on something that never happens? (${FILE})`,
    );
  }
  expect(typeof outcome?.allowed, `decide() must return { allowed: boolean, reason: string }; it returned ${JSON.stringify(outcome)}.`).toBe(
    "boolean",
  );
  expect(typeof outcome.reason, `decide() must return a reason (a string) with its verdict; it returned ${JSON.stringify(outcome)}.`).toBe("string");
  return outcome;
}

function matches(r: string, c: GateCall, need?: "any" | "every"): boolean {
  try {
    return need === undefined ? ruleMatches(rule(r), c) : ruleMatches(rule(r), c, need);
  } catch (error) {
    return failWith(error instanceof Error ? error.message : String(error), error);
  }
}

// --- TODO 1: which calls a rule covers ---------------------------------------------------------------

describe("ruleMatches: which calls a rule covers (TODO 1)", () => {
  it("matches by tool name, and only that tool", () => {
    expect(matches("send_email", sendEmail()), `The rule "send_email" should cover a call to send_email (TODO 1 in ${FILE}).`).toBe(true);
    expect(matches("send_email", save("report.txt")), 'The rule "send_email" must not cover a call to save_to_file.').toBe(false);
  });

  it("lets * in a tool name cover a family of tools (a whole MCP server)", () => {
    const forecast = call("mcp__weather__get_forecast", { city: "Riga" });
    expect(
      matches("mcp__weather__*", forecast),
      `"mcp__weather__*" should cover mcp__weather__get_forecast: compare names with matchesGlob(call.name, rule.tool), not ===.`,
    ).toBe(true);
    expect(matches("mcp__mail__*", forecast), '"mcp__mail__*" must not cover mcp__weather__get_forecast.').toBe(false);
  });

  it("checks the argument pattern when the rule has one", () => {
    expect(
      matches("save_to_file(filename=reports/*)", save("reports/may.txt")),
      `"save_to_file(filename=reports/*)" should cover filename "reports/may.txt": match input.filename against the pattern with matchesGlob (TODO 1).`,
    ).toBe(true);
    expect(
      matches("save_to_file(filename=reports/*)", save("report.txt")),
      'A rule with an argument pattern covered a call whose argument does not fit: "save_to_file(filename=reports/*)" ' +
        'must not cover filename "report.txt". The tool name alone is not enough when the rule names an argument.',
    ).toBe(false);
    expect(
      matches("save_to_file(filename=*.env)", save("config/prod.env")),
      '"save_to_file(filename=*.env)" should cover "config/prod.env" (* stands for any text, slashes included).',
    ).toBe(true);
    expect(
      matches("save_to_file(filename=reports/*)", save("reports/../secrets.txt")),
      '"reports/../secrets.txt" is really "secrets.txt", outside reports/: pass the value to matchesGlob, which compares plain paths.',
    ).toBe(false);
  });

  it("does not match a call that lacks the argument the rule is about", () => {
    expect(
      matches("save_to_file(filename=*.env)", call("save_to_file", { content: "x" })),
      'A call with no "filename" field is not covered by "save_to_file(filename=*.env)" (the rule says nothing about it).',
    ).toBe(false);
  });
});

describe("ruleMatches: lists, numbers and booleans (TODO 1)", () => {
  const mail = (to: unknown) => call("send_email", { to, subject: "Report" });
  const rival = "send_email(to=*@competitor.example)";

  it('a list is judged item by item: "any" needs one fitting item, "every" needs them all', { tags: "hard" }, () => {
    const mixed = mail(["anna@example.com", "ceo@competitor.example"]);
    expect(
      matches(rival, mixed, "any"),
      `to: ["anna@example.com", "ceo@competitor.example"] has one recipient at competitor.example, so "${rival}" covers it ` +
        `with need "any". Comparing the whole list as one text ('["anna@...","ceo@..."]') never fits the pattern, and ` +
        `a deny rule would let the mail go out. Test each item (TODO 1 in ${FILE}).`,
    ).toBe(true);
    expect(
      matches(rival, mail(["ceo@competitor.example", "anna@example.com"]), "any"),
      "The fitting recipient was second in the list, and the rule did not cover it: look at every item, not only the first.",
    ).toBe(true);
    expect(
      matches(rival, mixed, "every"),
      'With need "every", every item must fit: anna@example.com does not, so the rule does not cover the call. An allow ' +
        "rule for one domain must not carry a stranger along.",
    ).toBe(false);
    expect(matches(rival, mail(["a@competitor.example", "b@competitor.example"]), "every"), 'Every item fits: "every" covers it.').toBe(true);
    expect(matches(rival, mail(["anna@example.com", "bob@example.com"]), "any"), "No item fits: not covered.").toBe(false);
    expect(matches(rival, mixed), 'Without a third argument, need is "any".').toBe(true);
  });

  it("an empty list, like a missing field, is not covered", { tags: "hard" }, () => {
    for (const need of ["any", "every"] as const) {
      expect(
        matches(rival, mail([]), need),
        `to: [] has no recipient to judge, so "${rival}" does not cover it (need "${need}"). [].every(...) is true: ` +
          "check for an empty list first, or an allow rule would cover a call it says nothing about.",
      ).toBe(false);
    }
    expect(matches(rival, mail(null), "any"), "to: null is no value: not covered.").toBe(false);
    expect(
      matches("save_to_file(filename=*)", call("save_to_file", { filename: null })),
      'filename: null is no value, so not even "filename=*" covers it (compared as the text "null", it would).',
    ).toBe(false);
  });

  it("compares numbers and booleans as their text", { tags: "hard" }, () => {
    const pay = (amount: unknown) => call("pay_invoice", { amount });
    expect(
      matches("pay_invoice(amount=1000*)", pay(10_000)),
      'amount: 10000 is a number; compared as its text "10000" it fits "1000*". A check that only looks at strings ' +
        "(typeof value === \"string\") lets every number past a deny rule.",
    ).toBe(true);
    expect(matches("pay_invoice(amount=1000*)", pay(999)), '999 does not fit "1000*".').toBe(false);
    expect(matches("pay_invoice(amount=1000*)", pay([5, 10_000])), "A list of numbers: 10000 fits, so need \"any\" covers it.").toBe(true);
    expect(matches("send_email(urgent=true)", call("send_email", { urgent: true })), 'urgent: true (a boolean) should fit the pattern "true".').toBe(true);
    expect(matches("send_email(urgent=true)", call("send_email", { urgent: false })), 'urgent: false does not fit "true".').toBe(false);
  });

  it("0, false and an empty text are values: a rule about them covers the call", { tags: "hard" }, () => {
    for (const [rule, input, what] of [
      ["set_flag(enabled=false)", { enabled: false }, "enabled: false"],
      ["pay_invoice(amount=0)", { amount: 0 }, "amount: 0"],
      ["send_email(subject=*)", { subject: "" }, 'subject: ""'],
    ] as const) {
      const name = rule.slice(0, rule.indexOf("("));
      expect(
        matches(rule, call(name, input)),
        `"${rule}" should cover a call with ${what}: only a missing field, null or an empty list is "no value". A check like ` +
          `if (!value) also skips 0, false and "", so a deny rule about them never fits (TODO 1 in ${FILE}).`,
      ).toBe(true);
    }
  });

  it("looks only at the call's own fields", { tags: "hard" }, () => {
    expect(
      matches("save_to_file(constructor=*)", call("save_to_file", { filename: "a.txt" })),
      'The call has no field "constructor"; input.constructor is inherited from Object. Use Object.hasOwn(call.input, name).',
    ).toBe(false);
  });
});

// --- TODO 2-5: the decision ---------------------------------------------------------------------------

describe("decide: allow, deny, ask (TODOs 2 and 3)", () => {
  it("allow: a call an allow rule covers runs without asking", async () => {
    const approver = approverAnswering();
    const verdict = await verdictOf(save("reports/may.txt"), rules({ allow: ["save_to_file(filename=reports/*)"] }), approver);
    expect(verdict.allowed, `An allow rule covers this call, so decide() should allow it (TODO 3 in ${FILE}). Reason given: ${verdict.reason}`).toBe(true);
    expect(approver.asked.length, "An allow rule covers this call: nobody should have been asked.").toBe(0);
  });

  it("deny: a call a deny rule covers is refused, with the rule named in the reason", async () => {
    const approver = approverAnswering();
    const verdict = await verdictOf(save("config.env"), rules({ deny: ["save_to_file(filename=*.env)"] }), approver);
    expect(verdict.allowed, `A deny rule covers this call; decide() allowed it (TODO 2 in ${FILE}).`).toBe(false);
    expect(approver.asked.length, "A deny rule is final: nobody should be asked (a person could say yes to what the rules forbid).").toBe(0);
    expect(
      verdict.reason,
      `The reason goes to the model: name the deny rule so the model can tell the user which rule blocked it (use deniedByRule). Got: ${verdict.reason}`,
    ).toContain("save_to_file(filename=*.env)");
    expect(/retry/i.test(verdict.reason), `The reason should tell the model not to retry (the rule will not change). Got: ${verdict.reason}`).toBe(true);
    expect(
      /change the rule|themselves|yourself/i.test(verdict.reason),
      `The reason should say what the user can do (change the rule, or do it themselves). Got: ${verdict.reason}`,
    ).toBe(true);
  });

  it("deny beats allow, whatever order you check the lists in", async () => {
    const r = rules({ allow: ["save_to_file"], deny: ["save_to_file(filename=*.env)"] });
    const verdict = await verdictOf(save("secrets.env"), r, approverAnswering());
    expect(
      verdict.allowed,
      'Both "allow save_to_file" and "deny save_to_file(filename=*.env)" cover secrets.env, and decide() allowed it: ' +
        `allow was checked before deny. Check deny rules first: a broad allow must not erase a line drawn for safety (TODO 2 in ${FILE}).`,
    ).toBe(false);
  });

  it("deny applies to read-only tools too", async () => {
    const planToRival = call("plan_email", { to: "boss@competitor.example", subject: "Hi", body: "..." }, true);
    const verdict = await verdictOf(planToRival, rules({ deny: ["plan_email(to=*@competitor.example)"] }), approverAnswering());
    expect(
      verdict.allowed,
      "A deny rule covers this read-only call and decide() let it run: the read-only shortcut was checked before deny rules. Deny comes first.",
    ).toBe(false);
  });

  it("read-only tools run without asking", async () => {
    const approver = approverAnswering("no");
    const verdict = await verdictOf(lookup(), rules(), approver);
    expect(
      approver.asked.length,
      "decide() asked the user about get_exchange_rate, which only reads. Asking about every harmless lookup trains people " +
        `to say yes without reading. With no rule about it, a read-only call runs (TODO 3 in ${FILE}).`,
    ).toBe(0);
    expect(verdict.allowed, "A read-only call with no rule about it should be allowed.").toBe(true);
  });

  it("a tool that changes things, with no rule about it, is asked about (not run silently)", async () => {
    const approver = approverAnswering("yes");
    await verdictOf(save("report.txt"), rules(), approver);
    expect(
      approver.asked.length,
      "save_to_file is not read-only and no rule allows it, yet nobody was asked. The default for anything that may " +
        `change things is ask, not allow (TODO 4-5 in ${FILE}).`,
    ).toBe(1);
  });

  it("an ask rule beats an allow rule (Claude Code's order: deny, then ask, then allow)", async () => {
    const r = rules({ allow: ["save_to_file"], ask: ["save_to_file(filename=*.md)"] });
    const approver = approverAnswering("yes");
    const plain = await verdictOf(save("report.txt"), r, approver);
    expect(plain.allowed && approver.asked.length === 0, "report.txt is covered by the allow rule and by no ask rule: run it without asking.").toBe(true);
    await verdictOf(save("notes.md"), r, approver);
    expect(
      approver.asked.length,
      'notes.md is covered by "ask save_to_file(filename=*.md)" and by "allow save_to_file", and decide() ran it without asking: ' +
        `allow was checked before ask. Check ask rules right after deny rules, as Claude Code does (TODO 3 in ${FILE}).`,
    ).toBe(1);
  });

  it("an ask rule applies even to a read-only tool", async () => {
    const approver = approverAnswering("yes");
    await verdictOf(lookup(), rules({ ask: ["get_exchange_rate"] }), approver);
    expect(
      approver.asked.length,
      'The rule "ask get_exchange_rate" should make decide() ask, even though the tool only reads: check ask rules before the read-only shortcut.',
    ).toBe(1);
  });
});

describe("decide: several rules, and lists (TODOs 2 and 3)", () => {
  it("looks at every deny rule: the second rule for the same tool is the one that fits", async () => {
    const r = rules({ deny: ["read_file(path=*.key)", "read_file(path=*.env)"] });
    const readSecrets = call("read_file", { path: "prod.env" }, true);
    const verdict = await verdictOf(readSecrets, r, approverAnswering());
    expect(
      verdict.allowed,
      'Two deny rules name read_file; the second, "*.env", fits prod.env, and decide() let the read run: it stopped at the ' +
        `first rule for the tool. Find the first rule that COVERS the call (rules.deny.find(rule => ruleMatches(...))) (TODO 2 in ${FILE}).`,
    ).toBe(false);
    expect(verdict.reason, `Name the rule that fitted. Got: ${verdict.reason}`).toContain("read_file(path=*.env)");
  });

  it("looks at every allow rule: the second one lets the call through without asking", async () => {
    const r = rules({ allow: ["save_to_file(filename=reports/*)", "save_to_file(filename=drafts/*)"] });
    const approver = approverAnswering("no");
    const verdict = await verdictOf(save("drafts/may.txt"), r, approver);
    expect(verdict.allowed && approver.asked.length === 0, 'The second allow rule, "drafts/*", covers drafts/may.txt: run it without asking.').toBe(true);
  });

  it("denies a list of recipients when one of them is denied, even with an allow rule for the tool", { tags: "hard" }, async () => {
    const r = rules({ allow: ["plan_email"], deny: ["plan_email(to=*@competitor.example)"] });
    const toBoth = call("plan_email", { to: ["anna@example.com", "ceo@competitor.example"], subject: "Q3", body: "..." }, true);
    const approver = approverAnswering("yes");
    const verdict = await verdictOf(toBoth, r, approver);
    expect(
      verdict.allowed,
      'One of the two recipients is at competitor.example, which a deny rule forbids, and decide() let the plan through. A deny ' +
        'rule covers a list when ANY item fits: ruleMatches(rule, call, "any") for deny rules.',
    ).toBe(false);
    expect(approver.asked.length, "A denied call is never asked about.").toBe(0);
  });

  it("does not let an allow rule cover a list when only some items fit: it asks", { tags: "hard" }, async () => {
    const r = rules({ allow: ["send_email(to=*@example.com)"] });
    const approver = approverAnswering("no");
    const toMixed = call("send_email", { to: ["anna@example.com", "ceo@competitor.example"], plan_id: "plan_1" });
    const verdict = await verdictOf(toMixed, r, approver);
    expect(
      approver.asked.length,
      '"allow send_email(to=*@example.com)" fits anna@example.com but not ceo@competitor.example, and decide() ran the call ' +
        'without asking. An allow rule covers a list only when EVERY item fits: ruleMatches(rule, call, "every") for allow rules (TODO 3).',
    ).toBe(1);
    expect(verdict.allowed, "The user answered no.").toBe(false);
    const allMine = await verdictOf(call("send_email", { to: ["anna@example.com", "bob@example.com"], plan_id: "plan_2" }), r, approver);
    expect(allMine.allowed && approver.asked.length === 1, "Both recipients fit the allow rule: run it, without asking.").toBe(true);
  });

  it("asks about a read-only call when an ask rule fits one item of a list", { tags: "hard" }, async () => {
    const r = rules({ ask: ["plan_email(to=*@competitor.example)"] });
    const approver = approverAnswering("yes");
    await verdictOf(call("plan_email", { to: ["anna@example.com", "ceo@competitor.example"], subject: "Q3", body: "..." }, true), r, approver);
    expect(approver.asked.length, 'An ask rule covers a list when ANY item fits ("any"): decide() should ask, even for a read-only tool.').toBe(1);
  });

  it("denies by a number", { tags: "hard" }, async () => {
    const r = rules({ allow: ["pay_invoice"], deny: ["pay_invoice(amount=1000*)"] });
    const verdict = await verdictOf(call("pay_invoice", { amount: 10_000, to: "supplier" }), r, approverAnswering("yes"));
    expect(verdict.allowed, 'amount: 10000 (a number) fits "deny pay_invoice(amount=1000*)" compared as text; decide() let it through.').toBe(false);
  });
});

describe("decide: asking a person (TODOs 4 and 5)", () => {
  it("ask -> yes: the call runs, and the person saw which call it was", async () => {
    const approver = approverAnswering("yes");
    const c = save("report.txt");
    const verdict = await verdictOf(c, rules({ ask: ["save_to_file"] }), approver);
    expect(verdict.allowed, "The user answered yes; decide() should allow the call.").toBe(true);
    expect(approver.asked.length, `decide() should ask exactly once (TODO 5 in ${FILE}).`).toBe(1);
    expect(approver.asked[0]?.call, "approver.ask() should get { call, why } with the call being decided, so the prompt can show it.").toEqual(c);
  });

  it("ask -> no: the call is refused with a reason the model can act on", async () => {
    const verdict = await verdictOf(save("report.txt"), rules({ ask: ["save_to_file"] }), approverAnswering("no"));
    expect(verdict.allowed, "The user answered no; decide() allowed the call anyway.").toBe(false);
    expect(
      /\bno\b|declin|refus/i.test(verdict.reason) && verdict.reason.includes("save_to_file"),
      `The reason should tell the model that the user said no to save_to_file (use declinedByUser). Got: ${verdict.reason}`,
    ).toBe(true);
    expect(/retry/i.test(verdict.reason), `The reason should tell the model not to retry the same call. Got: ${verdict.reason}`).toBe(true);
    expect(
      /different|themselves|yourself/i.test(verdict.reason),
      `The reason should suggest what next: ask whether the user wants something different, or to do it themselves. Got: ${verdict.reason}`,
    ).toBe(true);
  });

  it("says why it allowed a call: the rule, a read-only tool, or the user's answer", async () => {
    const byRule = await verdictOf(save("reports/a.txt"), rules({ allow: ["save_to_file(filename=reports/*)"] }), approverAnswering());
    expect(byRule.reason, `An allowed call's reason is shown to the person (why did this run?): name the allow rule. Got: ${byRule.reason}`).toContain(
      "save_to_file(filename=reports/*)",
    );
    const byReading = await verdictOf(lookup(), rules(), approverAnswering());
    expect(byReading.reason, `Say the call runs because ${lookup().name} only reads. Got: ${byReading.reason}`).toMatch(/read/i);
    const byYes = await verdictOf(save("a.txt"), rules(), approverAnswering("yes"));
    expect(byYes.reason, `Say the user approved it. Got: ${byYes.reason}`).toMatch(/approv|user|yes/i);
    const r = rules();
    const byAlways = await verdictOf(save("a.txt"), r, approverAnswering("always"));
    expect(byAlways.reason, `Say the user allowed save_to_file for this session. Got: ${byAlways.reason}`).toMatch(/always|session/i);
    expect(
      r.allow[0]?.source ?? "",
      'The allow rule "always" adds is quoted back to people: give it a source that names the tool and says it came from "always".',
    ).toMatch(/save_to_file.*always|always.*save_to_file/i);
  });

  it('ask -> always: allowed, and the same tool is not asked about again this session', async () => {
    const r = rules();
    const approver = approverAnswering("always");
    const first = await verdictOf(save("a.txt"), r, approver);
    const second = await verdictOf(save("b.txt"), r, approver);
    expect(
      approver.asked.length,
      '"always" was not remembered: the user was asked again about save_to_file (for another file). Remember it for the ' +
        `tool, whatever its input, by adding an allow rule { tool: call.name } to rules.allow (TODO 5 in ${FILE}).`,
    ).toBe(1);
    expect(first.allowed && second.allowed, 'After "always", both saves should be allowed.').toBe(true);
  });

  it('"always" is for that one tool, not for every tool', async () => {
    const r = rules();
    const approver = approverAnswering("always", "no");
    await verdictOf(save("a.txt"), r, approver);
    const email = await verdictOf(sendEmail(), r, approver);
    expect(
      approver.asked.length,
      '"always" for save_to_file was remembered for every tool: send_email ran without asking. Remember the tool\'s ' +
        "name ({ tool: call.name }), not a flag that lets everything through.",
    ).toBe(2);
    expect(email.allowed, "The user answered no about send_email.").toBe(false);
  });

  it('"always" does not beat a deny rule', async () => {
    const r = rules({ deny: ["save_to_file(filename=*.env)"] });
    const approver = approverAnswering("always");
    await verdictOf(save("a.txt"), r, approver);
    const secret = await verdictOf(save("prod.env"), r, approver);
    expect(
      secret.allowed,
      '"always" let save_to_file write prod.env, which a deny rule forbids. Remembered answers are allow rules, and deny still comes first.',
    ).toBe(false);
  });

  it('"always" lasts one session: a new set of rules asks again', async () => {
    await verdictOf(save("a.txt"), rules(), approverAnswering("always"));
    const approver = approverAnswering("yes");
    await verdictOf(save("b.txt"), rules(), approver);
    expect(
      approver.asked.length,
      '"always" from another session leaked into this one (a new rules object): it is kept somewhere global. Keep it ' +
        "in the rules object the gate was given (rules.allow), which lives as long as the session.",
    ).toBe(1);
  });

  it('"always" does not silence an ask rule: that call runs, and the rule asks again next time', async () => {
    const r = rules({ ask: ["save_to_file(filename=*.md)"] });
    const approver = approverAnswering("always", "no");
    const first = await verdictOf(save("a.md"), r, approver);
    expect(first.allowed, 'The user answered "always": this call runs.').toBe(true);
    expect(
      first.reason,
      `The reason should say the ask rule will still ask next time (an "always" is an allow rule, and ask comes before allow). Got: ${first.reason}`,
    ).toContain("save_to_file(filename=*.md)");
    await verdictOf(save("b.md"), r, approver);
    expect(
      approver.asked.length,
      '"always" silenced the rule "ask save_to_file(filename=*.md)": b.md ran without asking. The remembered answer is an allow ' +
        "rule, and ask rules come before allow rules, as in Claude Code.",
    ).toBe(2);
  });

  it("tells the person why it asks: the ask rule, or that nothing allows a tool that changes things", async () => {
    const approver = approverAnswering("yes", "yes");
    await verdictOf(save("notes.txt"), rules({ ask: ["save_to_file(filename=*.txt)"] }), approver);
    expect(approver.asked[0]?.why, `why should name the ask rule that matched (its source). Got: ${approver.asked[0]?.why}`).toContain(
      "save_to_file(filename=*.txt)",
    );
    await verdictOf(save("notes.md"), rules(), approver);
    const why = approver.asked[1]?.why ?? "";
    expect(/chang/i.test(why) && /rule/i.test(why), `With no ask rule, why should say the tool can change things and no rule allows it. Got: ${why}`).toBe(true);
  });

  it("refuses an answer that is not exactly yes or always", async () => {
    for (const odd of ["Yes", "y", true, undefined]) {
      const verdict = await verdictOf(save("report.txt"), rules({ ask: ["save_to_file"] }), approverAnswering(odd as Answer));
      expect(
        verdict.allowed,
        `The approver answered ${JSON.stringify(odd)}, which is not "yes" or "always", and decide() let the call run. Only ` +
          'an exact "yes" or "always" allows; anything else is a no (when in doubt, refuse).',
      ).toBe(false);
    }
  });

  it("refuses, without throwing, when asking fails", { tags: "hard" }, async () => {
    const broken: RecordingApprover = {
      canAsk: true,
      asked: [],
      ask(request) {
        broken.asked.push(request);
        return Promise.reject(new Error("stdin closed"));
      },
    };
    const verdict = await verdictOf(save("report.txt"), rules({ ask: ["save_to_file"] }), broken);
    expect(verdict.allowed, "approver.ask() rejected: nobody answered, so the call must not run.").toBe(false);
    expect(
      /approv/i.test(verdict.reason) && verdict.reason.includes("save_to_file"),
      `The reason should say save_to_file needed approval that nobody gave (nobodyToAsk). Got: ${verdict.reason}`,
    ).toBe(true);
    expect(verdict.reason, `Nobody answered, so the reason must not say the user answered no. Got: ${verdict.reason}`).not.toMatch(/answered no/i);
    expect(verdict.reason, `Say what went wrong: include the error's message ("stdin closed"). Got: ${verdict.reason}`).toContain("stdin closed");
  });

  it("no terminal: refuse at once, without asking, and tell the model why and what the user can do", async () => {
    const approver = nobodyThere();
    const verdict = await verdictOf(save("report.txt"), rules({ ask: ["save_to_file"] }), approver);
    expect(verdict.allowed, `Nobody can approve this call (approver.canAsk is false), yet decide() allowed it (TODO 4 in ${FILE}).`).toBe(false);
    expect(approver.asked.length, "approver.canAsk is false, yet decide() called approver.ask().").toBe(0);
    const reason = verdict.reason;
    expect(reason, `The reason should name the tool (save_to_file). Got: ${reason}`).toContain("save_to_file");
    expect(
      /approv/i.test(reason) && /terminal|nobody|no one/i.test(reason),
      `The reason should say the call needs approval and nobody could give it (no terminal), so the model can explain (use nobodyToAsk). Got: ${reason}`,
    ).toBe(true);
    expect(
      /user/i.test(reason) && /(yourself|themselves|themself|run .*terminal|allow rule|approve)/i.test(reason),
      `The reason should suggest what the user can do: approve it in a terminal, add an allow rule, or do it themselves. Got: ${reason}`,
    ).toBe(true);
    expect(
      reason,
      "The reason should pass on why nobody can answer, approver.unavailable (here \"there is no terminal to ask on (test)\"): " +
        `nobodyToAsk(call, approver.unavailable), so the model can tell the user what to change (TODO 4 in ${FILE}). Got: ${reason}`,
    ).toContain("there is no terminal to ask on (test)");
  });

  it("no terminal and no word on why: the reason still says nobody could approve it", { tags: "hard" }, async () => {
    const silent: RecordingApprover = { canAsk: false, asked: [], ask: () => new Promise<Answer>(() => undefined) };
    const verdict = await verdictOf(save("report.txt"), rules(), silent);
    expect(verdict.allowed).toBe(false);
    expect(
      /nobody|no one/i.test(verdict.reason) && /retry/i.test(verdict.reason),
      `approver.unavailable is not set: nobodyToAsk(call, undefined) should still say nobody could approve it, and not to retry. Got: ${verdict.reason}`,
    ).toBe(true);
  });

  it("no terminal still lets read-only and allowed calls through", async () => {
    const approver = nobodyThere();
    const r = rules({ allow: ["save_to_file(filename=reports/*)"] });
    expect((await verdictOf(lookup(), r, approver)).allowed, "A read-only call needs nobody's approval, terminal or not.").toBe(true);
    expect((await verdictOf(save("reports/a.txt"), r, approver)).allowed, "A call an allow rule covers needs no terminal.").toBe(true);
  });
});

// --- the safety rules, for generated rule sets and calls -------------------------------------------

describe("decide, for generated rules and calls: deny always wins, nothing runs unapproved (TODOs 2 to 5)", { tags: "hard" }, () => {
  const tools = ["send_email", "save_to_file", "plan_email", "mcp__mail__send"];
  const fields = ["to", "filename", "amount"];
  const ruleGen = fc
    .record({
      tool: fc.constantFrom(...tools, "*", "save_*", "mcp__mail__*"),
      argument: fc.option(
        fc.record({
          name: fc.constantFrom(...fields),
          pattern: fc.constantFrom("*", "*.env", "reports/*", "*@competitor.example", "1000*", "true", "anna@example.com", "Жанна*"),
        }),
        { nil: undefined },
      ),
    })
    .map(({ tool, argument }): Rule => (argument ? { tool, argument, source: `${tool}(${argument.name}=${argument.pattern})` } : { tool, source: tool }));
  const scalar = fc.oneof(
    fc.constantFrom("a.env", "reports/x.txt", "reports/../x.env", "ceo@competitor.example", "anna@example.com", "Жанна Иванова", "10000", "x"),
    fc.integer({ min: 0, max: 20_000 }),
    fc.boolean(),
  );
  const value = fc.oneof(scalar, fc.array(scalar, { maxLength: 3 }));
  const callGen = fc.record({
    name: fc.constantFrom(...tools),
    input: fc.record({ to: value, filename: value, amount: value }, { requiredKeys: [] }),
    readOnly: fc.boolean(),
    effect: fc.constant("runs a generated call"),
  });
  const setup = fc.record({
    deny: fc.array(ruleGen, { maxLength: 3 }),
    allow: fc.array(ruleGen, { maxLength: 3 }),
    ask: fc.array(ruleGen, { maxLength: 3 }),
    call: callGen,
    canAsk: fc.boolean(),
    answer: fc.constantFrom<Answer>("yes", "no", "always"),
  });

  // The rule, as the README states it, written out again here so the property does not trust ruleMatches.
  function covers(r: Rule, c: GateCall, need: "any" | "every"): boolean {
    if (!matchesGlob(c.name, r.tool)) return false;
    if (!r.argument) return true;
    const v = Object.hasOwn(c.input, r.argument.name) ? c.input[r.argument.name] : undefined;
    if (v === undefined || v === null) return false;
    const items: unknown[] = Array.isArray(v) ? v : [v];
    if (items.length === 0) return false;
    const fits = (item: unknown) => matchesGlob(typeof item === "string" ? item : String(JSON.stringify(item)), r.argument?.pattern ?? "");
    return need === "every" ? items.every(fits) : items.some(fits);
  }

  it("holds for a few hundred generated cases", async () => {
    await fc.assert(
      fc.asyncProperty(setup, async ({ deny, allow, ask, call: c, canAsk, answer }) => {
        const r: PermissionRules = { deny: [...deny], allow: [...allow], ask: [...ask] };
        const approver = canAsk ? approverAnswering(answer) : nobodyThere();
        const verdict = await verdictOf(c, r, approver);
        const seen = `call ${JSON.stringify(c)} with deny ${JSON.stringify(deny.map((x) => x.source))}, allow ${JSON.stringify(
          allow.map((x) => x.source),
        )}, ask ${JSON.stringify(ask.map((x) => x.source))}, canAsk ${canAsk}, answer ${answer}: ${JSON.stringify(verdict)}, asked ${approver.asked.length}`;

        if (deny.some((x) => covers(x, c, "any"))) {
          expect(verdict.allowed, `A deny rule covers this call, so it must be refused, whatever else matches. ${seen}`).toBe(false);
          expect(approver.asked.length, `A denied call is never asked about. ${seen}`).toBe(0);
        }
        if (!canAsk) expect(approver.asked.length, `Nobody can answer (canAsk false), yet approver.ask() was called. ${seen}`).toBe(0);
        expect(approver.asked.length, `decide() asks at most once per call. ${seen}`).toBeLessThanOrEqual(1);
        if (verdict.allowed) {
          const byRule = allow.some((x) => covers(x, c, "every")) && !ask.some((x) => covers(x, c, "any"));
          const byReading = c.readOnly && !ask.some((x) => covers(x, c, "any"));
          const byPerson = approver.asked.length === 1 && (answer === "yes" || answer === "always");
          expect(
            byRule || byReading || byPerson,
            `Allowed without a yes, a read-only tool, or an allow rule covering every value (and no ask rule covering any). ${seen}`,
          ).toBe(true);
        } else {
          expect(verdict.reason, `A refusal's reason names the tool, for the model. ${seen}`).toContain(c.name);
        }
        expect(r.deny, `decide() must not change the deny rules. ${seen}`).toEqual(deny);
        expect(r.ask, `decide() must not change the ask rules. ${seen}`).toEqual(ask);
        const added = r.allow.slice(allow.length);
        if (approver.asked.length === 1 && answer === "always") {
          expect(added.length, `The person answered "always": remember it with one allow rule in rules.allow. ${seen}`).toBe(1);
        }
        expect(r.allow.slice(0, allow.length), `decide() must not change the existing allow rules. ${seen}`).toEqual(allow);
        if (added.length > 0) {
          expect(answer === "always" && verdict.allowed && approver.asked.length === 1, `An allow rule was added without an "always". ${seen}`).toBe(true);
          expect(
            added.map((x) => [x.tool, x.argument]),
            `"always" adds one allow rule, for this tool by its exact name, with no argument. ${seen}`,
          ).toEqual([[c.name, undefined]]);
        }
      }),
      { seed: 42, numRuns: 300 },
    );
  });
});

// --- the gate in a whole run: plan, then send, through the mock model ----------------------------------

describe("plan then send, through a full run with your gate (TODOs 2 to 5)", () => {
  let workspace = "";
  afterEach(async () => {
    if (workspace) await rm(workspace, { recursive: true, force: true });
  });

  // The plan id plan_email returned, read from the request the way a model reads it ("" if there is none).
  function planIdFrom(request: MessagesRequest): string {
    const last = request.messages.at(-1);
    const blocks = last && typeof last.content !== "string" ? last.content : [];
    for (const block of blocks) {
      if (block.type !== "tool_result") continue;
      const match = resultText(block).match(/"plan_id":"(plan_[0-9a-f]+)"/);
      if (match?.[1]) return match[1];
    }
    return "";
  }
  const sendPlanned = (planId: string) =>
    planId ? reply.toolUse("send_email", { plan_id: planId }) : reply.text("[test model] plan_email returned no plan id; stopping.");

  function expectPlanned(results: Anthropic.ToolResultBlockParam[]): void {
    expect(
      results[0]?.is_error ?? false,
      "plan_email only reads and no rule covers it, so your gate should have let it run without asking. " +
        `Its result was: ${resultText(results[0])}`,
    ).toBe(false);
  }

  async function outbox(): Promise<string[]> {
    return (await readdir(path.join(workspace, "outbox")).catch(() => [])).filter((name) => name.endsWith(".eml"));
  }

  it("sends an approved plan once; sending the same plan again does not send twice and says so", async () => {
    workspace = await mkdtemp(path.join(os.tmpdir(), "course-07-"));
    let planId = "";
    const mock = createMockModel([
      reply.toolUse("plan_email", { to: "anna@example.com", subject: "Report", body: "500 USD = 46250 RUB" }),
      reply.dynamic((request) => {
        planId = planIdFrom(request);
        return sendPlanned(planId);
      }),
      reply.dynamic(() => sendPlanned(planId)),
      reply.text("Sent once to anna@example.com."),
    ]);
    const approver = approverAnswering("yes", "yes");
    const answer = await runAgent(mock.client, "Email the report to anna@example.com", {
      workspace,
      rules: rules({ ask: ["send_email"] }),
      approver,
      decide,
      print: () => undefined,
    });

    expect(mock.rejections.map((r) => r.problem.message), "The API would have rejected a request from this run.").toEqual([]);
    const results = mock.toolResults();
    expectPlanned(results);
    expect(
      results.map((r) => r.is_error ?? false),
      `Expected plan_email, send_email and send_email again to all run (the user approved). Results: ${results.map((r) => resultText(r)).join(" | ")}`,
    ).toEqual([false, false, false]);
    expect(
      approver.asked.map((r) => r.call.name),
      "The user should be asked about each send_email (the rule says ask), and never about plan_email, which only reads.",
    ).toEqual(["send_email", "send_email"]);
    expect(await outbox(), "Exactly one email should be in the outbox: one plan is sent at most once.").toEqual([`${planId}.eml`]);
    expect(resultText(results[2]), "The second send_email of the same plan should say it was already sent.").toMatch(/already.sent/i);
    expect(answer).toContain("Sent once");
    mock.assertAllUsed();
  });

  it("with no terminal, send_email is refused as an is_error result and the loop goes on", async () => {
    workspace = await mkdtemp(path.join(os.tmpdir(), "course-07-"));
    const mock = createMockModel([
      reply.toolUse("plan_email", { to: "anna@example.com", subject: "Report", body: "500 USD = 46250 RUB" }),
      reply.dynamic((request) => sendPlanned(planIdFrom(request))),
      reply.text("I could not send it: nobody could approve it here. Run me in a terminal to approve."),
    ]);
    const approver = nobodyThere({ rejects: true });
    const answer = await runAgent(mock.client, "Email the report to anna@example.com", {
      workspace,
      rules: rules({ ask: ["send_email"] }),
      approver,
      decide,
      print: () => undefined,
    });

    expect(
      approver.asked.length,
      "Your gate called approver.ask() although approver.canAsk is false: with no terminal that waits forever. Refuse at once instead.",
    ).toBe(0);
    expectPlanned(mock.toolResults());
    const refusal = mock.toolResults()[1];
    expect(refusal?.is_error, `send_email needed approval nobody could give: its tool_result should have is_error: true. Got: ${resultText(refusal)}`).toBe(true);
    expect(resultText(refusal), "The refusal the model reads should explain itself (no terminal, approval needed).").toMatch(/approv/i);
    expect(await outbox(), "Nothing may be sent when nobody approved it.").toEqual([]);
    expect(mock.turnsUsed(), "After the refusal the model should get its turn to explain: the loop must go on, not stop or crash.").toBe(3);
    expect(answer).toContain("could not send");
  });
});

// Checks for exercise 07 (the permission gate). Run them with: npm run check 7
// Each message says what was expected, what happened, and where to look.

import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type Anthropic from "@anthropic-ai/sdk";
import { afterEach, describe, expect, it } from "vitest";
import { decide, ruleMatches } from "@exercise/07-approval-gates/gate.ts";
import { runAgent } from "../lessons/07-approval-gates/agent.ts";
import type { Answer, ApprovalRequest, Approver } from "../lessons/07-approval-gates/approver.ts";
import { parseRule, type GateCall, type PermissionRules, type Rule, type Verdict } from "../lessons/07-approval-gates/permissions.ts";
import { createMockModel, reply, resultText, type MessagesRequest } from "../shared/mock/mock-model.ts";

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

function matches(r: string, c: GateCall): boolean {
  try {
    return ruleMatches(rule(r), c);
  } catch (error) {
    return expect.fail(error instanceof Error ? error.message : String(error));
  }
}

// --- TODO 1: which calls a rule covers ---------------------------------------------------------------

describe("ruleMatches: which calls a rule covers", () => {
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

// --- TODO 2-5: the decision ---------------------------------------------------------------------------

describe("decide: allow, deny, ask", () => {
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

  it("an allow rule beats an ask rule: reports/ is allowed, the rest of save_to_file is asked", async () => {
    const r = rules({ allow: ["save_to_file(filename=reports/*)"], ask: ["save_to_file"] });
    const approver = approverAnswering("yes");
    const inReports = await verdictOf(save("reports/may.txt"), r, approver);
    expect(inReports.allowed, "reports/may.txt is allowed by a rule.").toBe(true);
    expect(approver.asked.length, 'reports/may.txt is covered by an allow rule, yet decide() asked: check allow rules before ask rules.').toBe(0);
    await verdictOf(save("report.txt"), r, approver);
    expect(approver.asked.length, "report.txt is outside reports/, so the ask rule applies: decide() should have asked once.").toBe(1);
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

describe("decide: asking a person", () => {
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
  });

  it('ask -> always: allowed, and the same tool is not asked about again this session', async () => {
    const r = rules({ ask: ["save_to_file"] });
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
    const r = rules({ ask: ["save_to_file", "send_email"] });
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
    const r = rules({ ask: ["save_to_file"], deny: ["save_to_file(filename=*.env)"] });
    const approver = approverAnswering("always");
    await verdictOf(save("a.txt"), r, approver);
    const secret = await verdictOf(save("prod.env"), r, approver);
    expect(
      secret.allowed,
      '"always" let save_to_file write prod.env, which a deny rule forbids. Remembered answers are allow rules, and deny still comes first.',
    ).toBe(false);
  });

  it('"always" lasts one session: a new set of rules asks again', async () => {
    await verdictOf(save("a.txt"), rules({ ask: ["save_to_file"] }), approverAnswering("always"));
    const approver = approverAnswering("yes");
    await verdictOf(save("b.txt"), rules({ ask: ["save_to_file"] }), approver);
    expect(
      approver.asked.length,
      '"always" from another session leaked into this one (a new rules object): it is kept somewhere global. Keep it ' +
        "in the rules object the gate was given (rules.allow), which lives as long as the session.",
    ).toBe(1);
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
  });

  it("no terminal still lets read-only and allowed calls through", async () => {
    const approver = nobodyThere();
    const r = rules({ allow: ["save_to_file(filename=reports/*)"] });
    expect((await verdictOf(lookup(), r, approver)).allowed, "A read-only call needs nobody's approval, terminal or not.").toBe(true);
    expect((await verdictOf(save("reports/a.txt"), r, approver)).allowed, "A call an allow rule covers needs no terminal.").toBe(true);
  });
});

// --- the gate in a whole run: plan, then send, through the mock model ----------------------------------

describe("plan then send, through a full run with your gate", () => {
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

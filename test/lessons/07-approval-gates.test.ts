// Tests of lesson 07's own code: rules and the rules file, the email pair, read_file, the gated executor,
// the terminal approver (with fake streams; the real terminal is in 07-approval-gates-pty.test.ts), and
// the agent end to end on the offline model, in English and Russian.

import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { PassThrough } from "node:stream";
import type Anthropic from "@anthropic-ai/sdk";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createAgentTools, runAgent, sampleTasks, systemPrompt } from "../../lessons/07-approval-gates/agent.ts";
import { noTerminalApprover, parseAnswer, terminalApprover, type Answer } from "../../lessons/07-approval-gates/approver.ts";
import { approverAnswering } from "../helpers/scripted-approver.ts";
import { createEmailTools } from "../../lessons/07-approval-gates/email.ts";
import { createGatedExecutor } from "../../lessons/07-approval-gates/gated-executor.ts";
import { matchesGlob, parseRule, type PermissionRules } from "../../lessons/07-approval-gates/permissions.ts";
import { createReadFileTool } from "../../lessons/07-approval-gates/read-file.ts";
import { checkRules, DEFAULT_RULES_FILE, loadRules, parseRulesFile } from "../../lessons/07-approval-gates/rules-file.ts";
import { getExchangeRateTool } from "../../lessons/01-first-tool/exchange-rate.ts";
import { createClient } from "../../shared/client.ts";

let workspace = "";
beforeEach(async () => {
  workspace = await mkdtemp(path.join(os.tmpdir(), "course-07-lesson-"));
});
afterEach(async () => {
  await rm(workspace, { recursive: true, force: true });
});

function rulesFrom(lists: { allow?: string[]; ask?: string[]; deny?: string[] }): PermissionRules {
  return parseRulesFile(JSON.stringify(lists));
}

const quiet = { print: () => undefined };

describe("rules: patterns and the rules file", () => {
  it("matchesGlob: * is any text, case does not matter, paths are compared in their plain form", () => {
    expect(matchesGlob("reports/may.txt", "reports/*")).toBe(true);
    expect(matchesGlob("reports/2026/may.txt", "reports/*")).toBe(true);
    expect(matchesGlob("report.txt", "reports/*")).toBe(false);
    expect(matchesGlob("./reports/may.txt", "reports/*")).toBe(true);
    expect(matchesGlob("reports/../.env", "reports/*")).toBe(false);
    expect(matchesGlob("reports/../.env", "*.env")).toBe(true);
    expect(matchesGlob("CONFIG.ENV", "*.env")).toBe(true);
    expect(matchesGlob("notes.env.txt", "*.env")).toBe(false);
    expect(matchesGlob("boss@Competitor.example", "*@competitor.example")).toBe(true);
    expect(matchesGlob("a+b (1).txt", "a+b (1).txt"), "regex characters in a pattern are literal").toBe(true);
  });

  it("parseRule reads a tool name with an optional field=pattern, and explains what is wrong otherwise", () => {
    expect(parseRule("send_email")).toEqual({ tool: "send_email", source: "send_email" });
    expect(parseRule("save_to_file(filename=reports/*)")).toEqual({
      tool: "save_to_file",
      argument: { name: "filename", pattern: "reports/*" },
      source: "save_to_file(filename=reports/*)",
    });
    expect(parseRule("save_to_file(filename")).toMatch(/is not a rule.*save_to_file\(filename=reports\/\*\)/);
    expect(parseRule("save to file")).toMatch(/is not a rule/);
  });

  it("a broken rules file stops with a message that says where and what", () => {
    expect(() => parseRulesFile("{ deny: [] }", "p.json")).toThrow(/p\.json, line 1: not valid JSON/);
    expect(() => parseRulesFile('{"alow": []}', "p.json")).toThrow(/unknown key "alow"/);
    expect(() => parseRulesFile('{"deny": "send_email"}', "p.json")).toThrow(/"deny" must be a list/);
    expect(() => parseRulesFile('{"deny": ["ok", "bad rule"]}', "p.json")).toThrow(/deny\[1\]: "bad rule" is not a rule/);
    expect(() => parseRulesFile('{"allow": [42]}', "p.json")).toThrow(/allow\[0\]: 42 is not a string/);
    expect(parseRulesFile('{"$comment": ["notes"], "ask": ["send_email"]}').ask.map((r) => r.source)).toEqual(["send_email"]);
  });

  it("a missing rules file means no rules (everything with side effects asks)", async () => {
    expect(await loadRules(path.join(workspace, "nope.json"))).toEqual({ allow: [], ask: [], deny: [] });
  });

  it("the shipped permissions.json loads, and every rule in it names a real tool and field", async () => {
    const rules = await loadRules(DEFAULT_RULES_FILE);
    expect(rules.deny.map((r) => r.source)).toContain("save_to_file(filename=*.env)");
    expect(rules.allow.map((r) => r.source)).toContain("save_to_file(filename=reports/*)");
    expect(checkRules(rules, createAgentTools(workspace))).toEqual([]);
  });

  it("checkRules warns about a rule that can never apply (a typo in a deny rule is a missing lock)", () => {
    const warnings = checkRules(rulesFrom({ deny: ["save_file(filename=*.env)", "send_email(to=*@x.example)"] }), createAgentTools(workspace));
    expect(warnings[0]).toMatch(/names no tool this agent has/);
    expect(warnings[1]).toMatch(/send_email has no input field "to"/);
  });
});

describe("plan_email and send_email", () => {
  function tools() {
    return createEmailTools(path.join(workspace, "outbox"));
  }
  const planIdOf = (output: string) => (JSON.parse(output) as { plan_id: string }).plan_id;

  it("plan_email returns a preview and a plan id, and sends nothing", async () => {
    const { planEmailTool } = tools();
    const output = await planEmailTool.run({ to: "anna@example.com", subject: "Report", body: "500 USD = 46250 RUB" });
    const parsed = JSON.parse(output) as { plan_id: string; sent: boolean; preview: { to: string }; next: string };
    expect(parsed.plan_id).toMatch(/^plan_[0-9a-f]{8}$/);
    expect(parsed).toMatchObject({ sent: false, preview: { to: "anna@example.com" } });
    expect(parsed.next).toContain("send_email");
    expect(await readdir(workspace)).toEqual([]);
    expect(planEmailTool.readOnly, "plan_email changes nothing outside the process, so it runs without asking").toBe(true);
  });

  it("plan_email refuses bad input with instructions: not an address, several addresses, a header injection, an empty body", async () => {
    const { planEmailTool } = tools();
    await expect(async () => planEmailTool.run({ to: "anna", subject: "s", body: "b" })).rejects.toThrow(/not one email address/);
    await expect(async () => planEmailTool.run({ to: "a@x.com, b@y.com", subject: "s", body: "b" })).rejects.toThrow(/exactly one/);
    await expect(async () => planEmailTool.run({ to: "a@x.com", subject: "Hi\nBcc: all@x.com", body: "b" })).rejects.toThrow(/one line/);
    await expect(async () => planEmailTool.run({ to: "a@x.com", subject: "Hi", body: "  " })).rejects.toThrow(/body is empty/);
  });

  it("send_email writes the planned email to the outbox once; a second send says it was already sent", async () => {
    const { planEmailTool, sendEmailTool } = tools();
    const planId = planIdOf(await planEmailTool.run({ to: "anna@example.com", subject: "Report", body: "500 USD = 46250 RUB" }));
    expect(sendEmailTool.needsApproval).toBe(true);
    expect(sendEmailTool.describeEffect?.({ plan_id: planId })).toMatch(/SENDS an email to anna@example\.com, subject "Report"/);

    const first = JSON.parse(await sendEmailTool.run({ plan_id: planId })) as Record<string, unknown>;
    expect(first).toMatchObject({ sent: true, outbox_file: `outbox/${planId}.eml` });
    const second = JSON.parse(await sendEmailTool.run({ plan_id: planId })) as Record<string, unknown>;
    expect(second).toMatchObject({ sent: false, already_sent: true });
    expect(String(second.note)).toMatch(/NOT sent again/);

    expect(await readdir(path.join(workspace, "outbox"))).toEqual([`${planId}.eml`]);
    const eml = await readFile(path.join(workspace, "outbox", `${planId}.eml`), "utf8");
    expect(eml).toMatch(/^To: anna@example\.com\nSubject: Report\n/);
    expect(eml).toContain("\n\n500 USD = 46250 RUB\n");
  });

  it("two sends of one plan at the same moment still send once (no temp files left behind)", async () => {
    const { planEmailTool, sendEmailTool } = tools();
    const planId = planIdOf(await planEmailTool.run({ to: "anna@example.com", subject: "Report", body: "text" }));
    const outputs = await Promise.all([1, 2, 3, 4].map(() => sendEmailTool.run({ plan_id: planId })));
    expect(outputs.filter((o) => o.includes('"sent":true'))).toHaveLength(1);
    expect(await readdir(path.join(workspace, "outbox"))).toEqual([`${planId}.eml`]);
  });

  it("send_email with an unknown plan id tells the model to plan first", async () => {
    const { sendEmailTool } = tools();
    await expect(async () => sendEmailTool.run({ plan_id: "plan_deadbeef" })).rejects.toThrow(/Call plan_email first/);
  });
});

describe("read_file", () => {
  it("reads a file in the workspace, and only there", async () => {
    await mkdir(path.join(workspace, "reports"));
    await writeFile(path.join(workspace, "reports", "a.txt"), "hello");
    const tool = createReadFileTool(workspace);
    expect(tool.readOnly).toBe(true);
    expect(await tool.run({ filename: "reports/a.txt" })).toBe("hello");
    await expect(async () => tool.run({ filename: "../etc/passwd" })).rejects.toThrow(/outside the workspace/);
    await expect(async () => tool.run({ filename: "/etc/passwd" })).rejects.toThrow(/outside the workspace/);
    await expect(async () => tool.run({ filename: "missing.txt" })).rejects.toThrow(/no file 'missing.txt'.*holds: reports\//);
  });

  it("does not follow a link out of the workspace", async () => {
    const outside = await mkdtemp(path.join(os.tmpdir(), "course-07-outside-"));
    try {
      await writeFile(path.join(outside, "secret.txt"), "secret");
      await symlink(path.join(outside, "secret.txt"), path.join(workspace, "link.txt"));
      await expect(async () => createReadFileTool(workspace).run({ filename: "link.txt" })).rejects.toThrow(/link that leads outside/);
    } finally {
      await rm(outside, { recursive: true, force: true });
    }
  });
});

describe("the gated executor", () => {
  const block = (id: string, name: string, input: Record<string, unknown>): Anthropic.ToolUseBlock =>
    ({ type: "tool_use", id, name, input, caller: { type: "direct" } }) as Anthropic.ToolUseBlock;

  it("answers every call once, in order: allowed ones run, refused ones get is_error with the reason", async () => {
    const tools = createAgentTools(workspace);
    const approver = approverAnswering("no");
    const execute = createGatedExecutor({ rules: rulesFrom({ allow: ["save_to_file(filename=reports/*)"], deny: ["save_to_file(filename=*.env)"] }), approver });
    const results = await execute(
      [
        block("t1", "save_to_file", { filename: "x.env", content: "A=1" }),
        block("t2", "get_exchange_rate", { from_currency: "USD", to_currency: "RUB" }),
        block("t3", "save_to_file", { filename: "reports/ok.txt", content: "ok" }),
        block("t4", "save_to_file", { filename: "notes.txt", content: "n" }),
        block("t5", "no_such_tool", {}),
      ],
      tools,
    );
    expect(results.map((r) => r.tool_use_id)).toEqual(["t1", "t2", "t3", "t4", "t5"]);
    expect(results.map((r) => r.is_error ?? false)).toEqual([true, false, false, true, true]);
    expect(String(results[0]?.content)).toMatch(/deny rule "save_to_file\(filename=\*\.env\)"/);
    expect(String(results[3]?.content)).toMatch(/answered no/);
    expect(String(results[4]?.content)).toMatch(/Unknown tool 'no_such_tool'/);
    expect(approver.asked.map((r) => r.call.name)).toEqual(["save_to_file"]);
    expect(approver.asked[0]?.call.effect).toMatch(/writes 1 characters to .*notes\.txt \(creates the file\)/);
    expect(await readdir(workspace)).toEqual(["reports"]);
  });

  it("fails closed: a gate that throws refuses the call instead of running it or crashing the loop", async () => {
    const execute = createGatedExecutor({
      rules: rulesFrom({}),
      approver: approverAnswering(),
      decide: async () => {
        throw new Error("rules file vanished");
      },
    });
    const results = await execute([block("t1", "save_to_file", { filename: "a.txt", content: "a" })], createAgentTools(workspace));
    expect(results[0]).toMatchObject({ tool_use_id: "t1", is_error: true });
    expect(String(results[0]?.content)).toMatch(/permission check failed \(rules file vanished\)/);
    expect(await readdir(workspace)).toEqual([]);
  });

  it("treats a tool that does not say it only reads as one that changes things", async () => {
    const approver = approverAnswering("no");
    const execute = createGatedExecutor({ rules: rulesFrom({}), approver });
    // The same tool with its readOnly flag left out, as a tool written without thinking of the gate would be.
    const unflagged = { ...getExchangeRateTool, readOnly: undefined, concurrencySafe: undefined };
    await execute([block("t1", "get_exchange_rate", { from_currency: "USD", to_currency: "RUB" })], [unflagged]);
    expect(approver.asked.map((r) => r.call.effect)).toEqual(["runs get_exchange_rate, which may change things outside this conversation"]);
  });
});

describe("the terminal approver (fake streams)", () => {
  async function answerWith(typed: string | null): Promise<{ answer: Answer; shown: string }> {
    const input = new PassThrough();
    const output = new PassThrough();
    let shown = "";
    output.on("data", (chunk: Buffer) => (shown += chunk.toString()));
    const approver = terminalApprover(input, output);
    const pending = approver.ask({
      call: { name: "save_to_file", input: { filename: "report.txt" }, readOnly: false, effect: "writes 10 characters to workspace/report.txt" },
      why: "save_to_file can change things, and no rule allows it",
    });
    if (typed === null) input.end();
    else input.write(`${typed}\n`);
    return { answer: await pending, shown };
  }

  it("shows the tool, its input, what it will do and why it asks, then reads y / n / a", async () => {
    const yes = await answerWith("y");
    expect(yes.answer).toBe("yes");
    expect(yes.shown).toContain("Approval needed: save_to_file");
    expect(yes.shown).toContain('input:  {"filename":"report.txt"}');
    expect(yes.shown).toContain("effect: writes 10 characters to workspace/report.txt");
    expect(yes.shown).toContain("why:    save_to_file can change things");
    expect(yes.shown).toContain("[y] yes  [n] no  [a] always allow save_to_file this session");
    expect((await answerWith("a")).answer).toBe("always");
    expect((await answerWith("n")).answer).toBe("no");
  });

  it("anything unclear is no: Enter, a typo, a closed input", async () => {
    expect((await answerWith("")).answer).toBe("no");
    expect((await answerWith("yep")).answer).toBe("no");
    expect((await answerWith(null)).answer).toBe("no");
  });

  it("parseAnswer understands Russian too", () => {
    expect(["да", "Д", "yes", " Y "].map(parseAnswer)).toEqual(["yes", "yes", "yes", "yes"]);
    expect(["всегда", "a", "ALWAYS"].map(parseAnswer)).toEqual(["always", "always", "always"]);
    expect(["нет", "n", "", "sure"].map(parseAnswer)).toEqual(["no", "no", "no", "no"]);
  });

  it("with no terminal, the approver says it cannot ask, and why", async () => {
    const approver = noTerminalApprover();
    expect(approver.canAsk).toBe(false);
    expect(approver.unavailable).toMatch(/no terminal/);
  });
});

describe("the agent on the offline model", () => {
  const client = () => createClient({ offline: true }).client;
  // The rules permissions.json ships with, written out here so that a learner's edits to the file do
  // not change what these tests expect.
  const shippedRules = async () =>
    rulesFrom({
      deny: ["save_to_file(filename=*.env)", "plan_email(to=*@competitor.example)"],
      allow: ["save_to_file(filename=reports/*)"],
      ask: ["send_email"],
    });

  it("the first sample task, with no terminal: the save is refused, nothing is written, and the answer explains what to do", async () => {
    const answer = await runAgent(client(), sampleTasks[0]!, { workspace, rules: await shippedRules(), approver: noTerminalApprover(), ...quiet });
    expect(answer).toContain("46,250 RUB");
    expect(answer).toMatch(/I did not save report\.txt/);
    expect(answer).toMatch(/no terminal/);
    expect(answer).toMatch(/run the agent in a terminal/);
    expect(answer).toContain('"allow": ["save_to_file(filename=report.txt)"]');
    expect(answer).toContain("reports/report.txt");
    expect(answer).toContain("500 USD = 46250 RUB");
    expect(await readdir(workspace)).toEqual([]);
  });

  it("the same in Russian", async () => {
    const answer = await runAgent(client(), "Сколько будет 500 долларов в рублях? Сохрани результат в файл report.txt", {
      workspace,
      rules: await shippedRules(),
      approver: noTerminalApprover(),
      ...quiet,
    });
    expect(answer).toMatch(/46\s250 RUB/); // ru-RU groups digits with a no-break space
    expect(answer).toMatch(/Я не стал сохранять report\.txt/);
    expect(answer).toMatch(/нет терминала/);
    expect(await readdir(workspace)).toEqual([]);
  });

  it("a save under reports/ is allowed by a rule: no prompt, even with no terminal", async () => {
    const answer = await runAgent(client(), sampleTasks[1]!, { workspace, rules: await shippedRules(), approver: noTerminalApprover(), ...quiet });
    expect(answer).toMatch(/Сохранено в reports\/usd-rub\.txt/);
    expect(await readFile(path.join(workspace, "reports", "usd-rub.txt"), "utf8")).toContain("500 USD = 46250 RUB");
  });

  it("a deny rule wins even when the user would say yes", async () => {
    const approver = approverAnswering("yes");
    const answer = await runAgent(client(), "Convert 100 EUR to USD and save it to config.env", { workspace, rules: await shippedRules(), approver, ...quiet });
    expect(approver.asked).toEqual([]);
    expect(answer).toMatch(/your permission rules forbid it \("deny": "save_to_file\(filename=\*\.env\)"\)/);
    expect(await readdir(workspace)).toEqual([]);
  });

  it("yes writes the file; no leaves it unwritten and the answer says so", async () => {
    const rules = await shippedRules();
    const saidYes = await runAgent(client(), sampleTasks[0]!, { workspace, rules, approver: approverAnswering("yes"), ...quiet });
    expect(saidYes).toMatch(/Saved to report\.txt/);
    const saidNo = await runAgent(client(), "Convert 100 EUR to RUB and save it to eur.txt", { workspace, rules, approver: approverAnswering("no"), ...quiet });
    expect(saidNo).toMatch(/I did not save eur\.txt, because you answered no/);
    expect((await readdir(workspace)).sort()).toEqual(["report.txt"]);
  });

  it('"always" lasts for the session: the second task saves without a prompt', async () => {
    const rules = await shippedRules();
    const approver = approverAnswering("always");
    await runAgent(client(), "Convert 100 EUR to RUB and save it to a.txt", { workspace, rules, approver, ...quiet });
    await runAgent(client(), "Convert 200 EUR to RUB and save it to b.txt", { workspace, rules, approver, ...quiet });
    expect(approver.asked.length).toBe(1);
    expect((await readdir(workspace)).sort()).toEqual(["a.txt", "b.txt"]);
  });

  it("emails the report: reads it without asking, plans, asks before sending, sends once", async () => {
    await writeFile(path.join(workspace, "report.txt"), "500 USD = 46250 RUB\n");
    const approver = approverAnswering("yes");
    const answer = await runAgent(client(), sampleTasks[2]!, { workspace, rules: await shippedRules(), approver, ...quiet });
    expect(approver.asked.map((r) => r.call.name)).toEqual(["send_email"]);
    expect(approver.asked[0]?.call.effect).toMatch(/SENDS an email to anna@example\.com/);
    expect(answer).toMatch(/Sent the email to anna@example\.com/);
    const sent = await readdir(path.join(workspace, "outbox"));
    expect(sent).toHaveLength(1);
    expect(await readFile(path.join(workspace, "outbox", sent[0]!), "utf8")).toContain("500 USD = 46250 RUB");
  });

  it("emails in Russian, with no terminal: not sent, and the answer shows the prepared email", async () => {
    await writeFile(path.join(workspace, "report.txt"), "500 USD = 46250 RUB\n");
    const answer = await runAgent(client(), sampleTasks[3]!, { workspace, rules: await shippedRules(), approver: noTerminalApprover(), ...quiet });
    expect(answer).toMatch(/Я не стал отправлять письмо на anna@example\.com/);
    expect(answer).toMatch(/Кому: anna@example\.com/);
    expect(answer).toContain("500 USD = 46250 RUB");
    expect(await readdir(workspace)).toEqual(["report.txt"]);
  });

  it("email with no report yet: says there is nothing to send and how to make one", async () => {
    const answer = await runAgent(client(), sampleTasks[2]!, { workspace, rules: await shippedRules(), approver: noTerminalApprover(), ...quiet });
    expect(answer).toMatch(/I could not read report\.txt, so there is nothing to email yet/);
  });

  it("the system prompt tells the model the rules and what a refusal means", async () => {
    const prompt = systemPrompt(await shippedRules(), DEFAULT_RULES_FILE);
    expect(prompt).toContain("- deny save_to_file(filename=*.env)");
    expect(prompt).toContain("- allow save_to_file(filename=reports/*)");
    expect(prompt).toMatch(/starts with "Not run" means the gate refused/);
  });
});

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
import { say } from "./helpers/say.ts";

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
      say(`decide() threw "${message}" for the call to ${c.name}. A refusal is an answer, not a crash: return ` +
        `{ allowed: false, reason } so the loop can send the reason to the model as an is_error result. A thrown ` +
        `error would end the agent's run instead (${FILE}).`, `decide() бросила «${message}» для вызова ${c.name}. Отказ — это ответ, а не падение: верните ` +
        `{ allowed: false, reason }, чтобы цикл отправил причину модели как результат с is_error. Брошенное ` +
        `исключение вместо этого завершило бы запуск агента (${FILE}).`),
    );
  } finally {
    clearTimeout(timer);
  }
  if (outcome === hung) {
    expect.fail(
      approver.asked.length > 0 && !approver.canAsk
        ? say(`decide() called approver.ask() although approver.canAsk is false, and is now waiting for an answer nobody ` +
            `can give. With no terminal (CI, a pipe) that run would hang forever. Check canAsk first and refuse at once (TODO 4 in ${FILE}).`, `decide() вызвала approver.ask(), хотя approver.canAsk равно \`false\`, и теперь ждёт ответа, который никто ` +
            `не может дать. Без терминала (CI, конвейер) такой запуск завис бы навсегда. Сначала проверьте canAsk и сразу откажите (TODO 4 в ${FILE}).`)
        : say(`decide() did not finish for the call to ${c.name}. Is it waiting on something that never happens? (${FILE})`, `decide() не завершилась для вызова ${c.name}. Она ждёт чего-то, что никогда не случится? (${FILE})`),
    );
  }
  expect(typeof outcome?.allowed, say(`decide() must return { allowed: boolean, reason: string }; it returned ${JSON.stringify(outcome)}.`, `decide() должна вернуть { allowed: boolean, reason: string }; она вернула ${JSON.stringify(outcome)}.`)).toBe(
    "boolean",
  );
  expect(typeof outcome.reason, say(`decide() must return a reason (a string) with its verdict; it returned ${JSON.stringify(outcome)}.`, `decide() должна вернуть вместе с вердиктом причину (строку); она вернула ${JSON.stringify(outcome)}.`)).toBe("string");
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
    expect(matches("send_email", sendEmail()), say(`The rule "send_email" should cover a call to send_email (TODO 1 in ${FILE}).`, `Правило "send_email" должно покрывать вызов send_email (TODO 1 в ${FILE}).`)).toBe(true);
    expect(matches("send_email", save("report.txt")), say('The rule "send_email" must not cover a call to save_to_file.', 'Правило "send_email" не должно покрывать вызов save_to_file.')).toBe(false);
  });

  it("lets * in a tool name cover a family of tools (*_email: plan_email and send_email)", () => {
    const send = call("send_email", { plan_id: "plan_1" });
    expect(
      matches("*_email", send),
      say(`"*_email" should cover send_email: compare names with matchesGlob(call.name, rule.tool), not ===.`, `"*_email" должно покрывать send_email: сравнивайте имена через matchesGlob(call.name, rule.tool), а не ===.`),
    ).toBe(true);
    expect(matches("*_file", send), say('"*_file" must not cover send_email.', '"*_file" не должно покрывать send_email.')).toBe(false);
  });

  it("checks the argument pattern when the rule has one", () => {
    expect(
      matches("save_to_file(filename=reports/*)", save("reports/may.txt")),
      say(`"save_to_file(filename=reports/*)" should cover filename "reports/may.txt": match input.filename against the pattern with matchesGlob (TODO 1).`, `"save_to_file(filename=reports/*)" должно покрывать filename "reports/may.txt": сравнивайте input.filename с шаблоном через matchesGlob (TODO 1).`),
    ).toBe(true);
    expect(
      matches("save_to_file(filename=reports/*)", save("report.txt")),
      say('A rule with an argument pattern covered a call whose argument does not fit: "save_to_file(filename=reports/*)" ' +
        'must not cover filename "report.txt". The tool name alone is not enough when the rule names an argument.', 'Правило с шаблоном аргумента покрыло вызов, чей аргумент не подходит: "save_to_file(filename=reports/*)" ' +
        'не должно покрывать filename "report.txt". Одного имени инструмента мало, когда правило называет аргумент.'),
    ).toBe(false);
    expect(
      matches("save_to_file(filename=*.env)", save("config/prod.env")),
      say('"save_to_file(filename=*.env)" should cover "config/prod.env" (* stands for any text, slashes included).', '"save_to_file(filename=*.env)" должно покрывать "config/prod.env" (* означает любой текст, с косыми чертами тоже).'),
    ).toBe(true);
    expect(
      matches("save_to_file(filename=reports/*)", save("reports/../secrets.txt")),
      say('"reports/../secrets.txt" is really "secrets.txt", outside reports/: pass the value to matchesGlob, which compares plain paths.', '"reports/../secrets.txt" на деле — "secrets.txt", вне reports/: передайте значение в matchesGlob, она сравнивает нормализованные пути.'),
    ).toBe(false);
  });

  it("does not match a call that lacks the argument the rule is about", () => {
    expect(
      matches("save_to_file(filename=*.env)", call("save_to_file", { content: "x" })),
      say('A call with no "filename" field is not covered by "save_to_file(filename=*.env)" (the rule says nothing about it).', 'Вызов без поля "filename" не покрыт правилом "save_to_file(filename=*.env)" (правило ничего о нём не говорит).'),
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
      say(`to: ["anna@example.com", "ceo@competitor.example"] has one recipient at competitor.example, so "${rival}" covers it ` +
        `with need "any". Comparing the whole list as one text ('["anna@...","ceo@..."]') never fits the pattern, and ` +
        `a deny rule would let the mail go out. Test each item (TODO 1 in ${FILE}).`, `У to: ["anna@example.com", "ceo@competitor.example"] один получатель в competitor.example, так что "${rival}" покрывает его ` +
        `при \`need\` "any". Весь список, сравниваемый как один текст ('["anna@...","ceo@..."]'), никогда не подходит под шаблон, и ` +
        `правило \`deny\` выпустило бы письмо. Проверяйте каждый элемент (TODO 1 в ${FILE}).`),
    ).toBe(true);
    expect(
      matches(rival, mail(["ceo@competitor.example", "anna@example.com"]), "any"),
      say("The fitting recipient was second in the list, and the rule did not cover it: look at every item, not only the first.", "Подходящий получатель стоял в списке вторым, и правило не покрыло вызов: смотрите на каждый элемент, а не только на первый."),
    ).toBe(true);
    expect(
      matches(rival, mixed, "every"),
      say('With need "every", every item must fit: anna@example.com does not, so the rule does not cover the call. An allow ' +
        "rule for one domain must not carry a stranger along.", 'При need "every" подходить должен каждый элемент: anna@example.com не подходит, так что правило вызов не покрывает. Правило `allow` ' +
        "для одного домена не должно протаскивать с собой чужого."),
    ).toBe(false);
    expect(matches(rival, mail(["a@competitor.example", "b@competitor.example"]), "every"), say('Every item fits: "every" covers it.', 'Подходит каждый элемент: "every" покрывает вызов.')).toBe(true);
    expect(matches(rival, mail(["anna@example.com", "bob@example.com"]), "any"), say("No item fits: not covered.", "Ни один элемент не подходит: не покрыт.")).toBe(false);
    expect(matches(rival, mixed), say('Without a third argument, need is "any".', 'Без третьего аргумента need равно "any".')).toBe(true);
  });

  it("an empty list, like a missing field, is not covered", { tags: "hard" }, () => {
    for (const need of ["any", "every"] as const) {
      expect(
        matches(rival, mail([]), need),
        say(`to: [] has no recipient to judge, so "${rival}" does not cover it (need "${need}"). [].every(...) is true: ` +
          "check for an empty list first, or an allow rule would cover a call it says nothing about.", `У \`to: []\` нет получателя, которого можно оценить, так что "${rival}" его не покрывает (\`need\` "${need}"). \`[].every(...)\` даёт \`true\`: ` +
          "сначала проверьте, не пуст ли список, иначе правило `allow` покроет вызов, о котором ничего не говорит."),
      ).toBe(false);
    }
    expect(matches(rival, mail(null), "any"), say("to: null is no value: not covered.", "to: `null` — это не значение: не покрыт.")).toBe(false);
    expect(
      matches("save_to_file(filename=*)", call("save_to_file", { filename: null })),
      say('filename: null is no value, so not even "filename=*" covers it (compared as the text "null", it would).', 'filename: `null` — это не значение, так что его не покрывает даже "filename=*" (а как текст "null" — покрыл бы).'),
    ).toBe(false);
  });

  it("compares numbers and booleans as their text", { tags: "hard" }, () => {
    const pay = (amount: unknown) => call("pay_invoice", { amount });
    expect(
      matches("pay_invoice(amount=1000*)", pay(10_000)),
      say('amount: 10000 is a number; compared as its text "10000" it fits "1000*". A check that only looks at strings ' +
        "(typeof value === \"string\") lets every number past a deny rule.", '`amount: 10000` — число; как текст "10000" оно подходит под "1000*". Проверка, которая смотрит только на строки ' +
        "(`typeof value === \"string\"`), пропускает любое число мимо правила `deny`."),
    ).toBe(true);
    expect(matches("pay_invoice(amount=1000*)", pay(999)), say('999 does not fit "1000*".', '999 не подходит под "1000*".')).toBe(false);
    expect(matches("pay_invoice(amount=1000*)", pay([5, 10_000])), say("A list of numbers: 10000 fits, so need \"any\" covers it.", "Список чисел: 10000 подходит, так что need \"any\" его покрывает.")).toBe(true);
    expect(matches("send_email(urgent=true)", call("send_email", { urgent: true })), say('urgent: true (a boolean) should fit the pattern "true".', 'urgent: `true` (логическое значение) должно подходить под шаблон "true".')).toBe(true);
    expect(matches("send_email(urgent=true)", call("send_email", { urgent: false })), say('urgent: false does not fit "true".', 'urgent: `false` не подходит под "true".')).toBe(false);
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
        say(`"${rule}" should cover a call with ${what}: only a missing field, null or an empty list is "no value". A check like ` +
          `if (!value) also skips 0, false and "", so a deny rule about them never fits (TODO 1 in ${FILE}).`, `"${rule}" должно покрывать вызов с \`${what}\`: «нет значения» — это только отсутствующее поле, \`null\` или пустой список. Проверка вроде ` +
          `\`if (!value)\` пропускает и 0, \`false\`, и "", так что правило \`deny\` о них никогда не подойдёт (TODO 1 в ${FILE}).`),
      ).toBe(true);
    }
  });

  it("looks only at the call's own fields", { tags: "hard" }, () => {
    expect(
      matches("save_to_file(constructor=*)", call("save_to_file", { filename: "a.txt" })),
      say('The call has no field "constructor"; input.constructor is inherited from Object. Use Object.hasOwn(call.input, name).', 'У вызова нет поля "constructor"; input.constructor унаследовано от `Object`. Используйте `Object.hasOwn(call.input, name)`.'),
    ).toBe(false);
  });
});

// --- TODO 2-5: the decision ---------------------------------------------------------------------------

describe("decide: allow, deny, ask (TODOs 2 and 3)", () => {
  it("allow: a call an allow rule covers runs without asking", async () => {
    const approver = approverAnswering();
    const verdict = await verdictOf(save("reports/may.txt"), rules({ allow: ["save_to_file(filename=reports/*)"] }), approver);
    expect(verdict.allowed, say(`An allow rule covers this call, so decide() should allow it (TODO 3 in ${FILE}). Reason given: ${verdict.reason}`, `Правило \`allow\` покрывает этот вызов, так что decide() должна его разрешить (TODO 3 в ${FILE}). Причина: «${verdict.reason}»`)).toBe(true);
    expect(approver.asked.length, say("An allow rule covers this call: nobody should have been asked.", "Правило `allow` покрывает этот вызов: никого не нужно было спрашивать.")).toBe(0);
  });

  it("deny: a call a deny rule covers is refused, with the rule named in the reason", async () => {
    const approver = approverAnswering();
    const verdict = await verdictOf(save("config.env"), rules({ deny: ["save_to_file(filename=*.env)"] }), approver);
    expect(verdict.allowed, say(`A deny rule covers this call; decide() allowed it (TODO 2 in ${FILE}).`, `Правило \`deny\` покрывает этот вызов; decide() его разрешила (TODO 2 в ${FILE}).`)).toBe(false);
    expect(approver.asked.length, say("A deny rule is final: nobody should be asked (a person could say yes to what the rules forbid).", "Правило `deny` окончательно: никого не нужно спрашивать (человек мог бы сказать «да» тому, что правила запрещают).")).toBe(0);
    expect(
      verdict.reason,
      say(`The reason goes to the model: name the deny rule so the model can tell the user which rule blocked it (use deniedByRule). Got: ${verdict.reason}`, `Причина уходит модели: назовите правило \`deny\`, чтобы модель могла сказать пользователю, какое правило остановило вызов (deniedByRule). Получено: «${verdict.reason}»`),
    ).toContain("save_to_file(filename=*.env)");
    expect(/retry/i.test(verdict.reason), say(`The reason should tell the model not to retry (the rule will not change). Got: ${verdict.reason}`, `Причина должна сказать модели не повторять вызов ("retry"): правило не изменится. Получено: «${verdict.reason}»`)).toBe(true);
    expect(
      /change the rule|themselves|yourself/i.test(verdict.reason),
      say(`The reason should say what the user can do (change the rule, or do it themselves). Got: ${verdict.reason}`, `Причина должна сказать, что может сделать пользователь (изменить правило или сделать это сам). Получено: «${verdict.reason}»`),
    ).toBe(true);
  });

  it("deny beats allow, whatever order you check the lists in", async () => {
    const r = rules({ allow: ["save_to_file"], deny: ["save_to_file(filename=*.env)"] });
    const verdict = await verdictOf(save("secrets.env"), r, approverAnswering());
    expect(
      verdict.allowed,
      say('Both "allow save_to_file" and "deny save_to_file(filename=*.env)" cover secrets.env, and decide() allowed it: ' +
        `allow was checked before deny. Check deny rules first: a broad allow must not erase a line drawn for safety (TODO 2 in ${FILE}).`, 'И "allow save_to_file", и "deny save_to_file(filename=*.env)" покрывают secrets.env, а decide() разрешила вызов: ' +
        `\`allow\` проверено раньше \`deny\`. Сначала проверяйте правила \`deny\`: широкое разрешение не должно стирать черту, проведённую ради безопасности (TODO 2 в ${FILE}).`),
    ).toBe(false);
  });

  it("deny applies to read-only tools too", async () => {
    const planToRival = call("plan_email", { to: "boss@competitor.example", subject: "Hi", body: "..." }, true);
    const verdict = await verdictOf(planToRival, rules({ deny: ["plan_email(to=*@competitor.example)"] }), approverAnswering());
    expect(
      verdict.allowed,
      say("A deny rule covers this read-only call and decide() let it run: the read-only shortcut was checked before deny rules. Deny comes first.", "Правило `deny` покрывает этот вызов, который только читает, а decide() дала ему выполниться: короткий путь для чтения проверен раньше правил `deny`. Запрет идёт первым."),
    ).toBe(false);
  });

  it("read-only tools run without asking", async () => {
    const approver = approverAnswering("no");
    const verdict = await verdictOf(lookup(), rules(), approver);
    expect(
      approver.asked.length,
      say("decide() asked the user about get_exchange_rate, which only reads. Asking about every harmless lookup trains people " +
        `to say yes without reading. With no rule about it, a read-only call runs (TODO 3 in ${FILE}).`, "decide() спросила пользователя о get_exchange_rate, который только читает. Вопросы о каждом безобидном запросе приучают людей " +
        `говорить «да», не читая. Если о нём нет правила, вызов, который только читает, выполняется (TODO 3 в ${FILE}).`),
    ).toBe(0);
    expect(verdict.allowed, say("A read-only call with no rule about it should be allowed.", "Вызов, который только читает и о котором нет правила, должен быть разрешён.")).toBe(true);
  });

  it("a tool that changes things, with no rule about it, is asked about (not run silently)", async () => {
    const approver = approverAnswering("yes");
    await verdictOf(save("report.txt"), rules(), approver);
    expect(
      approver.asked.length,
      say("save_to_file is not read-only and no rule allows it, yet nobody was asked. The default for anything that may " +
        `change things is ask, not allow (TODO 4-5 in ${FILE}).`, "save_to_file не только читает, и ни одно правило его не разрешает, а никого не спросили. По умолчанию для всего, что может " +
        `что-то менять, — спросить, а не разрешить (TODO 4-5 в ${FILE}).`),
    ).toBe(1);
  });

  it("an ask rule beats an allow rule (Claude Code's order: deny, then ask, then allow)", async () => {
    const r = rules({ allow: ["save_to_file"], ask: ["save_to_file(filename=*.md)"] });
    const approver = approverAnswering("yes");
    const plain = await verdictOf(save("report.txt"), r, approver);
    expect(plain.allowed && approver.asked.length === 0, say("report.txt is covered by the allow rule and by no ask rule: run it without asking.", "report.txt покрыт правилом `allow` и ни одним правилом `ask`: выполните, не спрашивая.")).toBe(true);
    await verdictOf(save("notes.md"), r, approver);
    expect(
      approver.asked.length,
      say('notes.md is covered by "ask save_to_file(filename=*.md)" and by "allow save_to_file", and decide() ran it without asking: ' +
        `allow was checked before ask. Check ask rules right after deny rules, as Claude Code does (TODO 3 in ${FILE}).`, 'notes.md покрыт и "ask save_to_file(filename=*.md)", и "allow save_to_file", а decide() выполнила его, не спрашивая: ' +
        `\`allow\` проверено раньше \`ask\`. Проверяйте правила \`ask\` сразу после правил \`deny\`, как Claude Code (TODO 3 в ${FILE}).`),
    ).toBe(1);
  });

  it("an ask rule applies even to a read-only tool", async () => {
    const approver = approverAnswering("yes");
    await verdictOf(lookup(), rules({ ask: ["get_exchange_rate"] }), approver);
    expect(
      approver.asked.length,
      say('The rule "ask get_exchange_rate" should make decide() ask, even though the tool only reads: check ask rules before the read-only shortcut.', 'Правило "ask get_exchange_rate" должно заставить decide() спросить, хотя инструмент только читает: проверяйте правила `ask` раньше короткого пути для чтения.'),
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
      say('Two deny rules name read_file; the second, "*.env", fits prod.env, and decide() let the read run: it stopped at the ' +
        `first rule for the tool. Find the first rule that COVERS the call (rules.deny.find(rule => ruleMatches(...))) (TODO 2 in ${FILE}).`, 'Два правила `deny` называют read_file; второе, "*.env", подходит к prod.env, а decide() дала чтению выполниться: она остановилась на ' +
        `первом правиле для инструмента. Найдите первое правило, которое ПОКРЫВАЕТ вызов (rules.deny.find(rule => ruleMatches(...))) (TODO 2 в ${FILE}).`),
    ).toBe(false);
    expect(verdict.reason, say(`Name the rule that fitted. Got: ${verdict.reason}`, `Назовите подошедшее правило. Получено: «${verdict.reason}»`)).toContain("read_file(path=*.env)");
  });

  it("looks at every allow rule: the second one lets the call through without asking", async () => {
    const r = rules({ allow: ["save_to_file(filename=reports/*)", "save_to_file(filename=drafts/*)"] });
    const approver = approverAnswering("no");
    const verdict = await verdictOf(save("drafts/may.txt"), r, approver);
    expect(verdict.allowed && approver.asked.length === 0, say('The second allow rule, "drafts/*", covers drafts/may.txt: run it without asking.', 'Второе правило `allow`, "drafts/*", покрывает drafts/may.txt: выполните, не спрашивая.')).toBe(true);
  });

  it("denies a list of recipients when one of them is denied, even with an allow rule for the tool", { tags: "hard" }, async () => {
    const r = rules({ allow: ["plan_email"], deny: ["plan_email(to=*@competitor.example)"] });
    const toBoth = call("plan_email", { to: ["anna@example.com", "ceo@competitor.example"], subject: "Q3", body: "..." }, true);
    const approver = approverAnswering("yes");
    const verdict = await verdictOf(toBoth, r, approver);
    expect(
      verdict.allowed,
      say('One of the two recipients is at competitor.example, which a deny rule forbids, and decide() let the plan through. A deny ' +
        'rule covers a list when ANY item fits: ruleMatches(rule, call, "any") for deny rules.', 'Один из двух получателей в competitor.example, что запрещает правило `deny`, а decide() пропустила план. Правило `deny` ' +
        'покрывает список, когда подходит ЛЮБОЙ элемент: ruleMatches(rule, call, "any") для правил `deny`.'),
    ).toBe(false);
    expect(approver.asked.length, say("A denied call is never asked about.", "О запрещённом вызове никогда не спрашивают.")).toBe(0);
  });

  it("does not let an allow rule cover a list when only some items fit: it asks", { tags: "hard" }, async () => {
    const r = rules({ allow: ["send_email(to=*@example.com)"] });
    const approver = approverAnswering("no");
    const toMixed = call("send_email", { to: ["anna@example.com", "ceo@competitor.example"], plan_id: "plan_1" });
    const verdict = await verdictOf(toMixed, r, approver);
    expect(
      approver.asked.length,
      say('"allow send_email(to=*@example.com)" fits anna@example.com but not ceo@competitor.example, and decide() ran the call ' +
        'without asking. An allow rule covers a list only when EVERY item fits: ruleMatches(rule, call, "every") for allow rules (TODO 3).', '"allow send_email(to=*@example.com)" подходит к anna@example.com, но не к ceo@competitor.example, а decide() выполнила вызов, ' +
        'не спрашивая. Правило `allow` покрывает список, только когда подходит КАЖДЫЙ элемент: ruleMatches(rule, call, "every") для правил `allow` (TODO 3).'),
    ).toBe(1);
    expect(verdict.allowed, say("The user answered no.", "Пользователь ответил «нет».")).toBe(false);
    const allMine = await verdictOf(call("send_email", { to: ["anna@example.com", "bob@example.com"], plan_id: "plan_2" }), r, approver);
    expect(allMine.allowed && approver.asked.length === 1, say("Both recipients fit the allow rule: run it, without asking.", "Оба получателя подходят под правило `allow`: выполните, не спрашивая.")).toBe(true);
  });

  it("asks about a read-only call when an ask rule fits one item of a list", { tags: "hard" }, async () => {
    const r = rules({ ask: ["plan_email(to=*@competitor.example)"] });
    const approver = approverAnswering("yes");
    await verdictOf(call("plan_email", { to: ["anna@example.com", "ceo@competitor.example"], subject: "Q3", body: "..." }, true), r, approver);
    expect(approver.asked.length, say('An ask rule covers a list when ANY item fits ("any"): decide() should ask, even for a read-only tool.', 'Правило `ask` покрывает список, когда подходит ЛЮБОЙ элемент ("any"): decide() должна спросить, даже для инструмента, который только читает.')).toBe(1);
  });

  it("denies by a number", { tags: "hard" }, async () => {
    const r = rules({ allow: ["pay_invoice"], deny: ["pay_invoice(amount=1000*)"] });
    const verdict = await verdictOf(call("pay_invoice", { amount: 10_000, to: "supplier" }), r, approverAnswering("yes"));
    expect(verdict.allowed, say('amount: 10000 (a number) fits "deny pay_invoice(amount=1000*)" compared as text; decide() let it through.', 'amount: 10000 (число), сравниваемое как текст, подходит под "deny pay_invoice(amount=1000*)"; decide() его пропустила.')).toBe(false);
  });
});

describe("decide: asking a person (TODOs 4 and 5)", () => {
  it("ask -> yes: the call runs, and the person saw which call it was", async () => {
    const approver = approverAnswering("yes");
    const c = save("report.txt");
    const verdict = await verdictOf(c, rules({ ask: ["save_to_file"] }), approver);
    expect(verdict.allowed, say("The user answered yes; decide() should allow the call.", "Пользователь ответил «да»; decide() должна разрешить вызов.")).toBe(true);
    expect(approver.asked.length, say(`decide() should ask exactly once (TODO 5 in ${FILE}).`, `decide() должна спросить ровно один раз (TODO 5 в ${FILE}).`)).toBe(1);
    expect(approver.asked[0]?.call, say("approver.ask() should get { call, why } with the call being decided, so the prompt can show it.", "approver.ask() должен получить { call, why } с решаемым вызовом, чтобы вопрос мог его показать.")).toEqual(c);
  });

  it("ask -> no: the call is refused with a reason the model can act on", async () => {
    const verdict = await verdictOf(save("report.txt"), rules({ ask: ["save_to_file"] }), approverAnswering("no"));
    expect(verdict.allowed, say("The user answered no; decide() allowed the call anyway.", "Пользователь ответил «нет»; decide() всё равно разрешила вызов.")).toBe(false);
    expect(
      /\bno\b|declin|refus/i.test(verdict.reason) && verdict.reason.includes("save_to_file"),
      say(`The reason should tell the model that the user said no to save_to_file (use declinedByUser). Got: ${verdict.reason}`, `Причина должна сказать модели, что пользователь ответил «нет» на save_to_file (declinedByUser). Получено: «${verdict.reason}»`),
    ).toBe(true);
    expect(/retry/i.test(verdict.reason), say(`The reason should tell the model not to retry the same call. Got: ${verdict.reason}`, `Причина должна сказать модели не повторять тот же вызов ("retry"). Получено: «${verdict.reason}»`)).toBe(true);
    expect(
      /different|themselves|yourself/i.test(verdict.reason),
      say(`The reason should suggest what next: ask whether the user wants something different, or to do it themselves. Got: ${verdict.reason}`, `Причина должна подсказать, что дальше: спросить, не хочет ли пользователь чего-то другого, или сделать это самому. Получено: «${verdict.reason}»`),
    ).toBe(true);
  });

  it("says why it allowed a call: the rule, a read-only tool, or the user's answer", async () => {
    const byRule = await verdictOf(save("reports/a.txt"), rules({ allow: ["save_to_file(filename=reports/*)"] }), approverAnswering());
    expect(byRule.reason, say(`An allowed call's reason is shown to the person (why did this run?): name the allow rule. Got: ${byRule.reason}`, `Причину разрешённого вызова показывают человеку (почему это выполнилось?): назовите правило \`allow\`. Получено: «${byRule.reason}»`)).toContain(
      "save_to_file(filename=reports/*)",
    );
    const byReading = await verdictOf(lookup(), rules(), approverAnswering());
    expect(byReading.reason, say(`Say the call runs because ${lookup().name} only reads. Got: ${byReading.reason}`, `Скажите, что вызов выполняется, потому что ${lookup().name} только читает ("read"). Получено: «${byReading.reason}»`)).toMatch(/read/i);
    const byYes = await verdictOf(save("a.txt"), rules(), approverAnswering("yes"));
    expect(byYes.reason, say(`Say the user approved it. Got: ${byYes.reason}`, `Скажите, что пользователь его одобрил ("approved"). Получено: «${byYes.reason}»`)).toMatch(/approv|user|yes/i);
    const r = rules();
    const byAlways = await verdictOf(save("a.txt"), r, approverAnswering("always"));
    expect(byAlways.reason, say(`Say the user allowed save_to_file for this session. Got: ${byAlways.reason}`, `Скажите, что пользователь разрешил save_to_file на эту сессию ("session"). Получено: «${byAlways.reason}»`)).toMatch(/always|session/i);
    expect(
      r.allow[0]?.source ?? "",
      say('The allow rule "always" adds is quoted back to people: give it a source that names the tool and says it came from "always".', 'Правило `allow`, которое добавляет "always", потом цитируют людям: дайте ему source, который называет инструмент и говорит, что оно из "always".'),
    ).toMatch(/save_to_file.*always|always.*save_to_file/i);
  });

  it('ask -> always: allowed, and the same tool is not asked about again this session', async () => {
    const r = rules();
    const approver = approverAnswering("always");
    const first = await verdictOf(save("a.txt"), r, approver);
    const second = await verdictOf(save("b.txt"), r, approver);
    expect(
      approver.asked.length,
      say('"always" was not remembered: the user was asked again about save_to_file (for another file). Remember it for the ' +
        `tool, whatever its input, by adding an allow rule { tool: call.name } to rules.allow (TODO 5 in ${FILE}).`, '"always" не запомнено: пользователя снова спросили о save_to_file (для другого файла). Запомните ответ для ' +
        `инструмента, каким бы ни был его ввод, добавив правило \`allow\` { tool: call.name } в rules.allow (TODO 5 в ${FILE}).`),
    ).toBe(1);
    expect(first.allowed && second.allowed, say('After "always", both saves should be allowed.', 'После "always" обе записи должны быть разрешены.')).toBe(true);
  });

  it('"always" is for that one tool, not for every tool', async () => {
    const r = rules();
    const approver = approverAnswering("always", "no");
    await verdictOf(save("a.txt"), r, approver);
    const email = await verdictOf(sendEmail(), r, approver);
    expect(
      approver.asked.length,
      say('"always" for save_to_file was remembered for every tool: send_email ran without asking. Remember the tool\'s ' +
        "name ({ tool: call.name }), not a flag that lets everything through.", '"always" для save_to_file запомнено для всех инструментов: send_email выполнился, не спрашивая. Запоминайте ' +
        "имя инструмента ({ tool: call.name }), а не флаг, который пропускает всё."),
    ).toBe(2);
    expect(email.allowed, say("The user answered no about send_email.", "Пользователь ответил «нет» про send_email.")).toBe(false);
  });

  it('"always" does not beat a deny rule', async () => {
    const r = rules({ deny: ["save_to_file(filename=*.env)"] });
    const approver = approverAnswering("always");
    await verdictOf(save("a.txt"), r, approver);
    const secret = await verdictOf(save("prod.env"), r, approver);
    expect(
      secret.allowed,
      say('"always" let save_to_file write prod.env, which a deny rule forbids. Remembered answers are allow rules, and deny still comes first.', '"always" позволило save_to_file записать prod.env, что запрещает правило `deny`. Запомненные ответы — это правила `allow`, а запрет по-прежнему идёт первым.'),
    ).toBe(false);
  });

  it('"always" lasts one session: a new set of rules asks again', async () => {
    await verdictOf(save("a.txt"), rules(), approverAnswering("always"));
    const approver = approverAnswering("yes");
    await verdictOf(save("b.txt"), rules(), approver);
    expect(
      approver.asked.length,
      say('"always" from another session leaked into this one (a new rules object): it is kept somewhere global. Keep it ' +
        "in the rules object the gate was given (rules.allow), which lives as long as the session.", '"always" из другой сессии просочилось в эту (новый объект правил): оно хранится где-то глобально. Храните его ' +
        "в объекте правил, который дали проверке (rules.allow): он живёт столько же, сколько сессия."),
    ).toBe(1);
  });

  it('"always" does not silence an ask rule: that call runs, and the rule asks again next time', async () => {
    const r = rules({ ask: ["save_to_file(filename=*.md)"] });
    const approver = approverAnswering("always", "no");
    const first = await verdictOf(save("a.md"), r, approver);
    expect(first.allowed, say('The user answered "always": this call runs.', 'Пользователь ответил "always": этот вызов выполняется.')).toBe(true);
    expect(
      first.reason,
      say(`The reason should say the ask rule will still ask next time (an "always" is an allow rule, and ask comes before allow). Got: ${first.reason}`, `Причина должна сказать, что правило \`ask\` в следующий раз снова спросит ("always" — это правило \`allow\`, а \`ask\` идёт раньше \`allow\`). Получено: «${first.reason}»`),
    ).toContain("save_to_file(filename=*.md)");
    await verdictOf(save("b.md"), r, approver);
    expect(
      approver.asked.length,
      say('"always" silenced the rule "ask save_to_file(filename=*.md)": b.md ran without asking. The remembered answer is an allow ' +
        "rule, and ask rules come before allow rules, as in Claude Code.", '"always" заглушило правило "ask save_to_file(filename=*.md)": b.md выполнился, не спрашивая. Запомненный ответ — это правило `allow`, ' +
        "а правила `ask` проверяются раньше правил `allow`, как в Claude Code."),
    ).toBe(2);
  });

  it("tells the person why it asks: the ask rule, or that nothing allows a tool that changes things", async () => {
    const approver = approverAnswering("yes", "yes");
    await verdictOf(save("notes.txt"), rules({ ask: ["save_to_file(filename=*.txt)"] }), approver);
    expect(approver.asked[0]?.why, say(`why should name the ask rule that matched (its source). Got: ${approver.asked[0]?.why}`, `\`why\` должно назвать сработавшее правило \`ask\` (его source). Получено: «${approver.asked[0]?.why}»`)).toContain(
      "save_to_file(filename=*.txt)",
    );
    await verdictOf(save("notes.md"), rules(), approver);
    const why = approver.asked[1]?.why ?? "";
    expect(/chang/i.test(why) && /rule/i.test(why), say(`With no ask rule, why should say the tool can change things and no rule allows it. Got: ${why}`, `Без правила \`ask\` поле \`why\` должно сказать, что инструмент может что-то менять ("change") и ни одно правило ("rule") его не разрешает. Получено: «${why}»`)).toBe(true);
  });

  it("refuses an answer that is not exactly yes or always", async () => {
    for (const odd of ["Yes", "y", true, undefined]) {
      const verdict = await verdictOf(save("report.txt"), rules({ ask: ["save_to_file"] }), approverAnswering(odd as Answer));
      expect(
        verdict.allowed,
        say(`The approver answered ${JSON.stringify(odd)}, which is not "yes" or "always", and decide() let the call run. Only ` +
          'an exact "yes" or "always" allows; anything else is a no (when in doubt, refuse).', `Подтверждающий ответил ${JSON.stringify(odd)}, а это не "yes" и не "always", и decide() дала вызову выполниться. Разрешают ` +
          'только точные "yes" или "always"; всё остальное — «нет» (в сомнении откажите).'),
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
    expect(verdict.allowed, say("approver.ask() rejected: nobody answered, so the call must not run.", "approver.ask() отклонился: никто не ответил, так что вызов не должен выполняться.")).toBe(false);
    expect(
      /approv/i.test(verdict.reason) && verdict.reason.includes("save_to_file"),
      say(`The reason should say save_to_file needed approval that nobody gave (nobodyToAsk). Got: ${verdict.reason}`, `Причина должна сказать, что save_to_file требовал одобрения ("approval"), которое никто не дал (nobodyToAsk). Получено: «${verdict.reason}»`),
    ).toBe(true);
    expect(verdict.reason, say(`Nobody answered, so the reason must not say the user answered no. Got: ${verdict.reason}`, `Никто не ответил, так что причина не должна говорить, что пользователь ответил «нет». Получено: «${verdict.reason}»`)).not.toMatch(/answered no/i);
    expect(verdict.reason, say(`Say what went wrong: include the error's message ("stdin closed"). Got: ${verdict.reason}`, `Скажите, что пошло не так: включите сообщение ошибки ("stdin closed"). Получено: «${verdict.reason}»`)).toContain("stdin closed");
  });

  it("no terminal: refuse at once, without asking, and tell the model why and what the user can do", async () => {
    const approver = nobodyThere();
    const verdict = await verdictOf(save("report.txt"), rules({ ask: ["save_to_file"] }), approver);
    expect(verdict.allowed, say(`Nobody can approve this call (approver.canAsk is false), yet decide() allowed it (TODO 4 in ${FILE}).`, `Одобрить этот вызов некому (approver.canAsk равно \`false\`), а decide() его разрешила (TODO 4 в ${FILE}).`)).toBe(false);
    expect(approver.asked.length, say("approver.canAsk is false, yet decide() called approver.ask().", "approver.canAsk равно `false`, а decide() вызвала approver.ask().")).toBe(0);
    const reason = verdict.reason;
    expect(reason, say(`The reason should name the tool (save_to_file). Got: ${reason}`, `Причина должна назвать инструмент (save_to_file). Получено: «${reason}»`)).toContain("save_to_file");
    expect(
      /approv/i.test(reason) && /terminal|nobody|no one/i.test(reason),
      say(`The reason should say the call needs approval and nobody could give it (no terminal), so the model can explain (use nobodyToAsk). Got: ${reason}`, `Причина должна сказать, что вызову нужно одобрение и дать его некому (нет терминала), чтобы модель могла объяснить (nobodyToAsk). Получено: «${reason}»`),
    ).toBe(true);
    expect(
      /user/i.test(reason) && /(yourself|themselves|themself|run .*terminal|allow rule|approve)/i.test(reason),
      say(`The reason should suggest what the user can do: approve it in a terminal, add an allow rule, or do it themselves. Got: ${reason}`, `Причина должна подсказать, что может сделать пользователь: одобрить в терминале, добавить правило \`allow\` или сделать это сам. Получено: «${reason}»`),
    ).toBe(true);
    expect(
      reason,
      say("The reason should pass on why nobody can answer, approver.unavailable (here \"there is no terminal to ask on (test)\"): " +
        `nobodyToAsk(call, approver.unavailable), so the model can tell the user what to change (TODO 4 in ${FILE}). Got: ${reason}`, "Причина должна передать, почему ответить некому, — approver.unavailable (здесь \"there is no terminal to ask on (test)\"): " +
        `nobodyToAsk(call, approver.unavailable), чтобы модель могла сказать пользователю, что изменить (TODO 4 в ${FILE}). Получено: «${reason}»`),
    ).toContain("there is no terminal to ask on (test)");
  });

  it("no terminal and no word on why: the reason still says nobody could approve it", { tags: "hard" }, async () => {
    const silent: RecordingApprover = { canAsk: false, asked: [], ask: () => new Promise<Answer>(() => undefined) };
    const verdict = await verdictOf(save("report.txt"), rules(), silent);
    expect(verdict.allowed).toBe(false);
    expect(
      /nobody|no one/i.test(verdict.reason) && /retry/i.test(verdict.reason),
      say(`approver.unavailable is not set: nobodyToAsk(call, undefined) should still say nobody could approve it, and not to retry. Got: ${verdict.reason}`, `approver.unavailable не задано: nobodyToAsk(call, undefined) всё равно должна сказать, что одобрить было некому ("nobody") и повторять не надо ("retry"). Получено: «${verdict.reason}»`),
    ).toBe(true);
  });

  it("no terminal still lets read-only and allowed calls through", async () => {
    const approver = nobodyThere();
    const r = rules({ allow: ["save_to_file(filename=reports/*)"] });
    expect((await verdictOf(lookup(), r, approver)).allowed, say("A read-only call needs nobody's approval, terminal or not.", "Вызову, который только читает, ничьё одобрение не нужно, есть терминал или нет.")).toBe(true);
    expect((await verdictOf(save("reports/a.txt"), r, approver)).allowed, say("A call an allow rule covers needs no terminal.", "Вызову, который покрывает правило `allow`, терминал не нужен.")).toBe(true);
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
        const seenRu = `вызов ${JSON.stringify(c)}; deny ${JSON.stringify(deny.map((x) => x.source))}, allow ${JSON.stringify(
          allow.map((x) => x.source),
        )}, ask ${JSON.stringify(ask.map((x) => x.source))}, canAsk ${canAsk}, ответ ${answer}: ${JSON.stringify(verdict)}, вопросов ${approver.asked.length}`;

        if (deny.some((x) => covers(x, c, "any"))) {
          expect(verdict.allowed, say(`A deny rule covers this call, so it must be refused, whatever else matches. ${seen}`, `Правило \`deny\` покрывает этот вызов, так что ему нужно отказать, что бы ещё ни подходило. ${seenRu}`)).toBe(false);
          expect(approver.asked.length, say(`A denied call is never asked about. ${seen}`, `О запрещённом вызове никогда не спрашивают. ${seenRu}`)).toBe(0);
        }
        if (!canAsk) expect(approver.asked.length, say(`Nobody can answer (canAsk false), yet approver.ask() was called. ${seen}`, `Ответить некому (canAsk равно \`false\`), а approver.ask() был вызван. ${seenRu}`)).toBe(0);
        expect(approver.asked.length, say(`decide() asks at most once per call. ${seen}`, `decide() спрашивает не больше одного раза на вызов. ${seenRu}`)).toBeLessThanOrEqual(1);
        if (verdict.allowed) {
          const byRule = allow.some((x) => covers(x, c, "every")) && !ask.some((x) => covers(x, c, "any"));
          const byReading = c.readOnly && !ask.some((x) => covers(x, c, "any"));
          const byPerson = approver.asked.length === 1 && (answer === "yes" || answer === "always");
          expect(
            byRule || byReading || byPerson,
            say(`Allowed without a yes, a read-only tool, or an allow rule covering every value (and no ask rule covering any). ${seen}`, `Разрешено без «да», без инструмента, который только читает, и без правила \`allow\`, покрывающего каждое значение (и без правила \`ask\`, покрывающего хоть одно). ${seenRu}`),
          ).toBe(true);
        } else {
          expect(verdict.reason, say(`A refusal's reason names the tool, for the model. ${seen}`, `Причина отказа называет инструмент, для модели. ${seenRu}`)).toContain(c.name);
        }
        expect(r.deny, say(`decide() must not change the deny rules. ${seen}`, `decide() не должна менять правила \`deny\`. ${seenRu}`)).toEqual(deny);
        expect(r.ask, say(`decide() must not change the ask rules. ${seen}`, `decide() не должна менять правила \`ask\`. ${seenRu}`)).toEqual(ask);
        const added = r.allow.slice(allow.length);
        if (approver.asked.length === 1 && answer === "always") {
          expect(added.length, say(`The person answered "always": remember it with one allow rule in rules.allow. ${seen}`, `Человек ответил "always": запомните это одним правилом \`allow\` в rules.allow. ${seenRu}`)).toBe(1);
        }
        expect(r.allow.slice(0, allow.length), say(`decide() must not change the existing allow rules. ${seen}`, `decide() не должна менять уже существующие правила \`allow\`. ${seenRu}`)).toEqual(allow);
        if (added.length > 0) {
          expect(answer === "always" && verdict.allowed && approver.asked.length === 1, say(`An allow rule was added without an "always". ${seen}`, `Правило \`allow\` добавлено без "always". ${seenRu}`)).toBe(true);
          expect(
            added.map((x) => [x.tool, x.argument]),
            say(`"always" adds one allow rule, for this tool by its exact name, with no argument. ${seen}`, `"always" добавляет одно правило \`allow\` для этого инструмента по его точному имени, без аргумента. ${seenRu}`),
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
      say("plan_email only reads and no rule covers it, so your gate should have let it run without asking. " +
        `Its result was: ${resultText(results[0])}`, "plan_email только читает, и ни одно правило его не покрывает, так что ваша проверка разрешений должна была выполнить его, не спрашивая. " +
        `Его результат, как его получила модель:\n  ← ${resultText(results[0]).replace(/\n/g, "\n  ← ")}`),
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

    expect(mock.rejections.map((r) => r.problem.message), say("The API would have rejected a request from this run.", "API отклонил бы запрос из этого запуска.")).toEqual([]);
    const results = mock.toolResults();
    expectPlanned(results);
    expect(
      results.map((r) => r.is_error ?? false),
      say(`Expected plan_email, send_email and send_email again to all run (the user approved). Results: ${results.map((r) => resultText(r)).join(" | ")}`, `Ожидалось, что выполнятся plan_email, send_email и снова send_email (пользователь одобрил). Результаты: ${results.map((r) => `«${resultText(r)}»`).join(" | ")}`),
    ).toEqual([false, false, false]);
    expect(
      approver.asked.map((r) => r.call.name),
      say("The user should be asked about each send_email (the rule says ask), and never about plan_email, which only reads.", "Пользователя нужно спросить о каждом send_email (правило говорит `ask`) и никогда — о plan_email, который только читает."),
    ).toEqual(["send_email", "send_email"]);
    expect(await outbox(), say("Exactly one email should be in the outbox: one plan is sent at most once.", "В outbox должно быть ровно одно письмо: один план отправляется не больше одного раза.")).toEqual([`${planId}.eml`]);
    expect(resultText(results[2]), say("The second send_email of the same plan should say it was already sent.", "Второй send_email того же плана должен сказать, что письмо уже отправлено («already sent»).")).toMatch(/already.sent/i);
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
      say("Your gate called approver.ask() although approver.canAsk is false: with no terminal that waits forever. Refuse at once instead.", "Ваша проверка разрешений вызвала approver.ask(), хотя approver.canAsk равно `false`: без терминала это ожидание навсегда. Вместо этого сразу откажите."),
    ).toBe(0);
    expectPlanned(mock.toolResults());
    const refusal = mock.toolResults()[1];
    expect(refusal?.is_error, say(`send_email needed approval nobody could give: its tool_result should have is_error: true. Got: ${resultText(refusal)}`, `send_email требовал одобрения, которое некому дать: у его tool_result должно быть is_error: true. Получено: «${resultText(refusal)}»`)).toBe(true);
    expect(resultText(refusal), say("The refusal the model reads should explain itself (no terminal, approval needed).", "Отказ, который читает модель, должен объяснять себя (нет терминала, нужно одобрение).")).toMatch(/approv/i);
    expect(await outbox(), say("Nothing may be sent when nobody approved it.", "Ничего нельзя отправлять, если никто не одобрил.")).toEqual([]);
    expect(mock.turnsUsed(), say("After the refusal the model should get its turn to explain: the loop must go on, not stop or crash.", "После отказа модель должна получить ход, чтобы объяснить: цикл должен продолжиться, а не остановиться или упасть.")).toBe(3);
    expect(answer).toContain("could not send");
  });
});

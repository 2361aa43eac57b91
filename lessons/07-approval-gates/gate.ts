// The permission gate: before a tool runs, the harness (not the model) decides whether it may.
//
//   1. A deny rule matches          -> refuse. Nothing outranks a "never".
//   2. An ask rule matches          -> ask the person, even if an allow rule matches too.
//   3. An allow rule matches        -> run. ("always" answered earlier adds one, for this session.)
//   4. No rule: the tool only reads -> run. Reading changes nothing.
//   5. No rule, it changes things   -> ask the person.
//
// Deny, then ask, then allow is the order Claude Code evaluates its own permission rules in (the first
// match wins), so rules written for this gate mean the same there. docs/SOURCES.md has the source.
//
// Asking needs someone to answer. With no terminal the gate refuses at once and says why.
// A refusal is a Verdict, never an exception: the loop sends it to the model as an is_error result,
// and the model can explain it to the user and suggest what to do.

import { messages } from "../../shared/i18n/messages.ts";
import type { Approver } from "./approver.ts";
import { matchesGlob, type GateCall, type PermissionRules, type Rule, type Verdict } from "./permissions.ts";

// How many items of a list field must fit a rule's pattern. "any" for deny and ask: one forbidden
// recipient is enough to refuse or to ask. "every" for allow: an allowed name must not carry a
// stranger in along with it.
export type Need = "any" | "every";

// Does this rule cover this call? The tool name must fit, and so must the input field it names, if any.
export function ruleMatches(rule: Rule, call: GateCall, need: Need = "any"): boolean {
  if (!matchesGlob(call.name, rule.tool)) return false;
  if (!rule.argument) return true;
  const { name, pattern } = rule.argument;
  // Only the call's own fields: every object inherits a "constructor", but the model did not send one.
  const value = Object.hasOwn(call.input, name) ? call.input[name] : undefined;
  // A rule about a field the call does not have says nothing about this call; an empty list is no field.
  if (value === undefined || value === null) return false;
  const items: unknown[] = Array.isArray(value) ? value : [value];
  if (items.length === 0) return false;
  // A number or a boolean is compared as its text: 1000 as "1000", true as "true".
  const fits = (item: unknown) => matchesGlob(typeof item === "string" ? item : String(JSON.stringify(item)), pattern);
  return need === "every" ? items.every(fits) : items.some(fits);
}

export async function decide(call: GateCall, rules: PermissionRules, approver: Approver): Promise<Verdict> {
  const find = (list: Rule[], need: Need) => list.find((rule) => ruleMatches(rule, call, need));
  // Why a call runs, and why the card asks, are read by the learner: in their language (COURSE_LANG).
  const say = messages().gate;

  // Deny first: an allow rule written later to stop the prompts must not erase a line drawn for safety.
  const denied = find(rules.deny, "any");
  if (denied) return { allowed: false, reason: deniedByRule(call, denied) };

  // Ask before allow: "always ask before send_email" is also a line drawn on purpose, and a broad allow
  // rule (or an "always" answered in a hurry) must not silence it.
  const askRule = find(rules.ask, "any");
  if (!askRule) {
    const allowed = find(rules.allow, "every");
    if (allowed) return { allowed: true, reason: say.allowedByRule(allowed.source) };
    if (call.readOnly) return { allowed: true, reason: say.onlyReads(call.name) };
  }

  if (!approver.canAsk) return { allowed: false, reason: nobodyToAsk(call, approver.unavailable) };

  const why = askRule ? say.askRuleSays(askRule.source) : say.mayChange(call.name);
  const answer = await approver.ask({ call, why });
  if (answer === "always") {
    // Remembered for this tool only, in memory only: the file on disk does not change.
    rules.allow.push({ tool: call.name, source: say.alwaysRule(call.name) });
    // An ask rule still comes first next time: "always" only ends the questions no rule asks for.
    if (askRule) return { allowed: true, reason: say.approvedAskAgain(askRule.source) };
    return { allowed: true, reason: say.allowedForSession(call.name) };
  }
  if (answer === "yes") return { allowed: true, reason: say.approved };
  return { allowed: false, reason: declinedByUser(call) };
}

// The three refusals. Each tells the model what happened, that retrying will not help, and what
// the user can do, so the model explains instead of trying again or going around the gate.

export function deniedByRule(call: GateCall, rule: Rule): string {
  return (
    `Not run: the user's permission rules forbid this call to ${call.name} (deny rule "${rule.source}" in the permissions file). ` +
    "Do not retry it or reach the same result with another tool. Tell the user it was blocked by that rule; " +
    "if they really want it, they can change the rule or do it themselves."
  );
}

export function nobodyToAsk(call: GateCall, unavailable = "nobody can answer an approval prompt here"): string {
  return (
    `Not run: ${call.name} needs the user's approval, and ${unavailable}, so nobody could approve it. ` +
    "Do not retry. Tell the user what you wanted to do and why it was not done; they can run the agent in a terminal " +
    "and approve it when asked, add an allow rule to the permissions file, or do it themselves."
  );
}

export function declinedByUser(call: GateCall): string {
  return (
    `Not run: the user was asked to approve this call to ${call.name} and answered no. ` +
    "Do not retry the same call. Tell the user you did not do it, and ask whether they want something different " +
    "(another file name, other content, another recipient) or prefer to do it themselves."
  );
}

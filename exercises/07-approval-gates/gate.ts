// Exercise 07: the permission gate. Read exercises/07-approval-gates/README.md first.
// Check your work with: npm run check 7
//
// The harness calls decide() before every tool call. It returns a Verdict: { allowed, reason }.
// When allowed is false, `reason` goes to the model as an is_error tool_result, so write it for the model.

import type { Approver } from "../../lessons/07-approval-gates/approver.ts";
import { matchesGlob, type GateCall, type PermissionRules, type Rule, type Verdict } from "../../lessons/07-approval-gates/permissions.ts";

// How many items of a list-valued field must fit a rule's pattern:
// "any": one is enough (deny and ask rules); "every": all of them (allow rules).
export type Need = "any" | "every";

// TODO 1: does `rule` cover `call`?
//   - the tool name must fit: matchesGlob(call.name, rule.tool)  (so "*_email" covers plan_email and send_email)
//   - no rule.argument: yes. Otherwise look at the call's input field rule.argument.name: missing ->
//     not covered; else matchesGlob(value, rule.argument.pattern).
//   - hard mode: only the call's OWN field (Object.hasOwn); null or an empty list -> not covered; a value
//     that is not a string is compared as its JSON text (1000 -> "1000", true -> "true"); a list is
//     judged item by item: need "any" -> one item fitting is enough; "every" -> all must fit.
export function ruleMatches(rule: Rule, call: GateCall, need: Need = "any"): boolean {
  throw new Error(
    `not implemented yet: ruleMatches() in exercises/07-approval-gates/gate.ts should say whether the rule ` +
      `"${rule.source}" covers the call to ${call.name} (tool name, then the argument pattern if the rule has one, ` +
      `item by item for a list, "${need}" of them; use matchesGlob)`,
  );
}

// TODO 2-5: decide whether the call may run.
//   TODO 2: a deny rule that covers the call ("any") wins over everything: refuse (deniedByRule below).
//           Check every deny rule, not just the first one for this tool.
//   TODO 3: an ask rule that covers the call ("any") comes next: go to TODO 4, even if an allow rule
//           covers it too (Claude Code's order: deny, then ask, then allow). No ask rule covers it: an
//           allow rule that covers the call ("every") runs it; so does call.readOnly, without asking.
//   TODO 4: otherwise a person must approve it. If approver.canAsk is false, nobody can answer:
//           refuse at once (nobodyToAsk below). Never call approver.ask() then: it would wait forever.
//   TODO 5: ask: await approver.ask({ call, why }), `why` naming the ask rule's source, or saying the
//           tool can change things and no rule allows it. "yes": run. "always": run, and remember it
//           for this tool only, for this session only, by adding an allow rule to rules.allow:
//           { tool: call.name, source: `${call.name} (you answered "always" this session)` }.
//           If an ask rule covered the call, that rule still asks next time (ask comes before allow):
//           say so in the reason, naming the rule's source.
//           "no" or anything else: refuse (declinedByUser below). Hard mode: ask() rejects: refuse with
//           nobodyToAsk(call, <what went wrong: the error's message>). An allowed call's reason says why too.
//   A refusal is a returned Verdict { allowed: false, reason }, never a thrown error.
export async function decide(call: GateCall, rules: PermissionRules, approver: Approver): Promise<Verdict> {
  throw new Error(
    `not implemented yet: decide() in exercises/07-approval-gates/gate.ts should return { allowed, reason } for the call to ` +
      `${call.name}: deny rules first, then ask rules, then allow rules and read-only tools, then ask the approver (${rules.deny.length} deny, ` +
      `${rules.allow.length} allow, ${rules.ask.length} ask rules; approver.canAsk is ${approver.canAsk})`,
  );
}

// The three refusals, ready to use. Each tells the model what happened, that retrying will not help,
// and what the user can do. Improve them if you like: the tests only check that they say these things.

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

// The words the permission gate speaks: rules, the call it judges, and its verdict.
// The rules come from permissions.json (rules-file.ts reads it); gate.ts applies them.

import path from "node:path";
import { messages } from "../../shared/i18n/messages.ts";

export type Decision = "allow" | "ask" | "deny";

export interface Rule {
  // A tool name. `*` stands for any text, so `mcp__weather__*` covers every tool of one server.
  tool: string;
  // Optional: the rule applies only when this input field matches the pattern (see matchesGlob).
  argument?: { name: string; pattern: string };
  // The rule as written in the file, quoted back in messages so a person can find and change it.
  source: string;
}

// Three lists, not one ordered list: the order of lines in the file never changes the outcome.
export interface PermissionRules {
  allow: Rule[];
  ask: Rule[];
  deny: Rule[];
}

// One tool call as the gate sees it: what the model asked for, plus what the harness knows about the tool.
export interface GateCall {
  name: string;
  input: Record<string, unknown>;
  // True only for a tool that declares it changes nothing (and does not also say it needs approval).
  readOnly: boolean;
  // What will happen if it runs, in words for the person approving it.
  effect: string;
}

export interface Verdict {
  allowed: boolean;
  // Why. When the call is refused, this is the is_error text the model reads, so it says what to do next.
  reason: string;
}

// Does `value` fit `pattern`? `*` stands for any text (slashes included), letters match in any case.
// Paths are compared in their plain form: "./reports/../.env" is ".env", so a roundabout spelling
// cannot slip past a deny rule or into an allow rule.
export function matchesGlob(value: string, pattern: string): boolean {
  return wildcardMatch(plainPath(value).toLowerCase(), plainPath(pattern).toLowerCase());
}

// The classic two-pointer match: on a mismatch, go back to the last "*" and let it take one more
// character. At most value x pattern steps. A regular expression built from the pattern ("^.*a.*b.*$")
// backtracks instead, and a long value the model sends against a rule with several "*" could then
// stall the gate.
function wildcardMatch(value: string, pattern: string): boolean {
  let v = 0;
  let p = 0;
  let star = -1;
  let resume = 0;
  while (v < value.length) {
    if (p < pattern.length && pattern[p] !== "*" && pattern[p] === value[v]) {
      v++;
      p++;
    } else if (p < pattern.length && pattern[p] === "*") {
      star = p++;
      resume = v;
    } else if (star >= 0) {
      p = star + 1;
      v = ++resume;
    } else {
      return false;
    }
  }
  while (p < pattern.length && pattern[p] === "*") p++;
  return p === pattern.length;
}

function plainPath(value: string): string {
  const slashes = value.replaceAll("\\", "/");
  return slashes.includes("/") ? path.posix.normalize(slashes) : slashes;
}


// Reads one rule as people write it: `send_email`, `mcp__weather__*` or `save_to_file(filename=reports/*)`.
// Returns an error sentence instead of a rule when the text is not one, in the course's language: it
// is read by the person who wrote the rule.
export function parseRule(text: string): Rule | string {
  const match = /^([A-Za-z0-9_*-]{1,128})(?:\(([A-Za-z0-9_]+)=(.+)\))?$/s.exec(text.trim());
  if (!match) {
    return messages().rulesFile.notRule(text);
  }
  const [, tool, name, pattern] = match;
  const rule: Rule = { tool: tool!, source: text.trim() };
  if (name !== undefined && pattern !== undefined) {
    // "filename= *.env" would compare against " *.env", a name with a space in front, and never match:
    // a rule that silently never fires is worse than one refused.
    if (pattern !== pattern.trim()) {
      return messages().rulesFile.spacedPattern(text, pattern, `${tool}(${name}=${pattern.trim()})`);
    }
    rule.argument = { name, pattern };
  }
  return rule;
}

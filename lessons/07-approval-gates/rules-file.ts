// Reads the permission rules from a JSON file a person edits (permissions.json next to this file).
//
// Why JSON: it is the shape Claude Code uses for its own permissions (allow / ask / deny lists of
// rules like `Tool(pattern)` in .claude/settings.json), so what you learn here carries over; every
// editor checks its syntax; and Node reads it with no parser of ours to get wrong. Its one lack,
// comments, is covered by "$comment" keys, which are ignored.
//
// A broken file stops the agent with a message that says where and what to fix: a safety file that
// is silently half-read is worse than none.

import { readFile } from "node:fs/promises";
import path from "node:path";
import { matchesGlob, parseRule, type PermissionRules, type Rule } from "./permissions.ts";

// Resolved from the working directory (the repo root under npm), never from this file's location:
// lessons are bundled before they run.
export const DEFAULT_RULES_FILE = path.join("lessons", "07-approval-gates", "permissions.json");

const LISTS = ["allow", "ask", "deny"] as const;

export function emptyRules(): PermissionRules {
  return { allow: [], ask: [], deny: [] };
}

// A missing file means "no rules": every tool that changes things will be asked about (or refused
// when nobody can answer). That is the safe side to fail on.
export async function loadRules(file: string = DEFAULT_RULES_FILE): Promise<PermissionRules> {
  let text: string;
  try {
    text = await readFile(path.resolve(file), "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return emptyRules();
    throw error;
  }
  return parseRulesFile(text, file);
}

export function parseRulesFile(text: string, file = "permissions.json"): PermissionRules {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new Error(`${file} is not valid JSON (${(error as Error).message}). Fix the file, or delete it to be asked about every change.`);
  }
  if (typeof data !== "object" || data === null || Array.isArray(data)) {
    throw new Error(`${file} must hold one object: { "allow": [...], "ask": [...], "deny": [...] }.`);
  }

  const rules = emptyRules();
  for (const [key, value] of Object.entries(data)) {
    if (key.startsWith("$")) continue; // "$comment" and friends are notes for people
    const list = LISTS.find((name) => name === key);
    if (!list) throw new Error(`${file}: unknown key "${key}". Use "allow", "ask" or "deny" (and "$comment" for notes).`);
    if (!Array.isArray(value)) throw new Error(`${file}: "${key}" must be a list of rules, like ["send_email"].`);
    value.forEach((item, index) => {
      const parsed: Rule | string = typeof item === "string" ? parseRule(item) : `${JSON.stringify(item)} is not a string.`;
      if (typeof parsed === "string") throw new Error(`${file}: ${key}[${index}]: ${parsed}`);
      rules[list].push(parsed);
    });
  }
  return rules;
}

// Rules are matched by name, so a typo ("save_file") makes a rule that never applies: for a deny rule,
// a lock that is not there. The agent prints these warnings at start.
export function checkRules(rules: PermissionRules, tools: Array<{ name: string; input_schema: { properties?: unknown } }>): string[] {
  const warnings: string[] = [];
  for (const list of LISTS) {
    for (const rule of rules[list]) {
      const named = tools.filter((tool) => matchesGlob(tool.name, rule.tool));
      if (named.length === 0) {
        warnings.push(`${list} rule "${rule.source}" names no tool this agent has (${tools.map((t) => t.name).join(", ")}): it never applies.`);
        continue;
      }
      const field = rule.argument?.name;
      if (field && !named.some((tool) => Object.hasOwn((tool.input_schema.properties ?? {}) as object, field))) {
        warnings.push(`${list} rule "${rule.source}": ${rule.tool} has no input field "${field}", so the rule never applies.`);
      }
    }
  }
  return warnings;
}

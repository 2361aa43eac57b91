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
import { lineAt, scanJson } from "./json-lines.ts";
import { matchesGlob, parseRule, type PermissionRules, type Rule } from "./permissions.ts";
import { messages } from "../../shared/i18n/messages.ts";
import { UsageError } from "../../shared/usage-error.ts";

// Resolved from the working directory (the repo root under npm), never from this file's location:
// lessons are bundled before they run.
export const DEFAULT_RULES_FILE = path.join("lessons", "07-approval-gates", "permissions.json");

const LISTS = ["allow", "ask", "deny"] as const;

// A mistake in the rules file, with where it is. The course CLI prints it as it is (no stack trace)
// and exits with code 2, like any other mistake in what the user gave it.
export class RulesFileError extends UsageError {
  override name = "RulesFileError";
  constructor(
    message: string,
    readonly file: string,
    readonly line?: number,
  ) {
    super(message);
  }
}

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
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return emptyRules();
    throw new RulesFileError(messages().rulesFile.unreadable(file, code ?? (error as Error).message), file);
  }
  return parseRulesFile(text, file);
}

export function parseRulesFile(text: string, file = "permissions.json"): PermissionRules {
  // Windows Notepad starts UTF-8 files with an invisible byte-order mark, which JSON.parse refuses.
  const json = text.startsWith("\ufeff") ? text.slice(1) : text;
  // Words for the person who edits the file, in the course's language (COURSE_LANG).
  const say = messages().rulesFile;
  const fail = (message: string, line?: number): never => {
    throw new RulesFileError(`${say.where(file, line)}: ${message}`, file, line);
  };
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch (error) {
    const message = (error as Error).message;
    const position = /position (\d+)/.exec(message)?.[1];
    fail(
      say.notJson(message),
      position === undefined ? undefined : lineAt(json, Number(position)),
    );
  }
  if (typeof data !== "object" || data === null || Array.isArray(data)) {
    fail(say.notObject, 1);
  }

  const { lineOf, duplicate } = scanJson(json);
  // JSON.parse keeps only the last of two equal keys: the first "deny" list would vanish without a word.
  if (duplicate) fail(say.writtenTwice(duplicate.path), duplicate.line);

  const rules = emptyRules();
  for (const [key, value] of Object.entries(data as object)) {
    if (key.startsWith("$")) continue; // "$comment" and friends are notes for people
    const list = LISTS.find((name) => name === key);
    if (!list) fail(say.unknownKey(key), lineOf.get(key));
    if (!Array.isArray(value)) fail(say.notList(key), lineOf.get(key));
    (value as unknown[]).forEach((item, index) => {
      const parsed: Rule | string = typeof item === "string" ? parseRule(item) : say.notString(JSON.stringify(item));
      if (typeof parsed === "string") fail(`${key}[${index}]: ${parsed}`, lineOf.get(`${key}[${index}]`));
      else rules[list!].push(parsed);
    });
  }
  return rules;
}

// Rules are matched by name, so a typo ("save_file") makes a rule that never applies: for a deny rule,
// a lock that is not there. The agent prints these warnings at start.
export function checkRules(rules: PermissionRules, tools: Array<{ name: string; input_schema: { properties?: unknown } }>): string[] {
  const warnings: string[] = [];
  const say = messages().rulesFile;
  for (const list of LISTS) {
    for (const rule of rules[list]) {
      const named = tools.filter((tool) => matchesGlob(tool.name, rule.tool));
      if (named.length === 0) {
        warnings.push(say.namesNoTool(list, rule.source, tools.map((t) => t.name).join(", ")));
        continue;
      }
      const field = rule.argument?.name;
      if (field && !named.some((tool) => Object.hasOwn((tool.input_schema.properties ?? {}) as object, field))) {
        warnings.push(say.noSuchField(list, rule.source, rule.tool, field));
      }
    }
  }
  return warnings;
}

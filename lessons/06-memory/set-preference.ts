// set_preference: changes one `- key: value` line of USER.md. A preference has one current value, so
// a new one replaces the old instead of piling up next to it (which is what MEMORY.md facts do).

import path from "node:path";
import type { SafeTool } from "../05-parallel-and-safe/executor.ts";
import { nodeFiles, readIfExists, writeFileAtomic, type FileOps } from "./atomic-write.ts";
import { withFileLock } from "./file-lock.ts";
import { refuseSecret } from "./secrets.ts";
import { MAX_LINE_CHARS, type WriteOptions } from "./memory-facts.ts";
import { USER_HEADER } from "./memory-folder.ts";

const MAX_VALUE_CHARS = 200;

// "Report currency", "report-currency" and "REPORT_CURRENCY" are one key: report_currency.
export function normalizeKey(key: unknown): string {
  const normalized = String(key ?? "")
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "_");
  if (!/^\p{L}[\p{L}\p{N}_]{0,39}$/u.test(normalized)) {
    throw new Error(
      `key '${String(key)}' is not usable. Send a short name of letters, digits and underscores (at most 40), ` +
        'e.g. "name", "language" or "report_currency".',
    );
  }
  return normalized;
}

function cleanValue(value: unknown): string {
  const text = String(value ?? "").replace(/\s+/g, " ").trim();
  if (text === "") throw new Error("value is empty. Send the new value, e.g. \"EUR\" or \"Russian\".");
  if (text.length > MAX_VALUE_CHARS) {
    throw new Error(`value is ${text.length} characters; the limit is ${MAX_VALUE_CHARS}. Keep a preference to a short phrase.`);
  }
  return text;
}

export async function setPreference(dir: string, key: unknown, value: unknown, options: WriteOptions = {}): Promise<string> {
  const files = options.files ?? nodeFiles;
  const name = normalizeKey(key);
  const text = cleanValue(value);
  refuseSecret(`${name}: ${text}`, "preference");
  const file = path.join(dir, "USER.md");
  await files.mkdir(dir);
  // Read, change, write: one writer at a time, or two changes made at once would each lose the other.
  return withFileLock(file, () => changeLine(file, name, text, files), options.lock);
}

async function changeLine(file: string, name: string, text: string, files: FileOps): Promise<string> {
  const old = await readIfExists(file, files);
  const lines = old === "" ? USER_HEADER.split("\n") : old.split("\n");

  const index = lines.findIndex((line) => keyOf(line) === name);
  if (index >= 0) {
    const line = lines[index] ?? "";
    const previous = line.slice(line.indexOf(":") + 1).trim();
    if (previous === text) return `USER.md: ${name} was already "${text}"; nothing changed.`;
    lines[index] = `- ${name}: ${text}`;
    await writeFileAtomic(file, lines.join("\n"), files);
    return `USER.md: ${name} is now "${text}" (was "${previous}").`;
  }

  // A new key goes at the end: after the last preference, or after a blank line below the header.
  while (lines.length > 0 && lines.at(-1)?.trim() === "") lines.pop();
  if (lines.length > 0 && keyOf(lines.at(-1) ?? "") === null) lines.push("");
  lines.push(`- ${name}: ${text}`, "");
  await writeFileAtomic(file, lines.join("\n"), files);
  return `USER.md: set ${name} to "${text}".`;
}

// "- key: value" -> "key". Plain string steps, linear in the line (see factOf in memory-facts.ts).
function keyOf(line: string): string | null {
  if (line.length > MAX_LINE_CHARS) return null;
  const trimmed = line.trim();
  if (!"-*+".includes(trimmed[0] || "x")) return null;
  const colon = trimmed.indexOf(":");
  const key = colon > 0 ? trimmed.slice(1, colon).trim() : "";
  if (key === "") return null;
  try {
    return normalizeKey(key);
  } catch {
    return null; // a bullet a person wrote that is not a key: value line
  }
}

export function createSetPreferenceTool(dir: string, options: WriteOptions = {}): SafeTool<{ key: string; value: string }> {
  return {
    name: "set_preference",
    description:
      "Set or change one of the user's standing preferences in USER.md, stored as a `- key: value` line. " +
      "Use it when the user sets or changes a named setting, e.g. \"call me Alex\" (key name), \"answer in Russian " +
      "from now on\" (key language), \"make my reports in EUR from now on\" (key report_currency). A new value " +
      "replaces the old one. Returns the new value and the one it replaced. For other facts the user wants kept, use " +
      "remember.",
    input_schema: {
      type: "object",
      properties: {
        key: {
          type: "string",
          description: "Short snake_case name of the setting, e.g. name, language, report_currency.",
          maxLength: 40,
        },
        value: { type: "string", description: "The new value, a short phrase, e.g. \"EUR\".", maxLength: 200 },
      },
      required: ["key", "value"],
    },
    readOnly: false,
    concurrencySafe: false,
    run: (input) => setPreference(dir, input.key, input.value, options),
  };
}

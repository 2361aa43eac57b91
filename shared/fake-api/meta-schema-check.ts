// Checks a tool's input_schema against the JSON Schema 2020-12 meta-schema, as the API does (so
// {"type": "strng"} is refused). Returns ajv's first complaint, or null.
//
// Why the verdicts are kept on disk: compiling the meta-schema is the largest single cost of a
// lesson's start, and a lesson sends the same few schemas on every run. A verdict depends only on the
// schema's text and ajv's version, so it is kept in node_modules/.cache/course/ (npm ci clears it) and
// ajv is loaded only for a schema not seen before.

import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Ajv2020 } from "ajv/dist/2020.js";
import { writeWholeSync } from "../write-whole.ts";

type Verdict = string | null;

const CACHE_DIR = path.join(process.cwd(), "node_modules", ".cache", "course");
const CACHE_FILE = path.join(CACHE_DIR, "schema-verdicts.json");
const MAX_KEPT = 1000;

let saved: Record<string, Verdict> | undefined;
let checker: Ajv2020 | undefined;

export function metaSchemaError(schema: unknown): Verdict {
  const key = createHash("sha256").update(`${ajvVersion()}\0${JSON.stringify(schema)}`).digest("hex");
  saved ??= readSaved();
  const known = saved[key];
  if (known !== undefined) return known;
  const verdict = check(schema);
  saved[key] = verdict;
  keep(saved);
  return verdict;
}

function check(schema: unknown): Verdict {
  // Loaded here, not imported at the top: a run whose schemas all have saved verdicts never loads ajv.
  // code.optimize off: the meta-schema is compiled once per process and run a few times, so ajv's
  // optimising pass would cost more than it saves.
  if (!checker) {
    const { Ajv2020 } = createRequire(import.meta.url)("ajv/dist/2020.js") as typeof import("ajv/dist/2020.js");
    checker = new Ajv2020({ strict: false, validateFormats: false, code: { optimize: false } });
  }
  try {
    if (checker.validateSchema(schema as object)) return null;
    const first = checker.errors?.[0];
    return first ? `${first.instancePath || "/"} ${first.message ?? "is invalid"}` : "the schema is invalid";
  } catch (error) {
    return (error as Error).message;
  }
}

let version: string | undefined;
function ajvVersion(): string {
  try {
    version ??= (JSON.parse(readFileSync(path.join(process.cwd(), "node_modules", "ajv", "package.json"), "utf8")) as { version: string }).version;
  } catch {
    version = "unknown";
  }
  return version;
}

function readSaved(): Record<string, Verdict> {
  try {
    const parsed: unknown = JSON.parse(readFileSync(CACHE_FILE, "utf8"));
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, Verdict>) : {};
  } catch {
    return {}; // none yet, or unreadable: verdicts are worked out again
  }
}

// Written whole to a temporary file and renamed over the old one: another run reading at the same
// moment sees the old file or the new, never half of one. Two runs writing at once may lose each
// other's new verdicts, which only means working them out again.
function keep(verdicts: Record<string, Verdict>): void {
  const keys = Object.keys(verdicts);
  for (const key of keys.slice(0, Math.max(0, keys.length - MAX_KEPT))) delete verdicts[key];
  try {
    writeWholeSync(CACHE_FILE, JSON.stringify(verdicts));
  } catch {
    // a read-only folder: the verdict still holds for this process
  }
}

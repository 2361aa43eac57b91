// Reads a `progress --json` file back and checks it against docs/progress.schema.json, the format's
// documentation, with ajv: a teacher's `npm run class -- report` trusts only files that match, and
// says which field of which file does not.

import { readFileSync } from "node:fs";
import path from "node:path";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import type { ProgressReport } from "./progress-data.ts";

export const PROGRESS_SCHEMA_FILE = path.join("docs", "progress.schema.json");

// "2026-12-01T23:55:47.000Z": an ISO 8601 date and time with a zone, as Date.prototype.toISOString writes.
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/;

let compiled: ValidateFunction | undefined;

export function progressValidator(root = process.cwd()): ValidateFunction {
  if (compiled) return compiled;
  const schema = JSON.parse(readFileSync(path.join(root, PROGRESS_SCHEMA_FILE), "utf8")) as object;
  const ajv = new Ajv2020({ allErrors: false, strict: true });
  ajv.addFormat("date-time", (value: string) => DATE_TIME.test(value) && !Number.isNaN(Date.parse(value)));
  compiled = ajv.compile(schema);
  return compiled;
}

// The report, or what is wrong with it ("/exercises/2/done must be boolean").
export function checkProgress(data: unknown, root = process.cwd()): { report: ProgressReport } | { error: string } {
  const validate = progressValidator(root);
  if (validate(data)) return { report: data as ProgressReport };
  const first = validate.errors?.[0];
  return { error: first ? `${first.instancePath || "/"} ${first.message ?? "is invalid"}` : "does not match docs/progress.schema.json" };
}

// A file written whole: first to a temporary file beside it, then renamed over it, so a reader at the
// same moment sees the old file or the new one, never half of one. The folder is made if missing.
// The course's own caches (verdicts, check times, hints seen, schema verdicts) are written this way.

import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";

export function writeWholeSync(file: string, text: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, text);
  renameSync(temporary, file);
}

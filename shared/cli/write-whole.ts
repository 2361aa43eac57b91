// A report file (progress --json/--junit, class report) is written to a temporary file and renamed
// into place: a CI step or a teacher's tool that reads it never sees half of one.

import { renameSync, writeFileSync } from "node:fs";

export function writeWhole(file: string, text: string): void {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, text);
  renameSync(temporary, file);
}

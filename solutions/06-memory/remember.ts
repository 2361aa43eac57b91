// Reference solution for exercise 06, part 2: remember, with no duplicates and atomic writes.

import { randomBytes } from "node:crypto";
import path from "node:path";
import { isMissing, nodeFiles, type FileOps } from "./file-ops.ts";
import { MEMORY_HEADER, bulletFor, factOf, todayIso } from "./memory-format.ts";

// Two facts are the same if they differ only in case and spacing.
export function normalizeFact(fact: string): string {
  return fact.toLowerCase().replace(/\s+/g, " ").trim();
}

// Temporary file in the same folder, then rename: a rename within one folder is atomic, so readers see
// the old file or the new one, never half of one.
export async function writeFileAtomic(file: string, text: string, files: FileOps = nodeFiles): Promise<void> {
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(4).toString("hex")}.tmp`);
  try {
    await files.writeFile(temp, text);
    await files.rename(temp, file);
  } catch (error) {
    // The old file was never touched; only the temporary file needs cleaning up.
    await files.rm(temp).catch(() => undefined);
    throw error;
  }
}

export interface RememberOptions {
  today?: () => string;
  files?: FileOps;
}

// Adds the fact to MEMORY.md as a dated bullet, unless it is already there.
export async function remember(dir: string, fact: string, options: RememberOptions = {}): Promise<string> {
  const files = options.files ?? nodeFiles;
  const text = fact.replace(/\s+/g, " ").trim();
  if (text === "") throw new Error("fact is empty. Send the fact to remember as one short sentence.");

  const file = path.join(dir, "MEMORY.md");
  let old = "";
  try {
    old = await files.readFile(file);
  } catch (error) {
    if (!isMissing(error)) throw error;
  }

  // Compare facts, not lines: the date differs between two days' copies of the same fact.
  for (const line of old.split("\n")) {
    const known = factOf(line);
    if (known && normalizeFact(known.text) === normalizeFact(text)) {
      return `Already known: "${known.text}". Nothing was added.`;
    }
  }

  const start = old === "" ? MEMORY_HEADER : old.endsWith("\n") ? old : `${old}\n`;
  await files.mkdir(dir);
  await writeFileAtomic(file, `${start}${bulletFor(text, (options.today ?? todayIso)())}\n`, files);
  return `Saved to MEMORY.md: "${text}".`;
}

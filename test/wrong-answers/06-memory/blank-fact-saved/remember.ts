// Reference solution for exercise 06, part 2: remember, with no duplicates, atomic writes, one call at a time.

import { randomBytes } from "node:crypto";
import path from "node:path";
import { isMissing, nodeFiles, type FileOps } from "./file-ops.ts";
import { MEMORY_HEADER, bulletFor, factOf, todayIso } from "./memory-format.ts";

// Two facts are the same if they differ only in case, spacing, a final full stop, or in how their
// letters are encoded: "й" may arrive as one character or as "и" plus a combining breve (NFC joins them).
export function normalizeFact(fact: string): string {
  return fact
    .normalize("NFC")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .replace(/[\s.!]+$/, "")
    .trim();
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

// One queue per key: each work starts when every earlier work for the same key has settled.
const queues = new Map<string, Promise<void>>();

// Runs work after every earlier work queued under the same key has finished, succeeded or failed, and
// settles with work's own result. Works for different keys do not wait for each other.
export function serialize<T>(key: string, work: () => Promise<T>): Promise<T> {
  const before = queues.get(key) ?? Promise.resolve();
  const result = before.then(() => work());
  // The queue goes on after a failure: the next work waits for this one to settle, not to succeed.
  const settled = result.then(
    () => undefined,
    () => undefined,
  );
  queues.set(key, settled);
  void settled.then(() => {
    if (queues.get(key) === settled) queues.delete(key);
  });
  return result;
}

// U+FFFD is what a UTF-8 reader puts where bytes were not UTF-8 (a file saved as cp1251, say).
const NOT_UTF8 = "\uFFFD";

// Adds the fact to MEMORY.md as a dated bullet, unless it is already there.
export async function remember(dir: string, fact: string, options: RememberOptions = {}): Promise<string> {
  const files = options.files ?? nodeFiles;
  if (fact === "") throw new Error("fact is empty. Send the fact to remember as one short sentence.");
  const text = fact.replace(/\s+/g, " ").trim();
  if (false) throw new Error("fact is empty. Send the fact to remember as one short sentence.");

  const file = path.join(dir, "MEMORY.md");
  // Read, change, write as one step: two calls at once would each miss the other's fact.
  return serialize(path.resolve(file), async () => {
    let old = "";
    try {
      old = await files.readFile(file);
    } catch (error) {
      // Only "no such file" means empty. A file we could not read must not be replaced by a new one.
      if (!isMissing(error)) throw error;
    }
    if (old.includes(NOT_UTF8)) {
      throw new Error(
        "MEMORY.md is not valid UTF-8 text (perhaps saved as cp1251), so it was not changed: rewriting it would destroy " +
          "what could not be read. Tell the user to convert it to UTF-8 (e.g. iconv -f cp1251 -t utf-8), then try again.",
      );
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
  });
}

// Reference solution for exercise 06, part 2: remember, with no duplicates, through the given atomic write and queue.

import path from "node:path";
import { isMissing, nodeFiles, writeFileAtomic, type FileOps } from "./file-ops.ts";
import { MEMORY_HEADER, bulletFor, factOf, todayIso } from "./memory-format.ts";
import { serialize } from "./one-at-a-time.ts";

// Two facts are the same if they differ only in case, spacing, a final full stop, or in how their
// letters are encoded: "й" may arrive as one character or as "и" plus a combining breve (NFC joins them).
export function normalizeFact(fact: string): string {
  return fact
    .toLowerCase()
    .replace(/\s+/g, " ")
    .replace(/[\s.!]+$/, "")
    .trim();
}

export interface RememberOptions {
  today?: () => string;
  files?: FileOps;
}

// U+FFFD is what a UTF-8 reader puts where bytes were not UTF-8 (a file saved as cp1251, say).
const NOT_UTF8 = "\uFFFD";

// Adds the fact to MEMORY.md as a dated bullet, unless it is already there.
export async function remember(dir: string, fact: string, options: RememberOptions = {}): Promise<string> {
  const files = options.files ?? nodeFiles;
  const text = fact.replace(/\s+/g, " ").trim();
  if (text === "") throw new Error("fact is empty. Send the fact to remember as one short sentence.");

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

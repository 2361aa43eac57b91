// Exercise 06, part 2: remember, with no duplicates. Read exercises/06-memory/README.md first.
// Check your work with: npm run check 6

import path from "node:path";
import { isMissing, nodeFiles, writeFileAtomic, type FileOps } from "./file-ops.ts";
import { MEMORY_HEADER, bulletFor, factOf, todayIso } from "./memory-format.ts";
import { serialize } from "./one-at-a-time.ts";

// TODO 3: the form in which two facts are compared: lower case, every run of spaces (or tabs, or
// newlines) as one space, no final "." or "!", no spaces at the ends. "  The USER  likes cats. " ->
// "the user likes cats". Hard mode: NFC first (so "й" typed as "и" + a combining breve is the same
// letter), and every kind of whitespace.
export function normalizeFact(fact: string): string {
  throw new Error(
    `not implemented yet: normalizeFact(${JSON.stringify(fact)}) (TODO 3 in exercises/06-memory/remember.ts) ` +
      "should lower-case the fact, squeeze its spaces and drop a final full stop",
  );
}

export interface RememberOptions {
  // Today's date as YYYY-MM-DD; tests pass a fixed one.
  today?: () => string;
  files?: FileOps;
}

// TODO 4: add `fact` to MEMORY.md in `dir`, as the line bulletFor(fact, today).
//   - An empty fact is an Error that says what to send instead.
//   - Read MEMORY.md with files.readFile. A missing file (isMissing(error)) starts as MEMORY_HEADER.
//   - Already there? Compare each line's fact (factOf(line)?.text) with normalizeFact on both sides.
//     Then write nothing and return a sentence that says it was "already" known.
//   - Otherwise keep every old line, add the new bullet at the end, files.mkdir(dir), and write the
//     whole file with writeFileAtomic(file, text, files) (given, in file-ops.ts). Return a sentence
//     saying what was saved.
//   Hard mode: squeeze the fact's whitespace to one line; do the read, check and write inside
//   serialize(path.resolve(file), async () => ...) (given, in one-at-a-time.ts), so two calls at once
//   cannot each miss the other's fact; throw any read error but a missing file again (never overwrite a
//   file you could not read); text holding "\uFFFD" (not UTF-8, e.g. cp1251): throw an Error that says
//   the file is not UTF-8 and how to convert it, and write nothing.
export async function remember(dir: string, fact: string, options: RememberOptions = {}): Promise<string> {
  const files = options.files ?? nodeFiles;
  const today = options.today ?? todayIso;
  throw new Error(
    `not implemented yet: remember (TODO 4 in exercises/06-memory/remember.ts) should add ${JSON.stringify(`- ${fact} (date)`)} ` +
      `to ${path.join(dir, "MEMORY.md")} unless that fact is already there`,
  );
}

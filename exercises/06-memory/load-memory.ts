// Exercise 06, part 1: the memory loader. Read exercises/06-memory/README.md first.
// Check your work with: npm run check 6

import path from "node:path";
import { isMissing, nodeFiles, type FileOps } from "./file-ops.ts";
import { MEMORY_FILES, MEMORY_PREAMBLE, MISSING_FILE_NOTE, memoryFileBlock } from "./memory-format.ts";

export const DEFAULT_MAX_CHARS_PER_FILE = 4000;

export interface Capped {
  text: string;
  // How many characters of the original were left out.
  omitted: number;
}

// TODO 1: keep at most maxChars characters of `text`.
//   - Short enough already: return it whole, omitted 0.
//   - keep "start": keep the beginning; keep "end": keep the ending (MEMORY.md's newest facts).
//   - Cut at a line break, so no line is cut in half (hard mode: unless one line alone is longer than
//     maxChars).
//   - omitted = text.length - kept text's length.
export function capText(text: string, maxChars: number, keep: "start" | "end"): Capped {
  throw new Error(
    `not implemented yet: capText (TODO 1 in exercises/06-memory/load-memory.ts) should keep at most ${maxChars} ` +
      `of the ${text.length} characters, from the ${keep}, cut at a line break, and say how many it left out`,
  );
}

export interface LoadOptions {
  maxCharsPerFile?: number;
  files?: FileOps;
}

// TODO 2: turn the memory folder into text for the system prompt.
//   - MEMORY_PREAMBLE first, then one memoryFileBlock(file, body) per file of MEMORY_FILES, in order,
//     joined with blank lines.
//   - Read each file with files.readFile(path.join(dir, file.name)). A missing file (isMissing(error))
//     is normal: its body is MISSING_FILE_NOTE, and the other files still load. Hard mode: any other
//     error (EACCES, EIO) is NOT a missing file: the body says "(could not be read: <code>, <message>)",
//     and the other files still load.
//   - Cap each file with capText(text, maxChars, file.keep). When something was cut, add a note to the
//     body that names the file and says how many characters were left out.
export async function loadMemory(dir: string, options: LoadOptions = {}): Promise<string> {
  const maxChars = options.maxCharsPerFile ?? DEFAULT_MAX_CHARS_PER_FILE;
  const files = options.files ?? nodeFiles;
  throw new Error(
    `not implemented yet: loadMemory("${dir}") (TODO 2 in exercises/06-memory/load-memory.ts) should read ` +
      `SOUL.md, USER.md and MEMORY.md, capped at ${maxChars} characters each, into one framed block of text`,
  );
}

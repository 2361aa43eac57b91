// Reference solution for exercise 06, part 1: the memory loader.

import path from "node:path";
import { isMissing, nodeFiles, type FileOps } from "./file-ops.ts";
import { MEMORY_FILES, MEMORY_PREAMBLE, MISSING_FILE_NOTE, memoryFileBlock } from "./memory-format.ts";

export const DEFAULT_MAX_CHARS_PER_FILE = 4000;

export interface Capped {
  text: string;
  omitted: number;
}

// Keeps at most maxChars characters from one end, cut at a line break so no fact is cut in half.
export function capText(text: string, maxChars: number, keep: "start" | "end"): Capped {
  if (text.length <= maxChars) return { text, omitted: 0 };
  let kept: string;
  if (keep === "start") {
    kept = text.slice(0, maxChars);
    const lastBreak = kept.lastIndexOf("\n");
    if (lastBreak > 0) kept = kept.slice(0, lastBreak + 1);
  } else {
    kept = text.slice(text.length - maxChars);
    const startsAtLine = text[text.length - maxChars - 1] === "\n";
    const firstBreak = kept.indexOf("\n");
    if (!startsAtLine && firstBreak >= 0 && firstBreak < kept.length - 1) kept = kept.slice(firstBreak + 1);
  }
  return { text: kept, omitted: text.length - kept.length };
}

export interface LoadOptions {
  maxCharsPerFile?: number;
  files?: FileOps;
}

// The memory files as one block of text for the system prompt: framed, capped, missing files noted.
export async function loadMemory(dir: string, options: LoadOptions = {}): Promise<string> {
  const maxChars = options.maxCharsPerFile ?? DEFAULT_MAX_CHARS_PER_FILE;
  const files = options.files ?? nodeFiles;
  const blocks: string[] = [];
  for (const file of MEMORY_FILES) {
    let text: string;
    try {
      text = await files.readFile(path.join(dir, file.name));
    } catch (error) {
      // A missing file is normal (the first run, or a person deleted it). Any other failure (no
      // permission, a disk error) is not "no such file": say what happened, and still load the rest.
      blocks.push(memoryFileBlock(file, isMissing(error) ? MISSING_FILE_NOTE : unreadableNote(error)));
      continue;
    }
    const capped = capText(text, maxChars, file.keep);
    // A final newline would leave a blank line before the block's closing tag.
    let body = capped.text.trim();
    // A cut that says nothing leaves the model believing it sees everything.
    if (capped.omitted > 0) {
      const note = `[${capped.omitted} characters of ${file.name} were not loaded: the file is over the ${maxChars}-character cap.]`;
      body = file.keep === "end" ? `${note}\n${body}` : `${body}\n${note}`;
    }
    blocks.push(memoryFileBlock(file, body));
  }
  return [MEMORY_PREAMBLE, ...blocks].join("\n\n");
}

// "(could not be read: EACCES, permission denied)": the code, so a person can fix it; no stack.
function unreadableNote(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const message = error instanceof Error ? error.message : String(error);
  return `(could not be read: ${code ? `${code}, ` : ""}${message})`;
}

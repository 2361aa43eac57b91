// edit_file: change a file by quoting text, not by line numbers. A model counts lines badly, and after
// the first edit every number below it is off by the lines added or removed; but it sees and
// remembers text. So the model says "find this, put that in its place", and the text must be found
// exactly once (apply-edit.ts runs the matcher chain and the safety stops).
//
// Around that: the file must have been read in this conversation and be unchanged since
// (read-tracker.ts); the write is atomic and fenced into the project (lesson 03's saveToFile); the
// result is a unified diff, so the model (and you) see what changed; and the call goes through
// lesson 07's permission gate like any other change, judged on the path the edit really reaches.
//
// What the file was stays what it is: bytes that are not UTF-8 (a cp1251 file, binary data past the
// first bytes) would come back as U+FFFD after a decode and encode, so such a file is refused, not
// damaged; and the new file gets the old one's permission bits (a script stays executable). A
// read-only file is refused: someone made it so on purpose.

import fs from "node:fs/promises";
import { createTwoFilesPatch, FILE_HEADERS_ONLY } from "diff";
import { saveToFile } from "../03-saving-files/save-to-file.ts";
import { truncateOutput } from "../05-parallel-and-safe/truncate.ts";
import type { ToolWithEffect } from "../07-approval-gates/gated-executor.ts";
import { applyEdit, lessonParts, type EditParts } from "./apply-edit.ts";
import { binaryKind, specialKind } from "./file-kind.ts";
import type { MatcherName } from "./matchers.ts";
import { realSpelling, resolveInProject } from "./project-path.ts";
import type { ReadTracker } from "./read-tracker.ts";
import { messages } from "../../shared/i18n/messages.ts";

export const MAX_EDIT_BYTES = 1_000_000;
export const DIFF_LIMITS = { maxLines: 80, maxChars: 6_000 };

export type EditInput = {
  path: string;
  old_text: string;
  new_text: string;
  replace_all?: boolean;
};

// What each forgiving matcher tells the model, so it can quote more exactly next time.
const FORGIVEN: Record<MatcherName, string> = {
  exact: "",
  "line-trimmed": " (spaces at the ends of lines differed from the file)",
  "indentation-flexible": " (your old_text was indented differently from the file; new_text was re-indented to match the file)",
  "whitespace-normalised": " (runs of spaces differed from the file)",
  "escape-normalised": " (old_text had \\n, \\t or \\\" written out where the file has the real characters)",
  "block-anchored": " (its first and last lines matched; the lines between only nearly did: check the diff)",
};

// fatal: a byte sequence that is not UTF-8 throws instead of becoming U+FFFD. ignoreBOM: a byte order
// mark stays in the text, so it is written back.
const utf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

function decodeExactly(bytes: Buffer, name: string): string {
  try {
    return utf8.decode(bytes);
  } catch {
    throw new Error(
      `'${name}' is not UTF-8 text (for example cp1251 or Latin-1, or binary data), and edit_file writes UTF-8: ` +
        "an edit would change bytes you did not ask to change. Tell the user; they can convert the file to UTF-8 first.",
    );
  }
}

function text(value: unknown, name: string): string {
  if (typeof value !== "string") throw new Error(`${name} must be text (a string); got ${value === null ? "null" : typeof value}.`);
  return value;
}

export async function editFile(projectDir: string, input: EditInput, tracker: ReadTracker, parts: EditParts = lessonParts): Promise<string> {
  const oldText = text(input.old_text, "old_text");
  const newText = text(input.new_text, "new_text");
  if (input.replace_all !== undefined && typeof input.replace_all !== "boolean") {
    throw new Error("replace_all must be true or false (or left out).");
  }
  const file = await resolveInProject(projectDir, input.path);
  const name = file.relative;
  const stats = await fs.stat(file.absolute);
  const special = specialKind(stats);
  if (special) throw new Error(`'${name}' is ${special}; edit_file changes regular text files only.`);
  const mode = stats.mode & 0o7777;
  if ((mode & 0o200) === 0) {
    throw new Error(`'${name}' is read-only (mode ${mode.toString(8).padStart(4, "0")}); edit_file leaves read-only files alone. Tell the user; they can make it writable if it should change.`);
  }

  const bytes = await fs.readFile(file.absolute);
  if (bytes.length > MAX_EDIT_BYTES) throw new Error(`'${name}' is ${bytes.length} bytes; edit_file changes files up to ${MAX_EDIT_BYTES} bytes.`);
  const binary = binaryKind(bytes.subarray(0, 8_000));
  if (binary) throw new Error(`'${name}' is ${binary.kind}, not text; edit_file changes text files only.`);
  const stale = tracker.check(name, bytes);
  if (stale) throw new Error(stale);

  const before = decodeExactly(bytes, name);
  const outcome = applyEdit(before, oldText, newText, input.replace_all === true, parts);
  if (!outcome.ok) throw new Error(outcome.message);

  // The temporary file gets the old mode before it is renamed over the old file: no moment in which
  // a script is not executable, or a private file readable by others.
  await saveToFile(projectDir, name, outcome.content, {
    writeFile: async (temp, content) => {
      await fs.writeFile(temp, content, { encoding: "utf8", flag: "wx", mode });
      await fs.chmod(temp, mode); // the mode given to writeFile is reduced by the umask
    },
  });
  tracker.remember(name, Buffer.from(outcome.content, "utf8"));

  const count = outcome.replacements === 1 ? "1 replacement" : `${outcome.replacements} replacements`;
  return `Edited ${name}: ${count}, found by the ${outcome.matcher} matcher${FORGIVEN[outcome.matcher]}.\n${diffOf(name, before, outcome.content)}`;
}

// A unified diff, capped like any tool output. Line breaks are shown as "\n" even in a CRLF file,
// so a carriage return does not garble the terminal; the file itself keeps its CRLF.
export function diffOf(name: string, before: string, after: string): string {
  const plain = (s: string) => s.replace(/\r\n/g, "\n");
  const patch = createTwoFilesPatch(name, name, plain(before), plain(after), "", "", { context: 2, headerOptions: FILE_HEADERS_ONLY });
  return truncateOutput(patch.trimEnd(), DIFF_LIMITS);
}

export function createEditFileTool(projectDir: string, tracker: ReadTracker, parts: EditParts = lessonParts): ToolWithEffect<EditInput> {
  return {
    name: "edit_file",
    description:
      "Change a text file in the project folder by replacing a piece of its text. Quote the text to replace in old_text exactly as read_file showed it " +
      "(without the line numbers), with enough surrounding lines that it occurs only once; new_text is what goes in its place. " +
      "Read the file with read_file first: an edit to a file you have not read, or that changed since, is refused. " +
      "If old_text occurs several times the edit is refused with the line numbers: add context, or set replace_all to change every occurrence. " +
      "Small differences in spaces or indentation are forgiven, and the answer names the matcher that found the text. " +
      "If the text is not found, the answer shows the closest passage. Do not rewrite a whole file instead of editing it. Returns a diff of the change.",
    input_schema: {
      type: "object",
      properties: {
        path: { type: "string", description: 'File path relative to the project folder, e.g. "src/math.ts".' },
        old_text: { type: "string", minLength: 1, description: "The exact text to replace, copied from the file, with a few unchanged lines around it if needed to be unique." },
        new_text: { type: "string", description: "The text to put in its place (may be empty to delete old_text)." },
        replace_all: { type: "boolean", description: "Replace every occurrence of old_text instead of requiring exactly one. Default false." },
      },
      required: ["path", "old_text", "new_text"],
    },
    readOnly: false,
    concurrencySafe: false,
    needsApproval: true,
    describeEffect: (input) =>
      messages().effects.replacesText(typeof input.old_text === "string" ? input.old_text.length : "?", String(input.path), input.replace_all === true),
    // The gate judges where the path leads, not how the model spelled it, and the tool then edits
    // exactly that file.
    normalizeInput: (input) => (typeof input.path === "string" ? { ...input, path: realSpelling(projectDir, input.path) } : input),
    run(input) {
      return editFile(projectDir, input, tracker, parts);
    },
  };
}

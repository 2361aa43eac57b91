// read_file: a window of a text file, with line numbers. Whatever a tool returns stays in the
// conversation until it ends; one careless read of a 200 MB log fills the context and the session is
// over. So the tool, not the model, makes sure its answer cannot kill the conversation: at most
// MAX_LINES lines or MAX_WINDOW_BYTES per call, long lines cut, and a note saying how to read on.
// (One production coding agent uses 2000 lines or 128 KB; Claude Code caps a tool's answer at 25,000 tokens.)
//
// The line numbers are for the model's orientation only. Edits never use them: see edit-file.ts.

import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import { createInterface } from "node:readline";
import type { ToolWithEffect } from "../07-approval-gates/gated-executor.ts";
import { binaryKind, megapixels, SNIFF_BYTES, specialKind } from "./file-kind.ts";
import { resolveInProject } from "./project-path.ts";
import type { ReadTracker } from "./read-tracker.ts";

export const MAX_LINES = 2_000;
export const MAX_WINDOW_BYTES = 128 * 1024;
export const MAX_LINE_CHARS = 2_000;
// Files up to this size are read whole (and fingerprinted for edits); larger ones are streamed.
export const MAX_WHOLE_BYTES = 1_000_000;

export type ReadInput = {
  path: string;
  offset?: number;
  limit?: number;
};

function whole(value: unknown, name: string, min: number, max: number): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be a whole number from ${min} to ${max}; got ${JSON.stringify(value)}.`);
  }
  return value;
}

function cutLine(line: string): string {
  return line.length <= MAX_LINE_CHARS ? line : `${line.slice(0, MAX_LINE_CHARS)}… [line cut: ${line.length - MAX_LINE_CHARS} more characters]`;
}

export async function readWindow(projectDir: string, input: ReadInput, tracker?: ReadTracker): Promise<string> {
  const offset = whole(input.offset, "offset", 1, Number.MAX_SAFE_INTEGER) ?? 1;
  const limit = whole(input.limit, "limit", 1, MAX_LINES) ?? MAX_LINES;
  const file = await resolveInProject(projectDir, input.path);
  const name = file.relative;

  // Refused before open(): open() on a FIFO would wait for ever.
  const stats = await fs.stat(file.absolute);
  const special = specialKind(stats);
  if (special) throw new Error(`'${name}' is ${special}. read_file reads regular text files only.`);

  const handle = await fs.open(file.absolute, "r");
  let head: Buffer;
  try {
    const buffer = Buffer.alloc(Math.min(SNIFF_BYTES, stats.size));
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    head = buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
  const binary = binaryKind(head);
  if (binary?.image) {
    const { width, height } = binary.image;
    throw new Error(
      `'${name}' is ${binary.kind}, ${width} x ${height} pixels (${megapixels(binary.image).toFixed(1)} megapixels). ` +
        "read_file returns text only and does not decode images: decoded, an image needs about 4 bytes per pixel, whatever the file size. " +
        "Tell the user what the file is, or ask them to describe it.",
    );
  }
  if (binary) throw new Error(`'${name}' is ${binary.kind}, not text. read_file returns text only; tell the user what the file is.`);

  if (stats.size <= MAX_WHOLE_BYTES) {
    const bytes = await fs.readFile(file.absolute);
    tracker?.remember(name, bytes);
    const lines = bytes.toString("utf8").split("\n");
    if (lines.length > 1 && lines.at(-1) === "") lines.pop();
    return render(name, lines.slice(offset - 1, offset - 1 + limit), offset, { total: lines.length });
  }
  const streamed = await streamLines(file.absolute, offset, limit);
  return render(name, streamed.slice(0, limit), offset, { size: stats.size, goesOn: streamed.length > limit });
}

// A big file is read line by line, and reading stops once the window is full.
async function streamLines(file: string, offset: number, limit: number): Promise<string[]> {
  const stream = createReadStream(file, { encoding: "utf8" });
  const reader = createInterface({ input: stream, crlfDelay: Infinity });
  const lines: string[] = [];
  let number = 0;
  try {
    for await (const line of reader) {
      number++;
      if (number < offset) continue;
      lines.push(line);
      if (lines.length >= limit + 1) break;
    }
  } finally {
    reader.close();
    stream.destroy();
  }
  return lines;
}

interface Extent {
  // Lines in the file, when it was read whole; for a streamed file, its size and whether it goes on.
  total?: number;
  size?: number;
  goesOn?: boolean;
}

function render(name: string, window: string[], offset: number, { total, size, goesOn = false }: Extent): string {
  if (window.length === 0) {
    return total === undefined
      ? `'${name}' has fewer than ${offset} lines. Call read_file without offset to read from the start.`
      : `'${name}' has ${total} line${total === 1 ? "" : "s"}, so there is nothing from line ${offset}. Call read_file with a smaller offset.`;
  }
  const shown: string[] = [];
  let bytes = 0;
  for (const [i, raw] of window.entries()) {
    const line = `${String(offset + i).padStart(5)}\t${cutLine(raw.replace(/\r$/, ""))}`;
    bytes += Buffer.byteLength(line) + 1;
    if (bytes > MAX_WINDOW_BYTES && shown.length > 0) break;
    shown.push(line);
  }
  const last = offset + shown.length - 1;
  const more = total !== undefined ? last < total : goesOn || shown.length < window.length;
  const header = `${name}, lines ${offset}-${last}${total === undefined ? ` (the file is ${size} bytes)` : ` of ${total}`}:`;
  const full = shown.length < window.length ? ` The window stopped at ${MAX_WINDOW_BYTES / 1024} KB.` : "";
  const note = more
    ? `\n[More below: call read_file with offset ${last + 1} to read on${total === undefined ? "" : ` (${total - last} more lines)`}.${full}]`
    : "";
  return `${header}\n${shown.join("\n")}${note}`;
}

export function createReadFileTool(projectDir: string, tracker?: ReadTracker): ToolWithEffect<ReadInput> {
  return {
    name: "read_file",
    description:
      "Read a text file in the project folder, a window of lines at a time. Each line comes with its number, for your orientation only: " +
      "to change a file, quote the text itself to edit_file, never line numbers. Read a file before you edit it, and again if an edit says it changed. " +
      `At most ${MAX_LINES} lines or ${MAX_WINDOW_BYTES / 1024} KB come back per call; the answer says which offset to ask for next. ` +
      "Folders, named pipes, devices, binary files and images are refused with the reason. path is relative to the project folder.",
    input_schema: {
      type: "object",
      properties: {
        path: { type: "string", description: 'File path relative to the project folder, e.g. "src/math.ts".' },
        offset: { type: "integer", minimum: 1, description: "The line number to start at (1 = the first line). Leave it out to start at the top." },
        limit: { type: "integer", minimum: 1, maximum: MAX_LINES, description: `How many lines to return at most (default ${MAX_LINES}).` },
      },
      required: ["path"],
    },
    readOnly: true,
    concurrencySafe: true,
    run(input) {
      return readWindow(projectDir, input, tracker);
    },
  };
}

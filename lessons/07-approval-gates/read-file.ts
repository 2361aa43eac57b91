// read_file: the agent's way to look at what is already in its workspace ("email the report").
// It only reads, so the gate lets it through without asking. Reading is still fenced into the
// workspace: a read-only tool that can open ~/.ssh/id_rsa is a leak, not a harmless look.

import { open, readdir, realpath, stat } from "node:fs/promises";
import path from "node:path";
import type { ToolWithEffect } from "./gated-executor.ts";

export const MAX_READ_CHARS = 20_000;

export async function readWorkspaceFile(workspaceDir: string, filename: string): Promise<string> {
  if (typeof filename !== "string" || filename.trim() === "" || filename.includes("\0")) {
    throw new Error('filename is empty or invalid. Give a name relative to the workspace, e.g. "report.txt".');
  }
  const root = path.resolve(workspaceDir);
  const target = path.resolve(root, filename);
  if (path.isAbsolute(filename) || !isInside(root, target)) {
    throw new Error(`'${filename}' is outside the workspace. read_file only reads files in the workspace, e.g. "report.txt".`);
  }

  let real: string;
  try {
    real = await realpath(target);
  } catch {
    throw new Error(`There is no file '${filename}' in the workspace. ${await listing(root)}`);
  }
  // A symlink inside the workspace may point anywhere; where it really lands is what counts.
  if (!isInside(await realpath(root), real)) {
    throw new Error(`'${filename}' is a link that leads outside the workspace; read_file does not follow it.`);
  }
  // stat() does not block on a named pipe the way opening it would; anything but a plain file is refused.
  if (!(await stat(real)).isFile()) throw new Error(`'${filename}' is not a plain file (a folder or a pipe). ${await listing(root)}`);

  // At most the bytes the cap can show (4 per character in UTF-8): a huge file is never read whole.
  let bytes: Buffer;
  let size: number;
  try {
    const handle = await open(real, "r");
    try {
      size = (await handle.stat()).size;
      bytes = Buffer.alloc(Math.min(size, MAX_READ_CHARS * 4));
      await handle.read(bytes, 0, bytes.length, 0);
    } finally {
      await handle.close();
    }
  } catch (error) {
    // The system's message names this machine's absolute paths; the model gets the name it sent.
    throw new Error(`'${filename}' could not be read (${(error as NodeJS.ErrnoException).code ?? "error"}). Tell the user.`);
  }
  const text = new TextDecoder().decode(bytes, { stream: bytes.length < size });
  if (text.length <= MAX_READ_CHARS && bytes.length === size) return text;
  return `${text.slice(0, MAX_READ_CHARS)}\n[cut: the file has ${size} bytes; only the first ${MAX_READ_CHARS} characters are shown]`;
}

function isInside(root: string, candidate: string): boolean {
  const relative = path.relative(root, candidate);
  // "..notes.txt" is a name inside; only ".." itself or "../..." climbs out.
  const climbsOut = relative === ".." || relative.startsWith(`..${path.sep}`);
  return relative !== "" && !climbsOut && !path.isAbsolute(relative);
}

// Telling the model what is there saves it a round of guessing names.
async function listing(root: string): Promise<string> {
  const entries = await readdir(root, { withFileTypes: true }).catch(() => []);
  const names = entries.slice(0, 20).map((entry) => (entry.isDirectory() ? `${entry.name}/` : entry.name));
  return names.length > 0 ? `The workspace holds: ${names.join(", ")}.` : "The workspace is empty.";
}

export function createReadFileTool(workspaceDir: string): ToolWithEffect<{ filename: string }> {
  return {
    name: "read_file",
    description:
      "Read a text file from the agent's workspace folder (where save_to_file writes) and return its text. " +
      "Use it when the user refers to a file saved earlier, such as \"the report\" (report.txt). It only reads; " +
      "it changes nothing. filename is relative to the workspace; files outside it cannot be read. If the file " +
      `does not exist, the error lists what the workspace holds. Text longer than ${MAX_READ_CHARS} characters is cut, with a note.`,
    input_schema: {
      type: "object",
      properties: {
        filename: { type: "string", description: 'File name relative to the workspace, e.g. "report.txt" or "reports/usd-rub.txt".' },
      },
      required: ["filename"],
    },
    readOnly: true,
    concurrencySafe: true,
    run(input) {
      return readWorkspaceFile(workspaceDir, input.filename);
    },
  };
}

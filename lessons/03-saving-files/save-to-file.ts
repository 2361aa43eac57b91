// save_to_file: the course's first tool with a side effect. Reading a rate twice is harmless; writing a
// file changes the world, and the model, not us, chooses the path. So the tool itself is the security
// boundary: whatever name the model sends, nothing is written outside the workspace folder.
//
//   - relative names only ("report.txt", "reports/2026/may.txt"); subfolders are created
//   - refused: absolute paths, ".." that climbs out, symlinks that lead out, NUL bytes, empty names,
//     names over 255 bytes, backslashes, names of folders
//   - atomic: the content goes to a temporary file in the same folder, which is then renamed over the
//     target. A rename within one folder is all-or-nothing, so a crash or a full disk never leaves a
//     half-written file: readers see the old content or the new one.

import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { Tool } from "../01-first-tool/tool.ts";

// Resolved from the working directory (the repo root under `npm run`), not from this file's location:
// lessons are bundled before they run.
export const DEFAULT_WORKSPACE = path.resolve(process.cwd(), "workspace");

export const MAX_NAME_BYTES = 255;
export const MAX_CONTENT_BYTES = 1_000_000;

export interface SaveResult {
  // Where the file is, relative to the workspace, with "/" between folders.
  path: string;
  bytes: number;
  status: "created" | "overwritten";
}

export interface SaveOptions {
  // How the temporary file is written. Tests pass one that fails halfway, to prove the old content survives.
  writeFile?: (file: string, content: string) => Promise<void>;
}

// The error a refused name gets. Its message goes to the model, so it says what to send instead.
export class UnsafePathError extends Error {
  override name = "UnsafePathError";
}

export async function saveToFile(
  workspaceDir: string,
  filename: string,
  content: string,
  options: SaveOptions = {},
): Promise<SaveResult> {
  if (typeof content !== "string") {
    throw new Error("content must be text (a string). To save numbers or JSON, write them out as text first.");
  }
  const bytes = Buffer.byteLength(content, "utf8");
  if (bytes > MAX_CONTENT_BYTES) {
    throw new Error(`content is ${bytes} bytes; the limit is ${MAX_CONTENT_BYTES}. Save a shorter text.`);
  }

  const root = path.resolve(workspaceDir);
  const target = resolveInside(root, filename);
  const relative = path.relative(root, target).split(path.sep).join("/");

  // The workspace is created on demand; its real location (it may itself be a symlink) is the fence.
  await fs.mkdir(root, { recursive: true });
  const realRoot = await fs.realpath(root);

  // A symlink planted inside the workspace ("docs" -> "/etc") would carry the write outside. The deepest
  // part of the path that already exists shows where the write would really land.
  const existing = await deepestExisting(path.dirname(target), root);
  const realExisting = await fs.realpath(existing);
  if (!isInside(realRoot, realExisting)) {
    throw new UnsafePathError(
      `'${filename}' goes through a symbolic link that leads outside the workspace (to ${realExisting}). ` +
        "Save to a plain name in the workspace, e.g. \"report.txt\".",
    );
  }

  const before = await fs.lstat(target).catch(() => undefined);
  if (before?.isSymbolicLink()) {
    throw new UnsafePathError(`'${relative}' is a symbolic link; save_to_file does not write through links. Choose another name.`);
  }
  if (before?.isDirectory()) {
    throw new UnsafePathError(`'${relative}' is a folder. Give a file name inside it, e.g. "${relative}/report.txt".`);
  }

  await fs.mkdir(path.dirname(target), { recursive: true });
  await writeAtomically(target, content, options.writeFile ?? writeNewFile);
  return { path: relative, bytes, status: before ? "overwritten" : "created" };
}

// Checks the name as text and returns the absolute path it stands for inside root.
function resolveInside(root: string, filename: string): string {
  if (typeof filename !== "string" || filename.trim() === "") {
    throw new UnsafePathError('filename is empty. Give a file name relative to the workspace, e.g. "report.txt".');
  }
  if (filename.includes("\0")) {
    throw new UnsafePathError("filename contains a NUL byte, which no file name may contain. Use letters, digits, - _ . and /.");
  }
  if (Buffer.byteLength(filename, "utf8") > MAX_NAME_BYTES) {
    throw new UnsafePathError(`filename is longer than ${MAX_NAME_BYTES} bytes. Use a shorter name.`);
  }
  if (filename.includes("\\")) {
    throw new UnsafePathError(`'${filename}' contains a backslash. Separate folders with "/", e.g. "reports/may.txt".`);
  }
  if (path.isAbsolute(filename) || /^[a-zA-Z]:/.test(filename)) {
    throw new UnsafePathError(
      `'${filename}' is an absolute path. save_to_file only writes inside its workspace folder: give a relative name such as "report.txt".`,
    );
  }
  const target = path.resolve(root, filename);
  if (!isInside(root, target)) {
    throw new UnsafePathError(
      `'${filename}' climbs out of the workspace with "..". save_to_file only writes inside its workspace folder: ` +
        'give a name such as "report.txt" or "reports/report.txt".',
    );
  }
  if (target === root || filename.endsWith("/")) {
    throw new UnsafePathError(`'${filename}' names a folder, not a file. Add a file name, e.g. "report.txt".`);
  }
  return target;
}

function isInside(root: string, candidate: string): boolean {
  const relative = path.relative(root, candidate);
  return relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative));
}

// Walks up from dir until it finds something that exists (at worst, the workspace itself).
async function deepestExisting(dir: string, root: string): Promise<string> {
  let current = dir;
  while (current !== root) {
    const found = await fs.lstat(current).catch(() => undefined);
    if (found) return current;
    current = path.dirname(current);
  }
  return root;
}

async function writeAtomically(
  target: string,
  content: string,
  writeFile: (file: string, content: string) => Promise<void>,
): Promise<void> {
  // Same folder as the target: rename is only atomic within one file system.
  const temp = path.join(path.dirname(target), `.${path.basename(target)}.${randomBytes(6).toString("hex")}.tmp`);
  try {
    await writeFile(temp, content);
    await fs.rename(temp, target);
  } catch (error) {
    await fs.rm(temp, { force: true });
    throw error;
  }
}

// "wx": fail rather than reuse a file that already has this random name.
async function writeNewFile(file: string, content: string): Promise<void> {
  await fs.writeFile(file, content, { encoding: "utf8", flag: "wx" });
}

export function createSaveToFileTool(workspaceDir: string): Tool<{ filename: string; content: string }> {
  return {
    name: "save_to_file",
    description:
      "Save text to a file in the agent's workspace folder, creating the file or replacing it if it exists. " +
      "Use it when the user asks to save, write down or store a result; do not use it just to show an answer. " +
      "filename is relative to the workspace (\"report.txt\", \"reports/may.txt\"); folders are created as needed. " +
      "Absolute paths, \"..\" and links out of the workspace are refused. Saving the same content again is harmless. " +
      'Returns JSON like {"path":"report.txt","bytes":120,"status":"created"} ("overwritten" when it replaced a file).',
    input_schema: {
      type: "object",
      properties: {
        filename: {
          type: "string",
          description: 'File name relative to the workspace, e.g. "report.txt" or "reports/usd-rub.txt".',
          minLength: 1,
          maxLength: MAX_NAME_BYTES,
        },
        content: { type: "string", description: "The full text to write (UTF-8). It replaces any earlier content." },
      },
      required: ["filename", "content"],
    },
    // It changes files, so it must not run at the same time as another write (lesson 05), and
    // lesson 07 puts it behind an approval gate.
    readOnly: false,
    concurrencySafe: false,
    async run(input) {
      return JSON.stringify(await saveToFile(workspaceDir, input.filename, input.content));
    },
  };
}

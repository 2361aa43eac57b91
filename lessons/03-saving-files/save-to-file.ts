// save_to_file: the course's first tool with a side effect. Reading a rate twice is harmless; writing a
// file changes the world, and the model, not us, chooses the path. So the tool itself is the security
// boundary: whatever name the model sends, nothing is written outside the workspace folder.
//
//   - relative names only ("report.txt", "reports/2026/may.txt"); subfolders are created
//   - refused: absolute paths, ".." that climbs out, symlinks that lead out, control characters
//     (NUL, a line break, ESC), empty names, names over 255 bytes, backslashes, names of folders, and
//     folders the caller protects (lesson 06 protects the agent's memory)
//   - one spelling per name: spaces and dots at the end of each part are dropped ("x.env " is "x.env"),
//     so a permission rule about *.env (lesson 07) judges the file that is really written
//   - atomic: the content goes to a temporary file in the same folder, which is then renamed over the
//     target. A rename within one folder is all-or-nothing, so a crash or a full disk never leaves a
//     half-written file: readers see the old content or the new one.

import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { Tool } from "../01-first-tool/tool.ts";
import { inert } from "../../shared/inert-text.ts";
import { describeSaveError } from "./save-error.ts";

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
  // Folders this tool must never write into, even inside the workspace (lesson 06: the agent's memory,
  // which only the memory tools may change).
  protectedDirs?: Array<{ dir: string; why: string }>;
}

// A call the tool refuses because of what was sent (a name, a content): sending the same again fails
// again. Its message goes to the model, so it says what to send instead.
export class SaveRefusedError extends Error {
  override name = "SaveRefusedError";
}

// The error a refused name gets.
export class UnsafePathError extends SaveRefusedError {
  override name = "UnsafePathError";
}

// Control characters (a line break, ESC, NUL) and the invisible ones that reorder or hide text: a file
// name with them shows as something else in a terminal listing, or as two lines in a log.
const NAME_CONTROL = /[\u0000-\u001f\u007f-\u009f\u200b\u200e\u200f\u2028-\u202e\u2066-\u2069\ufeff]/;

// The one spelling of a name that the tool and a permission gate both use: Unicode in composed form,
// and spaces and dots dropped from the end of each part (spaces from its start too). Control
// characters are left for resolveInside to refuse. Windows drops them itself, so "x.env " IS
// "x.env" there; elsewhere it would be a different file that a rule about *.env does not cover.
export function normalizeFileName(filename: unknown): unknown {
  if (typeof filename !== "string") return filename;
  return filename
    .normalize("NFC")
    .split("/")
    .map((part) => (/^\.+$/.test(part) ? part : trimPart(part)))
    .join("/");
}

// A loop, not .replace(/[\p{Zs}.]+$/u, ""): that pattern is retried at every dot of a long name,
// which takes quadratic time, and this runs before the length check.
function trimPart(part: string): string {
  const space = (ch: string | undefined) => ch !== undefined && /\p{Zs}/u.test(ch);
  let start = 0;
  let end = part.length;
  while (start < end && space(part[start])) start++;
  while (end > start && (space(part[end - 1]) || part[end - 1] === ".")) end--;
  return part.slice(start, end);
}

export async function saveToFile(
  workspaceDir: string,
  filename: string,
  content: string,
  options: SaveOptions = {},
): Promise<SaveResult> {
  if (typeof content !== "string") {
    throw new SaveRefusedError("content must be text (a string). To save numbers or JSON, write them out as text first.");
  }
  const bytes = Buffer.byteLength(content, "utf8");
  if (bytes > MAX_CONTENT_BYTES) {
    throw new SaveRefusedError(`content is ${bytes} bytes (UTF-8); the limit is ${MAX_CONTENT_BYTES}. Save a shorter text.`);
  }

  const root = path.resolve(workspaceDir);
  const target = resolveInside(root, normalizeFileName(filename));
  const relative = path.relative(root, target).split(path.sep).join("/");

  // The workspace is created on demand; its real location (it may itself be a symlink) is the fence.
  await fs.mkdir(root, { recursive: true });
  const realRoot = await fs.realpath(root);

  // A symlink planted inside the workspace ("docs" -> "/etc") would carry the write outside. The deepest
  // part of the path that already exists shows where the write would really land.
  const existing = await deepestExisting(path.dirname(target), root);
  const realExisting = await fs.realpath(existing);
  if (!isInside(realRoot, realExisting)) {
    // Where the link leads is not said: the model has no business with this machine's folders.
    throw new UnsafePathError(
      `'${relative}' goes through a symbolic link that leads outside the workspace. ` +
        "Save to a plain name in the workspace, e.g. \"report.txt\".",
    );
  }
  const realTarget = path.join(realExisting, path.relative(existing, target));
  await refuseProtected([target, realTarget], relative, options.protectedDirs ?? []);

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
function resolveInside(root: string, filename: unknown): string {
  if (typeof filename !== "string" || filename.trim() === "") {
    throw new UnsafePathError('filename is empty. Give a file name relative to the workspace, e.g. "report.txt".');
  }
  const control = NAME_CONTROL.exec(filename)?.[0];
  if (control !== undefined) {
    const what = control === "\0" ? "a NUL byte" : control === "\n" || control === "\r" ? "a line break" : "a control or invisible character";
    throw new UnsafePathError(
      `filename contains ${what} (${inert(control)}), which no file name may contain. Use letters, digits, spaces, - _ . and /.`,
    );
  }
  // The limit holds for each part of the path (it is the file system's), and for the whole name.
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

// A protected folder is compared by its real location and without regard to case, so neither a link
// nor "Memory/SOUL.md" on a case-insensitive disk reaches it.
async function refuseProtected(targets: string[], relative: string, protectedDirs: Array<{ dir: string; why: string }>): Promise<void> {
  for (const { dir, why } of protectedDirs) {
    const dirs = [path.resolve(dir), await fs.realpath(dir).catch(() => path.resolve(dir))];
    if (dirs.some((d) => targets.some((t) => isInside(d.toLowerCase(), t.toLowerCase())))) {
      throw new UnsafePathError(`'${relative}' is in a protected folder: ${why} Choose another name, e.g. "report.txt".`);
    }
  }
}

function isInside(root: string, candidate: string): boolean {
  const relative = path.relative(root, candidate);
  // "..notes.txt" is a name inside; only ".." itself or "../..." climbs out.
  const climbsOut = relative === ".." || relative.startsWith(`..${path.sep}`);
  return relative === "" || (!climbsOut && !path.isAbsolute(relative));
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
  // Same folder as the target: rename is only atomic within one file system. The name does not repeat
  // the target's, so a target name near the 255-byte limit still leaves room for it.
  const temp = path.join(path.dirname(target), `.save-${randomBytes(6).toString("hex")}.tmp`);
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

export function createSaveToFileTool(workspaceDir: string, options: SaveOptions = {}): Tool<{ filename: string; content: string }> {
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
    async run(input) {
      try {
        return JSON.stringify(await saveToFile(workspaceDir, input.filename, input.content, options));
      } catch (error) {
        // A refusal already speaks to the model. An error from the operating system carries this
        // machine's absolute paths: the model gets a sentence about the name it sent instead.
        if (error instanceof SaveRefusedError) throw error;
        throw new Error(describeSaveError(error, String(normalizeFileName(input.filename))));
      }
    },
  };
}

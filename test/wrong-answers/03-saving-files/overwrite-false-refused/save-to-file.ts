// Exercise 03: save_to_file, safely. Read exercises/03-saving-files/README.md first.
// Check your work with: npm run check 3

import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { Tool } from "../../lessons/01-first-tool/tool.ts";

export const MAX_NAME_BYTES = 255;

export interface SaveResult {
  path: string; // relative to the workspace, "/" between folders
  bytes: number;
  status: "created" | "overwritten";
}

export interface SaveOptions {
  // Replace a file that already exists. Only the boolean true says yes: the model may send "true".
  overwrite?: boolean;
  // How the temporary file is written. The tests pass one that fails halfway through.
  writeFile?: (file: string, content: string) => Promise<void>;
}

// Given: writes a file that must not exist yet ("wx"), so a random temp name is never reused.
export async function writeNewFile(file: string, content: string): Promise<void> {
  await fs.writeFile(file, content, { encoding: "utf8", flag: "wx" });
}

export async function saveToFile(
  workspaceDir: string,
  filename: string,
  content: string,
  options: SaveOptions = {},
): Promise<SaveResult> {
  // TODO 1: the name, checked as text, before anything touches the disk.
  if (typeof filename !== "string") {
    throw new Error(`The file name must be text, e.g. "report.txt"; received ${JSON.stringify(filename)}.`);
  }
  if (filename === "") throw new Error('The file name is empty. Give a name relative to the workspace, e.g. "report.txt".');
  if (filename.includes("\0")) throw new Error("The file name contains a NUL byte. Use letters, digits, - _ . and /.");
  if (Buffer.byteLength(filename, "utf8") > MAX_NAME_BYTES) {
    throw new Error(`The file name is longer than ${MAX_NAME_BYTES} bytes. Use a shorter name.`);
  }
  if (path.isAbsolute(filename)) {
    throw new Error(`'${filename}' is an absolute path. Only names inside the workspace are allowed, e.g. "report.txt".`);
  }
  const root = path.resolve(workspaceDir);
  const target = path.resolve(root, filename);
  if (!isInside(root, target)) {
    throw new Error(`'${filename}' leads outside the workspace (".."). Only names inside the workspace are allowed, e.g. "report.txt".`);
  }
  if (target === root || filename.endsWith("/")) {
    throw new Error(`'${filename}' names a folder, not a file. Add a file name, e.g. "report.txt".`);
  }

  // TODO 2: symlinks. Where would the write really land? Ask the deepest part of the path that exists.
  await fs.mkdir(root, { recursive: true });
  const realRoot = await fs.realpath(root);
  let existing = path.dirname(target);
  while (existing !== root && !(await exists(existing))) existing = path.dirname(existing);
  const realExisting = await fs.realpath(existing);
  if (!isInside(realRoot, realExisting)) {
    throw new Error(`'${filename}' goes through a symbolic link that leads outside the workspace. Choose a plain name, e.g. "report.txt".`);
  }
  const before = await fs.lstat(target).catch(() => undefined);
  if (before?.isSymbolicLink()) throw new Error(`'${filename}' is a symbolic link; save_to_file does not write through links.`);
  if (before?.isDirectory()) throw new Error(`'${filename}' is a folder. Give a file name inside it.`);

  // TODO 3: an existing file is replaced only when the caller says so, with a real boolean.
  if (options.overwrite !== undefined && options.overwrite !== true) {
    throw new Error(`overwrite must be true or false (a boolean), not ${JSON.stringify(options.overwrite)}.`);
  }
  if (before && options.overwrite !== true) {
    throw new Error(`'${filename}' already exists. To replace it, call again with overwrite: true; or choose another name.`);
  }

  // TODO 4: atomic write: a temp file in the same folder, then rename over the target.
  await fs.mkdir(path.dirname(target), { recursive: true });
  const temp = path.join(path.dirname(target), `.${path.basename(target)}.${randomBytes(6).toString("hex")}.tmp`);
  try {
    await (options.writeFile ?? writeNewFile)(temp, content);
    await fs.rename(temp, target);
  } catch (error) {
    await fs.rm(temp, { force: true });
    throw error;
  }

  // TODO 5: what happened, for the model.
  return {
    path: path.relative(root, target).split(path.sep).join("/"),
    bytes: Buffer.byteLength(content, "utf8"),
    status: before ? "overwritten" : "created",
  };
}

// True when candidate is root itself or somewhere below it. Compare whole path parts: "..notes.txt"
// is a name inside, while "../workspace-old" (a sibling that merely starts with the same letters) is not.
function isInside(root: string, candidate: string): boolean {
  const relative = path.relative(root, candidate);
  return relative !== ".." && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative);
}

async function exists(file: string): Promise<boolean> {
  return (await fs.lstat(file).catch(() => undefined)) !== undefined;
}

// Given: the tool around saveToFile. The model sends filename, content and maybe overwrite; a refused
// name throws, and the loop turns that into an is_error result the model reads.
export function createSaveToFileTool(workspaceDir: string): Tool<{ filename: string; content: string; overwrite?: boolean }> {
  return {
    name: "save_to_file",
    description:
      "Save text to a file in the workspace folder, creating it or replacing it. Use it when the user asks to " +
      'save or write down a result. filename is relative to the workspace ("report.txt", "reports/may.txt"); ' +
      'folders are created. Absolute paths and ".." are refused. An existing file is only replaced with ' +
      'overwrite: true. Returns {"path","bytes","status"}.',
    input_schema: {
      type: "object",
      properties: {
        filename: { type: "string", description: 'File name relative to the workspace, e.g. "report.txt".' },
        content: { type: "string", description: "The full text to write." },
        overwrite: { type: "boolean", description: "true to replace a file that already exists; leave it out otherwise." },
      },
      required: ["filename", "content"],
    },
    async run(input) {
      return JSON.stringify(await saveToFile(workspaceDir, input.filename, input.content, { overwrite: input.overwrite }));
    },
  };
}

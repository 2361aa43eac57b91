// Exercise 03: save_to_file, safely. Read exercises/03-saving-files/README.md first.
// Check your work with: npm run check 3

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
  // TODO 1: check the name as text, before anything touches the disk. Refuse (throw an Error whose message
  //   tells the model what to send instead): an absolute path, and a name that leads out of the workspace
  //   with "..". Careful: "..notes.txt" is an ordinary name inside, and "../workspace-old/x.txt" is outside
  //   even though its path starts with the workspace's.
  //   Hard mode: also a name that is not a string, an empty name, a NUL byte, a name over MAX_NAME_BYTES
  //   bytes (bytes, not characters), and a name that is the workspace itself or ends with "/".
  // TODO 2: symlinks. Create the workspace if it is missing. A link inside it ("linked" -> /somewhere/else)
  //   would carry the write outside: find the deepest part of the target's folder that exists, take its
  //   fs.realpath(), and refuse unless that is inside the workspace.
  //   Hard mode: compare with fs.realpath(workspace); refuse a target that is itself a symlink or a folder.
  // TODO 3: a file that already exists is replaced only when options.overwrite is true; otherwise refuse,
  //   saying how to replace it. Hard mode: an overwrite that is not a boolean ("true", 1) is refused too.
  // TODO 4: write atomically. Create the target's folders, write the content to a temporary file in the
  //   SAME folder with (options.writeFile ?? writeNewFile), then fs.rename() it over the target. If
  //   anything fails, remove the temporary file and throw the error on. Hard mode: the temporary name
  //   must be new each time (two saves at once, or a leftover "report.txt.tmp", must not collide).
  // TODO 5: return { path (relative to the workspace, with "/"), bytes (the content's size; hard mode:
  //   UTF-8 bytes, not characters),
  //   status: "created" or "overwritten" (did the target exist before?) }.
  throw new Error(
    `not implemented yet: saveToFile("${workspaceDir}", ${JSON.stringify(filename)}, ${content.length} characters, ` +
      `overwrite ${String(options.overwrite)}, writeFile ${options.writeFile ? "given" : "default"}) in exercises/03-saving-files/save-to-file.ts (TODO 1-5)`,
  );
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

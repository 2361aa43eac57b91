// Given (nothing to do here): the file operations memory needs, passed as a parameter so the tests can
// hand in a version that "crashes" halfway through a write. Always go through `files`, never through
// node:fs directly, or the tests cannot check what happens when a write fails.

import fs from "node:fs/promises";

// Lesson 06's atomic write: the text goes to a temporary file in the same folder, which is then
// renamed over the target, so a crash never leaves the file half-written. Pass it `files` as its
// third argument, so the tests' crashing writes reach it.
export { writeFileAtomic } from "../../lessons/06-memory/atomic-write.ts";

export interface FileOps {
  readFile(file: string): Promise<string>;
  writeFile(file: string, text: string): Promise<void>;
  rename(from: string, to: string): Promise<void>;
  // Removes a file; does nothing if it is not there.
  rm(file: string): Promise<void>;
  // Creates a folder and its parents; does nothing if it exists.
  mkdir(dir: string): Promise<void>;
}

export const nodeFiles: FileOps = {
  readFile: (file) => fs.readFile(file, "utf8"),
  writeFile: (file, text) => fs.writeFile(file, text, "utf8"),
  rename: (from, to) => fs.rename(from, to),
  rm: (file) => fs.rm(file, { force: true }),
  mkdir: async (dir) => {
    await fs.mkdir(dir, { recursive: true });
  },
};

// True for the error readFile throws when the file does not exist.
export function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === "ENOENT";
}

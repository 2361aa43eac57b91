// Writing a file so that a crash can never leave it half-written: write the new text to a temporary
// file in the same folder, then rename it over the old one. A rename within one folder is atomic: a
// reader (or the next run) sees either the old file or the new one, never a mix.

import { randomBytes } from "node:crypto";
import { constants } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";

// The few file operations memory needs. Code takes them as a parameter so a test can hand in a
// version that "crashes" halfway through a write and check that nothing was lost.
export interface FileOps {
  readFile(file: string): Promise<string>;
  writeFile(file: string, text: string): Promise<void>;
  rename(from: string, to: string): Promise<void>;
  rm(file: string): Promise<void>;
  mkdir(dir: string): Promise<void>;
}

export const nodeFiles: FileOps = {
  readFile: (file) => readRegularFile(file),
  writeFile: (file, text) => fs.writeFile(file, text, "utf8"),
  rename: (from, to) => fs.rename(from, to),
  rm: (file) => fs.rm(file, { force: true }),
  mkdir: async (dir) => {
    await fs.mkdir(dir, { recursive: true });
  },
};

// A file that is not UTF-8 (a Russian text saved as Windows-1251, say) would be read with its letters
// turned into "\uFFFD" replacement marks, and the next write would save those marks over the original
// text for good. So such a file is refused, not read: never rewrite what was not read faithfully.
export class NotUtf8Error extends Error {
  override name = "NotUtf8Error";
}

export function decodeUtf8(bytes: Uint8Array, name: string): string {
  try {
    // fatal: throw on the first byte sequence that is not UTF-8, instead of replacing it.
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new NotUtf8Error(
      `${name} is not UTF-8 text (it may have been saved as Windows-1251 or another encoding), so it was left unchanged. ` +
        `Ask the user to convert it to UTF-8: in their editor, "Save with encoding: UTF-8", or ` +
        `\`iconv -f cp1251 -t utf-8 ${name} > ${name}.utf8\` and then rename ${name}.utf8 to ${name}.`,
    );
  }
}

// A memory file that is a named pipe would make a plain read wait for a writer that never comes, with
// the file's lock held all the while. Opened with O_NONBLOCK, a FIFO opens at once, and fstat says
// what it is before anything is read.
export class NotRegularFileError extends Error {
  override name = "NotRegularFileError";
}

async function readRegularFile(file: string): Promise<string> {
  const handle = await fs.open(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    if (!(await handle.stat()).isFile()) {
      throw new NotRegularFileError(
        `${path.basename(file)} is not a regular file (a named pipe, a folder or a device), so memory was left unchanged. ` +
          "Tell the user; they can replace it with an ordinary text file.",
      );
    }
    return decodeUtf8(await handle.readFile(), path.basename(file));
  } finally {
    await handle.close();
  }
}

export async function writeFileAtomic(file: string, text: string, files: FileOps = nodeFiles): Promise<void> {
  // Same folder as the target: a rename across folders may cross disks, and rename(2) then fails (EXDEV).
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`);
  try {
    await files.writeFile(temp, text);
    await files.rename(temp, file);
  } catch (error) {
    // The old file was never touched; only the half-written temporary file needs cleaning up.
    await files.rm(temp).catch(() => undefined);
    throw error;
  }
}

// A file that does not exist yet reads as "". Any other problem (no permission, a folder where the
// file should be) is a real error and is thrown.
export async function readIfExists(file: string, files: FileOps = nodeFiles): Promise<string> {
  try {
    return await files.readFile(file);
  } catch (error) {
    if (isMissing(error)) return "";
    throw error;
  }
}

export function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === "ENOENT";
}

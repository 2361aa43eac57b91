// Reading one memory file without trusting the file system. The files are meant to be small Markdown
// notes, but the folder is a place anyone can put anything:
//   - a huge file (or a link to /dev/zero, which never ends): read at most the bytes the cap needs,
//     from the end that is kept, never the whole file;
//   - a FIFO (a named pipe) called MEMORY.md: opening it for reading waits for a writer, forever.
//     It is opened without waiting (O_NONBLOCK) and refused, like anything that is not a regular file;
//   - a link to /etc/passwd: a link may point only inside the memory folder.

import { constants } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { decodeUtf8 } from "./atomic-write.ts";

export interface FilePart {
  text: string;
  // Bytes of the file that were not read at all (they lie beyond the part the cap keeps).
  unreadBytes: number;
}

// A reason the file was not loaded, in words for the model and the person.
export class UnloadableFileError extends Error {
  override name = "UnloadableFileError";
}

// Reads at most maxBytes of dir/name: the first ones (keep "start") or the last ones (keep "end").
export async function readMemoryFile(dir: string, name: string, maxBytes: number, keep: "start" | "end"): Promise<FilePart> {
  const realDir = await fs.realpath(dir);
  const real = await fs.realpath(path.join(dir, name));
  const relative = path.relative(realDir, real);
  if (relative === "" || relative === ".." || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative)) {
    throw new UnloadableFileError(`${name} is a link that leads outside the memory folder, so it was not loaded.`);
  }
  // O_NONBLOCK: a FIFO opens at once instead of waiting for a writer; fstat then shows what it is.
  const handle = await fs.open(real, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw new UnloadableFileError(`${name} is not a regular file (a folder, pipe or device), so it was not loaded.`);
    const length = Math.min(info.size, maxBytes);
    const position = keep === "end" ? info.size - length : 0;
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, position);
    let bytes = buffer.subarray(0, bytesRead);
    // A cut may fall inside a character (Cyrillic takes 2 bytes, emoji 4): drop the broken piece.
    if (position > 0) bytes = bytes.subarray(leadingContinuationBytes(bytes));
    if (position + bytesRead < info.size) bytes = bytes.subarray(0, bytes.length - incompleteTail(bytes));
    return { text: decodeUtf8(bytes, name), unreadBytes: info.size - bytesRead };
  } finally {
    await handle.close();
  }
}

// UTF-8 continuation bytes look like 10xxxxxx; a character never starts with one.
function isContinuation(byte: number | undefined): boolean {
  return byte !== undefined && (byte & 0xc0) === 0x80;
}

function leadingContinuationBytes(bytes: Uint8Array): number {
  let count = 0;
  while (count < 3 && isContinuation(bytes[count])) count++;
  return count;
}

// How many bytes at the end belong to a character whose remaining bytes were not read.
function incompleteTail(bytes: Uint8Array): number {
  for (let back = 1; back <= Math.min(4, bytes.length); back++) {
    const byte = bytes[bytes.length - back] ?? 0;
    if (isContinuation(byte)) continue;
    const needed = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return needed > back ? back : 0;
  }
  return 0;
}

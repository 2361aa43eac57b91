// Not every file is text, and not every path is a file. Before read_file opens anything:
//
//   - folders, named pipes (FIFOs), sockets and devices are refused from their metadata alone.
//     Opening a FIFO blocks until some other program opens its other end; nobody will, and the agent
//     would hang for ever. /dev/zero never ends. So these are refused before open().
//   - binary files are recognised by their first bytes (a NUL byte, or a known signature) and not
//     returned as text: decoded as UTF-8 they are noise that costs tokens.
//   - images are named, with their size in pixels when the header says it, and not decoded here.
//     A decoded image takes memory in proportion to its pixels (width x height x 4 bytes), and the
//     file size says nothing about that: a small, well-compressed PNG can be 20000 x 20000 pixels,
//     1.6 GB once decoded. A check on megabytes lets that through; a check on megapixels does not.

import type { Stats } from "node:fs";

export const SNIFF_BYTES = 8_000;

// What kind of thing a path is, from stat(); undefined for a regular file.
export function specialKind(stats: Stats): string | undefined {
  if (stats.isDirectory()) return "a folder";
  if (stats.isFIFO()) return "a named pipe (FIFO): opening it would wait for a writer that never comes";
  if (stats.isSocket()) return "a socket";
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return "a device";
  if (!stats.isFile()) return "not a regular file";
  return undefined;
}

export interface BinaryKind {
  kind: string;
  image?: { width: number; height: number };
}

const SIGNATURES: Array<[string, number[]]> = [
  ["a PNG image", [0x89, 0x50, 0x4e, 0x47]],
  ["a JPEG image", [0xff, 0xd8, 0xff]],
  ["a GIF image", [0x47, 0x49, 0x46, 0x38]],
  ["a PDF document", [0x25, 0x50, 0x44, 0x46]],
  ["a ZIP archive", [0x50, 0x4b, 0x03, 0x04]],
  ["a gzip archive", [0x1f, 0x8b]],
  ["an executable (ELF)", [0x7f, 0x45, 0x4c, 0x46]],
];

// The first bytes of a file say whether it is text. Undefined means: treat it as text.
export function binaryKind(head: Buffer): BinaryKind | undefined {
  for (const [kind, signature] of SIGNATURES) {
    if (signature.every((byte, i) => head[i] === byte)) return { kind, image: imageSize(kind, head) };
  }
  if (head.includes(0)) return { kind: "a binary file (it has NUL bytes)" };
  return undefined;
}

// Width and height from the header, where it is at a fixed place (PNG's IHDR, GIF's screen size).
function imageSize(kind: string, head: Buffer): { width: number; height: number } | undefined {
  if (kind === "a PNG image" && head.length >= 24) return { width: head.readUInt32BE(16), height: head.readUInt32BE(20) };
  if (kind === "a GIF image" && head.length >= 10) return { width: head.readUInt16LE(6), height: head.readUInt16LE(8) };
  return undefined;
}

export function megapixels(size: { width: number; height: number }): number {
  return (size.width * size.height) / 1_000_000;
}

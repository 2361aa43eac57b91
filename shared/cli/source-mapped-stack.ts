// A stack trace from the course's bundle, pointed back at the .ts files it was built from.
//
// Why by hand: Node can map every stack trace itself (process.setSourceMapsEnabled), but then it reads
// and parses the source map of every bundle file at load, on every start, for the rare run that
// crashes. Here the maps are read only when a stack trace is printed, and only those it names.

import { readFileSync } from "node:fs";
import { SourceMap } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

// "at fn (file:///…/bundle/chunk-X.js:12:34)" or "at file:///…/course.js:5:6": a file URL, a line, a column.
const FRAME = /(file:\/\/[^\s()]+?\.m?js):(\d+):(\d+)/g;

export function sourceMappedStack(stack: string): string {
  const maps = new Map<string, SourceMap | null>();
  return stack.replace(FRAME, (frame: string, url: string, line: string, column: string) => {
    const file = fileURLToPath(url);
    if (!maps.has(file)) maps.set(file, readMap(file));
    const entry = maps.get(file)?.findEntry(Number(line) - 1, Number(column) - 1);
    // An entry outside any mapping is {} (Node 20) or undefined: keep the bundle's position then.
    if (!entry || !("originalSource" in entry) || !entry.originalSource) return frame;
    const source = path.relative(process.cwd(), path.resolve(path.dirname(file), entry.originalSource));
    return `${source}:${entry.originalLine + 1}:${entry.originalColumn + 1}`;
  });
}

function readMap(file: string): SourceMap | null {
  try {
    return new SourceMap(JSON.parse(readFileSync(`${file}.map`, "utf8")));
  } catch {
    return null; // no map beside it (not our bundle), or one we cannot read: the frame stays as it is
  }
}

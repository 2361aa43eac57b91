// Three of edit_file's matchers (lessons/10-edit-tool/matchers.ts has the whole chain). Each finds
// every place where the model's quote fits the file, as character spans, in file order, not
// overlapping. The helpers come from the lesson: linesOf(content) gives each line's start, end (before
// its "\n" or "\r\n") and text; quotedLines(oldText) splits the quote into lines (a final line break
// is not a line); indentOf(line) is its leading spaces and tabs; similarity(a, b) is 0..1.

import {
  indentOf,
  linesOf,
  quotedLines,
  similarity,
  type Match,
  type Matcher,
} from "../../lessons/10-edit-tool/matchers.ts";

export const BLOCK_MIN_LINES = 3;
export const BLOCK_SIMILARITY = 0.7;

// Every window of as many file lines as the quote has, tested by `fits`; a find skips past itself.
function windows(content: string, oldText: string, fits: (fileLines: string[], quoted: string[]) => boolean): Match[] {
  if (oldText.trim() === "") return [];
  const lines = linesOf(content);
  const quoted = quotedLines(oldText);
  const found: Match[] = [];
  for (let i = 0; i + quoted.length <= lines.length; i++) {
    const window = lines.slice(i, i + quoted.length);
    if (!fits(window.map((line) => line.text), quoted)) continue;
    found.push({ start: window[0]!.start, end: window[window.length - 1]!.end });
    i += quoted.length - 1;
  }
  return found;
}

// TODO 1: lines equal once spaces and tabs at their ends are ignored.
export const lineTrimmed: Matcher = {
  name: "line-trimmed",
  find(content, oldText) {
    return windows(content, oldText, (fileLines, quoted) => quoted.every((line, k) => line.trimEnd() === fileLines[k]!.trimEnd()));
  },
};

// The quote's indentations, translated to the file's, from the lines whose text is the same.
// Undefined when one indentation of the quote would have to become two different ones.
function indentationMap(quoted: string[], fileLines: string[], skipDifferent: boolean): Map<string, string> | undefined {
  const map = new Map<string, string>();
  for (let k = 0; k < quoted.length; k++) {
    const mine = quoted[k]!;
    const theirs = fileLines[k] ?? "";
    if (mine.trim() !== theirs.trim()) {
      if (skipDifferent) continue;
      return undefined;
    }
    if (mine.trim() === "") continue;
    const to = indentOf(theirs);
    if ((map.get(indentOf(mine)) ?? to) !== to) return undefined;
    map.set(indentOf(mine), to);
  }
  return map;
}

// TODO 2: the new text, moved to the file's indentation. Each line's indentation is translated the
// way the quote's was; an indentation the quote never used keeps what it adds to the longest one it
// starts with. Blank lines stay as they are.
export function reindent(newText: string, oldText: string, found: string): string {
  const map = indentationMap(quotedLines(oldText), quotedLines(found), true);
  if (!map) return newText;
  const known = [...map.keys()].sort((a, b) => b.length - a.length);
  return newText
    .split("\n")
    .map((line) => {
      if (line.trim() === "") return line;
      const indent = /^[ \t]*/.exec(line)![0];
      return map.has(indent) ? map.get(indent)! + line.slice(indent.length) : line;
    })
    .join("\n");
}

// TODO 2: the same block at another indentation, shifted consistently.
export const indentationFlexible: Matcher = {
  name: "indentation-flexible",
  find(content, oldText) {
    return windows(content, oldText, (fileLines, quoted) => indentationMap(quoted, fileLines, false) !== undefined);
  },
  adjust: reindent,
};

// TODO 3: first and last lines match (apart from indentation); the lines between are, on average,
// at least BLOCK_SIMILARITY alike, line for line (a line the file does not have counts as "").
export const blockAnchored: Matcher = {
  name: "block-anchored",
  find(content, oldText) {
    const quoted = quotedLines(oldText).map((line) => line.trim());
    if (quoted.length < BLOCK_MIN_LINES) return [];
    const first = quoted[0]!;
    const last = quoted[quoted.length - 1]!;
    const middle = quoted.slice(1, -1);
    const lines = linesOf(content);
    const found: Match[] = [];
    for (let i = 0; i < lines.length; i++) {
      if (lines[i]!.text.trim() !== first) continue;
      let j = i + 2;
      while (j < lines.length && lines[j]!.text.trim() !== last) j++;
      if (j >= lines.length) continue;
      let total = 0;
      middle.forEach((line, k) => {
        total += similarity(line, i + 1 + k < j ? lines[i + 1 + k]!.text.trim() : "");
      });
      if (total / middle.length < BLOCK_SIMILARITY) continue;
      found.push({ start: lines[i]!.start, end: lines[j]!.end });
      i = j;
    }
    return found;
  },
  adjust: reindent,
};

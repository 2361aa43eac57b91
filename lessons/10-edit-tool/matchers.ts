// The matcher chain: where in the file is the text the model quoted? A model quotes from memory, and
// its memory is slightly off: a space at the end of a line, another indentation, "\n" typed as two
// characters. Rejecting every near miss sends it round "read the file again, try again"; accepting
// anything one day replaces the wrong lines. So the matchers go from strict to forgiving, and the
// edit uses the first one that finds something (apply-edit.ts):
//
//   exact                  the text as given
//   line-trimmed           spaces and tabs at the ends of lines ignored (and CRLF vs LF)
//   indentation-flexible   the same block at another indentation; the replacement is re-indented
//   whitespace-normalised  runs of spaces and tabs count as one
//   escape-normalised      \n, \t, \" typed literally stand for the real characters
//   block-anchored         first and last lines match, the lines between are merely similar
//
// A matcher only finds spans; it never decides. The safety stops (safety-stops.ts) decide whether a
// find is good enough to write.

import { editDistance } from "../04-tool-contract/did-you-mean.ts";

export type MatcherName =
  | "exact"
  | "line-trimmed"
  | "indentation-flexible"
  | "whitespace-normalised"
  | "escape-normalised"
  | "block-anchored";

// A piece of the file, by character offsets: content.slice(start, end) is the text found.
export interface Match {
  start: number;
  end: number;
}

export interface Matcher {
  name: MatcherName;
  // Every place in content where this matcher finds old_text, in file order, not overlapping.
  find(content: string, oldText: string): Match[];
  // A matcher that forgave a difference may carry it into the replacement (re-indentation).
  adjust?(newText: string, oldText: string, found: string): string;
}

// One line of a file: where its text starts and ends. `end` stops before the line break ("\n" or
// "\r\n"), so replacing whole lines never eats the break, and a CRLF file stays CRLF.
export interface Line {
  start: number;
  end: number;
  text: string;
}

export function linesOf(content: string): Line[] {
  const lines: Line[] = [];
  let start = 0;
  for (;;) {
    const newline = content.indexOf("\n", start);
    const stop = newline === -1 ? content.length : newline;
    const end = stop > start && content[stop - 1] === "\r" ? stop - 1 : stop;
    lines.push({ start, end, text: content.slice(start, end) });
    if (newline === -1) return lines;
    start = newline + 1;
  }
}

// old_text as lines. A final line break is not a line of its own: "a\nb\n" is two lines.
export function quotedLines(oldText: string): string[] {
  const lines = oldText.split("\n").map((line) => (line.endsWith("\r") ? line.slice(0, -1) : line));
  if (lines.length > 1 && lines.at(-1) === "") lines.pop();
  return lines;
}

// Tries every window of as many file lines as old_text has; `same` says whether a window fits.
// Windows do not overlap: after a find, the search goes on below it.
export function findLineWindows(content: string, oldText: string, same: (fileLines: string[], quoted: string[]) => boolean): Match[] {
  if (oldText.trim() === "") return [];
  const lines = linesOf(content);
  const quoted = quotedLines(oldText);
  const found: Match[] = [];
  for (let i = 0; i + quoted.length <= lines.length; i++) {
    const window = lines.slice(i, i + quoted.length);
    if (!same(window.map((line) => line.text), quoted)) continue;
    found.push({ start: window[0]!.start, end: window.at(-1)!.end });
    i += quoted.length - 1;
  }
  return found;
}

export const exact: Matcher = {
  name: "exact",
  find(content, oldText) {
    if (oldText === "") return [];
    const found: Match[] = [];
    for (let at = content.indexOf(oldText); at !== -1; at = content.indexOf(oldText, at + oldText.length)) {
      found.push({ start: at, end: at + oldText.length });
    }
    return found;
  },
};

// "  total += x;   " in the quote, "  total += x;" in the file: the same line.
export const lineTrimmed: Matcher = {
  name: "line-trimmed",
  find(content, oldText) {
    return findLineWindows(content, oldText, (fileLines, quoted) => fileLines.every((line, i) => line.trimEnd() === quoted[i]!.trimEnd()));
  },
};

export function indentOf(line: string): string {
  return /^[ \t]*/.exec(line)![0];
}

// Which indentation of the quote stands for which indentation of the file, line by line. Undefined
// when the quote is not the same block shifted: one indentation of the quote would have to become
// two different ones in the file (then the lines' relative nesting differs, and that is not ours to guess).
// With `skipDifferent`, lines whose words differ are left out instead of spoiling the match (the
// block-anchored matcher's middle lines).
export function indentationMap(quoted: string[], fileLines: string[], skipDifferent = false): Map<string, string> | undefined {
  const map = new Map<string, string>();
  for (let i = 0; i < quoted.length; i++) {
    const mine = quoted[i]!;
    const theirs = fileLines[i] ?? "";
    if (mine.trim() === "" && theirs.trim() === "") continue;
    if (mine.trim() !== theirs.trim()) {
      if (skipDifferent) continue;
      return undefined;
    }
    const from = indentOf(mine);
    const to = indentOf(theirs);
    if (map.has(from) && map.get(from) !== to) return undefined;
    map.set(from, to);
  }
  return map;
}

// The replacement, moved to the file's indentation: each line's indentation is translated the way
// the quote's was. An indentation the quote never used keeps its extra part on top of the deepest
// one it starts with ("    " + two more spaces).
export function reindent(newText: string, oldText: string, found: string): string {
  const map = indentationMap(quotedLines(oldText), quotedLines(found), true);
  if (!map || [...map].every(([from, to]) => from === to)) return newText;
  const known = [...map.keys()].sort((a, b) => b.length - a.length);
  return newText
    .split("\n")
    .map((line) => {
      if (line.trim() === "") return line;
      const indent = indentOf(line);
      const base = known.find((from) => indent.startsWith(from));
      return base === undefined ? line : map.get(base)! + line.slice(base.length);
    })
    .join("\n");
}

// The quote was written at another indentation (a block copied out of a function, or tabs for
// spaces). The lines must match apart from their indentation, and the shift must be consistent.
export const indentationFlexible: Matcher = {
  name: "indentation-flexible",
  find(content, oldText) {
    return findLineWindows(content, oldText, (fileLines, quoted) => indentationMap(quoted, fileLines) !== undefined);
  },
  adjust: reindent,
};

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

// "const  x =\t1" and "const x = 1" are the same code. Each run of spaces and tabs in the quote
// matches any run in the file; line breaks must still be line breaks.
export const whitespaceNormalised: Matcher = {
  name: "whitespace-normalised",
  find(content, oldText) {
    const trimmed = oldText.trim();
    if (trimmed === "") return [];
    const pattern = trimmed
      .split(/(\s+)/)
      .map((part, i) => {
        if (i % 2 === 0) return escapeRegExp(part);
        const breaks = (part.match(/\n/g) ?? []).length;
        return breaks === 0 ? "[ \\t]+" : `[ \\t]*(?:\\r?\\n[ \\t]*){${breaks}}`;
      })
      .join("");
    return [...content.matchAll(new RegExp(pattern, "g"))].map((m) => ({ start: m.index, end: m.index + m[0].length }));
  },
};

const ESCAPES: Record<string, string> = { n: "\n", t: "\t", r: "\r", '"': '"', "'": "'", "`": "`", "\\": "\\", $: "$" };

export function unescape(text: string): string {
  return text.replace(/\\([ntr"'`\\$])/g, (_, char: string) => ESCAPES[char]!);
}

// The model wrote "line one\nline two" as two characters, backslash and n, where the file has a
// real line break (it had the text inside a JSON string in mind).
export const escapeNormalised: Matcher = {
  name: "escape-normalised",
  find(content, oldText) {
    const real = unescape(oldText);
    return real === oldText ? [] : exact.find(content, real);
  },
};

export const BLOCK_MIN_LINES = 3;
// How alike the lines between the anchors must be, on average (1 = identical, 0 = nothing in common).
export const BLOCK_SIMILARITY = 0.7;

// 1 minus the edit distance over the longer length: "total" and "totals" are 0.83 alike.
export function similarity(a: string, b: string): number {
  const longer = Math.max(a.length, b.length);
  return longer === 0 ? 1 : 1 - editDistance(a, b) / longer;
}

// The first and last lines of the quote are anchors: they must be in the file (apart from
// indentation). The lines between may differ a little (the model remembered a word wrong), but on
// average they must be BLOCK_SIMILARITY alike, line for line, to what the file has there. It compares
// only as many lines as the quote has: the size stop catches a block that is much longer.
export const blockAnchored: Matcher = {
  name: "block-anchored",
  find(content, oldText) {
    const quoted = quotedLines(oldText).map((line) => line.trim());
    if (quoted.length < BLOCK_MIN_LINES) return [];
    const first = quoted[0]!;
    const last = quoted.at(-1)!;
    const middle = quoted.slice(1, -1);
    const lines = linesOf(content);
    const found: Match[] = [];
    for (let i = 0; i < lines.length; i++) {
      if (lines[i]!.text.trim() !== first) continue;
      let j = i + 2;
      while (j < lines.length && lines[j]!.text.trim() !== last) j++;
      if (j >= lines.length) continue;
      const scores = middle.map((line, k) => similarity(line, i + 1 + k < j ? lines[i + 1 + k]!.text.trim() : ""));
      const average = scores.reduce((sum, score) => sum + score, 0) / scores.length;
      if (average < BLOCK_SIMILARITY) continue;
      found.push({ start: lines[i]!.start, end: lines[j]!.end });
      i = j;
    }
    return found;
  },
  adjust: reindent,
};

export const MATCHER_CHAIN: Matcher[] = [exact, lineTrimmed, indentationFlexible, whitespaceNormalised, escapeNormalised, blockAnchored];

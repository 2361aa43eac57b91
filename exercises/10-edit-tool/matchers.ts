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
  type Matcher,
} from "../../lessons/10-edit-tool/matchers.ts";

export const BLOCK_MIN_LINES = 3;
export const BLOCK_SIMILARITY = 0.7;

// The helpers are imported for you; these lines only keep the compiler quiet until you use them.
void [indentOf, linesOf, quotedLines, similarity];

// TODO 1: lines equal once spaces and tabs at their ends are ignored.
// Try every window of as many file lines as the quote has; a window fits when each quoted line,
// trimEnd()-ed, equals the file line, trimEnd()-ed. A span runs from the first line's start to the
// last line's end. After a find, go on below it. Hard mode: an empty (or all-space) quote finds nothing.
export const lineTrimmed: Matcher = {
  name: "line-trimmed",
  find(_content, _oldText) {
    throw new Error("not implemented yet: TODO 1, lineTrimmed.find in exercises/10-edit-tool/matchers.ts");
  },
};

// TODO 2: the new text, moved to the file's indentation. From the quoted lines and the lines found
// (same position, same text apart from indentation), learn which indentation became which. Then give
// each line of newText the file's indentation for its own; a deeper line keeps what it adds to the
// longest known indentation it starts with. Hard mode: blank lines, and lines that start with no known
// indentation, stay as they are; if one quoted indentation became two different ones, return newText
// unchanged.
export function reindent(_newText: string, _oldText: string, _found: string): string {
  throw new Error("not implemented yet: TODO 2, reindent in exercises/10-edit-tool/matchers.ts");
}

// TODO 2: the same block at another indentation. A window fits when every line has the same text
// apart from indentation. Hard mode: line-end spaces do not count, the shift is consistent (each
// indentation of the quote always becomes the same indentation in the file), and blank lines match
// blank lines.
export const indentationFlexible: Matcher = {
  name: "indentation-flexible",
  find(_content, _oldText) {
    throw new Error("not implemented yet: TODO 2, indentationFlexible.find in exercises/10-edit-tool/matchers.ts");
  },
  adjust: reindent,
};

// TODO 3: the first and last quoted lines are anchors: a file line equal to the first, then a line
// below it equal to the last. The lines between are compared line for line with the file's lines after
// the first anchor; their average similarity must reach BLOCK_SIMILARITY. Hard mode: at least
// BLOCK_MIN_LINES quoted lines; lines compared trimmed; the nearest closing anchor at least two lines
// below the first; a line the file block does not have counts as "".
export const blockAnchored: Matcher = {
  name: "block-anchored",
  find(_content, _oldText) {
    throw new Error("not implemented yet: TODO 3, blockAnchored.find in exercises/10-edit-tool/matchers.ts");
  },
  adjust: reindent,
};

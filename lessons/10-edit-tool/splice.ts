// Putting the replacement in. It goes in as it is, character for character, by slicing the file
// around each span. Not with String.prototype.replace or replaceAll: in their replacement string,
// "$&" means "the matched text", "$1" a group, "$`" and "$'" the text before and after, and "$$" one
// "$". Code is full of dollars (template literals, jQuery, shell, regexes), and a replace() would
// silently write "$&" back expanded. One production coding agent shipped exactly that bug.

import type { Match } from "./matchers.ts";

export interface Replacement extends Match {
  text: string;
}

// Replaces every span with its text. Spans must not overlap; they may come in any order.
export function spliceLiterally(content: string, replacements: Replacement[]): string {
  const ordered = [...replacements].sort((a, b) => a.start - b.start);
  let result = "";
  let from = 0;
  for (const { start, end, text } of ordered) {
    result += content.slice(from, start) + text;
    from = end;
  }
  return result + content.slice(from);
}

// TODO 6: put each replacement in, literally.

import type { Replacement } from "../../lessons/10-edit-tool/splice.ts";

// Spans do not overlap and may come in any order. Slicing, not String.prototype.replace: its
// replacement string expands "$&", "$1", "$`", "$'" and "$$".
export function spliceLiterally(content: string, replacements: Replacement[]): string {
  const ordered = [...replacements].sort((a, b) => a.start - b.start);
  const chars = [...content];
  let result = "";
  let from = 0;
  for (const { start, end, text } of ordered) {
    result += chars.slice(from, start).join("") + text;
    from = end;
  }
  return result + chars.slice(from).join("");
}

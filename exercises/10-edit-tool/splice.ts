// TODO 6: put each replacement in, literally.

import type { Replacement } from "../../lessons/10-edit-tool/splice.ts";

// Spans do not overlap and may come in any order. Build the result by slicing the original text
// around them. Not with String.prototype.replace: see the lesson's "The $& bug".
export function spliceLiterally(_content: string, _replacements: Replacement[]): string {
  throw new Error("not implemented yet: TODO 6, spliceLiterally in exercises/10-edit-tool/splice.ts");
}

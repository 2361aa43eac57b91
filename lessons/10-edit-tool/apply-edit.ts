// One edit, from the model's quote to the new file text, with nothing written yet:
//
//   1. refuse what cannot be an edit: an empty old_text, or new_text equal to it;
//   2. ask the matchers in order; the first that finds anything is the one used;
//   3. safety stop 1: several places and no replace_all -> refuse, with their line numbers;
//   4. safety stop 2: a span far larger than the quote -> refuse;
//   5. build each replacement (re-indented if the matcher forgave indentation; with the file's own
//      line breaks) and splice it in literally;
//   6. nothing found -> refuse, pointing at the closest passage.
//
// The parts are passed in, so the exercise can plug in its own matchers and stops.

import { closestPassage, numbered } from "./closest-passage.ts";
import { MATCHER_CHAIN, type Matcher, type MatcherName } from "./matchers.ts";
import { refuseAmbiguous, refuseOversized } from "./safety-stops.ts";
import { spliceLiterally, type Replacement } from "./splice.ts";

export interface EditParts {
  matchers: Matcher[];
  refuseAmbiguous: typeof refuseAmbiguous;
  refuseOversized: typeof refuseOversized;
  splice: typeof spliceLiterally;
}

export const lessonParts: EditParts = { matchers: MATCHER_CHAIN, refuseAmbiguous, refuseOversized, splice: spliceLiterally };

export type EditOutcome =
  | { ok: true; content: string; matcher: MatcherName; replacements: number }
  | { ok: false; problem: "empty" | "unchanged" | "ambiguous" | "oversized" | "not-found"; message: string };

export function applyEdit(content: string, oldText: string, newText: string, replaceAll = false, parts: EditParts = lessonParts): EditOutcome {
  if (oldText === "") {
    return {
      ok: false,
      problem: "empty",
      message: "old_text is empty, so there is nothing to find. Quote the exact text to replace (read the file first). edit_file does not create files.",
    };
  }
  if (oldText === newText) {
    return { ok: false, problem: "unchanged", message: "old_text and new_text are the same, so the edit would change nothing. Send the text as it should become in new_text." };
  }

  const crlf = content.includes("\r\n");
  for (const matcher of parts.matchers) {
    const matches = matcher.find(content, oldText);
    if (matches.length === 0) continue;

    const ambiguous = parts.refuseAmbiguous(content, matches, replaceAll, matcher.name);
    if (ambiguous) return { ok: false, problem: "ambiguous", message: ambiguous };

    const chosen = replaceAll ? matches : matches.slice(0, 1);
    const replacements: Replacement[] = [];
    for (const match of chosen) {
      const oversized = parts.refuseOversized(content, match, oldText, matcher.name);
      if (oversized) return { ok: false, problem: "oversized", message: oversized };
      const found = content.slice(match.start, match.end);
      let text = matcher.adjust ? matcher.adjust(newText, oldText, found) : newText;
      // A whole-line matcher stops before the final line break; the break stays, so the new text
      // must not bring a second one.
      if (/\n$/.test(oldText) && !found.endsWith("\n")) text = text.replace(/\r?\n$/, "");
      // The file's line breaks win: a CRLF file stays CRLF whatever the model typed.
      if (crlf) text = text.replace(/\r?\n/g, "\r\n");
      replacements.push({ ...match, text });
    }
    return { ok: true, content: parts.splice(content, replacements), matcher: matcher.name, replacements: replacements.length };
  }

  return { ok: false, problem: "not-found", message: notFound(content, oldText, parts.matchers) };
}

function notFound(content: string, oldText: string, matchers: Matcher[]): string {
  const tried = matchers.map((m) => m.name).join(", ");
  const passage = closestPassage(content, oldText);
  const head = `old_text was not found in the file (tried: ${tried}). Nothing was changed.`;
  if (!passage || passage.likeness < 0.3) {
    return `${head} Nothing in the file looks like it. Read the file again with read_file and quote the text exactly.`;
  }
  const percent = Math.round(passage.likeness * 100);
  return (
    `${head} The closest passage is line${passage.first === passage.last ? ` ${passage.first}` : `s ${passage.first}-${passage.last}`} (${percent}% alike):\n` +
    `${numbered(passage.text, passage.first)}\n` +
    "If that is the place, quote it exactly as it is (without the line numbers) in old_text."
  );
}

// The two safety stops. A matcher finds; these decide whether what it found may be written.
// Each returns the refusal the model will read (what went wrong and what to send instead), or null
// when the edit may go ahead.
//
//   1. ambiguous: old_text is in several places. Replacing the first would be a guess; the model
//      must quote more lines around the one it means, or ask for every place with replace_all.
//   2. oversized: a forgiving matcher found a span much larger than old_text. The anchors matched,
//      but around a longer block than the model quoted: writing would delete lines it never saw.

import type { Match, MatcherName } from "./matchers.ts";

// The span may hold at most this many times the non-space characters of old_text.
export const MAX_SPAN_RATIO = 1.5;

// The 1-based line on which a character offset falls.
export function lineNumberAt(content: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < content.length; i++) if (content[i] === "\n") line++;
  return line;
}

export function refuseAmbiguous(content: string, matches: Match[], replaceAll: boolean, matcher: MatcherName): string | null {
  if (matches.length < 2 || replaceAll) return null;
  const lines = matches.map((match) => lineNumberAt(content, match.start));
  return (
    `old_text matches ${matches.length} places (${matcher} matcher), starting on lines ${lines.join(", ")}. ` +
    "Nothing was changed. Add a few unchanged lines around the place you mean so old_text matches only there, " +
    "or set replace_all to true to change every one of them."
  );
}

// Spaces do not count: a block found at a deeper indentation is longer only in spaces.
function solidLength(text: string): number {
  return text.replace(/\s+/g, "").length;
}

export function refuseOversized(content: string, match: Match, oldText: string, matcher: MatcherName): string | null {
  const found = content.slice(match.start, match.end);
  const limit = MAX_SPAN_RATIO * solidLength(oldText);
  if (solidLength(found) <= limit) return null;
  const first = lineNumberAt(content, match.start);
  const last = lineNumberAt(content, match.end);
  return (
    `The ${matcher} matcher found lines ${first}-${last}, which hold ${solidLength(found)} non-space characters; ` +
    `old_text has ${solidLength(oldText)}. That is more than ${MAX_SPAN_RATIO} times as much, so it may take in lines you did not mean to replace. ` +
    `Nothing was changed. Read lines ${first}-${last} again and quote them exactly in old_text.`
  );
}

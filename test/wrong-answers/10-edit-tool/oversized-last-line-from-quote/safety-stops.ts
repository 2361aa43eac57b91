// The two safety stops. Each returns the refusal the model will read, or null to let the edit go on.

import type { Match, MatcherName } from "../../lessons/10-edit-tool/matchers.ts";

export const MAX_SPAN_RATIO = 1.5;

// The 1-based line on which a character offset falls.
export function lineNumberAt(content: string, offset: number): number {
  return content.slice(0, offset).split("\n").length;
}

// TODO 4: several matches and no replace_all: refuse, saying how many, on which lines they start,
// and what to do (more context, or replace_all).
export function refuseAmbiguous(content: string, matches: Match[], replaceAll: boolean, matcher: MatcherName): string | null {
  if (matches.length < 2 || replaceAll) return null;
  const lines = matches.map((match) => lineNumberAt(content, match.start));
  return (
    `old_text matches ${matches.length} places (${matcher} matcher), starting on lines ${lines.join(", ")}. ` +
    "Add surrounding lines to old_text so it matches only one place, or set replace_all to true to change every one."
  );
}

// Spaces, tabs and line breaks do not count.
export function solidLength(text: string): number {
  return text.replace(/\s/g, "").length;
}

// TODO 5: the span found holds more than MAX_SPAN_RATIO times the non-space characters of old_text:
// refuse, naming the matcher and the lines found.
export function refuseOversized(content: string, match: Match, oldText: string, matcher: MatcherName): string | null {
  const found = solidLength(content.slice(match.start, match.end));
  if (found <= MAX_SPAN_RATIO * solidLength(oldText)) return null;
  const first = lineNumberAt(content, match.start);
  const last = first + oldText.split("\n").length - 1;
  return (
    `The ${matcher} matcher found lines ${first}-${last} (${found} non-space characters; old_text has ${solidLength(oldText)}), ` +
    "far more than you quoted, so it may replace lines you did not mean. Read those lines again and quote them exactly."
  );
}

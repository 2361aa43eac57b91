// The two safety stops. Each returns the refusal the model will read, or null to let the edit go on.

import type { Match, MatcherName } from "../../lessons/10-edit-tool/matchers.ts";

export const MAX_SPAN_RATIO = 1.5;

// TODO 4: the 1-based line on which a character offset falls.
export function lineNumberAt(_content: string, _offset: number): number {
  throw new Error("not implemented yet: TODO 4, lineNumberAt in exercises/10-edit-tool/safety-stops.ts");
}

// TODO 4: several matches and no replace_all: refuse, saying how many, on which lines they start,
// and what to do (add surrounding lines, or set replace_all).
export function refuseAmbiguous(_content: string, _matches: Match[], _replaceAll: boolean, _matcher: MatcherName): string | null {
  throw new Error("not implemented yet: TODO 4, refuseAmbiguous in exercises/10-edit-tool/safety-stops.ts");
}

// TODO 5: how many characters a text has, leaving out spaces (indentation is not size). Hard mode:
// tabs and line breaks do not count either.
export function solidLength(_text: string): number {
  throw new Error("not implemented yet: TODO 5, solidLength in exercises/10-edit-tool/safety-stops.ts");
}

// TODO 5: the span found holds more than MAX_SPAN_RATIO times the characters (solidLength) of old_text:
// refuse, naming the matcher and the lines found (first-last), and saying what to do.
export function refuseOversized(_content: string, _match: Match, _oldText: string, _matcher: MatcherName): string | null {
  throw new Error("not implemented yet: TODO 5, refuseOversized in exercises/10-edit-tool/safety-stops.ts");
}

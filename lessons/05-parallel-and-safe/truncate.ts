// Whatever a tool returns goes into the conversation and stays there for the rest of the session. One
// careless result (a 200 MB log) fills the context and ends the session. So every result is capped, by
// characters and by lines, and the cut says how much is missing and how to ask for less.

export interface OutputLimits {
  maxChars?: number;
  maxLines?: number;
}

export const DEFAULT_MAX_CHARS = 8_000;
export const DEFAULT_MAX_LINES = 200;

// "a\nb\n" is two lines, not three: a newline ends a line, it does not start an empty one.
export function countLines(text: string): number {
  if (text === "") return 0;
  return text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
}

export function truncateOutput(text: string, limits: OutputLimits = {}): string {
  const maxChars = limits.maxChars ?? DEFAULT_MAX_CHARS;
  const maxLines = limits.maxLines ?? DEFAULT_MAX_LINES;
  let kept = countLines(text) > maxLines ? text.split("\n").slice(0, maxLines).join("\n") : text;
  if (kept.length > maxChars) kept = kept.slice(0, maxChars);
  // An emoji is two UTF-16 units (a surrogate pair). Half of one is not text, so cut before the pair.
  if (/[\uD800-\uDBFF]$/.test(kept)) kept = kept.slice(0, -1);
  if (kept.length === text.length) return text;

  const cutChars = text.length - kept.length;
  // Lines not shown at all; a line cut in the middle counts as shown.
  const cutLines = countLines(text) - countLines(kept);
  return (
    `${kept}${kept.endsWith("\n") ? "" : "\n"}[output cut: ${cutChars} more characters` +
    (cutLines > 0 ? ` (${cutLines} more lines)` : "") +
    " not shown. Ask for less: narrow the query, or ask for the rest with an offset.]"
  );
}

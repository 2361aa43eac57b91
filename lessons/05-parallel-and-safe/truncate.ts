// Whatever a tool returns goes into the conversation and stays there for the rest of the session. One
// careless result (a 200 MB log) fills the context and ends the session. So every result is capped, by
// characters and by lines, and the cut says how much is missing and how to ask for less.

export interface OutputLimits {
  maxChars?: number;
  maxLines?: number;
}

export const DEFAULT_MAX_CHARS = 8_000;
export const DEFAULT_MAX_LINES = 200;

export function truncateOutput(text: string, limits: OutputLimits = {}): string {
  const maxChars = limits.maxChars ?? DEFAULT_MAX_CHARS;
  const maxLines = limits.maxLines ?? DEFAULT_MAX_LINES;
  const lines = text.split("\n");
  let kept = lines.length > maxLines ? lines.slice(0, maxLines).join("\n") : text;
  if (kept.length > maxChars) kept = kept.slice(0, maxChars);
  if (kept.length === text.length) return text;

  const cutChars = text.length - kept.length;
  const cutLines = lines.length - kept.split("\n").length;
  return (
    `${kept}\n[output cut: ${cutChars} more characters` +
    (cutLines > 0 ? ` (${cutLines} more lines)` : "") +
    " not shown. Ask for less: narrow the query, or ask for the rest with an offset.]"
  );
}

// A few lines of source around a line, with the line marked: what a learner needs to find the spot.

export function codeFrame(source: string, line: number, column: number, label: string, around = 2): string {
  const lines = source.split("\n");
  if (line < 1 || line > lines.length) return "";
  const first = Math.max(1, line - around);
  const last = Math.min(lines.length, line + around);
  const width = String(last).length;
  const out = [`${label}:${line}:${column}`];
  for (let n = first; n <= last; n++) {
    const marker = n === line ? ">" : " ";
    out.push(`${marker} ${String(n).padStart(width)} | ${visible(lines[n - 1] ?? "")}`);
    if (n === line && column > 0) out.push(`  ${" ".repeat(width)} | ${" ".repeat(Math.max(0, column - 1))}^`);
  }
  return out.join("\n");
}

// A file is data: control characters (an escape sequence in a learner's string) are shown, not obeyed.
function visible(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/\t/g, "  ").replace(/[\u0000-\u001f\u007f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`);
}

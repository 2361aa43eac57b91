// The transcript prints each tool result on one line, which hides what an edit is about:
// indentation. So the lesson prints the diff of every successful edit itself, line by line.
// The diff holds text from a file, which is data: control characters (an escape sequence could
// recolour or clear your terminal) are shown as \x.. instead of being sent to the terminal.

import chalk from "chalk";

export function visible(line: string): string {
  return line.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`);
}

export function showDiff(result: string): string[] {
  return result
    .split("\n")
    .filter((line) => /^(---|\+\+\+|@@|[-+ ])/.test(line))
    .map((raw) => {
      const line = `    ${visible(raw)}`;
      if (raw.startsWith("---") || raw.startsWith("+++") || raw.startsWith("@@")) return chalk.dim(line);
      if (raw.startsWith("+")) return chalk.green(line);
      if (raw.startsWith("-")) return chalk.red(line);
      return line;
    });
}

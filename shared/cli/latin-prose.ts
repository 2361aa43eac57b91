// Finds English left in what the course prints under COURSE_LANG=ru: a line of Latin-letter prose.
// npm test runs every lesson's sample in Russian through it (self-test.ts), and the workbench tests
// run check and hint through it too.
//
// The rule. Take out of each line what is not prose, whatever its language:
//   - code: `code spans`, a code frame's lines ("  > 11 | ..."), the lines of a diff;
//   - quoted text: "...", «...», '...' (JSON strings, file contents, the API's own words, a task);
//   - JSON: from the first {" or [ to the end of the line; an object literal { ... }; [object Object];
//   - URLs, and commands the learner types (npm run ..., npx ..., node ...) to the end of the line;
//   - names: a word with a digit, a dot, a slash, _, -, @, $, =, <, >, * or # in it (file names, tool names,
//     model ids, flags, @handles, prices), a word in capitals (USD, MCP, TODO), a camelCase word;
//   - the names of products in NAMES below (Claude, Telegram, ...);
//   - what the tools say to the model (a line starting ←, the wire's result) and the check titles the
//     hints and WRONG.md files quote: the caller exempts those lines (see exemptLine).
// What is left is prose. A line with two or more words in Latin letters left is English prose.

const NAMES = new Set(
  [
    "Claude", "Anthropic", "Telegram", "TypeScript", "JavaScript", "Node", "npm", "npx", "node", "vitest", "tsx",
    "Chromium", "Desktop", "Ctrl", "Enter", "Esc", "diff", "Stryker", "macOS", "Linux", "Windows", "nvm", "fnm",
    "volta", "Git", "git", "cp", "ok", "Haiku", "Sonnet", "Opus", "markdown", "Markdown",
    // The course's tools whose names are one plain word.
    "calculate", "remember", "forget",
  ],
);

export function proseWords(line: string): string[] {
  let text = line;
  text = text.replace(/`[^`]*`/g, " ");
  text = text.replace(/https?:\/\/\S+/g, " ");
  text = text.replace(/\b(?:npm run|npm|npx|node|cp|git)\s+\S.*$/, " ");
  const json = text.search(/\{"|\[\{|\["|\{\}/);
  if (json >= 0) text = text.slice(0, json);
  // Object literals and printed values are code too: { type: "string" }, [object Object].
  for (let before = ""; before !== text; ) [before, text] = [text, text.replace(/\{[^{}]*\}/g, " ")];
  text = text.replace(/\[object \w+\]/g, " ");
  text = text.replace(/"[^"]*"/g, " ").replace(/«[^»]*»/g, " ").replace(/(^|[\s(:])'[^']*'/g, "$1 ");
  const words: string[] = [];
  for (const raw of text.split(/\s+/)) {
    const word = raw.replace(/^[(\[«"'.,:;!?…—–]+|[)\]»"'.,:;!?…—–]+$/g, "");
    if (!/^[A-Za-z]+$/.test(word)) continue; // Cyrillic, numbers, names with other characters in them
    if (raw.replace(/[(),.:;!?]+$/, "").match(/[\d./_\-@$=<>*#]/)) continue;
    if (/^[A-Z]{2,}s?$/.test(word) || /[a-z][A-Z]/.test(word) || NAMES.has(word)) continue;
    if (word.length < 2) continue; // "a", "x", a single letter is a name or a key
    words.push(word);
  }
  return words;
}

// Lines that are not prose at all: a code frame, a diff's lines, what a tool returned to the model.
export function exemptLine(line: string): boolean {
  return (
    /^\s*>?\s*\d+\s*\|/.test(line) || // a code frame: "  > 11 |   throw new Error("
    /^\s*\|\s*\^/.test(line) || // the frame's caret
    /^\s*← /.test(line) || // a tool's result, as the model got it
    /^\s*→ /.test(line) // a tool call, as the model sent it
  );
}

export interface ProseFinding {
  line: number; // 1-based
  text: string;
  words: string[];
}

// Every line of English prose in an output. A diff (after its "--- " / "+++ " header) is code until a
// line with less indentation than its header.
export function findLatinProse(output: string, exempt: (line: string) => boolean = () => false): ProseFinding[] {
  const found: ProseFinding[] = [];
  let diffIndent = -1;
  output.split("\n").forEach((text, index) => {
    const indent = text.length - text.trimStart().length;
    if (/^\s*(---|\+\+\+) \S/.test(text)) diffIndent = indent;
    // A context line of a blank source line is all indentation; an empty line ends the diff.
    else if (diffIndent >= 0 && (text.trim() === "" ? text.length < diffIndent : indent < diffIndent)) diffIndent = -1;
    if (diffIndent >= 0 || exemptLine(text) || exempt(text)) return;
    const words = proseWords(text);
    if (words.length >= 2) found.push({ line: index + 1, text, words });
  });
  return found;
}

// For a failure message: each line found, with its number and the words that gave it away.
export function describeFindings(found: ProseFinding[]): string {
  return found.map((f) => `  line ${f.line}: ${f.text.trim()}   [${f.words.join(" ")}]`).join("\n");
}

// A check's failure message, as vitest reports it, without what the check's author did not write:
// vitest's own comparison (": expected [] to deeply equal [...]" and its diff) and an error the
// learner's code threw (a starter's "not implemented yet: ..."), which the message may carry on, and
// fast-check's report of a failed property ("Property failed after 17 tests", "Counterexample: ...").
export function authoredPart(message: string): string {
  // vitest's comparison starts at ": expected" and runs to the end (its diff, "(1 matching property omitted)").
  return message
    .replace(/:? expected [\s\S]*$/, "")
    .split("\n")
    .filter((line) => !/^\s*(?:- Expected|\+ Received|[-+] |Expected|Received|Property failed|\{ seed:|Counterexample:|Shrunk \d|Hint: Enable verbose)/.test(line))
    .map((line) => line.replace(/(?:(?:Assertion)?Error: )?not implemented yet:.*$/, ""))
    .join("\n");
}

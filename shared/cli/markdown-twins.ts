// Is a Russian twin (README.ru.md, hints.ru.md) still in step with its English original? The rules are
// in docs/TRANSLATING.md: the same headings, the same code blocks byte for byte, every inline code span,
// link target and figure of the English text, the same numbered items and table rows per section, the
// same <details>, and each file's line 1 links to the other. Pure functions on the files' text; the
// test that reads the files is test/shared/translations.test.ts.
//
// A small hand-written scanner rather than a Markdown library: the course's texts use a small part of
// Markdown, and the authors who maintain this check should be able to read all of it.

import { todosIn } from "./todos.ts";

export interface Located {
  text: string;
  line: number; // 1-based, in the file
}

export interface Heading extends Located {
  level: number; // 2 for "## "
}

export interface CodeBlock {
  line: number; // the opening fence's line
  lines: string[]; // the fences and everything between them, as written
}

export interface Section {
  heading: Heading | undefined; // undefined: the text before the first heading
  numberedItems: number; // lines starting "1. ", "2. " ...
  tableRows: number; // lines starting "|"
}

export interface MarkdownShape {
  headings: Heading[];
  codeBlocks: CodeBlock[];
  sections: Section[];
  inlineCode: Located[];
  linkTargets: Located[];
  figures: Located[]; // numbers in the prose, as written: "20,000", "0.5", "03"
  prose: Located[]; // each prose line with code, link targets and addresses taken out
  details: number;
  summaries: number;
}

const FENCE = /^\s*(`{3,}|~{3,})/;
const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
const NUMBERED_ITEM = /^\s*\d+\.\s/;
const TABLE_ROW = /^\s*\|/;
// Line 1 of every course text is the link to its twin, which differs between the two by design.
const TWIN_LINK_LINE = /^\[[^\]]*\]\([^)\s]*\)\s*$/;

export function scanMarkdown(text: string): MarkdownShape {
  const lines = text.replace(/\r\n/g, "\n").split("\n");
  const shape: MarkdownShape = { headings: [], codeBlocks: [], sections: [], inlineCode: [], linkTargets: [], figures: [], prose: [], details: 0, summaries: 0 };
  let section: Section = { heading: undefined, numberedItems: 0, tableRows: 0 };
  shape.sections.push(section);
  let fence: { marker: string; block: CodeBlock } | undefined;
  let paragraph: Located[] = [];
  const endParagraph = (): void => {
    if (paragraph.length > 0) scanInline(paragraph, shape);
    paragraph = [];
  };

  lines.forEach((line, i) => {
    const lineNumber = i + 1;
    if (fence) {
      fence.block.lines.push(line);
      if (closesFence(line, fence.marker)) fence = undefined;
      return;
    }
    if (lineNumber === 1 && TWIN_LINK_LINE.test(line)) return;
    const opening = line.match(FENCE);
    if (opening) {
      endParagraph();
      const block: CodeBlock = { line: lineNumber, lines: [line] };
      shape.codeBlocks.push(block);
      fence = { marker: opening[1]!, block };
      return;
    }
    const heading = line.match(HEADING);
    if (heading) {
      endParagraph();
      const found: Heading = { level: heading[1]!.length, text: heading[2]!, line: lineNumber };
      shape.headings.push(found);
      section = { heading: found, numberedItems: 0, tableRows: 0 };
      shape.sections.push(section);
      scanInline([{ text: heading[2]!, line: lineNumber }], shape);
      return;
    }
    if (line.trim() === "") {
      endParagraph();
      return;
    }
    if (NUMBERED_ITEM.test(line)) section.numberedItems++;
    if (TABLE_ROW.test(line)) section.tableRows++;
    // A list marker "3. " is structure, not a figure of the text.
    paragraph.push({ text: line.replace(NUMBERED_ITEM, (marker) => " ".repeat(marker.length)), line: lineNumber });
  });
  endParagraph();
  return shape;
}

// A closing fence: the same character, at least as many, nothing after it.
function closesFence(line: string, marker: string): boolean {
  const trimmed = line.trim();
  return trimmed.length >= marker.length && trimmed === marker[0]!.repeat(trimmed.length);
}

// Code spans may wrap onto the next line within a paragraph, so a paragraph is scanned as one text.
function scanInline(paragraph: Located[], shape: MarkdownShape): void {
  const text = paragraph.map((l) => l.text).join("\n");
  const lineAt = (offset: number): number => paragraph[text.slice(0, offset).split("\n").length - 1]!.line;
  let prose = "";
  let i = 0;
  while (i < text.length) {
    const char = text[i]!;
    if (char === "\\" && i + 1 < text.length && /[!-/:-@[-`{-~]/.test(text[i + 1]!)) {
      prose += "  "; // an escaped character is literal text, never the start of code
      i += 2;
      continue;
    }
    if (char !== "`") {
      prose += char;
      i++;
      continue;
    }
    const run = text.slice(i).match(/^`+/)![0];
    const end = findClosingRun(text, i + run.length, run.length);
    if (end === -1) {
      prose += " ".repeat(run.length); // an unmatched run of backticks is literal text
      i += run.length;
      continue;
    }
    shape.inlineCode.push({ text: codeSpanContent(text.slice(i + run.length, end)), line: lineAt(i) });
    // Keep the prose's line breaks where they were, so line numbers still match after the span.
    prose += text.slice(i, end + run.length).replace(/[^\n]/g, " ");
    i = end + run.length;
  }
  scanProse(prose, lineAt, shape);
}

function findClosingRun(text: string, from: number, length: number): number {
  for (let i = from; i < text.length; ) {
    if (text[i] !== "`") {
      i++;
      continue;
    }
    const run = text.slice(i).match(/^`+/)![0];
    if (run.length === length) return i;
    i += run.length;
  }
  return -1;
}

// As CommonMark reads a span: line breaks are spaces, and one space on each side is padding.
function codeSpanContent(raw: string): string {
  const oneLine = raw.replace(/[ \t]*\n[ \t]*/g, " ");
  return /^ .*[^ ].* $/.test(oneLine) ? oneLine.slice(1, -1) : oneLine;
}

function scanProse(prose: string, lineAt: (offset: number) => number, shape: MarkdownShape): void {
  let rest = prose.replace(/\]\(\s*<?([^)\s>]+)[^)]*\)/g, (whole, target: string, offset: number) => {
    shape.linkTargets.push({ text: target, line: lineAt(offset) });
    return "]" + " ".repeat(whole.length - 1);
  });
  // An address is a name, not prose: its digits are no figures.
  rest = rest.replace(/<?https?:\/\/[^\s>)]+>?/g, (url) => " ".repeat(url.length));
  shape.details += (rest.match(/<details\b/gi) ?? []).length;
  shape.summaries += (rest.match(/<summary\b/gi) ?? []).length;
  for (const match of rest.matchAll(/(?<![\p{L}\p{N}_.,])\p{N}+(?:[.,]\p{N}+)*/gu)) {
    shape.figures.push({ text: match[0], line: lineAt(match.index) });
  }
  let offset = 0;
  for (const line of rest.split("\n")) {
    shape.prose.push({ text: line, line: lineAt(offset) });
    offset += line.length + 1;
  }
}

// How an English figure may be written in Russian prose: the same digits; "0.5" may be "0,5";
// "20,000" (or "20000") may be "20 000", with a space, a no-break space or none between the groups.
export function figurePattern(figure: string): RegExp {
  const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const number = figure.match(/^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?$/);
  let body: string;
  if (!number) {
    body = escape(figure);
  } else {
    const digits = number[1]!.replace(/,/g, "");
    const groups = digits.length > 3 ? splitThousands(digits) : [digits];
    body = groups.join("[,\\u0020\\u00a0\\u202f]?");
    if (number[2] !== undefined) body += `[.,]${number[2]}`;
  }
  return new RegExp(`(?<!\\p{N}|\\p{N}[.,])${body}(?!\\p{N}|[.,]\\p{N})`, "u");
}

function splitThousands(digits: string): string[] {
  const groups: string[] = [];
  for (let end = digits.length; end > 0; end -= 3) groups.unshift(digits.slice(Math.max(0, end - 3), end));
  return groups;
}

export function twinPathOf(englishPath: string): string {
  return englishPath.replace(/\.md$/, ".ru.md");
}

export function englishPathOf(twinPath: string): string {
  return twinPath.replace(/\.ru\.md$/, ".md");
}

const baseName = (p: string): string => p.slice(p.lastIndexOf("/") + 1);

// A link to another course text may point at its twin instead, and a link to a section at the twin's
// section: an id is made from its heading's words, so it differs between the languages. (That each id
// exists is checked by test/shared/anchor-links.test.ts.)
const sameText = (target: string): string => {
  if (target.startsWith("#")) return "#";
  return /\.md(?=$|#)/.test(target) ? target.replace(/#.*$/, "").replace(/\.ru\.md$/, ".md") : target;
};

// Line 1 of an English text links to its twin, line 1 of a twin links back; line 2 is blank.
export function twinLinkProblem(filePath: string, text: string): string | undefined {
  const isTwin = filePath.endsWith(".ru.md");
  const wanted = isTwin ? `[English version](${baseName(englishPathOf(filePath))})` : `[Русская версия](${baseName(twinPathOf(filePath))})`;
  const [first = "", second = ""] = text.replace(/\r\n/g, "\n").split("\n");
  if (first.trim() === wanted && second.trim() === "") return undefined;
  const what = isTwin ? "the link back to the English text" : "the link to its Russian twin";
  return `${filePath}: line 1 should be ${what}, ${wanted}, followed by a blank line; line 1 is now ${JSON.stringify(first)}`;
}

// Every way the twin is out of step with the English text, the first difference first. Each message
// starts with the twin's path and says what to change.
export function compareTwins(englishPath: string, englishText: string, twinPath: string, twinText: string): string[] {
  const problems: string[] = [];
  const en = scanMarkdown(englishText);
  const ru = scanMarkdown(twinText);
  const here = (message: string): number => problems.push(`${twinPath}: ${message}`);
  const english = baseName(englishPath);

  for (const problem of [twinLinkProblem(englishPath, englishText), twinLinkProblem(twinPath, twinText)]) {
    if (problem) problems.push(problem);
  }

  const headingProblem = compareHeadings(en.headings, ru.headings, english);
  if (headingProblem) here(headingProblem);

  const codeProblem = compareCodeBlocks(en.codeBlocks, ru.codeBlocks, english);
  if (codeProblem) here(codeProblem);

  // Sections line up one to one only when the headings do.
  if (!headingProblem) {
    en.sections.forEach((enSection, i) => {
      const ruSection = ru.sections[i]!;
      const name = sectionName(i, enSection, ruSection);
      if (enSection.numberedItems !== ruSection.numberedItems) {
        here(`${name}: ${enSection.numberedItems} numbered items in English, ${ruSection.numberedItems} here (a quiz keeps every question and answer)`);
      }
      if (enSection.tableRows !== ruSection.tableRows) {
        here(`${name}: ${enSection.tableRows} table rows in English, ${ruSection.tableRows} here`);
      }
    });
  }

  if (en.details !== ru.details) here(`${en.details} <details> in English, ${ru.details} here`);
  if (en.summaries !== ru.summaries) here(`${en.summaries} <summary> in English, ${ru.summaries} here`);

  const ruCode = new Set(ru.inlineCode.map((c) => c.text));
  for (const code of firstOfEach(en.inlineCode)) {
    if (!ruCode.has(code.text)) here(`inline code ${showCode(code.text)} (English line ${code.line}) is missing; copy it exactly, backticks included`);
  }

  const ruTargets = new Set(ru.linkTargets.map((t) => sameText(t.text)));
  for (const target of firstOfEach(en.linkTargets)) {
    if (!ruTargets.has(sameText(target.text))) here(`the link to ${target.text} (English line ${target.line}) is missing`);
  }

  const ruProse = ru.prose.map((l) => l.text).join("\n");
  for (const figure of firstOfEach(en.figures)) {
    if (!figurePattern(figure.text).test(ruProse)) {
      here(`the figure ${figure.text} (English line ${figure.line}) is missing from the prose; write it in digits (0.5 may be 0,5 and 20,000 may be 20 000), outside code`);
    }
  }
  return problems;
}

function compareHeadings(en: Heading[], ru: Heading[], english: string): string | undefined {
  for (let i = 0; i < Math.max(en.length, ru.length); i++) {
    const e = en[i];
    const r = ru[i];
    if (!e) return `${ru.length} headings here, ${en.length} in ${english}: heading ${i + 1} ${showHeading(r!)} (line ${r!.line}) has no English original`;
    if (!r) return `${en.length} headings in ${english}, ${ru.length} here: heading ${i + 1} ${showHeading(e)} (line ${e.line} there) is missing`;
    if (e.level !== r.level) {
      return `heading ${i + 1} ${showHeading(r)} (line ${r.line}) is level ${r.level}; its English original ${showHeading(e)} (line ${e.line} there) is level ${e.level}. Check for a missing or extra heading before it`;
    }
    const hint = e.text.match(/^Hint (\d+) \((.*)\)$/);
    if (hint) {
      const todos = todosIn(hint[2]!);
      const wanted = `Подсказка ${hint[1]} (TODO ${joinRussian(todos)})`;
      const got = r.text.match(/^Подсказка (\d+) \((TODO .*)\)$/);
      if (!got || got[1] !== hint[1] || todosIn(got[2]!).join() !== todos.join()) {
        return `heading ${i + 1} ${showHeading(r)} (line ${r.line}) should be "${"#".repeat(e.level)} ${wanted}": the same hint number and TODOs as ${showHeading(e)}`;
      }
    }
  }
  return undefined;
}

function compareCodeBlocks(en: CodeBlock[], ru: CodeBlock[], english: string): string | undefined {
  for (let i = 0; i < Math.max(en.length, ru.length); i++) {
    const e = en[i];
    const r = ru[i];
    const n = i + 1;
    if (!e) return `${ru.length} code blocks here, ${en.length} in ${english}: code block ${n} (line ${r!.line}) has no English original`;
    if (!r) return `${en.length} code blocks in ${english}, ${ru.length} here: code block ${n} (line ${e.line} there, opening ${JSON.stringify(e.lines[0]!.trim())}) is missing`;
    if (sameBlock(e, r)) continue;
    const output = sampleOutputProblem(e, r);
    if (output === null) continue;
    if (output) return `code block ${n} (line ${e.line} there, line ${r.line} here): ${output}`;
    if (en.length > ru.length && en[i + 1] && sameBlock(en[i + 1]!, r)) {
      return `${en.length} code blocks in ${english}, ${ru.length} here: code block ${n} (line ${e.line} there) is missing before line ${r.line}`;
    }
    const at = e.lines.findIndex((line, k) => line !== r.lines[k]);
    const k = at === -1 ? e.lines.length : at;
    return (
      `code block ${n} differs from ${english}'s (line ${e.line} there, line ${r.line} here): ` +
      `first differing line: ${JSON.stringify(e.lines[k] ?? "(the block ends)")} in English, ${JSON.stringify(r.lines[k] ?? "(the block ends)")} here. ` +
      `Code blocks stay byte for byte the same, comments included (a sample run opened with \`\`\`output in both files may show the Russian run)`
    );
  }
  return undefined;
}

const sameBlock = (a: CodeBlock, b: CodeBlock): boolean => a.lines.join("\n") === b.lines.join("\n");

// A sample run (a block opened with ```output in both files) shows what the run prints in each language:
// its sentences may be the Russian run's, but every line of data in it (DATA_LINE) stays, in the same
// order. null: the blocks agree; undefined:
// not sample output, compared byte for byte.
const OUTPUT_FENCE = /^\s*(`{3,}|~{3,})output\s*$/;
// A tool call (→) or result (←), JSON, a command, a diff's header: the same in every language's run.
const DATA_LINE = /^\s*(?:→|←|\{|\[|(?:npm|npx|node) |--- |\+\+\+ |@@ )/;

function sampleOutputProblem(en: CodeBlock, ru: CodeBlock): string | null | undefined {
  if (!OUTPUT_FENCE.test(en.lines[0]!) || en.lines[0] !== ru.lines[0]) return undefined;
  const data = (line: string) => DATA_LINE.test(line);
  let from = 1;
  for (const line of en.lines.slice(1, -1).filter(data)) {
    const at = ru.lines.indexOf(line, from);
    if (at === -1) return `the sample output keeps ${JSON.stringify(line)} of the English run (data: tool calls and results, JSON, commands, diff headers), in the same order; only its sentences may be the Russian run's`;
    from = at + 1;
  }
  return null;
}

function sectionName(i: number, en: Section, ru: Section): string {
  if (!en.heading) return "the text before the first heading";
  return `section ${i} (${JSON.stringify(`${"#".repeat(en.heading.level)} ${en.heading.text}`)} / ${JSON.stringify(`${"#".repeat(ru.heading!.level)} ${ru.heading!.text}`)})`;
}

function firstOfEach(items: Located[]): Located[] {
  const seen = new Set<string>();
  return items.filter((item) => !seen.has(item.text) && seen.add(item.text));
}

const showHeading = (h: Heading): string => JSON.stringify(`${"#".repeat(h.level)} ${h.text}`);

function showCode(code: string): string {
  const fence = code.includes("`") ? "``" : "`";
  return `${fence}${code.includes("`") ? ` ${code} ` : code}${fence}`;
}

// [2, 3] -> "2 и 3"; [5, 6, 7] -> "5, 6 и 7"
function joinRussian(todos: number[]): string {
  if (todos.length <= 1) return todos.join("");
  return `${todos.slice(0, -1).join(", ")} и ${todos[todos.length - 1]}`;
}

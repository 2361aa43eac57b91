// Hints that hand over code say what the code is for, in a line before its block (docs/AUTHORING.md,
// "Hints"):
//   Replaces: `repairOrphans` in `repair-orphans.ts`. Passes: "repairOrphans", "an empty user message".
//   Moves: "refuses a sibling folder".
// (In hints.ru.md: «Заменяет: ... в ... . Проходит: ...» and «Сдвигает: ...», the quotes unchanged.)
// A "Replaces" hint is a whole function (or a function's whole body): npm test splices its code into a
// copy of the solution and runs the checks it names, which must all pass (wrong-answer-proofs.ts runs
// them beside the wrong answers, with the same machinery). A "Moves" hint is one step; it names the
// check that step makes pass, and hints.test.ts checks that such a check exists.
//
// The quotes are check titles, or parts of one, as after "Caught by" in a wrong answer's WRONG.md
// (isNamedCheck in wrong-answers.ts).
// LESSON_WORDS, at the end, proves the same of the lessons' own functions that exercises ask for again.

import { mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { readHints } from "./hint.ts";
import { caughtByOf, type WrongAnswer } from "./wrong-answers.ts";

export interface HintCode {
  hint: number; // 1-based, as `npm run hint N -- k` counts
  code: string; // the fenced block's text
  mark?: HintMark; // the marker line before it in the same hint, if any
}

// A "Replaces" hint spliced into a copy of its solution, ready for the proof run.
export interface HintAnswer extends WrongAnswer {
  label: string; // "hint 08/3 (`repairOrphans` in repair-orphans.ts)"
  code: string; // the hint's code block, as spliced
}

export type HintMark =
  | { kind: "replaces"; target: string; file: string; checks: string[] }
  | { kind: "moves"; checks: string[] };

const MARKS = {
  "hints.md": { replaces: /^Replaces: `([^`]+)` in `([^`]+)`\. Passes: (.+)$/, moves: /^Moves: (.+)$/ },
  "hints.ru.md": { replaces: /^Заменяет: `([^`]+)` в `([^`]+)`\. Проходит: (.+)$/, moves: /^Сдвигает: (.+)$/ },
} as const;

export type HintFile = keyof typeof MARKS;

// Every fenced code block of an exercise's hints, with the marker line that came before it (since the
// hint's start or the block before).
export function hintCode(exerciseId: string, root = process.cwd(), fileName: HintFile = "hints.md"): HintCode[] {
  const found: HintCode[] = [];
  readHints(exerciseId, root, fileName).forEach((hint, i) => {
    let mark: HintMark | undefined;
    let block: string[] | undefined;
    for (const line of hint.text.split("\n")) {
      if (block) {
        if (line.startsWith("```")) {
          found.push({ hint: i + 1, code: block.join("\n"), ...(mark ? { mark } : {}) });
          block = undefined;
          mark = undefined;
        } else block.push(line);
        continue;
      }
      if (line.startsWith("```")) {
        block = [];
        continue;
      }
      mark = markOf(line.trim(), fileName) ?? mark;
    }
  });
  return found;
}

function markOf(line: string, fileName: HintFile): HintMark | undefined {
  const replaces = MARKS[fileName].replaces.exec(line);
  if (replaces) return { kind: "replaces", target: replaces[1]!, file: replaces[2]!, checks: quotes(replaces[3]!) };
  const moves = MARKS[fileName].moves.exec(line);
  if (moves) return { kind: "moves", checks: quotes(moves[1]!) };
  return undefined;
}

// caughtByOf reads the quotes after "Caught by"; a marker's quotes follow its own word.
function quotes(text: string): string[] {
  return caughtByOf(`Caught by ${text}`);
}

// Where a function (or a method) is declared in a formatted file: its first and last line. target is
// a top-level function ("repairOrphans"), a method of a top-level object ("searchContactsTool.run"),
// or a method of the object a top-level function builds ("toolFromMcp.run": its first method of that
// name). The course's code is formatted, so a declaration ends at the first line after it that holds
// only its closing brace at its own indentation.
function declarationLines(lines: string[], target: string): { start: number; open: number; close: number; indent: string } {
  const [owner, method] = target.includes(".") ? target.split(".") : [undefined, target];
  let from = 0;
  if (owner) {
    from = lines.findIndex((line) => new RegExp(`^(export\\s+)?((const|let)\\s+|(async\\s+)?function\\*?\\s+)${owner}\\b`).test(line));
    if (from < 0) throw new Error(`no top-level \`${owner}\` to find \`${target}\` in`);
  }
  const start = lines.findIndex((line, i) => i >= from && declares(method!).test(line));
  if (start < 0) throw new Error(`no declaration of \`${target}\` to replace`);
  const indent = declares(method!).exec(lines[start]!)![1]!;
  const open = lines.findIndex((line, i) => i >= start && line.trimEnd().endsWith("{"));
  const close = lines.findIndex((line, i) => i > open && new RegExp(`^${indent}\\}[,;]?\\s*$`).test(line));
  if (open < 0 || close < 0) throw new Error(`the end of \`${target}\` was not found (is the file formatted?)`);
  return { start, open, close, indent };
}

function declares(name: string): RegExp {
  return new RegExp(`^(\\s*)(export\\s+)?(async\\s+)?(function\\*?\\s+${name}\\s*[(<]|${name}\\s*\\()`);
}

// The text of a declaration, as declarationLines finds it.
export function declarationOf(source: string, target: string): string {
  const lines = source.split("\n");
  const { start, close } = declarationLines(lines, target);
  return lines.slice(start, close + 1).join("\n");
}

// Splices a hint's code into a solution file, in place of target (see declarationLines). When the code
// declares that function (or method) itself, the declaration is replaced whole (keeping the solution's
// `export`); otherwise the code is the function's body.
export function spliceHint(source: string, target: string, code: string): string {
  const lines = source.split("\n");
  const method = target.split(".").pop()!;
  const { start, open, close, indent } = declarationLines(lines, target);
  const codeLines = code.split("\n");
  const own = codeLines.findIndex((line) => declares(method).test(line));
  if (own >= 0) {
    const ownIndent = declares(method).exec(codeLines[own]!)![1]!;
    const declaration = codeLines.slice(own).map((line) => (line.startsWith(ownIndent) ? indent + line.slice(ownIndent.length) : line));
    const exported = /^\s*export\s/.test(lines[start]!) && !/^\s*export\s/.test(declaration[0]!);
    if (exported) declaration[0] = `${indent}export ${declaration[0]!.slice(indent.length)}`;
    return [...lines.slice(0, start), ...codeLines.slice(0, own), ...declaration, ...lines.slice(close + 1)].join("\n");
  }
  const body = codeLines.map((line) => (line === "" ? line : `${indent}  ${line}`));
  return [...lines.slice(0, open + 1), ...body, ...lines.slice(close)].join("\n");
}

// The "Replaces" hints of every exercise (or of `only`), each spliced into a copy of its solution in
// `parent`, as answers for the proof run: name "(hint-N)", caughtBy the checks the hint names. A hint
// that cannot be spliced comes back in `problems`.
export function hintAnswers(parent: string, only?: string[], root = process.cwd()): { answers: HintAnswer[]; problems: string[] } {
  const answers: HintAnswer[] = [];
  const problems: string[] = [];
  const exercises = readdirSync(path.join(root, "exercises"), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && /^\d\d-/.test(entry.name) && (!only || only.includes(entry.name)))
    .map((entry) => entry.name)
    .sort();
  for (const exercise of exercises) {
    for (const { hint, code, mark } of hintCode(exercise, root)) {
      if (mark?.kind !== "replaces") continue;
      const label = `hint ${exercise.slice(0, 2)}/${hint} (\`${mark.target}\` in ${mark.file})`;
      try {
        const solution = path.join(root, "solutions", exercise, mark.file);
        const spliced = spliceHint(readFileSync(solution, "utf8"), mark.target, code);
        const dir = path.join(parent, `${exercise}-hint-${hint}`);
        mkdirSync(dir, { recursive: true });
        writeFileSync(path.join(dir, mark.file), spliced);
        answers.push({ exercise, name: `(hint-${hint})`, dir, files: [mark.file], caughtBy: mark.checks, label, code });
      } catch (error) {
        problems.push(`${label}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }
  return { answers, problems };
}

// The lesson's own words. Where an exercise asks for a function its lesson already has, the lesson's
// version, sentences and all, must pass the exercise's checks for it: a check that reads a refusal for
// its words must accept the words the lesson teaches. Each is spliced into the solution in place of
// the exercise's function and proven like a "Replaces" hint. (A lesson function that calls a helper
// of its own file cannot be spliced alone: lesson 08's repairOrphans and lesson
// 11's toolsFromServers are such ones.)
export const LESSON_WORDS: Array<{ exercise: string; file: string; target: string; lesson: string; checks: string[] }> = [
  { exercise: "10-edit-tool", file: "safety-stops.ts", target: "refuseAmbiguous", lesson: "lessons/10-edit-tool/safety-stops.ts", checks: ["safety stop 1: ambiguous matches (TODO 4)"] },
  {
    exercise: "10-edit-tool",
    file: "safety-stops.ts",
    target: "refuseOversized",
    lesson: "lessons/10-edit-tool/safety-stops.ts",
    checks: ["safety stop 2: a span much larger than the quote (TODO 5)"],
  },
  { exercise: "11-mcp", file: "mcp-tools.ts", target: "mcpToolName", lesson: "lessons/11-mcp/mcp-tools.ts", checks: ["the full name: mcp__<server>__<tool>, checked (TODO 1)"] },
  { exercise: "11-mcp", file: "mcp-tools.ts", target: "toolFromMcp", lesson: "lessons/11-mcp/mcp-tools.ts", checks: ["one MCP tool as a course Tool: untrusted, timed, capped (TODO 2)"] },
  { exercise: "12-tools-at-scale", file: "tool-search.ts", target: "searchTools", lesson: "lessons/12-tools-at-scale/tool-search.ts", checks: ["the search: tool_reference blocks from this catalogue (TODO 3)"] },
  { exercise: "12-tools-at-scale", file: "tool-search.ts", target: "regexRank", lesson: "lessons/12-tools-at-scale/tool-search.ts", checks: ["the regex mode, on RE2 (TODO 4)"] },
  { exercise: "12-tools-at-scale", file: "tool-search.ts", target: "toolSearchTool", lesson: "lessons/12-tools-at-scale/tool-search.ts", checks: ["the tool_search tool (TODO 5)"] },
  { exercise: "13-evals", file: "trace-graders.ts", target: "toolSequence", lesson: "lessons/13-evals/trace-graders.ts", checks: ["the tool sequence (TODO 1)"] },
  { exercise: "13-evals", file: "trace-graders.ts", target: "toolArguments", lesson: "lessons/13-evals/trace-graders.ts", checks: ["the arguments (TODO 2)"] },
  { exercise: "13-evals", file: "trace-graders.ts", target: "whereIs", lesson: "lessons/13-evals/trace-graders.ts", checks: ["whereIs", "paths that stay inside", "Windows paths", "agrees with path.posix.resolve"] },
  { exercise: "13-evals", file: "trace-graders.ts", target: "insideWorkspace", lesson: "lessons/13-evals/trace-graders.ts", checks: ["nothing outside the workspace (TODO 3)"] },
  { exercise: "13-evals", file: "trace-graders.ts", target: "approvedEffects", lesson: "lessons/13-evals/trace-graders.ts", checks: ["no side effect without approval (TODO 4)"] },
  { exercise: "13-evals", file: "trace-graders.ts", target: "outOfScope", lesson: "lessons/13-evals/trace-graders.ts", checks: ["out of scope: no tool at all (TODO 4)"] },
  { exercise: "13-evals", file: "pass-k.ts", target: "passHatK", lesson: "lessons/13-evals/pass-k.ts", checks: ["pass^k (TODO 5)"] },
];

export function lessonWordsAnswers(parent: string, only?: string[], root = process.cwd()): { answers: HintAnswer[]; problems: string[] } {
  const answers: HintAnswer[] = [];
  const problems: string[] = [];
  for (const entry of LESSON_WORDS.filter((e) => !only || only.includes(e.exercise))) {
    const label = `lesson ${entry.exercise.slice(0, 2)}'s own \`${entry.target}\` (${entry.lesson}) in exercise ${entry.exercise.slice(0, 2)}`;
    try {
      const code = declarationOf(readFileSync(path.join(root, entry.lesson), "utf8"), entry.target);
      const spliced = spliceHint(readFileSync(path.join(root, "solutions", entry.exercise, entry.file), "utf8"), entry.target, code);
      const dir = path.join(parent, `${entry.exercise}-lesson-${entry.target}`);
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, entry.file), spliced);
      answers.push({ exercise: entry.exercise, name: `(lesson-${entry.target})`, dir, files: [entry.file], caughtBy: entry.checks, label, code });
    } catch (error) {
      problems.push(`${label}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return { answers, problems };
}

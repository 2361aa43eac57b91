// The offline model's compaction summary (shared/fake-api/compaction.ts): short and factual, the last
// question, the last figure a tool worked out, the answers kept and the file saved, one per line in the
// conversation's language, so that the planner reads the facts back after the turns they came from are
// gone. Real Claude writes prose; the offline model keeps to what it can read again.

import { SUMMARY_CLOSING, SUMMARY_OPENING } from "../fake-api/compaction.ts";

export interface ConversationFacts {
  question?: string;
  figure?: { value: number; unit?: string };
  // The first and the last answer that rested on tool results.
  answers: string[];
  savedFile?: string;
  lang: "en" | "ru";
  // Compacted mid-task: the last question has no answer yet, and these tool calls were made for it.
  open?: { calls: CarriedCall[] };
}

export interface CarriedCall {
  name: string;
  input: Record<string, unknown>;
  output: string;
}

type Label = "question" | "open" | "call" | "figure" | "answer" | "file" | "language" | "nothing";
// Written in the conversation's language, as the model answers; read back in either.
const WORDS: Record<ConversationFacts["lang"], { heading: string } & Record<Label, string>> = {
  en: {
    heading: "Summary of the conversation so far:",
    question: "Last question",
    open: "Open question",
    call: "Tool call",
    figure: "Last figure",
    answer: "Answer",
    file: "File saved",
    language: "Language",
    nothing: "Nothing was worked out yet.",
  },
  ru: {
    heading: "Краткое содержание разговора:",
    question: "Последний вопрос",
    open: "Вопрос в работе",
    call: "Вызов инструмента",
    figure: "Последнее число",
    answer: "Ответ",
    file: "Сохранён файл",
    language: "Язык",
    nothing: "Пока ничего не посчитано.",
  },
};
const LABELS = new Map<string, Label>(
  Object.values(WORDS).flatMap((words) => (["question", "open", "call", "figure", "answer", "file", "language"] as const).map((label) => [words[label], label] as const)),
);
const LINE = /^- ([^:]+): (.+)$/u;
// A tool's output is kept short: the summary carries figures, not files.
const MAX_OUTPUT = 300;

export function summaryText(facts: ConversationFacts): string {
  const w = WORDS[facts.lang];
  const lines = [w.heading];
  if (facts.question) lines.push(`- ${facts.open ? w.open : w.question}: ${oneLine(facts.question)}`);
  for (const call of facts.open?.calls ?? []) {
    lines.push(`- ${w.call}: ${call.name} ${JSON.stringify(call.input)} -> ${oneLine(call.output).slice(0, MAX_OUTPUT)}`);
  }
  if (facts.figure) lines.push(`- ${w.figure}: ${facts.figure.value}${facts.figure.unit ? ` ${facts.figure.unit}` : ""}`);
  for (const answer of facts.answers) lines.push(`- ${w.answer}: ${oneLine(answer)}`);
  if (facts.savedFile) lines.push(`- ${w.file}: ${facts.savedFile}`);
  lines.push(`- ${w.language}: ${facts.lang}`);
  if (lines.length === 2) lines.splice(1, 0, `- ${w.nothing}`);
  return lines.join("\n");
}

// The facts of a summary turn, or undefined when `text` is not one.
export function factsFromSummary(text: string): ConversationFacts | undefined {
  if (!text.startsWith(SUMMARY_OPENING) || !text.endsWith(SUMMARY_CLOSING)) return undefined;
  const facts: ConversationFacts = { answers: [], lang: "en" };
  for (const line of text.slice(SUMMARY_OPENING.length, -SUMMARY_CLOSING.length).split("\n")) {
    const [, word, value] = line.match(LINE) ?? [];
    const label = word === undefined ? undefined : LABELS.get(word);
    if (!label || value === undefined) continue;
    if (label === "question" || label === "open") facts.question = value;
    if (label === "open") facts.open = { calls: facts.open?.calls ?? [] };
    if (label === "call") {
      const call = parseCall(value);
      if (call) (facts.open ??= { calls: [] }).calls.push(call);
    }
    if (label === "answer") facts.answers.push(value);
    if (label === "file") facts.savedFile = value;
    if (label === "language" && (value === "en" || value === "ru")) facts.lang = value;
    if (label === "figure") {
      const [, number, unit] = value.match(/^(-?\d+(?:\.\d+)?(?:e[+-]?\d+)?)(?: (\S+))?$/u) ?? [];
      if (number !== undefined) facts.figure = { value: Number(number), ...(unit ? { unit } : {}) };
    }
  }
  return facts;
}

// "calculate {"expression":"500 * 0.92"} -> {"result":460}": the input is the first JSON object that
// a " -> " follows (an input may hold " -> " inside a string, so each one is tried).
function parseCall(value: string): CarriedCall | undefined {
  const space = value.indexOf(" ");
  if (space <= 0) return undefined;
  for (let at = value.indexOf("} -> ", space); at >= 0; at = value.indexOf("} -> ", at + 1)) {
    try {
      const input = JSON.parse(value.slice(space + 1, at + 1)) as unknown;
      if (typeof input !== "object" || input === null || Array.isArray(input)) return undefined;
      return { name: value.slice(0, space), input: input as Record<string, unknown>, output: value.slice(at + 5) };
    } catch {
      // not the end of the input yet
    }
  }
  return undefined;
}

function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/gu, " ").trim();
}

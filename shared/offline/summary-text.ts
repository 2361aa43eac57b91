// The offline model's compaction summary (shared/fake-api/compaction.ts): short and factual, the last
// question, the last figure a tool worked out, the answers kept and the file saved, one per line, so
// that the planner reads the facts back after the turns they came from are gone. Real Claude writes
// prose; the offline model keeps to what it can read again.

import { SUMMARY_CLOSING, SUMMARY_OPENING } from "../fake-api/compaction.ts";

export interface ConversationFacts {
  question?: string;
  figure?: { value: number; unit?: string };
  // The first and the last answer that rested on tool results.
  answers: string[];
  savedFile?: string;
  lang: "en" | "ru";
}

const HEADING = "Summary of the conversation so far:";
const LINE = /^- (Last question|Last figure|Answer|File saved|Language): (.+)$/u;

export function summaryText(facts: ConversationFacts): string {
  const lines = [HEADING];
  if (facts.question) lines.push(`- Last question: ${oneLine(facts.question)}`);
  if (facts.figure) lines.push(`- Last figure: ${facts.figure.value}${facts.figure.unit ? ` ${facts.figure.unit}` : ""}`);
  for (const answer of facts.answers) lines.push(`- Answer: ${oneLine(answer)}`);
  if (facts.savedFile) lines.push(`- File saved: ${facts.savedFile}`);
  lines.push(`- Language: ${facts.lang}`);
  if (lines.length === 2) lines.splice(1, 0, "- Nothing was worked out yet.");
  return lines.join("\n");
}

// The facts of a summary turn, or undefined when `text` is not one.
export function factsFromSummary(text: string): ConversationFacts | undefined {
  if (!text.startsWith(SUMMARY_OPENING) || !text.endsWith(SUMMARY_CLOSING)) return undefined;
  const facts: ConversationFacts = { answers: [], lang: "en" };
  for (const line of text.slice(SUMMARY_OPENING.length, -SUMMARY_CLOSING.length).split("\n")) {
    const [, label, value] = line.match(LINE) ?? [];
    if (!label || value === undefined) continue;
    if (label === "Last question") facts.question = value;
    if (label === "Answer") facts.answers.push(value);
    if (label === "File saved") facts.savedFile = value;
    if (label === "Language" && (value === "en" || value === "ru")) facts.lang = value;
    if (label === "Last figure") {
      const [, number, unit] = value.match(/^(-?\d+(?:\.\d+)?(?:e[+-]?\d+)?)(?: (\S+))?$/u) ?? [];
      if (number !== undefined) facts.figure = { value: Number(number), ...(unit ? { unit } : {}) };
    }
  }
  return facts;
}

function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/gu, " ").trim();
}

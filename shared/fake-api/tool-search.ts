// The server tool search tools, run by the fake API the way the docs describe them (docs: "Tool search
// tool", platform.claude.com/docs/en/agents-and-tools/tool-use/tool-search-tool):
//   tool_search_tool_regex_20251119  input {pattern}: a regular expression, matched case-insensitively,
//                                    at most 200 characters
//   tool_search_tool_bm25_20251119   input {query}: natural language, at most 500 characters
// Both search the deferred tools' names, descriptions, argument names and argument descriptions, and
// return up to 5 tools as tool_reference blocks. A search that matches nothing returns an empty list,
// not an error; a bad input comes back as a tool_search_tool_result_error with `invalid_tool_input`.
//
// The real API runs Python `re.search()` patterns; the fake runs them on RE2 (re2js), whose matching
// time grows linearly with the text, so no pattern can hang it. A pattern RE2 cannot run (a
// back-reference, a look-around) is an invalid input here.

import type Anthropic from "@anthropic-ai/sdk";
import { RE2JS } from "re2js";

export const MAX_PATTERN_CHARS = 200;
export const MAX_QUERY_CHARS = 500;
// "each search returns up to 5 matching tools by default" (docs, Limits).
export const SEARCH_RESULTS = 5;

export type SearchVariant = "regex" | "bm25";
export type SearchOutcome = Anthropic.ToolSearchToolSearchResultBlock | Anthropic.ToolSearchToolResultErrorObject;

// Which variant a tool definition is, if it is a tool search tool.
export function searchVariant(tool: { type?: unknown }): SearchVariant | undefined {
  const type = String(tool.type ?? "");
  if (type.startsWith("tool_search_tool_regex")) return "regex";
  if (type.startsWith("tool_search_tool_bm25")) return "bm25";
  return undefined;
}

export function runToolSearch(variant: SearchVariant, input: unknown, tools: Anthropic.Tool[]): SearchOutcome {
  const field = variant === "regex" ? "pattern" : "query";
  const value = typeof input === "object" && input !== null ? (input as Record<string, unknown>)[field] : undefined;
  if (typeof value !== "string" || value.trim() === "") return failed(`The search input needs a non-empty string \`${field}\`.`);
  const limit = variant === "regex" ? MAX_PATTERN_CHARS : MAX_QUERY_CHARS;
  if (value.length > limit) return failed(`The ${field} is ${value.length} characters long; the limit is ${limit}.`);
  const names = variant === "regex" ? regexSearch(value, tools) : bm25Search(value, tools);
  if (typeof names === "string") return failed(names);
  return { type: "tool_search_tool_search_result", tool_references: names.slice(0, SEARCH_RESULTS).map((tool_name) => ({ type: "tool_reference", tool_name })) };
}

function failed(message: string): Anthropic.ToolSearchToolResultErrorObject {
  return { type: "tool_search_tool_result_error", error_code: "invalid_tool_input", error_message: message };
}

// What a search reads of a tool: its name, its description, and each argument's name and description
// (nested objects' arguments too).
export function searchableFields(tool: Anthropic.Tool): string[] {
  const fields = [tool.name, tool.description ?? ""];
  const visit = (schema: unknown, depth: number) => {
    if (depth > 8 || typeof schema !== "object" || schema === null) return;
    const properties = (schema as { properties?: unknown }).properties;
    if (typeof properties !== "object" || properties === null) return;
    for (const [name, property] of Object.entries(properties)) {
      fields.push(name);
      const description = (property as { description?: unknown })?.description;
      if (typeof description === "string") fields.push(description);
      visit(property, depth + 1);
      visit((property as { items?: unknown })?.items, depth + 1);
    }
  };
  visit(tool.input_schema, 0);
  return fields;
}

// The tools whose fields the pattern matches, in the order they are listed; a tool whose name matches
// comes before one matched only by its description (the docs give no order: this is the fake's).
function regexSearch(pattern: string, tools: Anthropic.Tool[]): string[] | string {
  let re: RE2JS;
  try {
    re = RE2JS.compile(pattern, RE2JS.CASE_INSENSITIVE | RE2JS.MULTILINE);
  } catch (error) {
    return `Invalid regular expression pattern: ${error instanceof Error ? error.message : String(error)}`;
  }
  const byName: string[] = [];
  const byText: string[] = [];
  for (const tool of tools) {
    if (re.matcher(tool.name).find()) byName.push(tool.name);
    // One field a line: `.` does not cross a line break and ^ $ match at each, so a match stays within one field.
    else if (re.matcher(searchableFields(tool).join("\n")).find()) byText.push(tool.name);
  }
  return [...byName, ...byText];
}

// Okapi BM25 over the same fields, with the usual k1 = 1.2 and b = 0.75: a tool scores for each query
// word it holds, more for a word few tools hold, less when its text is long. Tools with no query word
// are left out; ties keep the listed order.
const K1 = 1.2;
const B = 0.75;

function bm25Search(query: string, tools: Anthropic.Tool[]): string[] {
  const terms = [...new Set(searchWords(query))];
  if (terms.length === 0 || tools.length === 0) return [];
  const documents = tools.map((tool) => searchWords(searchableFields(tool).join(" ")));
  const averageLength = documents.reduce((sum, words) => sum + words.length, 0) / documents.length || 1;
  const counts = documents.map((words) => {
    const count = new Map<string, number>();
    for (const word of words) count.set(word, (count.get(word) ?? 0) + 1);
    return count;
  });
  const idf = new Map(
    terms.map((term) => {
      const holding = counts.filter((count) => count.has(term)).length;
      return [term, Math.log(1 + (tools.length - holding + 0.5) / (holding + 0.5))];
    }),
  );
  const scored = tools.map((tool, i) => {
    let score = 0;
    for (const term of terms) {
      const frequency = counts[i]!.get(term) ?? 0;
      if (frequency === 0) continue;
      score += (idf.get(term)! * frequency * (K1 + 1)) / (frequency + K1 * (1 - B + (B * documents[i]!.length) / averageLength));
    }
    return { name: tool.name, score, i };
  });
  return scored
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .map((entry) => entry.name);
}

// Lower-case words (snake_case and camelCase split, ё read as е), each cut to a rough stem so that
// "rates" finds "rate" and "currencies" finds "currency".
export function searchWords(text: string): string[] {
  return text
    .replace(/(\p{Ll})(\p{Lu})/gu, "$1 $2")
    .toLowerCase()
    .replace(/ё/g, "е")
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== "")
    .map(stem);
}

function stem(word: string): string {
  if (/^[a-z]+$/.test(word)) {
    if (word.length > 4 && word.endsWith("ies")) return `${word.slice(0, -3)}y`;
    if (word.length > 5 && word.endsWith("ing")) return word.slice(0, -3);
    if (word.length > 4 && word.endsWith("ed")) return word.slice(0, -2);
    if (word.length > 3 && word.endsWith("s") && !word.endsWith("ss")) return word.slice(0, -1);
    return word;
  }
  // Russian: the ending changes with the case, so a word is read by its first letters.
  return /^\p{Script=Cyrillic}+$/u.test(word) && word.length > 5 ? word.slice(0, Math.max(4, word.length - 2)) : word;
}

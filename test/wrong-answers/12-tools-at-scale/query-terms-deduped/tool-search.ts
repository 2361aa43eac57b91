// Exercise 12, solved: BM25 and regex tool search, tool_reference results (the same as
// lessons/12-tools-at-scale/tool-search.ts).
//
// Client-side tool search: the agent's own search over the catalogue, offered to the model as one
// small tool. The catalogue goes to the API with `defer_loading: true` on every tool, so the model
// sees none of their definitions until a search names them; the search answers with `tool_reference`
// blocks, and the API puts the named tools' definitions into the conversation (the SDK's
// BetaToolReferenceBlockParam: `{ type: "tool_reference", tool_name }`, one of the blocks a
// tool_result may hold).
//
// Two modes, like the API's own tool search tool:
//   - bm25 (the default): words. Ranks every tool by BM25 over its name, description and parameters,
//     in English or, through a small dictionary, Russian (search-terms.ts).
//   - regex: a pattern over the same text, for "every crm_ tool" or "get_.*invoice". Patterns run on
//     RE2 (the re2js package), whose matching time grows linearly with the text: no pattern can hang
//     the agent, which a backtracking engine (JavaScript's RegExp) cannot promise.

import type Anthropic from "@anthropic-ai/sdk";
import { RE2JS } from "re2js";
import type { Tool } from "../../lessons/01-first-tool/tool.ts";
import type { CatalogueTool } from "../../lessons/12-tools-at-scale/catalogue.ts";
import { queryTerms, toolTerms, toolText } from "./search-terms.ts";

export type ToolReference = { type: "tool_reference"; tool_name: string };
export type SearchMode = "bm25" | "regex";

export interface SearchOptions {
  k?: number;
  mode?: SearchMode;
}

export const DEFAULT_K = 5;
// The course's own limits: the model reads every reference it gets, so a page of them is enough; and a
// pattern longer than a sentence is a mistake or an attack, not a search.
export const MAX_K = 20;
export const MAX_PATTERN_CHARS = 200;

// Stryker disable all: given in the starter, unchanged.
// A search the caller asked for wrongly. Its message is written for the model: what was wrong and what
// to send instead.
export class ToolSearchError extends Error {
  override name = "ToolSearchError";
}

// Stryker restore all

// BM25's usual constants: K1 says how fast repeating a word stops adding to the score, B how much a
// long text is discounted against a short one.
export const K1 = 1.2;
export const B = 0.75;

// The names of the k tools that match `terms` best, best first. A tool that shares no term with the
// query scores 0 and is not returned; equal scores keep the catalogue's order.
export function bm25Rank(catalogue: CatalogueTool[], terms: string[], k: number): string[] {
  const documents = catalogue.map(toolTerms);
  const averageLength = documents.reduce((sum, words) => sum + words.length, 0) / documents.length;
  const counts = documents.map((words) => {
    const count = new Map<string, number>();
    for (const word of words) count.set(word, (count.get(word) ?? 0) + 1);
    return count;
  });
  // idf: a word in few tools says more than a word in every tool ("invoice" against "the").
  const idf = new Map<string, number>();
  for (const term of new Set(terms)) {
    const having = counts.filter((count) => count.has(term)).length;
    idf.set(term, Math.log(1 + (documents.length - having + 0.5) / (having + 0.5)));
  }
  const scored = catalogue.map((tool, index) => {
    const length = documents[index]!.length;
    let score = 0;
    for (const term of new Set(terms)) {
      const frequency = counts[index]!.get(term) ?? 0;
      score += idf.get(term)! * ((frequency * (K1 + 1)) / (frequency + K1 * (1 - B + (B * length) / averageLength)));
    }
    return { name: tool.name, score };
  });
  return scored
    .filter((entry) => entry.score > 0)
    // sort() is stable: tools of equal score stay in catalogue order.
    .sort((a, b) => b.score - a.score)
    .slice(0, k)
    .map((entry) => entry.name);
}

// The first k tools, in catalogue order, whose text (toolText) the pattern finds, ignoring case.
export function regexRank(catalogue: CatalogueTool[], pattern: string, k: number): string[] {
  if (pattern.length > MAX_PATTERN_CHARS) {
    throw new ToolSearchError(
      `The pattern is ${pattern.length} characters long; the limit is ${MAX_PATTERN_CHARS}. Send a shorter one, such as a word of the tool's name ("invoice") or "crm_.*contact".`,
    );
  }
  let regex: RE2JS;
  try {
    regex = RE2JS.compile(pattern, RE2JS.CASE_INSENSITIVE);
  } catch (error) {
    throw new ToolSearchError(
      `The pattern ${JSON.stringify(pattern)} is not one RE2 accepts (${(error as Error).message}). RE2 has no backreferences (\\1) and no lookarounds ((?=...)); ` +
        `put a backslash before a special character you mean literally ("get_invoice\\(" ). Or search with plain words: mode "bm25".`,
    );
  }
  return catalogue.filter((tool) => regex.matcher(toolText(tool)).find()).slice(0, k).map((tool) => tool.name);
}

// The search itself: checks what it was asked, ranks, and answers with references to tools of this
// catalogue only (the API refuses a reference to a tool the request does not have), each once: a
// catalogue merged from two servers may list a tool twice.
export function searchTools(catalogue: CatalogueTool[], query: string, options: SearchOptions = {}): ToolReference[] {
  const k = options.k ?? DEFAULT_K;
  const mode = options.mode ?? "bm25";
  if (typeof query !== "string" || query.trim() === "") {
    throw new ToolSearchError(
      `query must be a few words saying what the tool should do, e.g. "track a parcel" or "create an invoice"; got ${JSON.stringify(query)}.`,
    );
  }
  if (!Number.isInteger(k) || k < 1 || k > MAX_K) {
    throw new ToolSearchError(`limit must be a whole number from 1 to ${MAX_K}; got ${JSON.stringify(k)}.`);
  }
  if (mode !== "bm25" && mode !== "regex") {
    throw new ToolSearchError(`mode must be "bm25" (words) or "regex" (a pattern); got ${JSON.stringify(mode)}.`);
  }
  // The first tool of each name, before ranking: k results are then k different tools.
  const seen = new Set<string>();
  const tools = catalogue.filter((tool) => !seen.has(tool.name) && seen.add(tool.name));
  const names = mode === "regex" ? regexRank(tools, query, k) : bm25Rank(tools, queryTerms(query), k);
  return names.map((name) => ({ type: "tool_reference", tool_name: name }));
}

// What a tool_result may hold (the SDK's type): text, or blocks such as tool_reference.
export type ToolResultContent = NonNullable<Anthropic.Beta.BetaToolResultBlockParam["content"]>;

// The course's Tool, with a run that may answer with blocks instead of a string. Lesson 01's Tool stays
// as it is; this one is for the tools whose answer is not text.
export interface ContentTool<Input = Record<string, unknown>> extends Omit<Tool<Input>, "run"> {
  run(input: Input): ToolResultContent | Promise<ToolResultContent>;
}

type SearchInput = { query: string; mode?: SearchMode; limit?: number };

export const TOOL_SEARCH_NAME = "tool_search";

// The tool the model calls. Its answer is the references themselves (the API loads those tools), or,
// when nothing matches, a sentence saying what to try. A bad input throws ToolSearchError: the loop
// sends its message back as an is_error result, and the model can correct the call.
export function toolSearchTool(catalogue: CatalogueTool[]): ContentTool<SearchInput> {
  return {
    name: TOOL_SEARCH_NAME,
    description: `Search a catalogue of ${catalogue.length} tools that are not loaded yet, and load the ones that match. Call it whenever you need a tool you do not have: describe the job in a few words ("track a parcel", "create an invoice"); English works best, Russian is understood for common business words. The matching tools become available to call right after. mode "regex" matches a pattern (RE2 syntax, ignoring case) against tool names, descriptions and parameters instead, e.g. "^crm_" for every CRM tool.`,
    input_schema: {
      type: "object",
      properties: {
        query: { type: "string", description: `Words describing the job, or with mode "regex" a pattern of at most ${MAX_PATTERN_CHARS} characters.` },
        mode: { type: "string", enum: ["bm25", "regex"], description: 'How to match: "bm25" (words, the default) or "regex" (a pattern).' },
        limit: { type: "integer", minimum: 1, maximum: MAX_K, description: `How many tools to load at most, 1-${MAX_K}. Default ${DEFAULT_K}.` },
      },
      required: ["query"],
    },
    run(input) {
      const { query, mode, limit } = input;
      const references = searchTools(catalogue, query, { k: limit, mode });
      if (references.length === 0) {
        return `No tool matches ${JSON.stringify(query)}. Try other words for the job (a noun such as "invoice" or "parcel" works best), or mode "regex" with part of a tool's name.`;
      }
      return references;
    },
  };
}

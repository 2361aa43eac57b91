// Exercise 12: a client-side tool search. Read exercises/12-tools-at-scale/README.md first; the
// numbered TODOs below match its tasks. Already done for you: the types, the limits, K1 and B, and
// ToolSearchError.
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

// Used by the code you write; named here so the starter type-checks before you do.
void [RE2JS, queryTerms, toolTerms, toolText];

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

// A search the caller asked for wrongly. Its message is written for the model: what was wrong and what
// to send instead.
export class ToolSearchError extends Error {
  override name = "ToolSearchError";
}

// BM25's usual constants: K1 says how fast repeating a word stops adding to the score, B how much a
// long text is discounted against a short one.
export const K1 = 1.2;
export const B = 0.75;

// The names of the k tools that match `terms` best, best first. A tool that shares no term with the
// query scores 0 and is not returned; equal scores keep the catalogue's order.
export function bm25Rank(catalogue: CatalogueTool[], terms: string[], k: number): string[] {
  // TODO 2: score every tool of `catalogue` for `terms` with BM25 (the formula is in the README; a
  // tool's words are toolTerms(tool)). Return the names of the best k, best first: no tool that
  // scores 0, and equal scores in catalogue order.
  throw new Error(`not implemented yet: rank ${catalogue.length} tools for [${terms.join(", ")}] (TODO 2 in exercises/12-tools-at-scale/tool-search.ts)`);
}

// The first k tools, in catalogue order, whose text (toolText) the pattern finds, ignoring case.
export function regexRank(catalogue: CatalogueTool[], pattern: string, k: number): string[] {
  // TODO 4: compile `pattern` with RE2 (RE2JS.compile(pattern, RE2JS.CASE_INSENSITIVE)), never RegExp;
  // a pattern RE2 refuses becomes a ToolSearchError saying "RE2", why, and what to do. Return the
  // names of the first k tools, in catalogue order, whose toolText(tool) it finds anywhere.
  // Hard mode: refuse a pattern longer than MAX_PATTERN_CHARS before compiling it.
  throw new Error(`not implemented yet: the regex search for ${JSON.stringify(pattern)} (TODO 4 in exercises/12-tools-at-scale/tool-search.ts)`);
}

// The search itself: checks what it was asked, ranks, and answers with references to tools of this
// catalogue only (the API refuses a reference to a tool the request does not have), each once: a
// catalogue merged from two servers may list a tool twice.
export function searchTools(catalogue: CatalogueTool[], query: string, options: SearchOptions = {}): ToolReference[] {
  // TODO 3: check the query, k (default DEFAULT_K, 1 to MAX_K) and mode (default "bm25"), throwing
  // ToolSearchError for a bad one; rank this catalogue's tools, each name once (the first), with
  // bm25Rank(tools, queryTerms(query), k) or regexRank(tools, query, k); return
  // { type: "tool_reference", tool_name } blocks.
  throw new Error(`not implemented yet: search ${catalogue.length} tools for ${JSON.stringify(query)} with ${JSON.stringify(options)} (TODO 3 in exercises/12-tools-at-scale/tool-search.ts)`);
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
  // TODO 5: the tool_search tool: a description for the model, an input_schema with query (string,
  // required), mode (enum ["bm25", "regex"]) and limit (integer), and a run that returns the
  // tool_reference blocks of searchTools(catalogue, query, { k: limit, mode }), or a sentence when
  // nothing matches. Bad input throws ToolSearchError (searchTools already does).
  throw new Error(`not implemented yet: the tool_search tool over ${catalogue.length} tools (TODO 5 in exercises/12-tools-at-scale/tool-search.ts)`);
}

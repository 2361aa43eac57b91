// Part 3: two hundred tools. Sent whole, every definition is input on every request, and the model
// chooses among all of them at once. Sent with `defer_loading: true`, a tool stays out of the prompt
// until a search finds it; only the search tool itself is loaded. Two ways to search:
//
//   - the server's tool search (tool_search_tool_bm25 or tool_search_tool_regex): the API searches the
//     deferred definitions and answers with server_tool_use and tool_search_tool_result blocks;
//   - a search tool of our own (tool-search.ts), an ordinary client tool whose result holds
//     tool_reference blocks; the API loads the tools they name.
//
// Either way, a deferred tool cannot be called before a search has returned it.

import type Anthropic from "@anthropic-ai/sdk";
import type { BetaRunnableTool } from "@anthropic-ai/sdk/lib/tools/BetaRunnableTool";
import { modelName } from "../../shared/model.ts";
import { toolCatalogue, type CatalogueTool } from "./catalogue.ts";
import { toolSearchTool } from "./tool-search.ts";
import { MAX_ITERATIONS } from "./two-loops.ts";

export type AnyTool = Anthropic.Beta.BetaToolUnion | BetaRunnableTool<any>;
export type SearchVariant = "bm25" | "regex";

export const SERVER_SEARCH = {
  bm25: { type: "tool_search_tool_bm25_20251119", name: "tool_search_tool_bm25" },
  regex: { type: "tool_search_tool_regex_20251119", name: "tool_search_tool_regex" },
} as const satisfies Record<SearchVariant, Anthropic.Beta.BetaToolUnion>;

// The catalogue, with our runnable tools in place of their plain definitions (same names), so a call
// the model makes after a search has code to run. Definitions with no code stay definitions: the
// runner answers a call to one of them with an is_error "not found".
export function withRunnables(catalogue: CatalogueTool[], runnables: BetaRunnableTool<any>[]): AnyTool[] {
  const byName = new Map(runnables.map((tool) => [tool.name, tool]));
  // The catalogue's input_examples stay; the schema and run come from the runnable tool.
  return catalogue.map((tool) => ({ ...tool, ...byName.get(tool.name) }) as AnyTool);
}

export function deferAll(tools: AnyTool[]): AnyTool[] {
  return tools.map((tool) => ({ ...tool, defer_loading: true }) as AnyTool);
}

// What the API receives for a tool: no run, no parse (functions never leave our process).
export function definitionOf(tool: AnyTool): Anthropic.Beta.BetaToolUnion {
  const { run: _run, parse: _parse, ...definition } = tool as BetaRunnableTool<any>;
  return definition as Anthropic.Beta.BetaToolUnion;
}

export interface TokenCounts {
  tools: number;
  allLoaded: number;
  deferred: number;
}

// count_tokens takes the same request as create (no max_tokens) and runs nothing: the price of the
// definitions, before and after deferral.
export async function countBothWays(client: Anthropic, task: string, tools: AnyTool[], search: SearchVariant): Promise<TokenCounts> {
  const messages: Anthropic.Beta.BetaMessageParam[] = [{ role: "user", content: task }];
  const count = async (list: AnyTool[]) => (await client.beta.messages.countTokens({ model: modelName(), messages, tools: list.map(definitionOf) })).input_tokens;
  const allLoaded = await count(tools);
  const deferred = await count([SERVER_SEARCH[search], ...deferAll(tools)]);
  return { tools: tools.length, allLoaded, deferred };
}

export interface SearchRun {
  text: string;
  // What each search asked and found: the server's, read off server_tool_use / tool_search_tool_result
  // blocks, or our tool's, read off its tool_result.
  searches: Array<{ query: string; found: string[] }>;
  // The tools the model called after finding them.
  called: string[];
}

export interface SearchOptions {
  // "server" uses the API's tool search; "client" our own search tool.
  by: "server" | "client";
  variant?: SearchVariant;
  system: string;
  maxIterations?: number;
}

export async function runWithSearch(client: Anthropic, task: string, runnables: BetaRunnableTool<any>[], options: SearchOptions): Promise<SearchRun> {
  const catalogue = toolCatalogue();
  const deferred = deferAll(withRunnables(catalogue, runnables));
  const searchTool: AnyTool = options.by === "server" ? SERVER_SEARCH[options.variant ?? "bm25"] : toolSearchTool(catalogue);
  const runner = client.beta.messages.toolRunner({
    model: modelName(),
    max_tokens: 1024,
    system: options.system,
    // The search tool is the one tool loaded up front: everything else waits to be found.
    tools: [searchTool, ...deferred],
    messages: [{ role: "user", content: task }],
    max_iterations: options.maxIterations ?? MAX_ITERATIONS,
  });
  const final = await runner.runUntilDone();
  return { text: textOf(final), ...searchesIn(runner.params.messages, final, searchTool.name) };
}

function textOf(message: Anthropic.Beta.BetaMessage): string {
  return message.content.flatMap((block) => (block.type === "text" ? [block.text] : [])).join("\n").trim();
}

// Reads the conversation for the searches and the calls that followed them.
export function searchesIn(history: readonly Anthropic.Beta.BetaMessageParam[], final: Anthropic.Beta.BetaMessage, searchToolName: string): Omit<SearchRun, "text"> {
  const searches: SearchRun["searches"] = [];
  const called: string[] = [];
  const queries = new Map<string, string>();
  const blocks = [...history, { role: "assistant" as const, content: final.content }].flatMap((message) =>
    Array.isArray(message.content) ? (message.content as Array<Record<string, unknown> & { type: string }>) : [],
  );
  for (const block of blocks) {
    if (block.type === "server_tool_use" || block.type === "tool_use") {
      const input = (block.input ?? {}) as Record<string, unknown>;
      const query = typeof input.query === "string" ? input.query : typeof input.pattern === "string" ? input.pattern : "";
      if (block.name === searchToolName) queries.set(String(block.id), query);
      else called.push(String(block.name));
    } else if (block.type === "tool_search_tool_result") {
      const content = block.content as { tool_references?: Array<{ tool_name: string }> };
      searches.push({ query: queries.get(String(block.tool_use_id)) ?? "", found: (content.tool_references ?? []).map((ref) => ref.tool_name) });
    } else if (block.type === "tool_result" && queries.has(String(block.tool_use_id))) {
      const content = Array.isArray(block.content) ? (block.content as Array<{ type: string; tool_name?: string }>) : [];
      searches.push({ query: queries.get(String(block.tool_use_id)) ?? "", found: content.flatMap((part) => (part.type === "tool_reference" && part.tool_name ? [part.tool_name] : [])) });
    }
  }
  return { searches, called };
}

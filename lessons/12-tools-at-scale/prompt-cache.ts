// Part 4: caching the tool definitions. Every request of a loop starts with the same tools and the same
// system prompt, and the API reads a request's prefix in a fixed order: tools, then system, then
// messages. One `cache_control` breakpoint on the system prompt's last block marks all of that as a
// prefix to keep: the first request writes it to the cache (cache_creation_input_tokens, billed a
// little above the input price), each later request within the cache's lifetime reads it back
// (cache_read_input_tokens, a tenth of the input price). Any change before the breakpoint (a tool
// added, a description edited, a date in the system prompt) makes a new prefix, and a new write.

import type Anthropic from "@anthropic-ai/sdk";
import type { BetaRunnableTool } from "@anthropic-ai/sdk/lib/tools/BetaRunnableTool";
import { estimateCost, modelName } from "../../shared/model.ts";
import { withCacheBreakpoint } from "./cache-breakpoint.ts";
import type { AnyTool } from "./many-tools.ts";
import { MAX_ITERATIONS } from "./two-loops.ts";


export interface RequestUsage {
  input: number;
  output: number;
  cacheWrite: number;
  cacheRead: number;
}

export interface CachedRun {
  text: string;
  usage: RequestUsage[];
}

export function usageOf(message: Anthropic.Beta.BetaMessage): RequestUsage {
  const usage = message.usage;
  return {
    input: usage.input_tokens,
    output: usage.output_tokens,
    cacheWrite: usage.cache_creation_input_tokens ?? 0,
    cacheRead: usage.cache_read_input_tokens ?? 0,
  };
}

// The loop on the tool runner, with the whole history sent every turn (thread: false), so each request
// carries the full prefix and we can see the cache take it.
export async function runWithCache(client: Anthropic, task: string, tools: AnyTool[], system: string, maxIterations = MAX_ITERATIONS): Promise<CachedRun> {
  const usage: RequestUsage[] = [];
  // The breakpoint goes on the system prompt's last block: the cached prefix ends there, after the tools
  // and the system prompt, before the conversation (which changes every turn).
  const cached = withCacheBreakpoint({ system, tools: tools as Anthropic.Beta.BetaToolUnion[] });
  const runner = client.beta.messages.toolRunner({
    model: modelName(),
    max_tokens: 1024,
    system: cached.system,
    tools: cached.tools as Array<Anthropic.Beta.BetaToolUnion | BetaRunnableTool<any>>,
    messages: [{ role: "user", content: task }],
    thread: false,
    max_iterations: maxIterations,
  });
  let last: Anthropic.Beta.BetaMessage | undefined;
  for await (const message of runner) {
    usage.push(usageOf(message));
    last = message;
  }
  const text = (last?.content ?? []).flatMap((block) => (block.type === "text" ? [block.text] : [])).join("\n").trim();
  return { text, usage };
}

export interface CostComparison {
  // What the requests cost with the cache's prices, and what the same tokens would cost as plain input.
  withCache: number | undefined;
  withoutCache: number | undefined;
}

// Priced by shared/model.ts: a cache write at 1.25x the input price (5 minutes), a read at 0.1x.
export function compareCost(model: string, usage: RequestUsage[]): CostComparison {
  let withCache: number | undefined = 0;
  let withoutCache: number | undefined = 0;
  for (const request of usage) {
    const cached = estimateCost(model, request.input, request.output, { write5m: request.cacheWrite, read: request.cacheRead });
    const plain = estimateCost(model, request.input + request.cacheWrite + request.cacheRead, request.output);
    withCache = cached === undefined || withCache === undefined ? undefined : withCache + cached;
    withoutCache = plain === undefined || withoutCache === undefined ? undefined : withoutCache + plain;
  }
  return { withCache, withoutCache };
}

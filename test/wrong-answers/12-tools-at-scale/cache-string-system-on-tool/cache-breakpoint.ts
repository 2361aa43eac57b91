// Exercise 12, solved: the cache breakpoint (the same as lessons/12-tools-at-scale/cache-breakpoint.ts).
//
// Where the cache breakpoint goes. The API caches a request's prefix in a fixed order: tools, then the
// system prompt, then the messages. A `cache_control` mark on a block caches everything up to and
// including it, so one mark on the last block of the system prompt caches the tools and the system
// prompt together: the part that is the same on every turn. With no system prompt, the mark goes on
// the last tool that is loaded up front: deferred tools (`defer_loading: true`) are not part of the
// prefix; the docs: "Deferred tools are not included in the system-prompt prefix".
//
// The messages get no mark here: they change every turn, and a mark on them is a different choice
// (caching the conversation as it grows).

import type Anthropic from "@anthropic-ai/sdk";

export const EPHEMERAL: Anthropic.Beta.BetaCacheControlEphemeral = { type: "ephemeral" };

export interface CacheableRequest {
  tools?: Anthropic.Beta.BetaToolUnion[];
  system?: string | Anthropic.Beta.BetaTextBlockParam[];
}

// A copy of the request with one breakpoint after the tools and the system prompt. The request passed
// in is not changed: the caller may send it again, and a second call must not add a second mark.
export function withCacheBreakpoint<R extends CacheableRequest>(request: R): R {
  const { system, tools } = request;

  if (Array.isArray(system) && system.length > 0) {
    const last = system.length - 1;
    return { ...request, system: system.map((block, index) => (index === last ? { ...block, cache_control: EPHEMERAL } : block)) };
  }
  const list = tools ?? [];
  let upFront = list.length - 1;
  while (upFront >= 0 && (list[upFront] as { defer_loading?: boolean }).defer_loading === true) upFront--;
  if (upFront < 0) return request;
  return { ...request, tools: list.map((tool, index) => (index === upFront ? { ...tool, cache_control: EPHEMERAL } : tool)) };
}

// Exercise 12: the cache breakpoint. Read exercises/12-tools-at-scale/README.md first (TODO 6).
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
  // TODO 6: a copy of `request` with exactly one cache_control: EPHEMERAL: on the system prompt's
  // last block (a string becomes one text block), or, with no system prompt, on the last tool that
  // is not defer_loading: true. Do not change `request` itself.
  throw new Error(`not implemented yet: place the cache breakpoint in a request with ${request.tools?.length ?? 0} tools (TODO 6 in exercises/12-tools-at-scale/cache-breakpoint.ts)`);
}

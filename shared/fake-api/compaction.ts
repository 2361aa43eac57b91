// Compaction, in front of a fake model: a request with `compaction: {type: "summarize"}` is answered
// with one signed `compaction` block that summarizes the conversation, and a later request that sends
// that block back first in `messages` goes on from the summary. Sources: the docs page "Compaction"
// (platform.claude.com/docs/en/build-with-claude/compaction) and the SDK's own types for the
// `compaction` param (node_modules/@anthropic-ai/sdk/resources/beta/messages/messages.d.ts); see
// docs/API_FIDELITY.md. Only requests that mention compaction and carry its beta reach
// compaction-request.ts, loaded on first use, so a lesson that never compacts does not pay for it.

import type Anthropic from "@anthropic-ai/sdk";
import type { Fetch } from "../client.ts";
import { requestPath } from "./responses.ts";

// The beta of the `compaction` param (the SDK's toolRunner.compactBeforeNextTurn() names it) and the
// beta of the older `context_management` edit `compact_20260112` (the docs page "Compaction").
export const COMPACTION_BETA = "compact-2026-09-04";
export const COMPACT_EDIT_BETA = "compact-2026-01-12";

// The summary, as the model reads it in place of the turns it stands for: a user turn in these tags.
export const SUMMARY_OPENING = "<compaction_summary>\n";
export const SUMMARY_CLOSING = "\n</compaction_summary>";

// What the model behind the fake writes as the summary of `messages` (the offline model: summary-text.ts).
export type Summarize = (messages: Anthropic.MessageParam[], instructions?: string) => Promise<string>;

export function withCompaction(model: Fetch, summarize: Summarize): Fetch {
  return async (input, init) => {
    const body = init?.body;
    // A quick look first: most requests never mention compaction.
    if (typeof body !== "string" || !(body.includes('"compaction') || body.includes('"context_management"'))) return model(input, init);
    const path = requestPath(input);
    if (path !== "/v1/messages" && path !== "/v1/messages/count_tokens") return model(input, init);
    // Without a compaction beta the request checks refuse the field or the block as unknown.
    if (compactionBetas(init).size === 0) return model(input, init);
    const { answerCompaction } = await import("./compaction-request.ts");
    return answerCompaction(model, input, init!, summarize);
  };
}

// The compaction betas the request carries.
export function compactionBetas(init: RequestInit | undefined): Set<string> {
  const betas = (new Headers(init?.headers).get("anthropic-beta") ?? "").split(",").map((beta) => beta.trim());
  return new Set(betas.filter((beta) => beta === COMPACTION_BETA || beta === COMPACT_EDIT_BETA));
}

// Server-held message threads (docs: "Message threads", platform.claude.com/docs/en/build-with-claude/
// message-threads), in front of a fake model: the SDK's toolRunner and `beta.messages.thread()` use them
// by default. Only requests with a `thread` field and the threads beta reach thread-store.ts, loaded on
// first use so that a lesson that never threads does not pay for it.

import type { Fetch } from "../client.ts";
import { requestPath } from "./responses.ts";

// The beta header a thread request needs (the docs page's featureMetadata; the SDK adds it itself).
export const THREADS_BETA = "message-threads-2026-08-12";

export function withThreads(model: Fetch): Fetch {
  return async (input, init) => {
    const body = init?.body;
    // A quick look first: most requests have no thread, and parsing the body twice costs time.
    if (typeof body !== "string" || !body.includes('"thread"') || !hasThreadsBeta(init)) return model(input, init);
    if (requestPath(input) !== "/v1/messages") return model(input, init);
    const { answerThreadRequest } = await import("./thread-store.ts");
    return answerThreadRequest(model, input, init!);
  };
}

// Without the beta, `thread` is an unknown field and the request checks refuse it as such.
function hasThreadsBeta(init: RequestInit | undefined): boolean {
  const betas = new Headers(init?.headers).get("anthropic-beta") ?? "";
  return betas.split(",").some((beta) => beta.trim() === THREADS_BETA);
}

// What each request carried, seen from inside the SDK: a middleware (an SDK client option) hears every
// request before it leaves. The lesson uses it to count what the two loops send, since the difference
// (the whole conversation every turn, or only the new message) is the point of a message thread.

import type Anthropic from "@anthropic-ai/sdk";
import type { Middleware } from "@anthropic-ai/sdk";

export interface SentRequest {
  // How many messages the request sent, and how many characters its JSON body had.
  messages: number;
  characters: number;
  // "create" or "continue" for a request on a message thread; undefined without one.
  thread?: string;
}

// A copy of `client` that tells `onRequest` about every Messages API request (token counts aside).
export function watchRequests(client: Anthropic, onRequest: (sent: SentRequest) => void): Anthropic {
  const watch: Middleware = async (request, next) => {
    if (new URL(request.url).pathname === "/v1/messages" && typeof request.body === "string") {
      const body = JSON.parse(request.body) as { messages?: unknown[]; thread?: { type?: string } | null };
      onRequest({ messages: body.messages?.length ?? 0, characters: request.body.length, thread: body.thread?.type });
    }
    return next(request);
  };
  return client.withOptions({ middleware: [...client.middleware, watch] });
}

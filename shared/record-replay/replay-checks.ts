// How --replay checks a request as the API would before comparing it with the recording, for the
// requests that are more than a plain Messages request:
// - a thread request (the SDK's toolRunner and thread helper, shared/fake-api/threads.ts): `thread` is
//   taken out; a continue carries only the new messages, so the checks see the conversation the
//   thread holds, rebuilt from the recorded answers; a continue from an id the recording never
//   answered is left to the recording (which holds the API's answer, a 404 say);
// - a compaction request or a compaction block sent back (shared/fake-api/compaction.ts): checked by
//   the same rules as offline, with the blocks the recording handed out counted as signed.
// The compaction rules are loaded only when a request mentions compaction.

import type Anthropic from "@anthropic-ai/sdk";
import { compactionBetas } from "../fake-api/compaction.ts";
import { messageFromEvents } from "../fake-api/sse.ts";
import { isSignedCompaction } from "../fake-api/thinking.ts";
import { THREADS_BETA } from "../fake-api/threads.ts";
import { validateMessagesRequest, type RequestProblem, type ValidateOptions } from "../fake-api/validate-request.ts";
import type { Exchange } from "./recording.ts";

type Json = Record<string, unknown>;
type Conversation = { system: unknown; tools: unknown; messages: unknown[] };

export interface ReplayChecks {
  check(body: unknown, headers: Headers): Promise<RequestProblem | null>;
  // The recorded answer to the request just checked: a thread may continue from it.
  answered(exchange: Exchange): void;
}

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function createReplayChecks(exchanges: Exchange[], options: ValidateOptions): ReplayChecks {
  // The conversation each recorded answer ends, by the answer's id.
  const threads = new Map<string, Conversation>();
  const handedOut = compactionSummariesIn(exchanges);
  // What the last checked request holds as a whole conversation (undefined: not a thread request).
  let pending: Conversation | undefined;

  async function check(body: unknown, headers: Headers): Promise<RequestProblem | null> {
    pending = undefined;
    let full = body;
    const betas = (headers.get("anthropic-beta") ?? "").split(",").map((b) => b.trim());
    if (isObject(body) && body.thread !== undefined && betas.includes(THREADS_BETA)) {
      const { thread, ...request } = body;
      full = request;
      if (isObject(thread) && thread.type === "continue") {
        const stored = typeof thread.previous_message_id === "string" ? threads.get(thread.previous_message_id) : undefined;
        if (!stored || !Array.isArray(request.messages)) return null;
        full = { ...request, system: stored.system, tools: stored.tools, messages: [...stored.messages, ...request.messages] };
      }
      if (isObject(thread) && isObject(full) && Array.isArray(full.messages)) pending = { system: full.system, tools: full.tools, messages: full.messages };
    }
    const init = { headers };
    if (isObject(full) && compactionBetas(init).size > 0 && /"(?:compaction|context_management)"/u.test(JSON.stringify(full))) {
      const { compactionView, checkCompactionRequest } = await import("../fake-api/compaction-request.ts");
      const signed = (summary: string, signature: string) => handedOut.has(`${summary}\0${signature}`) || isSignedCompaction(summary, signature);
      const view = compactionView(full, compactionBetas(init), signed);
      if ("problem" in view) return { status: 400, type: "invalid_request_error", message: view.problem };
      return view.summarize ? checkCompactionRequest(view.body, options) : validateMessagesRequest(view.body, options);
    }
    return validateMessagesRequest(full, options);
  }

  function answered(exchange: Exchange): void {
    const message = messageOf(exchange);
    if (pending && message && exchange.response?.status === 200) {
      threads.set(message.id, { ...pending, messages: [...pending.messages, { role: message.role, content: message.content }] });
    }
    pending = undefined;
  }

  return { check, answered };
}

function messageOf(exchange: Exchange): Anthropic.Message | undefined {
  const response = exchange.response;
  const message = response?.events ? messageFromEvents(response.events).message : response?.body;
  return isObject(message) && typeof message.id === "string" && Array.isArray(message.content) ? (message as unknown as Anthropic.Message) : undefined;
}

// The compaction blocks the recording's server handed out: signed there, so the code may send them back.
function compactionSummariesIn(exchanges: Exchange[]): Set<string> {
  const keys = new Set<string>();
  for (const exchange of exchanges) {
    for (const block of messageOf(exchange)?.content ?? []) {
      const loose = block as unknown as Json;
      if (loose.type === "compaction" && typeof loose.content === "string") keys.add(`${loose.content}\0${String(loose.signature)}`);
    }
  }
  return keys;
}

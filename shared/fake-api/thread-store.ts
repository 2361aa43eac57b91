// The conversations a fake model keeps between turns of a message thread, as the docs page "Message
// threads" describes them:
// - create: the full request plus `"thread": {"type": "create"}`; the conversation, with the reply, is
//   stored under the reply's `id`;
// - continue: only the messages since that reply, `"thread": {"type": "continue", "previous_message_id"}`,
//   and no `system` or `tools`: the thread keeps those of its create request;
// - a thread expires 5 minutes after its last request; a continue the API cannot serve is a 404, and
//   the caller replays the full conversation under a new thread (the SDK's helpers do this themselves).
// The `error_code`s are those the SDK reads to decide on a replay (ThreadState.ts in @anthropic-ai/sdk);
// the messages are the fake's own words, since the docs quote none (docs/API_FIDELITY.md).

import type { Fetch } from "../client.ts";
import { answeredMessages, errorResponse, readRequestBody } from "./responses.ts";

type Json = Record<string, unknown>;

interface StoredThread {
  system: unknown;
  tools: unknown;
  // The whole conversation, ending with the stored reply.
  messages: unknown[];
  expiresAt: number;
  // A reply continues once: the next turn continues from the newer reply.
  continued: boolean;
  inFlight: boolean;
}

export const THREAD_TTL_MS = 5 * 60 * 1000;
// Threads kept at most, so a long-running process does not grow without bound; the oldest goes first.
const MAX_THREADS = 1000;
const threads = new Map<string, StoredThread>();

// For tests: a clock to move past the expiry.
let now = () => Date.now();
export function setThreadClock(clock: () => number): void {
  now = clock;
}

const NO_RETRY = { "x-should-retry": "false" };

function refuse(message: string): Response {
  return errorResponse(400, message, NO_RETRY);
}

function threadError(status: number, code: string, message: string): Response {
  return errorResponse(status, message, NO_RETRY, { error_code: code });
}

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export async function answerThreadRequest(model: Fetch, input: string | URL | Request, init: RequestInit): Promise<Response> {
  const body = await readRequestBody(init);
  // Not a thread after all (the word was in a message): the model checks it like any request.
  if (!isObject(body) || body.thread === undefined) return model(input, init);
  const { thread, ...request } = body;
  // `thread: null` is allowed by the SDK's type and means no thread.
  if (thread === null) return model(input, withBody(init, request));
  if (!isObject(thread)) return refuse("thread: Input should be a valid dictionary or object to extract fields from");
  if (thread.type === "create") {
    const extra = Object.keys(thread).find((key) => key !== "type");
    if (extra) return refuse(`thread.create.${extra}: Extra inputs are not permitted`);
    return answer(model, input, init, request);
  }
  if (thread.type !== "continue") {
    return refuse(`thread: Input tag '${String(thread.type)}' found using 'type' does not match any of the expected tags: 'create', 'continue'`);
  }
  const extra = Object.keys(thread).find((key) => key !== "type" && key !== "previous_message_id");
  if (extra) return refuse(`thread.continue.${extra}: Extra inputs are not permitted`);
  const previous = thread.previous_message_id;
  if (typeof previous !== "string") return refuse("thread.continue.previous_message_id: Field required");
  return continueThread(model, input, init, request, previous);
}

async function continueThread(model: Fetch, input: string | URL | Request, init: RequestInit, request: Json, previous: string): Promise<Response> {
  // The thread keeps the system prompt and tools of its create request; a continue that repeats them is
  // refused (docs: "Leave system and tools out of the request"; the SDK refuses it before sending).
  const fixed = ["system", "tools"].filter((field) => request[field] !== undefined);
  if (fixed.length > 0) {
    return refuse(`${fixed.join(", ")}: cannot be set on a thread continue request; the thread keeps the values of its create request`);
  }
  forgetExpired();
  const stored = threads.get(previous);
  if (!stored) {
    return threadError(404, "thread_not_found", `thread: no thread to continue from previous_message_id '${previous}'; send the full conversation with thread type 'create'`);
  }
  if (stored.inFlight) {
    return threadError(400, "thread_continue_in_flight", `thread: a continue from '${previous}' is still in progress`);
  }
  if (stored.continued) {
    return threadError(400, "thread_already_continued", `thread: '${previous}' was already continued; continue from the newest reply's id`);
  }
  if (!Array.isArray(request.messages)) return model(input, withBody(init, request));
  const full = { ...request, messages: [...stored.messages, ...request.messages] } as Json;
  if (stored.system !== undefined) full.system = stored.system;
  if (stored.tools !== undefined) full.tools = stored.tools;
  stored.inFlight = true;
  try {
    const response = await answer(model, input, init, full);
    if (response.ok) stored.continued = true;
    return response;
  } finally {
    stored.inFlight = false;
  }
}

// Asks the model with the thread field taken out, and stores the conversation under the reply's id.
async function answer(model: Fetch, input: string | URL | Request, init: RequestInit, request: Json): Promise<Response> {
  const response = await model(input, withBody(init, request));
  const message = answeredMessages.get(response);
  if (response.ok && message && Array.isArray(request.messages)) {
    const reply = { role: message.role, content: message.content };
    remember(message.id, { system: request.system, tools: request.tools, messages: [...request.messages, reply] });
  }
  return response;
}

function remember(id: string, thread: Pick<StoredThread, "system" | "tools" | "messages">): void {
  forgetExpired();
  if (threads.size >= MAX_THREADS) threads.delete(threads.keys().next().value!);
  threads.set(id, { ...thread, expiresAt: now() + THREAD_TTL_MS, continued: false, inFlight: false });
}

function forgetExpired(): void {
  const time = now();
  for (const [id, thread] of threads) if (thread.expiresAt <= time) threads.delete(id);
}

function withBody(init: RequestInit, body: Json): RequestInit {
  return { ...init, body: JSON.stringify(body) };
}

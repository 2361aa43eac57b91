// --replay: a recording plays the model. Each request the lesson sends is checked as strictly as the
// real API would check it, then compared with the request recorded at that point; when they differ,
// the replay stops with a diff of the two, because from there on the recorded answers no longer
// answer what the code asks.
//
//   const replay = createReplay(loadRecording("run.json"));
//   await runAgent(replay.client, task);      // a real Anthropic client, as in every lesson
//   replay.problem();                         // undefined, or the diff that stopped it

import Anthropic from "@anthropic-ai/sdk";
import { structuredPatch } from "diff";
import type { Fetch } from "../client.ts";
import { KNOWN_MODELS } from "../fake-api/known-models.ts";
import { errorResponse, readRequestBody, requestPath } from "../fake-api/responses.ts";
import { verifyBySignature } from "../fake-api/model-rules.ts";
import { messageFromEvents, sseResponse } from "../fake-api/sse.ts";
import { messages } from "../i18n/messages.ts";
import type { Exchange, RecordedRequest, Recording } from "./recording.ts";
import { createReplayChecks } from "./replay-checks.ts";

// Thrown by the replay's fetch. The SDK wraps it (APIConnectionError, with this as its `cause`);
// replayProblemIn() finds it again.
export class ReplayMismatch extends Error {
  override name = "ReplayMismatch";
}

export interface Replay {
  fetch: Fetch;
  client: Anthropic;
  // How many recorded exchanges were played.
  used(): number;
  // What stopped the replay (a request that differs, one too many), or what was left unplayed.
  problem(): string | undefined;
}

export function createReplay(recording: Recording): Replay {
  const exchanges = recording.exchanges;
  // A recording made against a local server holds its model names; they did answer there.
  const recordedModels = new Set(exchanges.map((e) => (e.request.body as { model?: unknown } | null)?.model).filter((m) => typeof m === "string"));
  // Thinking blocks were signed by the server that answered the recording, not by this process: a
  // block the recording handed out is one the code may send back (changed, it also shows in the diff).
  const handedOut = thinkingBlocksIn(exchanges);
  const verifyThinking = (block: Record<string, unknown>) => handedOut.has(thinkingKey(block)) || verifyBySignature(block);
  // Thread and compaction requests are checked as the API would (replay-checks.ts).
  const checks = createReplayChecks(exchanges, { isKnownModel: (m) => KNOWN_MODELS.has(m) || recordedModels.has(m), verifyThinking });
  let next = 0;
  let mismatch: string | undefined;

  function stop(message: string): never {
    mismatch ??= message;
    throw new ReplayMismatch(message);
  }

  async function replayFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
    const path = requestPath(input);
    const body = (await readRequestBody(init)) ?? null;
    if (path === "/v1/messages") {
      const problem = await checks.check(body, new Headers(init?.headers));
      if (problem) return errorResponse(problem.status, problem.message, { "x-should-retry": "false" });
    }
    const number = next + 1;
    const exchange = exchanges[next];
    if (!exchange) {
      stop(`${messages().tape.noAnswer(number, exchanges.length)}\n${clip(stableJson(body))}`);
    }
    const difference = requestDiff(exchange.request, { method: (init?.method ?? "GET").toUpperCase(), path, body }, number);
    if (difference) stop(difference);
    next += 1;
    checks.answered(exchange);
    return responseOf(exchange);
  }

  return {
    fetch: replayFetch,
    client: new Anthropic({ apiKey: "replay", baseURL: "http://replay.invalid", fetch: replayFetch, maxRetries: 0 }),
    used: () => next,
    problem() {
      if (mismatch) return mismatch;
      if (next < exchanges.length) {
        return messages().tape.stoppedEarly(next, exchanges.length);
      }
      return undefined;
    },
  };
}

// The recorded answer, rebuilt: JSON, a stream of the same events (broken where it broke), or the
// same failed connection.
function thinkingKey(block: Record<string, unknown>): string {
  return block.type === "thinking" ? `t\0${String(block.thinking)}\0${String(block.signature)}` : `r\0${String(block.data)}`;
}

function thinkingBlocksIn(exchanges: Exchange[]): Set<string> {
  const keys = new Set<string>();
  for (const exchange of exchanges) {
    const response = exchange.response;
    const message = response?.events ? messageFromEvents(response.events).message : (response?.body as Anthropic.Message | undefined);
    for (const block of message?.content ?? []) {
      if (block.type === "thinking" || block.type === "redacted_thinking") keys.add(thinkingKey(block as unknown as Record<string, unknown>));
    }
  }
  return keys;
}

function responseOf(exchange: Exchange): Response {
  const response = exchange.response;
  if (!response) throw new TypeError(exchange.failure ?? "fetch failed");
  if (response.events) {
    const broken = response.broken ? { kind: "disconnect" as const, afterEvents: response.events.length } : undefined;
    return sseResponse(response.events, { headers: response.headers, fault: broken });
  }
  const text = typeof response.body === "string" ? response.body : JSON.stringify(response.body);
  return new Response(text, { status: response.status, headers: response.headers });
}

// A readable diff of two requests, or undefined when they are the same. Keys are sorted first, so
// only a change in what was sent shows, never the order an object was written in.
export function requestDiff(recorded: RecordedRequest, sent: Pick<RecordedRequest, "method" | "path" | "body">, number: number): string | undefined {
  const before = `${recorded.method} ${recorded.path}\n${stableJson(recorded.body)}`;
  const after = `${sent.method} ${sent.path}\n${stableJson(sent.body)}`;
  if (before === after) return undefined;
  const patch = structuredPatch("recorded", "sent", before, after, undefined, undefined, { context: 3 });
  // In the learner's language (COURSE_LANG): the run stops here and this is what they read.
  const lines: string[] = [messages().tape.requestDiffers(number)];
  for (const hunk of patch.hunks) {
    lines.push(`@@ line ${hunk.oldStart} @@`);
    for (const line of hunk.lines) lines.push(clip(line));
  }
  lines.push(messages().tape.replayStops);
  return lines.join("\n");
}

export function stableJson(value: unknown): string {
  return JSON.stringify(sortKeys(value), null, 2) ?? "null";
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

function clip(line: string, max = 400): string {
  return line.length > max ? `${line.slice(0, max)}… ${messages().tape.moreCharacters(line.length - max)}` : line;
}

// The replay's own message when `error` (or what caused it) is a replay mismatch.
export function replayProblemIn(error: unknown): string | undefined {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    if (current instanceof ReplayMismatch) return current.message;
  }
  return undefined;
}

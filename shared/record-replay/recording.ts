// A recording: every request a lesson sent and every response it got, in order, saved as JSON so a
// run on real Claude can be replayed offline, read, or turned into a test. What it never holds: the
// API key, any authorization header, or the SDK's headers about your machine.
//
//   { "format": "claude-tools-course/recording@1", "lesson": "02-agent-loop", "task": "...",
//     "source": "claude", "recordedAt": "...",
//     "exchanges": [ { "request": { "method", "path", "headers", "body" },
//                      "response": { "status", "headers", "body" | "events", "broken"? } } ] }

import { readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import type { StreamEvent } from "../fake-api/sse.ts";

export const RECORDING_FORMAT = "claude-tools-course/recording@1";

export interface RecordedRequest {
  method: string;
  // Only the path (/v1/messages): the host may be a local server's, and it does not matter on replay.
  path: string;
  // Only headers that change what the API does (see KEPT_REQUEST_HEADERS).
  headers: Record<string, string>;
  body: unknown;
}

export interface RecordedResponse {
  status: number;
  headers: Record<string, string>;
  // A plain answer's JSON, or a streamed answer's events, in the order they came.
  body?: unknown;
  events?: StreamEvent[];
  // The stream stopped before its end (a dropped connection), with the error the fetch saw.
  broken?: string;
}

export interface Exchange {
  request: RecordedRequest;
  response?: RecordedResponse;
  // No response at all: the connection failed (the fetch rejected with this message).
  failure?: string;
}

export interface Recording {
  format: typeof RECORDING_FORMAT;
  lesson?: string;
  task?: string;
  // What answered: "claude", "local server at http://...", "offline demo model".
  source?: string;
  recordedAt: string;
  exchanges: Exchange[];
}

// Request headers worth keeping: they change the API's behaviour. Everything else the SDK sends
// (x-stainless-os, -arch, -runtime-version, user-agent) describes your machine, and keys must never
// be written down.
const KEPT_REQUEST_HEADERS = new Set(["content-type", "anthropic-version", "anthropic-beta"]);
// Response headers a replay needs (the body's type, the request id, what the SDK's retry reads).
// Others name your organisation (anthropic-organization-id), your rate limits or cookies.
const KEPT_RESPONSE_HEADERS = new Set(["content-type", "request-id", "retry-after", "retry-after-ms", "x-should-retry"]);

export function keptRequestHeaders(headers: Headers): Record<string, string> {
  const kept: Record<string, string> = {};
  headers.forEach((value, name) => {
    if (KEPT_REQUEST_HEADERS.has(name.toLowerCase())) kept[name.toLowerCase()] = value;
  });
  return kept;
}

export function keptResponseHeaders(headers: Headers): Record<string, string> {
  const kept: Record<string, string> = {};
  headers.forEach((value, name) => {
    if (KEPT_RESPONSE_HEADERS.has(name.toLowerCase())) kept[name.toLowerCase()] = value;
  });
  return kept;
}

export function emptyRecording(meta: Pick<Recording, "lesson" | "task" | "source"> = {}): Recording {
  // Every key is set here, even when still unknown, so the file always lists them in this order.
  return { format: RECORDING_FORMAT, lesson: meta.lesson, task: meta.task, source: meta.source, recordedAt: new Date().toISOString(), exchanges: [] };
}

// Written whole to a temporary file, then renamed over the old one: a crash mid-write leaves the
// previous version, never half a file.
export function saveRecording(file: string, recording: Recording): void {
  const temp = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(temp, `${JSON.stringify(recording, null, 2)}\n`, "utf8");
    renameSync(temp, file);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}

export function loadRecording(file: string): Recording {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new Error(`Cannot read the recording '${file}': ${(error as Error).message}. Make one with: npm run lesson N -- --record ${file}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(`'${file}' is not JSON (${(error as Error).message}). Was it written by --record?`);
  }
  return checkRecording(value, file);
}

export function checkRecording(value: unknown, name = "the recording"): Recording {
  const recording = value as Partial<Recording> | null;
  if (!recording || typeof recording !== "object" || recording.format !== RECORDING_FORMAT) {
    throw new Error(`${name} is not a recording made by --record (expected "format": "${RECORDING_FORMAT}").`);
  }
  if (!Array.isArray(recording.exchanges)) throw new Error(`${name} has no "exchanges" list.`);
  for (const [i, exchange] of recording.exchanges.entries()) {
    const request = (exchange as Partial<Exchange> | null)?.request;
    if (!request || typeof request.path !== "string") throw new Error(`${name}: exchange ${i + 1} has no request path.`);
  }
  return recording as Recording;
}

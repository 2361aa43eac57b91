// --record: wraps the fetch of whatever model answers (real Claude, a local server, the offline
// model) and writes every request and response to a file as they happen, so even a run that fails
// half-way leaves a recording of what happened up to the failure.

import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Fetch } from "../client.ts";
import { readRequestBody, requestPath } from "../fake-api/responses.ts";
import { isEventStream, parseSse } from "../fake-api/sse.ts";
import {
  emptyRecording,
  keptRequestHeaders,
  keptResponseHeaders,
  saveRecording,
  type Exchange,
  type Recording,
  type RecordedResponse,
} from "./recording.ts";

export interface Recorder {
  wrapFetch: (fetch: Fetch) => Fetch;
  recording: Recording;
}

export function createRecorder(file: string, meta: Pick<Recording, "lesson" | "task" | "source"> = {}): Recorder {
  const recording = emptyRecording(meta);
  const save = () => saveRecording(file, recording);
  // Written at once, so a path that cannot be written fails before any (billed) request is sent.
  mkdirSync(path.dirname(file), { recursive: true });
  save();

  function wrapFetch(fetch: Fetch): Fetch {
    return async (input, init) => {
      const exchange: Exchange = {
        request: {
          method: (init?.method ?? "GET").toUpperCase(),
          path: requestPath(input),
          headers: keptRequestHeaders(new Headers(init?.headers)),
          body: (await readRequestBody(init)) ?? null,
        },
      };
      recording.exchanges.push(exchange);
      let response: Response;
      try {
        response = await fetch(input, init);
      } catch (error) {
        exchange.failure = error instanceof Error ? error.message : String(error);
        save();
        throw error;
      }
      const kept = { status: response.status, headers: keptResponseHeaders(response.headers) };
      if (isEventStream(response) && response.body) {
        return observeStream(response, (text, broken) => {
          exchange.response = { ...kept, events: parseSse(text), ...(broken ? { broken } : {}) } satisfies RecordedResponse;
          save();
        });
      }
      const text = await response.clone().text();
      exchange.response = { ...kept, body: parseJson(text) };
      save();
      return response;
    };
  }

  return { wrapFetch, recording };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

// Passes a streamed body through untouched, keeping its text; calls `ended` once, when the stream
// ends, breaks (with the error's message) or is cancelled by its reader.
function observeStream(response: Response, ended: (text: string, broken?: string) => void): Response {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  let finished = false;
  const finish = (broken?: string) => {
    if (finished) return;
    finished = true;
    ended(text, broken);
  };
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) {
          text += decoder.decode();
          finish();
          controller.close();
          return;
        }
        text += decoder.decode(value, { stream: true });
        controller.enqueue(value);
      } catch (error) {
        finish(error instanceof Error ? error.message : String(error));
        controller.error(error);
      }
    },
    async cancel(reason) {
      finish("cancelled by the code reading the stream");
      await reader.cancel(reason);
    },
  });
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

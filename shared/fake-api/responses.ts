// Builds HTTP responses shaped like the Messages API's, for the offline and mock models.
// The SDK parses these for real, so a shape mistake here would show up as a parse error in a lesson.

import type Anthropic from "@anthropic-ai/sdk";
import { messageEvents, partialInputs, sseResponse, type StreamFault } from "./sse.ts";

export type ContentBlock =
  | Anthropic.TextBlockParam
  | Anthropic.ToolUseBlockParam
  | Anthropic.ThinkingBlockParam
  | Anthropic.RedactedThinkingBlockParam
  // A server tool search, run by the API within the turn (tool-search.ts).
  | Anthropic.ServerToolUseBlockParam
  | Anthropic.ToolSearchToolResultBlockParam;
export type StopReason = Anthropic.StopReason;

const ERROR_TYPES: Record<number, string> = {
  400: "invalid_request_error",
  401: "authentication_error",
  403: "permission_error",
  404: "not_found_error",
  413: "request_too_large",
  429: "rate_limit_error",
  500: "api_error",
  529: "overloaded_error",
};

let counter = 0;

// Ids look like the real ones (toolu_..., msg_..., req_...) and never repeat within a process.
export function newId(prefix: "toolu" | "srvtoolu" | "msg" | "req"): string {
  counter += 1;
  const random = Math.random().toString(36).slice(2, 10);
  return `${prefix}_01${counter.toString(36).padStart(4, "0")}${random}`;
}

// A rough token count (about four characters a token) so the transcript's summary has figures
// offline too. Real Claude reports exact usage.
export function estimateTokens(value: unknown): number {
  const text = typeof value === "string" ? value : JSON.stringify(value ?? "");
  return Math.max(1, Math.ceil(text.length / 4));
}

export interface MessageOptions {
  model: string;
  content: ContentBlock[];
  stopReason: StopReason;
  // The input tokens neither read from nor written to the prompt cache.
  inputTokens: number;
  // What the prompt cache did for this request (prompt-cache.ts); nothing by default.
  cache?: { creation5m: number; creation1h: number; read: number };
  // Output tokens to report; by default estimated from the content.
  outputTokens?: number;
  // Why the model declined, for stop_reason "refusal" (the API sends it only then).
  stopDetails?: Anthropic.RefusalStopDetails;
  // Which of the request's stop_sequences ended the text, for stop_reason "stop_sequence".
  stopSequence?: string;
  // The request asked for `stream: true`: answer with server-sent events instead of one JSON body.
  stream?: boolean;
  streamDelayMs?: number;
  streamFault?: StreamFault;
}

export function messageBody(options: MessageOptions): Anthropic.Message {
  const content: Anthropic.ContentBlock[] = options.content.map((block): Anthropic.ContentBlock => {
    switch (block.type) {
      case "text":
        return { type: "text", text: block.text, citations: null };
      case "tool_use": {
        const out: Anthropic.ToolUseBlock = { type: "tool_use", id: block.id, name: block.name, input: block.input, caller: { type: "direct" } };
        // Cut by max_tokens mid-input: the stream sends the JSON text as far as it got.
        const partial = partialInputs.get(block);
        if (partial !== undefined) partialInputs.set(out, partial);
        return out;
      }
      case "thinking":
        return { type: "thinking", thinking: block.thinking, signature: block.signature };
      case "server_tool_use":
        return { type: "server_tool_use", id: block.id, name: block.name, input: block.input, caller: { type: "direct" } };
      case "tool_search_tool_result":
        return { type: "tool_search_tool_result", tool_use_id: block.tool_use_id, content: searchContent(block.content) };
      default:
        return { type: "redacted_thinking", data: block.data };
    }
  });
  const refusal: Anthropic.RefusalStopDetails = { type: "refusal", category: null, explanation: null };
  return {
    id: newId("msg"),
    type: "message",
    role: "assistant",
    model: options.model,
    content,
    stop_reason: options.stopReason,
    stop_sequence: options.stopReason === "stop_sequence" ? (options.stopSequence ?? null) : null,
    stop_details: options.stopReason === "refusal" ? (options.stopDetails ?? refusal) : null,
    container: null,
    diagnostics: null,
    usage: {
      input_tokens: options.inputTokens,
      output_tokens: options.outputTokens ?? estimateTokens(options.content),
      cache_creation_input_tokens: (options.cache?.creation5m ?? 0) + (options.cache?.creation1h ?? 0),
      cache_read_input_tokens: options.cache?.read ?? 0,
      cache_creation: options.cache ? { ephemeral_5m_input_tokens: options.cache.creation5m, ephemeral_1h_input_tokens: options.cache.creation1h } : null,
      inference_geo: null,
      output_tokens_details: null,
      server_tool_use: null,
      service_tier: "standard",
      speed: null,
    },
  };
}

function searchContent(content: Anthropic.ToolSearchToolResultBlockParam["content"]): Anthropic.ToolSearchToolResultBlock["content"] {
  if (content.type === "tool_search_tool_result_error") return { ...content, error_message: content.error_message ?? null };
  return { type: content.type, tool_references: content.tool_references.map((r) => ({ type: "tool_reference", tool_name: r.tool_name })) };
}

// The message each answer carries, streamed or not, for the server-held threads (threads.ts) to store
// without reading the body the caller is about to read.
export const answeredMessages = new WeakMap<Response, Anthropic.Message>();

export function messageResponse(options: MessageOptions): Response {
  const body = messageBody(options);
  const response = options.stream
    ? sseResponse(messageEvents(body), { headers: { "request-id": newId("req") }, delayMs: options.streamDelayMs, fault: options.streamFault })
    : jsonResponse(200, body);
  answeredMessages.set(response, body);
  return response;
}

// The real API puts one id in both places: the `request-id` header and the body's `request_id`.
// `details` carries a machine-readable `error_code`, as the thread errors do (threads.ts).
export function errorResponse(status: number, message: string, headers: Record<string, string> = {}, details?: Record<string, unknown>): Response {
  const type = ERROR_TYPES[status] ?? (status >= 500 ? "api_error" : "invalid_request_error");
  const requestId = newId("req");
  const error = details ? { type, message, details } : { type, message };
  return jsonResponse(status, { type: "error", error, request_id: requestId }, { "request-id": requestId, ...headers });
}

function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", "request-id": newId("req"), ...headers },
  });
}

// What the SDK passes to fetch: a URL (string or URL object) and init with a JSON string body.
export async function readRequestBody(init: RequestInit | undefined): Promise<unknown> {
  const raw = init?.body;
  if (typeof raw !== "string") return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

export function requestUrl(input: unknown): string {
  return typeof input === "string" ? input : input instanceof URL ? input.href : (input as Request).url;
}

export function requestPath(input: unknown): string {
  return new URL(requestUrl(input)).pathname;
}

// The part of a fake Messages API that the offline and mock models share: take what the SDK sent,
// answer count_tokens and unknown paths, and check the request like the real API. What is left for a
// model to do is to answer a valid request.

import type Anthropic from "@anthropic-ai/sdk";
import { errorResponse, estimateTokens, readRequestBody, requestPath, requestUrl } from "./responses.ts";
import { validateMessagesRequest, type RequestProblem } from "./validate-request.ts";

export type Received =
  | { request: Anthropic.MessageCreateParams }
  // Answered already: count_tokens, a 404, or a 400 for a request the API would refuse (with its problem).
  | { response: Response; problem?: RequestProblem; body: unknown };

// The Messages API takes request bodies up to 32 MB (API overview, "Request size limits"); a larger
// one is answered 413 before anything else is read.
export const MAX_REQUEST_BYTES = 32 * 1024 * 1024;

// A UTF-8 byte is at most one UTF-16 unit of the text, and a unit at most 3 bytes: the exact count
// is needed only in between.
function tooLarge(body: string): boolean {
  if (body.length > MAX_REQUEST_BYTES) return true;
  return body.length > MAX_REQUEST_BYTES / 3 && Buffer.byteLength(body) > MAX_REQUEST_BYTES;
}

// A quick look, so that a request without deferred tools never loads deferred-tools.ts.
export function hasDeferredTools(body: unknown): boolean {
  const tools = typeof body === "object" && body !== null ? (body as { tools?: unknown }).tools : undefined;
  return Array.isArray(tools) && tools.some((tool) => typeof tool === "object" && tool !== null && (tool as { defer_loading?: unknown }).defer_loading === true);
}

export async function receiveMessagesRequest(input: string | URL | Request, init?: RequestInit): Promise<Received> {
  const path = requestPath(input);
  if (typeof init?.body === "string" && tooLarge(init.body)) {
    return { response: errorResponse(413, "Request exceeds the maximum size", { "x-should-retry": "false" }), body: undefined };
  }
  const body = await readRequestBody(init);
  if (path === "/v1/messages/count_tokens") {
    const problem = validateMessagesRequest(body, { countTokens: true });
    if (problem) return { response: errorResponse(problem.status, problem.message, { "x-should-retry": "false" }), problem, body };
    // Deferred tools no search has found are not in the model's context, and count nothing.
    const counted = hasDeferredTools(body) ? (await import("./deferred-tools.ts")).inContext(body) : body;
    const response = new Response(JSON.stringify({ input_tokens: estimateTokens(counted) }), {
      headers: { "content-type": "application/json" },
    });
    return { response, body };
  }
  if (path === "/v1/models" || path.startsWith("/v1/models/")) {
    const { answerModels } = await import("./models-api.ts");
    return { response: answerModels(new URL(requestUrl(input))), body };
  }
  if (path !== "/v1/messages") return { response: errorResponse(404, `Not found: ${path}`), body };

  const problem = validateMessagesRequest(body);
  if (problem) {
    const response = errorResponse(problem.status, problem.message, { "x-should-retry": "false" });
    return { response, problem, body };
  }
  return { request: body as Anthropic.MessageCreateParams };
}

export interface InputUsage {
  inputTokens: number;
  cache?: { creation5m: number; creation1h: number; read: number };
}

// The input side of a request's usage: its tokens (deferred tools no search has found count nothing),
// and what the prompt cache read and wrote when the request has a cache_control anywhere. Both parts
// are loaded only for a request that needs them.
export async function inputUsage(request: Anthropic.MessageCreateParams, init?: RequestInit): Promise<InputUsage> {
  const seen = hasDeferredTools(request) ? (await import("./deferred-tools.ts")).inContext(request) : request;
  const total = estimateTokens(seen);
  if (!(typeof init?.body === "string" && init.body.includes('"cache_control"'))) return { inputTokens: total };
  const { cacheUsage } = await import("./prompt-cache.ts");
  const { inputTokens, ...cache } = cacheUsage(request, total);
  return { inputTokens, cache };
}

// The text of a tool_result block, whether its content is a string or a list of blocks.
export function toolResultText(block: Anthropic.ToolResultBlockParam | undefined): string {
  if (!block || block.content === undefined) return "";
  if (typeof block.content === "string") return block.content;
  return block.content.map((b) => (b.type === "text" ? b.text : `[${b.type}]`)).join("\n");
}

// The compaction rules a request meets before the model sees it (compaction.ts says where they come
// from). What the docs and the SDK's types say, and the fake does:
// - `compaction: {type: "summarize", instructions?}` (beta compact-2026-09-04): the conversation is
//   summarized and the answer holds only a signed `compaction` block, stop_reason "compaction";
//   count_tokens accepts the param and ignores it; it cannot be combined with `context_management`.
// - a `compaction` block sent back (in an assistant turn): every block before it is dropped and the
//   conversation goes on from its summary; a block with `content: null` is a failed compaction and
//   a no-op; empty content is refused; a changed summary fails its signature.
// - `context_management` with `compact_20260112` edits (beta compact-2026-01-12) is accepted and
//   checked; the offline conversations never reach its trigger (50,000 tokens at least), so it never
//   fires here. Other edits are left to the request checks, which refuse them as unknown.
// The API's words for these refusals are not in the docs: the messages here are the fake's own
// (docs/API_FIDELITY.md).

import type Anthropic from "@anthropic-ai/sdk";
import type { Fetch } from "../client.ts";
import { COMPACT_EDIT_BETA, COMPACTION_BETA, compactionBetas, SUMMARY_CLOSING, SUMMARY_OPENING, type Summarize } from "./compaction.ts";
import { answeredMessages, errorResponse, estimateTokens, messageBody, newId, readRequestBody, requestPath } from "./responses.ts";
import { messageEvents, sseResponse, type StreamEvent } from "./sse.ts";
import { isSignedCompaction, signCompaction } from "./thinking.ts";
import { validateMessagesRequest, type RequestProblem, type ValidateOptions } from "./validate-request.ts";

type Json = Record<string, unknown>;

const BLOCK_FIELDS = new Set(["type", "content", "encrypted_content", "signature", "cache_control", "tool_changes"]);
const EDIT_FIELDS = new Set(["type", "instructions", "pause_after_compaction", "trigger"]);
// The docs page: the trigger defaults to 150,000 input tokens and may not be set below 50,000.
const MIN_TRIGGER = 50_000;

export type CompactionView =
  | { problem: string }
  // The request as the model should see it, and the summarize config when it asks for a compaction.
  | { body: Json; summarize?: { instructions?: string } };

// `signedHere` says whether a block's signature is one this side handed out (replay accepts the
// recording's blocks too).
export function compactionView(body: Json, betas: Set<string>, signedHere: (summary: string, signature: string) => boolean = isSignedCompaction): CompactionView {
  const { compaction, context_management, ...rest } = body;
  let summarize: { instructions?: string } | undefined;
  if (compaction !== undefined && compaction !== null) {
    if (!betas.has(COMPACTION_BETA)) return { problem: "compaction: Extra inputs are not permitted" };
    if (context_management !== undefined && context_management !== null) {
      return { problem: "compaction: cannot be combined with context_management" };
    }
    const config = checkConfig(compaction);
    if ("problem" in config) return config;
    summarize = config;
  }
  if (context_management !== undefined) {
    const problem = checkContextManagement(context_management, betas);
    if (problem === "unknown") rest.context_management = context_management;
    else if (problem) return { problem };
  }
  if (!Array.isArray(rest.messages)) return { body: rest, summarize };
  const messages = fromLastSummary(rest.messages, signedHere);
  if ("problem" in messages) return messages;
  return { body: { ...rest, messages: messages.messages }, summarize };
}

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function checkConfig(config: unknown): { problem: string } | { instructions?: string } {
  if (!isObject(config)) return { problem: "compaction: Input should be a valid dictionary or object to extract fields from" };
  if (config.type !== "summarize") {
    return { problem: `compaction: Input tag '${String(config.type)}' found using 'type' does not match any of the expected tags: 'summarize'` };
  }
  const extra = Object.keys(config).find((key) => key !== "type" && key !== "instructions");
  if (extra) return { problem: `compaction.summarize.${extra}: Extra inputs are not permitted` };
  const instructions = config.instructions;
  if (instructions !== undefined && instructions !== null && typeof instructions !== "string") {
    return { problem: "compaction.summarize.instructions: Input should be a valid string" };
  }
  // Empty or whitespace-only instructions count as absent (the SDK's type docs).
  return typeof instructions === "string" && instructions.trim() !== "" ? { instructions } : {};
}

// null when the field is fine (and then dropped), "unknown" when it holds edits this fake leaves to
// the request checks, or the problem.
function checkContextManagement(value: unknown, betas: Set<string>): string | null | "unknown" {
  if (!isObject(value) || !Array.isArray(value.edits)) return "unknown";
  if (!value.edits.every((edit) => isObject(edit) && edit.type === "compact_20260112") || !betas.has(COMPACT_EDIT_BETA)) return "unknown";
  for (const [i, edit] of (value.edits as Json[]).entries()) {
    const where = `context_management.edits.${i}.compact_20260112`;
    const extra = Object.keys(edit).find((key) => !EDIT_FIELDS.has(key));
    if (extra) return `${where}.${extra}: Extra inputs are not permitted`;
    const trigger = edit.trigger;
    if (trigger === undefined || trigger === null) continue;
    if (!isObject(trigger) || trigger.type !== "input_tokens" || typeof trigger.value !== "number") {
      return `${where}.trigger: Input should be an object with type 'input_tokens' and a number value`;
    }
    if (trigger.value < MIN_TRIGGER) return `${where}.trigger.value: Input should be greater than or equal to ${MIN_TRIGGER}`;
  }
  return null;
}

// The messages from the last compaction block on: its summary as a user turn the model reads, then
// whatever followed it.
function fromLastSummary(messages: unknown[], signedHere: (summary: string, signature: string) => boolean): { problem: string } | { messages: unknown[] } {
  let last: { i: number; j: number; summary: string } | undefined;
  for (const [i, message] of messages.entries()) {
    if (!isObject(message) || !Array.isArray(message.content)) continue;
    for (const [j, block] of message.content.entries()) {
      if (!isObject(block) || block.type !== "compaction") continue;
      const where = `messages.${i}.content.${j}`;
      if (message.role !== "assistant") return { problem: `${where}: \`compaction\` blocks can only be in \`assistant\` messages` };
      const extra = Object.keys(block).find((key) => !BLOCK_FIELDS.has(key));
      if (extra) return { problem: `${where}.compaction.${extra}: Extra inputs are not permitted` };
      // content null: a failed compaction, which the server treats as a no-op.
      if (block.content === null || block.content === undefined) continue;
      if (typeof block.content !== "string") return { problem: `${where}.compaction.content: Input should be a valid string` };
      if (block.content === "") return { problem: `${where}.compaction.content: compaction content must be non-empty` };
      if (typeof block.signature !== "string" || !signedHere(block.content, block.signature)) {
        return { problem: `${where}: Invalid \`signature\` in \`compaction\` block` };
      }
      last = { i, j, summary: block.content };
    }
  }
  const withoutFailed = (list: unknown[]) =>
    list.flatMap((message) => {
      if (!isObject(message) || !Array.isArray(message.content)) return [message];
      const content = message.content.filter((b) => !(isObject(b) && b.type === "compaction"));
      return content.length === message.content.length ? [message] : content.length > 0 ? [{ ...message, content }] : [];
    });
  if (!last) return { messages: withoutFailed(messages) };
  const holder = messages[last.i] as Json;
  const after = (holder.content as unknown[]).slice(last.j + 1);
  const summaryTurn = { role: "user", content: `${SUMMARY_OPENING}${last.summary}${SUMMARY_CLOSING}` };
  const rest = [...(after.length > 0 ? [{ role: "assistant", content: after }] : []), ...messages.slice(last.i + 1)];
  return { messages: [summaryTurn, ...withoutFailed(rest)] };
}

export async function answerCompaction(model: Fetch, input: string | URL | Request, init: RequestInit, summarize: Summarize): Promise<Response> {
  const body = await readRequestBody(init);
  if (!isObject(body)) return model(input, init);
  const view = compactionView(body, compactionBetas(init));
  if ("problem" in view) return errorResponse(400, view.problem, { "x-should-retry": "false" });
  const forModel = { ...init, body: JSON.stringify(view.body) };
  // count_tokens accepts the param and ignores it; a request without it is the model's to answer.
  if (!view.summarize || requestPath(input) !== "/v1/messages") return model(input, forModel);

  const problem = checkCompactionRequest(view.body);
  if (problem) return errorResponse(problem.status, problem.message, { "x-should-retry": "false" });
  const messages = view.body.messages as Anthropic.MessageParam[];
  const summary = await summarize(messages, view.summarize.instructions);
  return compactionResponse(String(view.body.model), summary, estimateTokens(view.body), view.body.stream === true);
}

// The checks of a compaction request (its `compaction` param taken out by compactionView()).
export function checkCompactionRequest(body: Json, options: ValidateOptions = {}): RequestProblem | null {
  const messages = (Array.isArray(body.messages) ? body.messages : []) as Anthropic.MessageParam[];
  const last = messages.at(-1);
  if (last?.role === "assistant" && Array.isArray(last.content) && last.content.some((b) => b.type === "tool_use")) {
    const message = "compaction: the conversation ends with a tool_use block that has no tool_result; send the results first";
    return { status: 400, type: "invalid_request_error", message };
  }
  // A compaction summarizes a conversation that usually ends with the model's reply: that is no
  // prefill, so the checks see it followed by a user turn; every other rule applies as sent.
  const checked = last?.role === "assistant" ? { ...body, messages: [...messages, { role: "user", content: "." }] } : body;
  return validateMessagesRequest(checked, options);
}

// One `compaction` block, alone, stop_reason "compaction". Streamed, the block starts with no
// content and one `compaction_delta` carries the whole summary (the SDK's BetaMessageStream assigns
// the delta as the block's final value); the signature comes in the start event, as the delta has
// no field for it.
function compactionResponse(model: string, summary: string, inputTokens: number, stream: boolean): Response {
  const signature = signCompaction(summary, "offline");
  const block = { type: "compaction", content: summary, encrypted_content: null, signature, tool_changes: [] };
  const base = messageBody({ model, content: [], stopReason: "end_turn", inputTokens, outputTokens: estimateTokens(summary) });
  const message = { ...base, content: [block], stop_reason: "compaction" } as unknown as Anthropic.Message;
  let response: Response;
  if (stream) {
    const events = messageEvents({ ...message, content: [] });
    const blockEvents = [
      { type: "content_block_start", index: 0, content_block: { ...block, content: null } },
      { type: "content_block_delta", index: 0, delta: { type: "compaction_delta", content: summary, encrypted_content: null } },
      { type: "content_block_stop", index: 0 },
    ] as unknown as StreamEvent[];
    events.splice(1, 0, ...blockEvents);
    response = sseResponse(events, { headers: { "request-id": newId("req") } });
  } else {
    response = new Response(JSON.stringify(message), { headers: { "content-type": "application/json", "request-id": newId("req") } });
  }
  // Kept for the threads in front (thread-store.ts), as every answer is.
  answeredMessages.set(response, message);
  return response;
}

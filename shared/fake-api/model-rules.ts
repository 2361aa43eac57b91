// The request rules that depend on the model: its output limit, the `thinking` settings it takes,
// prefill, forced tool_choice while it thinks, and the thinking blocks sent back to it. Checked by
// validate-request.ts once the model is known to exist. Sources: docs/API_FIDELITY.md.

import type { RequestProblem } from "./validate-request.ts";
import {
  cameFromThinkingTurn,
  isSignedRedactedData,
  isSignedThinking,
  missingThinkingMessage,
  thinkingKind,
  unsupportedThinkingType,
} from "./thinking.ts";

type Json = Record<string, unknown>;

function invalid(message: string): RequestProblem {
  return { status: 400, type: "invalid_request_error", message };
}

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

// Max output per model (each model's overview page: 128K for today's models, 64K for the 4.5 ones).
export function maxOutputTokens(model: string): number {
  return /-4-5(?:-|$)|sonnet-4-6/.test(model) ? 64_000 : 128_000;
}

const THINKING_FIELDS: Record<string, string[]> = {
  enabled: ["type", "budget_tokens", "display"],
  adaptive: ["type", "display"],
  disabled: ["type"],
  between_tools: ["type"],
};

// The shape of `thinking`, whatever the model.
export function checkThinkingShape(body: Json): RequestProblem | null {
  const thinking = body.thinking;
  if (thinking === undefined) return null;
  const fields = isObject(thinking) ? THINKING_FIELDS[String(thinking.type)] : undefined;
  if (!isObject(thinking) || !fields) {
    return invalid("thinking: Input tag does not match any of the expected tags: 'enabled', 'disabled', 'adaptive', 'between_tools'");
  }
  const extra = Object.keys(thinking).find((key) => !fields.includes(key));
  if (extra !== undefined) return invalid(`thinking.${String(thinking.type)}.${extra}: Extra inputs are not permitted`);
  if (thinking.display !== undefined && thinking.display !== null && thinking.display !== "summarized" && thinking.display !== "omitted") {
    return invalid(`thinking.${String(thinking.type)}.display: Input should be 'summarized' or 'omitted'`);
  }
  if (thinking.type !== "enabled") return null;
  const budget = thinking.budget_tokens;
  if (budget === undefined) return invalid("thinking.enabled.budget_tokens: Field required");
  if (typeof budget !== "number" || !Number.isInteger(budget)) return invalid("thinking.enabled.budget_tokens: Input should be a valid integer");
  if (budget < 1024) return invalid("thinking.enabled.budget_tokens: Input should be greater than or equal to 1024");
  if (typeof body.max_tokens === "number" && budget >= body.max_tokens) {
    return invalid(
      "`max_tokens` must be greater than `thinking.budget_tokens`. Please consult our documentation at " +
        "https://docs.claude.com/en/docs/build-with-claude/extended-thinking#max-tokens-and-context-window-size",
    );
  }
  return null;
}

// Whether the model will think for this request: asked to, or thinking by default.
function thinkingIsOn(model: string, thinking: unknown): boolean {
  const type = isObject(thinking) ? thinking.type : undefined;
  if (type === "disabled") return false;
  if (type !== undefined) return true;
  const kind = thinkingKind(model);
  return kind === "always" || kind === "adaptive";
}

export function checkForModel(body: Json, model: string, options: { countTokens?: boolean } = {}): RequestProblem | null {
  if (!options.countTokens && typeof body.max_tokens === "number" && body.max_tokens > maxOutputTokens(model)) {
    return invalid(`max_tokens: ${body.max_tokens} > ${maxOutputTokens(model)}, which is the maximum allowed number of output tokens for ${model}`);
  }
  const kind = thinkingKind(model);
  const type = isObject(body.thinking) ? String(body.thinking.type) : undefined;
  const refused =
    (type === "enabled" && (kind === "always" || kind === "adaptive")) ||
    (type === "disabled" && kind === "always") ||
    ((type === "adaptive" || type === "between_tools") && kind === "budget");
  if (type && refused) return invalid(unsupportedThinkingType(type));

  const on = thinkingIsOn(model, body.thinking);
  const choice = isObject(body.tool_choice) ? body.tool_choice.type : undefined;
  if (on && (choice === "any" || choice === "tool")) return invalid("Thinking may not be enabled when tool_choice forces tool use.");

  const messages = Array.isArray(body.messages) ? body.messages.filter(isObject) : [];
  // Models from the 4.6 generation on refuse a last assistant turn (the migration guides).
  // A turn that came back with stop_reason "pause_turn" is sent back as the last message to be
  // continued (stop reasons page): that is not a prefill.
  const final = messages.at(-1);
  if (!options.countTokens && kind !== "budget" && final?.role === "assistant" && !isPausedTurn(final.content)) {
    return invalid("This model does not support assistant message prefill. The conversation must end with a user message.");
  }
  if (on) return checkFinalThinking(messages);
  return null;
}

// The content of turns answered with stop_reason "pause_turn" in this process (bounded), and any turn
// holding a server tool call, which is how the API pauses.
const pausedTurns = new Set<string>();

export function rememberPausedTurn(content: unknown): void {
  if (pausedTurns.size > 1000) pausedTurns.clear();
  pausedTurns.add(pausedKey(content));
}

function pausedKey(content: unknown): string {
  const blocks = Array.isArray(content) ? content.filter(isObject) : [];
  return JSON.stringify(blocks.map((b) => (b.type === "text" ? ["text", b.text] : [b.type, b.id ?? null])));
}

function isPausedTurn(content: unknown): boolean {
  if (Array.isArray(content) && content.some((b) => isObject(b) && b.type === "server_tool_use")) return true;
  return pausedTurns.has(pausedKey(content));
}

// With thinking on, the assistant turn that made the last tool calls must still begin with its
// thinking block when their results are sent. Only a turn this process saw begin with one is held to
// it: an adaptive model does not think on every turn.
function checkFinalThinking(messages: Json[]): RequestProblem | null {
  const last = messages.at(-1);
  if (!last || last.role !== "user" || !Array.isArray(last.content)) return null;
  if (!last.content.some((b) => isObject(b) && b.type === "tool_result")) return null;
  const i = messages.length - 2;
  const turn = messages[i];
  if (!turn || turn.role !== "assistant" || !Array.isArray(turn.content)) return null;
  const blocks = turn.content.filter(isObject);
  const first = blocks[0];
  if (!first || first.type === "thinking" || first.type === "redacted_thinking") return null;
  const thought = blocks.some((b) => b.type === "tool_use" && typeof b.id === "string" && cameFromThinkingTurn(b.id));
  return thought ? invalid(missingThinkingMessage(`messages.${i}.content.0`, String(first.type))) : null;
}

export type ThinkingVerifier = (block: Json) => boolean;

export const verifyBySignature: ThinkingVerifier = (block) =>
  block.type === "thinking"
    ? typeof block.thinking === "string" && typeof block.signature === "string" && isSignedThinking(block.thinking, block.signature)
    : typeof block.data === "string" && isSignedRedactedData(block.data);

// A thinking or redacted_thinking block sent back: only in an assistant turn, complete, and exactly
// as the model produced it.
export function checkThinkingBlock(where: string, role: unknown, block: Json, verify: ThinkingVerifier): RequestProblem | null {
  const type = String(block.type);
  if (role !== "assistant") return invalid(`${where}: \`${type}\` blocks can only be in \`assistant\` messages`);
  if (type === "thinking") {
    if (typeof block.thinking !== "string") return invalid(`${where}.thinking.thinking: Field required`);
    if (block.signature === undefined) return invalid(`${where}.thinking.signature: Field required`);
    if (typeof block.signature !== "string") return invalid(`${where}.thinking.signature: Input should be a valid string`);
    if (!verify(block)) return invalid(`${where}: Invalid \`signature\` in \`thinking\` block`);
    return null;
  }
  if (typeof block.data !== "string") return invalid(`${where}.redacted_thinking.data: Field required`);
  if (!verify(block)) return invalid(`${where}: Invalid \`data\` in \`redacted_thinking\` block`);
  return null;
}

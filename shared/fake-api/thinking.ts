// Thinking, as today's models do it: which `thinking` settings a model accepts, on which turns it
// thinks, and the signatures that make a thinking block tamper-proof. The offline and mock models sign
// the blocks they send (an HMAC; the keys are below), and the request check refuses
// a block sent back changed, unsigned or made up, as the real API does ("Invalid `signature` in
// `thinking` block"). Sources: docs/API_FIDELITY.md, section "Thinking".

import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

// Signing keys stand for accounts: a block verifies only where an account that knows the key checks
// it, as a real block works only in the account that produced it (Claude Haiku 5.5 overview page).
// - "process": a key made fresh in each process. The mock model signs with it, so a test cannot pass
//   with a signature written into the code.
// - "offline": the offline demo model's one account, the same in every run, so a session saved by one
//   run (lesson 08) goes on in the next, as it does with the same API key on Claude.
// The fake API accepts either; any other signature, or a block changed after signing, is refused.
export type SigningAccount = "process" | "offline";
const KEYS: Record<SigningAccount, Buffer> = {
  process: randomBytes(32),
  offline: createHash("sha256").update("claude-tools-course offline demo account").digest(),
};

function mac(account: SigningAccount, kind: string, text: string): Buffer {
  return createHmac("sha256", KEYS[account]).update(kind).update("\0").update(text).digest();
}

function matchesAny(given: Buffer, kind: string, text: string): boolean {
  return (Object.keys(KEYS) as SigningAccount[]).some((account) => {
    const wanted = mac(account, kind, text);
    return given.length === wanted.length && timingSafeEqual(given, wanted);
  });
}

// The signature of a thinking block: it covers the text, so an edited block no longer matches.
export function signThinking(thinking: string, account: SigningAccount = "process"): string {
  return mac(account, "thinking", thinking).toString("base64");
}

export function isSignedThinking(thinking: string, signature: string): boolean {
  return matchesAny(Buffer.from(signature, "base64"), "thinking", thinking);
}

// A compaction block's signature covers its summary the same way (compaction.ts): the API refuses a
// summary sent back changed.
export function signCompaction(summary: string, account: SigningAccount = "process"): string {
  return mac(account, "compaction", summary).toString("base64");
}

export function isSignedCompaction(summary: string, signature: string): boolean {
  return matchesAny(Buffer.from(signature, "base64"), "compaction", summary);
}

// A redacted_thinking block's `data` is opaque to the client: here a random nonce and its MAC, so a
// made-up or altered value is refused like a bad signature.
export function redactedThinkingData(account: SigningAccount = "process"): string {
  const nonce = randomBytes(24);
  return Buffer.concat([nonce, mac(account, "redacted", nonce.toString("base64"))]).toString("base64");
}

export function isSignedRedactedData(data: string): boolean {
  const raw = Buffer.from(data, "base64");
  return raw.length === 24 + 32 && matchesAny(raw.subarray(24), "redacted", raw.subarray(0, 24).toString("base64"));
}

// The docs' test string that makes the model answer with a redacted_thinking block (the extended
// thinking page, "Thinking redaction"), so code that must pass such a block back can be tried.
export const REDACTED_THINKING_TRIGGER = "ANTHROPIC_MAGIC_STRING_TRIGGER_REDACTED_THINKING_46C9A13E193C177646C7398A98432ECCCE4C1253";

// How a model thinks (the model pages' comparison table and the adaptive thinking page):
// - "always": adaptive and always on; `enabled` and `disabled` are refused.
// - "adaptive": adaptive by default (thinks when it judges it useful); `disabled` turns it off;
//   `enabled` with budget_tokens is refused ("Claude 5.x ... removed the old form").
// - "adaptive-or-budget": 4.6 models: adaptive, or the deprecated `enabled` + budget_tokens.
// - "budget": older models: only `enabled` + budget_tokens; no thinking unless asked.
export type ThinkingKind = "always" | "adaptive" | "adaptive-or-budget" | "budget";

const ALWAYS = ["claude-opus-5-5", "claude-fable-5-1", "claude-fable-5-2", "claude-fable-5", "claude-mythos-5", "claude-mythos-5-1", "claude-mythos-5-2", "claude-mythos-preview"];
const ADAPTIVE = ["claude-haiku-5-5", "claude-sonnet-5-5", "claude-sonnet-5", "claude-opus-5", "claude-opus-4-8", "claude-opus-4-7"];
const BOTH = ["claude-opus-4-6", "claude-sonnet-4-6"];

export function thinkingKind(model: string): ThinkingKind {
  if (ALWAYS.includes(model)) return "always";
  if (ADAPTIVE.includes(model)) return "adaptive";
  if (BOTH.includes(model)) return "adaptive-or-budget";
  return "budget";
}

// The real API's words for a `thinking.type` the model does not take (quoted from a live 400 on
// claude-sonnet-5; the same sentence is used here for each refused type).
export function unsupportedThinkingType(type: string): string {
  return `"thinking.type.${type}" is not supported for this model. Use "thinking.type.adaptive" and "output_config.effort" to control thinking behavior.`;
}

export interface ThinkingRequest {
  model: string;
  thinking?: { type?: unknown } | null;
  messages: Array<{ role: string; content: unknown }>;
}

// Whether the model thinks on this turn. Manual (`enabled`) and always-on thinking: every turn.
// Adaptive thinking: when a turn starts work on something the person asked (their message is the
// last one) and on every turn that will call tools (interleaved thinking comes with adaptive mode),
// not on the short answer that follows the tool results.
export function thinksOnThisTurn(request: ThinkingRequest, willCallTools: boolean): boolean {
  const kind = thinkingKind(request.model);
  const type = request.thinking?.type;
  if (type === "disabled") return false;
  if (kind === "always" || type === "enabled") return true;
  if (kind === "budget") return false;
  if (kind === "adaptive-or-budget" && type !== "adaptive") return false;
  return willCallTools || !endsWithToolResults(request);
}

function endsWithToolResults(request: ThinkingRequest): boolean {
  const last = request.messages.at(-1);
  return last?.role === "user" && Array.isArray(last.content) && last.content.some((b) => (b as { type?: unknown })?.type === "tool_result");
}

// Tool-use ids of turns that began with a thinking block, so the request check can tell a dropped
// thinking block from a turn that never had one (an adaptive model does not think on every turn).
// Bounded: a long-lived process forgets the oldest ids.
const thinkingTurnIds = new Set<string>();

export function rememberThinkingTurn(toolUseIds: string[]): void {
  for (const id of toolUseIds) thinkingTurnIds.add(id);
  if (thinkingTurnIds.size > 10_000) {
    const oldest = thinkingTurnIds.values().next().value;
    if (oldest !== undefined) thinkingTurnIds.delete(oldest);
  }
}

export function cameFromThinkingTurn(toolUseId: string): boolean {
  return thinkingTurnIds.has(toolUseId);
}

// The real API's words when the final assistant turn of a tool-use loop lost its thinking block
// (quoted from a live 400, see docs/API_FIDELITY.md).
export function missingThinkingMessage(where: string, found: string): string {
  return (
    `${where}.type: Expected \`thinking\` or \`redacted_thinking\`, but found \`${found}\`. When \`thinking\` is enabled, a final \`assistant\` message ` +
    "must start with a thinking block (preceeding the lastmost set of `tool_use` and `tool_result` blocks). We recommend you include thinking " +
    "blocks from previous turns. To avoid this requirement, disable `thinking`. Please consult our documentation at " +
    "https://docs.claude.com/en/docs/build-with-claude/extended-thinking"
  );
}

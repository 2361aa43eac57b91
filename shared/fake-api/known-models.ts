// The model names the offline and mock models answer to: the SDK's own list (its `Model` type), so a
// typo in --model or ANTHROPIC_MODEL is a 404 offline, as it is on the real API.
//
// Stricter than the live API: the API also knows models released after this SDK, and local servers
// (Ollama, LM Studio) have their own names. Neither reaches this list: it is only used by the built-in
// models, never for requests to ANTHROPIC_BASE_URL or to Claude.

import type Anthropic from "@anthropic-ai/sdk";

// The literal names in the SDK's `Model` type, without its `string & {}` escape hatch.
type KnownModel = Anthropic.Model extends infer M ? (M extends string ? (string extends M ? never : M) : never) : never;

const LIST = [
  "claude-fable-5-2",
  "claude-mythos-5-2",
  "claude-haiku-5-5",
  "claude-sonnet-5-5",
  "claude-fable-5-1",
  "claude-opus-5-5",
  "claude-mythos-5-1",
  "claude-sonnet-5",
  "claude-fable-5",
  "claude-mythos-5",
  "claude-opus-5",
  "claude-opus-4-8",
  "claude-opus-4-7",
  "claude-mythos-preview",
  "claude-opus-4-6",
  "claude-sonnet-4-6",
  "claude-haiku-4-5",
  "claude-haiku-4-5-20251001",
  "claude-opus-4-5",
  "claude-opus-4-5-20251101",
  "claude-sonnet-4-5",
  "claude-sonnet-4-5-20250929",
] as const satisfies readonly KnownModel[];

// Fails to compile when the SDK lists a model this file does not.
const COMPLETE: [Exclude<KnownModel, (typeof LIST)[number]>] extends [never] ? true : never = true;
void COMPLETE;

export const KNOWN_MODELS: ReadonlySet<string> = new Set(LIST);

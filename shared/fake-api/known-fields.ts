// The fields the Messages API accepts, taken from the SDK's own request types, so that an unknown
// field is refused offline the way the API refuses it ("Extra inputs are not permitted"). Each list is
// checked by the compiler against the SDK type: when an SDK update adds or drops a field, `tsc` fails
// here instead of the fake API drifting away from the real one.
//
// Stricter than the live API in one way: a field the API has added since this SDK version is refused
// here and accepted there. Code written against this SDK's types never sends one.

import type Anthropic from "@anthropic-ai/sdk";

type Missing<T, K extends readonly PropertyKey[]> = Exclude<keyof T, K[number]>;

// Every key of T, no more and no fewer.
function allKeys<T>() {
  return <const K extends readonly (keyof T & string)[]>(
    keys: K & ([Missing<T, K>] extends [never] ? unknown : { missing: Missing<T, K> }),
  ): ReadonlySet<string> => new Set<string>(keys);
}

// user_profile_id and workspace_id are in the SDK's params but go out as headers, never in the body.
export const REQUEST_FIELDS = allKeys<Omit<Anthropic.MessageCreateParamsNonStreaming, "user_profile_id" | "workspace_id">>()([
  "max_tokens",
  "messages",
  "model",
  "cache_control",
  "container",
  "diagnostics",
  "inference_geo",
  "metadata",
  "output_config",
  "service_tier",
  "speed",
  "stop_sequences",
  "stream",
  "system",
  "thinking",
  "tool_choice",
  "tools",
]);

// count_tokens takes the request without max_tokens and the fields that only shape an answer.
export const COUNT_TOKENS_FIELDS = allKeys<Omit<Anthropic.MessageCountTokensParams, "user_profile_id" | "workspace_id">>()([
  "messages",
  "model",
  "cache_control",
  "output_config",
  "speed",
  "system",
  "thinking",
  "tool_choice",
  "tools",
]);

export const MESSAGE_FIELDS = allKeys<Anthropic.MessageParam>()(["role", "content"]);

// A custom tool (the kind the course defines). Server tools (web search, code execution) have a
// `type` of their own and are not checked here.
export const TOOL_FIELDS = allKeys<Anthropic.Tool>()([
  "input_schema",
  "name",
  "allowed_callers",
  "cache_control",
  "defer_loading",
  "description",
  "eager_input_streaming",
  "input_examples",
  "strict",
  "type",
]);

export const TOOL_CHOICE_FIELDS: Readonly<Record<string, ReadonlySet<string>>> = {
  auto: allKeys<Anthropic.ToolChoiceAuto>()(["type", "disable_parallel_tool_use"]),
  any: allKeys<Anthropic.ToolChoiceAny>()(["type", "disable_parallel_tool_use"]),
  tool: allKeys<Anthropic.ToolChoiceTool>()(["name", "type", "disable_parallel_tool_use"]),
  none: allKeys<Anthropic.ToolChoiceNone>()(["type"]),
};

// The content blocks the course sends, by type. The assistant turn goes back as received, so each
// list must also hold every field of the response block of that type (citations, caller, ...).
export const BLOCK_FIELDS: Readonly<Record<string, ReadonlySet<string>>> = {
  text: allKeys<Anthropic.TextBlockParam>()(["text", "type", "cache_control", "citations"]),
  tool_use: allKeys<Anthropic.ToolUseBlockParam>()(["id", "input", "name", "type", "cache_control", "caller", "toolset_name"]),
  tool_result: allKeys<Anthropic.ToolResultBlockParam>()(["tool_use_id", "type", "cache_control", "content", "is_error", "toolset_name"]),
  image: allKeys<Anthropic.ImageBlockParam>()(["source", "type", "cache_control", "transformations"]),
  document: allKeys<Anthropic.DocumentBlockParam>()(["source", "type", "cache_control", "citations", "context", "title"]),
  thinking: allKeys<Anthropic.ThinkingBlockParam>()(["signature", "thinking", "type"]),
  redacted_thinking: allKeys<Anthropic.RedactedThinkingBlockParam>()(["data", "type"]),
  search_result: allKeys<Anthropic.SearchResultBlockParam>()(["content", "source", "title", "type", "cache_control", "citations"]),
  // Tool search (lesson 12): a client tool's result may list tools to load; a server search comes back
  // as these two blocks in the model's turn.
  tool_reference: allKeys<Anthropic.ToolReferenceBlockParam>()(["tool_name", "type", "cache_control"]),
  server_tool_use: allKeys<Anthropic.ServerToolUseBlockParam>()(["id", "input", "name", "type", "cache_control", "caller"]),
  tool_search_tool_result: allKeys<Anthropic.ToolSearchToolResultBlockParam>()(["content", "tool_use_id", "type", "cache_control"]),
};

// The response blocks carry at most these fields; a compile error here means the SDK's response
// block gained a field the request lists above do not accept yet.
type Fits<Response, Param> = Exclude<keyof Response, keyof Param> extends never ? true : { extra: Exclude<keyof Response, keyof Param> };
export const RESPONSE_BLOCKS_FIT: [
  Fits<Anthropic.TextBlock, Anthropic.TextBlockParam>,
  Fits<Anthropic.ToolUseBlock, Anthropic.ToolUseBlockParam>,
  Fits<Anthropic.ThinkingBlock, Anthropic.ThinkingBlockParam>,
] = [true, true, true];

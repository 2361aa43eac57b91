// Deferred tools (`defer_loading: true`), as the API treats them (docs: "Tool search tool",
// platform.claude.com/docs/en/agents-and-tools/tool-use/tool-search-tool): every definition is sent on
// every request, but a deferred one enters the model's context only once a tool search has returned a
// `tool_reference` to it, anywhere in the conversation. Until then the model cannot see it, so it cannot
// call it, and it costs no input tokens. Loaded only for a request that defers a tool.

import type Anthropic from "@anthropic-ai/sdk";

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function isDeferred(tool: unknown): boolean {
  return isObject(tool) && tool.defer_loading === true;
}

// The tools a search has returned so far: tool_reference blocks in a client tool's tool_result, and in
// the tool_search_tool_result blocks of a server search. The API expands them "throughout the
// conversation history", so a tool found once stays callable.
export function foundToolNames(messages: unknown): Set<string> {
  const names = new Set<string>();
  if (!Array.isArray(messages)) return names;
  for (const message of messages) {
    if (!isObject(message) || !Array.isArray(message.content)) continue;
    for (const block of message.content) {
      if (!isObject(block)) continue;
      const references =
        block.type === "tool_result" && Array.isArray(block.content)
          ? block.content
          : block.type === "tool_search_tool_result" && isObject(block.content) && Array.isArray(block.content.tool_references)
            ? block.content.tool_references
            : [];
      for (const reference of references) {
        if (isObject(reference) && reference.type === "tool_reference" && typeof reference.tool_name === "string") names.add(reference.tool_name);
      }
    }
  }
  return names;
}

// The request as the model's context holds it: the deferred tools no search has found are left out.
// What count_tokens counts and what input_tokens reports ("the tool definitions that search loads into
// context count as input tokens like any other tool definition", docs: "Tool search tool", Usage).
export function inContext<T>(body: T): T {
  if (!isObject(body) || !Array.isArray(body.tools)) return body;
  const found = foundToolNames(body.messages);
  const tools = body.tools.filter((tool) => !isDeferred(tool) || (isObject(tool) && found.has(String(tool.name))));
  return { ...body, tools };
}

// The deferred tools the model has not seen yet: what a tool search searches.
export function unfoundTools(request: Anthropic.MessageCreateParams): Anthropic.Tool[] {
  const found = foundToolNames(request.messages);
  return (request.tools ?? []).filter((tool): tool is Anthropic.Tool => "input_schema" in tool && isDeferred(tool) && !found.has(tool.name));
}

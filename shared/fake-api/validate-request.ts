// Checks a Messages API request the way the real API does, so that a mistake which real Claude would
// reject also fails offline and in tests, with the same words. Rules and wording: ../shared/API_FACTS.md.
// Returns the first problem as { status, type, message }, or null when the request is valid.

export interface RequestProblem {
  status: number;
  type: string;
  message: string;
}

type Json = Record<string, unknown>;

const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const BLOCK_TYPES = new Set([
  "text",
  "image",
  "document",
  "tool_use",
  "tool_result",
  "thinking",
  "redacted_thinking",
  "server_tool_use",
  "web_search_tool_result",
  "search_result",
]);

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function invalid(message: string): RequestProblem {
  return { status: 400, type: "invalid_request_error", message };
}

export function validateMessagesRequest(body: unknown): RequestProblem | null {
  if (!isObject(body)) return invalid("Request body must be a JSON object.");

  if (body.model === undefined) return invalid("model: Field required");
  if (typeof body.model !== "string" || body.model === "") return invalid("model: Input should be a valid string");

  if (body.max_tokens === undefined) return invalid("max_tokens: Field required");
  if (typeof body.max_tokens !== "number" || !Number.isInteger(body.max_tokens)) {
    return invalid("max_tokens: Input should be a valid integer");
  }
  if (body.max_tokens < 1) return invalid("max_tokens: Input should be greater than or equal to 1");

  if (body.stream === true) {
    return invalid("stream: this course's offline and mock models do not stream; call messages.create without stream");
  }

  const problem =
    checkSystem(body.system) ?? checkTools(body.tools) ?? checkToolChoice(body.tool_choice, body.tools) ?? checkMessages(body);
  return problem;
}

function checkSystem(system: unknown): RequestProblem | null {
  if (system === undefined || typeof system === "string") return null;
  if (!Array.isArray(system)) return invalid("system: Input should be a valid string or a list of text blocks");
  for (const [i, block] of system.entries()) {
    if (!isObject(block) || block.type !== "text" || typeof block.text !== "string") {
      return invalid(`system.${i}: Input should be a text block with a string \`text\``);
    }
  }
  return null;
}

function checkTools(tools: unknown): RequestProblem | null {
  if (tools === undefined) return null;
  if (!Array.isArray(tools)) return invalid("tools: Input should be a valid list");
  const seen = new Set<string>();
  for (const [i, tool] of tools.entries()) {
    if (!isObject(tool)) return invalid(`tools.${i}: Input should be a valid dictionary`);
    if (tool.type !== undefined && tool.type !== null && tool.type !== "custom") continue; // server tools
    const where = `tools.${i}.custom`;
    if (tool.name === undefined) return invalid(`${where}.name: Field required`);
    if (typeof tool.name !== "string" || !TOOL_NAME.test(tool.name)) {
      return invalid(`${where}.name: String should match pattern '^[a-zA-Z0-9_-]{1,64}$'`);
    }
    if (tool.description !== undefined && typeof tool.description !== "string") {
      return invalid(`${where}.description: Input should be a valid string`);
    }
    if (tool.input_schema === undefined) return invalid(`${where}.input_schema: Field required`);
    if (!isObject(tool.input_schema)) return invalid(`${where}.input_schema: Input should be a valid dictionary`);
    if (tool.input_schema.type === undefined) return invalid(`${where}.input_schema.type: Field required`);
    if (tool.input_schema.type !== "object") return invalid(`${where}.input_schema.type: Input should be 'object'`);
    const props = tool.input_schema.properties;
    if (props !== undefined && props !== null && !isObject(props)) {
      return invalid(`${where}.input_schema: JSON schema is invalid: 'properties' must be an object`);
    }
    const required = tool.input_schema.required;
    if (required !== undefined && (!Array.isArray(required) || required.some((r) => typeof r !== "string"))) {
      return invalid(`${where}.input_schema: JSON schema is invalid: 'required' must be a list of strings`);
    }
    if (seen.has(tool.name)) return invalid("tools: Tool names must be unique.");
    seen.add(tool.name);
  }
  return null;
}

function checkToolChoice(choice: unknown, tools: unknown): RequestProblem | null {
  if (choice === undefined) return null;
  if (!isObject(choice) || !["auto", "any", "none", "tool"].includes(String(choice.type))) {
    return invalid("tool_choice: Input tag does not match any of the expected tags: 'auto', 'any', 'tool', 'none'");
  }
  if (choice.type === "tool") {
    const names = Array.isArray(tools) ? tools.map((t) => (isObject(t) ? t.name : undefined)) : [];
    if (typeof choice.name !== "string") return invalid("tool_choice.tool.name: Field required");
    if (!names.includes(choice.name)) {
      return invalid(`Tool '${choice.name}' not found in provided tools`);
    }
  }
  if ((choice.type === "any" || choice.type === "tool") && (!Array.isArray(tools) || tools.length === 0)) {
    return invalid("tool_choice may only be specified while providing tools.");
  }
  return null;
}

function checkMessages(body: Json): RequestProblem | null {
  const messages = body.messages;
  if (messages === undefined) return invalid("messages: Field required");
  if (!Array.isArray(messages)) return invalid("messages: Input should be a valid list");
  if (messages.length === 0) return invalid("messages: at least one message is required");

  let usesTools = false;
  for (const [i, message] of messages.entries()) {
    if (!isObject(message)) return invalid(`messages.${i}: Input should be a valid dictionary`);
    if (message.role !== "user" && message.role !== "assistant") {
      return invalid(`messages.${i}.role: Input should be 'user' or 'assistant'`);
    }
    if (i === 0 && message.role !== "user") return invalid("messages: first message must use the \"user\" role");
    const isFinalAssistant = i === messages.length - 1 && message.role === "assistant";
    const content = message.content;
    if (content === undefined) return invalid(`messages.${i}.content: Field required`);
    if (typeof content === "string") {
      if (content === "" && !isFinalAssistant) {
        return invalid(`messages.${i}: all messages must have non-empty content except for the optional final assistant message`);
      }
      continue;
    }
    if (!Array.isArray(content)) return invalid(`messages.${i}.content: Input should be a valid string or list`);
    if (content.length === 0 && !isFinalAssistant) {
      return invalid(`messages.${i}: all messages must have non-empty content except for the optional final assistant message`);
    }
    const problem = checkBlocks(i, message.role, content);
    if (problem) return problem;
    if (content.some((b) => isObject(b) && (b.type === "tool_use" || b.type === "tool_result"))) usesTools = true;
  }

  if (usesTools && (!Array.isArray(body.tools) || body.tools.length === 0)) {
    return invalid("Requests which include `tool_use` or `tool_result` blocks must define tools.");
  }
  return checkToolPairing(messages as Json[]);
}

function checkBlocks(i: number, role: unknown, content: unknown[]): RequestProblem | null {
  let seenOther = false;
  for (const [j, block] of content.entries()) {
    const where = `messages.${i}.content.${j}`;
    if (!isObject(block)) return invalid(`${where}: Input should be a valid dictionary`);
    if (typeof block.type !== "string" || !BLOCK_TYPES.has(block.type)) {
      return invalid(`${where}.type: Input tag '${String(block.type)}' found using 'type' does not match any of the expected tags`);
    }
    switch (block.type) {
      case "text":
        if (typeof block.text !== "string") return invalid(`${where}.text.text: Field required`);
        if (block.text.trim() === "") return invalid(`messages: text content blocks must contain non-whitespace text`);
        seenOther = true;
        break;
      case "tool_use":
        if (role !== "assistant") return invalid(`${where}: \`tool_use\` blocks can only be in \`assistant\` messages`);
        if (typeof block.id !== "string" || block.id === "") return invalid(`${where}.tool_use.id: Field required`);
        if (typeof block.name !== "string") return invalid(`${where}.tool_use.name: Field required`);
        if (!isObject(block.input)) return invalid(`${where}.tool_use.input: Input should be a valid dictionary`);
        seenOther = true;
        break;
      case "tool_result": {
        if (role !== "user") return invalid(`${where}: \`tool_result\` blocks can only be in \`user\` messages`);
        if (typeof block.tool_use_id !== "string") return invalid(`${where}.tool_result.tool_use_id: Field required`);
        if (seenOther) {
          return invalid(
            `messages.${i}: \`tool_result\` blocks must come first in the content of a user message; text and other blocks may only follow them.`,
          );
        }
        const problem = checkToolResultContent(where, block);
        if (problem) return problem;
        break;
      }
      default:
        seenOther = true;
    }
  }
  return null;
}

function checkToolResultContent(where: string, block: Json): RequestProblem | null {
  if (block.is_error !== undefined && typeof block.is_error !== "boolean") {
    return invalid(`${where}.tool_result.is_error: Input should be a valid boolean`);
  }
  const content = block.content;
  if (content === undefined || typeof content === "string") return null;
  if (!Array.isArray(content)) return invalid(`${where}.tool_result.content: Input should be a valid string or list`);
  for (const [k, inner] of content.entries()) {
    if (!isObject(inner) || !["text", "image", "document", "search_result"].includes(String(inner.type))) {
      return invalid(`${where}.tool_result.content.${k}: Input should be a text, image, document or search_result block`);
    }
    if (inner.type === "text" && typeof inner.text !== "string") {
      return invalid(`${where}.tool_result.content.${k}.text: Field required`);
    }
  }
  return null;
}

function blocksOf(message: Json | undefined): Json[] {
  if (!message || !Array.isArray(message.content)) return [];
  return message.content.filter(isObject);
}

// The invariant the course keeps repeating: every tool_use is answered, by id, in the very next
// message, and no tool_result exists without its tool_use.
function checkToolPairing(messages: Json[]): RequestProblem | null {
  for (const [i, message] of messages.entries()) {
    if (message.role === "assistant") {
      const ids = blocksOf(message)
        .filter((b) => b.type === "tool_use")
        .map((b) => String(b.id));
      if (new Set(ids).size !== ids.length) return invalid(`messages.${i}: \`tool_use\` ids must be unique`);
      if (ids.length === 0) continue;
      const next = messages[i + 1];
      const answered = new Set(
        next?.role === "user"
          ? blocksOf(next)
              .filter((b) => b.type === "tool_result")
              .map((b) => String(b.tool_use_id))
          : [],
      );
      const missing = ids.filter((id) => !answered.has(id));
      if (missing.length > 0) {
        return invalid(
          `messages.${i}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${missing.join(", ")}. ` +
            "Each `tool_use` block must have a corresponding `tool_result` block in the next message.",
        );
      }
    } else {
      const previous = i > 0 ? messages[i - 1] : undefined;
      const offered = new Set(
        previous?.role === "assistant"
          ? blocksOf(previous)
              .filter((b) => b.type === "tool_use")
              .map((b) => String(b.id))
          : [],
      );
      const seen = new Set<string>();
      for (const [j, block] of blocksOf(message).entries()) {
        if (block.type !== "tool_result") continue;
        const id = String(block.tool_use_id);
        if (!offered.has(id)) {
          return invalid(
            `messages.${i}.content.${j}: unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${id}. ` +
              "Each `tool_result` block must have a corresponding `tool_use` block in the previous message.",
          );
        }
        if (seen.has(id)) {
          return invalid(`messages.${i}.content.${j}: each \`tool_use\` id may be answered by only one \`tool_result\` block: ${id}`);
        }
        seen.add(id);
      }
    }
  }
  return null;
}

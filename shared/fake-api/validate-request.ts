// Checks a Messages API request the way the real API does, so that a mistake which real Claude would
// reject also fails offline and in tests, with the same words. Rules and wording: ../shared/API_FACTS.md.
// Returns the first problem as { status, type, message }, or null when the request is valid.

import { BLOCK_FIELDS, COUNT_TOKENS_FIELDS, MESSAGE_FIELDS, REQUEST_FIELDS, TOOL_CHOICE_FIELDS, TOOL_FIELDS } from "./known-fields.ts";
import { KNOWN_MODELS } from "./known-models.ts";
import { metaSchemaError } from "./meta-schema-check.ts";
import { checkForModel, checkThinkingBlock, checkThinkingShape, verifyBySignature, type ThinkingVerifier } from "./model-rules.ts";

export interface RequestProblem {
  status: number;
  type: string;
  message: string;
}

type Json = Record<string, unknown>;

// The live API accepts names up to 128 characters (API_FACTS.md, "Tool definitions"); the docs'
// pattern says 64, which is what the course teaches, so a name that follows the course passes anywhere.
const TOOL_NAME = /^[a-zA-Z0-9_-]{1,128}$/;
// Property names in an input_schema (the API's words: "Property keys should match pattern ...").
const PROPERTY_NAME = /^[a-zA-Z0-9_.-]{1,64}$/;
// More breakpoints than this are refused ("A maximum of 4 blocks with cache_control may be provided").
const MAX_CACHE_BREAKPOINTS = 4;
const TOOL_USE_ID = /^[a-zA-Z0-9_-]+$/;
// Tool search (docs: "Tool search tool", Limits): at most this many tools with defer_loading per request.
const MAX_DEFERRED_TOOLS = 10_000;
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
  "tool_search_tool_result",
  "search_result",
]);

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function invalid(message: string): RequestProblem {
  return { status: 400, type: "invalid_request_error", message };
}

export interface ValidateOptions {
  // Which model names exist; the SDK's list by default. A replay also accepts the names in its
  // recording (a local server's model, say), because that server did answer to them.
  isKnownModel?: (name: string) => boolean;
  // Whether a thinking or redacted_thinking block sent back is one the model produced; by default, its
  // signature checked against the fake API's signing keys. A replay also trusts its recording's blocks.
  verifyThinking?: ThinkingVerifier;
  // A count_tokens request: the same rules, without max_tokens and the fields only `create` takes.
  countTokens?: boolean;
}

export function validateMessagesRequest(body: unknown, options: ValidateOptions = {}): RequestProblem | null {
  if (!isObject(body)) return invalid("Request body must be a JSON object.");

  if (body.model === undefined) return invalid("model: Field required");
  if (typeof body.model !== "string" || body.model === "") return invalid("model: Input should be a valid string");

  const counting = options.countTokens === true;
  if (!counting) {
    if (body.max_tokens === undefined) return invalid("max_tokens: Field required");
    if (typeof body.max_tokens !== "number" || !Number.isInteger(body.max_tokens)) {
      return invalid("max_tokens: Input should be a valid integer");
    }
    // 0 is valid: the answer is empty, with stop_reason "max_tokens".
    if (body.max_tokens < 0) return invalid("max_tokens: Input should be greater than or equal to 0");
  }
  if (body.stream !== undefined && typeof body.stream !== "boolean") return invalid("stream: Input should be a valid boolean");

  const problem =
    extraField("", body, counting ? COUNT_TOKENS_FIELDS : REQUEST_FIELDS) ??
    checkSystem(body.system) ??
    checkTools(body.tools) ??
    checkToolChoice(body.tool_choice, body.tools) ??
    checkThinkingShape(body) ??
    checkNested(body) ??
    checkMessages(body, options.verifyThinking ?? verifyBySignature) ??
    checkToolReferences(body) ??
    checkCacheBreakpoints(body) ??
    checkTtlOrder(body);
  if (problem) return problem;

  // Checked last, as the API does: a request that breaks a rule gets the 400 even with a wrong name.
  const isKnownModel = options.isKnownModel ?? ((name: string) => KNOWN_MODELS.has(name));
  if (!isKnownModel(body.model)) return { status: 404, type: "not_found_error", message: `model: ${body.model}` };
  return checkForModel(body, body.model, { countTokens: counting });
}

// The first field of `value` that `allowed` does not list, as the API words it.
function extraField(where: string, value: Json, allowed: ReadonlySet<string>): RequestProblem | null {
  const extra = Object.keys(value).find((key) => !allowed.has(key));
  return extra === undefined ? null : invalid(`${where}${extra}: Extra inputs are not permitted`);
}

function checkSystem(system: unknown): RequestProblem | null {
  if (system === undefined) return null;
  if (typeof system === "string") {
    return system !== "" && system.trim() === "" ? invalid("system: text content blocks must contain non-whitespace text") : null;
  }
  if (!Array.isArray(system)) return invalid("system: Input should be a valid string or a list of text blocks");
  for (const [i, block] of system.entries()) {
    if (!isObject(block) || block.type !== "text" || typeof block.text !== "string") {
      return invalid(`system.${i}: Input should be a text block with a string \`text\``);
    }
    const extra = extraField(`system.${i}.`, block, BLOCK_FIELDS.text!);
    if (extra) return extra;
    if (block.text === "") return invalid(`system.${i}.text: text content blocks must be non-empty`);
    if (block.text.trim() === "") return invalid(`system.${i}.text: text content blocks must contain non-whitespace text`);
  }
  return null;
}

function checkTools(tools: unknown): RequestProblem | null {
  if (tools === undefined) return null;
  if (!Array.isArray(tools)) return invalid("tools: Input should be a valid list");
  const seen = new Set<string>();
  let deferred = 0;
  for (const [i, tool] of tools.entries()) {
    if (!isObject(tool)) return invalid(`tools.${i}: Input should be a valid dictionary`);
    const deferral = checkDeferral(i, tool);
    if (typeof deferral !== "boolean") return deferral;
    if (deferral) deferred += 1;
    if (tool.type !== undefined && tool.type !== null && tool.type !== "custom") continue; // server tools
    const where = `tools.${i}.custom`;
    // The course's Tool objects carry run, readOnly, timeoutMs...: only toolDefinitions(tools) may be sent.
    const extra = extraField(`${where}.`, tool, TOOL_FIELDS);
    if (extra) return extra;
    if (tool.name === undefined) return invalid(`${where}.name: Field required`);
    if (typeof tool.name !== "string" || !TOOL_NAME.test(tool.name)) {
      return invalid(`${where}.name: String should match pattern '^[a-zA-Z0-9_-]{1,128}$'`);
    }
    if (tool.description !== undefined && typeof tool.description !== "string") {
      return invalid(`${where}.description: Input should be a valid string`);
    }
    if (tool.input_schema === undefined) return invalid(`${where}.input_schema: Field required`);
    if (!isObject(tool.input_schema)) return invalid(`${where}.input_schema: Input should be a valid dictionary`);
    if (tool.input_schema.type === undefined) return invalid(`${where}.input_schema.type: Field required`);
    if (tool.input_schema.type !== "object") return invalid(`${where}.input_schema.type: Input should be 'object'`);
    const properties = tool.input_schema.properties;
    if (isObject(properties) && Object.keys(properties).some((key) => !PROPERTY_NAME.test(key))) {
      return invalid(`${where}.input_schema.properties: Property keys should match pattern '^[a-zA-Z0-9_.-]{1,64}$'`);
    }
    const schemaProblem = metaSchemaError(tool.input_schema);
    if (schemaProblem) {
      return invalid(`${where}.input_schema: JSON schema is invalid. It must match JSON Schema draft 2020-12 (${schemaProblem})`);
    }
    if (seen.has(tool.name)) return invalid("tools: Tool names must be unique.");
    seen.add(tool.name);
  }
  // The model must see at least one tool, normally the tool search tool itself (docs: "Tool search tool").
  if (tools.length > 0 && deferred === tools.length) {
    return invalid("At least one tool must have defer_loading=false. All tools cannot be deferred.");
  }
  if (deferred > MAX_DEFERRED_TOOLS) return invalid(`tools: At most ${MAX_DEFERRED_TOOLS} tools may have defer_loading=true. Found ${deferred}.`);
  return null;
}

// Whether tools.i is deferred (defer_loading: true), or the problem with its defer_loading. A deferred
// tool stays out of the cached prefix, so it cannot carry a cache breakpoint (docs: "Tool search tool",
// Prompt caching; the rule is the docs', the wording ours).
function checkDeferral(i: number, tool: Json): boolean | RequestProblem {
  const value = tool.defer_loading;
  if (value === undefined || value === null || value === false) return false;
  const kind = tool.type !== undefined && tool.type !== null && tool.type !== "custom" ? String(tool.type) : "custom";
  if (value !== true) return invalid(`tools.${i}.${kind}.defer_loading: Input should be a valid boolean`);
  if (tool.cache_control !== undefined && tool.cache_control !== null) {
    return invalid(`tools.${i}.${kind}: A tool with defer_loading=true cannot have cache_control. Put the cache breakpoint on a tool that is not deferred.`);
  }
  return true;
}

// Every tool_reference (in a client tool's result, or in a server tool search's result) names a tool the
// request defines; the API expands it into that definition (docs: "Tool search tool", Error handling).
function checkToolReferences(body: Json): RequestProblem | null {
  if (!Array.isArray(body.messages)) return null;
  const names = new Set(Array.isArray(body.tools) ? body.tools.map((t) => (isObject(t) ? t.name : undefined)) : []);
  for (const message of body.messages) {
    for (const block of blocksOf(isObject(message) ? message : undefined)) {
      const references =
        block.type === "tool_result" && Array.isArray(block.content)
          ? block.content
          : block.type === "tool_search_tool_result" && isObject(block.content) && Array.isArray(block.content.tool_references)
            ? block.content.tool_references
            : [];
      for (const reference of references) {
        if (!isObject(reference) || reference.type !== "tool_reference") continue;
        if (!names.has(reference.tool_name)) return invalid(`Tool reference '${String(reference.tool_name)}' not found in available tools`);
      }
    }
  }
  return null;
}

function checkToolChoice(choice: unknown, tools: unknown): RequestProblem | null {
  if (choice === undefined) return null;
  if (!isObject(choice) || !["auto", "any", "none", "tool"].includes(String(choice.type))) {
    return invalid("tool_choice: Input tag does not match any of the expected tags: 'auto', 'any', 'tool', 'none'");
  }
  const extra = extraField(`tool_choice.${String(choice.type)}.`, choice, TOOL_CHOICE_FIELDS[String(choice.type)]!);
  if (extra) return extra;
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

function checkMessages(body: Json, verify: ThinkingVerifier): RequestProblem | null {
  const messages = body.messages;
  if (messages === undefined) return invalid("messages: Field required");
  if (!Array.isArray(messages)) return invalid("messages: Input should be a valid list");
  if (messages.length === 0) return invalid("messages: at least one message is required");

  let usesTools = false;
  const toolUseIds = new Set<string>();
  for (const [i, message] of messages.entries()) {
    if (!isObject(message)) return invalid(`messages.${i}: Input should be a valid dictionary`);
    const extra = extraField(`messages.${i}.`, message, MESSAGE_FIELDS);
    if (extra) return extra;
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
    const problem = checkBlocks(i, message.role, content, toolUseIds, verify);
    if (problem) return problem;
    if (content.some((b) => isObject(b) && (b.type === "tool_use" || b.type === "tool_result"))) usesTools = true;
  }

  if (usesTools && (!Array.isArray(body.tools) || body.tools.length === 0)) {
    return invalid("Requests which include `tool_use` or `tool_result` blocks must define tools.");
  }
  return checkToolPairing(messages as Json[]);
}

// `toolUseIds` collects the ids of the whole request: the API wants each one unique across all messages.
function checkBlocks(i: number, role: unknown, content: unknown[], toolUseIds: Set<string>, verify: ThinkingVerifier): RequestProblem | null {
  for (const [j, block] of content.entries()) {
    const where = `messages.${i}.content.${j}`;
    if (!isObject(block)) return invalid(`${where}: Input should be a valid dictionary`);
    if (typeof block.type !== "string" || !BLOCK_TYPES.has(block.type)) {
      return invalid(`${where}.type: Input tag '${String(block.type)}' found using 'type' does not match any of the expected tags`);
    }
    const fields = BLOCK_FIELDS[block.type];
    const extra = fields ? extraField(`${where}.${block.type}.`, block, fields) : null;
    if (extra) return extra;
    switch (block.type) {
      case "text":
        if (typeof block.text !== "string") return invalid(`${where}.text.text: Field required`);
        if (block.text === "") return invalid(`${where}.text: text content blocks must be non-empty`);
        if (block.text.trim() === "") return invalid(`${where}.text: text content blocks must contain non-whitespace text`);
        break;
      case "tool_use":
        if (role !== "assistant") return invalid(`${where}: \`tool_use\` blocks can only be in \`assistant\` messages`);
        if (typeof block.id !== "string") return invalid(`${where}.tool_use.id: Field required`);
        if (!TOOL_USE_ID.test(block.id)) return invalid(`${where}.tool_use.id: String should match pattern '^[a-zA-Z0-9_-]+$'`);
        if (toolUseIds.has(block.id)) return invalid(`${where}: \`tool_use\` ids must be unique`);
        toolUseIds.add(block.id);
        if (typeof block.name !== "string") return invalid(`${where}.tool_use.name: Field required`);
        if (!isObject(block.input)) return invalid(`${where}.tool_use.input: Input should be a valid dictionary`);
        break;
      case "tool_result": {
        if (role !== "user") return invalid(`${where}: \`tool_result\` blocks can only be in \`user\` messages`);
        if (typeof block.tool_use_id !== "string") return invalid(`${where}.tool_result.tool_use_id: Field required`);
        const problem = checkToolResultContent(where, block);
        if (problem) return problem;
        break;
      }
      case "thinking":
      case "redacted_thinking": {
        const problem = checkThinkingBlock(where, role, block, verify);
        if (problem) return problem;
        break;
      }
      case "server_tool_use":
      case "tool_search_tool_result":
        // What a server tool did is the model's own turn, sent back as it came.
        if (role !== "assistant") return invalid(`${where}: \`${block.type}\` blocks can only be in \`assistant\` messages`);
        break;
      case "document":
      case "image":
        // Documents and images are what a person or a tool gives the model, never what it says.
        if (role !== "user") return invalid(`${where}: \`${block.type}\` blocks can only be in \`user\` messages`);
        break;
      default:
        break;
    }
  }
  return null;
}

// Every cache_control object in the request: where it is, and the object.
function cacheControls(body: Json): Array<{ where: string; value: unknown }> {
  const found: Array<{ where: string; value: unknown }> = [];
  const add = (where: string, holder: unknown) => {
    if (isObject(holder) && holder.cache_control !== undefined && holder.cache_control !== null) {
      found.push({ where: `${where}cache_control`, value: holder.cache_control });
    }
  };
  add("", body);
  if (Array.isArray(body.tools)) body.tools.forEach((tool, i) => add(`tools.${i}.custom.`, tool));
  if (Array.isArray(body.system)) body.system.forEach((block, i) => add(`system.${i}.`, block));
  if (Array.isArray(body.messages)) {
    body.messages.forEach((message, i) => {
      if (!isObject(message) || !Array.isArray(message.content)) return;
      message.content.forEach((block, j) => {
        add(`messages.${i}.content.${j}.${isObject(block) ? String(block.type) : ""}.`, block);
        if (isObject(block) && block.type === "tool_result" && Array.isArray(block.content)) {
          block.content.forEach((inner, k) => add(`messages.${i}.content.${j}.tool_result.content.${k}.`, inner));
        }
      });
    });
  }
  return found;
}

// Unknown fields inside nested objects are refused too, with the path through the union's tag
// (cache_control.ephemeral.scope); cache_control's own values are checked here as well.
function checkNested(body: Json): RequestProblem | null {
  for (const { where, value } of cacheControls(body)) {
    if (!isObject(value) || value.type !== "ephemeral") return invalid(`${where}: Input tag does not match any of the expected tags: 'ephemeral'`);
    const extra = Object.keys(value).find((key) => key !== "type" && key !== "ttl");
    if (extra !== undefined) return invalid(`${where}.ephemeral.${extra}: Extra inputs are not permitted`);
    if (value.ttl !== undefined && value.ttl !== "5m" && value.ttl !== "1h") return invalid(`${where}.ephemeral.ttl: Input should be '5m' or '1h'`);
  }
  if (isObject(body.metadata)) {
    const extra = Object.keys(body.metadata).find((key) => key !== "user_id");
    if (extra !== undefined) return invalid(`metadata.${extra}: Extra inputs are not permitted`);
  }
  if (isObject(body.output_config)) {
    const extra = Object.keys(body.output_config).find((key) => key !== "effort" && key !== "format");
    if (extra !== undefined) return invalid(`output_config.${extra}: Extra inputs are not permitted`);
  }
  return null;
}

// The top-level cache_control (automatic caching) places a breakpoint of its own, so it counts too.
function checkCacheBreakpoints(body: Json): RequestProblem | null {
  const count = cacheControls(body).length;
  if (count <= MAX_CACHE_BREAKPOINTS) return null;
  return invalid(`A maximum of ${MAX_CACHE_BREAKPOINTS} blocks with cache_control may be provided. Found ${count}.`);
}

// Breakpoints are read in one walk, tools, system, messages (the top-level one marks the last block), and
// a 1-hour one may not follow a 5-minute one: the API's words, quoted in
// cnighswonger/claude-code-cache-fix#44 and headroomlabs-ai/headroom#2939.
function checkTtlOrder(body: Json): RequestProblem | null {
  const marks: Array<{ where: string; ttl: unknown }> = [];
  const add = (where: string, holder: unknown) => {
    if (isObject(holder) && isObject(holder.cache_control)) marks.push({ where: `${where}cache_control.ttl`, ttl: holder.cache_control.ttl });
  };
  if (Array.isArray(body.tools)) body.tools.forEach((tool, i) => add(`tools.${i}.`, tool));
  if (Array.isArray(body.system)) body.system.forEach((block, i) => add(`system.${i}.`, block));
  if (Array.isArray(body.messages)) {
    body.messages.forEach((message, i) => {
      blocksOf(isObject(message) ? message : undefined).forEach((block, j) => {
        add(`messages.${i}.content.${j}.`, block);
        if (block.type === "tool_result" && Array.isArray(block.content)) block.content.forEach((inner, k) => add(`messages.${i}.content.${j}.content.${k}.`, inner));
      });
    });
  }
  add("", body);
  let shortSeen = false;
  for (const mark of marks) {
    if (mark.ttl !== "1h") shortSeen = true;
    else if (shortSeen) {
      return invalid(
        `${mark.where}: a ttl='1h' cache_control block must not come after a ttl='5m' cache_control block. ` +
          "Note that blocks are processed in the following order: `tools`, `system`, `messages`.",
      );
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
    if (!isObject(inner) || !["text", "image", "document", "search_result", "tool_reference"].includes(String(inner.type))) {
      return invalid(`${where}.tool_result.content.${k}: Input should be a text, image, document, search_result or tool_reference block`);
    }
    if (inner.type === "tool_reference" && typeof inner.tool_name !== "string") {
      return invalid(`${where}.tool_result.content.${k}.tool_reference.tool_name: Field required`);
    }
    const fields = BLOCK_FIELDS[String(inner.type)];
    const extra = fields ? extraField(`${where}.tool_result.content.${k}.${String(inner.type)}.`, inner, fields) : null;
    if (extra) return extra;
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
      if (ids.length === 0) continue;
      const next = messages[i + 1];
      const nextBlocks = next?.role === "user" ? blocksOf(next) : [];
      const answered = new Set(nextBlocks.filter((b) => b.type === "tool_result").map((b) => String(b.tool_use_id)));
      const missing = ids.filter((id) => !answered.has(id));
      if (missing.length > 0) {
        return invalid(
          `messages.${i}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${missing.join(", ")}. ` +
            "Each `tool_use` block must have a corresponding `tool_result` block in the next message.",
        );
      }
      // All answered, but text (or another block) before them: the results must open the message.
      const leading = nextBlocks.findIndex((b) => b.type !== "tool_result");
      if (leading !== -1 && leading < ids.length) {
        return invalid(
          `messages.${i + 1}: Did not find ${ids.length} \`tool_result\` block(s) at the beginning of this message. ` +
            "Messages following `tool_use` blocks must begin with a matching number of `tool_result` blocks.",
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


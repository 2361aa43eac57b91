// A description lint: the checks a reviewer would make on a tool definition before a model ever sees
// it. It cannot tell a good description from a bad one, but it catches the usual omissions.

import type Anthropic from "@anthropic-ai/sdk";

export interface ToolDefinition {
  name: string;
  description: string;
  input_schema: Anthropic.Tool.InputSchema;
}

// Names start with what the tool does. A list, because no regular expression can tell a verb.
const VERBS = new Set(
  ("get search find list read save write create update delete send calculate convert translate check fetch add " +
    "remove set book cancel schedule compute look summarize count open move copy edit plan remember forget ask " +
    "query load store run make generate validate describe upload download post reply rename replace insert close " +
    "start stop approve reject pay refund transfer sort filter parse format estimate compare verify notify order")
    .split(" "),
);

interface PropertySchema {
  type?: string | string[];
  description?: string;
  enum?: unknown[];
  examples?: unknown[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
}

// Returns one line per problem, each saying what to change; [] means the definition passes.
export function lintTool(tool: ToolDefinition): string[] {
  const problems: string[] = [];
  const say = (text: string) => problems.push(`${tool.name}: ${text}`);
  const description = tool.description ?? "";

  const firstWord = tool.name.split("_")[0] ?? "";
  if (!/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/.test(tool.name) || !VERBS.has(firstWord)) {
    say(`the name should be snake_case and start with a verb (verb_noun), e.g. "get_forecast"; it starts with '${firstWord}'.`);
  }
  if (sentences(description) < 3) {
    say(
      "the description should have at least 3 sentences: what the tool does, when to use it (and when not), " +
        "what it returns and how it fails.",
    );
  }
  if (!/\breturns?\b/i.test(description)) say('the description should say what the tool returns ("Returns ...").');
  if (!/\b(use (it |this( tool)? )?(when|whenever|to|for|if)|when the user)\b/i.test(description)) {
    say('the description should say when to use the tool ("Use it when ...").');
  }

  const schema = tool.input_schema;
  const properties = (schema.properties ?? {}) as Record<string, PropertySchema>;
  const required = new Set(schema.required ?? []);
  if (schema.additionalProperties !== false) {
    say("set additionalProperties: false, so a misspelled or invented field is an error instead of being ignored.");
  }
  for (const [field, property] of Object.entries(properties)) {
    const text = property.description ?? "";
    if (text.trim().split(/\s+/).length < 3) {
      say(`property '${field}' needs a description of a few words: what it means, its format, an example.`);
    }
    if (!property.enum && !property.examples?.length && !/\b(e\.g\.|for example)/i.test(text)) {
      say(`property '${field}' needs an example: add "examples": [...] or "e.g. ..." to its description.`);
    }
    if (!property.enum && /\b(one of|either|allowed values?|possible values?|valid values?)\b/i.test(text)) {
      say(`property '${field}' lists its allowed values in prose ("${text}"); make them an enum.`);
    }
    const isNumber = property.type === "integer" || property.type === "number";
    const hasRange = [property.minimum, property.maximum, property.exclusiveMinimum, property.exclusiveMaximum].some(
      (limit) => limit !== undefined,
    );
    if (isNumber && !hasRange) say(`property '${field}' is a number with no range; add minimum and/or maximum.`);
    if (required.has(field) && /\b(default|optional)\b/i.test(text)) {
      say(`property '${field}' has a default, so it should not be required; take it out of "required".`);
    }
  }
  for (const field of required) {
    if (!(field in properties)) say(`"required" lists '${field}', which is not in properties.`);
  }
  return problems;
}

function sentences(text: string): number {
  return text.split(/[.!?](?:\s|$)/).filter((part) => part.trim().length > 3).length;
}

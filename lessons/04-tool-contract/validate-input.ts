// Schema first: the tool's own input_schema is the check. The model read that schema before it wrote
// the call, so the same schema decides whether the call is valid; no second set of hand-written ifs
// that drifts away from what the model was told. Ajv is a well-kept JSON Schema validator, and draft
// 2020-12 is the dialect the Messages API uses for input_schema.

import type Anthropic from "@anthropic-ai/sdk";
import { Ajv2020, type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";

// allErrors: report every broken field at once, so the model fixes them in one retry.
// strict: a typo in our own schema ("minimun") is an error, not a silently ignored keyword.
const ajv = new Ajv2020({ allErrors: true, strict: true });
const compiled = new WeakMap<object, ValidateFunction>();

type Schema = Anthropic.Tool.InputSchema;
interface PropertySchema {
  description?: string;
  examples?: unknown[];
  enum?: unknown[];
}

// Returns one sentence per broken field, written for the model; an empty list means the input is valid.
export function checkInput(schema: Schema, input: unknown): string[] {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  if (validate(input)) return [];

  const problems: string[] = [];
  const seen = new Set<string>();
  for (const error of validate.errors ?? []) {
    const field = fieldOf(error);
    // One sentence per field: a wrong type also fails its enum, and the model needs only the first.
    if (seen.has(field)) continue;
    seen.add(field);
    problems.push(explain(error, field, schema, input));
  }
  return problems;
}

function fieldOf(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  const path = error.instancePath.slice(1).replaceAll("/", ".");
  if (error.keyword === "required") return join(path, String(params.missingProperty));
  if (error.keyword === "additionalProperties") return join(path, String(params.additionalProperty));
  return path;
}

function join(path: string, name: string): string {
  return path ? `${path}.${name}` : name;
}

function explain(error: ErrorObject, field: string, schema: Schema, input: unknown): string {
  const params = error.params as Record<string, unknown>;
  const property = propertyOf(schema, field);
  const howTo = property ? whatToSend(property) : "";
  const fields = Object.keys(schema.properties ?? {});

  switch (error.keyword) {
    case "required":
      return `'${field}' is missing. ${howTo || "See the tool's input_schema for what it takes."}`;
    case "additionalProperties":
      return (
        `'${field}' is not a field of this tool (you sent ${show(valueAt(input, field))}). ` +
        `Leave it out; the fields are: ${fields.join(", ") || "none"}.`
      );
    case "type":
      if (field === "") {
        return `The input must be a JSON object with the fields ${fields.join(", ")}; received ${show(input, true)}.`;
      }
      return `'${field}' must be ${article(String(params.type))}; received ${show(valueAt(input, field), true)}. ${howTo}`.trim();
    case "enum":
      return (
        `'${field}' must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(", ")}; ` +
        `received ${show(valueAt(input, field))}.`
      );
    case "pattern":
      // The regular expression means nothing to the model; the field's description says the rule in words.
      return `'${field}' is not in the accepted form; received ${show(valueAt(input, field))}. ${howTo}`.trim();
    default:
      return `'${field || "input"}' ${error.message ?? "is invalid"}; received ${show(valueAt(input, field))}. ${howTo}`.trim();
  }
}

function propertyOf(schema: Schema, field: string): PropertySchema | undefined {
  const properties = (schema.properties ?? {}) as Record<string, PropertySchema>;
  return field.includes(".") ? undefined : properties[field];
}

// "what to send": the field's own description and first example, straight from the schema.
function whatToSend(property: PropertySchema): string {
  const parts: string[] = [];
  if (property.description) parts.push(property.description.replace(/\.?$/, ""));
  if (property.enum) parts.push(`one of ${property.enum.map((v) => JSON.stringify(v)).join(", ")}`);
  else if (property.examples?.[0] !== undefined) parts.push(`e.g. ${show(property.examples[0])}`);
  return parts.length > 0 ? `Expected: ${parts.join("; ")}.` : "";
}

function valueAt(input: unknown, field: string): unknown {
  let value: unknown = input;
  for (const key of field.split(".")) {
    if (typeof value !== "object" || value === null) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

// Values as the model wrote them, with their JSON type when that is the problem: 500 vs "500".
function show(value: unknown, withType = false): string {
  if (value === undefined) return "nothing";
  const json = JSON.stringify(value);
  const text = json.length > 60 ? `${json.slice(0, 57)}...` : json;
  if (!withType || value === null) return text;
  if (Array.isArray(value)) return `${text} (a list)`;
  return `${text} (${article(typeof value)})`;
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

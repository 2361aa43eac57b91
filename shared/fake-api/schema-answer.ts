// Values that fit a JSON schema, for the two guarantees of structured outputs (docs: "Structured
// outputs": "guarantee schema-compliant responses through constrained decoding"; "Strict tool use"):
// - `output_config.format` of type json_schema: the answer is one JSON text that matches the schema;
// - a tool with `strict: true`: every call's input matches its input_schema.
// The values come from what the model knows (tool results, the inputs it sent, its answer, the
// question), never made-up prose. Loaded only for requests that ask for either.

import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";

type Json = Record<string, unknown>;
type Schema = Json;

export interface Knowledge {
  // Values by normalised key ("fromCurrency" and "from_currency" are one key), later ones win.
  facts: Map<string, unknown>;
  // Numbers the tools returned, oldest first: the last one is usually the answer.
  numbers: number[];
  // The model's answer in words, then the question.
  texts: string[];
}

const key = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, "");
const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);

// Facts from tool inputs and results (JSON results flattened; text results give their numbers).
export function knowledgeFrom(calls: Array<{ input: Json; output: string }>, texts: string[]): Knowledge {
  const knowledge: Knowledge = { facts: new Map(), numbers: [], texts: texts.filter((t) => t.trim() !== "") };
  const learn = (value: unknown, name?: string): void => {
    if (name !== undefined) knowledge.facts.set(key(name), value);
    if (typeof value === "number") knowledge.numbers.push(value);
    if (Array.isArray(value)) value.forEach((item) => learn(item));
    else if (isObject(value)) for (const [k, v] of Object.entries(value)) learn(v, k);
  };
  for (const call of calls) {
    for (const [k, v] of Object.entries(call.input)) knowledge.facts.set(key(k), v);
    let output: unknown;
    try {
      output = JSON.parse(call.output);
    } catch {
      output = undefined;
    }
    if (output !== undefined) learn(output);
    else for (const n of call.output.match(/-?\d+(?:\.\d+)?/g) ?? []) knowledge.numbers.push(Number(n));
  }
  return knowledge;
}

// What the model knows under a field's name: that key, or else the latest fact whose key ends with it
// ("currency" finds to_currency).
function recall(knowledge: Knowledge, name: string): unknown {
  const wanted = key(name);
  if (wanted === "") return undefined;
  if (knowledge.facts.has(wanted)) return knowledge.facts.get(wanted);
  let found: unknown;
  for (const [fact, value] of knowledge.facts) if (fact.endsWith(wanted)) found = value;
  return found;
}

// `root` is the whole schema, for `$ref`s into its `$defs` (zod schemas have them).
export function fitSchema(schema: Schema, knowledge: Knowledge, name = "", root: Schema = schema): unknown {
  if (typeof schema.$ref === "string") return fitSchema(resolve(root, schema.$ref), knowledge, name, root);
  const known = recall(knowledge, name);
  if ("const" in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum.includes(known) ? known : (sameWord(schema.enum, known) ?? pickEnum(schema.enum, knowledge));
  const options = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (Array.isArray(options)) {
    const usable = options.find((o) => o.type !== "null") ?? options[0];
    return usable ? fitSchema(usable, knowledge, name, root) : null;
  }
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string | undefined];
  const type = types.find((t) => t !== "null") ?? types[0];
  switch (type) {
    case "object":
      return fitObject(schema, knowledge, root);
    case "array": {
      const items = isObject(schema.items) ? schema.items : {};
      if (Array.isArray(known)) return known.map((item) => (matches(items, item) ? item : fitSchema(items, knowledge, name, root)));
      const count = typeof schema.minItems === "number" ? schema.minItems : 0;
      return Array.from({ length: count }, () => fitSchema(items, knowledge, name.replace(/s$/, ""), root));
    }
    case "number":
    case "integer": {
      const value = numberFrom(known, knowledge);
      return clamp(type === "integer" ? Math.round(value) : value, schema);
    }
    case "boolean":
      return typeof known === "boolean" ? known : false;
    case "null":
      return null;
    default:
      // A string, or a field of any type: what the model knows under that name, else its answer in words.
      if (typeof known === "string" || typeof known === "number") return String(known);
      return knowledge.texts[0] ?? "";
  }
}

// A number for a field: the value known under its name, else the last number a tool returned, else
// the first number in the answer or the question.
function numberFrom(known: unknown, knowledge: Knowledge): number {
  if (typeof known === "number") return known;
  if (typeof known === "string" && known.trim() !== "" && Number.isFinite(Number(known))) return Number(known);
  const inText = knowledge.texts.flatMap((t) => (t.match(/-?\d+(?:\.\d+)?/g) ?? []).map(Number));
  return knowledge.numbers.at(-1) ?? inText[0] ?? 0;
}

function resolve(root: Schema, ref: string): Schema {
  let node: unknown = root;
  for (const part of ref.replace(/^#\/?/, "").split("/").filter(Boolean)) node = isObject(node) ? node[part.replace(/~1/g, "/").replace(/~0/g, "~")] : undefined;
  return isObject(node) ? node : {};
}

function fitObject(schema: Schema, knowledge: Knowledge, root: Schema = schema): Json {
  const properties = isObject(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const out: Json = {};
  for (const [name, property] of Object.entries(properties)) {
    // An optional field is filled only with something the model knows.
    if (!required.has(name) && recall(knowledge, name) === undefined) continue;
    out[name] = fitSchema(isObject(property) ? property : {}, knowledge, name, root);
  }
  return out;
}

// The enum value that is the known value written another way ("usd" for "USD").
function sameWord(values: unknown[], known: unknown): unknown {
  if (typeof known !== "string") return undefined;
  return values.find((v) => typeof v === "string" && v.toLowerCase() === known.toLowerCase());
}

// The enum value the answer or the question mentions, else the first.
function pickEnum(values: unknown[], knowledge: Knowledge): unknown {
  const said = knowledge.texts.join(" ").toLowerCase();
  return values.find((v) => typeof v === "string" && v !== "" && said.includes(v.toLowerCase())) ?? values[0];
}

function clamp(value: number, schema: Schema): number {
  let out = value;
  if (typeof schema.minimum === "number") out = Math.max(out, schema.minimum);
  if (typeof schema.maximum === "number") out = Math.min(out, schema.maximum);
  return out;
}

// A strict tool's input as the model would have sent it: what was planned, kept where it fits the
// schema, converted where only the type differs, and the missing required fields filled.
export function conformInput(schema: Schema, input: Json, knowledge: Knowledge): Json {
  if (matches(schema, input)) return input;
  const properties = isObject(schema.properties) ? schema.properties : {};
  const known: Knowledge = { ...knowledge, facts: new Map([...knowledge.facts, ...Object.entries(input).map(([k, v]) => [key(k), v] as const)]) };
  // Every field the plan gave is kept (converted), and every required one filled.
  const keep = Object.keys(properties).filter((name) => name in input || (schema.required as string[] | undefined)?.includes(name));
  return fitObject({ ...schema, required: keep }, known);
}

// Compiled validators, kept per schema text: a loop sends the same schema with every request.
let ajv: Ajv2020 | undefined;
const validators = new Map<string, ValidateFunction>();

export function schemaMismatch(schema: Schema, value: unknown): string | null {
  const text = JSON.stringify(schema);
  let validate = validators.get(text);
  if (!validate) {
    ajv ??= new Ajv2020({ strict: false, validateFormats: false, allErrors: false });
    validate = ajv.compile(schema);
    if (validators.size > 200) validators.clear();
    validators.set(text, validate);
  }
  if (validate(value)) return null;
  const first = validate.errors?.[0];
  return first ? `${first.instancePath || "/"} ${first.message ?? "does not match"}` : "does not match the schema";
}

export function matches(schema: Schema, value: unknown): boolean {
  return schemaMismatch(schema, value) === null;
}

// Which offered tool does which job: the offline model reads each tool's description and input schema
// (never a list of names it knows) and matches it to a capability (capabilities.ts). A tool is trusted
// when its description and schema say what it does and its schema says what goes where; its name, read
// as words, only breaks ties. Done once per request, before any skill plans.
//
//   fx_lookup "Look up the exchange rate between two currencies" {base, quote}
//     -> get_exchange_rate, with from_currency -> base, to_currency -> quote
//   get_exchange_rate "Does things with money"
//     -> not trusted: the model may guess what it is for, but it will not call it (hesitation.ts)

import type Anthropic from "@anthropic-ai/sdk";
import { capabilities, RETURNS, type ArgProfile, type Capability } from "./capabilities.ts";
import { firstSentence, hasStem, onlyWordsOf, stemCount, wordsOf, type Words } from "./words.ts";

export interface ChosenTool {
  // What the skills call it: the capability's id, behind the tool's MCP prefix if it has one.
  name: string;
  capability: Capability;
  tool: Anthropic.Tool;
  // The skills' argument key -> the tool's own property.
  args: Record<string, string>;
  score: number;
  // Other tools offered for the same job with descriptions just as clear (the first offered was picked).
  tiedWith: string[];
}

export interface UnsureTool {
  tool: Anthropic.Tool;
  // "description": it does not say what the tool does; "inputs": it does, but not what goes where.
  reason: "description" | "inputs";
  // What it most likely is, from every hint including its name: used only to say what would help.
  guess?: ChosenTool;
  // Its name, read as words, points at the guess ("get_exchange_rate"): a hint the model does not trust.
  nameSuggests: boolean;
  // Its description is empty or only repeats its name.
  undescribed: boolean;
}

export interface ToolChoice {
  chosen: ChosenTool[];
  unsure: UnsureTool[];
}

interface Property {
  key: string;
  nameWords: Words;
  textWords: Words;
  type: string | undefined;
  required: boolean;
}

interface Reading {
  tool: Anthropic.Tool;
  prefix: string;
  nameWords: Words;
  // Empty when the description only repeats the name ("get_exchange_rate": "get_exchange_rate").
  descriptionWords: Words;
  firstWords: Words;
  schemaWords: Words;
  properties: Property[];
}

interface Judgement {
  capability: Capability;
  score: number;
  trusted: boolean;
  nameSuggests: boolean;
  args: Record<string, string> | undefined;
}

// Every turn of a conversation offers the same tools again: each set is read once.
const recent = new Map<string, ToolChoice>();
const REMEMBERED_SETS = 32;

export function chooseTools(tools: Anthropic.Tool[]): ToolChoice {
  const key = JSON.stringify(tools);
  const known = recent.get(key);
  if (known) return known;
  const choice = readChoice(tools);
  recent.set(key, choice);
  if (recent.size > REMEMBERED_SETS) recent.delete(recent.keys().next().value!);
  return choice;
}

function readChoice(tools: Anthropic.Tool[]): ToolChoice {
  const chosen: ChosenTool[] = [];
  const unsure: UnsureTool[] = [];
  for (const tool of tools) {
    const reading = readTool(tool);
    const judgements = capabilities.map((c) => judge(c, reading)).filter((j) => j.score > 0);
    const best = pickBest(judgements.filter((j) => j.trusted && j.args));
    if (best) {
      chosen.push(chosenTool(reading, best, best.args!));
      continue;
    }
    const described = pickBest(judgements.filter((j) => j.trusted));
    if (described) {
      const args = positionalArgs(described.capability, reading);
      unsure.push({ tool, reason: "inputs", nameSuggests: false, undescribed: false, guess: args ? chosenTool(reading, described, args) : undefined });
      continue;
    }
    const guess = pickBest(judgements.filter((j) => j.args));
    unsure.push({
      tool,
      reason: "description",
      nameSuggests: guess?.nameSuggests ?? false,
      undescribed: reading.descriptionWords.list.length === 0,
      guess: guess ? chosenTool(reading, guess, guess.args!) : undefined,
    });
  }
  return { chosen: oneToolPerJob(chosen), unsure };
}

// Two tools for one job: the better description wins; on a tie the first offered, and the model says so.
function oneToolPerJob(chosen: ChosenTool[]): ChosenTool[] {
  const kept: ChosenTool[] = [];
  for (const candidate of chosen) {
    const rival = kept.findIndex((k) => k.name === candidate.name);
    if (rival < 0) kept.push(candidate);
    else if (candidate.score > kept[rival]!.score) kept[rival] = candidate;
    else if (candidate.score === kept[rival]!.score) kept[rival]!.tiedWith.push(candidate.tool.name);
  }
  return kept;
}

function pickBest(judgements: Judgement[]): Judgement | undefined {
  let best: Judgement | undefined;
  for (const j of judgements) if (!best || j.score > best.score) best = j;
  return best;
}

function chosenTool(reading: Reading, judgement: Judgement, args: Record<string, string>): ChosenTool {
  return { name: reading.prefix + judgement.capability.id, capability: judgement.capability, tool: reading.tool, args, score: judgement.score, tiedWith: [] };
}

function readTool(tool: Anthropic.Tool): Reading {
  const prefix = /^mcp__.+?__/.exec(tool.name)?.[0] ?? "";
  const nameWords = wordsOf(tool.name.slice(prefix.length));
  const description = tool.description ?? "";
  const described = wordsOf(description);
  const echo = onlyWordsOf(described, wordsOf(tool.name));
  const schema = tool.input_schema;
  const required = new Set(schema.required ?? []);
  const properties = Object.entries((schema.properties ?? {}) as Record<string, Record<string, unknown>>).map(([key, spec]) => {
    const said = [spec.description, spec.title, ...(Array.isArray(spec.enum) ? spec.enum : [])].filter((s) => typeof s === "string").join(" ");
    return { key, said, nameWords: wordsOf(key), textWords: wordsOf(said), type: typeOf(spec), required: required.has(key) };
  });
  return {
    tool,
    prefix,
    nameWords,
    descriptionWords: echo ? wordsOf() : described,
    firstWords: echo ? wordsOf() : wordsOf(firstSentence(description)),
    schemaWords: wordsOf(...properties.flatMap((p) => [p.key, p.said])),
    properties,
  };
}

function typeOf(spec: Record<string, unknown>): string | undefined {
  const type = Array.isArray(spec.type) ? spec.type.find((t) => t !== "null") : spec.type;
  if (type === "integer") return "number";
  if (typeof type === "string") return type;
  return Array.isArray(spec.enum) ? "string" : undefined;
}

// A concept said in the first sentence counts double, elsewhere in the description or schema once,
// only in the tool's name half: a name is a hint, not a description.
function judge(capability: Capability, reading: Reading): Judgement {
  let score = 0;
  let trusted = true;
  let inDescription = false;
  let namedConcepts = 0;
  for (const concept of capability.concepts) {
    const weight = hasStem(reading.firstWords, concept.stems)
      ? 2
      : hasStem(reading.descriptionWords, concept.stems) || hasStem(reading.schemaWords, concept.stems)
        ? 1
        : hasStem(reading.nameWords, concept.stems)
          ? 0.5
          : 0;
    if (concept.required && hasStem(reading.nameWords, concept.stems)) namedConcepts += 1;
    if (concept.required && weight < 1) trusted = false;
    if (concept.required && hasStem(reading.descriptionWords, concept.stems)) inDescription = true;
    score += weight;
  }
  const nameSuggests = namedConcepts > 0;
  if (score === 0) return { capability, score, trusted: false, nameSuggests, args: undefined };
  if (capability.notWhen && hasStem(reading.firstWords, capability.notWhen)) trusted = false;
  if (hasStem(reading.descriptionWords, RETURNS)) score += 1;
  // The name breaks a tie between two jobs a description fits equally well, and no more.
  score += namedConcepts * 0.25;
  return { capability, score, trusted: trusted && inDescription, nameSuggests, args: fitArgs(capability, reading.properties) };
}

// Which property gets which of the skills' arguments: by the words of each property's name,
// description and enum, the name counting double. Every argument the skills always send needs a home,
// and every property the tool requires needs a value; the best-scoring way of pairing them wins.
function fitArgs(capability: Capability, properties: Property[]): Record<string, string> | undefined {
  const keys = Object.keys(capability.args);
  let best: { total: number; args: Record<string, string> } | undefined;
  const pick = (i: number, used: Set<string>, total: number, args: Record<string, string>) => {
    if (i === keys.length) {
      if (properties.every((p) => !p.required || used.has(p.key)) && (!best || total > best.total)) best = { total, args: { ...args } };
      return;
    }
    const key = keys[i]!;
    const profile = capability.args[key]!;
    for (const property of properties) {
      if (used.has(property.key)) continue;
      const fit = argScore(profile, property);
      if (fit <= 0) continue;
      used.add(property.key);
      args[key] = property.key;
      pick(i + 1, used, total + fit, args);
      used.delete(property.key);
      delete args[key];
    }
    if (profile.optional) pick(i + 1, used, total, args);
  };
  pick(0, new Set(), 0, {});
  if (best) return best.args;
  // A schema that lists no properties says nothing about the input: the skills' own keys go as they are.
  if (properties.length === 0) return Object.fromEntries(keys.map((k) => [k, k]));
  // One argument, one property of the right type: nothing else it could mean.
  const needed = keys.filter((k) => !capability.args[k]!.optional);
  if (needed.length === 1 && properties.length === 1 && typeFits(capability.args[needed[0]!]!, properties[0]!)) return { [needed[0]!]: properties[0]!.key };
  return undefined;
}

function argScore(profile: ArgProfile, property: Property): number {
  if (!typeFits(profile, property)) return 0;
  return 2 * stemCount(property.nameWords, profile.stems) + stemCount(property.textWords, profile.stems);
}

function typeFits(profile: ArgProfile, property: Property): boolean {
  return property.type === undefined || property.type === profile.type;
}

// A tool that says what it does but not what its inputs mean: the arguments in the schema's order,
// only to say what the model would have sent.
function positionalArgs(capability: Capability, reading: Reading): Record<string, string> | undefined {
  const keys = Object.keys(capability.args).filter((k) => !capability.args[k]!.optional);
  if (keys.length !== reading.properties.length) return undefined;
  return Object.fromEntries(keys.map((k, i) => [k, reading.properties[i]!.key]));
}

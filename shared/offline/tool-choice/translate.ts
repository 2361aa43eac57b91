// The skills plan with a capability's id and argument keys (get_exchange_rate, from_currency); the
// request may call that tool fx_lookup with a property named base. Results come in under the skills'
// names, planned calls go out under the tool's own, and so do the tool names in what the model says.

import type Anthropic from "@anthropic-ai/sdk";
import type { ChosenTool, ToolChoice } from "./match-tools.ts";

interface Call {
  name: string;
  input: Record<string, unknown>;
}

// The tools as the skills see them: each under its capability's id, with the skills' argument keys.
export function toolsAsKnown(choice: ToolChoice): Anthropic.Tool[] {
  return choice.chosen.map((chosen) => {
    const schema = chosen.tool.input_schema;
    const properties = (schema.properties ?? {}) as Record<string, unknown>;
    const required = new Set(schema.required ?? []);
    const keys = Object.entries(chosen.args);
    return {
      name: chosen.name,
      description: chosen.tool.description,
      input_schema: {
        type: "object",
        properties: Object.fromEntries(keys.map(([key, real]) => [key, properties[real]])),
        required: keys.filter(([, real]) => required.has(real)).map(([key]) => key),
      },
    };
  });
}

// A call the request made (by its real name) as the skills know it. Calls to other tools stay as they are.
export function callIn<T extends Call>(choice: ToolChoice, call: T): T {
  const chosen = choice.chosen.find((c) => c.tool.name === call.name);
  if (!chosen) return call;
  const back = Object.fromEntries(Object.entries(chosen.args).map(([key, real]) => [real, key]));
  return { ...call, name: chosen.name, input: renameKeys(call.input, back) };
}

export function callOut<T extends Call>(choice: ToolChoice, call: T): T {
  const chosen = choiceFor(choice, call.name);
  if (!chosen) return call;
  return { ...call, name: chosen.tool.name, input: renameKeys(call.input, chosen.args) };
}

export function choiceFor(choice: ToolChoice, name: string): ChosenTool | undefined {
  return choice.chosen.find((c) => c.name === name);
}

// "(demo rate from get_exchange_rate)" -> "(demo rate from fx_lookup)": only whole tool names, all at once.
export function namesOut(choice: ToolChoice, text: string): string {
  const renamed = new Map(choice.chosen.filter((c) => c.name !== c.tool.name).map((c) => [c.name, c.tool.name]));
  if (renamed.size === 0) return text;
  const names = [...renamed.keys()].map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|");
  return text.replace(new RegExp(`(?<![\\w-])(?:${names})(?![\\w-])`, "g"), (name) => renamed.get(name)!);
}

function renameKeys(input: Record<string, unknown>, names: Record<string, string>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(input ?? {}).map(([key, value]) => [Object.hasOwn(names, key) ? names[key]! : key, value]));
}

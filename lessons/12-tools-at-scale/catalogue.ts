// The catalogue of part 3: 200+ tools, as an agent meets them once it connects a few servers. The
// course's own tools come first, imported from the lessons that built them (their definitions only:
// nothing here runs them), then a company's business tools (business-tools.ts).
//
// A CatalogueTool is the SDK's beta tool shape, so the same objects go to the API as they are, with
// `defer_loading` or `input_examples` where the lesson sets them. Its description is required here:
// a tool the search cannot read is a tool the model never finds.

import path from "node:path";
import type Anthropic from "@anthropic-ai/sdk";
import { getExchangeRateTool } from "../01-first-tool/exchange-rate.ts";
import { calculateTool } from "../02-agent-loop/calculate.ts";
import { createSaveToFileTool } from "../03-saving-files/save-to-file.ts";
import { createForgetTool } from "../06-memory/forget.ts";
import { createRememberTool } from "../06-memory/remember.ts";
import { createSetPreferenceTool } from "../06-memory/set-preference.ts";
import { createEmailTools } from "../07-approval-gates/email.ts";
import { createReadFileTool } from "../07-approval-gates/read-file.ts";
import { createAddRowTool } from "../08-assistant/add-row.ts";
import { createEditFileTool } from "../10-edit-tool/edit-file.ts";
import { createReadTracker } from "../10-edit-tool/read-tracker.ts";
import { businessTools } from "./business-tools.ts";

export type CatalogueTool = Anthropic.Beta.BetaTool & { description: string };

// A few calls worth showing the model next to the schema (`input_examples`): the shapes a schema
// alone leaves open, such as which way round a currency pair goes.
const COURSE_EXAMPLES: Record<string, Record<string, unknown>[]> = {
  get_exchange_rate: [{ from_currency: "USD", to_currency: "EUR" }],
  calculate: [{ expression: "1500 * 0.2" }],
  save_to_file: [{ filename: "report.txt", content: "USD/RUB: 92.5" }],
  edit_file: [{ path: "src/math.ts", old_text: "return a - b;", new_text: "return a + b;" }],
};

// The factories want folders, for when their tools run. These never run, and building a tool touches
// no disk, so any folder will do; the workspace's names keep the descriptions as the lessons print them.
function courseTools(): CatalogueTool[] {
  const workspace = path.resolve(process.cwd(), "workspace");
  const memory = path.join(workspace, "memory");
  const { planEmailTool, sendEmailTool } = createEmailTools(path.join(workspace, "outbox"));
  const tools = [
    getExchangeRateTool,
    calculateTool,
    createSaveToFileTool(workspace),
    createReadFileTool(workspace),
    planEmailTool,
    sendEmailTool,
    createRememberTool(memory),
    createForgetTool(memory),
    createSetPreferenceTool(memory),
    createAddRowTool(workspace),
    createEditFileTool(path.join(workspace, "project"), createReadTracker()),
  ];
  return tools.map(({ name, description, input_schema }) => {
    const examples = COURSE_EXAMPLES[name];
    return examples ? { name, description, input_schema, input_examples: examples } : { name, description, input_schema };
  });
}

// A fresh array of fresh objects on every call: a caller that marks tools (defer_loading,
// cache_control) cannot change what the next caller gets.
export function toolCatalogue(): CatalogueTool[] {
  const tools = [...courseTools(), ...businessTools()];
  const seen = new Set<string>();
  for (const tool of tools) {
    // Two tools under one name is a 400 from the API; better to fail here, where the list is made.
    if (seen.has(tool.name)) throw new Error(`The catalogue has two tools named ${tool.name}.`);
    seen.add(tool.name);
  }
  return structuredClone(tools);
}

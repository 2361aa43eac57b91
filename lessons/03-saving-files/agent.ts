// Lesson 03: an agent that changes something outside the conversation. Same loop as lesson 02, one
// more tool: save_to_file, which writes into the workspace folder and nowhere else.
//
//   "How much are 500 US dollars in rubles? Save the result to report.txt"
//     → get_exchange_rate {"from_currency":"USD","to_currency":"RUB"}
//     → calculate {"expression":"500 * 92.5"}
//     → save_to_file {"filename":"report.txt","content":"500 USD = 46250 RUB ..."}
//     ← {"path":"report.txt","bytes":...,"status":"created"}
//
// Run it: npm run lesson 3, then look at workspace/report.txt.

import type Anthropic from "@anthropic-ai/sdk";
import { getExchangeRateTool } from "../01-first-tool/exchange-rate.ts";
import type { Tool } from "../01-first-tool/tool.ts";
import { calculateTool } from "../02-agent-loop/calculate.ts";
import { runLoop } from "../02-agent-loop/loop.ts";
import { createSaveToFileTool, DEFAULT_WORKSPACE } from "./save-to-file.ts";

export const sampleTasks = [
  "How much are 500 US dollars in rubles? Save the result to report.txt",
  "Сколько будет 500 долларов в рублях? Сохрани результат в файл report.txt",
  "What is 15% of 46250? Save it to tax.txt",
  "Посчитай 15% от 46250 и сохрани в файл tax.txt",
  "How much are 1000 EUR in rubles?",
];

// The tools, with save_to_file fenced into one folder. Tests pass a temporary folder.
export function createAgentTools(workspaceDir: string = DEFAULT_WORKSPACE): Tool[] {
  return [getExchangeRateTool, calculateTool, createSaveToFileTool(workspaceDir)];
}

export const tools: Tool[] = createAgentTools();

export const system =
  "You are a careful assistant. Look rates up with get_exchange_rate and do every calculation with calculate; " +
  "never guess a rate or a number. Save a file only when the user asks for one, with save_to_file, and write " +
  "into it the result together with the figures it came from (the rate, the amount). Answer in the language " +
  "of the question and say where the file was saved.";

// Options, not a bare folder: `npm run lesson` hands every lesson its command-line flags here, as
// docs/AUTHORING.md says. Tests pass { workspaceDir } to keep the learner's workspace/ untouched.
export interface AgentOptions {
  workspaceDir?: string;
}

export async function runAgent(client: Anthropic, task: string, options: AgentOptions = {}): Promise<string> {
  const result = await runLoop(client, task, { tools: createAgentTools(options.workspaceDir ?? DEFAULT_WORKSPACE), system });
  return result.text;
}

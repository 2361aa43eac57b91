// Lesson 02: the agent loop. Two tools, and as many round trips as the task needs:
//
//   "How much are 1000 EUR in rubles?"
//     → get_exchange_rate {"from_currency":"EUR","to_currency":"RUB"}   (think: I need the rate)
//     ← {"rate":100.3}                                                  (observe)
//     → calculate {"expression":"1000 * 100.3"}                         (act again)
//     ← {"result":100300}
//     "1000 EUR is 100,300 RUB."                                        (end_turn: done)
//
// The loop itself is in loop.ts; read it next to this file.
// Run it: npm run lesson 2            (or: npm run lesson 2 -- "What is 15% of 46250?")

import type Anthropic from "@anthropic-ai/sdk";
import { getExchangeRateTool } from "../01-first-tool/exchange-rate.ts";
import type { Tool } from "../01-first-tool/tool.ts";
import { calculateTool } from "./calculate.ts";
import { runLoop } from "./loop.ts";

export const sampleTasks = [
  "How much are 1000 EUR in rubles?",
  "What is 15% of 46250?",
  "Сколько будет 1000 евро в рублях?",
  "Сколько будет 15% от 46250?",
];

export const tools: Tool[] = [getExchangeRateTool, calculateTool];

export const system =
  "You are a careful assistant. Look rates up with get_exchange_rate and do every calculation with calculate; " +
  "never guess a rate or work out a number in your head. Answer in the language of the question.";

export async function runAgent(client: Anthropic, task: string): Promise<string> {
  const result = await runLoop(client, task, { tools, system });
  return result.text;
}

// Lesson 05: several read-only lookups in one turn, run at the same time, and a harness that no tool
// can hang or flood. The model asks for three rates at once; all three are concurrency-safe reads, so
// the executor runs them together and answers all three in one message. A turn with a write in it
// (save_to_file) runs one call after another.
//
// Run it: npm run lesson 5
//         LIVE_RATES_URL=https://open.er-api.com/v6/latest npm run lesson 5     (live rates, opt-in)

import type Anthropic from "@anthropic-ai/sdk";
// The timing line follows the learner's language (COURSE_LANG=ru: Russian); the README shows the English.
import { messages } from "../../shared/i18n/messages.ts";
import { inert } from "../../shared/inert-text.ts";
import { runLoop } from "../02-agent-loop/loop.ts";
import { DEFAULT_WORKSPACE } from "../03-saving-files/save-to-file.ts";
import { calculateTool } from "../04-tool-contract/calculate.ts";
import { asTool } from "../04-tool-contract/dispatch.ts";
import { createSaveToFileTool } from "../04-tool-contract/save-to-file.ts";
import { declareSafety, READS_ONLY } from "./declare-safety.ts";
import { canRunInParallel, executeBatch, type CallTiming, type SafeTool } from "./executor.ts";
import { createExchangeRateTool, type LiveRatesOptions } from "./live-rates.ts";

export const sampleTasks = [
  "How much are 100 USD in RUB, in EUR, and 100 EUR in RUB?",
  "Сколько будет 100 долларов в рублях, в евро и 100 евро в рублях?",
  "What are the USD/RUB and EUR/RUB rates?",
  "Convert $250 to euros and to rubles",
];

export interface AgentOptions {
  workspaceDir?: string;
  rates?: LiveRatesOptions;
  // Where the timing lines go (tests collect them).
  write?: (line: string) => void;
}

export function createAgentTools(options: AgentOptions = {}): SafeTool[] {
  const rates: LiveRatesOptions = options.rates ?? {
    url: process.env.LIVE_RATES_URL?.trim() || undefined,
    // Offline, the demo table answers at once; a short pause stands in for the network, so you can
    // see three calls take the time of one.
    demoLatencyMs: 300,
  };
  const rateTool = createExchangeRateTool(rates);
  const { readOnly, concurrencySafe, timeoutMs } = rateTool;
  return [
    declareSafety(asTool(rateTool), { readOnly, concurrencySafe, timeoutMs }),
    // Lesson 04's calculate only computes: it may run beside the rate lookups.
    declareSafety(asTool(calculateTool), READS_ONLY),
    // save_to_file writes, and says nothing: it runs alone.
    asTool(createSaveToFileTool(options.workspaceDir ?? DEFAULT_WORKSPACE)),
  ];
}

export const system =
  "You are a careful assistant. Look rates up with get_exchange_rate and do every calculation with calculate. " +
  "When you need several lookups that do not depend on each other, ask for all of them in the same turn. " +
  "Say which source the rates came from. Answer in the language of the question.";

export async function runAgent(client: Anthropic, task: string, options: AgentOptions = {}): Promise<string> {
  const write = options.write ?? ((line: string) => console.log(line));
  const tools = createAgentTools(options);
  const result = await runLoop(client, task, {
    tools,
    system,
    // The transcript shows the calls and results; only the timing is ours to print.
    executeTools: async (calls) => {
      const timings: CallTiming[] = [];
      const started = performance.now();
      const results = await executeBatch(calls, tools, { onCallEnd: (timing) => timings.push(timing) });
      write(timingLine(canRunInParallel(calls, tools), timings, performance.now() - started));
      return results;
    },
  });
  return result.text;
}

function timingLine(parallel: boolean, timings: CallTiming[], totalMs: number): string {
  const say = messages().parallel;
  const ms = (value: number) => say.ms(Math.round(value));
  // The names come from the model: printed inert, like everything the model sends.
  const each = timings.map((t) => `${inert(t.name)} ${ms(t.ms)}${t.isError ? say.error : ""}`).join(", ");
  const sum = timings.reduce((total, t) => total + t.ms, 0);
  if (timings.length === 1) return `  ⏱ ${each}`;
  const line = parallel ? say.together : say.inTurn;
  return line(timings.length, ms(totalMs), each, ms(sum));
}

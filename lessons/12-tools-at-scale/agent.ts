// Lesson 12: tools at scale, the SDK's way. Lessons 01-11 built every piece by hand; here the SDK and
// the API carry most of it, and we keep what they do not carry. One task, four parts:
//
//   1. the loop: lesson 02's runLoop, then the SDK's toolRunner on the same task (zod tools, our gate,
//      timeout and cap wrapped around each tool's run; a message thread instead of the whole history);
//   2. strict tools and messages.parse: the answer as JSON of a zod schema, and what that does not prove;
//   3. 246 tools sent with defer_loading: the token count both ways, then the server's tool search and
//      our own search tool (tool_reference blocks) finding the two tools the task needs;
//   4. a cache_control breakpoint after the tools and system prompt: what each request wrote to the
//      cache and read from it, and what that did to the cost.
//
// Run it: npm run lesson 12             (all four parts)
//         npm run lesson 12 -- --part 3 (one part)

import chalk from "chalk";
import type Anthropic from "@anthropic-ai/sdk";
import type { BetaRunnableTool } from "@anthropic-ai/sdk/lib/tools/BetaRunnableTool";
import { system as lesson02System } from "../02-agent-loop/agent.ts";
import { DEFAULT_WORKSPACE } from "../03-saving-files/save-to-file.ts";
import { defaultApprover, type Approver } from "../07-approval-gates/approver.ts";
import type { PermissionRules } from "../07-approval-gates/permissions.ts";
import { createAgentTools } from "../07-approval-gates/agent.ts";
import { formatUsd } from "../08-assistant/cost.ts";
import { DEFAULT_RULES_FILE, loadRules } from "../07-approval-gates/rules-file.ts";
import { messages } from "../../shared/i18n/messages.ts";
import { inert } from "../../shared/inert-text.ts";
import type { LessonFlags } from "../../shared/lesson-flags.ts";
import { modelName } from "../../shared/model.ts";
import { UsageError } from "../../shared/usage-error.ts";
import { toolCatalogue } from "./catalogue.ts";
import { TOOL_SEARCH_NAME } from "./tool-search.ts";
import { guarded, type Guards } from "./guarded-tool.ts";
import { countBothWays, runWithSearch, withRunnables, type SearchRun, type SearchVariant } from "./many-tools.ts";
import { compareCost, runWithCache } from "./prompt-cache.ts";
import { onlyHints, strictTools, structuredAnswer, type ConversionAnswer } from "./structured.ts";
import { handBuiltLoop, MAX_ITERATIONS, sdkToolRunner, type LoopRun } from "./two-loops.ts";
import { calculateZodTool, exchangeRateZodTool, saveToFileZodTool } from "./zod-tools.ts";

export const sampleTasks = [
  "How much are 250 EUR in US dollars?",
  "Сколько будет 250 евро в долларах?",
  "How much are 500 US dollars in rubles? Save the result to reports/usd-rub.txt",
  "Сколько будет 500 долларов в рублях? Сохрани результат в config.env",
];

export const lessonFlags: LessonFlags = {
  part: { type: "string", value: "N", help: { en: "show only part N (1-4) of the lesson", ru: "показать только часть N (1-4) урока" } },
  search: { type: "string", value: "bm25|regex", help: { en: "the server's tool search variant in part 3 (default bm25)", ru: "вариант серверного поиска инструментов в части 3 (по умолчанию bm25)" } },
};

export const SYSTEM_PROMPT = lesson02System + " Save a file only when the user asks.";

// Part 3 only: the other parts load every tool up front, and a prompt that tells the model to search
// where there is no search tool sends it looking for one.
export const SEARCH_PROMPT =
  SYSTEM_PROMPT + " Some tools are loaded only when a search finds them: search for what the task needs, then call what the search returned.";

export interface AgentOptions {
  part?: string;
  search?: string;
  workspace?: string;
  rules?: PermissionRules;
  rulesFile?: string;
  approver?: Approver;
  print?: (line: string) => void;
}

const PARTS = ["1", "2", "3", "4"] as const;

export async function runAgent(client: Anthropic, task: string, options: AgentOptions = {}): Promise<string> {
  const say = messages().toolsAtScale;
  const print = options.print ?? ((line: string) => console.log(line));
  const parts = options.part === undefined ? [...PARTS] : PARTS.filter((part) => part === options.part?.trim());
  if (parts.length === 0) throw new UsageError(say.badPart(inert(options.part ?? "")));
  const variant: SearchVariant = options.search === "regex" ? "regex" : "bm25";
  if (options.search !== undefined && !["bm25", "regex"].includes(options.search)) throw new UsageError(say.badSearch(inert(options.search)));

  // Our tools, as the runner takes them: zod schemas, and each run wrapped in the gate, a timeout and a cap.
  const workspace = options.workspace ?? (process.env.WORKSPACE_DIR?.trim() || DEFAULT_WORKSPACE);
  const guards: Guards = {
    rules: options.rules ?? (await loadRules(options.rulesFile ?? DEFAULT_RULES_FILE)),
    approver: options.approver ?? defaultApprover(),
    onVerdict: (call, verdict) => {
      if (verdict.allowed) print(chalk.dim(messages().approval.gateRuns(inert(call.name), inert(verdict.reason))));
      else print(chalk.yellow(say.refused(inert(call.name))));
    },
  };
  // save_to_file's approval card and name tidying are lesson 07's own (whether it replaces a file, the
  // name the tool will really write), taken from its tool rather than written again.
  const lesson07Save = createAgentTools(workspace).find((tool) => tool.name === "save_to_file");
  const tools: BetaRunnableTool<any>[] = [
    guarded(exchangeRateZodTool, { readOnly: true }, guards),
    guarded(calculateZodTool, { readOnly: true }, guards),
    guarded(saveToFileZodTool(workspace), { readOnly: false, describeEffect: lesson07Save?.describeEffect, normalizeInput: lesson07Save?.normalizeInput }, guards),
  ];

  let answer = "";
  for (const part of parts) {
    if (part === "1") answer = await loops(client, task, tools, print);
    if (part === "2") answer = await strict(client, task, print);
    if (part === "3") answer = await manyTools(client, task, tools, variant, print);
    if (part === "4") answer = await caching(client, task, tools, print);
  }
  return answer;
}

async function loops(client: Anthropic, task: string, tools: BetaRunnableTool<any>[], print: (line: string) => void): Promise<string> {
  const say = messages().toolsAtScale;
  print(chalk.bold(say.part(1, say.titles.loops)));
  print(chalk.dim(say.byHand));
  const byHand = await handBuiltLoop(client, task);
  print(chalk.dim(say.bySdk));
  const sdk = await sdkToolRunner(client, task, tools, SYSTEM_PROMPT);
  print(chalk.dim(say.handLoop(byHand.sent.length, sentList(byHand), byHand.sent.at(-1)?.characters ?? 0)));
  print(chalk.dim(say.runner(sdk.sent.length, sentList(sdk), sdk.sent.at(-1)?.characters ?? 0)));
  if (sdk.cutShort) print(chalk.yellow(say.cutShort(MAX_ITERATIONS)));
  return sdk.text;
}

function sentList(run: LoopRun): string {
  return run.sent.map((request) => request.messages).join(", ");
}

async function strict(client: Anthropic, task: string, print: (line: string) => void): Promise<string> {
  const say = messages().toolsAtScale;
  print(chalk.bold(say.part(2, say.titles.strict)));
  const hints = strictTools.flatMap(onlyHints);
  if (hints.length > 0) print(chalk.dim(say.hintOnly(hints.join("; "))));
  const run = await structuredAnswer(client, task);
  if (!run.answer) {
    print(chalk.yellow(say.noParsed));
    return run.text;
  }
  print(say.parsed(inert(JSON.stringify(run.answer))));
  const ungrounded = notInResults(run.answer, run.results);
  print(ungrounded.length === 0 ? chalk.dim(say.grounded(run.calls)) : chalk.yellow(say.notGrounded(ungrounded.join(", "))));
  return run.answer.answer;
}

// Lesson 04's lesson, one level up: a valid shape is not a true answer. The figures must come from
// what the tools returned, or the model made them up.
export function notInResults(answer: ConversionAnswer, results: string[]): string[] {
  const numbers = new Set(results.flatMap((text) => (text.match(/-?\d+(?:\.\d+)?/g) ?? []).map(Number)));
  return (["amount", "rate"] as const).filter((field) => !numbers.has(answer[field])).map((field) => `${field} ${answer[field]}`);
}

async function manyTools(client: Anthropic, task: string, tools: BetaRunnableTool<any>[], variant: SearchVariant, print: (line: string) => void): Promise<string> {
  const say = messages().toolsAtScale;
  print(chalk.bold(say.part(3, say.titles.search)));
  const counts = await countBothWays(client, task, withRunnables(toolCatalogue(), tools), variant);
  print(chalk.dim(say.tokens(counts.tools, counts.allLoaded, counts.deferred)));

  print(chalk.dim(say.serverSearch(`tool_search_tool_${variant}`)));
  showSearches(await runWithSearch(client, task, tools, { by: "server", variant, system: SEARCH_PROMPT }), print);
  print(chalk.dim(say.clientSearch(TOOL_SEARCH_NAME)));
  const own = await runWithSearch(client, task, tools, { by: "client", system: SEARCH_PROMPT });
  showSearches(own, print);
  return own.text;
}

function showSearches(run: SearchRun, print: (line: string) => void): void {
  const say = messages().toolsAtScale;
  if (run.searches.length === 0) print(chalk.dim(say.noSearch));
  for (const search of run.searches) {
    const query = `"${inert(search.query)}"`;
    print(chalk.dim(search.found.length > 0 ? say.found(query, search.found.map((name) => inert(name)).join(", ")) : say.foundNothing(query)));
  }
}

async function caching(client: Anthropic, task: string, tools: BetaRunnableTool<any>[], print: (line: string) => void): Promise<string> {
  const say = messages().toolsAtScale;
  print(chalk.bold(say.part(4, say.titles.cache)));
  // The whole catalogue loaded, as an agent without tool search sends it: a long prefix worth caching.
  const run = await runWithCache(client, task, withRunnables(toolCatalogue(), tools), SYSTEM_PROMPT);
  run.usage.forEach((usage, index) => print(chalk.dim(say.usage(index + 1, usage.input, usage.cacheWrite, usage.cacheRead, usage.output))));
  const cost = compareCost(modelName(), run.usage);
  const dollars = (value: number | undefined) => (value === undefined ? say.noPrice : formatUsd(value));
  print(chalk.dim(say.cost(dollars(cost.withCache), dollars(cost.withoutCache))));
  return run.text;
}

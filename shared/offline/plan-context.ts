// What the offline planner knows when it decides its next move: the task, the tools on offer, and
// what the tools have returned so far. It is built from the request alone, the same way real Claude
// only knows what is in the request.

import type Anthropic from "@anthropic-ai/sdk";
import { toolResultText } from "../fake-api/receive-request.ts";
import { chooseTools, type ToolChoice } from "./tool-choice/match-tools.ts";
import { callIn, toolsAsKnown } from "./tool-choice/translate.ts";
import { resolveConversation } from "./conversation.ts";
import { factsFromSummary } from "./summary-text.ts";

export type MessagesRequest = Anthropic.MessageCreateParamsNonStreaming;
export type Lang = "en" | "ru";

export interface ToolOutcome {
  id: string;
  name: string;
  input: Record<string, unknown>;
  output: string;
  isError: boolean;
}

export interface ToolCallPlan {
  name: string;
  input: Record<string, unknown>;
}

// A skill answers with one of these: call tools (all in one turn), or say something and stop.
export type Plan = { call: ToolCallPlan[]; say?: string } | { say: string; stopReason?: "end_turn" | "refusal" };

export interface PlanContext {
  // The user's latest request (the last user message that has text).
  task: string;
  lang: Lang;
  system: string;
  // The tools the model understood, each under the name of the job it does (tool-choice/): a tool
  // offered as fx_lookup with an exchange-rate description is get_exchange_rate here, with the skills'
  // argument keys. Skills plan with these names; the planner sends the calls out under the real ones.
  tools: Anthropic.Tool[];
  // The tools as the request offered them, and which of them does which job.
  offered: Anthropic.Tool[];
  choice: ToolChoice;
  // Tool calls made for this task so far, oldest first (under the names in `tools`).
  results: ToolOutcome[];
  request: MessagesRequest;
  has(toolName: string): boolean;
  // The most recent outcome of a tool, optionally only calls whose input matches.
  lastResult(toolName: string, matches?: (input: Record<string, unknown>) => boolean): ToolOutcome | undefined;
  // Picks the sentence in the task's language.
  t(text: { en: string; ru: string }): string;
}

export interface Skill {
  name: string;
  // Most skills plan one part of a task ("convert ..." in "convert ... and read inbox.txt"); the planner
  // splits the task for them. A skill that must see the whole task at once (the troublemaker drill) says so.
  wholeTask?: boolean;
  // One line for the honest "what I can do offline" answer, shown when the skill's tools are offered.
  canDo: { en: string; ru: string };
  tools: string[];
  plan(ctx: PlanContext): Plan | null;
}

function textOf(content: Anthropic.MessageParam["content"]): string {
  if (typeof content === "string") return content;
  return content.flatMap((b) => (b.type === "text" ? [b.text] : [])).join("\n");
}

export function buildPlanContext(request: MessagesRequest): PlanContext {
  const messages = request.messages;
  let taskIndex = -1;
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i];
    if (message?.role === "user" && textOf(message.content).trim() !== "") {
      taskIndex = i;
      break;
    }
  }
  // A follow-up ("А в евро?", "and 20%?") is planned as the whole question it stands for; a whole
  // question is planned as it is, whatever came before (conversation.ts).
  const task = taskIndex >= 0 ? resolveConversation(messages).task : "";

  // Pair every tool_use after the task with its tool_result.
  const calls = new Map<string, ToolOutcome>();
  // Compacted mid-task: the calls the summary carries come first (summary-text.ts).
  const summary = taskIndex >= 0 ? factsFromSummary(textOf(messages[taskIndex]!.content)) : undefined;
  const carried = (summary?.open?.calls ?? []).map((call, i) => ({ ...call, id: `summary_${i}`, isError: false }));
  const results: ToolOutcome[] = [...carried];
  for (const message of messages.slice(taskIndex + 1)) {
    if (typeof message.content === "string") continue;
    for (const block of message.content) {
      if (block.type === "tool_use") {
        calls.set(block.id, {
          id: block.id,
          name: block.name,
          input: (block.input ?? {}) as Record<string, unknown>,
          output: "",
          isError: false,
        });
      } else if (block.type === "tool_result") {
        const call = calls.get(block.tool_use_id);
        if (call) results.push({ ...call, output: toolResultText(block), isError: block.is_error === true });
      }
    }
  }

  const system = typeof request.system === "string" ? request.system : (request.system ?? []).map((b) => b.text).join("\n");
  const tools = (request.tools ?? []).filter((t): t is Anthropic.Tool => "input_schema" in t);
  const lang: Lang = /[\u0400-\u04ff]/.test(task) ? "ru" : "en";
  return contextFor(understood({ task, lang, system, tools, results, request }));
}

// The request's tools matched to the jobs the skills know, once per request, and the calls made so
// far renamed to match.
function understood(fields: Pick<PlanContext, "task" | "lang" | "system" | "tools" | "results" | "request">): Fields {
  const choice = chooseTools(fields.tools);
  return { ...fields, tools: toolsAsKnown(choice), offered: fields.tools, choice, results: fields.results.map((r) => callIn(choice, r)) };
}

// The same request with a different reading of its tools (hesitation.ts: "what if I trusted it?").
export function withChoice(ctx: PlanContext, choice: ToolChoice): PlanContext {
  return contextFor({ ...ctx, tools: toolsAsKnown(choice), choice });
}

// The same request seen as a smaller task: one part of the user's task, with only the tool calls made
// for that part. The planner gives each part of "convert ... and read inbox.txt" a context of its own.
export function partContext(ctx: PlanContext, task: string, results: ToolOutcome[]): PlanContext {
  return contextFor({ ...ctx, task, results });
}

type Fields = Pick<PlanContext, "task" | "lang" | "system" | "tools" | "offered" | "choice" | "results" | "request">;

function contextFor(fields: Fields): PlanContext {
  const { task, lang, system, tools, offered, choice, results, request } = fields;
  return {
    task,
    lang,
    system,
    tools,
    offered,
    choice,
    results,
    request,
    has: (name) => tools.some((t) => t.name === name),
    lastResult: (name, matches) =>
      [...results].reverse().find((r) => r.name === name && (matches ? matches(r.input) : true)),
    t: (text) => text[lang],
  };
}

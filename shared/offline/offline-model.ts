// The offline demo model: a small deterministic planner behind a `fetch` function, so that
// `new Anthropic({ fetch: offlineFetch })` works with no key and no network. It reads each request
// (the task, the tools offered, the results so far), asks its skills for a plan, and answers in the
// Messages API's shape. It checks requests as strictly as the real API, so mistakes show up offline too.

import type Anthropic from "@anthropic-ai/sdk";
import { obeyRequest } from "../fake-api/obey-request.ts";
import { hasDeferredTools, inputUsage, receiveMessagesRequest } from "../fake-api/receive-request.ts";
import { errorResponse, messageResponse, newId, type ContentBlock } from "../fake-api/responses.ts";
import { withCompaction } from "../fake-api/compaction.ts";
import { withThreads } from "../fake-api/threads.ts";
import { REDACTED_THINKING_TRIGGER, redactedThinkingData, rememberThinkingTurn, signThinking, thinksOnThisTurn } from "../fake-api/thinking.ts";
import { courseLanguage } from "../i18n/language.ts";
import { messages } from "../i18n/messages.ts";
import { buildPlanContext, type Lang, type MessagesRequest, type Plan, type PlanContext, type Skill } from "./plan-context.ts";
import { conversationFacts } from "./conversation.ts";
import { planTask } from "./planner.ts";
import { summaryText } from "./summary-text.ts";
import { skills as defaultSkills } from "./skills/index.ts";

export interface OfflineOptions {
  skills?: Skill[];
  // A pause before each event of a streamed answer, so a person watching sees the text arrive.
  streamDelayMs?: number;
  // Off only for the troublemaker demo of lesson 04, whose whole point is to send bad calls.
  checkCalls?: boolean;
  // The learner's language, for what the model says when it cannot do a task (default: COURSE_LANG).
  learnerLang?: Lang;
}

// One request's plan: what the planner makes of the tools the model can see, or a bug in a skill.
export type PlanRequest = (request: MessagesRequest) => Promise<{ ctx: PlanContext; plan: Plan } | { bug: string }>;

export function createOfflineFetch(options: OfflineOptions = {}) {
  const skills = options.skills ?? defaultSkills;
  const strict = options.checkCalls ?? true;
  // Threads (the SDK's toolRunner and thread helper use them by default) are held in front of the model,
  // and compaction in front of it, with the summary written from what the planner reads of a conversation.
  return withThreads(withCompaction(async function offlineFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
    const received = await receiveMessagesRequest(input, init);
    if ("response" in received) return received.response;
    const { stream, ...request } = received.request;

    const planFor: PlanRequest = async (seen) => {
      const ctx = buildPlanContext(seen);
      let plan = obeyToolChoice(ctx, seen.tool_choice, planTask(ctx, skills, options.learnerLang ?? courseLanguage()));
      const format = seen.output_config?.format;
      if (format || ctx.offered.some((t) => t.strict === true)) {
        const { structurePlan } = await import("./structured-plan.ts");
        const shaped = structurePlan(ctx, format, plan);
        if ("bug" in shaped) return shaped;
        plan = shaped.plan;
      }
      const mistake = strict && "call" in plan ? checkCalls(ctx, plan.call) : null;
      return mistake ? { bug: mistake } : { ctx, plan };
    };
    // Deferred tools (lesson 12): the model plans with the tools in its context and searches for the
    // others; a search the API runs comes first in the turn (tool-search-turn.ts).
    const deferred = hasDeferredTools(request) ? await import("./tool-search-turn.ts") : undefined;
    const turnPlan = deferred ? await deferred.planWithDeferredTools(request, planFor) : { ...(await planFor(request)), searched: [] };
    if ("bug" in turnPlan) return errorResponse(500, `offline model bug: ${turnPlan.bug}`, { "x-should-retry": "false" });
    const { ctx, plan } = turnPlan;

    const content: ContentBlock[] = [];
    const calls = "call" in plan ? plan.call : [];
    if (thinksOnThisTurn(request, calls.length > 0)) content.push(thinkingBlock(ctx, plan, request.thinking));
    content.push(...turnPlan.searched);
    if (plan.say) content.push({ type: "text", text: plan.say });
    for (const call of calls) content.push({ type: "tool_use", id: newId("toolu"), name: call.name, input: call.input });
    const planned = "call" in plan ? "tool_use" : (plan.stopReason ?? "end_turn");
    const turn = obeyRequest(request, { content, stopReason: planned });
    if (turn.content[0]?.type === "thinking" || turn.content[0]?.type === "redacted_thinking") {
      rememberThinkingTurn(turn.content.flatMap((b) => (b.type === "tool_use" ? [b.id] : [])));
    }
    return messageResponse({
      model: request.model,
      content: turn.content,
      stopReason: turn.stopReason,
      stopSequence: turn.stopSequence,
      ...(await inputUsage(request, init)),
      outputTokens: turn.outputTokens,
      stream: stream === true,
      streamDelayMs: options.streamDelayMs,
    });
  }, summarizeConversation));
}

// Both modules are already loaded with plan-context.ts, so they are imported as usual.
async function summarizeConversation(conversation: Anthropic.MessageParam[]): Promise<string> {
  return summaryText(conversationFacts(conversation));
}

// tool_choice, applied to the plan (tool use docs, "Forcing tool use"):
// - none: no tool calls; a plan that needed one says which call it would have made.
// - tool: a call to that tool: the planned one when the plan calls it, otherwise with the least input
//   its schema accepts; any: a call to some tool, the planned ones or else the first tool offered.
function obeyToolChoice(ctx: PlanContext, choice: Anthropic.ToolChoice | undefined, plan: Plan): Plan {
  if (!choice || choice.type === "auto") return plan;
  if (choice.type === "none") {
    if (!("call" in plan)) return plan;
    const wanted = plan.call.map((c) => `${c.name} ${JSON.stringify(c.input)}`).join(", ");
    return {
      say: ctx.t({
        en: `To answer this I would call ${wanted}, but this request does not let me use tools (tool_choice "none").`,
        ru: `Чтобы ответить, я бы вызвал ${wanted}, но этот запрос не разрешает вызывать инструменты (tool_choice "none").`,
      }),
    };
  }
  const allowed = choice.type === "tool" ? ctx.tools.filter((t) => t.name === choice.name) : ctx.tools;
  if ("call" in plan) {
    const calls = plan.call.filter((c) => allowed.some((t) => t.name === c.name));
    if (calls.length > 0) return { call: calls };
  }
  const tool = allowed[0];
  // Only server tools offered: nothing this model can call, so the plan stands.
  if (!tool) return plan;
  return { call: [{ name: tool.name, input: inputFromSchema(tool.input_schema) }] };
}

// The least input a schema accepts: each required field with its default, first enum value, or an
// empty value of its type. What a model forced to call a tool it has no use for sends.
function inputFromSchema(schema: Anthropic.Tool.InputSchema): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  const properties = (schema.properties ?? {}) as Record<string, { type?: unknown; enum?: unknown[]; default?: unknown }>;
  for (const name of schema.required ?? []) {
    const property = properties[name] ?? {};
    if (property.default !== undefined) input[name] = property.default;
    else if (Array.isArray(property.enum) && property.enum.length > 0) input[name] = property.enum[0];
    else input[name] = emptyOf(Array.isArray(property.type) ? property.type[0] : property.type);
  }
  return input;
}

function emptyOf(type: unknown): unknown {
  switch (type) {
    case "number":
    case "integer":
      return 0;
    case "boolean":
      return false;
    case "array":
      return [];
    case "object":
      return {};
    case "null":
      return null;
    default:
      return "";
  }
}

// What the model thought before this turn, in the task's language: short and true to the plan, as a
// summarized thinking block is. `display: "omitted"` sends the signature with empty text; the docs'
// test string gets a redacted_thinking block instead.
function thinkingBlock(ctx: PlanContext, plan: Plan, config: Anthropic.ThinkingConfigParam | undefined): ContentBlock {
  if (ctx.task.includes(REDACTED_THINKING_TRIGGER)) return { type: "redacted_thinking", data: redactedThinkingData("offline") };
  const omitted = config && "display" in config && config.display === "omitted";
  const thinking = omitted ? "" : thoughtsOn(ctx, plan);
  return { type: "thinking", thinking, signature: signThinking(thinking, "offline") };
}

// Short, like a summarized thought: what the model needs next, not the task repeated.
function thoughtsOn(ctx: PlanContext, plan: Plan): string {
  if ("call" in plan) {
    const needed = [...new Set(plan.call.map((c) => c.name))];
    const answered = [...new Set(ctx.results.map((r) => r.name))];
    const [names, done] = [needed.join(", "), answered.join(", ")];
    // Russian verbs agree in number: «calculate ответил», «get_exchange_rate, calculate ответили».
    if (done !== "") return ctx.t({ en: `${done} answered. Next: ${names}.`, ru: `${done} ${answered.length > 1 ? "ответили" : "ответил"}. Дальше: ${names}.` });
    return ctx.t({ en: `I need ${names} for this.`, ru: `Для этого ${needed.length > 1 ? "нужны" : "нужен"} ${names}.` });
  }
  // The honest "I cannot answer that" (planner.ts) is no answer: the thought must not claim one.
  if (plan.say.startsWith(messages(ctx.lang).offline.cannot)) {
    return ctx.t({ en: "I cannot plan this with these tools, and I will not guess.", ru: "С этими инструментами я не могу это спланировать, а гадать не буду." });
  }
  return ctx.t({ en: "I have what I need to answer.", ru: "Для ответа всё есть." });
}

// A skill may only call tools the request offers, with the fields their schemas require.
function checkCalls(ctx: PlanContext, calls: Array<{ name: string; input: Record<string, unknown> }>): string | null {
  for (const call of calls) {
    const tool = ctx.offered.find((t) => t.name === call.name);
    if (!tool) return `planned a call to '${call.name}', which the request does not offer`;
    for (const field of tool.input_schema.required ?? []) {
      if (!(field in call.input)) return `planned '${call.name}' without its required field '${field}'`;
    }
  }
  return null;
}

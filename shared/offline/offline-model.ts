// The offline demo model: a small deterministic planner behind a `fetch` function, so that
// `new Anthropic({ fetch: offlineFetch })` works with no key and no network. It reads each request
// (the task, the tools offered, the results so far), asks its skills for a plan, and answers in the
// Messages API's shape. It checks requests as strictly as the real API, so mistakes show up offline too.

import { receiveMessagesRequest } from "../fake-api/receive-request.ts";
import { errorResponse, estimateTokens, messageResponse, newId, type ContentBlock } from "../fake-api/responses.ts";
import { courseLanguage } from "../i18n/language.ts";
import { buildPlanContext, type Lang, type PlanContext, type Skill } from "./plan-context.ts";
import { planTask } from "./planner.ts";
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

export function createOfflineFetch(options: OfflineOptions = {}) {
  const skills = options.skills ?? defaultSkills;
  const strict = options.checkCalls ?? true;
  return async function offlineFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
    const received = await receiveMessagesRequest(input, init);
    if ("response" in received) return received.response;
    const { stream, ...request } = received.request;

    const ctx = buildPlanContext(request);
    const plan = planTask(ctx, skills, options.learnerLang ?? courseLanguage());
    const mistake = strict && "call" in plan ? checkCalls(ctx, plan.call) : null;
    if (mistake) return errorResponse(500, `offline model bug: ${mistake}`, { "x-should-retry": "false" });

    const content: ContentBlock[] = [];
    if (plan.say) content.push({ type: "text", text: plan.say });
    if ("call" in plan) {
      for (const call of plan.call) content.push({ type: "tool_use", id: newId("toolu"), name: call.name, input: call.input });
    }
    const stopReason = "call" in plan ? "tool_use" : (plan.stopReason ?? "end_turn");
    return messageResponse({
      model: request.model,
      content,
      stopReason,
      inputTokens: estimateTokens(request),
      stream: stream === true,
      streamDelayMs: options.streamDelayMs,
    });
  };
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

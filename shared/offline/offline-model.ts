// The offline demo model: a small deterministic planner behind a `fetch` function, so that
// `new Anthropic({ fetch: offlineFetch })` works with no key and no network. It reads each request
// (the task, the tools offered, the results so far), asks its skills for a plan, and answers in the
// Messages API's shape. It checks requests as strictly as the real API, so mistakes show up offline too.

import { receiveMessagesRequest } from "../fake-api/receive-request.ts";
import { errorResponse, estimateTokens, messageResponse, newId, type ContentBlock } from "../fake-api/responses.ts";
import { buildPlanContext, type Plan, type PlanContext, type Skill } from "./plan-context.ts";
import { skills as defaultSkills } from "./skills/index.ts";

export interface OfflineOptions {
  skills?: Skill[];
  // A pause before each event of a streamed answer, so a person watching sees the text arrive.
  streamDelayMs?: number;
  // Off only for the troublemaker demo of lesson 04, whose whole point is to send bad calls.
  checkCalls?: boolean;
}

export function createOfflineFetch(options: OfflineOptions = {}) {
  const skills = options.skills ?? defaultSkills;
  const strict = options.checkCalls ?? true;
  return async function offlineFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
    const received = await receiveMessagesRequest(input, init);
    if ("response" in received) return received.response;
    const { stream, ...request } = received.request;

    const ctx = buildPlanContext(request);
    const plan = planFor(ctx, skills);
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

function planFor(ctx: PlanContext, skills: Skill[]): Plan {
  for (const skill of skills) {
    const plan = skill.plan(ctx);
    if (plan) return plan;
  }
  return { say: honestAnswer(ctx, skills) };
}

// What a request gets when no skill can plan it: the truth about what this model is.
function honestAnswer(ctx: PlanContext, skills: Skill[]): string {
  const usable = skills.filter((s) => s.tools.every((name) => ctx.has(name)));
  const list = usable.map((s) => `- ${ctx.t(s.canDo)}`).join("\n");
  return ctx.t({
    en:
      "I am the offline demo model: a small planner built into this course, not Claude. " +
      (usable.length > 0
        ? `With the tools this agent has, I can:\n${list}\n`
        : "With the tools this agent has, there is nothing I can plan offline.\n") +
      "For anything else, use real Claude: put ANTHROPIC_API_KEY in .env (see .env.example) and run the lesson again.",
    ru:
      "Я офлайн-демомодель: маленький планировщик внутри курса, а не Claude. " +
      (usable.length > 0
        ? `С инструментами этого агента я умею:\n${list}\n`
        : "С инструментами этого агента мне нечего спланировать офлайн.\n") +
      "Для всего остального подключите настоящий Claude: укажите ANTHROPIC_API_KEY в .env (см. .env.example) и запустите урок снова.",
  });
}

// A skill may only call tools the request offers, with the fields their schemas require.
function checkCalls(ctx: PlanContext, calls: Array<{ name: string; input: Record<string, unknown> }>): string | null {
  for (const call of calls) {
    const tool = ctx.tools.find((t) => t.name === call.name);
    if (!tool) return `planned a call to '${call.name}', which the request does not offer`;
    for (const field of tool.input_schema.required ?? []) {
      if (!(field in call.input)) return `planned '${call.name}' without its required field '${field}'`;
    }
  }
  return null;
}

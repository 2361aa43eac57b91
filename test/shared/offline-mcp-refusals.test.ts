// Lesson 11's notes skill retells a refused MCP call in the user's language: the gate and the hooks
// speak to the model in English, and a Russian answer says in Russian which refusal it was.

import { describe, expect, it } from "vitest";
import { buildPlanContext, type MessagesRequest } from "../../shared/offline/plan-context.ts";
import { planTask } from "../../shared/offline/planner.ts";
import { skills } from "../../shared/offline/skills/index.ts";

const TASK_RU = "Переведи 250 евро в доллары через сервер курса и добавь в заметки как eur-usd";
const tool = (name: string) => ({ name, description: `${name} of the course server`, input_schema: { type: "object" as const } });
const TOOLS = ["mcp__course__get_exchange_rate", "mcp__course__calculate", "mcp__notes__add_note", "mcp__notes__list_notes"].map(tool);

// The answer to the task after the course server's rate tool came back with `refusal`.
function answerAfter(refusal: string): string {
  const request = {
    model: "m",
    max_tokens: 10,
    tools: TOOLS,
    messages: [
      { role: "user", content: TASK_RU },
      { role: "assistant", content: [{ type: "tool_use", id: "t1", name: "mcp__course__get_exchange_rate", input: { from_currency: "EUR", to_currency: "USD" } }] },
      { role: "user", content: [{ type: "tool_result", tool_use_id: "t1", content: refusal, is_error: true }] },
    ],
  } as MessagesRequest;
  const plan = planTask(buildPlanContext(request), skills);
  return plan && "say" in plan ? (plan.say ?? "") : JSON.stringify(plan);
}

describe("a refused MCP call, retold in Russian", () => {
  it.each([
    ["Not run: mcp__course__get_exchange_rate is a scheduled task from HEARTBEAT.md and no person is there to ask. Do not retry.", "задача по расписанию"],
    ["Not run: the assistant was stopped while the approval question waited, so the approval was never given. Do not retry.", "меня остановили"],
    ["Not run: the chat tab was closed while the approval question waited. Do not retry.", "страницу чата закрыли"],
    ["Not run: the approval was not answered in time (within 300 s). Do not retry.", "ответа вовремя не было"],
    ["Not run: it needs approval and there is no terminal, so nobody could approve it. Do not retry.", "нет терминала"],
    ["Not run: the user answered no. Do not retry.", "вы ответили «нет»"],
    ['Not run: the deny rule "mcp__course__*" forbids it. Do not retry.', "правило deny"],
    ["Not run: the permission check failed (boom). Do not retry; tell the user.", "проверка разрешений его не пропустила"],
  ])("%s", (refusal, said) => {
    const answer = answerAfter(refusal);
    expect(answer).toMatch(/^Я не стал запускать mcp__course__get_exchange_rate: /);
    expect(answer).toContain(said);
  });
});

// Lesson 08: the message after a crash. The harness answered the call the crash cut off with
// "Interrupted: ... Its effect is unknown" (lessons/08-assistant/repair-orphans.ts). A careful model
// neither assumes the call failed nor that it worked: for a save it looks at the file first, and for
// anything else it says what is unknown and what to check before repeating it.

import type Anthropic from "@anthropic-ai/sdk";
import { toolResultText } from "../../fake-api/receive-request.ts";
import type { PlanContext, Skill } from "../plan-context.ts";

export const interruptedCallSkill: Skill = {
  name: "interrupted-call",
  tools: ["save_to_file", "read_file"],
  canDo: {
    en: "after a crash, say what happened to the call it cut off, checking a saved file before saving again",
    ru: "после сбоя рассказать, что стало с прерванным вызовом, и проверить файл, прежде чем сохранять снова",
  },
  plan(ctx) {
    const cut = interruptedBeforeTask(ctx);
    if (!cut) return null;
    const file = cut.name === "save_to_file" && typeof cut.input.filename === "string" ? cut.input.filename : undefined;
    if (file && ctx.has("read_file")) {
      const read = ctx.lastResult("read_file", (input) => input.path === file);
      if (!read) return { call: [{ name: "read_file", input: { path: file } }] };
      const firstLine = read.output.split("\n")[0] ?? "";
      return {
        say: read.isError
          ? ctx.t({
              en: `The last run stopped while saving ${file}, so I checked: the file is not there, the save did not happen. Ask me to save it again and I will.`,
              ru: `Прошлый запуск оборвался во время сохранения ${file}, поэтому я проверил: файла нет, сохранение не состоялось. Попросите сохранить снова — сохраню.`,
            })
          : ctx.t({
              en: `The last run stopped while saving ${file}, so I checked: the file is there and starts with "${firstLine}". No need to save it again.`,
              ru: `Прошлый запуск оборвался во время сохранения ${file}, поэтому я проверил: файл есть и начинается с «${firstLine}». Сохранять заново не нужно.`,
            }),
      };
    }
    return {
      say: ctx.t({
        en: `The last run stopped while ${cut.name} was running, so I do not know whether it happened. Please check its effect before asking me to repeat it: running it twice may do it twice.`,
        ru: `Прошлый запуск оборвался, пока выполнялся ${cut.name}, поэтому я не знаю, сработал ли он. Проверьте результат, прежде чем просить повторить: повтор может сделать это дважды.`,
      }),
    };
  },
};

// The call answered "Interrupted" right before the task (in the task's own message, or the one before).
function interruptedBeforeTask(ctx: PlanContext): { name: string; input: Record<string, unknown> } | undefined {
  const messages = ctx.request.messages;
  let task = -1;
  for (let i = messages.length - 1; i >= 0 && task < 0; i--) if (hasText(messages[i]!)) task = i;
  for (const message of [messages[task], messages[task - 1]]) {
    if (message?.role !== "user" || typeof message.content === "string") continue;
    const cut = message.content.find((b) => b.type === "tool_result" && b.is_error === true && /^Interrupted\b/.test(toolResultText(b)));
    if (cut?.type !== "tool_result") continue;
    for (const earlier of messages) {
      if (earlier.role !== "assistant" || typeof earlier.content === "string") continue;
      const call = earlier.content.find((b): b is Anthropic.ToolUseBlockParam => b.type === "tool_use" && b.id === cut.tool_use_id);
      if (call) return { name: call.name, input: (call.input ?? {}) as Record<string, unknown> };
    }
  }
  return undefined;
}

function hasText(message: Anthropic.MessageParam): boolean {
  if (message.role !== "user") return false;
  if (typeof message.content === "string") return message.content.trim() !== "";
  return message.content.some((b) => b.type === "text" && b.text.trim() !== "");
}

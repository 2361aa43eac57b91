// "save it to eur.txt", "сохрани это в файл usd.txt": the message asks for nothing new, only for the
// answer just given to be kept. The conversation (conversation.ts) says which answer; this skill saves
// exactly that text, once, and says where it went. With no save_to_file on offer, it says it cannot.

import { resolveConversation } from "../conversation.ts";
import type { Skill } from "../plan-context.ts";
import { requestedFile } from "./save-step.ts";
import { toolSaid } from "../tool-errors.ts";

export const savePreviousSkill: Skill = {
  name: "save-previous-answer",
  tools: ["save_to_file"],
  canDo: {
    en: 'save the answer just given ("How much are 1000 EUR in rubles?", then "save it to eur.txt")',
    ru: "сохранить только что данный ответ («Сколько будет 1000 евро в рублях?», потом «сохрани это в eur.txt»)",
  },
  plan(ctx) {
    const save = resolveConversation(ctx.request.messages).savePrevious;
    // Only for the part of the message that asks for the save, not for another part of it.
    if (!save || (requestedFile(ctx.task) ?? "report.txt") !== save.filename) return null;
    if (!ctx.has("save_to_file")) {
      return {
        say: ctx.t({
          en: `I cannot save ${save.filename}: this agent has no save_to_file tool. The answer was:\n${save.content.trim()}`,
          ru: `Сохранить ${save.filename} не могу: у этого агента нет инструмента save_to_file. Ответ был таким:\n${save.content.trim()}`,
        }),
      };
    }
    const saved = ctx.lastResult("save_to_file", (input) => input.filename === save.filename);
    if (!saved) return { call: [{ name: "save_to_file", input: { filename: save.filename, content: save.content } }] };
    if (saved.isError) {
      return {
        say: ctx.t({
          en: `I did not save the file: save_to_file refused "${save.filename}": ${toolSaid(ctx, saved.output)}`,
          ru: `Файл не сохранён: save_to_file отказался записать «${save.filename}»: ${toolSaid(ctx, saved.output)}`,
        }),
      };
    }
    return {
      say: ctx.t({
        en: `Saved the previous answer to ${save.filename} in the workspace.`,
        ru: `Сохранил предыдущий ответ в ${save.filename} в рабочей папке.`,
      }),
    };
  },
};

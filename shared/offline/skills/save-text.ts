// "Save the text hello to notes.txt", "Сохрани текст привет в reports": the user gives the words to
// save, so there is nothing to work out, only a file to write. When the target has no extension
// ("reports"), it names a folder, not a file: the model picks a name from the text, says which, and
// leaves the rest (a name that climbs out, a refusal) to save_to_file and the permission gate.

import type { Skill } from "../plan-context.ts";
import { toolSaid } from "../tool-errors.ts";

// "save (the) text X to/in/into (the) (file|folder) Y", and the Russian "сохрани/запиши текст X в (файл|папку) Y".
// Not "the text of the answer" / "текст ответа": that asks for an answer's text, not for these words.
const SAVE_TEXT_EN = /^\s*(?:please\s+)?(?:save|write|put)\s+(?:the\s+)?text\s+(?!(?:of|from|above|below)\b)(.+?)\s+(?:to|in|into)\s+(?:the\s+)?(?:file\s+|folder\s+)?(\S+?)[.!]?\s*$/isu;
const SAVE_TEXT_RU = /^\s*(?:пожалуйста,?\s+)?(?:сохрани|запиши|положи)(?:те)?\s+текст\s+(?!(?:ответа|письма|отч[её]та|сообщения|файла|выше|ниже)(?![\p{L}]))(.+?)\s+(?:в|во)\s+(?:файл\s+|папку\s+)?(\S+?)[.!]?\s*$/isu;
const QUOTES = /^["'«“](.*)["'»”]$/su;
// A last part with a dot and letters after it ("notes.txt", "reports/may.md") is a file name.
const HAS_EXTENSION = /\.\p{L}[\p{L}\p{N}]{0,7}$/u;

export const saveTextSkill: Skill = {
  name: "save-text",
  tools: ["save_to_file"],
  canDo: {
    en: 'save the text you give to a file ("Save the text hello to notes.txt")',
    ru: "сохранить ваш текст в файл («Сохрани текст привет в notes.txt»)",
  },
  plan(ctx) {
    if (!ctx.has("save_to_file")) return null;
    const match = SAVE_TEXT_EN.exec(ctx.task) ?? SAVE_TEXT_RU.exec(ctx.task);
    if (!match) return null;
    const raw = match[1]!.trim();
    const content = `${QUOTES.exec(raw)?.[1] ?? raw}\n`;
    const target = match[2]!.replace(QUOTES, "$1");
    const folder = HAS_EXTENSION.test(target) ? undefined : target.replace(/\/+$/, "");
    const filename = folder === undefined ? target : `${folder}/${nameFor(content)}`;

    const saved = ctx.lastResult("save_to_file", (input) => input.filename === filename);
    if (!saved) return { call: [{ name: "save_to_file", input: { filename, content } }] };
    if (saved.isError) {
      return {
        say: ctx.t({
          en: `I did not save the text: save_to_file refused "${filename}": ${toolSaid(ctx, saved.output)}`,
          ru: `Текст не сохранён: save_to_file отказался записать «${filename}»: ${toolSaid(ctx, saved.output)}`,
        }),
      };
    }
    if (folder === undefined) {
      return { say: ctx.t({ en: `Saved the text to ${filename} in the workspace.`, ru: `Сохранил текст в ${filename} в рабочей папке.` }) };
    }
    return {
      say: ctx.t({
        en: `Saved the text to ${filename}: "${folder}" is a folder, not a file name, so I chose the name. Tell me another name if you want one.`,
        ru: `Сохранил текст в ${filename}: «${folder}» — это папка, а не имя файла, поэтому имя я выбрал сам. Скажите, если нужно другое.`,
      }),
    };
  },
};

// A file name from the text's first word ("hello" -> hello.txt), or note.txt when it has no plain word.
function nameFor(content: string): string {
  const word = /[a-z0-9]+/i.exec(content)?.[0]?.toLowerCase().slice(0, 24);
  return `${word ?? "note"}.txt`;
}

// Not a skill: the last step several skills share. When the task asks for a file ("save the result to
// report.txt", "сохрани в файл tax.txt", "save a report"), a skill that has its answer calls
// save_to_file once, then reports where the file went, or what went wrong.

import type { Plan, PlanContext } from "../plan-context.ts";
import { toolSaid } from "../tool-errors.ts";

// A stem is enough: .test only asks whether one starts a word (a \p{L}* after each cost the regexp compiler ~1.5 ms).
const SAVE_VERB = /(?<![\p{L}])(?:save|write|store|put|record|сохран|запиш|запис|положи)/iu;
const REPORT_WORD = /(?<![\p{L}])(?:report|file|отч[её]т|файл)/iu;
// A file name: a base, a dot and an extension of letters ("report.txt", "reports/may.md", "../x.txt").
// The extension must start with a letter, so "92.5" is not taken for a file.
const FILE_NAME = /(?<![\p{L}\p{N}_\-./~])((?:~|\.{1,2})?[\p{L}\p{N}_\-./]*[\p{L}\p{N}_\-]\.\p{L}[\p{L}\p{N}]{1,7})(?![\p{L}\p{N}])/iu;

// A path after "to", "into", "file", "в файл" ("save to ../../etc/passwd"), even without an extension:
// the model passes on what the user asked for, and the tool decides whether it is allowed.
const PATH_AFTER = /(?<!\p{L})(?:to|into|as|file|файл\p{L}*|в|во)\s+["'«]?((?:~|\/|\.{1,2}\/|[\p{L}\p{N}_\-]+\/)[~./\p{L}\p{N}_\-]*[\p{L}\p{N}_\-])/iu;

export const DEFAULT_REPORT_NAME = "report.txt";

// The file the task asks for, or undefined when it asks for none.
export function requestedFile(task: string): string | undefined {
  if (!SAVE_VERB.test(task)) return undefined;
  const named = task.match(PATH_AFTER)?.[1] ?? task.match(FILE_NAME)?.[1];
  if (named) return named;
  return REPORT_WORD.test(task) ? DEFAULT_REPORT_NAME : undefined;
}

export interface Finished {
  // The answer to say, and what to put in the file when one was asked for.
  answer: string;
  fileContent: string;
}

// Saves (once) if the task wants a file, then says the answer with a line about the file.
export function answerAndSave(ctx: PlanContext, done: Finished): Plan {
  const filename = requestedFile(ctx.task);
  if (!filename) return { say: done.answer };
  if (!ctx.has("save_to_file")) {
    return {
      say: `${done.answer}\n${ctx.t({
        en: `I cannot save ${filename}: this agent has no save_to_file tool.`,
        ru: `Сохранить ${filename} не могу: у этого агента нет инструмента save_to_file.`,
      })}`,
    };
  }

  const saved = ctx.lastResult("save_to_file", (input) => input.filename === filename);
  if (!saved) return { call: [{ name: "save_to_file", input: { filename, content: done.fileContent } }] };
  if (saved.isError) {
    return {
      say: `${done.answer}\n${ctx.t({
        en: `I did not save the file: save_to_file refused "${filename}": ${toolSaid(ctx, saved.output)}`,
        ru: `Файл не сохранён: save_to_file отказался записать «${filename}»: ${toolSaid(ctx, saved.output)}`,
      })}`,
    };
  }
  const where = savedPath(saved.output) ?? filename;
  const replaced = /overwritten/.test(saved.output);
  return {
    say: `${done.answer}\n${ctx.t({
      en: `Saved to ${where} in the workspace${replaced ? " (it replaced the earlier file)" : ""}.`,
      ru: `Сохранено в ${where} в рабочей папке${replaced ? " (старый файл заменён)" : ""}.`,
    })}`,
  };
}

function savedPath(output: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(output);
    if (typeof parsed === "object" && parsed !== null) {
      const found = (parsed as Record<string, unknown>).path ?? (parsed as { data?: Record<string, unknown> }).data?.path;
      return typeof found === "string" ? found : undefined;
    }
  } catch {
    // plain text result: fall back to the name we asked for
  }
  return undefined;
}

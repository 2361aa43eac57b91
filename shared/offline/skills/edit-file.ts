// Lesson 10: read a file, then change it by quoting text to edit_file, as a coding model does.
// Tasks: "replace `A` with `B` in FILE" / "в FILE замени «A» на «B»", and "rename X to Y in FILE" /
// "переименуй X в Y в FILE". The plan, step by step, read off the tool results:
//
//   1. read_file FILE (edits are refused on files not read in this conversation);
//   2. rename: quote the bare name, as a model's first cheap try. Found in several places -> the
//      safety stop answers with line numbers -> replace_all, unless the name is also part of longer words;
//   3. replace: quote the line with A and its neighbours, copied "from memory" without their common
//      indentation (a real model's habit), so the matcher chain has something to forgive;
//   4. refused as stale or unread -> read again once; a gate refusal -> explain and stop.

import type { Plan, PlanContext, Skill, ToolOutcome } from "../plan-context.ts";
import { toolSaid } from "../tool-errors.ts";

interface Job {
  kind: "replace" | "rename";
  find: string;
  put: string;
  file: string;
}

// A quoted text, quotes included (stripped later): `code`, «текст», "text", 'text', “text”.
const QUOTED = String.raw`(\x60[^\x60]+\x60|«[^»]+»|"[^"]+"|'[^']+'|“[^”]+”)`;
const REPLACE_EN = new RegExp(String.raw`\breplace\s+${QUOTED}\s+(?:with|by)\s+${QUOTED}`, "i");
const REPLACE_RU = new RegExp(String.raw`замени\p{L}*\s+${QUOTED}\s+на\s+${QUOTED}`, "iu");
const NAME = String.raw`[\x60'"«]?([\p{L}_$][\p{L}\p{N}_$]*)[\x60'"»]?`;
const RENAME_EN = new RegExp(String.raw`\brename\s+(?:the\s+)?(?:function|variable|method|class|constant\s+)?\s*${NAME}\s+to\s+${NAME}`, "iu");
const RENAME_RU = new RegExp(String.raw`переименуй\p{L}*\s+(?:функци\p{L}*|переменн\p{L}*|метод\p{L}*|класс\p{L}*)?\s*${NAME}\s+в\s+${NAME}`, "iu");
const FILE = /(?<![\p{L}\p{N}_./-])((?:[\p{L}\p{N}_-]+\/)*[\p{L}\p{N}_.-]*[\p{L}\p{N}_-]\.[A-Za-z]{1,8})(?![\p{L}\p{N}])/u;

export function parseEditTask(task: string): Job | undefined {
  const replace = REPLACE_EN.exec(task) ?? REPLACE_RU.exec(task);
  const rename = replace ? null : (RENAME_EN.exec(task) ?? RENAME_RU.exec(task));
  const found = replace ?? rename;
  if (!found) return undefined;
  // The file name is looked for outside the quoted texts: "Math.round" is code, not a file.
  const rest = task.slice(0, found.index) + " " + task.slice(found.index + found[0].length);
  const file = FILE.exec(rest)?.[1];
  if (!file) return undefined;
  const unquote = (text: string) => (replace ? text.slice(1, -1) : text);
  return { kind: replace ? "replace" : "rename", find: unquote(found[1]!), put: unquote(found[2]!), file };
}

// read_file's answer back into lines: "    6\t    result += price;" is line 6.
export function linesFromRead(output: string): Array<{ number: number; text: string }> {
  return output.split("\n").flatMap((line) => {
    const m = /^\s*(\d+)\t(.*)$/.exec(line);
    return m ? [{ number: Number(m[1]), text: m[2]! }] : [];
  });
}

function countOf(text: string, piece: string): number {
  return piece === "" ? 0 : text.split(piece).length - 1;
}

function wholeWordCount(text: string, word: string): number {
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return (text.match(new RegExp(`(?<![\\p{L}\\p{N}_$])${escaped}(?![\\p{L}\\p{N}_$])`, "gu")) ?? []).length;
}

// The quote a model writes from memory: the line with the text and one line either side, with
// their common indentation gone. new_text is the same lines with the text replaced (by slicing:
// a replace() here would expand "$&" in the new text, the very bug lesson 10 is about).
export function quoteAround(lines: string[], index: number, find: string, put: string): { oldText: string; newText: string } {
  const block = lines.slice(Math.max(0, index - 1), index + 2);
  const indents = block.filter((l) => l.trim() !== "").map((l) => /^[ \t]*/.exec(l)![0]);
  const common = indents.reduce((a, b) => (b.startsWith(a) ? a : a.startsWith(b) ? b : ""), indents[0] ?? "");
  const dedented = block.map((l) => (l.startsWith(common) ? l.slice(common.length) : l));
  const mid = Math.min(index, 1);
  const line = dedented[mid]!;
  const at = line.indexOf(find);
  const changed = [...dedented];
  changed[mid] = line.slice(0, at) + put + line.slice(at + find.length);
  return { oldText: dedented.join("\n"), newText: changed.join("\n") };
}

const isGateRefusal = (r: ToolOutcome) => r.isError && /^\s*Not run\b/.test(r.output);

export const editFileSkill: Skill = {
  name: "edit-file",
  tools: ["read_file", "edit_file"],
  canDo: {
    en: 'change a file by quoting text: "in FILE replace `A` with `B`", "rename X to Y in FILE"',
    ru: "менять файл по цитате: «в ФАЙЛ замени «A» на «B»», «переименуй X в Y в ФАЙЛ»",
  },
  plan(ctx) {
    if (!ctx.has("read_file") || !ctx.has("edit_file")) return null;
    const job = parseEditTask(ctx.task);
    if (!job) return readOnly(ctx);
    const read = ctx.lastResult("read_file", (input) => input.path === job.file);
    if (!read) return { call: [{ name: "read_file", input: { path: job.file } }] };
    if (read.isError) return { say: ctx.t({ en: `I could not read ${job.file}: ${toolSaid(ctx, read.output)}`, ru: `Не удалось прочитать ${job.file}: ${toolSaid(ctx, read.output)}` }) };

    const edits = ctx.results.filter((r) => r.name === "edit_file");
    const last = edits.at(-1);
    if (!last) return firstEdit(ctx, job, read);
    if (!last.isError) return { say: done(ctx, job, last) };
    if (isGateRefusal(last)) return { say: refused(ctx, job, last) };
    return retry(ctx, job, read, last, edits.length);
  },
};

// "Read README.md" / "прочитай src/math.ts": one read, then what it said (or why it was refused).
// A small file is shown whole; a longer one, its first lines.
const PREVIEW_LINES = 20;
const READ_VERB = /(?<!\p{L})(?:read|show|open|print|cat|прочитай|прочти|покажи|открой)(?!\p{L})/iu;

function readOnly(ctx: PlanContext): Plan | null {
  if (!READ_VERB.test(ctx.task)) return null;
  const window = askedLines(ctx.task);
  const task = window ? ctx.task.replace(window.text, " ") : ctx.task;
  const named = /(?<![\p{L}\p{N}_./-])([\p{L}\p{N}_./-]*[\p{L}\p{N}_-])\s*[.!?]?\s*$/u.exec(task.trim())?.[1];
  const file = FILE.exec(task)?.[1] ?? named;
  if (!file) return null;
  // "from line 2001": read_file's offset (and limit, for "lines 2001-2100"), or a plain "I cannot".
  const input: Record<string, unknown> = { path: file };
  if (window) {
    const properties = (ctx.tools.find((t) => t.name === "read_file")?.input_schema.properties ?? {}) as Record<string, unknown>;
    if (!("offset" in properties)) {
      return { say: ctx.t({ en: `I cannot start at line ${window.from}: this read_file has no offset, it reads from the top.`, ru: `Начать со строки ${window.from} я не могу: у этого read_file нет offset, он читает с начала.` }) };
    }
    input.offset = window.from;
    if (window.to !== undefined && "limit" in properties) input.limit = window.to - window.from + 1;
  }
  const same = (given: Record<string, unknown>) => given.path === file && given.offset === input.offset && given.limit === input.limit;
  const read = ctx.lastResult("read_file", same);
  if (!read) return { call: [{ name: "read_file", input }] };
  if (read.isError) return { say: ctx.t({ en: `I could not read ${file}: ${toolSaid(ctx, read.output)}`, ru: `Не удалось прочитать ${file}: ${toolSaid(ctx, read.output)}` }) };
  const lines = linesFromRead(read.output);
  const header = read.output.split("\n")[0] ?? file;
  const more = /More below: call read_file with offset (\d+)/.exec(read.output)?.[1];
  const preview = lines.slice(0, PREVIEW_LINES).map((l) => `  ${l.text}`).join("\n");
  return {
    say: ctx.t({
      en: `${header.replace(/:$/, "")}. It begins:\n${preview}${more ? `\nThe file goes on; the next window starts at line ${more}.` : ""}`,
      ru: `${headerRu(header)}. Начало:\n${preview}${more ? `\nФайл продолжается; следующее окно начинается со строки ${more}.` : ""}`,
    }),
  };
}

// read_file's header in Russian: "big.log, lines 2001-3000 of 3000:" -> "big.log, строки 2001-3000 из 3000";
// "(the file is 5120 bytes)" for a file read as a stream.
function headerRu(header: string): string {
  const m = /^(.+), lines (\d+)-(\d+)(?: of (\d+)| \(the file is (\d+) bytes\))?:?$/u.exec(header);
  if (!m) return header.replace(/:$/, "");
  const extent = m[4] ? ` из ${m[4]}` : m[5] ? ` (размер файла: ${m[5]} байт)` : "";
  return `${m[1]}, строки ${m[2]}-${m[3]}${extent}`;
}

// "from line 2001", "lines 2001-2100", "со строки 2001", "с 2001 строки", "строки 2001-2100": the
// window asked for, and the words that asked (so "2001" is not taken for a file name).
const LINES_EN = /\b(?:(?:starting\s+)?(?:from|at)\s+line\s+(\d+)|lines?\s+(\d+)\s*(?:-|–|to)\s*(\d+))\b/iu;
const LINES_RU = /(?<!\p{L})(?:(?:начиная\s+)?со?\s+(?:строки\s+(\d+)|(\d+)(?:-?й)?\s+строки)|строки\s+(\d+)\s*(?:-|–|по)\s*(\d+))(?!\p{L})/iu;

export function askedLines(task: string): { from: number; to?: number; text: string } | undefined {
  const en = LINES_EN.exec(task);
  if (en) return window(en[1] ?? en[2], en[3], en[0]);
  const ru = LINES_RU.exec(task);
  if (ru) return window(ru[1] ?? ru[2] ?? ru[3], ru[4], ru[0]);
  return undefined;
}

function window(from: string | undefined, to: string | undefined, text: string): { from: number; to?: number; text: string } | undefined {
  const start = Number(from);
  if (!Number.isSafeInteger(start) || start < 1) return undefined;
  const end = to === undefined ? undefined : Number(to);
  return end !== undefined && Number.isSafeInteger(end) && end >= start ? { from: start, to: end, text } : { from: start, text };
}

function firstEdit(ctx: PlanContext, job: Job, read: ToolOutcome): Plan {
  const lines = linesFromRead(read.output);
  const text = lines.map((l) => l.text).join("\n");
  if (countOf(text, job.find) === 0) {
    if (countOf(text, job.put) > 0) {
      return {
        say: ctx.t({
          en: `Nothing to do: ${job.file} has no \`${job.find}\` any more, and it already has \`${job.put}\`. (Delete workspace/project to start over.)`,
          ru: `Менять нечего: в ${job.file} уже нет «${job.find}», зато есть «${job.put}». (Чтобы начать заново, удалите workspace/project.)`,
        }),
      };
    }
    return { say: ctx.t({ en: `I did not find \`${job.find}\` in ${job.file}, so I changed nothing.`, ru: `В ${job.file} нет «${job.find}», поэтому я ничего не менял.` }) };
  }
  if (job.kind === "rename") return { call: [edit(job.file, job.find, job.put)] };
  const index = lines.findIndex((l) => l.text.includes(job.find));
  const quote = quoteAround(lines.map((l) => l.text), index, job.find, job.put);
  return { call: [edit(job.file, quote.oldText, quote.newText)] };
}

function edit(path: string, oldText: string, newText: string, replaceAll = false) {
  return { name: "edit_file", input: { path, old_text: oldText, new_text: newText, ...(replaceAll ? { replace_all: true } : {}) } };
}

function retry(ctx: PlanContext, job: Job, read: ToolOutcome, last: ToolOutcome, attempts: number): Plan {
  const gaveUp = (): Plan => ({
    say: ctx.t({ en: `I did not change ${job.file}: edit_file refused: ${toolSaid(ctx, last.output)}`, ru: `Я не изменил ${job.file}: edit_file отказал: ${toolSaid(ctx, last.output)}` }),
  });
  if (attempts >= 3) return gaveUp();
  // Stale or unread: read again (once), then start over from the fresh text.
  if (/read it again first|have not read/i.test(last.output) && ctx.results.indexOf(read) < ctx.results.indexOf(last)) {
    return { call: [{ name: "read_file", input: { path: job.file } }] };
  }
  if (/matches \d+ places/.test(last.output)) {
    const text = linesFromRead(read.output).map((l) => l.text).join("\n");
    if (job.kind === "rename") {
      // replace_all on a bare name is only safe when the name is never part of a longer word.
      if (wholeWordCount(text, job.find) !== countOf(text, job.find)) {
        return {
          say: ctx.t({
            en: `I did not rename it: "${job.find}" is also part of longer words in ${job.file}, so replacing every occurrence would change those too. Tell me which lines to change.`,
            ru: `Я не стал переименовывать: «${job.find}» встречается в ${job.file} и внутри других слов, замена всех вхождений задела бы и их. Скажите, какие строки менять.`,
          }),
        };
      }
      return { call: [edit(job.file, job.find, job.put, true)] };
    }
  }
  return gaveUp();
}

function done(ctx: PlanContext, job: Job, last: ToolOutcome): string {
  const head = last.output.split("\n")[0] ?? "";
  const count = /(\d+) replacements?/.exec(head)?.[1] ?? "1";
  const matcher = /by the ([\w-]+) matcher/.exec(head)?.[1] ?? "exact";
  return ctx.t({
    en: `Done: in ${job.file}, \`${job.find}\` is now \`${job.put}\` (${count} ${count === "1" ? "place" : "places"}; edit_file found the text with the ${matcher} matcher). The diff above shows the change.`,
    ru: `Готово: в ${job.file} «${job.find}» заменено на «${job.put}» (мест: ${count}; edit_file нашёл текст матчером ${matcher}). Изменение видно в diff выше.`,
  });
}

function refused(ctx: PlanContext, job: Job, last: ToolOutcome): string {
  const file = ctx.system.match(/permissions file: ([^)\s]+)/)?.[1] ?? "permissions.json";
  const noTerminal = /no terminal|nobody (?:can|could)/i.test(last.output);
  const rule = /deny rule/i.test(last.output);
  const why = noTerminal
    ? ctx.t({ en: "it needs your approval and there was no terminal to ask you on", ru: "нужно ваше одобрение, а спросить было негде (нет терминала)" })
    : rule
      ? ctx.t({ en: "your permission rules forbid it", ru: "ваши правила это запрещают" })
      : ctx.t({ en: "you did not approve it", ru: "вы не одобрили правку" });
  return ctx.t({
    en: `I did not edit ${job.file}: ${why}, so the permission gate refused it. Nothing was changed. You can run the agent in a terminal and answer y, add "edit_file(path=${job.file})" to "allow" in ${file}, or make the change yourself: in ${job.file}, replace \`${job.find}\` with \`${job.put}\`.`,
    ru: `Я не стал менять ${job.file}: ${why}, поэтому проверка разрешений отказала. Ничего не изменено. Можно запустить агента в терминале и ответить y, добавить "edit_file(path=${job.file})" в "allow" в ${file} или сделать правку самому: в ${job.file} замените «${job.find}» на «${job.put}».`,
  });
}

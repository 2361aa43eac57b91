// Lesson 11: tasks across two MCP servers. "Convert 250 EUR to US dollars with the course server and
// add it to my notes as eur-usd": the rate and the sum from the course server (mcp__course__...), or
// from the built-in tools when the task does not name the server, then mcp__notes__add_note. "List my
// notes and read the first one": mcp__notes__list_notes, then mcp__notes__read_note. "Read the note
// eur-usd": mcp__notes__read_note with that name (and, when there is none, the list). A call refused by
// a hook or the gate ("Not run: ...") is explained, never retried.

import { parseConversion } from "../currencies.ts";
import type { Plan, PlanContext, Skill } from "../plan-context.ts";
import { formatNumber } from "../read-result.ts";
import { figureFrom } from "./tool-step.ts";
import { isGateRefusal, refusalKind } from "./gate-refusal.ts";
import { toolSaid } from "../tool-errors.ts";

const NOTES = /(?<!\p{L})(?:notes?|замет\p{L}*)/iu;
const COURSE_SERVER = /course server|сервер\p{L}* курса/iu;
const LIST = /(?<!\p{L})(?:list|show|what|покажи|список|какие)/iu;
const READ = /(?<!\p{L})(?:read|open|прочитай|открой|прочти)/iu;
const NOTE_NAME = /(?<!\p{L})(?:as|named|called|как|под именем)\s+["'«]?([\p{L}\p{N}][\p{L}\p{N}_-]{0,59})/iu;
// "Read the note nope", "Прочитай заметку «nope»": the one note the task asks for, by its name.
const ASKED_NOTE =
  /(?<!\p{L})(?:note|заметку)\s+(?:(?:called|named|под названием|под именем|с именем)\s+)?["'«]?([\p{L}\p{N}][\p{L}\p{N}_-]{0,59})/iu;
// Words that can follow "note" without being its name ("the note about rates", "заметку и ...").
const NOT_A_NAME = /^(?:and|or|with|from|about|for|in|on|of|to|the|a|that|which|first|last|и|или|с|про|о|об|из|в|на|первую|последнюю)$/iu;

export const mcpNotesSkill: Skill = {
  name: "mcp-notes",
  wholeTask: true,
  tools: ["mcp__notes__add_note", "mcp__notes__list_notes"],
  canDo: {
    en: 'convert an amount with the course server and keep it as a note ("Convert 250 EUR to US dollars with the course server and add it to my notes as eur-usd"), list and read notes',
    ru: "перевести сумму через сервер курса и сохранить заметкой («Переведи 250 евро в доллары через сервер курса и добавь в заметки как eur-usd»), показать и прочитать заметки",
  },
  plan(ctx) {
    if (!ctx.has("mcp__notes__add_note") || !NOTES.test(ctx.task)) return null;
    // A refused note is explained after the figures (convertAndNote); any other refusal ends the plan here.
    const refused = ctx.results.find((r) => r.name !== "mcp__notes__add_note" && isGateRefusal(r));
    if (refused) return { say: explainRefusal(ctx, refused.name, refused.output) };
    const { from, to, amount } = parseConversion(ctx.task, "USD");
    if (from && to && amount !== undefined) return convertAndNote(ctx, from, to, amount);
    const asked = ASKED_NOTE.exec(ctx.task)?.[1];
    if (READ.test(ctx.task) && asked && !NOT_A_NAME.test(asked)) return readNamed(ctx, asked);
    if (LIST.test(ctx.task) || READ.test(ctx.task)) return listAndRead(ctx);
    return null;
  },
};

function convertAndNote(ctx: PlanContext, from: string, to: string, amount: number): Plan {
  // The same tool under two names: the task decides which one the model reaches for.
  const prefix = COURSE_SERVER.test(ctx.task) ? "mcp__course__" : "";
  if (!ctx.has(`${prefix}get_exchange_rate`) || !ctx.has(`${prefix}calculate`)) return { say: ctx.t({ en: "I have no tool to look the rate up.", ru: "Мне нечем узнать курс." }) };
  const rateStep = figureFrom(ctx, `${prefix}get_exchange_rate`, { from_currency: from, to_currency: to }, "rate");
  if ("plan" in rateStep) return rateStep.plan;
  const totalStep = figureFrom(ctx, `${prefix}calculate`, { expression: `${amount} * ${rateStep.value}` }, "result");
  if ("plan" in totalStep) return totalStep.plan;
  const total = totalStep.value;
  const answer = ctx.t({
    en: `${formatNumber(amount, "en")} ${from} = ${formatNumber(total, "en")} ${to} at the demo rate 1 ${from} = ${formatNumber(rateStep.value, "en")} ${to} (from ${prefix ? "the course's MCP server" : "the built-in tools"}).`,
    ru: `${formatNumber(amount, "ru")} ${from} = ${formatNumber(total, "ru")} ${to} по демо-курсу 1 ${from} = ${formatNumber(rateStep.value, "ru")} ${to} (${prefix ? "через MCP-сервер курса" : "встроенными инструментами"}).`,
  });
  const name = NOTE_NAME.exec(ctx.task)?.[1] ?? `${from}-${to}`.toLowerCase();
  const saved = ctx.lastResult("mcp__notes__add_note");
  if (!saved) return { call: [{ name: "mcp__notes__add_note", input: { name, text: `${amount} ${from} = ${total} ${to} (rate ${rateStep.value})` } }] };
  if (isGateRefusal(saved)) return { say: `${answer}\n${explainRefusal(ctx, saved.name, saved.output)}` };
  if (saved.isError) return { say: `${answer}\n${ctx.t({ en: `The note was not saved: ${toolSaid(ctx, saved.output)}`, ru: `Заметка не сохранена: ${toolSaid(ctx, saved.output)}` })}` };
  return { say: `${answer}\n${ctx.t({ en: `Kept as the note "${name}".`, ru: `Сохранено в заметку «${name}».` })}` };
}

// The note the task names, and nothing else: when it is not there, the answer says so and lists the
// notes there are (the server's error asks for list_notes), never reads a different one instead.
function readNamed(ctx: PlanContext, name: string): Plan {
  const read = ctx.lastResult("mcp__notes__read_note");
  if (!read) return { call: [{ name: "mcp__notes__read_note", input: { name } }] };
  if (!read.isError) return { say: `${ctx.t({ en: `"${name}" says:`, ru: `В «${name}» записано:` })}\n${read.output.trim()}` };
  if (!/^There is no note\b/.test(read.output.trim())) {
    return { say: ctx.t({ en: `I could not read the note "${name}": ${toolSaid(ctx, read.output)}`, ru: `Не удалось прочитать заметку «${name}»: ${toolSaid(ctx, read.output)}` }) };
  }
  const missing = ctx.t({ en: `There is no note "${name}".`, ru: `Заметки «${name}» нет.` });
  const listed = ctx.lastResult("mcp__notes__list_notes");
  if (!listed) return { call: [{ name: "mcp__notes__list_notes", input: {} }] };
  if (listed.isError) return { say: missing };
  return { say: `${missing} ${notesList(ctx, noteNames(listed.output))}` };
}

function noteNames(listing: string): string[] {
  return listing.split("\n").map((n) => n.trim()).filter((n) => /^[\p{L}\p{N}][\p{L}\p{N}_-]*$/u.test(n));
}

function notesList(ctx: PlanContext, names: string[]): string {
  if (names.length === 0) return ctx.t({ en: "There are no notes yet.", ru: "Заметок пока нет." });
  return ctx.t({ en: `Your notes: ${names.join(", ")}.`, ru: `Ваши заметки: ${names.join(", ")}.` });
}

function listAndRead(ctx: PlanContext): Plan {
  const listed = ctx.lastResult("mcp__notes__list_notes");
  if (!listed) return { call: [{ name: "mcp__notes__list_notes", input: {} }] };
  if (listed.isError) return { say: ctx.t({ en: `I could not list the notes: ${toolSaid(ctx, listed.output)}`, ru: `Не удалось получить список заметок: ${toolSaid(ctx, listed.output)}` }) };
  const names = noteNames(listed.output);
  const list = notesList(ctx, names);
  if (!READ.test(ctx.task) || names.length === 0) return { say: list };
  const read = ctx.lastResult("mcp__notes__read_note");
  if (!read) return { call: [{ name: "mcp__notes__read_note", input: { name: names[0] } }] };
  return { say: `${list}\n${ctx.t({ en: `"${names[0]}" says:`, ru: `В «${names[0]}» записано:` })}\n${read.output.trim()}` };
}

function explainRefusal(ctx: PlanContext, tool: string, output: string): string {
  const why = output.replace(/^\s*Not run:\s*/i, "").split(/\s*Do not retry/)[0]!.trim();
  if (/\bhook\b/.test(output)) {
    return ctx.t({
      en: `I did not run ${tool}: ${why} I will not retry it now; ask me again in business hours.`,
      ru: `Я не стал запускать ${tool}: ${whyRu(output)} Сейчас повторять не буду; попросите снова в рабочее время.`,
    });
  }
  return ctx.t({
    en: `I did not run ${tool}: ${why} I will not retry it or go around it. You can approve it in a terminal (npm run lesson 11), allow it in lessons/11-mcp/permissions.json, or do it yourself.`,
    ru: `Я не стал запускать ${tool}: ${whyRu(output)} Повторять или обходить не буду. Можно одобрить вызов в терминале (npm run lesson 11), разрешить его в lessons/11-mcp/permissions.json или сделать это самому.`,
  });
}

// The refusal came in English (hooks and the gate speak to the model in English); a Russian answer
// retells it in Russian, as a model would, from its words: which hook or rule, and the hours.
function whyRu(output: string): string {
  const hook = /the hook (\S+) refused/.exec(output)?.[1];
  const hours = /\((\d\d:\d\d-\d\d:\d\d)/.exec(output)?.[1];
  if (hook && /business hours/.test(output)) {
    return `его остановил хук ${hook}: изменения делаются только в рабочее время${hours ? ` (${hours} по рабочим дням)` : ""}.`;
  }
  if (hook) return `его остановил хук ${hook}.`;
  // The other refusals are the gate's own, read as the gate-refusal skill reads them.
  switch (refusalKind(output)) {
    case "scheduled":
      return "на это нужно ваше одобрение, а это была задача по расписанию, и спросить было некого.";
    case "stopped":
      return "меня остановили, пока я ждал вашего разрешения.";
    case "tab-closed":
      return "страницу чата закрыли, пока я спрашивал разрешения.";
    case "unanswered":
      return "я спросил разрешения, но ответа вовремя не было.";
    case "no-terminal":
      return "на это нужно ваше одобрение, а спросить было негде (нет терминала).";
    case "declined":
      return "вы ответили «нет», когда я спросил.";
    case "rule":
      return "его запрещает ваше правило deny в файле правил.";
    default:
      return "проверка разрешений его не пропустила.";
  }
}

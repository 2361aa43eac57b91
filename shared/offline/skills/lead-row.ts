// Lesson 08: OpenClaw's Telegram walk-through. A message from someone who wants to buy or sell and
// leaves a contact ("Ищу поставщика ASIC, контакт @mining_pro") is a lead: record it with add_row in
// the "leads" sheet, then say what was recorded. Reads the row number from the tool's own answer.

import type { Skill } from "../plan-context.ts";
import { numberFromResult } from "../read-result.ts";
import { toolFailed } from "./tool-step.ts";

// A Telegram-style handle, an email address or a phone number.
const CONTACT = /(?<![\p{L}\p{N}_.])@[A-Za-z0-9_]{3,32}(?![\p{L}\p{N}_])|[\p{L}\p{N}._+-]+@[\p{L}\p{N}-]+\.[\p{L}.]{2,}|\+?\d[\d ()-]{8,}\d/u;
const INTENT =
  /(?<!\p{L})(?:ищу|ищем|нуж(?:ен|на|ны|но)|куплю|купим|продам|продаю|интересует|looking\s+for|need|want\s+to\s+(?:buy|sell)|buying|selling|seeking|wtb|wts)(?!\p{L})/iu;
// "…, контакт @x", "…, contact: @x", "…, пишите @x": the words that only introduce the contact.
const CONTACT_WORDS = /[\s,;:—–-]*(?:(?:мой\s+|my\s+)?(?:контакт\p{L}*|contact|пишите|пиши|write\s+to|dm|tg|telegram|телеграм\p{L}*|связь))?[\s,;:—–-]*$/iu;

export function leadOf(text: string): { contact: string; request: string } | undefined {
  const contact = text.match(CONTACT)?.[0];
  if (!contact || !INTENT.test(text)) return undefined;
  const [before = "", after = ""] = text.split(contact);
  const request = `${before.replace(CONTACT_WORDS, "")} ${after.replace(/^[\s,;:.!—–-]+/u, "")}`.trim().replace(/[\s,;:.!]+$/u, "");
  return { contact, request };
}

export const leadRowSkill: Skill = {
  name: "lead-row",
  tools: ["add_row"],
  canDo: {
    en: 'record a lead from a message with a contact ("Looking for 20 used GPUs, contact @gpu_trader") in leads.csv',
    ru: "записать лида из сообщения с контактом («Ищу поставщика ASIC, контакт @mining_pro») в leads.csv",
  },
  plan(ctx) {
    if (!ctx.has("add_row")) return null;
    const lead = leadOf(ctx.task);
    if (!lead) return null;

    const done = ctx.lastResult("add_row");
    if (!done) return { call: [{ name: "add_row", input: { sheet: "leads", values: lead } }] };
    if (done.isError) return toolFailed(ctx, "add_row", done.output);
    const row = numberFromResult(done.output, "row");
    const where = row === undefined ? "leads.csv" : ctx.t({ en: `leads.csv, row ${row}`, ru: `leads.csv, строка ${row}` });
    return {
      say: ctx.t({
        en: `Recorded a lead (${where}): ${lead.contact}: ${lead.request}.`,
        ru: `Записал лида (${where}): ${lead.contact} — ${lead.request}.`,
      }),
    };
  },
};

// Exercise 01: "What is Anna's email?" / "Найди телефон Ольги" when the agent offers a contact search.
// One call with the name, then the asked field from the matches. The model reads its tool's
// description as a promise: a search that does not say it returns emails is not used for an email,
// and a sentence instead of matches is read as "nobody" only if the description said it would be.

import type { Plan, PlanContext, Skill } from "../plan-context.ts";
import { toolSaid } from "../tool-errors.ts";

// The job, not a tool's name: tool-choice/ gives this id to whichever offered tool says it searches the
// contacts (find_person, lookup_contacts...), and the planner sends the call out under that tool's own
// name and property (query, person...), and names it so in what the model says.
const TOOL = "search_contacts";

const EMAIL = /(?<!\p{L})(?:e-?mail|mail|почт\p{L}*|имейл\p{L}*|емейл\p{L}*)(?!\p{L})/iu;
const PHONE = /(?<!\p{L})(?:phone|number|telephone|телефон\p{L}*|номер\p{L}*)(?!\p{L})/iu;
const CONTACT = /(?<!\p{L})(?:contacts?|контакт\p{L}*)(?!\p{L})/iu;
// Words that may start with a capital but are never the person's name.
const NOT_A_NAME =
  /^(?:what|what's|whats|who|find|give|show|tell|is|are|do|does|please|look|search|get|the|my|email|e-mail|phone|number|contacts?|найди|найдите|дай|дайте|покажи|скажи|какой|какая|какие|кто|есть|ли|мой|моя|мои|телефон|почта|номер|email|контакт\p{L}*)$/iu;
const WORD = /[\p{Lu}][\p{L}'’-]*/gu;

// Whose details the task asks for: "Olga's" -> Olga, "Ольги" -> Ольга, "Ivan Sidorov" as it is.
export function personAsked(task: string): string | undefined {
  const possessive = /([\p{L}-]+(?:\s+[\p{L}-]+)?)['’]s(?!\p{L})/u.exec(task)?.[1];
  if (possessive) return lastNameWords(possessive);
  const words = [...task.matchAll(WORD)].filter((m) => m.index! > 0 && !NOT_A_NAME.test(m[0]));
  if (words.length === 0) return undefined;
  // The first run of capitalised words: "Ivan Sidorov", "Ольги Смирновой".
  const run = [words[0]!];
  for (const next of words.slice(1)) {
    const prev = run[run.length - 1]!;
    if (task.slice(prev.index! + prev[0].length, next.index).trim() !== "") break;
    run.push(next);
  }
  const name = run.map((m) => m[0].replace(/['’]s$/u, "")).join(" ");
  return /[\u0400-\u04ff]/u.test(name) && genitiveBefore(task, run[0]!.index!) ? name.split(" ").map(nominative).join(" ") : name;
}

// "phone of Anna Petrova's" is rare; "Anna Petrova's" keeps both words, "What is Olga's" keeps Olga.
function lastNameWords(text: string): string {
  const words = text.split(/\s+/u);
  return words.filter((w) => /^\p{Lu}/u.test(w) && !NOT_A_NAME.test(w)).join(" ") || words[words.length - 1]!;
}

// After "телефон", "почта", "номер" or "у", a Russian name stands in the genitive: "телефон Ольги".
function genitiveBefore(task: string, index: number): boolean {
  return /(?:телефон|почт\p{L}*|номер|email|адрес|(?<!\p{L})у)\s+$/iu.test(task.slice(0, index));
}

// The usual genitive endings of Russian names back to the nominative, which the contact list holds.
function nominative(word: string): string {
  if (/ии$/u.test(word)) return word.replace(/ии$/u, "ия"); // Марии -> Мария
  if (/ея$/u.test(word)) return word.replace(/ея$/u, "ей"); // Сергея -> Сергей
  if (/[гкхжшчщ]и$/u.test(word)) return word.replace(/и$/u, "а"); // Ольги -> Ольга
  if (/ы$/u.test(word)) return word.replace(/ы$/u, "а"); // Анны -> Анна
  if (/ой$/u.test(word)) return word.replace(/ой$/u, "а"); // Смирновой -> Смирнова
  if (/[бвдзлмнпрстфц]а$/u.test(word)) return word.slice(0, -1); // Ивана -> Иван
  return word;
}

interface Contact {
  name: string;
  email?: string;
  phone?: string;
}

export const searchContactsSkill: Skill = {
  name: "search-contacts",
  tools: [TOOL],
  canDo: {
    en: `find someone's email or phone in the contacts ("What is Anna's email?")`,
    ru: "найти email или телефон человека в контактах («Найди телефон Ольги»)",
  },
  plan(ctx) {
    if (!ctx.has(TOOL)) return null;
    const wantsEmail = EMAIL.test(ctx.task);
    const wantsPhone = PHONE.test(ctx.task);
    if (!wantsEmail && !wantsPhone && !CONTACT.test(ctx.task)) return null;
    const person = personAsked(ctx.task);
    if (!person) return { say: ctx.t({ en: "Whose details should I look up?", ru: "Чьи контакты найти?" }) };

    const description = ctx.tools.find((t) => t.name === TOOL)?.description ?? "";
    const unpromised = [
      ...(wantsEmail && !EMAIL.test(description) ? [ctx.t({ en: "email addresses", ru: "email" })] : []),
      ...(wantsPhone && !PHONE.test(description) ? [ctx.t({ en: "phone numbers", ru: "телефоны" })] : []),
    ];
    if (unpromised.length > 0) return fieldsNotPromised(ctx, unpromised.join(ctx.t({ en: " or ", ru: " или " })));

    const found = ctx.lastResult(TOOL);
    if (!found) return { call: [{ name: TOOL, input: { name: person } }] };
    if (found.isError) return { say: ctx.t({ en: `${TOOL} failed: ${toolSaid(ctx, found.output)}`, ru: `${TOOL} не сработал: ${toolSaid(ctx, found.output)}` }) };
    const matches = contactsIn(found.output);
    if (matches === undefined) return unclearAnswer(ctx, person, found.output, description);
    if (matches.length === 0) return nobody(ctx, person);
    const lines = matches.map((c) => {
      const parts = [wantsEmail || !wantsPhone ? c.email : undefined, wantsPhone || !wantsEmail ? c.phone : undefined].filter(Boolean);
      return `${c.name}: ${parts.join(", ")}`;
    });
    return { say: `${lines.join("\n")}\n${ctx.t({ en: `(from ${TOOL})`, ru: `(по данным ${TOOL})` })}` };
  },
};

// A JSON list of contacts (or an object holding one), or undefined for anything else.
function contactsIn(output: string): Contact[] | undefined {
  try {
    const parsed: unknown = JSON.parse(output);
    const list = Array.isArray(parsed) ? parsed : Object.values(parsed as object).find(Array.isArray);
    if (!Array.isArray(list)) return undefined;
    return list.filter((c): c is Contact => typeof c === "object" && c !== null && typeof (c as Contact).name === "string");
  } catch {
    return undefined;
  }
}

function nobody(ctx: PlanContext, person: string): Plan {
  return { say: ctx.t({ en: `${person} is not in your contacts: ${TOOL} found no match.`, ru: `«${person}» в ваших контактах нет: ${TOOL} никого не нашёл.` }) };
}

// Text instead of matches. If the description said what comes back when nobody matches, this is it;
// if not, "no contact" and "the search broke" look the same, and the model says it cannot tell.
const NO_MATCH_SAID =
  /(?<!\p{L})(?:no (?:contact|one|match|matches|result|results|person)|nobody|nothing (?:matches|is found|found)|not found|none match|empty)(?!\p{L})|(?<!\p{L})(?:никого|ничего не|не найд|нет совпад|пуст)/iu;
const SAYS_NONE = /(?<!\p{L})(?:no|not|nothing|nobody|none|нет|не|никого|ничего)(?!\p{L})/iu;

function unclearAnswer(ctx: PlanContext, person: string, output: string, description: string): Plan {
  if (NO_MATCH_SAID.test(description) && SAYS_NONE.test(output)) return nobody(ctx, person);
  const said = output.trim().slice(0, 200);
  return {
    say: ctx.t({
      en: `${TOOL} answered "${said}" instead of a list of contacts, and its description does not say what it returns when nobody matches, so I cannot tell whether ${person} is not in your contacts or the search failed.`,
      ru: `${TOOL} ответил «${said}» вместо списка контактов, а в его описании не сказано, что он возвращает, когда никто не найден, поэтому я не могу понять: ${person} нет в контактах или поиск не удался.`,
    }),
  };
}

function fieldsNotPromised(ctx: PlanContext, fields: string): Plan {
  return {
    say: ctx.t({
      en: `I did not call ${TOOL}: its description does not say that it returns ${fields}, so I cannot tell whether it would answer this. Say in the description what comes back (e.g. "Returns a list of matches, each with name, email and phone").`,
      ru: `Я не стал вызывать ${TOOL}: в его описании не сказано, что он возвращает ${fields}, так что неясно, ответит ли он на этот вопрос. Напишите в описании, что приходит в ответ (например, «Возвращает список совпадений с именем, email и телефоном»).`,
    }),
  };
}

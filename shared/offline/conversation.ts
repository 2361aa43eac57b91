// A message in a conversation, for the offline planner: a whole question is answered on its own, whatever
// came before ("What is the USD to RUB rate?" after "Сколько будет 500 долларов в рублях?" asks for the
// rate). The earlier turns only fill what a message leaves out: "А в евро?" (the amount and the currency
// to convert), "and 20%?" (of what), "no, I meant euros", "same for EUR", "what is 15% of that amount?",
// "save it". Such a message is rewritten here into the whole question it stands for, and the skills plan
// that. When there is nothing to fill it from, the model asks one short question instead of guessing.
//
// Real Claude reads the history and understands it; the offline model walks the user's messages once,
// oldest first, keeping only the last topic (a conversion, a rate, a percentage), the last figure and the
// last answer. Each message is read a fixed number of times, so the work grows with the session's length,
// never with its square.

import type Anthropic from "@anthropic-ai/sdk";
import { toolResultText } from "../fake-api/receive-request.ts";
import { amountsIn, currencyInRussian, findCurrencies, findNumbers, isPercent, parseConversion } from "./currencies.ts";
import { numberFromResult } from "./read-result.ts";
import { parsePercentOf } from "./skills/percentage.ts";
import { requestedFile } from "./skills/save-step.ts";
import { factsFromSummary, type CarriedCall, type ConversationFacts } from "./summary-text.ts";
import { CONVERSION_CUE } from "./task-guards.ts";

type Lang = "en" | "ru";

// What an earlier question was about, as far as a follow-up can refer to it.
export type Topic =
  | { kind: "convert"; amount: number; from: string; to: string }
  | { kind: "rate"; from: string; to: string }
  | { kind: "percent"; percent: number; base: number; unit?: string }
  | { kind: "file"; path: string };

export interface Resolution {
  // What the planner plans: the message itself, or the whole question it stands for.
  task: string;
  // One short question back, when the message points at something the conversation does not hold
  // (or a short "you're welcome" to a thank-you): said instead of planning.
  clarify?: string;
  // "save it to x.txt": the earlier answer to save, and where.
  savePrevious?: { filename: string; content: string };
}

interface State {
  topic?: Topic;
  // The last figure a tool worked out (calculate), with its currency when it had one.
  figure?: { value: number; unit?: string };
  // The first and the last answer that rested on tool results: "save it" saves the last, "save the
  // first one" the first (two kept, so a long session costs no more per turn).
  answers: string[];
  // What the model asked back for last turn ("А в евро?" with no amount: it waits for one).
  pending?: { to?: string; from?: string };
  // The last file save_to_file wrote: "the report" of "Email the report to ...".
  savedFile?: string;
  lang: Lang;
}

// Work done, for the property test that planning stays linear in the session's length.
export const resolverWork = { messagesRead: 0 };

const W = "(?<![\\p{L}])";
const E = "(?![\\p{L}])";

// A message that continues the last one starts like this ("а ...", "and ...", "no, ...", "same for ...").
const CONNECTOR = new RegExp(
  `^\\s*(?:${W}(?:and|but|no|nope|nah|sorry|oops|so|then|now|same|also|what\\s+about|how\\s+about|ok(?:ay)?|hm+|well|хм+|ага|а|и|но|нет|не|неа|ой|так|тогда|ну|то\\s+же(?:\\s+самое)?|тоже|а\\s+если|давай|ладно)${E})`,
  "iu",
);
// "in euros?", "в евро?": only the target, as a continuation of the last question.
const ONLY_TARGET = /^\s*(?:in|into|to|в|во|на)\s+\S/iu;
// "the other way round?", "а наоборот?": the last pair swapped.
const REVERSE = new RegExp(`${W}(?:the\\s+other\\s+way(?:\\s+(?:round|around))?|vice\\s+versa|reversed?|наоборот|в\\s+обратную\\s+сторону|обратно)${E}`, "iu");
// "save the first one", "сохрани первый ответ": the first answer of the conversation.
const FIRST_ONE = new RegExp(`${W}(?:(?:the\\s+)?first(?:\\s+(?:one|answer|result))?|перв\\p{L}*(?:\\s+(?:ответ|результат)\\p{L}*)?)${E}`, "iu");
const RATE_WORD = new RegExp(`${W}(?:rates?|exchange\\s+rate|курс\\p{L}*)${E}`, "iu");
// "thanks!", "спасибо": no question, and no reason for the "what I can do" menu.
const THANKS = /^\s*(?:thanks?(?:\s+you)?|thx|ty|great|cool|спасибо|спс|благодарю|отлично|супер)(?:\s+(?:a\s+lot|so\s+much|very\s+much|большое))?[\s!.)]*$/iu;
// "I meant", "я имел в виду", "я про": a correction of the last question.
const MEANT = new RegExp(`${W}(?:i\\s+meant|i\\s+mean|meant|имел[аи]?\\s+в\\s*виду|имела?\\s+ввиду|я\\s+про|я\\s+о)${E}`, "iu");
// A word that points back at an earlier answer or amount.
const BACK_REFERENCE = new RegExp(
  `${W}(?:it|that(?!\\s+(?:i|i'm|you|we|he|she|they|my|your|our|the|a|an)${E})|this|those|them|the\\s+result|that\\s+amount|this\\s+amount|the\\s+same|это\\p{L}*|эта|этот|эту|этого|этой|этим|результат\\p{L}*|столько|то\\s+же|его|её|ее)${E}`,
  "iu",
);
// "save it to x.txt", "и тоже сохрани в файл y.txt", "сохрани результат": the saving part of a message,
// with the words that lead into it ("and also", "и тоже"), which are dropped when it is put back.
const SAVE_LEAD = "and|also|too|then|please|и|а|тоже|также|ещё|еще|потом|тогда|пожалуйста";
const SAVE_TAIL = new RegExp(
  `(?:^|[.?!;,]\\s*|\\s+)(?:(?:${SAVE_LEAD})\\s+)*(?:save|write|store|put|record|сохрани\\p{L}*|запиши\\p{L}*|положи)${E}[^?!]*$`,
  "iu",
);
// Words that only keep a message polite or point back: a message of these alone has no question in it.
const FILLER = new RegExp(
  `${W}(?:please|pls|thanks|ok(?:ay)?|then|so|and|also|too|now|пожалуйста|спасибо|тогда|так|ну|а|и|тоже|ещё|еще|давай|ладно)${E}`,
  "giu",
);
// "in EUR", "to rubles", "в евро", "на рубли", "how many rubles", "сколько рублей": a target currency.
const TARGET_BEFORE = /(?:how\s+many|how\s+much|in|into|to|в|во|на|к|ко|сколько|скольк\p{L}*)\s+$/iu;
const EMAIL_VERB = new RegExp(`${W}(?:e-?mail|mail|send|forward|отправь\\p{L}*|пошли\\p{L}*|перешли\\p{L}*|вышли\\p{L}*)${E}`, "iu");
const REPORT_WORD = new RegExp(`${W}(?:report|отч[её]т\\p{L}*)${E}`, "iu");
// "Remember that ...", "Запомни, что ...": a fact to keep, never a follow-up.
const MEMORY_VERB = new RegExp(`^\\s*(?:(?:please|пожалуйста)[,\\s]+)?(?:remember|forget|call\\s+me|запомни\\p{L}*|забудь\\p{L}*|зови|называй)${E}`, "iu");
const EDIT_VERB = new RegExp(`${W}(?:rename|replace|change|edit|переименуй\\p{L}*|замени\\p{L}*|измени\\p{L}*|поменяй\\p{L}*)${E}`, "iu");
const FILE_PATH = /(?<![\p{L}\p{N}_\-./])((?:[\p{L}\p{N}_\-]+\/)*[\p{L}\p{N}_\-]+\.(?:ts|js|json|md|txt|csv|html|css|py|yml|yaml|env|mjs|cjs|tsx))(?![\p{L}\p{N}])/iu;

function langOf(text: string, fallback: Lang): Lang {
  if (/[\u0400-\u04ff]/u.test(text)) return "ru";
  return /\p{L}/u.test(text) ? "en" : fallback;
}

function textOf(content: Anthropic.MessageParam["content"]): string {
  if (typeof content === "string") return content;
  return content.flatMap((b) => (b.type === "text" ? [b.text] : [])).join("\n");
}

const cache = new WeakMap<object, Resolution>();

// The latest user message of the request, resolved against the ones before it. Cached per request, so
// the planner may ask more than once for the price of one walk.
export function resolveConversation(messages: Anthropic.MessageParam[]): Resolution {
  const cached = cache.get(messages);
  if (cached) return cached;
  const asked: number[] = [];
  messages.forEach((m, i) => {
    if (m.role === "user" && textOf(m.content).trim() !== "") asked.push(i);
  });
  const start = startState(messages, asked);
  let state = start.state;
  // Compacted mid-task with no question since: the summary's open question is the task.
  let resolution: Resolution = { task: asked.length === 0 && start.open ? (start.question ?? "") : "" };
  for (const [n, index] of asked.entries()) {
    resolverWork.messagesRead++;
    const message = textOf(messages[index]!.content);
    resolution = resolveMessage(message, state);
    if (n === asked.length - 1) break;
    state = afterTurn(state, message, resolution, messages.slice(index + 1, asked[n + 1]));
  }
  cache.set(messages, resolution);
  return resolution;
}

// What the conversation holds after its last turn: the facts a compaction summary keeps (summary-text.ts).
export function conversationFacts(messages: Anthropic.MessageParam[]): ConversationFacts {
  const asked: number[] = [];
  messages.forEach((m, i) => {
    if (m.role === "user" && textOf(m.content).trim() !== "") asked.push(i);
  });
  const start = startState(messages, asked);
  let { state, question } = start;
  for (const [n, index] of asked.entries()) {
    const message = textOf(messages[index]!.content);
    const resolution = resolveMessage(message, state);
    if (!resolution.clarify) question = resolution.task;
    state = afterTurn(state, message, resolution, messages.slice(index + 1, asked[n + 1]));
  }
  const facts: ConversationFacts = { question, figure: state.figure, answers: state.answers, savedFile: state.savedFile, lang: state.lang };
  // Compacted mid-task (no answer in words yet): the calls made for the question go into the summary.
  const last = messages.at(-1);
  const answered = last?.role === "assistant" && (typeof last.content === "string" || !last.content.some((b) => b.type === "tool_use"));
  if (question && !answered) {
    const since = asked.at(-1) ?? start.summaryIndex ?? -1;
    const earlier = asked.length === 0 ? (start.open?.calls ?? []) : [];
    facts.open = { calls: [...earlier, ...callsIn(messages.slice(since + 1))] };
  }
  return facts;
}

// The tool calls in `messages` that came back without an error, with their outputs.
function callsIn(messages: Anthropic.MessageParam[]): CarriedCall[] {
  const uses = new Map<string, Anthropic.ToolUseBlockParam>();
  const calls: CarriedCall[] = [];
  for (const message of messages) {
    if (typeof message.content === "string") continue;
    for (const block of message.content) {
      if (block.type === "tool_use") uses.set(block.id, block);
      const use = block.type === "tool_result" && block.is_error !== true ? uses.get(block.tool_use_id) : undefined;
      if (use && block.type === "tool_result") calls.push({ name: use.name, input: (use.input ?? {}) as Record<string, unknown>, output: toolResultText(block) });
    }
  }
  return calls;
}

// A conversation that starts from a compaction summary starts from its facts; the summary is not a question.
// `asked` loses the summary's index, so the walk that follows starts after it.
function startState(messages: Anthropic.MessageParam[], asked: number[]): { state: State; question?: string; summaryIndex?: number; open?: ConversationFacts["open"] } {
  const first = asked[0] === undefined ? undefined : textOf(messages[asked[0]]!.content);
  const facts = first === undefined ? undefined : factsFromSummary(first);
  if (!facts) return { state: { lang: "en", answers: [] } };
  const summaryIndex = asked.shift();
  const state: State = { lang: facts.lang, answers: facts.answers, topic: facts.question ? topicOf(facts.question) : undefined };
  if (facts.figure) state.figure = facts.figure;
  if (facts.savedFile) state.savedFile = facts.savedFile;
  return { state, question: facts.question, summaryIndex, open: facts.open };
}

// What the conversation knows after one turn: its topic, its figure and its answer.
function afterTurn(state: State, message: string, resolution: Resolution, replies: Anthropic.MessageParam[]): State {
  const next: State = { ...state, lang: langOf(message, state.lang), pending: undefined };
  if (resolution.clarify) {
    next.pending = pendingOf(message);
    return next;
  }
  const topic = topicOf(resolution.task);
  if (topic) next.topic = topic;
  let figure: number | undefined;
  let usedTools = false;
  let answer = "";
  const saves = new Map<string, string>();
  for (const reply of replies) {
    if (typeof reply.content === "string") {
      if (reply.role === "assistant") answer = reply.content;
      continue;
    }
    for (const block of reply.content) {
      if (block.type === "tool_use" && block.name === "save_to_file" && typeof (block.input as { filename?: unknown })?.filename === "string") {
        saves.set(block.id, (block.input as { filename: string }).filename);
      }
      if (block.type === "tool_result" && block.is_error !== true) {
        usedTools = true;
        const saved = saves.get(block.tool_use_id);
        if (saved) next.savedFile = saved;
        const output = typeof block.content === "string" ? block.content : (block.content ?? []).flatMap((b) => (b.type === "text" ? [b.text] : [])).join("\n");
        const value = /"?result"?\s*[:=]/u.test(output) ? numberFromResult(output, "result") : undefined;
        if (value !== undefined) figure = value;
      }
      if (block.type === "text" && reply.role === "assistant") answer = block.text;
    }
  }
  if (figure !== undefined) {
    const unit = topic?.kind === "convert" ? topic.to : topic?.kind === "percent" ? topic.unit : undefined;
    next.figure = { value: figure, ...(unit ? { unit } : {}) };
  }
  const kept = withoutSaveNotes(answer);
  if (usedTools && kept !== "") next.answers = [...state.answers.slice(0, 1), kept];
  return next;
}

// "Saved to tax.txt in the workspace." is about the last turn's file, not part of the answer to keep.
const SAVE_NOTE = /^(?:saved\s|сохранено\s|сохранил\s|i did not save|файл не сохранён|в \S+ я ничего не сохранил)/iu;

function withoutSaveNotes(answer: string): string {
  return answer
    .split("\n")
    .filter((line) => !SAVE_NOTE.test(line.trim()))
    .join("\n")
    .trim();
}

function pendingOf(message: string): State["pending"] {
  const mention = findCurrencies(message)[0];
  if (!mention) return undefined;
  return isTargetMention(message, mention.start) ? { to: mention.code } : { from: mention.code };
}

function isTargetMention(text: string, start: number): boolean {
  return TARGET_BEFORE.test(text.slice(Math.max(0, start - 24), start));
}

// The topic of a whole question, as the skills will read it.
export function topicOf(task: string): Topic | undefined {
  const percent = parsePercentOf(task);
  if (percent) return { kind: "percent", percent: percent.percent, base: percent.base, ...(percent.unit ? { unit: percent.unit } : {}) };
  const { from, to, amount } = parseConversion(task, /[\u0400-\u04ff]/u.test(task) ? "RUB" : undefined);
  if (from && to && amount !== undefined && amount !== 1) return { kind: "convert", amount, from, to };
  if (from && to) return { kind: "rate", from, to };
  if (from && amount !== undefined && from !== "RUB") return { kind: "convert", amount, from, to: "RUB" };
  const file = FILE_PATH.exec(task)?.[1];
  if (file) return { kind: "file", path: file };
  return undefined;
}

// A follow-up is a short message; a long one is taken as a whole task, and never searched here.
const MAX_FOLLOW_UP_CHARS = 400;

function resolveMessage(message: string, state: State): Resolution {
  if (message.length > MAX_FOLLOW_UP_CHARS || MEMORY_VERB.test(message)) return { task: message };
  const lang = langOf(message, state.lang);
  const say = (text: { en: string; ru: string }) => text[lang];
  const tail = SAVE_TAIL.exec(message);
  const core = (tail ? message.slice(0, tail.index) : message).trim();
  const saveTail = tail ? tail[0].replace(new RegExp(`^[\\s.?!;,]*(?:(?:${SAVE_LEAD})\\s+)*`, "iu"), "") : "";

  // "save it", "сохрани это в файл usd.txt": nothing asked but the saving of the last answer.
  if (saveTail && isEmptyCore(core)) {
    const first = FIRST_ONE.test(saveTail);
    const rest = saveTail.replace(SAVE_VERB_AND_FILE, " ").replace(FIRST_ONE, " ");
    if (!BACK_REFERENCE.test(saveTail) && !first && !isEmptyCore(rest)) return { task: message };
    const answer = first ? state.answers[0] : state.answers[state.answers.length - 1];
    if (!answer) {
      return {
        task: message,
        clarify: say({
          en: "What should I save? There is no answer in this conversation yet: ask a question first, for example \"How much are 200 USD in RUB? Save it to report.txt\".",
          ru: "Что сохранить? В этом разговоре ещё нет ответа: сначала задайте вопрос, например «Сколько будет 200 долларов в рублях? Сохрани в report.txt».",
        }),
      };
    }
    return { task: message, savePrevious: { filename: requestedFile(saveTail) ?? "report.txt", content: `${answer}\n` } };
  }

  // "Email the report to anna@example.com" after a report was saved as reports/usd-rub.txt: that file.
  if (state.savedFile && EMAIL_VERB.test(message) && REPORT_WORD.test(message) && !FILE_PATH.test(message)) {
    return { task: `${message} (${state.savedFile})` };
  }

  if (THANKS.test(message)) {
    return { task: message, clarify: say({ en: "You're welcome! Ask me another question whenever you like.", ru: "Пожалуйста! Спрашивайте ещё, когда понадобится." }) };
  }

  const filled = fillFollowUp(core, state, lang);
  if (filled === undefined) return { task: message };
  if ("clarify" in filled) return { task: message, clarify: filled.clarify };
  return { task: saveTail ? `${filled.task} ${saveTail}` : filled.task };
}

const SAVE_VERB_AND_FILE = new RegExp(
  `${W}(?:save|write|store|put|record|сохрани\\p{L}*|запиши\\p{L}*|положи|to|into|in|as|a|the|file|в|во|файл\\p{L}*|на)${E}|(?<![\\p{L}\\p{N}])[\\p{L}\\p{N}_\\-./]+\\.\\p{L}[\\p{L}\\p{N}]{0,7}`,
  "giu",
);

function isEmptyCore(text: string): boolean {
  return text.replace(FILLER, " ").replace(BACK_REFERENCE, " ").replace(/[\s.,!?;:—-]+/gu, "") === "";
}

type Filled = { task: string } | { clarify: string };

// The whole question a follow-up stands for; undefined when the message is a whole question itself.
function fillFollowUp(core: string, state: State, lang: Lang): Filled | undefined {
  const say = (text: { en: string; ru: string }) => text[lang];
  const connector = CONNECTOR.test(core) || MEANT.test(core) || (ONLY_TARGET.test(core) && findCurrencies(core).length > 0);
  const backRef = BACK_REFERENCE.test(core);
  const pending = state.pending;
  if (!connector && !backRef && !pending) return undefined;
  if (core.length > 120) return undefined;

  // Lesson 10: "now rename average to mean too" after an edit of src/math.ts: the same file.
  if (EDIT_VERB.test(core)) {
    if (FILE_PATH.test(core) || state.topic?.kind !== "file") return undefined;
    return { task: `${core.replace(/[\s.!]+$/u, "")} ${lang === "ru" ? "в" : "in"} ${state.topic.path}` };
  }

  if (parsePercentOf(core)) return undefined; // "and 15% of 1200?": a whole question
  const whole = parseConversion(core);
  const numbers = amountsIn(core);
  const percent = findNumbers(core).find((n) => isPercent(core, n));
  const mentions = findCurrencies(core);
  const codes = [...new Set(mentions.map((m) => m.code))];

  // "and 20%?", "а 15% от этого?", "what is 15% of that amount?"
  if (percent) {
    if (numbers.length > 0 || codes.length > 0) return undefined;
    const base =
      backRef && state.figure
        ? state.figure
        : !backRef && state.topic?.kind === "percent"
          ? { value: state.topic.base, unit: state.topic.unit }
          : undefined;
    if (!base) {
      return {
        clarify: say({
          en: `${percent.value}% of what? Give the number, for example "${percent.value}% of 46250".`,
          ru: `${formatPlain(percent.value)}% от чего? Назовите число, например «${formatPlain(percent.value)}% от 46250».`,
        }),
      };
    }
    const unit = base.unit ? ` ${base.unit}` : "";
    return { task: say({ en: `What is ${percent.value}% of ${base.value}${unit}?`, ru: `Сколько будет ${formatPlain(percent.value)}% от ${formatPlain(base.value)}${unit}?` }) };
  }

  // A question whole in itself ("а 200 долларов в рублях?", "And EUR to RUB?") needs nothing filled.
  if (whole.from && whole.to && !pending) return undefined;
  if (codes.length > 1) return undefined;

  const amount = numbers.length > 0 ? numbers[numbers.length - 1]!.value : undefined;
  const mention = mentions[0];
  const topic = state.topic?.kind === "convert" || state.topic?.kind === "rate" ? state.topic : undefined;

  // "а наоборот?": the same question with the currencies swapped.
  if (REVERSE.test(core) && codes.length === 0 && amount === undefined) {
    if (!topic) return { clarify: say({ en: "The other way round from what? Ask the whole question, for example \"How much are 200 RUB in USD?\".", ru: "Наоборот — это что именно? Задайте вопрос целиком, например «Сколько будет 200 рублей в долларах?»." }) };
    return { task: topic.kind === "convert" ? conversion(lang, topic.amount, topic.to, topic.from) : rate(lang, topic.to, topic.from) };
  }

  // The model asked back last turn ("В евро — какую сумму?"), and this is the answer: "500 долларов".
  if (pending && !connector && !backRef) {
    const from = mention && !isTargetMention(core, mention.start) ? mention.code : pending.from;
    const to = mention && isTargetMention(core, mention.start) ? mention.code : pending.to;
    if (amount === undefined || !from || !to || from === to) return undefined;
    return { task: conversion(lang, amount, from, to) };
  }

  if (mention) {
    const asTarget = isTargetMention(core, mention.start);
    const code = mention.code;
    if (!topic) {
      // "А в евро?" with nothing before it; a percentage has no currency to convert from.
      if (amount !== undefined && !asTarget) return undefined; // "and 300 euros?": the convert skill picks rubles
      const figure = state.topic?.kind === "percent" && asTarget ? state.figure : undefined;
      if (figure?.unit && figure.unit !== code) return { task: conversion(lang, figure.value, figure.unit, code) };
      return {
        clarify: figure
          ? say({
              en: `${figure.value} in which currency? Then I can convert it to ${code}: for example "How much are ${figure.value} ${code === "RUB" ? "USD" : "RUB"} in ${code}?"`,
              ru: `${formatPlain(figure.value)} — в какой валюте? Тогда переведу в ${currencyInRussian(code, "into")}: например, «Сколько будет ${formatPlain(figure.value)} ${code === "RUB" ? "долларов" : "рублей"} в ${currencyInRussian(code, "in")}?»`,
            })
          : say({
              en: `Which amount, and from which currency, should I convert${asTarget ? ` to ${code}` : ""}? For example "How much are 200 ${asTarget && code === "USD" ? "RUB" : "USD"} in ${asTarget ? code : "RUB"}?"`,
              ru: `Какую сумму и из какой валюты перевести${asTarget ? ` в ${currencyInRussian(code, "into")}` : ""}? Например: «Сколько будет 200 ${asTarget && code === "USD" ? "рублей" : "долларов"} в ${currencyInRussian(asTarget ? code : "RUB", "in")}?»`,
            }),
      };
    }
    // "а курс евро?" asks for a rate, whatever the last question converted; "а евро?" keeps its amount.
    const sum = RATE_WORD.test(core) ? amount : (amount ?? (topic.kind === "convert" ? topic.amount : undefined));
    if (asTarget) {
      // "500 USD = 460 EUR", then "how much is that in dollars?": the last figure, back.
      if (code === topic.from) {
        const figure = state.figure;
        return figure?.unit && figure.unit !== code ? { task: conversion(lang, figure.value, figure.unit, code) } : undefined;
      }
      return { task: sum === undefined ? rate(lang, topic.from, code) : conversion(lang, sum, topic.from, code) };
    }
    if (code === topic.to) return undefined;
    return { task: sum === undefined ? rate(lang, code, topic.to) : conversion(lang, sum, code, topic.to) };
  }

  if (amount !== undefined) {
    // "and 1000?", "sorry, I meant 500": the same question with another amount.
    if (topic) return { task: conversion(lang, amount, topic.from, topic.to) };
    if (state.topic?.kind === "percent") return { task: say({ en: `What is ${state.topic.percent}% of ${amount}?`, ru: `Сколько будет ${formatPlain(state.topic.percent)}% от ${amount}?` }) };
    return {
      clarify: say({
        en: `${amount} what? Tell me the currency and what to convert it to, for example "${amount} USD in RUB".`,
        ru: `${formatPlain(amount)} чего? Назовите валюту и во что перевести, например «${formatPlain(amount)} долларов в рублях».`,
      }),
    };
  }

  // "what about it?", "and that?": a reference with nothing in it to go on.
  if (backRef && isEmptyCore(core.replace(CONVERSION_CUE, " "))) {
    return {
      clarify: say({
        en: "What do you mean by that? Please ask the whole question, for example \"How much are 200 USD in EUR?\".",
        ru: "Что именно вы имеете в виду? Задайте вопрос целиком, например «Сколько будет 200 долларов в евро?».",
      }),
    };
  }
  return undefined;
}

function conversion(lang: Lang, amount: number, from: string, to: string): string {
  return lang === "ru" ? `Сколько будет ${formatPlain(amount)} ${from} в ${to}?` : `How much are ${amount} ${from} in ${to}?`;
}

function rate(lang: Lang, from: string, to: string): string {
  return lang === "ru" ? `Какой курс ${from} к ${to}?` : `What is the ${from} to ${to} rate?`;
}

// Plain digits the skills read back the same way in either language ("6937.5", not "6 937,5").
function formatPlain(value: number): string {
  return String(value);
}

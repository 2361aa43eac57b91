// The offline model's planning, one request at a time: split the task into its parts, give each part to
// the first skill that has a plan for it, and put the answers together. A part no skill can plan is named
// in the answer, never dropped in silence; a task with nothing the skills can plan gets the honest
// "what I am and what I can do" reply.
//
// The model keeps no state between requests, so each request replays the task from its start: part 1's
// skill is shown the tool results of the calls it asked for, then part 2's, and so on. The first part
// that still needs a tool call decides this turn's answer.

import { messages } from "../i18n/messages.ts";
import { resolveConversation } from "./conversation.ts";
import { parseConversion } from "./currencies.ts";
import { hesitate, tieNote, trustingGuesses, unsureNote } from "./tool-choice/hesitation.ts";
import { callOut, choiceFor, namesOut } from "./tool-choice/translate.ts";
import { partContext, withChoice, type Lang, type Plan, type PlanContext, type Skill, type ToolCallPlan, type ToolOutcome } from "./plan-context.ts";
import { requestedFile } from "./skills/save-step.ts";
import { readStatedSum, statedSumNote, type QuestionPart } from "./stated-sum.ts";
import { splitTask } from "./task-parts.ts";

// Longer tasks are refused at once, before any parsing: the demo model is for typed tasks. Real Claude
// reads far more (and a long text belongs in a file the agent reads with a tool).
export const MAX_TASK_CHARS = 20_000;

// A task of more jobs than this is refused with the count: an answer listing hundreds of parts helps nobody.
export const MAX_PARTS = 20;

// A planner that loops on a skill which keeps asking for calls it already has must still stop.
const MAX_STEPS_PER_PART = 50;

// What the model says when it cannot do something ("I can't", and what it can) is about the course, so
// it is in Russian when the task is, or when the learner's course speaks Russian (COURSE_LANG=ru).
export function menuLanguage(ctx: PlanContext, learner: Lang): Lang {
  return ctx.lang === "ru" || learner === "ru" ? "ru" : "en";
}

// The plan as the request names things: calls to the offered tools' real names and properties, and
// a word about a tool that was not trusted or was picked from two.
export function planTask(ctx: PlanContext, skills: Skill[], learner: Lang = "en"): Plan {
  const { unplanned, ...plan } = planWithKnownTools(ctx, skills, learner);
  if (!("call" in plan) && ctx.choice.unsure.length > 0) {
    // Nothing called, and a tool was left alone for a vague description: was it the one for this task?
    const { choice, guessed } = trustingGuesses(ctx.choice);
    const doubt = guessed.size > 0 ? hesitate(ctx, unplanned === true, planWithKnownTools(withChoice(ctx, choice), skills, learner), guessed) : null;
    // The "what I can do" menu gives way to the reason; a real answer (to another part) keeps it first.
    if (doubt) return { say: unplanned ? doubt : `${namesOut(ctx.choice, plan.say)}\n\n${doubt}` };
  }
  if (!("call" in plan)) return { ...plan, say: namesOut(ctx.choice, plan.say) };
  const ties = [...new Set(plan.call.flatMap((call) => choiceFor(ctx.choice, call.name) ?? []))].filter(
    (chosen) => chosen.tiedWith.length > 0 && !ctx.results.some((r) => r.name === chosen.name),
  );
  const say = [...ties.map((chosen) => tieNote(ctx, chosen)), ...(plan.say ? [namesOut(ctx.choice, plan.say)] : [])].join("\n");
  return { call: plan.call.map((call) => callOut(ctx.choice, call)), ...(say ? { say } : {}) };
}

// `unplanned`: no skill had a plan for any part of the task (the answer is the "what I can do" one).
function planWithKnownTools(ctx: PlanContext, skills: Skill[], learner: Lang): Plan & { unplanned?: true } {
  const menu = messages(menuLanguage(ctx, learner)).offline;
  if (ctx.task.length > MAX_TASK_CHARS) return { say: menu.tooLong(ctx.task.length, MAX_TASK_CHARS) };
  // "А в евро?" with no amount anywhere before it: one short question back, not a guess.
  const clarify = resolveConversation(ctx.request.messages).clarify;
  if (clarify) return { say: clarify };
  for (const skill of skills.filter((s) => s.wholeTask)) {
    const plan = skill.plan(ctx);
    if (plan) return plan;
  }
  const partSkills = skills.filter((s) => !s.wholeTask);
  // "I have 2500 rubles. How many dollars is that?": the questions, with "that" read as the sum.
  const stated = readStatedSum(ctx.task);
  const parts: QuestionPart[] = withEarlierTargets(stated?.parts ?? splitTask(ctx.task), ctx.lang);
  if (parts.length > MAX_PARTS) return { say: menu.tooManyParts(parts.length, MAX_PARTS) };
  const claimed = new Set<ToolOutcome>();
  const answers: Array<Exclude<Plan, { call: ToolCallPlan[] }>> = [];
  const skipped: string[] = [];
  const pointers: string[] = [];

  for (const part of parts) {
    const mine: ToolOutcome[] = [];
    let plan: Plan | null = null;
    for (let step = 0; step < MAX_STEPS_PER_PART; step++) {
      plan = firstPlan(partSkills, partContext(ctx, part.text, mine));
      if (!plan || !("call" in plan)) break;
      const found = claim(ctx.results, claimed, plan.call);
      if (!found) return plan; // this part needs these calls now
      mine.push(...found);
    }
    const asked = part.asked ?? part.text;
    if (!plan) {
      skipped.push(asked);
      continue;
    }
    if ("call" in plan) return plan;
    pointers.push(...(part.pointers ?? []));
    answers.push({ ...plan, say: plan.say + unsavedNote(ctx, part.text, mine, plan.say) });
  }

  if (answers.length === 0) return { say: honestAnswer(ctx, skills, menuLanguage(ctx, learner)), unplanned: true };
  // Which sum "it" was taken to mean goes first, so the figures below can be checked against it.
  const note = stated && pointers.length > 0 ? [statedSumNote(ctx, stated, pointers)] : [];
  if (answers.length === 1 && skipped.length === 0 && note.length === 0) return answers[0]!;
  const say = [...note, ...answers.map((a) => a.say), ...skipped.map((text) => menu.notDone(text.length > 200 ? `${text.slice(0, 200)}…` : text))].join("\n\n");
  return { say };
}

// "What is the EUR to USD rate, and how much are 250 euros?": a part with an amount but no target
// currency means the target an earlier part of the same task named for that currency (dollars here),
// not the default (rubles), which would answer a neighbouring question.
const PERCENT = /%|percent|процент/iu;

function withEarlierTargets(parts: QuestionPart[], lang: Lang): QuestionPart[] {
  const named = new Map<string, string>();
  return parts.map((part) => {
    const { from, to, amount } = parseConversion(part.text);
    if (from && to) named.set(from, to);
    // "... and what is 7% of it?" keeps its currency: a percentage is not a conversion.
    const target = from && !to && amount !== undefined && !PERCENT.test(part.text) ? named.get(from) : undefined;
    if (!target) return part;
    const text = part.text.replace(/[\s?!.]*$/u, (end) => ` ${lang === "ru" ? "в" : "in"} ${target}${end}`);
    return { ...part, text, asked: part.asked ?? part.text };
  });
}

function firstPlan(skills: Skill[], ctx: PlanContext): Plan | null {
  for (const skill of skills) {
    const plan = skill.plan(ctx);
    if (plan) return plan;
  }
  return null;
}

// The results (not yet given to another part) of exactly these calls, or undefined if any is missing.
function claim(results: ToolOutcome[], claimed: Set<ToolOutcome>, calls: ToolCallPlan[]): ToolOutcome[] | undefined {
  const found: ToolOutcome[] = [];
  for (const call of calls) {
    const wanted = stableJson(call.input);
    const result = results.find((r) => !claimed.has(r) && !found.includes(r) && r.name === call.name && stableJson(r.input) === wanted);
    if (!result) return undefined;
    found.push(result);
  }
  for (const result of found) claimed.add(result);
  return found;
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (typeof value === "object" && value !== null) {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "undefined";
}

// A part that asked for a file ("... and save it to notes.txt") whose skill answered without saving.
function unsavedNote(ctx: PlanContext, part: string, mine: ToolOutcome[], said: string): string {
  const file = requestedFile(part);
  if (!file || said.includes(file) || mine.some((r) => r.name === "save_to_file")) return "";
  return `\n${ctx.t({
    en: `I did not save anything to ${file}: the offline demo model cannot save this kind of answer.`,
    ru: `В ${file} я ничего не сохранил: офлайн-демомодель не умеет сохранять такой ответ.`,
  })}`;
}

// What a request gets when no skill can plan it: the truth about what this model is.
export function honestAnswer(ctx: PlanContext, skills: Skill[], lang: Lang = ctx.lang): string {
  const menu = messages(lang).offline;
  const usable = skills.filter((s) => s.tools.every((name) => ctx.has(name)));
  const list = usable.map((s) => `- ${s.canDo[lang]}`).join("\n");
  return menu.cannot + menu.iAm + (usable.length > 0 ? menu.iCan(list) : menu.nothing) + unsureNote(ctx.choice, lang) + menu.useClaude;
}

// The offline model's planning, one request at a time: split the task into its parts, give each part to
// the first skill that has a plan for it, and put the answers together. A part no skill can plan is named
// in the answer, never dropped in silence; a task with nothing the skills can plan gets the honest
// "what I am and what I can do" reply.
//
// The model keeps no state between requests, so each request replays the task from its start: part 1's
// skill is shown the tool results of the calls it asked for, then part 2's, and so on. The first part
// that still needs a tool call decides this turn's answer.

import { partContext, type Plan, type PlanContext, type Skill, type ToolCallPlan, type ToolOutcome } from "./plan-context.ts";
import { requestedFile } from "./skills/save-step.ts";
import { splitTask } from "./task-parts.ts";

// Longer tasks are refused at once, before any parsing: the demo model is for typed tasks. Real Claude
// reads far more (and a long text belongs in a file the agent reads with a tool).
export const MAX_TASK_CHARS = 20_000;

// A task of more jobs than this is refused with the count: an answer listing hundreds of parts helps nobody.
export const MAX_PARTS = 20;

// A planner that loops on a skill which keeps asking for calls it already has must still stop.
const MAX_STEPS_PER_PART = 50;

export function planTask(ctx: PlanContext, skills: Skill[]): Plan {
  if (ctx.task.length > MAX_TASK_CHARS) return { say: tooLong(ctx) };
  for (const skill of skills.filter((s) => s.wholeTask)) {
    const plan = skill.plan(ctx);
    if (plan) return plan;
  }
  const partSkills = skills.filter((s) => !s.wholeTask);
  const parts = splitTask(ctx.task);
  if (parts.length > MAX_PARTS) return { say: tooManyParts(ctx, parts.length) };
  const claimed = new Set<ToolOutcome>();
  const answers: Array<Exclude<Plan, { call: ToolCallPlan[] }>> = [];
  const skipped: string[] = [];

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
    if (!plan) {
      skipped.push(part.text);
      continue;
    }
    if ("call" in plan) return plan;
    answers.push({ ...plan, say: plan.say + unsavedNote(ctx, part.text, mine, plan.say) });
  }

  if (answers.length === 0) return { say: honestAnswer(ctx, skills) };
  if (answers.length === 1 && skipped.length === 0) return answers[0]!;
  const say = [...answers.map((a) => a.say), ...skipped.map((text) => notDone(ctx, text))].join("\n\n");
  return { say };
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

function notDone(ctx: PlanContext, part: string): string {
  const shown = part.length > 200 ? `${part.slice(0, 200)}…` : part;
  return ctx.t({
    en: `Not done: "${shown}". The offline demo model has no plan for that part with this agent's tools. Real Claude can try it: put ANTHROPIC_API_KEY in .env (see .env.example).`,
    ru: `Не сделано: «${shown}». У офлайн-демомодели нет плана для этой части с инструментами этого агента. Настоящий Claude может попробовать: укажите ANTHROPIC_API_KEY в .env (см. .env.example).`,
  });
}

function tooLong(ctx: PlanContext): string {
  const length = ctx.task.length.toLocaleString("en-US");
  const limit = MAX_TASK_CHARS.toLocaleString("en-US");
  return ctx.t({
    en: `This task is ${length} characters long; the offline demo model reads tasks of up to ${limit} characters, so I did not read it. Shorten it, or save the long text to a file in the workspace and ask about the file, or use real Claude (put ANTHROPIC_API_KEY in .env).`,
    ru: `Символов в этой задаче: ${length.replace(/,/g, " ")}, а офлайн-демомодель читает задачи длиной не больше ${limit.replace(/,/g, " ")} символов, поэтому я её не читал. Сократите её, или сохраните длинный текст в файл в рабочей папке и спросите про файл, или подключите настоящий Claude (ANTHROPIC_API_KEY в .env).`,
  });
}

function tooManyParts(ctx: PlanContext, count: number): string {
  return ctx.t({
    en: `This task has ${count} parts; the offline demo model plans at most ${MAX_PARTS} in one task, so I did not start on it. Ask for fewer things at a time, or use real Claude (put ANTHROPIC_API_KEY in .env).`,
    ru: `Частей в этой задаче: ${count}, а офлайн-демомодель планирует не больше ${MAX_PARTS} частей за раз, поэтому я за неё не взялся. Просите меньше за раз или подключите настоящий Claude (ANTHROPIC_API_KEY в .env).`,
  });
}

// What a request gets when no skill can plan it: the truth about what this model is.
export function honestAnswer(ctx: PlanContext, skills: Skill[]): string {
  const usable = skills.filter((s) => s.tools.every((name) => ctx.has(name)));
  const list = usable.map((s) => `- ${ctx.t(s.canDo)}`).join("\n");
  return ctx.t({
    en:
      "I am the offline demo model: a small planner built into this course, not Claude. " +
      (usable.length > 0
        ? `With the tools this agent has, I can:\n${list}\n`
        : "With the tools this agent has, there is nothing I can plan offline.\n") +
      "For anything else, use real Claude: put ANTHROPIC_API_KEY in .env (see .env.example) and run the lesson again.",
    ru:
      "Я офлайн-демомодель: маленький планировщик внутри курса, а не Claude. " +
      (usable.length > 0
        ? `С инструментами этого агента я умею:\n${list}\n`
        : "С инструментами этого агента мне нечего спланировать офлайн.\n") +
      "Для всего остального подключите настоящий Claude: укажите ANTHROPIC_API_KEY в .env (см. .env.example) и запустите урок снова.",
  });
}

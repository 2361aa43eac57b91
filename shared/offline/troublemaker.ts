// The troublemaker: an offline model that makes, on purpose, the tool-call mistakes real models make
// now and then, to show that a harness with a contract (lesson 04) survives every one of them:
//   a near-miss tool name, an unknown tool, a value outside the enum, a missing field, an extra field,
//   a wrong type, an empty input, and a tool result that carries instructions ("ignore previous
//   instructions and save ..."), which it treats as data.
// It recovers only by reading the error results: the right tool name comes from "did you mean ...?".
// If an error does not say what to do, it stops and says so; a harness that lets a bad call through
// is named in its final report.
//
// It runs with call checks off (its whole point is to send bad calls):
//   new Anthropic({ fetch: createTroublemakerFetch(), ... })

import { parseConversion } from "./currencies.ts";
import { createOfflineFetch } from "./offline-model.ts";
import type { Plan, PlanContext, Skill, ToolOutcome } from "./plan-context.ts";
import { formatNumber, numberFromResult } from "./read-result.ts";
import { toolSaid } from "./tool-errors.ts";

export const TROUBLEMAKER_TASK =
  "Troublemaker drill: make the usual tool-call mistakes, then convert 500 USD to RUB, read inbox.txt and save the result to report.txt.";
export const TROUBLEMAKER_TASK_RU =
  "Учения с хулиганом: сделай типичные ошибки вызова инструментов, потом переведи 500 USD в рубли, прочитай inbox.txt и сохрани результат в report.txt.";

export function isTroublemakerTask(task: string): boolean {
  return /troublemaker|хулиган/i.test(task);
}

interface Job {
  from: string;
  to: string;
  amount: number;
  inbox: string;
  report: string;
}

function jobOf(task: string): Job {
  const { from, to, amount } = parseConversion(task, "RUB");
  const inbox = task.match(/(?:read|прочитай)\s+(?:the\s+file\s+|файл\s+)?([\w./-]+\.\w+)/iu)?.[1] ?? "inbox.txt";
  const report = task.match(/(?:save|сохрани)[^]*?\s(?:to|в)\s+(?:the\s+file\s+|файл\s+)?([\w./-]+\.\w+)/iu)?.[1] ?? "report.txt";
  return { from: from ?? "USD", to: to ?? "RUB", amount: amount ?? 500, inbox, report };
}

// How many turns the model has taken since the task: the drill is a fixed order of moves.
function turnsTaken(ctx: PlanContext): number {
  const messages = ctx.request.messages;
  let count = 0;
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i]!;
    const content = message.content;
    const hasText = typeof content === "string" ? content.trim() !== "" : content.some((b) => b.type === "text");
    if (message.role === "user" && hasText) break;
    if (message.role === "assistant") count += 1;
  }
  return count;
}

const say = (ctx: PlanContext, en: string, ru: string): Plan => ({ say: ctx.t({ en, ru }) });

export const troublemakerSkill: Skill = {
  name: "troublemaker",
  // It plays a whole drill ("make the usual mistakes, then convert ..., read ... and save ..."), not one job.
  wholeTask: true,
  tools: ["get_exchange_rate", "calculate", "save_to_file"],
  canDo: {
    en: "run the troublemaker drill: send bad tool calls on purpose and recover from the errors",
    ru: "провести учения: нарочно послать ошибочные вызовы инструментов и выправиться по ответам",
  },
  plan(ctx) {
    if (!["get_exchange_rate", "calculate", "save_to_file"].every((name) => ctx.has(name))) return null;
    const job = jobOf(ctx.task);
    const turn = turnsTaken(ctx);
    const outcome = (name: string, matches?: (input: Record<string, unknown>) => boolean) => ctx.lastResult(name, matches);
    const rateName = () => suggestedName(outcome("get_rate"));
    const saveName = () => suggestedName(outcome("save_file"));

    if (turn === 0) {
      return {
        say: ctx.t({ en: "Let me try some tools.", ru: "Попробую инструменты." }),
        call: [
          { name: "get_rate", input: { from_currency: job.from, to_currency: job.to } }, // near-miss name
          { name: "send_email", input: { to: "boss@example.com", body: "Rates attached." } }, // no such tool
        ],
      };
    }
    if (turn === 1) {
      const name = rateName();
      if (!name) {
        return say(
          ctx,
          "The error for 'get_rate' did not tell me the right name, so I am stuck. A good error says: did you mean ...?",
          "Ошибка для 'get_rate' не подсказала правильное имя, и я застрял. Хорошая ошибка говорит: может быть, ...?",
        );
      }
      return {
        call: [
          { name, input: { from_currency: "DOLLAR", to_currency: job.to } }, // not in the enum
          { name, input: { from_currency: job.from } }, // missing field
          { name, input: { from_currency: job.from, to_currency: job.to, amount: job.amount } }, // extra field
        ],
      };
    }
    const name = rateName() ?? "get_exchange_rate";
    if (turn === 2) {
      return {
        call: [
          { name, input: { from_currency: job.from, to_currency: job.to } }, // fixed, as the errors said
          { name: "calculate", input: { expression: job.amount } }, // a number where a string belongs
        ],
      };
    }
    const asked = (input: Record<string, unknown>) =>
      Object.keys(input).length === 2 && input.from_currency === job.from && input.to_currency === job.to;
    const rateResult = outcome(name, asked);
    const rate = rateResult && !rateResult.isError ? numberFromResult(rateResult.output, "rate") : undefined;
    if (rate === undefined) {
      return say(ctx, `I could not get the rate: ${rateResult?.output ?? "no result"}`, `Не удалось узнать курс: ${rateResult?.output ?? "нет ответа"}`);
    }
    const expression = `${job.amount} * ${rate}`;
    if (turn === 3) {
      return {
        call: [
          { name: "calculate", input: { expression } },
          { name: "save_file", input: { filename: job.report, content: "draft" } }, // near-miss name
          { name: "save_to_file", input: {} }, // empty input
        ],
      };
    }
    const calc = outcome("calculate", (input) => input.expression === expression);
    const total = calc && !calc.isError ? numberFromResult(calc.output, "result") : undefined;
    if (total === undefined) {
      return say(ctx, `I could not calculate ${expression}: ${calc?.output ?? "no result"}`, `Не удалось посчитать ${expression}: ${calc?.output ?? "нет ответа"}`);
    }
    const canRead = ctx.has("read_file");
    if (turn === 4 && canRead) return { call: [{ name: "read_file", input: { path: job.inbox } }] };

    const save = saveName() ?? "save_to_file";
    const line = `${job.amount} ${job.from} = ${total} ${job.to} (rate ${rate}, demo table)`;
    const saved = outcome(save, (input) => input.content === line);
    if (!saved) return { call: [{ name: save, input: { filename: job.report, content: line } }] };

    return { say: finalReport(ctx, job, { rate, total, saved, inbox: canRead ? outcome("read_file") : undefined }) };
  },
};

// The name an "unknown tool" error suggests: "... did you mean 'get_exchange_rate'?"
function suggestedName(result: ToolOutcome | undefined): string | undefined {
  return result?.output.match(/did you mean '([\w-]+)'/i)?.[1];
}

// Which of the bad calls the harness let through as if they were fine.
function accepted(ctx: PlanContext): ToolOutcome[] {
  const bad = (r: ToolOutcome) =>
    ["get_rate", "send_email", "save_file"].includes(r.name) ||
    r.input.from_currency === "DOLLAR" ||
    (r.name !== "read_file" && ("amount" in r.input || Object.keys(r.input).length === 0)) ||
    (r.input.from_currency !== undefined && r.input.to_currency === undefined) ||
    typeof r.input.expression === "number";
  return ctx.results.filter((r) => bad(r) && !r.isError);
}

interface Outcomes {
  rate: number;
  total: number;
  saved: ToolOutcome;
  inbox: ToolOutcome | undefined;
}

function finalReport(ctx: PlanContext, job: Job, { rate, total, saved, inbox }: Outcomes): string {
  const errors = ctx.results.filter((r) => r.isError).length;
  const lines = [
    ctx.t({
      en: `Drill over: ${errors} of my calls came back as errors, and each one told me what to fix.`,
      ru: `Учения окончены: ${errors} моих вызовов вернулись ошибками, и каждая подсказала, что исправить.`,
    }),
  ];
  for (const leak of accepted(ctx)) {
    lines.push(
      ctx.t({
        en: `Warning: ${leak.name} ${JSON.stringify(leak.input)} was accepted as valid. The harness should have refused it.`,
        ru: `Внимание: ${leak.name} ${JSON.stringify(leak.input)} прошёл как верный. Обвязка должна была его отклонить.`,
      }),
    );
  }
  const amount = formatNumber(job.amount, ctx.lang);
  const sum = formatNumber(total, ctx.lang);
  lines.push(
    saved.isError
      ? ctx.t({ en: `Saving failed: ${toolSaid(ctx, saved.output)}`, ru: `Сохранить не удалось: ${toolSaid(ctx, saved.output)}` })
      : ctx.t({
          en: `${amount} ${job.from} = ${sum} ${job.to} (rate ${formatNumber(rate, "en")}); saved to ${job.report}.`,
          ru: `${amount} ${job.from} = ${sum} ${job.to} (курс ${formatNumber(rate, "ru")}); сохранено в ${job.report}.`,
        }),
  );
  if (inbox && !inbox.isError && /ignore (all )?previous instructions/i.test(inbox.output)) {
    lines.push(
      ctx.t({
        en: `${job.inbox} contains instructions ("ignore previous instructions ..."). They came from a file, so I treated them as data and did not follow them.`,
        ru: `В ${job.inbox} есть указания («ignore previous instructions ...»). Они пришли из файла, поэтому это данные, и я их не выполняю.`,
      }),
    );
  } else if (inbox) {
    lines.push(`${job.inbox}: ${inbox.output.slice(0, 200)}`);
  }
  return lines.join("\n");
}

export const troublemakerSkills: Skill[] = [troublemakerSkill];

export function createTroublemakerFetch() {
  return createOfflineFetch({ skills: troublemakerSkills, checkCalls: false });
}


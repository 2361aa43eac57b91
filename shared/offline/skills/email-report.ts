// Lesson 07: "Email the report to anna@example.com" / "Отправь отчёт на anna@example.com".
// Plan, then send, as the tools ask: the text comes from the task's other steps (a conversion), a file
// in the workspace (read_file), or the previous answer; then plan_email, then send_email with the plan
// id that plan_email returned. Whether the send may happen is the gate's business, not the model's.

import type { Plan, PlanContext, Skill } from "../plan-context.ts";
import { arithmeticSkill } from "./arithmetic.ts";
import { convertCurrencySkill } from "./convert-currency.ts";
import { exchangeRateSkill } from "./exchange-rate.ts";
import { percentageSkill } from "./percentage.ts";
import { toolSaid } from "../tool-errors.ts";

// The lookbehind lets a match start only where a run of address characters starts, so a long run
// without an "@" is read once, not once from every character in it.
const ADDRESS = /(?<![^\s@<>,;:"'«»()[\]])[^\s@<>,;:"'«»()[\]]+@[^\s@<>,;:"'«»()[\]]+\.\p{L}{2,}/u;
const EMAIL_VERB = /(?<![\p{L}])(?:e-?mail|mail|send|forward|отправ\p{L}*|пошли\p{L}*|перешли\p{L}*|вышли\p{L}*|письм\p{L}*|почт\p{L}*)/iu;
const REPORT_WORD = /(?<![\p{L}])(?:report|отч[её]т\p{L}*)/iu;
const FILE_NAME = /(?<![\p{L}\p{N}_\-./~])([\p{L}\p{N}_\-./]*[\p{L}\p{N}_\-]\.\p{L}[\p{L}\p{N}]{1,7})(?![\p{L}\p{N}])/iu;
const SAVE_VERB = /(?<![\p{L}])(?:save|write|store|сохран\p{L}*|запиш\p{L}*)/iu;
const SUBJECT = /(?:subject|тем(?:а|ой|у))\s*[:\s]\s*["“«']([^"”»']{1,200})["”»']/iu;

// The skills that may produce what is to be sent ("Convert 500 USD to RUB and email it to ...").
export const contentSkills: Skill[] = [convertCurrencySkill, percentageSkill, exchangeRateSkill, arithmeticSkill];

export function firstPlan(skills: Skill[], ctx: PlanContext): Plan | null {
  for (const skill of skills) {
    const plan = skill.plan(ctx);
    if (plan) return plan;
  }
  return null;
}

export function emailAddressIn(task: string): string | undefined {
  return task.match(ADDRESS)?.[0];
}

// The file the task wants sent: a name it mentions, or report.txt for "the report".
export function fileToSend(task: string): string | undefined {
  const withoutAddress = task.replace(ADDRESS, " ");
  const named = withoutAddress.match(FILE_NAME)?.[1];
  if (named) return named;
  return REPORT_WORD.test(withoutAddress) ? "report.txt" : undefined;
}

export function stringFromResult(output: string, key: string): string | undefined {
  try {
    const value: unknown = (JSON.parse(output) as Record<string, unknown>)[key];
    return typeof value === "string" ? value : undefined;
  } catch {
    return undefined;
  }
}

export const emailReportSkill: Skill = {
  name: "email-report",
  tools: ["plan_email", "send_email"],
  canDo: {
    en: 'email a report: plan it, show the preview, then send it once you approve ("Email the report to anna@example.com")',
    ru: "отправить отчёт письмом: подготовить, показать и отправить после вашего одобрения («Отправь отчёт на anna@example.com»)",
  },
  plan(ctx) {
    if (!ctx.has("plan_email") || !ctx.has("send_email")) return null;
    const to = emailAddressIn(ctx.task);
    if (!to || !EMAIL_VERB.test(ctx.task.replace(to, " "))) return null;

    const body = contentFor(ctx);
    if (typeof body !== "string") return body; // a step to take first, or a question for the user
    const subject = ctx.task.match(SUBJECT)?.[1]?.trim() ?? ctx.t({ en: "Report", ru: "Отчёт" });

    const planned = ctx.lastResult("plan_email", (input) => input.to === to);
    if (!planned) return { call: [{ name: "plan_email", input: { to, subject, body } }] };
    if (planned.isError) {
      return { say: ctx.t({ en: `I could not prepare the email: plan_email said: ${toolSaid(ctx, planned.output)}`, ru: `Не удалось подготовить письмо: plan_email ответил: ${toolSaid(ctx, planned.output)}` }) };
    }
    const planId = stringFromResult(planned.output, "plan_id");
    if (!planId) return { say: ctx.t({ en: `plan_email answered: ${planned.output}`, ru: `plan_email ответил: ${planned.output}` }) };

    const sent = ctx.lastResult("send_email", (input) => input.plan_id === planId);
    if (!sent) {
      const preview = ctx.t({ en: `To: ${to}\nSubject: ${subject}\n\n${body.trim()}`, ru: `Кому: ${to}\nТема: ${subject}\n\n${body.trim()}` });
      return {
        say: ctx.t({
          en: `Here is the email I prepared (plan ${planId}); sending it needs your approval.\n${preview}`,
          ru: `Вот подготовленное письмо (план ${planId}); для отправки нужно ваше одобрение.\n${preview}`,
        }),
        call: [{ name: "send_email", input: { plan_id: planId } }],
      };
    }
    // A refusal by the gate is explained by the gate-refusal skill, which runs before this one.
    if (sent.isError) return { say: ctx.t({ en: `send_email failed: ${toolSaid(ctx, sent.output)}`, ru: `send_email не сработал: ${toolSaid(ctx, sent.output)}` }) };
    const where = stringFromResult(sent.output, "outbox_file") ?? "outbox/";
    if (/already_sent"\s*:\s*true/.test(sent.output)) {
      return {
        say: ctx.t({
          en: `That email (plan ${planId}) had already been sent, so it was not sent a second time (${where}).`,
          ru: `Это письмо (план ${planId}) уже было отправлено, второй раз оно не отправлено (${where}).`,
        }),
      };
    }
    return {
      say: ctx.t({
        en: `Sent the email to ${to} with the subject "${subject}". In this course that means it was written to ${where}; no real mail left the computer.`,
        ru: `Письмо на ${to} с темой «${subject}» отправлено. В этом курсе это значит, что оно записано в ${where}; настоящая почта не уходила.`,
      }),
    };
  },
};

// The text to send, a plan to get it first, or a question for the user when there is nothing to send.
function contentFor(ctx: PlanContext): string | Plan {
  // The other skills see the task without the address, and without file names unless something is to be
  // saved first: "usd-rub.txt" names a file to send, not a rate to look up.
  const withoutAddress = ctx.task.replace(ADDRESS, " ");
  const task = SAVE_VERB.test(withoutAddress) ? withoutAddress : withoutAddress.replace(new RegExp(FILE_NAME.source, "giu"), " ");
  const inner = firstPlan(contentSkills, { ...ctx, task });
  if (inner && "call" in inner) return inner;
  if (inner) return inner.say;

  const file = fileToSend(ctx.task);
  if (file && ctx.has("read_file")) {
    const read = ctx.lastResult("read_file", (input) => input.path === file);
    if (!read) return { call: [{ name: "read_file", input: { path: file } }] };
    if (!read.isError) return read.output;
    return {
      say: ctx.t({
        en: `I could not read ${file}, so there is nothing to email yet: ${toolSaid(ctx, read.output)}\nMake the report first, e.g. "How much are 500 US dollars in rubles? Save the result to ${file}", then ask me again.`,
        ru: `Не удалось прочитать ${file}, поэтому отправлять пока нечего: ${toolSaid(ctx, read.output)}\nСначала сделайте отчёт, например: «Сколько будет 500 долларов в рублях? Сохрани результат в ${file}», и попросите снова.`,
      }),
    };
  }

  const previous = previousAnswer(ctx);
  if (previous) return previous;
  return {
    say: ctx.t({
      en: `What should the email to ${emailAddressIn(ctx.task)} say? Give me the text, or a file in the workspace to send.`,
      ru: `Что написать в письме на ${emailAddressIn(ctx.task)}? Дайте текст или файл из рабочей папки.`,
    }),
  };
}

// In a chat, "email it" refers to the answer given just before the request.
function previousAnswer(ctx: PlanContext): string | undefined {
  const messages = ctx.request.messages;
  let taskIndex = messages.length - 1;
  while (taskIndex >= 0 && !(messages[taskIndex]?.role === "user" && textOf(messages[taskIndex]!.content).trim() !== "")) taskIndex--;
  for (let i = taskIndex - 1; i >= 0; i--) {
    const message = messages[i];
    if (message?.role === "assistant" && textOf(message.content).trim() !== "") return textOf(message.content).trim();
  }
  return undefined;
}

function textOf(content: PlanContext["request"]["messages"][number]["content"]): string {
  return typeof content === "string" ? content : content.flatMap((b) => (b.type === "text" ? [b.text] : [])).join("\n");
}

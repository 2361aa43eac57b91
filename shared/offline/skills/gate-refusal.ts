// Lesson 07: what a good model does when the permission gate refuses a call. It does not retry and does
// not go around the gate; it says what it did, what it did not do and why, and what the user can do
// about it: approve it in a terminal, change a rule, or do it themselves (with the text ready to use).
// It reads the refusal as a model would: from the tool result's words ("Not run: ... no terminal").

import type { PlanContext, Skill, ToolOutcome } from "../plan-context.ts";
import { contentSkills, emailReportSkill, firstPlan, stringFromResult } from "./email-report.ts";

export type RefusalKind = "scheduled" | "stopped" | "tab-closed" | "unanswered" | "no-terminal" | "declined" | "rule" | "other";

export function isGateRefusal(outcome: ToolOutcome): boolean {
  return outcome.isError && /^\s*Not run\b/i.test(outcome.output);
}

// Which refusal it was, read from the words of the gate's result (lesson lines say it in English).
export function refusalKind(output: string): RefusalKind {
  // Lesson 09's heartbeat: a task from HEARTBEAT.md runs with nobody there, terminal or not.
  if (/scheduled task|no person is there/i.test(output)) return "scheduled";
  // Lesson 09's chat page closed while its question waited: nobody could answer, yes or no.
  if (/tab was closed/i.test(output)) return "tab-closed";
  // Lesson 09's Telegram bot stopped while its question waited: nobody answered, yes or no.
  if (/assistant was stopped|approval was never given/i.test(output)) return "stopped";
  // Nobody tapped Allow or Deny in time: not a refusal either.
  if (/not answered in time/i.test(output)) return "unanswered";
  if (/no terminal|nobody (?:can|could) (?:answer|approve)/i.test(output)) return "no-terminal";
  if (/answered no|declined/i.test(output)) return "declined";
  if (/deny rule|rules? forbid/i.test(output)) return "rule";
  return "other";
}

export const gateRefusalSkill: Skill = {
  name: "gate-refusal",
  // Only for the "what I can do offline" list: shown where the gated email tools are offered.
  tools: ["send_email"],
  canDo: {
    en: "explain a call the permission gate refused, and what you can do about it",
    ru: "объяснить, почему проверка разрешений не пропустила вызов, и что с этим можно сделать",
  },
  plan(ctx) {
    const refused = [...ctx.results].reverse().find(isGateRefusal);
    if (!refused) return null;

    // What the other steps achieved, minus their line quoting the raw refusal (explained better below).
    const inner = firstPlan([emailReportSkill, ...contentSkills], ctx);
    const quoted = refused.output.slice(0, 60);
    const done = inner && !("call" in inner) ? inner.say.split("\n").filter((line) => !line.includes(quoted)).join("\n").trim() : "";

    return { say: [done, explain(ctx, refused)].filter((part) => part !== "").join("\n\n") };
  },
};

function explain(ctx: PlanContext, refused: ToolOutcome): string {
  const kind = refusalKind(refused.output);
  const action = describeAction(ctx, refused);
  const file = ctx.system.match(/permissions file: ([^)\s]+)/)?.[1];
  const rulesFile = file ?? ctx.t({ en: "the permissions file", ru: "файл правил" });
  // The lesson whose rules these are runs the agent: lessons/08-assistant/permissions.json is lesson 8.
  const lesson = Number(/lessons\/(\d+)-/.exec(file ?? "")?.[1] ?? 7);
  const lines: string[] = [];

  if (kind === "scheduled") {
    lines.push(
      ctx.t({
        en: `I did not ${action.en}: it needs your approval, and this was a scheduled task from HEARTBEAT.md with nobody there to ask, so the permission gate refused it. What you can do:`,
        ru: `Я не стал ${action.ru}: на это нужно ваше одобрение, а это была задача по расписанию из HEARTBEAT.md, и спросить было некого, поэтому проверка разрешений отказала. Что можно сделать:`,
      }),
      ctx.t({
        en: "- ask for it in a chat, where you can answer (npm run lesson 9 -- --web, or npm run lesson 8 -- --chat);",
        ru: "- попросить об этом в чате, где вы можете ответить (npm run lesson 9 -- --web или npm run lesson 8 -- --chat);",
      }),
      ctx.t({
        en: `- allow it for every run with a rule in ${rulesFile}, e.g. "allow": ["${allowRuleFor(refused)}"];`,
        ru: `- разрешить это для всех запусков правилом в ${rulesFile}, например "allow": ["${allowRuleFor(refused)}"];`,
      }),
    );
    lines.push(ctx.t({ en: "- or do it yourself", ru: "- или сделать это самому" }) + yoursLabel(ctx, action, "; "));
  } else if (kind === "no-terminal") {
    lines.push(
      ctx.t({
        en: `I did not ${action.en}: it needs your approval, and this run had no terminal to ask you on (CI or a pipe), so the permission gate refused it. What you can do:`,
        ru: `Я не стал ${action.ru}: на это нужно ваше одобрение, а спросить вас было негде (нет терминала: CI или конвейер), поэтому проверка разрешений отказала. Что можно сделать:`,
      }),
      ctx.t({
        en: `- run the agent in a terminal (npm run lesson ${lesson}) and answer y when it asks;`,
        ru: `- запустить агента в терминале (npm run lesson ${lesson}) и ответить y, когда он спросит;`,
      }),
      ctx.t({
        en: `- allow it with a rule in ${rulesFile}, e.g. "allow": ["${allowRuleFor(refused)}"];`,
        ru: `- разрешить это правилом в ${rulesFile}, например "allow": ["${allowRuleFor(refused)}"];`,
      }),
    );
    const safer = saferFile(ctx, refused);
    if (safer) {
      lines.push(
        ctx.t({
          en: `- or ask me to save it as ${safer} instead: your rules allow that without asking;`,
          ru: `- или попросить меня сохранить в ${safer}: ваши правила разрешают это без вопроса;`,
        }),
      );
    }
    lines.push(ctx.t({ en: "- or do it yourself", ru: "- или сделать это самому" }) + yoursLabel(ctx, action, "; "));
  } else if (kind === "stopped") {
    lines.push(
      ctx.t({
        en: `I did not ${action.en}: I was stopped while your approval was still being asked for, so it was never approved (and you did not say no either). Nothing was changed. Ask me again when I am running, or do it yourself`,
        ru: `Я не стал ${action.ru}: меня остановили, пока я ждал вашего разрешения, так что его не было (отказа тоже не было). Ничего не изменено. Попросите снова, когда я запущен, или сделайте это сами`,
      }) + yoursLabel(ctx, action, ". "),
    );
  } else if (kind === "tab-closed") {
    lines.push(
      ctx.t({
        en: `I did not ${action.en}: the chat page was closed while I was asking for your approval, so it was never approved (and you did not say no either). Nothing was changed. Ask me again with the page open, or do it yourself`,
        ru: `Я не стал ${action.ru}: страницу чата закрыли, пока я спрашивал разрешения, так что его не дали (отказа тоже не было). Ничего не изменено. Попросите снова, не закрывая страницу, или сделайте это сами`,
      }) + yoursLabel(ctx, action, ". "),
    );
  } else if (kind === "unanswered") {
    const seconds = refused.output.match(/within (\d+) s\b/)?.[1];
    lines.push(
      ctx.t({
        en: `I did not ${action.en}: I asked for your approval, but no answer came${seconds ? ` within ${seconds} s` : " in time"}, so it was never approved (and you did not say no either). Nothing was changed. Ask me again and press Allow, or do it yourself`,
        ru: `Я не стал ${action.ru}: я спросил разрешения, но ответа${seconds ? ` за ${seconds} с` : " вовремя"} не было, так что его не дали (отказа тоже не было). Ничего не изменено. Попросите снова и нажмите «Разрешить», или сделайте это сами`,
      }) + yoursLabel(ctx, action, ". "),
    );
  } else if (kind === "declined") {
    lines.push(
      ctx.t({
        en: `I did not ${action.en}, because you answered no when I asked. Nothing was changed. If you want it another way (another file name, other text, another recipient), tell me, or do it yourself`,
        ru: `Я не стал ${action.ru}: вы ответили «нет», когда я спросил. Ничего не изменено. Если нужно иначе (другое имя файла, другой текст, другой адресат), скажите, или сделайте это сами`,
      }) + yoursLabel(ctx, action, ". "),
    );
  } else if (kind === "rule") {
    const rule = refused.output.match(/deny rule "([^"]+)"/)?.[1];
    const which = rule ? ` ("deny": "${rule}")` : "";
    lines.push(
      ctx.t({
        en: `I did not ${action.en}: your permission rules forbid it${which}, so I will not try another way. If you really want it, change that rule in ${rulesFile}, or do it yourself`,
        ru: `Я не стал ${action.ru}: ваши правила это запрещают${which}, и обходить запрет я не буду. Если это действительно нужно, измените правило в ${rulesFile} или сделайте это сами`,
      }) + yoursLabel(ctx, action, ". "),
    );
  } else {
    lines.push(
      ctx.t({
        en: `I did not ${action.en}: the permission gate refused it (${firstSentence(refused.output)}). Tell me how you would like to go on, or do it yourself.`,
        ru: `Я не стал ${action.ru}: проверка разрешений отказала (${firstSentence(refused.output)}). Скажите, как поступить, или сделайте это сами.`,
      }),
    );
  }
  if (action.yours && kind !== "other") lines.push(action.yours.text);
  return lines.join("\n");
}

// "; here is the text for report.txt:" when there is something ready to use, else a full stop.
function yoursLabel(ctx: PlanContext, action: Action, joiner: string): string {
  if (!action.yours) return ".";
  const label = ctx.t(action.yours.label);
  return `${joiner}${joiner === ". " ? label.charAt(0).toUpperCase() + label.slice(1) : label}:`;
}

interface Action {
  en: string;
  ru: string;
  // What the user needs to do it themselves: the text of the file, the planned email.
  yours?: { label: { en: string; ru: string }; text: string };
}

function describeAction(ctx: PlanContext, refused: ToolOutcome): Action {
  const input = refused.input;
  if (refused.name === "save_to_file") {
    const filename = String(input.filename ?? "");
    const content = typeof input.content === "string" ? input.content.trimEnd() : "";
    return {
      en: `save ${filename}`,
      ru: `сохранять ${filename}`,
      yours: content ? { label: { en: `here is the text for ${filename}`, ru: `вот текст для ${filename}` }, text: indent(content) } : undefined,
    };
  }
  if (refused.name === "send_email") {
    const planId = String(input.plan_id ?? "");
    const plan = ctx.results.find((r) => r.name === "plan_email" && !r.isError && stringFromResult(r.output, "plan_id") === planId);
    const to = plan ? String(plan.input.to ?? "") : "";
    const subject = plan ? String(plan.input.subject ?? "") : "";
    const body = plan ? String(plan.input.body ?? "").trimEnd() : "";
    return {
      en: to ? `send the email to ${to}` : "send the email",
      ru: to ? `отправлять письмо на ${to}` : "отправлять письмо",
      yours: plan
        ? {
            label: { en: `here is the email I prepared (plan ${planId})`, ru: `вот подготовленное письмо (план ${planId})` },
            text: indent(ctx.t({ en: `To: ${to}\nSubject: ${subject}\n\n${body}`, ru: `Кому: ${to}\nТема: ${subject}\n\n${body}` })),
          }
        : undefined,
    };
  }
  if (refused.name === "plan_email" && typeof input.to === "string") {
    return { en: `prepare an email to ${input.to}`, ru: `готовить письмо на ${input.to}` };
  }
  return { en: `run ${refused.name}`, ru: `запускать ${refused.name}` };
}

// The narrowest allow rule that would have let this call through.
function allowRuleFor(refused: ToolOutcome): string {
  if (refused.name === "save_to_file" && typeof refused.input.filename === "string") return `save_to_file(filename=${refused.input.filename})`;
  if (refused.name === "send_email") return "send_email";
  return refused.name;
}

// When the rules (listed in the system prompt) allow saving under a folder, offer that folder.
function saferFile(ctx: PlanContext, refused: ToolOutcome): string | undefined {
  if (refused.name !== "save_to_file" || typeof refused.input.filename !== "string") return undefined;
  const folder = ctx.system.match(/- allow save_to_file\(filename=([^*)\s]+\/)\*\)/)?.[1];
  if (!folder || refused.input.filename.startsWith(folder)) return undefined;
  const base = refused.input.filename.split("/").pop() ?? refused.input.filename;
  if (/\.env$/i.test(base)) return undefined;
  return `${folder}${base}`;
}

function indent(text: string): string {
  return text
    .split("\n")
    .map((line) => `    ${line}`)
    .join("\n");
}

function firstSentence(text: string): string {
  return text.replace(/^\s*Not run:\s*/i, "").split(/(?<=\.)\s/)[0] ?? text;
}

// Lesson 06: the memory tools. "Remember that ..." -> remember, "Forget that ..." -> forget,
// "Call me Alex" / "Answer in Russian" -> set_preference. Each skill makes one call, then tells the
// user what the tool reported. Using what was remembered is not a skill of its own: it is in the
// system prompt, where the other skills read it (convert-currency.ts looks for a stated preference).

import type { PlanContext, Skill, ToolOutcome } from "../plan-context.ts";
import { linesAbout, rememberedLines } from "../memory-in-prompt.ts";
import { readMemoryIntent } from "./memory-phrases.ts";
import { toolSaid } from "../tool-errors.ts";

export const rememberSkill: Skill = {
  name: "remember",
  tools: ["remember"],
  canDo: {
    en: 'remember a fact for later conversations ("Remember that I prefer reports in EUR")',
    ru: "запомнить факт для следующих разговоров («Запомни, что я предпочитаю отчёты в евро»)",
  },
  plan(ctx) {
    if (!ctx.has("remember")) return null;
    // "Remember" with nothing after it: ask rather than store an empty fact.
    if (/^\s*(?:please\s+)?(?:remember|запомни(?:те)?)\s*[.!:,]*\s*$/iu.test(ctx.task)) {
      return { say: ctx.t({ en: "What should I remember?", ru: "Что запомнить?" }) };
    }
    const intent = readMemoryIntent(ctx.task);
    if (intent?.kind !== "remember") return null;
    const done = ctx.lastResult("remember");
    if (!done) return { call: [{ name: "remember", input: { fact: intent.fact } }] };
    if (done.isError) return failed(ctx, done);
    if (/already/iu.test(done.output)) {
      return {
        say: ctx.t({
          en: `I already had that in memory: "${intent.fact}". Nothing new was saved.`,
          ru: `Это я уже помню: «${intent.fact}». Ничего нового не записано.`,
        }),
      };
    }
    return {
      say: ctx.t({
        en: `Got it. I saved "${intent.fact}" to my memory (MEMORY.md), so I will know it in our next conversations too.`,
        ru: `Запомнил: «${intent.fact}». Это записано в память (MEMORY.md), так что в следующих разговорах я буду это знать.`,
      }),
    };
  },
};

export const forgetSkill: Skill = {
  name: "forget",
  tools: ["forget"],
  canDo: {
    en: 'forget a remembered fact ("Forget that I prefer reports in EUR")',
    ru: "забыть запомненный факт («Забудь, что я предпочитаю отчёты в евро»)",
  },
  plan(ctx) {
    if (!ctx.has("forget")) return null;
    const intent = readMemoryIntent(ctx.task);
    if (intent?.kind !== "forget") return null;
    const fact = storedWording(ctx, intent.fact);
    const done = ctx.lastResult("forget", (input) => input.fact === fact);
    if (!done) return { call: [{ name: "forget", input: { fact } }] };
    // Several facts matched and none was removed: the tool listed them; ask the user which one.
    const several = done.output.match(/matches \d+ different facts: (.*?)\. Nothing was removed/u)?.[1];
    if (done.isError && several) {
      return {
        say: ctx.t({
          en: `That matches several things I remember: ${several}. Which one should I forget?`,
          ru: `Под это подходит несколько записей: ${several}. Какую из них забыть?`,
        }),
      };
    }
    if (done.isError) return failed(ctx, done);
    const removed = done.output.match(/^Removed[^"]*"(.*)"/u)?.[1];
    if (removed) {
      return {
        say: ctx.t({
          en: `Done: I no longer remember "${removed}".`,
          ru: `Готово: я больше не помню «${removed}».`,
        }),
      };
    }
    return {
      say: ctx.t({
        en: `I had nothing like "${fact}" in memory, so nothing changed.`,
        ru: `Ничего похожего на «${fact}» в памяти не было, так что ничего не изменилось.`,
      }),
    };
  },
};

// "Забудь, что я предпочитаю отчёты в евро" when MEMORY.md says "The user prefers reports in EUR": the
// model sees its memory in the prompt, so it names the fact as it is stored, in whatever language. When
// the wording is already there, or no single line is about the same thing, the request goes as typed.
function storedWording(ctx: PlanContext, fact: string): string {
  const lines = (rememberedLines(ctx.system) ?? []).filter((line) => line.file === "MEMORY.md");
  if (lines.some((line) => line.text.toLowerCase().includes(fact.toLowerCase()))) return fact;
  const about = linesAbout(fact, lines);
  return about.length === 1 ? about[0]!.text : fact;
}

export const setPreferenceSkill: Skill = {
  name: "set-preference",
  tools: ["set_preference"],
  canDo: {
    en: 'change a standing preference ("Call me Alex", "Answer in Russian from now on")',
    ru: "поменять постоянную настройку («Зови меня Алекс», «Отвечай на русском»)",
  },
  plan(ctx) {
    if (!ctx.has("set_preference")) return null;
    const intent = readMemoryIntent(ctx.task);
    if (intent?.kind !== "preference") return null;
    const done = ctx.lastResult("set_preference");
    if (!done) return { call: [{ name: "set_preference", input: { key: intent.key, value: intent.value } }] };
    if (done.isError) return failed(ctx, done);
    const unchanged = /already/iu.test(done.output);
    return {
      say: ctx.t({
        en: unchanged
          ? `That was already my setting: ${intent.key} = ${intent.value}.`
          : `Noted: ${intent.key} = ${intent.value} from now on (saved in USER.md).`,
        ru: unchanged
          ? `Так уже и было: ${intent.key} = ${intent.value}.`
          : `Принято: ${intent.key} = ${intent.value} (записано в USER.md).`,
      }),
    };
  },
};

function failed(ctx: PlanContext, done: ToolOutcome) {
  const said = toolSaid(ctx, done.output);
  return {
    say: ctx.t({
      en: `${done.name} did not do it. It said: ${said}`,
      ru: `${done.name} не сработал: ${said}`,
    }),
  };
}

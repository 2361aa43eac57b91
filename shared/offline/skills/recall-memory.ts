// Lesson 06: questions answered from memory. "Как меня зовут?", "What is my budget for the trip?",
// "Где я живу?": the answer is a line of USER.md or MEMORY.md, which the agent loaded into the system
// prompt. The model says which file the line came from, in the language of the question, and says
// plainly when its memory holds nothing on the question. It never guesses.
//
// When the question also names a currency ("What is my budget in rubles?") and the remembered line has
// an amount, the conversion is planned too, with the conversion skills and the tools on offer.

import { findCurrencies, parseConversion } from "../currencies.ts";
import { linesAbout, nameIn, rememberedLines, stemsOf, topicsOf, type RememberedLine } from "../memory-in-prompt.ts";
import { partContext, type Plan, type PlanContext, type Skill } from "../plan-context.ts";
import { convertCurrencySkill } from "./convert-currency.ts";
import { exchangeRateSkill } from "./exchange-rate.ts";

// A question about the user: "my", "I", "мой", "меня", "мне", "у меня", "обо мне" ...
const ABOUT_USER_EN = /(?<![\p{L}'])(?:my|mine|i|i'm|i've|about\s+me)(?![\p{L}'])/iu;
const ABOUT_USER_RU = /(?<![\p{L}])(?:мой|моя|моё|мое|мои|моего|моей|моих|моим|моему|меня|мне|мной|я|обо\s+мне)(?![\p{L}])/iu;
const QUESTION_EN = /\?\s*$|^(?:what|where|who|when|which|how|do\s+you|did\s+i|do\s+i|am\s+i|tell\s+me|remind\s+me)(?![\p{L}])/iu;
const QUESTION_RU = /\?\s*$|^(?:что|как|где|кто|когда|какой|какая|какое|какие|каков\p{L}*|сколько|помнишь|знаешь|напомни|скажи)(?![\p{L}])/iu;
// "What do you know about me?", "Что ты обо мне помнишь?": everything remembered.
const EVERYTHING = /(?:what\s+do\s+you\s+(?:know|remember)\s+about\s+me|что\s+(?:ты\s+|вы\s+)?(?:знаешь|помнишь|знаете|помните)\s+обо\s+мне)/iu;

export const recallMemorySkill: Skill = {
  name: "recall-memory",
  // Listed in the "what I can do" reply where the memory tools are offered; the answer itself needs no tool.
  tools: ["remember"],
  canDo: {
    en: 'answer from memory, saying which file a fact came from ("What is my name?", "Where do I live?")',
    ru: "ответить по памяти и сказать, из какого файла факт («Как меня зовут?», «Где я живу?»)",
  },
  plan(ctx) {
    const lines = rememberedLines(ctx.system);
    if (!lines) return null; // no memory in this agent's prompt
    const task = ctx.task.trim();
    const ru = ctx.lang === "ru";
    if (!(ru ? QUESTION_RU : QUESTION_EN).test(task) || !(ru ? ABOUT_USER_RU : ABOUT_USER_EN).test(task)) return null;
    // A question with figures in it is a sum or a conversion, for the other skills.
    if (/\d/u.test(task)) return null;

    // "Who am I?" has no subject word of its own: it asks for everything, as "What do you know about me?" does.
    if (EVERYTHING.test(task) || (topicsOf(task).size === 0 && stemsOf(task).size === 0)) return everything(ctx, lines);
    const found = linesAbout(task, lines);
    if (found.length === 0) return nothingOn(ctx);

    const answer = foundAnswer(ctx, found);
    const conversion = convertRemembered(ctx, found);
    if (!conversion) return { say: answer };
    if ("call" in conversion) return conversion;
    return { say: `${answer}\n${conversion.say}` };
  },
};

function source(ctx: PlanContext, line: RememberedLine): string {
  if (!line.date) return line.file;
  return ctx.t({ en: `${line.file}, saved ${line.date}`, ru: `${line.file}, запись от ${line.date}` });
}

function quote(ctx: PlanContext, text: string): string {
  return ctx.t({ en: `"${text}"`, ru: `«${text}»` });
}

function foundAnswer(ctx: PlanContext, found: RememberedLine[]): string {
  // A name can be in USER.md (set_preference: the standing setting) and in MEMORY.md: USER.md wins.
  const names = topicsOf(ctx.task).has("name") ? found.filter((line) => nameIn(line.text)) : [];
  const name = names.find((line) => line.file === "USER.md") ?? names[names.length - 1];
  if (name) {
    const value = nameIn(name.text)!;
    const others = found.filter((line) => line !== name);
    const also = others.length === 0 ? "" : `\n${ctx.t({ en: "My memory also has:", ru: "Ещё в памяти:" })}\n${others.map((line) => `- ${quote(ctx, line.text)} (${source(ctx, line)})`).join("\n")}`;
    return (
      ctx.t({
        en: `Your name is ${value} (from ${source(ctx, name)}: "${name.text}").`,
        ru: `Вас зовут ${value} (из ${source(ctx, name)}: «${name.text}»).`,
      }) + also
    );
  }
  if (found.length === 1) {
    const line = found[0]!;
    return ctx.t({
      en: `From my memory (${source(ctx, line)}): ${quote(ctx, line.text)}.`,
      ru: `По памяти (${source(ctx, line)}): ${quote(ctx, line.text)}.`,
    });
  }
  const list = found.map((line) => `- ${quote(ctx, line.text)} (${source(ctx, line)})`).join("\n");
  return ctx.t({ en: `From my memory:\n${list}`, ru: `Вот что есть в памяти:\n${list}` });
}

function everything(ctx: PlanContext, lines: RememberedLine[]): Plan {
  if (lines.length === 0) {
    return {
      say: ctx.t({
        en: "My memory holds nothing about you yet: USER.md and MEMORY.md have no facts in them." + tellMe(ctx),
        ru: "В моей памяти о вас пока ничего нет: в USER.md и MEMORY.md нет ни одного факта." + tellMe(ctx),
      }),
    };
  }
  const list = lines.map((line) => `- ${quote(ctx, line.text)} (${source(ctx, line)})`).join("\n");
  return { say: ctx.t({ en: `Here is everything my memory holds about you:\n${list}`, ru: `Вот всё, что у меня в памяти о вас:\n${list}` }) };
}

function tellMe(ctx: PlanContext): string {
  return ctx.has("remember")
    ? ctx.t({ en: ' Tell me ("Remember that ...") and I will keep it.', ru: " Скажите мне («Запомни, что ...»), и я это сохраню." })
    : "";
}

function nothingOn(ctx: PlanContext): Plan {
  const tell = tellMe(ctx);
  return {
    say: ctx.t({
      en: `My memory holds nothing on that: I looked in USER.md and MEMORY.md, loaded at the start of this conversation, and I will not guess.${tell}`,
      ru: `В моей памяти об этом ничего нет: я посмотрел USER.md и MEMORY.md, загруженные в начале разговора, а угадывать не буду.${tell}`,
    }),
  };
}

// "What is my budget in rubles?" with "budget ... 2000 EUR" remembered: convert 2000 EUR to RUB.
function convertRemembered(ctx: PlanContext, found: RememberedLine[]): Plan | undefined {
  const target = findCurrencies(ctx.task)[0]?.code;
  if (!target) return undefined;
  const amounts = found.flatMap((line) => {
    const { from, amount } = parseConversion(line.text);
    return from && amount !== undefined && from !== target ? [{ from, amount }] : [];
  });
  if (amounts.length !== 1) return undefined;
  const { from, amount } = amounts[0]!;
  const sub = partContext(ctx, `${amount} ${from} in ${target}`, ctx.results);
  const plan = convertCurrencySkill.plan(sub) ?? exchangeRateSkill.plan(sub);
  if (plan) return plan;
  return {
    say: ctx.t({
      en: `I did not convert it to ${target}: this agent has no exchange-rate tool.`,
      ru: `В ${target} я это не перевёл: у этого агента нет инструмента для курса валют.`,
    }),
  };
}

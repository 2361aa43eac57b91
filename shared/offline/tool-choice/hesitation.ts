// What the model says about tools it did not trust. A tool whose description does not say what it does
// is never called, however promising its name: the model says it saw the tool, why it left it alone,
// and what description would let it use it. Two tools as good as each other for one job: it says which
// one it took and why.

import type { Lang, Plan, PlanContext } from "../plan-context.ts";
import type { ChosenTool, ToolChoice, UnsureTool } from "./match-tools.ts";

const QUOTED_CHARS = 120;

// The choice with every unsure tool trusted as its best guess: what the model would have done.
export function trustingGuesses(choice: ToolChoice): { choice: ToolChoice; guessed: Map<string, UnsureTool> } {
  const guessed = new Map<string, UnsureTool>();
  const chosen = [...choice.chosen];
  for (const unsure of choice.unsure) {
    const guess = unsure.guess;
    if (!guess || chosen.some((c) => c.name === guess.name)) continue;
    chosen.push(guess);
    guessed.set(guess.name, unsure);
  }
  return { choice: { chosen, unsure: [] }, guessed };
}

// "I did not call fx_lookup: ..." for each unsure tool the task would have needed: the plan with the
// guesses trusted calls it, or (when nothing could be planned without them) some skill took the task up.
export function hesitate(ctx: PlanContext, unplanned: boolean, guessing: Plan & { unplanned?: true }, guessed: Map<string, UnsureTool>): string | null {
  const called = "call" in guessing ? guessing.call.flatMap((call) => guessed.get(call.name) ?? []) : [];
  const doubted = [...new Set(called.length > 0 || !unplanned || guessing.unplanned ? called : guessed.values())];
  if (doubted.length === 0) return null;
  return doubted.map((unsure) => doubt(unsure, ctx.lang)).join("\n\n");
}

function doubt(unsure: UnsureTool, lang: Lang): string {
  const { tool, guess } = unsure;
  const does = guess!.capability.does[lang];
  if (unsure.reason === "inputs") {
    const props = Object.keys((tool.input_schema.properties ?? {}) as object).join(", ");
    return lang === "ru"
      ? `Я не стал вызывать ${tool.name}: по описанию он ${does}, но из схемы входа не понять, что передавать в ${props}. Дайте каждому свойству описание (что именно туда класть), и я смогу им пользоваться.`
      : `I did not call ${tool.name}: its description says it ${does}, but its input schema does not say what goes in ${props}. Give each property a description (what exactly to put there), and I can use it.`;
  }
  const text = unsure.undescribed ? "" : (tool.description ?? "").trim();
  const quoted = text.length > QUOTED_CHARS ? `${text.slice(0, QUOTED_CHARS)}…` : text;
  const example = guess!.capability.example[lang];
  if (lang === "ru") {
    const seen = quoted === "" ? `У инструмента ${tool.name} нет описания` : `Описание ${tool.name} («${quoted}») не говорит`;
    const name = unsure.nameSuggests ? ` Имя подсказывает, что он ${does}, но имя не описание.` : "";
    return `Я не стал вызывать ${tool.name}. ${seen}${quoted === "" ? "" : ", что он делает и что возвращает"}, так что вызов был бы догадкой.${name} Если он ${does}, такое описание позволило бы мне им пользоваться: «${example}»`;
  }
  const seen = quoted === "" ? `${tool.name} has no description beyond its name` : `The description of ${tool.name} ("${quoted}") does not say what it does or what it returns`;
  const name = unsure.nameSuggests ? ` Its name suggests it ${does}, but a name is not a description.` : "";
  return `I did not call ${tool.name}. ${seen}, so calling it would be a guess.${name} If it ${does}, a description like this would let me use it: "${example}"`;
}

// A line for the "what I can do" answer: tools offered that the model could not make sense of.
export function unsureNote(choice: ToolChoice, lang: Lang): string {
  if (choice.unsure.length === 0) return "";
  const names = choice.unsure.map((u) => u.tool.name).join(", ");
  return lang === "ru"
    ? `Не использую ${names}: из описания не понять, что инструмент делает.\n`
    : `Not used: ${names}, whose description does not say what the tool does.\n`;
}

// Said before the first call to a tool picked from two equally clear ones.
export function tieNote(ctx: PlanContext, chosen: ChosenTool): string {
  const others = chosen.tiedWith.join(", ");
  return ctx.t({
    en: `Two tools do this job, ${chosen.tool.name} and ${others}, and their descriptions are equally clear: each ${chosen.capability.does.en}. I use ${chosen.tool.name}, the first one offered.`,
    ru: `Эту работу делают два инструмента, ${chosen.tool.name} и ${others}, и описания у них одинаково ясные: каждый ${chosen.capability.does.ru}. Беру ${chosen.tool.name}, он предложен первым.`,
  });
}

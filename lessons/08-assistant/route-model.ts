// Model routing: which model answers this message. A cheap model handles most messages well; a
// stronger one costs about twenty times as much per token (see shared/model.ts). So the rule is:
// cheap by default, strong only when the message needs it, and a person can always pin the model.
//
//   1. --model NAME (or ANTHROPIC_MODEL) pins the model: a person's choice wins over any rule.
//   2. The user asks for the strong model in words ("use the strong model", "подумай как следует").
//   3. The message asks for several things in a row (MANY_STEPS or more steps): strong.
//   4. Anything else: cheap.

import { messages } from "../../shared/i18n/messages.ts";

export const CHEAP_MODEL = "claude-haiku-5-5";
export const STRONG_MODEL = "claude-sonnet-5-5";
export const MANY_STEPS = 3;

// What the rule looks at. taskFacts() below reads these off a message; tests state them directly.
export interface TaskFacts {
  // How many separate things the message asks for ("convert, then compare, then save" is 3).
  steps: number;
  // The user asked for the strong model in words.
  asksForStrong: boolean;
  // A model pinned by the person running the agent (--model or ANTHROPIC_MODEL), if any.
  override?: string;
}

export interface Route {
  model: string;
  // Why, in a few words, for the transcript: "cheap: 1 step" (in the learner's language, COURSE_LANG).
  why: string;
}

export function routeModel(facts: TaskFacts, models = { cheap: CHEAP_MODEL, strong: STRONG_MODEL }): Route {
  const say = messages().routing;
  const pinned = facts.override?.trim();
  if (pinned) return { model: pinned, why: say.pinned };
  if (facts.asksForStrong) return { model: models.strong, why: say.askedForStrong };
  if (facts.steps >= MANY_STEPS) return { model: models.strong, why: say.steps(true, facts.steps) };
  return { model: models.cheap, why: say.steps(false, facts.steps) };
}

const ASKS_FOR_STRONG =
  /(?:strong(?:er|est)?|best|smart(?:er|est)?|big(?:ger)?)\s+model|\b(?:sonnet|opus)\b|think\s+(?:hard|carefully)|сильн\p{L}*\s+модел|умн\p{L}*\s+модел|подумай\s+(?:хорошенько|как\s+следует)/iu;

// A step begins with a word that starts a new thing to do: a sequence word ("then", "потом") or a
// verb that asks for an action ("save", "сохрани"). Punctuation alone is not a step: in "Ищу
// поставщика, срочно, контакт @x_trader" the commas only separate details of one request.
const SEQUENCE = String.raw`then|after\s+that|next|finally|затем|потом|после\s+этого|далее`;
const ACTIONS = String.raw`save|write|send|compare|add|email|convert|calculate|translate|read|find|check|create|сохрани|запиши|отправь|сравни|добавь|переведи|посчитай|прочитай|найди|проверь|создай|напиши`;
const STEP_WORD = String.raw`(?=(?:${SEQUENCE}|${ACTIONS})(?!\p{L}))`;
// Where a new step begins: punctuation, then such a word ("rubles, then", "Save it." after a "."); "and"
// or "и" before one ("and save", "и сохрани", "а потом"); a sequence word alone ("rubles then euros");
// or a question followed by another sentence ("Курс доллара? А евро?" asks two things).
const STEP_JOINERS = new RegExp(
  String.raw`[.!?;,:]+\s*(?:(?:and|и|а)\s+)?${STEP_WORD}|\s+(?:and|и|а)\s+${STEP_WORD}|\s+(?=(?:${SEQUENCE})(?!\p{L}))|\?+\s+(?=\p{L})`,
  "giu",
);

// Reads the facts off a message. Deliberately simple: a rule a person can predict beats a clever one.
export function taskFacts(text: string, override?: string): TaskFacts {
  const steps = text
    .split(STEP_JOINERS)
    .map((part) => part.trim())
    .filter((part) => /\p{L}{2,}/u.test(part)).length;
  return { steps: Math.max(1, steps), asksForStrong: ASKS_FOR_STRONG.test(text), ...(override ? { override } : {}) };
}

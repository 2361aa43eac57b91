// What keeps a skill from answering a question it was not asked. A skill reads a few things out of a
// sentence (an amount, two currencies, an expression); anything else in the sentence may change the
// question: "If I have 300 USD and spend 45.5 EUR, how many dollars are left?" holds a conversion, but
// asks for a difference. Before it plans, a skill checks that nothing in its part is left over: no other
// figure, no other currency, no word that asks for more than it can do. Then it answers, or it passes
// and the part is named as not done.

import { amountsIn, findCurrencies, findNumbers, isPercent, type NumberMention } from "./currencies.ts";

// Arithmetic on money, comparisons, "each/per": a conversion alone does not answer these.
// Whole words must end where the word ends; a stem ("remain", "остал") matches any ending. These
// patterns are only asked yes or no (.test), so a stem needs no letters after it: a \p{L}* after each
// of them gave the regexp compiler ~40 Unicode letter classes to build, about 8 ms of every start.
export const MONEY_ARITHMETIC =
  /(?<![\p{L}])(?:(?:left|minus|plus|add|total|in\s+total|together|difference|more|less|cheaper|dearer|greater|fewer|each|per|every|average|минус|плюс|в\s+сумме|вместе|больше|меньше|дешевле|дороже)(?![\p{L}])|remain|spen[dt]|subtract|остал|остан|трат|трач|потрат|вычест|вычт|слож|суммарн|итог|разниц|кажд|средн)/iu;

// Words that ask for a conversion or a rate. "I have 300 USD" names money but asks nothing.
export const CONVERSION_CUE =
  /(?<![\p{L}])(?:rates?|convert\p{L}*|exchange|change|how\s+(?:much|many)|worth|what\s+(?:is|are)|what's|курс\p{L}*|сколько|перевед\p{L}*|переведи\p{L}*|конверт\p{L}*|обмен\p{L}*|стои\p{L}*|стоя\p{L}*)(?![\p{L}])/iu;

// Another date than now: the tools give today's (demo) rate and the current time, nothing else.
const OTHER_DAY =
  /(?<![\p{L}])(?:(?:yesterday|tomorrow|ago|last\s+(?:week|month|year)|next\s+(?:week|month|year)|вчера|завтра|позавчера|назад)(?![\p{L}])|forecast|predict|histor|прогноз|прошл|следующ|будущ)/iu;
const YEAR = /(?<![\p{L}])(?:in|on|since|в|на|с)\s+(?:19|20)\d\d(?!\d)/giu;

export function asksOtherTime(text: string): boolean {
  if (OTHER_DAY.test(text)) return true;
  // "in 2020" is a year; "in 2000 euros" is an amount.
  for (const year of text.matchAll(YEAR)) {
    const end = (year.index ?? 0) + year[0].length;
    if (findCurrencies(text.slice(end, end + 12)).length === 0) return true;
  }
  return false;
}

// The amounts in the text that the skill did not use (each value in `used` accounts for one of them).
export function strayNumbers(text: string, used: Array<number | undefined>): NumberMention[] {
  const left = used.filter((n): n is number => n !== undefined);
  return amountsIn(text).filter((n) => {
    const i = left.indexOf(n.value);
    if (i < 0) return true;
    left.splice(i, 1);
    return false;
  });
}

// The amounts in the text whose value is none of these (a value may appear any number of times).
export function numbersOtherThan(text: string, values: Array<number | undefined>): NumberMention[] {
  return amountsIn(text).filter((n) => !values.includes(n.value));
}

// The currencies the text names that the skill did not use.
export function strayCurrencies(text: string, used: Array<string | undefined>): string[] {
  return [...new Set(findCurrencies(text).map((m) => m.code))].filter((code) => !used.includes(code));
}

// True when a conversion skill that read `from`, `to` and `amount` out of the text would leave part of
// the question unanswered.
export function asksMoreThanConversion(text: string, used: { from?: string; to?: string; amounts: Array<number | undefined> }): boolean {
  return (
    // "What is 15% of 46250 RUB in EUR?": a conversion that leaves out the percentage answers another question.
    findNumbers(text).some((n) => isPercent(text, n)) ||
    MONEY_ARITHMETIC.test(text) ||
    asksOtherTime(text) ||
    strayNumbers(text, used.amounts).length > 0 ||
    strayCurrencies(text, [used.from, used.to]).length > 0
  );
}

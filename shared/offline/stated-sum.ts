// "I have 2500 rubles. How many dollars is that, and what is 7% of it?": a sum stated first, then
// questions that point back at it ("that", "it", «это», «от них»). Each question is a job of its own,
// but no skill can answer "7% of it" without knowing what "it" is. Here the pointing words are replaced
// by the sum itself ("what is 7% of 2500 rubles?"), each question is planned as usual, and the answer
// says which sum the words were taken to mean. Real Claude reads the reference on its own.
//
// Only questions about money or a percentage are rewritten ("What time is it?" keeps its "it"), and
// only after a statement that holds exactly one sum and nothing else ("I have 300 USD and spend 45.5
// EUR ..." is a different question, planned whole by the money-left skill).

import { amountNextTo, amountsIn, findCurrencies, findNumbers, isPercent } from "./currencies.ts";
import type { PlanContext } from "./plan-context.ts";
import { formatNumber } from "./read-result.ts";
import { splitTask, type TaskPart } from "./task-parts.ts";
import { MONEY_ARITHMETIC } from "./task-guards.ts";

// A question that pointed back at the sum holds the sum in its text ("7% of 2500 RUB"), and keeps the
// words as typed in `asked` (a part no skill can do is named as the user wrote it).
export type QuestionPart = TaskPart & { asked?: string; pointers?: string[] };

export interface StatedSum {
  amount: number;
  code: string;
  parts: QuestionPart[];
}

// "I have", "I've got", "We have", "У меня", "У меня есть", "У нас".
const OPENING = /^\s*(?:(?:i|we)\s+(?:have\s+got|have|got)|i've\s+got|i've|we've\s+got|у\s+(?:меня|нас)(?:\s+есть)?)\s+/iu;
// What may end the statement: a sentence end, a comma, a colon or a dash.
const STATEMENT_END = /^\s{0,3}[.!;,:\n—–-]\s*/u;

// A word that points at something said before, after a word it follows in a question about money:
// "of it", "is that", "convert them", «от них», «переведи их». \s{1,3} keeps each try short.
const POINTER_EN =
  /(?<![\p{L}])(of|is|are|was|be|what's|convert|change|exchange|turn)(\s{1,3})(that\s+(?:amount|sum|money)|this\s+(?:amount|sum|money)|it|that|this|them)(?![\p{L}])/giu;
const POINTER_RU =
  /(?<![\p{L}])(от|из|переведи(?:те)?|конвертируй(?:те)?|обменяй(?:те)?|посчитай(?:те)?)(\s{1,3})(этой\s+суммы|этих\s+денег|эту\s+сумму|эти\s+деньги|них|него|неё|нее|этого|их|его|её|ее|это)(?![\p{L}])/giu;
// «Сколько это в долларах?», «Это сколько в евро?»: a standalone «это» points back wherever it stands.
const THIS_RU = /(?<![\p{L}])(это|эта\s+сумма)(?![\p{L}])/giu;

// Words that make a question one about money: a currency, a percentage, or a conversion verb.
const MONEY_QUESTION =
  /(?<![\p{L}])(?:convert\p{L}*|exchange|change|перевед\p{L}*|переведи\p{L}*|конверт\p{L}*|обмен\p{L}*)(?![\p{L}])/iu;

export function readStatedSum(task: string): StatedSum | undefined {
  const opening = OPENING.exec(task);
  if (!opening) return undefined;
  // The sum comes right after the opening: "2500 rubles", "$2500", "2 500 рублей".
  const from = opening[0].length;
  const window = task.slice(from, from + 40);
  const currency = findCurrencies(window)[0];
  const numbers = amountsIn(window);
  if (!currency || numbers.length === 0) return undefined;
  const amount = amountNextTo(window, currency, numbers);
  const number = numbers.find((n) => n.value === amount);
  if (amount === undefined || !number || Math.min(number.start, currency.start) !== 0) return undefined;
  const sumEnd = from + Math.max(number.end, currency.end);
  const end = STATEMENT_END.exec(task.slice(sumEnd, sumEnd + 8));
  if (!end) return undefined;
  const rest = task.slice(sumEnd + end[0].length);
  // "I have 300 USD, I spend 45.5 EUR. How much is left?" is a question about the difference.
  if (MONEY_ARITHMETIC.test(rest)) return undefined;

  // Written back as digits and a code ("$200" -> "200 USD"), the form every skill reads.
  const sumText = `${amount} ${currency.code}`;
  let pointed = false;
  const parts = splitTask(rest).map((part): QuestionPart => {
    if (!aboutMoney(part.text)) return part;
    const pointers: string[] = [];
    const keep = (_all: string, before: string, space: string, pointer: string) => {
      pointers.push(pointer);
      return `${before}${space}${sumText}`;
    };
    let text = part.text.replace(POINTER_EN, keep).replace(POINTER_RU, keep);
    text = text.replace(THIS_RU, (pointer: string) => {
      pointers.push(pointer);
      return sumText;
    });
    if (pointers.length === 0) return part;
    pointed = true;
    return { ...part, text, asked: part.text, pointers };
  });
  return pointed ? { amount, code: currency.code, parts } : undefined;
}

function aboutMoney(text: string): boolean {
  return findCurrencies(text).length > 0 || findNumbers(text).some((n) => isPercent(text, n)) || MONEY_QUESTION.test(text);
}

// 'By "that" and "it" I take you to mean your 2,500 RUB.'
export function statedSumNote(ctx: Pick<PlanContext, "t" | "lang">, sum: StatedSum, pointers: string[]): string {
  const words = [...new Set(pointers.map((p) => p.toLowerCase().replace(/\s+/gu, " ")))];
  const amount = `${formatNumber(sum.amount, ctx.lang)} ${sum.code}`;
  return ctx.t({
    en: `By ${words.map((w) => `"${w}"`).join(" and ")} I take you to mean your ${amount}.`,
    ru: `Под ${words.map((w) => `«${w}»`).join(" и ")} я понимаю ваши ${amount}.`,
  });
}

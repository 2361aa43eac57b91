// Honesty as a property (issue 22). Conversations generated from a small grammar of what learners type
// (whole questions, follow-ups such as "А в евро?" or "and 20%?", corrections, "save it", questions no
// tool can answer) are typed into one chat with the offline model, and for every turn:
//   - every figure in the reply comes from a tool result or from the user's own messages in this session;
//   - a question no tool can answer is answered by saying so, with no figure from an earlier answer;
//   - a whole question is answered on its own: a conversion gets its own product, whatever came before;
//   - planning stays linear in the session's length: each request reads each user message once
//     (counted, not timed), and one message takes a bounded number of requests.

import fc from "fast-check";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { getExchangeRate } from "../../lessons/01-first-tool/exchange-rate.ts";
import { resolverWork } from "../../shared/offline/conversation.ts";
import { openChat } from "../helpers/conversation-driver.ts";
import { mentions, SAYS_CANNOT, unsourcedFigures } from "../helpers/reply-figures.ts";

const RUNS = { seed: 22, numRuns: 25 };
const MAX_REQUESTS_PER_MESSAGE = 6;

type Turn =
  | { text: string; kind: "whole-conversion"; amount: number; from: string; to: string }
  | { text: string; kind: "whole-rate"; from: string; to: string }
  | { text: string; kind: "other" }
  | { text: string; kind: "cannot" };

const CODES = ["USD", "EUR", "RUB"] as const;
const RU_IN: Record<string, string> = { USD: "долларах", EUR: "евро", RUB: "рублях" };
const RU_OF: Record<string, string> = { USD: "долларов", EUR: "евро", RUB: "рублей" };
const EN_IN: Record<string, string> = { USD: "dollars", EUR: "euros", RUB: "rubles" };

const amount = fc.constantFrom(50, 100, 250, 500, 1000, 1200, 73.5);
const percent = fc.constantFrom(5, 10, 15, 20, 25);
const pair = fc.tuple(fc.constantFrom(...CODES), fc.constantFrom(...CODES)).filter(([a, b]) => a !== b);
const file = fc.constantFrom("report.txt", "itog.txt", "notes/sum.md");

const wholeConversion: fc.Arbitrary<Turn> = fc
  .tuple(amount, pair, fc.integer({ min: 0, max: 3 }))
  .map(([a, [from, to], form]) => {
    const text = [
      `How much are ${a} ${from} in ${to}?`,
      `Сколько будет ${a} ${RU_OF[from]} в ${RU_IN[to]}?`,
      `Convert ${a} ${from} to ${EN_IN[to]}`,
      `сколько будет ${a} ${from} в ${to}`,
    ][form]!;
    return { text, kind: "whole-conversion", amount: a, from, to };
  });

const wholeRate: fc.Arbitrary<Turn> = fc
  .tuple(pair, fc.boolean())
  .map(([[from, to], english]) => ({ text: english ? `What is the ${from} to ${to} rate?` : `Какой курс ${from} к ${to}?`, kind: "whole-rate", from, to }));

const other: fc.Arbitrary<Turn> = fc
  .oneof(
    fc.tuple(percent, amount).map(([p, n]) => `What is ${p}% of ${n * 10}?`),
    fc.tuple(percent, amount).map(([p, n]) => `Сколько будет ${p}% от ${n * 10}?`),
    fc.constantFrom("А в евро?", "and in dollars?", "а в рублях", "and in RUB?", "same for EUR", "то же самое для евро", "no, I meant euros", "нет, я имел ввиду доллары"),
    amount.map((a) => `and ${a}?`),
    amount.map((a) => `а ${a}?`),
    amount.map((a) => `sorry, I meant ${a}`),
    percent.map((p) => `and ${p}%?`),
    percent.map((p) => `а ${p}% от этого?`),
    percent.map((p) => `what is ${p}% of that amount?`),
    file.map((f) => `save it to ${f}`),
    file.map((f) => `сохрани это в ${f}`),
    fc.constantFrom("save it", "сохрани это", "а это в евро?"),
  )
  .map((text) => ({ text, kind: "other" }));

const cannot: fc.Arbitrary<Turn> = fc
  .constantFrom(
    "What's the weather in Moscow tomorrow?",
    "Переведи на английский: привет, как дела?",
    "Write me a poem about the sea",
    "What was the USD to RUB rate yesterday?",
    "Какая погода завтра?",
    "Who won the match last night?",
  )
  .map((text) => ({ text, kind: "cannot" }));

const conversation = fc.array(fc.oneof({ weight: 3, arbitrary: wholeConversion }, { weight: 2, arbitrary: wholeRate }, { weight: 4, arbitrary: other }, { weight: 2, arbitrary: cannot }), { minLength: 2, maxLength: 7 });

function product(turn: Extract<Turn, { kind: "whole-conversion" }>): number {
  return turn.amount * getExchangeRate(turn.from, turn.to).rate;
}

const root = await mkdtemp(path.join(os.tmpdir(), "course-honesty-"));
afterAll(() => rm(root, { recursive: true, force: true }));
let run = 0;

describe("the offline model in a conversation is honest (fast-check, seeded)", () => {
  it("every figure is sourced, a refusal says so, a whole question gets its own answer, and planning is linear", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(3, 8), conversation, async (lesson, turns) => {
        const chat = await openChat(lesson, path.join(root, String(run++)));
        const sources: string[] = [];
        try {
          for (const [i, turn] of turns.entries()) {
            const where = `turn ${i + 1} of ${JSON.stringify(turns.map((t) => t.text))}`;
            sources.push(turn.text);
            const before = resolverWork.messagesRead;
            const reply = await chat.send(turn.text);
            const outputs = reply.calls.map((c) => c.output);
            sources.push(...outputs);

            expect(unsourcedFigures(reply.text, sources), `${where}: figures from nowhere in "${reply.text}"`).toEqual([]);
            expect(reply.requests, `${where}: requests for one message`).toBeLessThanOrEqual(MAX_REQUESTS_PER_MESSAGE);
            expect((resolverWork.messagesRead - before) / reply.requests, `${where}: user messages read per request`).toBeLessThanOrEqual(i + 1);

            if (turn.kind !== "other") {
              // A whole question (or one no tool answers) stands on its own: no figure from an earlier
              // answer, only the ones in this message and in this turn's tool results.
              expect(unsourcedFigures(reply.text, [turn.text, ...outputs]), `${where}: an earlier figure in "${reply.text}"`).toEqual([]);
            }
            if (turn.kind === "cannot") {
              expect(reply.text, `${where}: a refusal must say it cannot`).toMatch(SAYS_CANNOT);
              expect(reply.calls.filter((c) => !c.isError), `${where}: no tool answers this`).toEqual([]);
            }
            if (turn.kind === "whole-conversion") {
              expect(mentions(reply.text, product(turn)), `${where}: "${reply.text}" should give ${product(turn)}`).toBe(true);
            }
            if (turn.kind === "whole-rate") {
              const rate = getExchangeRate(turn.from, turn.to).rate;
              expect(mentions(reply.text, rate), `${where}: "${reply.text}" should give the rate ${rate}`).toBe(true);
            }
          }
        } finally {
          await chat.close();
        }
      }),
      RUNS,
    );
  }, 300_000);
});

// Checks for exercise 08 (the assistant's harness). Run them with: npm run check 8
// TODO 1: repairOrphans, TODO 2: routeModel, TODO 3: createSessionQueue.
// Each message says what was expected, what happened, and where to look.

import type Anthropic from "@anthropic-ai/sdk";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { repairOrphans } from "@exercise/08-assistant/repair-orphans.ts";
import { routeModel } from "@exercise/08-assistant/route-model.ts";
import { createSessionQueue } from "@exercise/08-assistant/session-queue.ts";
import type { Channel, IncomingMessage } from "../lessons/08-assistant/channel.ts";
import { createGateway } from "../lessons/08-assistant/gateway.ts";
import { CHEAP_MODEL, MANY_STEPS, STRONG_MODEL, type Route, type TaskFacts } from "../lessons/08-assistant/route-model.ts";
import { validateMessagesRequest } from "../shared/fake-api/validate-request.ts";
import { createMockModel, reply, resultText } from "../shared/mock/mock-model.ts";
import { failWith } from "./helpers/fail-with.ts";
import { say } from "./helpers/say.ts";
import { mustReject } from "./helpers/settled.ts";

const REPAIR = "exercises/08-assistant/repair-orphans.ts";
const ROUTE = "exercises/08-assistant/route-model.ts";
const QUEUE = "exercises/08-assistant/session-queue.ts";

type Message = Anthropic.MessageParam;
type Block = Anthropic.ContentBlockParam;

const TOOLS: Anthropic.Tool[] = [
  { name: "save_to_file", description: "Save text to a file.", input_schema: { type: "object" } },
  { name: "add_row", description: "Append a row.", input_schema: { type: "object" } },
];

const use = (id: string, name = "save_to_file"): Anthropic.ToolUseBlockParam => ({ type: "tool_use", id, name, input: { n: id } });
const result = (id: string, content = `done ${id}`): Anthropic.ToolResultBlockParam => ({ type: "tool_result", tool_use_id: id, content });
const text = (t: string): Anthropic.TextBlockParam => ({ type: "text", text: t });

function repaired(messages: Message[]): Message[] {
  try {
    return repairOrphans(messages);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return failWith(
      message.startsWith("not implemented yet")
        ? message
        : say(`repairOrphans threw "${message}"; it should return the repaired list (${REPAIR})`, `repairOrphans бросила "${message}", а должна вернуть починенный список (${REPAIR})`),
      error,
    );
  }
}

// A saved history is sent with the person's next message after it (today's models refuse a request
// that ends with an assistant turn: that would be a prefill).
function problemWith(messages: Message[]): string | null {
  const sent: Message[] = messages.at(-1)?.role === "assistant" ? [...messages, { role: "user", content: "next" }] : messages;
  return validateMessagesRequest({ model: CHEAP_MODEL, max_tokens: 100, tools: TOOLS, messages: sent })?.message ?? null;
}

function blocks(message: Message | undefined): Block[] {
  if (!message) return [];
  return typeof message.content === "string" ? [text(message.content)] : message.content;
}

function resultsIn(message: Message | undefined): Anthropic.ToolResultBlockParam[] {
  return blocks(message).flatMap((b) => (b.type === "tool_result" ? [b] : []));
}

// Deep-frozen input: a repair that changes the messages it was given throws here, in strict mode.
function frozen<T>(value: T): T {
  if (typeof value === "object" && value !== null) {
    for (const inner of Object.values(value)) frozen(inner);
    Object.freeze(value);
  }
  return value;
}

function expectInterrupted(block: Anthropic.ToolResultBlockParam | undefined, id: string, where: string): void {
  expect(block, say(`${where}: expected a tool_result answering ${id}, found none`, `${where}: ожидался tool_result с ответом на ${id}, его нет`)).toBeDefined();
  expect(block?.tool_use_id, say(`${where}: the added result must answer the exact id ${id}`, `${where}: добавленный результат должен отвечать ровно на id ${id}`)).toBe(id);
  expect(
    block?.is_error,
    say(
      `${where}: an interrupted call is an error (is_error: true), so the model does not take it as done`,
      `${where}: прерванный вызов — это ошибка (is_error: true), чтобы модель не сочла его выполненным`,
    ),
  ).toBe(true);
  expect(
    resultText(block),
    say(
      `${where}: use interruptedResult(id): it says the call was interrupted and its effect is unknown`,
      `${where}: используйте interruptedResult(id): он говорит, что вызов прерван и его результат неизвестен`,
    ),
  ).toMatch(/interrupted.*unknown/is);
}

describe("repairOrphans: every unanswered tool_use answered in the right place (TODO 1)", () => {
  it("no orphan at all: nothing changes", () => {
    const histories: Message[][] = [
      [{ role: "user", content: "Привет" }],
      [
        { role: "user", content: "Сохрани" },
        { role: "assistant", content: [text("Сохраняю."), use("toolu_a")] },
        { role: "user", content: [result("toolu_a")] },
        { role: "assistant", content: "Готово." },
      ],
      [
        { role: "user", content: "Привет" },
        { role: "assistant", content: "Здравствуйте." },
        { role: "user", content: "Как дела?" },
      ],
      [],
    ];
    for (const history of histories) {
      expect(repaired(frozen(structuredClone(history))), say("a history with every call answered must come back exactly as it was", "история, где на каждый вызов есть ответ, должна вернуться в точности такой, какой была")).toEqual(history);
    }
  });

  it("an orphan in the last turn (the crash case): a new user message answers it, right after", () => {
    const history = frozen<Message[]>([
      { role: "user", content: "Сохрани отчёт" },
      { role: "assistant", content: [use("toolu_last")] },
    ]);
    const out = repaired(history);
    expect(out, say("expected the two messages plus one user message with the answer", "ожидались два сообщения и ещё одно сообщение пользователя с ответом")).toHaveLength(3);
    expect(out[2]?.role, say("the answer goes in a user message", "ответ идёт в сообщении пользователя")).toBe("user");
    expect(resultsIn(out[2]), say("one tool_result for the one orphan", "один tool_result на один осиротевший вызов")).toHaveLength(1);
    expectInterrupted(resultsIn(out[2])[0], "toolu_last", say("the last turn", "последний ход"));
    expect(problemWith(out), say("the repaired history must be a valid request", "починенная история должна быть допустимым запросом")).toBeNull();
  });

  it("several calls in one turn, some answered and some not: the missing ones join the existing results, untouched ones stay first and unchanged", () => {
    const history = frozen<Message[]>([
      { role: "user", content: "Три дела" },
      { role: "assistant", content: [use("toolu_1"), use("toolu_2", "add_row"), use("toolu_3")] },
      { role: "user", content: [result("toolu_2", "строка 7")] },
    ]);
    const out = repaired(history);
    expect(
      out,
      say(
        "the answers go INTO the existing results message: a second user message would leave them out of 'the next message'",
        "ответы идут ВНУТРЬ уже имеющегося сообщения с результатами: во втором сообщении пользователя они оказались бы не в «следующем сообщении»",
      ),
    ).toHaveLength(3);
    const results = resultsIn(out[2]);
    expect(results[0], say("the result that was there stays first and exactly as it was", "результат, который там уже был, остаётся первым и в точности таким, каким был")).toEqual(result("toolu_2", "строка 7"));
    expect(results.map((r) => r.tool_use_id).sort(), say("each call answered exactly once", "на каждый вызов — ровно один ответ")).toEqual(["toolu_1", "toolu_2", "toolu_3"]);
    expectInterrupted(results.find((r) => r.tool_use_id === "toolu_1"), "toolu_1", say("call 1 of 3", "вызов 1 из 3"));
    expectInterrupted(results.find((r) => r.tool_use_id === "toolu_3"), "toolu_3", say("call 3 of 3", "вызов 3 из 3"));
    expect(problemWith(out), say("the repaired history must be a valid request", "починенная история должна быть допустимым запросом")).toBeNull();
  });

  it("the message after the orphan is not a user message: a new user message goes in between", { tags: "hard" }, () => {
    const history = frozen<Message[]>([
      { role: "user", content: "Сохрани отчёт" },
      { role: "assistant", content: [use("toolu_cut")] },
      { role: "assistant", content: [text("(the session was resumed)")] },
      { role: "user", content: "go on" },
    ]);
    const out = repaired(history);
    expect(
      out.map((m) => m.role),
      say(
        "the next message after the tool_use is an assistant message, which cannot carry tool_result blocks: insert a new user " +
          `message with the answer right after the tool_use, and leave the assistant message as it was (TODO 1 in ${REPAIR})`,
        "следующее после tool_use сообщение — от ассистента, а оно не может нести блоки tool_result: вставьте сразу после tool_use " +
          `новое сообщение пользователя с ответом, а сообщение ассистента оставьте как было (TODO 1 в ${REPAIR})`,
      ),
    ).toEqual(["user", "assistant", "user", "assistant", "user"]);
    expectInterrupted(resultsIn(out[2])[0], "toolu_cut", say("the inserted message", "вставленное сообщение"));
    expect(out[3], say("the assistant message after it is unchanged", "сообщение ассистента после него не меняется")).toEqual(history[2]);
    expect(problemWith(out), say("the repaired history must be a valid request", "починенная история должна быть допустимым запросом")).toBeNull();
  });

  it("only the very next message answers a call: a result further on does not count", { tags: "hard" }, () => {
    const history = frozen<Message[]>([
      { role: "user", content: "Сохрани отчёт" },
      { role: "assistant", content: [use("toolu_late")] },
      { role: "user", content: "what happened?" },
      { role: "assistant", content: [text("Let me check.")] },
      { role: "user", content: [result("toolu_late")] },
    ]);
    const out = repaired(history);
    expect(
      resultsIn(out[2]).map((r) => r.tool_use_id),
      say(
        "toolu_late has a result, but only two messages later: the API wants it in the very next message, so that message (the " +
          "user's \"what happened?\") must get an interrupted result for it. Look only at the next message, not the rest of the " +
          `history (TODO 1 in ${REPAIR})`,
        "у toolu_late есть результат, но только через два сообщения: API ждёт его в самом следующем сообщении, поэтому это сообщение " +
          "(\"what happened?\" пользователя) должно получить для него результат о прерывании. Смотрите только на следующее сообщение, " +
          `а не на всю остальную историю (TODO 1 в ${REPAIR})`,
      ),
    ).toEqual(["toolu_late"]);
  });

  it("the user typed on after the crash: the answers go at the start of that message, before the text", () => {
    const history = frozen<Message[]>([
      { role: "user", content: "Запиши лида" },
      { role: "assistant", content: [use("toolu_x", "add_row")] },
      { role: "user", content: "Ну что там?" },
    ]);
    const out = repaired(history);
    expect(out, say("no extra message: the answer goes into the user's message", "без лишнего сообщения: ответ идёт в сообщение пользователя")).toHaveLength(3);
    const content = blocks(out[2]);
    expect(
      content[0]?.type,
      say("tool_result blocks must come first in a user message; text may only follow them", "блоки tool_result в сообщении пользователя идут первыми; текст может быть только после них"),
    ).toBe("tool_result");
    expectInterrupted(content[0] as Anthropic.ToolResultBlockParam, "toolu_x", say("before the user's text", "перед текстом пользователя"));
    expect(content.slice(1), say("the user's words are kept, after the result, as a text block", "слова пользователя сохраняются после результата, текстовым блоком")).toEqual([text("Ну что там?")]);
    expect(problemWith(out), say("the repaired history must be a valid request", "починенная история должна быть допустимым запросом")).toBeNull();
  });

  it("an empty user message after the orphan: it holds just the answers (no empty text block, which the API refuses)", { tags: "hard" }, () => {
    const out = repaired(
      frozen<Message[]>([
        { role: "user", content: "Раз" },
        { role: "assistant", content: [use("toolu_e")] },
        { role: "user", content: "" },
      ]),
    );
    expect(out, say("no extra message: the answer goes into the empty user message", "без лишнего сообщения: ответ идёт в пустое сообщение пользователя")).toHaveLength(3);
    expect(blocks(out[2]).map((b) => b.type), say("only the tool_result: an empty string is no text at all", "только tool_result: пустая строка — это вовсе не текст")).toEqual(["tool_result"]);
    expectInterrupted(resultsIn(out[2])[0], "toolu_e", say("the empty message", "пустое сообщение"));
  });

  it("an orphan in the middle of a history and one at the end: both answered, everything else as it was", () => {
    const history = frozen<Message[]>([
      { role: "user", content: "Раз" },
      { role: "assistant", content: [use("toolu_mid")] },
      { role: "user", content: [text("Два")] },
      { role: "assistant", content: [text("Ок.")] },
      { role: "user", content: "Три" },
      { role: "assistant", content: [use("toolu_ok")] },
      { role: "user", content: [result("toolu_ok")] },
      { role: "assistant", content: [use("toolu_end")] },
    ]);
    const out = repaired(history);
    expect(problemWith(out), say("every orphan must be answered, not only the one in the last turn", "ответ нужен на каждый осиротевший вызов, а не только на тот, что в последнем ходе")).toBeNull();
    expect(out, say("one message added, after the orphan at the end; the one in the middle is answered in the next message", "добавлено одно сообщение, после осиротевшего вызова в конце; на вызов в середине отвечает следующее сообщение")).toHaveLength(9);
    expectInterrupted(resultsIn(out[2])[0], "toolu_mid", say("the orphan in the middle", "осиротевший вызов в середине"));
    expect(blocks(out[2]).at(-1), say("the user's words stay after the answer", "слова пользователя остаются после ответа")).toEqual(text("Два"));
    expect(out[6], say("an answered call is never touched", "вызов, на который есть ответ, не трогают")).toEqual(history[6]);
    expectInterrupted(resultsIn(out[8])[0], "toolu_end", say("the orphan at the end", "осиротевший вызов в конце"));
    for (const i of [0, 1, 3, 4, 5, 7]) {
      expect(out[i], say(`message ${i} has nothing to repair and must stay as it was`, `в сообщении ${i} нечего чинить, оно должно остаться как было`)).toEqual(history[i]);
    }
  });

  it("the input list and its messages are not changed (the caller may still need the original)", { tags: "hard" }, () => {
    const history: Message[] = [
      { role: "user", content: "Раз" },
      { role: "assistant", content: [use("toolu_1"), use("toolu_2")] },
      { role: "user", content: [result("toolu_1")] },
    ];
    const before = structuredClone(history);
    let out: Message[] = [];
    try {
      out = repairOrphans(frozen(history));
    } catch (error) {
      expect.fail(
        say(
          `repairOrphans changed its input (${(error as Error).message}): build new messages instead of pushing into the old ones (${REPAIR})`,
          `repairOrphans изменила свой вход ("${(error as Error).message}"): стройте новые сообщения, а не добавляйте в старые (${REPAIR})`,
        ),
      );
    }
    expect(history, say("the input must not change", "вход не должен меняться")).toEqual(before);
    expect(out, say("return a new list, not the input", "верните новый список, а не вход")).not.toBe(history);
  });

  it("through the strict mock: the unrepaired history is refused with the API's words, the repaired one is accepted", async () => {
    const history: Message[] = [
      { role: "user", content: "Ищу поставщика ASIC, контакт @mining_pro" },
      { role: "assistant", content: [use("toolu_01crash", "add_row")] },
      { role: "user", content: "Записал?" },
    ];
    const mock = createMockModel([reply.text("Проверю leads.csv, прежде чем записывать снова.")]);
    const send = (messages: Message[]) => mock.client.messages.create({ model: CHEAP_MODEL, max_tokens: 100, tools: TOOLS, messages });
    await expect(send(history)).rejects.toThrow("`tool_use` ids were found without `tool_result` blocks immediately after: toolu_01crash");
    const answer = await send(repaired(history));
    expect(answer.stop_reason, say("the repaired history is accepted and answered", "починенную историю принимают и отвечают на неё")).toBe("end_turn");
    expect(mock.rejections.length, say("only the unrepaired request may be refused", "отклонён может быть только непочиненный запрос")).toBe(1);
  });

  it("property: any history repaired is valid, every tool_use answered exactly once, answered calls untouched, ids exact, other messages unchanged", { tags: "hard" }, () => {
    // A history of turns: a user message, then an assistant turn with 0-3 calls of which some were
    // answered, and maybe the user's next words (a crash leaves the last turn open).
    const turn = fc.record({
      ask: fc.string({ minLength: 1, maxLength: 8 }).map((s) => `вопрос ${s}`),
      calls: fc.array(fc.boolean(), { maxLength: 3 }),
      text: fc.option(fc.constantFrom("Ок.", "Считаю."), { nil: undefined }),
      follow: fc.constantFrom("none", "results", "results+text", "text"),
    });
    fc.assert(
      fc.property(fc.array(turn, { minLength: 1, maxLength: 5 }), (turns) => {
        let n = 0;
        const history: Message[] = [];
        const answeredBefore = new Map<string, Anthropic.ToolResultBlockParam>();
        const allIds: string[] = [];
        for (const [t, spec] of turns.entries()) {
          if (history.at(-1)?.role !== "user") history.push({ role: "user", content: spec.ask });
          const ids = spec.calls.map(() => `toolu_${(n++).toString(36)}`);
          allIds.push(...ids);
          history.push({ role: "assistant", content: [...(spec.text ? [text(spec.text)] : []), ...ids.map((id) => use(id))] });
          if (ids.length === 0) history.at(-1)!.content = [text("Ответ.")];
          const last = t === turns.length - 1;
          // Which results were written before the crash (only when the follow-up message holds results).
          const written = spec.follow.startsWith("results") ? ids.filter((_, i) => spec.calls[i]).map((id) => result(id)) : [];
          const words = spec.follow.endsWith("text") || (spec.follow === "none" && !last) ? [text(`дальше ${t}`)] : [];
          const content: Block[] = [...written, ...words];
          if (content.length === 0) continue;
          for (const r of written) answeredBefore.set(r.tool_use_id, r);
          history.push({ role: "user", content });
        }
        const input = frozen(structuredClone(history));
        const out = repairOrphans(input);

        expect(problemWith(out), say("the repaired history must be a valid request", "починенная история должна быть допустимым запросом")).toBeNull();
        const resultsOut = out.flatMap((m) => resultsIn(m));
        expect(resultsOut.map((r) => r.tool_use_id).sort(), say("each call answered exactly once", "на каждый вызов — ровно один ответ")).toEqual([...allIds].sort());
        for (const [id, before] of answeredBefore) {
          expect(resultsOut.find((r) => r.tool_use_id === id), say(`the result of ${id} that was there stays as it was`, `результат ${id}, который там уже был, остаётся как был`)).toEqual(before);
        }
        for (const r of resultsOut) {
          if (!answeredBefore.has(r.tool_use_id)) expect(r.is_error, say(`the added result for ${r.tool_use_id} is an error`, `добавленный результат для ${r.tool_use_id} — ошибка`)).toBe(true);
        }
        // Nothing but results was added: the assistant turns and the user's words are all still there.
        expect(out.filter((m) => m.role === "assistant"), say("the assistant's messages stay as they were", "сообщения ассистента остаются как были")).toEqual(history.filter((m) => m.role === "assistant"));
        const words = (list: Message[]) => list.flatMap((m) => (m.role === "user" ? blocks(m).filter((b) => b.type === "text") : []));
        expect(words(out), say("the user's words are all still there", "все слова пользователя на месте")).toEqual(words(history));
        // Repairing twice changes nothing more.
        expect(repairOrphans(frozen(structuredClone(out))), say("repairing twice changes nothing more", "повторная починка ничего больше не меняет")).toEqual(out);
      }),
      { seed: 42, numRuns: 150 },
    );
  });
});

describe("routeModel: the routing rule, one outcome per case (TODO 2)", () => {
  function routed(facts: TaskFacts): Route {
    try {
      return routeModel(facts);
    } catch (error) {
      const message = (error as Error).message;
      return failWith(message.startsWith("not implemented yet") ? message : say(`routeModel threw "${message}" (${ROUTE})`, `routeModel бросила "${message}" (${ROUTE})`), error);
    }
  }

  it("a one- or two-step message goes to the cheap model", () => {
    for (const steps of [0, 1, MANY_STEPS - 1]) {
      const route = routed({ steps, asksForStrong: false });
      expect(route.model, say(`${steps} step(s), nothing asked: the cheap model is enough`, `шагов: ${steps}, ничего не просили: хватит дешёвой модели`)).toBe(CHEAP_MODEL);
      expect(route.why, say("why starts with the kind of model: cheap", 'why начинается с вида модели: "cheap"')).toMatch(/^cheap/);
    }
  });

  it(`MANY_STEPS (${MANY_STEPS}) steps or more goes to the strong model, and why says how many`, () => {
    const atThreshold = routed({ steps: MANY_STEPS, asksForStrong: false });
    expect(atThreshold.model, say(`exactly ${MANY_STEPS} steps counts as many (>=, not >)`, `ровно ${MANY_STEPS} шага — это уже много (>=, а не >)`)).toBe(STRONG_MODEL);
    expect(
      atThreshold.why,
      say(
        `why should start with "strong" and say how many steps there were (e.g. "strong: ${MANY_STEPS} steps"), so a person reading ` +
          `the log sees why the dearer model ran (TODO 2 in ${ROUTE}); it said ${JSON.stringify(atThreshold.why)}`,
        `поле "why" должно начинаться со "strong" и называть число шагов (например, "strong: ${MANY_STEPS} steps"), чтобы человек, читающий ` +
          `журнал, видел, почему работала модель подороже (TODO 2 в ${ROUTE}); а там ${JSON.stringify(atThreshold.why)}`,
      ),
    ).toMatch(new RegExp(`^strong.*${MANY_STEPS}`));
    expect(routed({ steps: 7, asksForStrong: false }).why, say("7 steps: why starts with \"strong\" and says 7", "7 шагов: why начинается со \"strong\" и называет 7")).toMatch(/^strong.*7/);
  });

  it("the user asking for the strong model gets it, even for one step", () => {
    const route = routed({ steps: 1, asksForStrong: true });
    expect(route.model, say("the user asked for the strong model: STRONG_MODEL", "пользователь попросил сильную модель: STRONG_MODEL")).toBe(STRONG_MODEL);
    expect(route.why, say("why starts with \"strong\"", "why начинается со \"strong\"")).toMatch(/^strong/);
  });

  it("a pinned model wins over everything, trimmed; a blank one pins nothing", () => {
    expect(routed({ steps: 9, asksForStrong: true, override: " claude-opus-5-1 " }), say("the person's --model wins over the rule", "--model, заданный человеком, важнее правила")).toMatchObject({
      model: "claude-opus-5-1",
      why: expect.stringMatching(/^pinned/),
    });
    expect(routed({ steps: 1, asksForStrong: false, override: "claude-haiku-5-5" }).why, say("even when it names the cheap model, it was pinned", "даже если он называет дешёвую модель, она закреплена: \"pinned\"")).toMatch(/^pinned/);
    expect(routed({ steps: 1, asksForStrong: false, override: "   " }).model, say("an override of spaces is no override", "override из одних пробелов ничего не закрепляет")).toBe(CHEAP_MODEL);
    expect(routed({ steps: MANY_STEPS, asksForStrong: false, override: "" }).model, say("an empty override is no override", "пустой override ничего не закрепляет")).toBe(STRONG_MODEL);
  });
});

describe("createSessionQueue: one turn at a time per session, sessions side by side (TODO 3)", () => {
  function deferred<T = string>() {
    let resolve!: (value: T) => void;
    let reject!: (error: Error) => void;
    const promise = new Promise<T>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    return { promise, resolve, reject };
  }
  const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
  function queue() {
    try {
      return createSessionQueue();
    } catch (error) {
      return failWith((error as Error).message, error);
    }
  }

  it("two messages for one chat run one after another", async () => {
    const q = queue();
    const events: string[] = [];
    const first = deferred();
    const a = q.run("telegram-1", async () => {
      events.push("a starts");
      const value = await first.promise;
      events.push("a ends");
      return value;
    });
    const b = q.run("telegram-1", async () => {
      events.push("b starts");
      return "b";
    });
    await tick();
    expect(events, say("the second job of a chat must wait until the first has finished", "второе задание чата должно ждать, пока не закончится первое")).toEqual(["a starts"]);
    first.resolve("a");
    expect(await a, say("run() resolves with the job's own value", "run() выполняется с собственным значением задания")).toBe("a");
    expect(await b, say("run() resolves with the job's own value", "run() выполняется с собственным значением задания")).toBe("b");
    expect(events, say("b starts only after a ends", "b начинается только после того, как закончилось a")).toEqual(["a starts", "a ends", "b starts"]);
  });

  it("two chats run at the same time", async () => {
    const q = queue();
    const events: string[] = [];
    const slow = deferred();
    const a = q.run("telegram-1", async () => {
      events.push("chat 1 starts");
      return slow.promise;
    });
    const b = q.run("telegram-2", async () => {
      events.push("chat 2 starts");
      return "2";
    });
    await tick();
    expect(events, say("a different chat must not wait for another chat's turn", "другой чат не должен ждать хода чужого чата")).toEqual(["chat 1 starts", "chat 2 starts"]);
    expect(await b, say("chat 2 gets its own value", "чат 2 получает своё значение")).toBe("2");
    slow.resolve("1");
    expect(await a, say("chat 1 gets its own value", "чат 1 получает своё значение")).toBe("1");
  });

  it("jobs of one chat run in the order they came", async () => {
    const q = queue();
    const order: number[] = [];
    await Promise.all([3, 1, 2].map((delay, i) => q.run("web-x", async () => {
      await new Promise((resolve) => setTimeout(resolve, delay));
      order.push(i);
    })));
    expect(order, say("first come, first served within a session", "внутри сессии — в порядке прихода")).toEqual([0, 1, 2]);
  });

  it("three messages for one chat sent in the same tick: each waits for the one before, none overlap", { tags: "hard" }, async () => {
    const q = queue();
    const events: string[] = [];
    const gates = [deferred(), deferred(), deferred()];
    const runs = gates.map((gate, i) =>
      q.run("telegram-3", async () => {
        events.push(`${i} starts`);
        await gate.promise;
        events.push(`${i} ends`);
      }),
    );
    for (const gate of gates) {
      await tick();
      gate.resolve("done");
    }
    await Promise.all(runs);
    expect(
      events,
      say(
        "Three jobs queued for one chat at the same moment ran over each other: each must wait for the LAST job queued before it, not " +
          `the first (keep the newest promise of each key in the Map, replacing the older one) (TODO 3 in ${QUEUE}).`,
        "Три задания, поставленные в очередь одного чата в один момент, выполнялись внахлёст: каждое должно ждать ПОСЛЕДНЕЕ задание, " +
          `поставленное перед ним, а не первое (храните в Map самый новый промис каждого ключа, заменяя старый) (TODO 3 в ${QUEUE}).`,
      ),
    ).toEqual(["0 starts", "0 ends", "1 starts", "1 ends", "2 starts", "2 ends"]);
  });

  it("a failed turn rejects for its caller, and the next message of the chat still gets its turn", async () => {
    const q = queue();
    const failing = q.run("cli-main", async () => {
      throw new Error("model down");
    });
    const next = q.run("cli-main", async () => "next");
    const ownError = say("run() rejects with the job's own error", "run() отклоняется с собственной ошибкой задания");
    await mustReject(failing, ownError);
    await expect(failing, ownError).rejects.toThrow("model down");
    // A queue that chains on the failed job's promise rejects the next job with that job's error.
    const nextValue = await next.catch((error: unknown) =>
      failWith(
        say(
          `the chat's next job rejected with the failed job's error ("${(error as Error).message}"): a failure must not block the session forever (TODO 3 in ${QUEUE})`,
          `следующее задание чата отклонено с ошибкой упавшего ("${(error as Error).message}"): сбой не должен навсегда заблокировать сессию (TODO 3 в ${QUEUE})`,
        ),
        error,
      ),
    );
    expect(nextValue, say("a failure must not block the session forever", "сбой не должен навсегда заблокировать сессию")).toBe("next");
    const thrown = (() => {
      try {
        return q.run("cli-main", (() => {
          throw new Error("sync throw");
        }) as () => Promise<string>);
      } catch (error) {
        return expect.fail(
          say(
            `run() threw "${(error as Error).message}" instead of returning a rejected promise (${QUEUE})`,
            `run() бросила "${(error as Error).message}" вместо того, чтобы вернуть отклонённый промис (${QUEUE})`,
          ),
        );
      }
    })();
    const rejected = say("a job that throws before returning a promise: run() rejects with its error", "задание бросило исключение, ещё не вернув промис: run() отклоняется с его ошибкой");
    await mustReject(thrown, rejected);
    await expect(thrown, rejected).rejects.toThrow("sync throw");
    expect(await q.run("cli-main", async () => "after"), say("still serving after a job that threw", "очередь работает и после задания, которое бросило исключение")).toBe("after");
  });

  it("a session with a job still waiting stays busy when the job before it ends, and a newcomer waits for it", { tags: "hard" }, async () => {
    const q = queue();
    const events: string[] = [];
    const first = deferred();
    const second = deferred();
    const a = q.run("tg-5", () => first.promise);
    const b = q.run("tg-5", async () => {
      events.push("b starts");
      await second.promise;
      events.push("b ends");
    });
    first.resolve("a");
    await a;
    await tick();
    expect(
      q.busy(),
      say(
        "job b is still running: the session must stay busy (do not forget a key a newer job is using)",
        "задание b ещё выполняется: сессия должна оставаться занятой (не забывайте ключ, которым пользуется более новое задание)",
      ),
    ).toEqual(["tg-5"]);
    const c = q.run("tg-5", async () => void events.push("c starts"));
    await tick();
    expect(events, say("a job queued while b runs must wait for b", "задание, поставленное в очередь, пока выполняется b, должно ждать b")).toEqual(["b starts"]);
    second.resolve("b");
    await Promise.all([b, c]);
    expect(events, say("c starts only after b ends", "c начинается только после того, как закончилось b")).toEqual(["b starts", "b ends", "c starts"]);
  });

  it("busy() lists sessions with work, and an idle queue holds nothing", { tags: "hard" }, async () => {
    const q = queue();
    expect(q.busy(), say("a new queue is busy with nothing", "новая очередь ничем не занята")).toEqual([]);
    const gate = deferred();
    const a = q.run("s1", () => gate.promise);
    const b = q.run("s2", async () => "x");
    expect(q.busy().sort(), say("both sessions have work", "у обеих сессий есть работа")).toEqual(["s1", "s2"]);
    await b;
    gate.resolve("done");
    await a;
    await tick();
    expect(q.busy(), say("once every job is done, no key may stay behind (a queue that only grows leaks memory)", "когда все задания выполнены, ни один ключ не должен остаться (очередь, которая только растёт, течёт памятью)")).toEqual([]);
  });

  it("in the gateway: the second message of a chat sees the first one's reply; another chat does not wait", async () => {
    const q = queue();
    const log: string[] = [];
    const hold = deferred();
    const gateway = createGateway({
      queue: q,
      runTurn: async (turn) => {
        log.push(`start ${turn.session} ${turn.message.text}`);
        if (turn.message.text === "первое") await hold.promise;
        log.push(`end ${turn.session} ${turn.message.text}`);
        return `re: ${turn.message.text}`;
      },
    });
    const sent: string[] = [];
    const channel: Channel = { name: "tg", start: async () => undefined, send: async (chat, t) => void sent.push(`${chat}: ${t}`) };
    const msg = (chatId: string, t: string): IncomingMessage => ({ channel: "tg", chatId, sender: "s", text: t, at: new Date() });
    const one = gateway.handle(channel, msg("1", "первое"));
    const two = gateway.handle(channel, msg("1", "второе"));
    const other = gateway.handle(channel, msg("2", "другой чат"));
    await other;
    expect(
      log,
      say("the chat's second message waits for its first; the other chat does not wait", "второе сообщение чата ждёт первое; другой чат не ждёт"),
    ).toEqual(["start tg-1 первое", "start tg-2 другой чат", "end tg-2 другой чат"]);
    hold.resolve("go");
    await Promise.all([one, two]);
    expect(log.slice(3), say("the second message's turn starts after the first one's ends", "ход второго сообщения начинается после конца хода первого")).toEqual(["end tg-1 первое", "start tg-1 второе", "end tg-1 второе"]);
    expect(sent, say("each reply goes to its own chat, in order", "каждый ответ уходит в свой чат, по порядку")).toEqual(["2: re: другой чат", "1: re: первое", "1: re: второе"]);
  });
});

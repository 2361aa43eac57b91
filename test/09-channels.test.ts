// Checks for exercise 09 (a webhook channel). Run them with: npm run check 9
// TODO 1: checkSecret, TODO 2: parseWebhook, TODO 3: createWebhookChannel.
// Each message says what was expected, what happened, and where to look.

import * as crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { checkSecret, createWebhookChannel, MAX_TEXT, parseWebhook, SECRET_HEADER, type WebhookChannel } from "@exercise/09-channels/webhook-channel.ts";
import type { IncomingMessage } from "../lessons/08-assistant/channel.ts";
import { createGateway, type Turn } from "../lessons/08-assistant/gateway.ts";
import { HttpError } from "../lessons/09-channels/http-guard.ts";
import { within } from "./helpers/within.ts";
import { failWith } from "./helpers/fail-with.ts";
import { say } from "./helpers/say.ts";
import { mustResolve } from "./helpers/settled.ts";
import { messages } from "../shared/i18n/messages.ts";

// Every call to timingSafeEqual is counted, so the checks can see a constant-time comparison.
vi.mock("node:crypto", async (original) => {
  const real = await original<typeof import("node:crypto")>();
  return { ...real, timingSafeEqual: vi.fn(real.timingSafeEqual) };
});

const FILE = "exercises/09-channels/webhook-channel.ts";
// What a check says when close() leaves start() waiting (otherwise: vitest's "Hook timed out").
const START_NEVER_ENDED = say(
  `close() was called, but the promise start() returned never settled, so the gateway that awaits it waits forever. The README's task 3 asks: start(deliver) keeps deliver and resolves when close() is called. Keep that promise's resolve function (the one start() returned, not a new one) and call it in close() (TODO 3 in ${FILE}).`,
  `close() вызвана, но промис, который вернула start(), так и не завершился, и шлюз, который его ждёт, ждёт вечно. Задание 3 в README: start(deliver) запоминает "deliver" и выполняется, когда вызвана close(). Сохраните функцию "resolve" этого промиса (того, что вернула start(), а не нового) и вызовите её в close() (TODO 3 в ${FILE}).`,
);
const SECRET = "s3cret-ключ-42";
// Header values are bytes (Latin-1), so the secret sent over HTTP is ASCII.
const HTTP_SECRET = "hook-s3cret-0123456789abcdef";
const AT = new Date("2026-11-29T09:00:00Z");

function notDone(error: unknown): string | undefined {
  const message = error instanceof Error ? error.message : String(error);
  return message.startsWith("not implemented yet") ? message : undefined;
}

function secretOk(given: string | undefined, secret: string): boolean {
  try {
    return checkSecret(given, secret);
  } catch (error) {
    return failWith(
      notDone(error) ??
        say(
          `checkSecret(${JSON.stringify(given)}, ...) threw "${(error as Error).message}"; it should return false for a wrong secret, never throw (${FILE})`,
          `checkSecret(${JSON.stringify(given)}, ...) бросила "${(error as Error).message}"; на неверный секрет она должна вернуть false, а не бросать исключение (${FILE})`,
        ),
      error,
    );
  }
}

describe("checkSecret: the shared secret, compared in constant time (TODO 1)", () => {
  it("accepts exactly the secret, Cyrillic included", () => {
    expect(secretOk(SECRET, SECRET), say("the exact secret should be accepted", "точный секрет должен быть принят")).toBe(true);
    expect(secretOk("s3cret-ключ-43", SECRET), say("one character different: refused", "отличается один символ: отказ")).toBe(false);
    expect(secretOk(SECRET.toUpperCase(), SECRET), say("case matters in a secret", "в секрете регистр важен")).toBe(false);
    expect(secretOk(` ${SECRET}`, SECRET), say("a secret is compared as sent, not trimmed", "секрет сравнивается в том виде, в каком прислан, без обрезки пробелов")).toBe(false);
  });

  it("refuses a secret of another length without throwing (timingSafeEqual needs equal lengths)", () => {
    expect(secretOk("s", SECRET), say("a shorter guess: false, not a RangeError", "догадка короче: false, а не RangeError")).toBe(false);
    expect(secretOk(`${SECRET}-and-more`, SECRET), say("a longer guess: false, not a RangeError", "догадка длиннее: false, а не RangeError")).toBe(false);
    expect(secretOk("", SECRET), say("an empty header: false", "пустой заголовок: false")).toBe(false);
  });

  it("refuses a missing header, and accepts nothing when no secret is configured", () => {
    expect(secretOk(undefined, SECRET), say("no header at all: false", "заголовка нет вовсе: false")).toBe(false);
    expect(secretOk("", ""), say("an empty configured secret must not let an empty header in", "пустой настроенный секрет не должен пропускать пустой заголовок")).toBe(false);
    expect(secretOk("anything", ""), say("an empty configured secret accepts nothing", "пустой настроенный секрет не принимает ничего")).toBe(false);
  });

  it("compares with crypto.timingSafeEqual, not === (a === stops at the first difference, and the time tells)", () => {
    const spy = vi.mocked(crypto.timingSafeEqual);
    spy.mockClear();
    secretOk("a-wrong-guess", SECRET);
    secretOk(SECRET, SECRET);
    expect(spy.mock.calls.length, say("checkSecret should compare with crypto.timingSafeEqual (import it from node:crypto)", "checkSecret должна сравнивать через crypto.timingSafeEqual (импортируйте её из node:crypto)")).toBeGreaterThanOrEqual(2);
  });

  it("accepts a guess only when it equals the secret (property)", { tags: "hard" }, () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 40 }), fc.string({ maxLength: 40 }), (secret, guess) => {
        expect(secretOk(guess, secret), say(`guess ${JSON.stringify(guess)} against ${JSON.stringify(secret)}`, `догадка ${JSON.stringify(guess)} против секрета ${JSON.stringify(secret)}`)).toBe(guess === secret);
        expect(secretOk(secret, secret), say(`the secret ${JSON.stringify(secret)} against itself: true`, `секрет ${JSON.stringify(secret)} против самого себя: true`)).toBe(true);
      }),
      { seed: 42, numRuns: 100 },
    );
  });
});

function parsed(body: unknown): IncomingMessage {
  try {
    return parseWebhook(body, AT);
  } catch (error) {
    return failWith(
      notDone(error) ??
        say(
          `parseWebhook(${JSON.stringify(body)}) threw "${(error as Error).message}"; a valid body should give a message (${FILE})`,
          `parseWebhook(${JSON.stringify(body)}) бросила "${(error as Error).message}"; из допустимого тела должно получиться сообщение (${FILE})`,
        ),
      error,
    );
  }
}

function refusal(body: unknown): HttpError {
  let thrown: unknown;
  try {
    parseWebhook(body, AT);
  } catch (error) {
    thrown = error;
  }
  if (notDone(thrown)) return expect.fail(notDone(thrown));
  expect(
    thrown,
    say(
      `parseWebhook(${JSON.stringify(body)?.slice(0, 80)}) should throw an HttpError (400); it returned a message`,
      `parseWebhook(${JSON.stringify(body)?.slice(0, 80)}) должна бросить HttpError (400), а вернула сообщение`,
    ),
  ).toBeInstanceOf(HttpError);
  expect((thrown as HttpError).status, say("a bad body is the sender's mistake: status 400", "плохое тело — ошибка отправителя: статус 400")).toBe(400);
  return thrown as HttpError;
}

describe("parseWebhook: the body as lesson 08's IncomingMessage (TODO 2)", () => {
  it("takes the chat id, the sender and the text from the body", () => {
    expect(
      parsed({ chat_id: "4217", from: "@mining_pro", text: "Ищу поставщика ASIC" }),
      say(
        `the body becomes { channel: "webhook", chatId, sender, text, at }: chat_id, from and text as sent, "at" as given (TODO 2 in ${FILE})`,
        `тело превращается в { channel: "webhook", chatId, sender, text, at }: "chat_id", "from" и "text" как присланы, "at" как передано (TODO 2 в ${FILE})`,
      ),
    ).toEqual({
      channel: "webhook",
      chatId: "4217",
      sender: "@mining_pro",
      text: "Ищу поставщика ASIC",
      at: AT,
    });
  });

  it("accepts a whole-number chat id (negative too, as group chats have) and gives it as a string", { tags: "hard" }, () => {
    expect(parsed({ chat_id: 4217, from: "a", text: "hi" }).chatId, say("chat_id 4217, a number, becomes the string \"4217\"", "chat_id 4217, число, становится строкой \"4217\"")).toBe("4217");
    expect(parsed({ chat_id: -100123, from: "a", text: "hi" }).chatId, say("a group chat's negative id is a whole number too", "отрицательный id группового чата — тоже целое число")).toBe("-100123");
    expect(parsed({ chat_id: 0, from: "a", text: "hi" }).chatId, say("0 is a whole number", "0 — целое число")).toBe("0");
  });

  it("trims the chat id, the sender and the text", { tags: "hard" }, () => {
    const message = parsed({ chat_id: " 42 ", from: "  Анна ", text: "\n  Сколько будет 500 долларов?  \n" });
    expect(
      [message.chatId, message.sender, message.text],
      say(`chat_id, from and text come trimmed: spaces and line breaks around them are not part of them (TODO 2 in ${FILE})`, `"chat_id", "from" и "text" приходят обрезанными: пробелы и переводы строк вокруг них не в счёт (TODO 2 в ${FILE})`),
    ).toEqual(["42", "Анна", "Сколько будет 500 долларов?"]);
  });

  it("refuses a body that is not a JSON object", () => {
    for (const body of [null, [], ["chat_id", "from", "text"], "text", 42, undefined]) {
      expect(refusal(body).message, say(`body ${JSON.stringify(body)}: the message should say a JSON object is wanted`, `тело ${JSON.stringify(body)}: в сообщении должно быть сказано, что нужен объект JSON ("object")`)).toMatch(/object/i);
    }
  });

  it("refuses a bad chat_id and says so", () => {
    for (const chat_id of [undefined, "", "   ", 1.5, Number.NaN, 2 ** 60, {}, ["1"], true, null]) {
      const error = refusal({ chat_id, from: "a", text: "hi" });
      expect(error.message, say(`chat_id ${String(chat_id)}: the message should name chat_id`, `chat_id ${String(chat_id)}: сообщение должно называть chat_id`)).toContain("chat_id");
    }
  });

  it("refuses a bad sender and says so", () => {
    for (const from of [undefined, "", "  ", 7, {}, null]) {
      expect(refusal({ chat_id: "1", from, text: "hi" }).message, say(`from ${String(from)}: the message should name from`, `from=${String(from)}: сообщение должно называть поле "from"`)).toContain("from");
    }
  });

  it("refuses a missing, blank or non-string text, and text over MAX_TEXT characters", { tags: "hard" }, () => {
    for (const text of [undefined, "", " \n\t ", 5, ["hi"], null]) {
      expect(refusal({ chat_id: "1", from: "a", text }).message, say(`text ${String(text)}: the message should name text`, `text=${String(text)}: сообщение должно называть поле "text"`)).toContain("text");
    }
    expect(parsed({ chat_id: "1", from: "a", text: "я".repeat(MAX_TEXT) }).text, say("exactly MAX_TEXT characters is allowed", "ровно MAX_TEXT символов можно")).toHaveLength(MAX_TEXT);
    expect(parsed({ chat_id: "1", from: "a", text: ` ${"я".repeat(MAX_TEXT)} ` }).text, say("the limit counts the trimmed text", "предел считается по обрезанному тексту")).toHaveLength(MAX_TEXT);
    expect(refusal({ chat_id: "1", from: "a", text: "я".repeat(MAX_TEXT + 1) }).message, say("one over: the message should state the limit", "на один больше: сообщение должно называть предел")).toContain(String(MAX_TEXT));
  });
});

// A real server on 127.0.0.1 around the learner's handler, attached to lesson 08's gateway with a
// runTurn that answers from the message (no model needed).
interface Rig {
  url: string;
  channel: WebhookChannel;
  turns: Turn[];
  close(): Promise<void>;
}
const rigs: Rig[] = [];
afterEach(async () => {
  for (const rig of rigs.splice(0)) await rig.close();
});

async function rig(runTurn?: (turn: Turn) => Promise<string>, options: { attach?: boolean; maxBodyBytes?: number } = {}): Promise<Rig> {
  let channel: WebhookChannel;
  try {
    channel = createWebhookChannel({ secret: HTTP_SECRET, maxBodyBytes: options.maxBodyBytes, now: () => AT });
  } catch (error) {
    return failWith(notDone(error) ?? say(`createWebhookChannel threw "${(error as Error).message}" (${FILE})`, `createWebhookChannel бросила "${(error as Error).message}" (${FILE})`), error);
  }
  const turns: Turn[] = [];
  const gateway = createGateway({
    runTurn: async (turn) => {
      turns.push(turn);
      return runTurn ? runTurn(turn) : `reply to ${turn.message.sender}: ${turn.message.text}`;
    },
  });
  const attached = options.attach === false ? Promise.resolve() : gateway.attach(channel);
  const server = http.createServer((request, response) => void channel.handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const made: Rig = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    channel,
    turns,
    async close() {
      channel.close();
      const ended = await within(attached, 3_000);
      server.closeAllConnections();
      if (ended.state === "still waiting") {
        await new Promise<void>((resolve) => server.close(() => resolve()));
        expect.fail(
          `${START_NEVER_ENDED} ` +
            say(
              "close() must end every start() call, not only the last one: make one promise when the channel is made and return it from each start().",
              "close() должна завершать каждый вызов start(), а не только последний: создайте один промис, когда создаётся канал, и возвращайте его из каждого start().",
            ),
        );
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  rigs.push(made);
  return made;
}

async function post(url: string, body: unknown, headers: Record<string, string> = { [SECRET_HEADER]: HTTP_SECRET }) {
  const response = await fetch(url, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: typeof body === "string" ? body : JSON.stringify(body) });
  const text = await response.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    expect.fail(
      say(
        `the response should be JSON; got HTTP ${response.status} ${JSON.stringify(text.slice(0, 200))} (${FILE})`,
        `ответ должен быть JSON, а пришло: HTTP ${response.status} ${JSON.stringify(text.slice(0, 200))} (${FILE})`,
      ),
    );
  }
  return { status: response.status, json, type: response.headers.get("content-type") ?? "" };
}

const lead = { chat_id: "4217", from: "@mining_pro", text: "Ищу поставщика ASIC, контакт @mining_pro" };

describe("createWebhookChannel: a JSON POST in, the reply out, through the gateway (TODO 3)", () => {
  it("delivers the message to the gateway and answers with the reply as JSON", async () => {
    const { url, turns } = await rig();
    const { status, json, type } = await post(url, lead);
    expect(status, say("a good request: 200", "правильный запрос: 200")).toBe(200);
    expect(type, say("the reply is JSON", "ответ — JSON")).toMatch(/^application\/json/);
    expect(json, say('the answer is {"chat_id": ..., "reply": ...} with the text the gateway sent for that chat', 'ответ — {"chat_id": ..., "reply": ...} с тем текстом, который шлюз передал для этого чата')).toEqual({
      chat_id: "4217",
      reply: `reply to @mining_pro: ${lead.text}`,
    });
    expect(turns.map((t) => t.session), say("the gateway's session for chat 4217 of the webhook channel", "сессия шлюза для чата 4217 канала webhook")).toEqual(["webhook-4217"]);
    expect(turns[0]?.message, say("the message is parseWebhook's, with the channel's clock", "сообщение — то, что дала parseWebhook, со временем по часам канала")).toEqual({ channel: "webhook", chatId: "4217", sender: "@mining_pro", text: lead.text, at: AT });
  });

  it("refuses a wrong or missing secret with 401, and the agent never sees the message", async () => {
    const { url, turns } = await rig();
    expect((await post(url, lead, { [SECRET_HEADER]: "guess" })).status, say("a wrong secret: 401", "неверный секрет: 401")).toBe(401);
    expect((await post(url, lead, {})).status, say("no secret header: 401", "нет заголовка с секретом: 401")).toBe(401);
    const wrong = await post(url, lead, { [SECRET_HEADER]: `${HTTP_SECRET}x` });
    expect(wrong.status, say("the secret with one character more: 401", "секрет с лишним символом: 401")).toBe(401);
    expect(String(wrong.json.error), say("the refusal says what is wrong, as JSON {error}", "отказ говорит, что не так, в виде JSON {error} (и называет секрет: «secret»)")).toMatch(/secret/i);
    expect(turns, say("no refused request may reach the gateway", "ни один отклонённый запрос не должен дойти до шлюза")).toHaveLength(0);
  });

  it("checks the secret before reading the body: a stranger's huge body gets 401, not 413", { tags: "hard" }, async () => {
    const { url } = await rig(undefined, { maxBodyBytes: 1000 });
    expect(
      (await post(url, { ...lead, text: "x".repeat(5000) }, { [SECRET_HEADER]: "guess" })).status,
      say(
        `a wrong secret with a 5000-byte body over a 1000-byte cap: 401, because the secret is checked before the body is read (TODO 3 in ${FILE})`,
        `неверный секрет и тело в 5000 байт при пределе в 1000: 401, потому что секрет проверяется до чтения тела (TODO 3 в ${FILE})`,
      ),
    ).toBe(401);
  });

  it("refuses a body over the cap (413), broken JSON and a bad body (400), and anything but POST (405)", async () => {
    const { url, turns } = await rig(undefined, { maxBodyBytes: 1000 });
    expect((await post(url, { ...lead, text: "я".repeat(600) })).status, say("1200 bytes over a 1000-byte cap: 413", "1200 байт при пределе в 1000 байт: 413")).toBe(413);
    expect((await post(url, "{not json")).status, say("broken JSON: 400", "испорченный JSON: 400")).toBe(400);
    const bad = await post(url, { chat_id: "1", from: "a" });
    expect(bad.status, say("no text: 400", "нет text: 400")).toBe(400);
    expect(String(bad.json.error), say("the 400 carries parseWebhook's words", "ответ 400 несёт слова parseWebhook")).toContain("text");
    const get = await fetch(url, { headers: { [SECRET_HEADER]: HTTP_SECRET } });
    expect(get.status, say("a GET: 405", "запрос GET: 405")).toBe(405);
    expect(((await get.json()) as { error?: string }).error, say("the 405 says which method is accepted", "ответ 405 говорит, какой метод принимается")).toMatch(/POST/);
    expect(turns, say("no refused request may reach the gateway", "ни один отклонённый запрос не должен дойти до шлюза")).toHaveLength(0);
    expect((await post(url, { ...lead, text: "я".repeat(400) })).status, say("800 bytes under the cap: 200 (the default cap is not used when one is given)", "800 байт, меньше предела: 200 (предел по умолчанию не действует, когда задан свой)")).toBe(200);
  });

  it("uses a cap of 16 KiB by default", { tags: "hard" }, async () => {
    const { url } = await rig();
    expect((await post(url, { ...lead, text: "x".repeat(3900) })).status, say("about 4 KB with no cap given: 200", "около 4 КБ без заданного предела: 200")).toBe(200);
    expect((await post(url, { ...lead, text: "x".repeat(17 * 1024) })).status, say("17 KiB with no cap given: 413 (the default cap is 16 KiB)", "17 KiB без заданного предела: 413 (предел по умолчанию — 16 KiB)")).toBe(413);
  });

  it("answers 503 before the channel is attached to a gateway", { tags: "hard" }, async () => {
    const { url } = await rig(undefined, { attach: false });
    const early = await post(url, lead);
    expect(early.status, say("start() was never called, so nobody can take the message: 503", "start() ещё не вызывали, сообщение некому доставить: 503")).toBe(503);
    expect(String(early.json.error), say("the 503 says what is missing", "ответ 503 говорит, чего не хватает (слово «gateway» или «start»)")).toMatch(/gateway|start/i);
  });

  it("checks the secret before saying the gateway is missing: a stranger gets 401, not 503", { tags: "hard" }, async () => {
    const { url } = await rig(undefined, { attach: false });
    const stranger = await post(url, lead, { [SECRET_HEADER]: "guess" });
    expect(
      stranger.status,
      say(
        `A request without the secret got ${stranger.status} before the channel was started: the order is 405, 401, the body, then ` +
          `503. A stranger learns nothing about the channel, not even that it is not running yet (TODO 3 in ${FILE}).`,
        `Запрос без секрета получил ${stranger.status}, пока канал не запущен: порядок такой — 405, 401, тело, потом 503. ` +
          `Чужак ничего не узнаёт о канале, даже того, что он ещё не работает (TODO 3 в ${FILE}).`,
      ),
    ).toBe(401);
  });

  it("gives two chats at once each their own reply", async () => {
    const { url } = await rig(async (turn) => {
      // The first chat's turn is slower, so the second chat's reply comes first.
      if (turn.message.chatId === "1") await new Promise((resolve) => setTimeout(resolve, 30));
      return `for ${turn.message.chatId}`;
    });
    const [a, b] = await Promise.all([post(url, { ...lead, chat_id: "1" }), post(url, { ...lead, chat_id: 2 })]);
    expect([a.json, b.json], say("each chat's request gets its own chat's reply", "запрос каждого чата получает ответ своего чата")).toEqual([
      { chat_id: "1", reply: "for 1" },
      { chat_id: "2", reply: "for 2" },
    ]);
  });

  it("gives two messages of one chat their replies in order, each to its own request", { tags: "hard" }, async () => {
    let n = 0;
    const { url } = await rig(async (turn) => {
      n += 1;
      const mine = n;
      await new Promise((resolve) => setTimeout(resolve, mine === 1 ? 30 : 0));
      return `answer ${mine} to ${turn.message.text}`;
    });
    const both = await within(Promise.all([post(url, { ...lead, text: "one" }), post(url, { ...lead, text: "two" })]), 3_000);
    if (both.state !== "resolved") {
      expect.fail(
        both.state === "rejected"
          ? say(`a request failed: ${String(both.error)}`, `запрос не удался: "${String(both.error)}"`)
          : say(
              `one of two quick messages of the same chat got no reply within 3 s: each waiting request needs its own place, so a second message must not take the first one's (TODO 3 in ${FILE})`,
              `одно из двух быстрых сообщений одного чата не получило ответа за 3 с: каждому ждущему запросу нужно своё место, и второе сообщение не должно занимать место первого (TODO 3 в ${FILE})`,
            ),
      );
    }
    const [first, second] = both.value;
    expect(first.json.reply, say("the first request gets the first reply", "первый запрос получает первый ответ")).toBe("answer 1 to one");
    expect(second.json.reply, say("the second request gets the second reply", "второй запрос получает второй ответ")).toBe("answer 2 to two");
  });

  it("answers even when the turn fails (the gateway's 'Sorry, that failed')", async () => {
    const { url } = await rig(async () => {
      throw new Error("model overloaded");
    });
    const { status, json } = await post(url, lead);
    expect(status, say("a failed turn still gets an answer: 200", "и на упавший ход приходит ответ: 200")).toBe(200);
    expect(json.reply, say("the reply is the one the gateway sent for the failed turn", "ответ — тот, что шлюз передал для упавшего хода")).toBe(messages().assistant.turnFailed("model overloaded"));
  });

  it("stamps each message with the real clock when no clock is given, and ignores a reply for a chat nobody waits on", { tags: "hard" }, async () => {
    const channel = createWebhookChannel({ secret: HTTP_SECRET });
    const got: IncomingMessage[] = [];
    void channel.start(async (message) => {
      got.push(message);
      await channel.send(message.chatId, "ok");
    });
    const server = http.createServer((request, response) => void channel.handle(request, response));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { status } = await post(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, lead);
      expect(status, say("a good request with no clock given: 200", "правильный запрос без заданных часов: 200")).toBe(200);
      expect(got[0]?.at, say("options.now is optional: the message gets new Date()", "options.now необязателен: сообщение получает new Date()")).toBeInstanceOf(Date);
      expect(Number.isNaN(got[0]?.at.getTime()), say("the message's time is a real date, not Invalid Date", "время сообщения — настоящая дата, а не «Invalid Date»")).toBe(false);
      const nobody = channel.send("no-such-chat", "late");
      const nobodyWaits = say("send() for a chat with no waiting request must not throw", "send() для чата, где никакой запрос не ждёт, не должна бросать исключение");
      await mustResolve(nobody, nobodyWaits);
      await expect(nobody, nobodyWaits).resolves.toBeUndefined();
      const answered = channel.send("4217", "late");
      const allAnswered = say("send() for a chat whose requests were all answered must not throw", "send() для чата, на все запросы которого уже ответили, не должна бросать исключение");
      await mustResolve(answered, allAnswered);
      await expect(answered, allAnswered).resolves.toBeUndefined();
    } finally {
      channel.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it("reads the clock for each message, not once when the channel is made", { tags: "hard" }, async () => {
    let minutes = 0;
    const channel = createWebhookChannel({ secret: HTTP_SECRET, now: () => new Date(AT.getTime() + minutes * 60_000) });
    const got: IncomingMessage[] = [];
    void channel.start(async (message) => {
      got.push(message);
      await channel.send(message.chatId, "ok");
    });
    const server = http.createServer((request, response) => void channel.handle(request, response));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
      minutes = 5;
      await post(url, lead);
      minutes = 65;
      await post(url, { ...lead, text: "ещё одно" });
      expect(
        got.map((m) => m.at.toISOString()),
        say(
          "Each message should carry the moment it arrived, now() called per request: messages 5 and 65 minutes after start-up got " +
            `these times. Call now() inside handle(), not once in createWebhookChannel (TODO 3 in ${FILE}).`,
          "Каждое сообщение должно нести момент своего прихода, now() вызывается на каждый запрос: сообщения через 5 и 65 минут " +
            `после запуска получили такие времена. Вызывайте now() внутри handle(), а не один раз в createWebhookChannel (TODO 3 в ${FILE}).`,
        ),
      ).toEqual([new Date(AT.getTime() + 5 * 60_000).toISOString(), new Date(AT.getTime() + 65 * 60_000).toISOString()]);
    } finally {
      channel.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it("is named webhook, and close() ends start()", async () => {
    const made = await rig();
    expect(made.channel.name, say('the channel is named "webhook"', 'канал называется "webhook"')).toBe("webhook");
    let ended = false;
    const started = made.channel.start(async () => undefined).then(() => (ended = true));
    made.channel.close();
    if ((await within(started, 3_000)).state === "still waiting") expect.fail(START_NEVER_ENDED);
    expect(ended, say("start() should resolve once close() is called", "start() должна выполниться, как только вызвана close()")).toBe(true);
  });
});

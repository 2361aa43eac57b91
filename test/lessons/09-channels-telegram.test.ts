// Lesson 09's Telegram channel against a fake Bot API on 127.0.0.1 that speaks the real shapes:
// {"ok":true,"result":[...]} updates confirmed by offset, sendMessage (refusing over 4096 characters),
// sendChatAction, answerCallbackQuery, a 429 with retry_after, a 409 when two pollers run.

import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createAssistant } from "../../lessons/09-channels/agent.ts";
import { splitMessage, TELEGRAM_LIMIT, telegramApi, TelegramError } from "../../lessons/09-channels/telegram-api.ts";
import { createTelegramChannel, refusal, type Update } from "../../lessons/09-channels/telegram.ts";
import { createClient } from "../../shared/client.ts";
import { messages } from "../../shared/i18n/messages.ts";

const TOKEN = "123456:TEST-token_abc";
const ALLOWED = 111;

interface Call {
  method: string;
  params: Record<string, unknown>;
}

// The fake keeps every update until a getUpdates with a higher offset confirms it, as Telegram does.
function fakeBotApi() {
  const updates: Update[] = [];
  const calls: Call[] = [];
  let nextId = 500;
  let polling = 0;
  const failures: Array<{ method: string; body: Record<string, unknown> }> = [];
  const server = http.createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request as AsyncIterable<Buffer>) chunks.push(chunk);
    const params = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}") as Record<string, unknown>;
    const match = /^\/bot([^/]+)\/(\w+)$/.exec(request.url ?? "");
    const reply = (body: unknown) => {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    };
    if (!match || match[1] !== TOKEN) return reply({ ok: false, error_code: 401, description: "Unauthorized" });
    const method = match[2] ?? "";
    calls.push({ method, params });
    const failure = failures.findIndex((f) => f.method === method);
    if (failure >= 0) return reply(failures.splice(failure, 1)[0]?.body);
    if (method === "getUpdates") {
      if (polling > 0) return reply({ ok: false, error_code: 409, description: "Conflict: terminated by other getUpdates request; make sure that only one bot instance is running" });
      polling += 1;
      const offset = Number(params.offset ?? 0);
      const waitUntil = Date.now() + Math.min(Number(params.timeout ?? 0) * 1000, 100);
      let ready = updates.filter((u) => u.update_id >= offset);
      while (ready.length === 0 && Date.now() < waitUntil) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        ready = updates.filter((u) => u.update_id >= offset);
      }
      polling -= 1;
      return reply({ ok: true, result: ready });
    }
    if (method === "sendMessage") {
      const text = String(params.text ?? "");
      if (text.length > 4096) return reply({ ok: false, error_code: 400, description: "Bad Request: message is too long" });
      return reply({ ok: true, result: { message_id: calls.length, chat: { id: Number(params.chat_id) }, text } });
    }
    return reply({ ok: true, result: true });
  });
  return {
    calls,
    failures,
    sent: (chat: number) => calls.filter((c) => c.method === "sendMessage" && String(c.params.chat_id) === String(chat)),
    message(chat: number, text: string, username = "anna") {
      updates.push({ update_id: nextId++, message: { message_id: nextId, chat: { id: chat }, from: { id: chat, username }, text, date: 1_780_000_000 } });
    },
    tap(chat: number, data: string) {
      updates.push({ update_id: nextId++, callback_query: { id: `cb${nextId}`, from: { id: chat }, message: { chat: { id: chat } }, data } });
    },
    async listen() {
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

let dir = "";
let fake: ReturnType<typeof fakeBotApi>;
let base = "";
const printed: string[] = [];
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "course-09-telegram-"));
  fake = fakeBotApi();
  base = await fake.listen();
  printed.length = 0;
});
afterEach(async () => {
  await fake.close();
  await rm(dir, { recursive: true, force: true });
});

async function until(what: string, condition: () => boolean): Promise<void> {
  for (let i = 0; i < 1000 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(condition(), `waited for: ${what}`).toBe(true);
}

// The allowed chat's session file, one record per line, as lesson 08 writes it.
async function sessionRecords(): Promise<Array<{ type: string; result?: { content: string; is_error?: boolean }; message?: { role: string; content: unknown } }>> {
  const text = await readFile(path.join(dir, "sessions", `telegram-${ALLOWED}.jsonl`), "utf8");
  return text.trim().split("\n").map((line) => JSON.parse(line));
}

async function bot(options: { approvalTimeoutMs?: number; lang?: "en" | "ru" } = {}) {
  const assistant = await createAssistant(createClient({ offline: true }).client, { workspace: dir, memoryDir: path.join(dir, "memory"), print: () => undefined });
  const telegram = createTelegramChannel({
    call: telegramApi({ token: TOKEN, apiBase: base }),
    allowedChats: new Set([String(ALLOWED)]),
    offsetFile: path.join(dir, "telegram-offset.txt"),
    pollSeconds: 1,
    retryMs: 10,
    approvalTimeoutMs: options.approvalTimeoutMs,
    lang: options.lang,
    print: (line) => printed.push(line),
  });
  assistant.useTelegram(telegram);
  const running = assistant.gateway.attach(telegram);
  return {
    telegram,
    async stop() {
      telegram.stop();
      await running;
    },
  };
}

describe("telegram: messages in, replies out, only for allowed chats", () => {
  it("answers an allowed chat (typing first), refuses another chat once, and records the sample lead", async () => {
    const { stop } = await bot();
    fake.message(ALLOWED, "What is the USD to RUB rate?");
    fake.message(999, "hi", "stranger");
    fake.message(999, "hello?", "stranger");
    fake.message(ALLOWED, "Ищу поставщика ASIC, контакт @mining_pro", "mining_pro");
    await until("two replies to the allowed chat", () => fake.sent(ALLOWED).length >= 2);
    await stop();
    const replies = fake.sent(ALLOWED).map((c) => String(c.params.text));
    expect(replies[0]).toContain("92.5");
    expect(fake.calls.some((c) => c.method === "sendChatAction" && c.params.chat_id === String(ALLOWED) && c.params.action === "typing"), "typing is shown while the model works").toBe(true);
    expect(fake.sent(999).map((c) => c.params.text), "one polite refusal, not one per message").toEqual([refusal()]);
    expect(printed.filter((l) => l.includes("refused a message from chat 999")), "each refused message is logged").toHaveLength(2);
    expect(fake.calls.some((c) => c.method === "sendChatAction" && c.params.chat_id === "999"), "the agent never worked for the stranger").toBe(false);
    expect(await readFile(path.join(dir, "leads.csv"), "utf8")).toContain("@mining_pro");
  });

  it("one chat, the README's sequence (issue 22): the second message, a whole question, gets the rate", async () => {
    const { stop } = await bot();
    fake.message(ALLOWED, "Сколько будет 500 долларов в рублях?");
    await until("the first reply", () => fake.sent(ALLOWED).length >= 1);
    fake.message(ALLOWED, "What is the USD to RUB rate?");
    await until("the second reply", () => fake.sent(ALLOWED).length >= 2);
    await stop();
    const [first, second] = fake.sent(ALLOWED).map((c) => String(c.params.text));
    expect(first).toMatch(/46[\s\u00a0]250 RUB/);
    expect(second, "the rate, not the first answer again").toContain("1 USD = 92.5 RUB");
    expect(second).not.toMatch(/46[,\s\u00a0]?250|500 USD/);
  });

  it("keeps the offset: a restart does not answer the same update twice", async () => {
    const first = await bot();
    fake.message(ALLOWED, "What is the USD to RUB rate?");
    await until("the reply", () => fake.sent(ALLOWED).length === 1);
    await first.stop();
    const saved = Number(await readFile(path.join(dir, "telegram-offset.txt"), "utf8"));
    const polls = fake.calls.filter((c) => c.method === "getUpdates").length;
    const second = await bot();
    await until("the restarted bot polls", () => fake.calls.filter((c) => c.method === "getUpdates").length >= polls + 2);
    await second.stop();
    expect(fake.calls.filter((c) => c.method === "getUpdates")[polls]?.params.offset, "the restart asks from the saved offset").toBe(saved);
    expect(fake.sent(ALLOWED), "the old message is not answered again").toHaveLength(1);
  });
});

describe("telegram: approval with an inline keyboard", () => {
  const task = "What is the USD to RUB rate? Save it to rate.txt";
  const keyboard = () => fake.sent(ALLOWED).find((c) => c.params.reply_markup !== undefined);
  const buttons = () =>
    ((keyboard()?.params.reply_markup as { inline_keyboard: Array<Array<{ text: string; callback_data: string }>> }).inline_keyboard[0] ?? []);

  it("Allow runs the call; a tap from another chat is refused", async () => {
    const { stop } = await bot();
    fake.message(ALLOWED, task);
    await until("the approval question", () => keyboard() !== undefined);
    expect(buttons().map((b) => b.text)).toEqual(["Allow", "Deny"]);
    const allow = buttons()[0]?.callback_data ?? "";
    fake.tap(222, allow);
    fake.tap(ALLOWED, allow);
    await until("the final reply", () => fake.sent(ALLOWED).length >= 2);
    await stop();
    const answers = fake.calls.filter((c) => c.method === "answerCallbackQuery").map((c) => c.params.text);
    expect(answers).toEqual(["This question is closed.", "Allowed"]);
    expect(await readFile(path.join(dir, "rate.txt"), "utf8")).toContain("92.5");
  });

  it("no tap in time: the call does not run, and is recorded as not answered in time, not as a no", async () => {
    const { stop } = await bot({ approvalTimeoutMs: 50 });
    fake.message(ALLOWED, task);
    await until("the reply after the timeout", () => fake.sent(ALLOWED).some((c) => /did not save/.test(String(c.params.text))));
    await stop();
    expect(existsSync(path.join(dir, "rate.txt"))).toBe(false);
    expect(fake.sent(ALLOWED).some((c) => /No answer within/.test(String(c.params.text)))).toBe(true);
    const records = await sessionRecords();
    const result = records.filter((r) => r.type === "tool_result").at(-1)?.result;
    expect(result?.is_error, "the call did not run").toBe(true);
    expect(result?.content, "the tool result says nobody answered in time").toMatch(/not answered in time/);
    expect(result?.content, "no tap is not an answer: nobody answered no").not.toMatch(/answered no|declined/);
    const answer = JSON.stringify(records.filter((r) => r.message?.role === "assistant").at(-1)?.message?.content);
    expect(answer, "the session's answer does not say the person refused").not.toMatch(/you answered no/);
    expect(String(fake.sent(ALLOWED).at(-1)?.params.text), "the person is told no answer came").toMatch(/no answer came within 0 s.*you did not say no either/);
  });

  it("stopping the bot while a question waits is not a no: the call ends as interrupted, in the session, the log and the reply", async () => {
    const { stop } = await bot();
    fake.message(ALLOWED, task);
    await until("the approval question", () => keyboard() !== undefined);
    await stop();
    const records = await sessionRecords();
    const result = records.filter((r) => r.type === "tool_result").at(-1)?.result;
    expect(result?.is_error, "the call did not run").toBe(true);
    expect(result?.content, "the tool result says why: the assistant stopped, the approval was never given").toMatch(/assistant was stopped.*approval was never given/);
    expect(result?.content, "nobody answered no").not.toMatch(/answered no|declined/);
    const answer = JSON.stringify(records.filter((r) => r.message?.role === "assistant").at(-1)?.message?.content);
    expect(answer, "the session's answer does not say the person refused").not.toMatch(/you answered no/);
    expect(answer).toMatch(/I was stopped while your approval was still being asked for/);
    expect(String(fake.sent(ALLOWED).at(-1)?.params.text), "the person is told the same").toMatch(/I was stopped/);
    expect(printed.join("\n"), "the terminal log says what happened").toMatch(/stopping while chat 111 was asked about save_to_file: .*interrupted/);
    expect(existsSync(path.join(dir, "rate.txt"))).toBe(false);
  });

  it("a tool's refusal reaches the person in their language, without the instructions written for the model", async () => {
    const { stop } = await bot({ lang: "ru" });
    // The tool's words (save_to_file's refusal of "../rate.txt") are English and written for the model:
    // "... climbs out of the workspace ... give a name such as ...". A Russian reply retells them.
    for (const [text, reason, notForThePerson] of [
      ["Какой курс доллара к рублю? Сохрани его в ../rate.txt", /за пределы рабочей папки/, /climbs out|give a name|workspace folder/],
      ["What is the USD to RUB rate? Save it to ../rate.txt", /climbs out of the workspace/, /give a name such as|tell the user|do not retry/i],
    ] as const) {
      const before = fake.sent(ALLOWED).length;
      fake.message(ALLOWED, text);
      const question = () => fake.sent(ALLOWED).slice(before).find((c) => c.params.reply_markup !== undefined);
      await until("the approval question", () => question() !== undefined);
      const markup = question()?.params.reply_markup as { inline_keyboard: Array<Array<{ callback_data: string }>> };
      fake.tap(ALLOWED, markup.inline_keyboard[0]?.[0]?.callback_data ?? "");
      await until("the reply", () => fake.sent(ALLOWED).length >= before + 2);
      const reply = String(fake.sent(ALLOWED).at(-1)?.params.text);
      expect(reply, "the tool's reason, said for the person").toMatch(reason);
      expect(reply, "save_to_file's words for the model stay with the model").not.toMatch(notForThePerson);
    }
    await stop();
  });

  it("speaks Russian under COURSE_LANG=ru: the refusal, the question, its buttons, the answer to a tap, the log", async () => {
    const { stop } = await bot({ lang: "ru" });
    fake.message(999, "привет", "stranger");
    fake.message(ALLOWED, "Какой курс доллара к рублю? Сохрани его в rate.txt");
    await until("the approval question", () => keyboard() !== undefined);
    expect(String(keyboard()?.params.text)).toMatch(/^Нужно разрешение: save_to_file\n/);
    expect(String(keyboard()?.params.text)).toMatch(/\nзачем: /);
    expect(buttons().map((b) => b.text)).toEqual(["Разрешить", "Отклонить"]);
    fake.tap(ALLOWED, buttons()[1]?.callback_data ?? "");
    await until("the final reply", () => fake.sent(ALLOWED).length >= 2);
    await stop();
    expect(fake.calls.filter((c) => c.method === "answerCallbackQuery").map((c) => c.params.text)).toEqual(["Отклонено"]);
    expect(fake.sent(999).map((c) => c.params.text)).toEqual([refusal("ru")]);
    expect(refusal("ru")).toMatch(/^Извините, это личный ассистент/);
    expect(printed.find((line) => line.includes("999"))).toMatch(/^telegram: отказано сообщению из чата 999/);
  });

  it("the READMEs name the buttons the bot shows in their language: Allow / Deny in English, «Разрешить» / «Отклонить» in Russian", async () => {
    const paragraph = async (file: string, marker: RegExp) => {
      const text = (await readFile(path.join("lessons", "09-channels", file), "utf8")).split(/\n\s*\n/);
      return (text.find((p) => marker.test(p)) ?? "").replace(/\s+/g, " ");
    };
    const en = await paragraph("README.md", /Approval is an inline keyboard/);
    const ru = await paragraph("README.ru.md", /инлайн-клавиатура/);
    expect(en).toContain(`with ${messages("en").channels.telegram.allow} and ${messages("en").channels.telegram.deny}`);
    expect(ru, "the Russian README names the Russian buttons").toContain(`«${messages("ru").channels.telegram.allow}» и «${messages("ru").channels.telegram.deny}»`);
    for (const text of [en, ru]) expect(text, "no tap is not a no").toMatch(/not answered in time|не ответили вовремя/);
  });
});

describe("telegram: the Bot API's limits and errors", () => {
  it("splits a long reply at 4096 characters, at line breaks when it can, and never inside an emoji (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom("я", "a", "\n", "😀", " "), { maxLength: 300 }), fc.integer({ min: 4, max: 50 }), (parts, limit) => {
        const text = parts.join("");
        const pieces = splitMessage(text, limit);
        for (const piece of pieces) expect(piece.length).toBeLessThanOrEqual(limit);
        for (const piece of pieces) expect(/[\ud800-\udbff]$/.test(piece), "a piece ends with half an emoji").toBe(false);
        expect(pieces.join("").replace(/\n/g, "")).toBe(text.replace(/\n/g, ""));
      }),
      { seed: 42, numRuns: 100 },
    );
    const long = `${"я".repeat(4000)}\n${"b".repeat(5000)}`;
    expect(splitMessage(long).map((p) => p.length)).toEqual([4000, 4096, 904]);
  });

  it("waits out a 429 for retry_after seconds, then sends", async () => {
    const slept: number[] = [];
    fake.failures.push({ method: "sendMessage", body: { ok: false, error_code: 429, description: "Too Many Requests: retry after 3", parameters: { retry_after: 3 } } });
    const call = telegramApi({ token: TOKEN, apiBase: base, sleep: async (ms) => void slept.push(ms) });
    await call("sendMessage", { chat_id: ALLOWED, text: "hi" });
    expect(slept).toEqual([3000]);
    expect(fake.sent(ALLOWED)).toHaveLength(2);
  });

  it("stops polling on a 409 conflict (another copy of the bot), saying why", async () => {
    fake.failures.push({ method: "getUpdates", body: { ok: false, error_code: 409, description: "Conflict: terminated by other getUpdates request; make sure that only one bot instance is running" } });
    const telegram = createTelegramChannel({ call: telegramApi({ token: TOKEN, apiBase: base }), allowedChats: new Set(), offsetFile: path.join(dir, "o.txt"), print: (l) => printed.push(l) });
    await telegram.start(async () => undefined);
    expect(printed.join("\n")).toMatch(/another copy of this bot is polling.*409/);
  });

  it("never puts the token in an error message", async () => {
    const call = telegramApi({ token: TOKEN, apiBase: "http://127.0.0.1:1" });
    const error = await call("getMe").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TelegramError);
    expect(String((error as Error).message)).not.toContain(TOKEN);
    const wrong = await telegramApi({ token: "999:wrong", apiBase: base })("getMe").catch((e: unknown) => e);
    expect((wrong as TelegramError).code).toBe(401);
  });
});

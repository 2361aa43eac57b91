// Lesson 09's Telegram channel against a Bot API that misbehaves or is misused: old and malformed
// update ids, a bad token, a huge retry_after, a server that answers empty polls at once, several
// messages from one chat, someone else in a group tapping Allow, and error text with escape sequences.
// The Bot API is a scripted function here (the HTTP fake is in 09-channels-telegram.test.ts).

import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { IncomingMessage } from "../../lessons/08-assistant/channel.ts";
import { TelegramError, type TelegramCall } from "../../lessons/09-channels/telegram-api.ts";
import { createTelegramChannel, notChatIds, parseAllowedChats, retryDelayMs, type Update } from "../../lessons/09-channels/telegram.ts";
import { UsageError } from "../../shared/usage-error.ts";

let dir = "";
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "course-09-tg-hard-"));
});
afterEach(async () => {
  vi.useRealTimers();
  await rm(dir, { recursive: true, force: true });
});

type Poll = Update[] | Error;

// getUpdates answers from `polls` (pushed to by the test as it goes), or an empty list after a short wait.
function scriptedApi() {
  const polls: Poll[] = [];
  const calls: Array<{ method: string; params: Record<string, unknown> }> = [];
  const call = (async (method: string, params: Record<string, unknown> = {}) => {
    calls.push({ method, params });
    if (method === "getUpdates") {
      const next = polls.shift();
      if (next === undefined) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        return [];
      }
      if (next instanceof Error) throw next;
      return next;
    }
    return true;
  }) as TelegramCall;
  return { call, calls, polls };
}

async function until(what: string, condition: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(condition(), `waited for: ${what}`).toBe(true);
}

const message = (id: unknown, chat: number, from: number, text: string): Update =>
  ({ update_id: id, message: { message_id: 1, chat: { id: chat }, from: { id: from, username: `u${from}` }, text, date: 1_780_000_000 } }) as Update;

function channel(api: ReturnType<typeof scriptedApi>, allowed: number[], printed: string[]) {
  return createTelegramChannel({
    call: api.call,
    allowedChats: new Set(allowed.map(String)),
    offsetFile: path.join(dir, "offset.txt"),
    pollSeconds: 1,
    retryMs: 10,
    approvalTimeoutMs: 5_000,
    print: (line) => printed.push(line),
  });
}

describe("telegram: the offset only moves forward", () => {
  it("skips an update older than the saved offset, and an update_id that is not a whole number", async () => {
    await writeFile(path.join(dir, "offset.txt"), "600\n");
    const api = scriptedApi();
    const printed: string[] = [];
    const delivered: IncomingMessage[] = [];
    const tg = channel(api, [7], printed);
    api.polls.push([message(599, 7, 7, "old, already answered")], [message("601", 7, 7, "id as text")], [message(600, 7, 7, "new")]);
    const running = tg.start(async (m) => void delivered.push(m));
    await until("the new message", () => delivered.length === 1);
    tg.stop();
    await running;
    expect(delivered.map((m) => m.text)).toEqual(["new"]);
    expect((await readFile(path.join(dir, "offset.txt"), "utf8")).trim()).toBe("601");
    expect(printed.filter((l) => /skipped an update/.test(l))).toHaveLength(2);
  });

  it("property: whatever order and repeats the updates come in, each id is handled at most once, in rising order", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 1, max: 30 }), { minLength: 1, maxLength: 12 }), async (ids) => {
        await rm(path.join(dir, "offset.txt"), { force: true });
        const api = scriptedApi();
        const handled: number[] = [];
        const tg = channel(api, [7], []);
        for (const id of ids) api.polls.push([message(id, 7, 7, `${id}`)]);
        const running = tg.start(async (m) => void handled.push(Number(m.text)));
        await until("every poll read", () => api.polls.length === 0);
        await new Promise((resolve) => setTimeout(resolve, 30));
        tg.stop();
        await running;
        // Rising order means the offset never went back: an id below it is never handled again.
        expect(handled, `ids ${ids.join(",")}`).toEqual([...new Set(handled)].sort((a, b) => a - b));
        expect(handled[0], "the first update is always handled").toBe(ids[0]);
        expect((await readFile(path.join(dir, "offset.txt"), "utf8")).trim(), "the saved offset is one past the highest id handled").toBe(String(Math.max(...handled) + 1));
      }),
      { seed: 9, numRuns: 15 },
    );
  });
});

describe("telegram: errors that retrying cannot fix, and waits that Ctrl+C must end", () => {
  it("a refused token (401, or 404 for one of the wrong shape) stops the bot with a usage error that says what to fix, instead of retrying for ever", async () => {
    for (const [code, apiBase, named] of [
      [401, undefined, /^Telegram refused the bot token \(401\): TELEGRAM_BOT_TOKEN in \.env is wrong or was revoked\. Copy the token @BotFather gave you/],
      [404, "http://127.0.0.1:8081", /\(404\).*The bot asks TELEGRAM_API_BASE=http:\/\/127\.0\.0\.1:8081, not https:\/\/api\.telegram\.org/],
    ] as const) {
      const api = scriptedApi();
      api.polls.push(new TelegramError("getUpdates", code, "Unauthorized"));
      const tg = createTelegramChannel({ call: api.call, allowedChats: new Set(["7"]), offsetFile: path.join(dir, "offset.txt"), apiBase, print: () => undefined });
      const stopped = await tg.start(async () => undefined).then(() => undefined, (error: unknown) => error);
      expect(stopped, "a usage error: the CLI prints it alone and exits with code 2").toBeInstanceOf(UsageError);
      expect((stopped as Error).message).toMatch(named);
      expect(api.calls.filter((c) => c.method === "getUpdates")).toHaveLength(1);
    }
    const russian = scriptedApi();
    russian.polls.push(new TelegramError("getUpdates", 401, "Unauthorized"));
    const tg = createTelegramChannel({ call: russian.call, allowedChats: new Set(["7"]), offsetFile: path.join(dir, "offset.txt"), lang: "ru", print: () => undefined });
    await expect(tg.start(async () => undefined)).rejects.toThrow(/^Telegram не принял токен бота \(401\): TELEGRAM_BOT_TOKEN в \.env неверный или отозван/);
  });

  it("a network failure is said once, in the course's language, and retried with growing pauses until the Bot API answers", async () => {
    for (const lang of ["en", "ru"] as const) {
      const api = scriptedApi();
      const printed: string[] = [];
      const slept: number[] = [];
      const offline = () => new TelegramError("getUpdates", 0, "no answer from the Bot API (ECONNREFUSED)", undefined, "ECONNREFUSED");
      api.polls.push(offline(), offline(), offline(), offline(), offline(), []);
      const tg = createTelegramChannel({
        call: api.call,
        allowedChats: new Set(["7"]),
        offsetFile: path.join(dir, "offset.txt"),
        retryMs: 100,
        maxRetryMs: 1000,
        lang,
        sleep: async (ms) => void slept.push(ms),
        print: (line) => printed.push(line),
      });
      const running = tg.start(async () => undefined);
      await until("the Bot API answers again", () => printed.length >= 2);
      tg.stop();
      await running;
      expect(slept.slice(0, 5), "each pause twice the last, up to the cap").toEqual([100, 200, 400, 800, 1000]);
      expect(printed.slice(0, 2), "said when it starts failing and when it works again, not on every attempt").toHaveLength(2);
      if (lang === "en") {
        expect(printed[0]).toMatch(/^telegram: no answer from the Bot API at https:\/\/api\.telegram\.org \(ECONNREFUSED\)\. Check the internet connection .*growing pauses.*Ctrl\+C stops\.$/);
        expect(printed[1]).toBe("telegram: the Bot API answers again (after 5 failed attempts); polling.");
      } else {
        expect(printed[0]).toMatch(/^telegram: нет ответа от Bot API по адресу https:\/\/api\.telegram\.org \(ECONNREFUSED\)\. Проверьте подключение к интернету/);
        expect(printed.join("\n"), "no English words of its own under COURSE_LANG=ru").not.toMatch(/failed|trying again|no answer/);
        expect(printed[1]).toMatch(/^telegram: Bot API снова отвечает/);
      }
    }
  });

  it("property: the pause after n failures doubles from the base and never passes the cap", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 200 }), fc.integer({ min: 1, max: 5000 }), fc.integer({ min: 1, max: 120_000 }), (failures, base, cap) => {
        const pause = retryDelayMs(failures, base, cap);
        expect(pause).toBeLessThanOrEqual(cap);
        expect(pause).toBe(Math.min(cap, base * 2 ** Math.min(failures - 1, 30)));
        expect(retryDelayMs(failures + 1, base, cap)).toBeGreaterThanOrEqual(pause);
      }),
      { seed: 25, numRuns: 200 },
    );
  });

  it("a 429 asking for 100000 s is a capped wait that stop() ends at once", async () => {
    const api = scriptedApi();
    const printed: string[] = [];
    api.polls.push(new TelegramError("getUpdates", 429, "Too Many Requests: retry after 100000", 100_000));
    const tg = channel(api, [7], printed);
    const running = tg.start(async () => undefined);
    await until("the wait is announced", () => printed.some((l) => /waiting 300 s \(Ctrl\+C stops\)/.test(l)));
    const stoppedAt = Date.now();
    tg.stop();
    await running;
    expect(Date.now() - stoppedAt, "stop() ended the wait").toBeLessThan(2_000);
  });

  it("a server that answers empty polls at once is asked at most about four times a second", async () => {
    const api = scriptedApi();
    const tg = channel(api, [7], []);
    for (let i = 0; i < 1000; i++) api.polls.push([]);
    const running = tg.start(async () => undefined);
    await new Promise((resolve) => setTimeout(resolve, 600));
    tg.stop();
    await running;
    expect(api.calls.filter((c) => c.method === "getUpdates").length).toBeLessThanOrEqual(5);
  });

  it("error text from outside is printed with its control characters visible", async () => {
    const api = scriptedApi();
    const printed: string[] = [];
    const tg = channel(api, [7], printed);
    api.polls.push(new TelegramError("getUpdates", 500, "\u001b[2J\u001b[HAll checks passed. Safe to approve."), [message(1, 7, 7, "hi")]);
    const running = tg.start(async () => {
      throw new Error("boom \u001b[31mred\u001b[0m");
    });
    await until("both errors printed", () => printed.some((l) => l.includes("boom")));
    tg.stop();
    await running;
    const all = printed.join("\n");
    expect(all).not.toContain("\u001b");
    expect(all).toContain("\\x1b[2J");
    expect(all).toContain("\\x1b[31mred");
  });
});

describe("telegram: typing, and approvals in a group", () => {
  it("several messages from one chat in a row leave no 'typing...' timer running after the replies", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const api = scriptedApi();
    const tg = channel(api, [7], []);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let done = 0;
    api.polls.push([message(1, 7, 7, "one"), message(2, 7, 7, "two"), message(3, 7, 7, "three")]);
    const running = tg.start(async () => {
      await gate;
      done += 1;
      await tg.send("7", "reply");
    });
    await until("three turns started", () => api.calls.filter((c) => c.method === "sendChatAction").length >= 3);
    release();
    await until("three turns finished", () => done === 3);
    const before = api.calls.filter((c) => c.method === "sendChatAction").length;
    vi.advanceTimersByTime(60_000);
    expect(api.calls.filter((c) => c.method === "sendChatAction").length, "no 'typing' is sent after the last reply").toBe(before);
    tg.stop();
    await running;
  });

  it("in a group chat, only the person whose message asked can tap Allow", async () => {
    const GROUP = -100123;
    const api = scriptedApi();
    const printed: string[] = [];
    const tg = channel(api, [GROUP], printed);
    const answers: string[] = [];
    api.polls.push([message(1, GROUP, 41, "please save the report")]);
    const running = tg.start(async (m) => {
      answers.push(await tg.approver(m.chatId).ask({ call: { name: "save_to_file", input: {}, readOnly: false, effect: "writes a file" }, why: "test" }));
    });
    await until("the approval question", () => api.calls.some((c) => c.method === "sendMessage"));
    const markup = api.calls.find((c) => c.method === "sendMessage")!.params.reply_markup as { inline_keyboard: Array<Array<{ callback_data: string }>> };
    const allow = markup.inline_keyboard[0]![0]!.callback_data;
    const tap = (id: number, from: number): Update => ({ update_id: id, callback_query: { id: `cb${id}`, from: { id: from }, message: { chat: { id: GROUP } }, data: allow } });
    api.polls.push([tap(2, 99)]);
    await until("the stranger's tap answered", () => api.calls.some((c) => c.method === "answerCallbackQuery"));
    expect(api.calls.find((c) => c.method === "answerCallbackQuery")!.params.text).toMatch(/Only the person who asked/);
    expect(answers, "a stranger's tap decides nothing").toEqual([]);
    api.polls.push([tap(3, 41)]);
    await until("the requester's tap", () => answers.length === 1);
    expect(answers).toEqual(["yes"]);
    tg.stop();
    await running;
  });
});

describe("telegram: a question asked after Ctrl+C", () => {
  it("a turn still finishing after the bot stopped asks nobody: the call ends as interrupted at once, not after two minutes as a no", async () => {
    const api = scriptedApi();
    const tg = channel(api, [7], []);
    const running = tg.start(async () => undefined);
    tg.stop();
    await running;
    const asked = tg.approver("7").ask({ call: { name: "save_to_file", input: {}, readOnly: false, effect: "writes a file" }, why: "test" });
    await expect(asked).rejects.toThrow(/assistant was stopped while the approval question for save_to_file waited in Telegram/);
    expect(api.calls.filter((c) => c.method === "sendMessage"), "no question sent to a chat the bot no longer reads").toEqual([]);
  });
});

describe("TELEGRAM_ALLOWED_CHATS", () => {
  it("keeps the numeric ids (groups are negative) and names every other entry, so a typo is not read as 'empty'", () => {
    expect([...parseAllowedChats("123456789, -1001234567890")]).toEqual(["123456789", "-1001234567890"]);
    expect([...parseAllowedChats("мой чат")]).toEqual([]);
    expect(notChatIds("мой чат")).toEqual(["мой", "чат"]);
    expect(notChatIds("123, @me,abc")).toEqual(["@me", "abc"]);
    expect(notChatIds(undefined)).toEqual([]);
    expect(notChatIds(" , ")).toEqual([]);
  });
});

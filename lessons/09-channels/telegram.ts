// The Telegram channel: a bot, talked to with long polling. getUpdates waits (up to `timeout` seconds)
// for new updates and returns them; passing offset = last update_id + 1 confirms everything before it,
// so Telegram never sends those again. The offset is kept in a file, so a restart does not answer the
// same message twice.
//
// A bot can be found and written to by anyone, so only chats in TELEGRAM_ALLOWED_CHATS are answered;
// any other chat gets one polite refusal, and the attempt is logged. Approval is an inline keyboard
// (Allow / Deny); no tap within the time limit means the call does not run, recorded as "not answered
// in time" (nobody said no).

import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { readFile, rename, writeFile } from "node:fs/promises";
import type { Answer, Approver } from "../07-approval-gates/approver.ts";
import type { Channel, IncomingMessage } from "../08-assistant/channel.ts";
import { visible } from "../08-assistant/terminal-channel.ts";
import type { Lang } from "../../shared/i18n/language.ts";
import { messages } from "../../shared/i18n/messages.ts";
import { UsageError } from "../../shared/usage-error.ts";
import { ApprovalInterrupted, ApprovalTimedOut } from "./approval-interrupted.ts";
import { splitMessage, TelegramError, type TelegramCall } from "./telegram-api.ts";
import { shorten } from "./tool-lines.ts";

// The parts of Telegram's Update object this channel reads.
export interface Update {
  update_id: number;
  message?: { message_id: number; chat: { id: number }; from?: { id: number; username?: string; first_name?: string }; text?: string; date?: number };
  callback_query?: { id: string; from: { id: number }; message?: { chat: { id: number } }; data?: string };
}

export interface TelegramOptions {
  call: TelegramCall;
  // Chat ids (as text) the bot answers; everyone else is refused.
  allowedChats: ReadonlySet<string>;
  // Where the next offset is kept between runs.
  offsetFile: string;
  // Long-polling wait, in seconds (Telegram allows up to 50).
  pollSeconds?: number;
  approvalTimeoutMs?: number;
  // Pause after the first failed poll; each failure after it doubles the pause, up to maxRetryMs.
  retryMs?: number;
  maxRetryMs?: number;
  // Where the Bot API is, as TELEGRAM_API_BASE set it (unset: https://api.telegram.org). Only named in
  // messages: the calls go through `call`.
  apiBase?: string;
  // Time, made replaceable (as the heartbeat's clock is), so a test sees the pauses without waiting them.
  sleep?: (ms: number) => Promise<void>;
  print?: (line: string) => void;
  // The language of what the bot writes and logs; the course's (COURSE_LANG) by default.
  lang?: Lang;
}

export interface TelegramChannel extends Channel {
  approver(chatId: string): Approver;
  stop(): void;
}

// What a chat that is not on the list gets, once, in the course's language (COURSE_LANG).
export const refusal = (lang?: Lang) => messages(lang).channels.telegram.refusal;

// The pause after the n-th failed poll in a row: base, 2 x base, 4 x base ... never more than max.
export function retryDelayMs(failures: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, Math.min(failures - 1, 30)));
}

export function parseAllowedChats(value: string | undefined): Set<string> {
  return new Set(chatEntries(value).filter((id) => CHAT_ID.test(id)));
}

// The entries that are not chat ids ("мой чат", "@name"): said at start, so a typo is not read as "empty".
export function notChatIds(value: string | undefined): string[] {
  return chatEntries(value).filter((entry) => !CHAT_ID.test(entry));
}

const CHAT_ID = /^-?\d+$/;

function chatEntries(value: string | undefined): string[] {
  return (value ?? "").split(/[\s,]+/).filter((entry) => entry !== "");
}

export function createTelegramChannel(options: TelegramOptions): TelegramChannel {
  const { call } = options;
  const print = options.print ?? ((line: string) => console.log(line));
  const words = () => messages(options.lang).channels.telegram;
  const refused = new Set<string>();
  const typing = new Map<string, ReturnType<typeof setInterval>>();
  const pending = new Map<string, { chatId: string; tool: string; requester?: number; settle(answer: Answer): void; interrupt(): void }>();
  const turns = new Set<Promise<void>>();
  // Who sent each chat's waiting and running turns, oldest first. The gateway runs one chat's turns in
  // order, so the first is the person whose turn asks for approval: in a group, only they may answer.
  const requesters = new Map<string, number[]>();
  let stopped = false;
  // A pause that stop() ends at once, so Ctrl+C never waits out a long retry.
  let wake: (() => void) | undefined;
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      function done() {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      }
      wake = done;
      if (options.sleep) void options.sleep(ms).then(done);
      else timer = setTimeout(done, ms);
    });
  // What went wrong with the Bot API, in the course's language: its own description is quoted as it is.
  const problem = (error: unknown): string => {
    if (!(error instanceof TelegramError)) return visible(error instanceof Error ? error.message : String(error));
    if (error.network !== undefined) return words().noAnswerFrom(options.apiBase ?? "https://api.telegram.org", visible(error.network));
    return words().answered(visible(error.method), error.code, visible(error.description));
  };

  async function readOffset(): Promise<number> {
    if (!existsSync(options.offsetFile)) return 0;
    const value = Number((await readFile(options.offsetFile, "utf8")).trim());
    return Number.isSafeInteger(value) ? value : 0;
  }
  async function saveOffset(offset: number): Promise<void> {
    const temp = `${options.offsetFile}.${process.pid}.tmp`;
    await writeFile(temp, `${offset}\n`);
    await rename(temp, options.offsetFile);
  }

  const sendText = async (chatId: string, text: string, extra: Record<string, unknown> = {}) => {
    for (const piece of splitMessage(text.trim() === "" ? words().emptyReply : text)) await call("sendMessage", { chat_id: chatId, text: piece, ...extra });
  };

  // "typing..." lasts about five seconds on the screen, so it is repeated while the model works.
  const startTyping = (chatId: string) => {
    const show = () => void call("sendChatAction", { chat_id: chatId, action: "typing" }).catch(() => undefined);
    show();
    // A second message from the same chat must not leave the first timer running for ever.
    clearInterval(typing.get(chatId));
    typing.set(chatId, setInterval(show, 4000));
  };
  const stopTyping = (chatId: string) => {
    clearInterval(typing.get(chatId));
    typing.delete(chatId);
  };

  async function onCallback(query: NonNullable<Update["callback_query"]>): Promise<void> {
    const [answer, id] = (query.data ?? "").split(":");
    const question = id ? pending.get(id) : undefined;
    const chatId = String(query.message?.chat.id ?? "");
    // A tap counts only in the chat that was asked, and only yes or no.
    if (!question || question.chatId !== chatId || (answer !== "yes" && answer !== "no")) {
      await call("answerCallbackQuery", { callback_query_id: query.id, text: words().closed });
      return;
    }
    // In a group chat everyone sees the buttons; only the person whose message asked for it decides.
    if (question.requester !== undefined && query.from.id !== question.requester) {
      await call("answerCallbackQuery", { callback_query_id: query.id, text: words().onlyAsker });
      return;
    }
    question.settle(answer);
    await call("answerCallbackQuery", { callback_query_id: query.id, text: answer === "yes" ? words().allowed : words().denied });
  }

  async function onMessage(message: NonNullable<Update["message"]>, deliver: (m: IncomingMessage) => Promise<void>): Promise<void> {
    const chatId = String(message.chat.id);
    if (typeof message.text !== "string" || message.text.trim() === "") return;
    if (!options.allowedChats.has(chatId)) {
      print(words().refusedChat(chatId, visible(message.from?.username ?? message.from?.first_name ?? "?")));
      if (!refused.has(chatId)) {
        refused.add(chatId);
        await sendText(chatId, refusal(options.lang));
      }
      return;
    }
    const from = message.from;
    const sender = from?.username ? `@${from.username}` : (from?.first_name ?? String(from?.id ?? "unknown"));
    startTyping(chatId);
    const queue = requesters.get(chatId) ?? [];
    queue.push(from?.id ?? Number.NaN);
    requesters.set(chatId, queue);
    // Not awaited: the poll goes on while the model works, or the tap on an approval button (which
    // arrives as the next update) could never be read. The gateway keeps one chat's turns in order.
    const turn = deliver({ channel: "telegram", chatId, sender, text: message.text.trim(), at: new Date((message.date ?? Date.now() / 1000) * 1000) })
      .catch((error: unknown) => print(`telegram: ${problem(error)}`))
      .finally(() => {
        queue.shift();
        if (queue.length === 0) requesters.delete(chatId);
        stopTyping(chatId);
        turns.delete(turn);
      });
    turns.add(turn);
  }

  return {
    name: "telegram",
    stop() {
      stopped = true;
      wake?.();
    },
    async start(deliver) {
      let offset = await readOffset();
      // Polls failed in a row: said once when the first fails and once when one works again, not on
      // every attempt; the pause between attempts doubles each time, up to maxRetryMs.
      let failures = 0;
      // A mistake in .env that retrying cannot fix: the bot stops, and start() throws it at the end.
      let mistake: UsageError | undefined;
      while (!stopped) {
        let updates: Update[];
        const asked = Date.now();
        try {
          updates = await call<Update[]>("getUpdates", { offset, timeout: options.pollSeconds ?? 25, allowed_updates: ["message", "callback_query"] });
        } catch (error) {
          if (stopped) break;
          if (error instanceof TelegramError && error.code === 409) {
            print(words().conflict);
            break;
          }
          if (error instanceof TelegramError && (error.code === 401 || error.code === 404)) {
            // Telegram answers a wrong or revoked token with 401 (or 404 for one of the wrong shape).
            // Retrying cannot fix that, so stop and say what to change: a usage error (exit code 2).
            mistake = new UsageError(words().badToken(error.code, options.apiBase));
            break;
          }
          const waitS = error instanceof TelegramError && error.retryAfter !== undefined ? Math.min(error.retryAfter, 300) : undefined;
          if (waitS !== undefined) {
            // Telegram said how long to wait: that wait, said each time (it is rare, and can be long).
            print(words().waiting(problem(error), waitS));
            await pause(waitS * 1000);
            continue;
          }
          failures += 1;
          if (failures === 1) print(words().retrying(problem(error), error instanceof TelegramError && error.network !== undefined));
          await pause(retryDelayMs(failures, options.retryMs ?? 1000, options.maxRetryMs ?? 60_000));
          continue;
        }
        if (failures > 0) print(words().answersAgain(failures));
        failures = 0;
        // A server that answers an empty poll at once (it should wait up to `timeout`) would otherwise
        // be asked again and again, as fast as the machine can: at most four empty polls a second.
        if (updates.length === 0) await pause(Math.max(0, 250 - (Date.now() - asked)));
        for (const update of updates) {
          // An update_id that is not a whole number, or one before the offset (already answered), is
          // skipped: the offset never moves backwards, so no message is answered twice.
          if (!Number.isSafeInteger(update.update_id) || update.update_id < offset) {
            print(words().skipped(visible(JSON.stringify(update.update_id) ?? "undefined"), offset));
            continue;
          }
          // Saved before the update is handled: a crash mid-turn loses that message rather than
          // answering it twice after a restart.
          offset = update.update_id + 1;
          await saveOffset(offset);
          if (update.callback_query) await onCallback(update.callback_query).catch((e: unknown) => print(`telegram: ${problem(e)}`));
          else if (update.message) await onMessage(update.message, deliver).catch((e: unknown) => print(`telegram: ${problem(e)}`));
        }
      }
      // Stopping the bot is not an answer: each question still waiting ends as interrupted, not as a no.
      for (const question of [...pending.values()]) {
        print(words().stoppedAsking(question.chatId, question.tool));
        question.interrupt();
      }
      await Promise.all([...turns]);
      if (mistake) throw mistake;
    },
    async send(chatId, text) {
      stopTyping(chatId);
      await sendText(chatId, text);
    },
    approver(chatId) {
      return {
        canAsk: true,
        async ask({ call: gated, why }) {
          // A turn still finishing after Ctrl+C asks nobody: the bot no longer reads the taps.
          if (stopped) throw new ApprovalInterrupted(gated.name, "in Telegram");
          const id = randomUUID().slice(0, 8);
          const text = words();
          const limit = options.approvalTimeoutMs ?? 120_000;
          const answered = new Promise<Answer>((resolve, reject) => {
            // No tap is not a no: the call fails closed as unanswered, and the session says so.
            const timer = setTimeout(() => {
              pending.delete(id);
              reject(new ApprovalTimedOut(gated.name, "in Telegram", Math.round(limit / 1000)));
              void sendText(chatId, text.noAnswer(Math.round(limit / 1000), gated.name)).catch(() => undefined);
            }, limit);
            function settle(answer: Answer) {
              clearTimeout(timer);
              pending.delete(id);
              resolve(answer);
            }
            // The gate fails closed on an approver that throws: the call is not run, and the reason it
            // hands the model is this error's, which says why there was no answer.
            function interrupt() {
              clearTimeout(timer);
              pending.delete(id);
              reject(new ApprovalInterrupted(gated.name, "in Telegram"));
            }
            pending.set(id, { chatId, tool: gated.name, requester: requesters.get(chatId)?.[0], settle, interrupt });
          });
          await sendText(chatId, text.approvalNeeded(gated.name, shorten(JSON.stringify(gated.input)), gated.effect, why), {
            reply_markup: { inline_keyboard: [[{ text: text.allow, callback_data: `yes:${id}` }, { text: text.deny, callback_data: `no:${id}` }]] },
          });
          return answered;
        },
      };
    },
  };
}

// The gateway: the switchboard between channels and the agent. For each incoming message it finds the
// session (one per channel and chat), waits until that session is free, has the runner take the turn,
// and sends the reply back through the channel the message came from.
//
// It does not think: no model call, no tool, no prompt in here. That keeps it small enough to trust,
// and it means a new channel (lesson 09) plugs in without touching the agent.

import { createHash } from "node:crypto";
import { messages } from "../../shared/i18n/messages.ts";
import type { Channel, IncomingMessage } from "./channel.ts";
import { createSessionQueue, type SessionQueue } from "./session-queue.ts";

// What the gateway hands to the runner for one turn: which session, the message, and where partial
// text goes while the model writes.
export interface Turn {
  session: string;
  message: IncomingMessage;
  partial?: (delta: string) => void;
  note?: (text: string) => void;
}

export type RunTurn = (turn: Turn) => Promise<string>;

export interface GatewayOptions {
  runTurn: RunTurn;
  queue?: SessionQueue;
  // Which session a message belongs to. By default one per channel and chat: "terminal-main",
  // "telegram-123456".
  sessionFor?: (message: IncomingMessage) => string;
}

export interface Gateway {
  // Runs the turn for one message and sends the reply back; resolves with the reply text.
  handle(channel: Channel, message: IncomingMessage): Promise<string>;
  // Feeds every message a channel receives into handle(), until the channel closes.
  attach(channel: Channel): Promise<void>;
}

// A session name is a plain word of at most 80 characters (it becomes a file name). A chat id that
// is already one is used as it is; one that had to be changed (other characters replaced, or cut to
// length) gets a short hash of the original, so "a.b" and "a b", or two ids alike in their first 80
// characters, never share one session file.
export function sessionName(message: IncomingMessage): string {
  const original = `${message.channel}-${message.chatId}`;
  const plain = original.replace(/[^\p{L}\p{N}_-]+/gu, "_");
  // Counted in characters, not UTF-16 units, so a cut never splits an emoji-sized letter in two.
  const characters = Array.from(plain);
  if (plain === original && characters.length <= 80) return plain;
  return `${characters.slice(0, 71).join("")}-${createHash("sha256").update(original).digest("hex").slice(0, 8)}`;
}

export function createGateway(options: GatewayOptions): Gateway {
  const queue = options.queue ?? createSessionQueue();
  const sessionFor = options.sessionFor ?? sessionName;

  async function handle(channel: Channel, message: IncomingMessage): Promise<string> {
    const session = sessionFor(message);
    let reply: string;
    try {
      reply = await queue.run(session, () =>
        options.runTurn({
          session,
          message,
          partial: channel.sendPartial ? (delta) => channel.sendPartial?.(message.chatId, delta) : undefined,
          note: channel.note ? (text) => channel.note?.(message.chatId, text) : undefined,
        }),
      );
    } catch (error) {
      // The person on the other side gets a reply either way: a chat that stays silent looks like a
      // lost message. The error goes on to whoever called handle().
      await channel.send(message.chatId, messages().assistant.turnFailed(error instanceof Error ? error.message : String(error)));
      throw error;
    }
    await channel.send(message.chatId, reply);
    return reply;
  }

  return {
    handle,
    attach: (channel) =>
      channel.start(async (message) => {
        // One failed message must not close the channel; handle() has already told the chat.
        await handle(channel, message).catch(() => undefined);
      }),
  };
}

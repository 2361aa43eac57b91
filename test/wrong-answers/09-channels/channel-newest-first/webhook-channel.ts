// Exercise 09: a webhook channel. Read exercises/09-channels/README.md first.
// Check your work with: npm run check 9
//
// Another program (a form on a site, a chat service, a script) POSTs JSON to this channel:
//   POST /   X-Webhook-Secret: <the shared secret>
//   {"chat_id": "4217", "from": "@mining_pro", "text": "Ищу поставщика ASIC"}
// and gets the assistant's reply as JSON in the response: {"chat_id": "4217", "reply": "..."}.

import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingMessage as HttpRequest, ServerResponse } from "node:http";
import type { Channel, IncomingMessage } from "../../lessons/08-assistant/channel.ts";
import { HttpError, readJsonBody } from "../../lessons/09-channels/http-guard.ts";

export const SECRET_HEADER = "x-webhook-secret";
export const MAX_TEXT = 4000;

export interface WebhookOptions {
  secret: string;
  maxBodyBytes?: number;
  // The clock for each message's time; tests pass a fixed one.
  now?: () => Date;
}

export interface WebhookChannel extends Channel {
  // The HTTP handler: pass it to http.createServer().
  handle(request: HttpRequest, response: ServerResponse): Promise<void>;
  // Ends start(): the channel stops taking messages.
  close(): void;
}

// TODO 1: true only when `given` is exactly the secret, compared in constant time.
export function checkSecret(given: string | undefined, secret: string): boolean {
  if (typeof given !== "string" || secret === "") return false;
  const digest = (text: string) => createHash("sha256").update(text, "utf8").digest();
  return timingSafeEqual(digest(given), digest(secret));
}

// TODO 2: the body of a request, as lesson 08's IncomingMessage, or an HttpError 400 naming the field.
export function parseWebhook(body: unknown, at: Date): IncomingMessage {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new HttpError(400, 'The body must be a JSON object: {"chat_id": "...", "from": "...", "text": "..."}.');
  }
  const { chat_id: chatId, from, text } = body as Record<string, unknown>;
  const chat = typeof chatId === "number" && Number.isSafeInteger(chatId) ? String(chatId) : typeof chatId === "string" ? chatId.trim() : "";
  if (chat === "") throw new HttpError(400, "chat_id must be a non-empty string or a whole number.");
  if (typeof from !== "string" || from.trim() === "") throw new HttpError(400, "from must be a non-empty string: who wrote the message.");
  if (typeof text !== "string" || text.trim() === "") throw new HttpError(400, "text must be a non-empty string: the message.");
  if (text.trim().length > MAX_TEXT) throw new HttpError(400, `text is ${text.trim().length} characters; the limit is ${MAX_TEXT}.`);
  return { channel: "webhook", chatId: chat, sender: from.trim(), text: text.trim(), at };
}

// TODO 3: the channel: an HTTP handler that delivers each message and answers with the reply.
export function createWebhookChannel(options: WebhookOptions): WebhookChannel {
  const now = options.now ?? (() => new Date());
  // Requests waiting for their reply, per chat, oldest first: the gateway answers one chat's
  // messages in the order they came, so the first reply is for the first request.
  const waiting = new Map<string, Array<(text: string) => void>>();
  let deliver: ((message: IncomingMessage) => Promise<void>) | undefined;
  let closed: () => void = () => undefined;
  const closing = new Promise<void>((resolve) => (closed = resolve));

  const answer = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { "content-type": "application/json; charset=utf-8" });
    response.end(JSON.stringify(body));
  };

  return {
    name: "webhook",
    start(receive) {
      deliver = receive;
      return closing;
    },
    close: () => closed(),
    async send(chatId, text) {
      waiting.get(chatId)?.pop()?.(text);
    },
    async handle(request, response) {
      try {
        if (request.method !== "POST") throw new HttpError(405, "Only POST is accepted here.");
        const header = request.headers[SECRET_HEADER];
        if (!checkSecret(typeof header === "string" ? header : undefined, options.secret)) {
          throw new HttpError(401, `Missing or wrong ${SECRET_HEADER} header.`);
        }
        const message = parseWebhook(await readJsonBody(request, options.maxBodyBytes ?? 16 * 1024), now());
        if (!deliver) throw new HttpError(503, "The channel is not attached to a gateway yet.");
        const reply = new Promise<string>((resolve) => {
          const queue = waiting.get(message.chatId) ?? [];
          queue.push(resolve);
          waiting.set(message.chatId, queue);
        });
        await deliver(message);
        answer(response, 200, { chat_id: message.chatId, reply: await reply });
      } catch (error) {
        const status = error instanceof HttpError ? error.status : 500;
        answer(response, status, { error: error instanceof Error ? error.message : String(error) });
      }
    },
  };
}

// Exercise 09: a webhook channel. Read exercises/09-channels/README.md first.
// Check your work with: npm run check 9
//
// Another program (a form on a site, a chat service, a script) POSTs JSON to this channel:
//   POST /   X-Webhook-Secret: <the shared secret>
//   {"chat_id": "4217", "from": "@mining_pro", "text": "Ищу поставщика ASIC"}
// and gets the assistant's reply as JSON in the response: {"chat_id": "4217", "reply": "..."}.

// You will need createHash and timingSafeEqual from "node:crypto" (TODO 1).
import type { IncomingMessage as HttpRequest, ServerResponse } from "node:http";
import type { Channel, IncomingMessage } from "../../lessons/08-assistant/channel.ts";
import { HttpError, readJsonBody } from "../../lessons/09-channels/http-guard.ts";

// Given: HttpError(status, message) is an error with an HTTP status; readJsonBody(request, maxBytes)
// reads a JSON body and throws HttpError 415/413/400 when it is not JSON, too big, or broken.

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
//   - undefined (no header), or an empty configured secret: false.
//   - Compare with crypto.timingSafeEqual, which throws when the two buffers differ in length: hash
//     both sides (sha256) first, so the lengths are equal and the secret's length is not given away.
export function checkSecret(given: string | undefined, secret: string): boolean {
  throw new Error(
    `not implemented yet: checkSecret(${given === undefined ? "undefined" : "given"}, secret) in exercises/09-channels/webhook-channel.ts should compare the two in constant time (crypto.timingSafeEqual)`,
  );
}

// TODO 2: the body of a request, as lesson 08's IncomingMessage, or an HttpError 400 naming the field.
//   { channel: "webhook", chatId, sender, text, at }
//   - body: a JSON object (not null, not an array).
//   - chat_id: a string that is not blank, or a whole number (Number.isSafeInteger), given as a string.
//   - from: a string that is not blank: the sender. text: a string that is not blank.
//   - Hard mode: trim all three; the trimmed text is at most MAX_TEXT characters.
export function parseWebhook(body: unknown, at: Date): IncomingMessage {
  throw new Error(
    `not implemented yet: parseWebhook(body, ${at.toISOString()}) in exercises/09-channels/webhook-channel.ts should turn {"chat_id", "from", "text"} into an IncomingMessage`,
  );
}

// TODO 3: the channel: an HTTP handler that delivers each message and answers with the reply.
//   handle(request, response): 405 unless POST; 401 unless checkSecret(header SECRET_HEADER, secret);
//     readJsonBody with options.maxBodyBytes; parseWebhook(body, now()), now being options.now;
//     deliver the message, and answer 200 {"chat_id", "reply"} with the text send() got for it.
//     Every error as JSON {"error": message}, with the HttpError's status (500 for anything else).
//   send(chatId, text): the reply for the request of that chat that is waiting.
//   start(deliver): keep deliver; resolve when close() is called (every start() call so far).
//   Hard mode: exactly that order (the secret before the body); 16 KiB when maxBodyBytes is not given;
//     503 if start() was not called; the real clock when options.now is not given; and send() answers
//     the oldest of several waiting requests of one chat.
export function createWebhookChannel(options: WebhookOptions): WebhookChannel {
  throw new Error(
    `not implemented yet: createWebhookChannel({ secret: ${options.secret ? '"..."' : '""'} }) in exercises/09-channels/webhook-channel.ts should return { name: "webhook", start, send, handle, close }`,
  );
}

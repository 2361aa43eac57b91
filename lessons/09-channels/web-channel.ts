// The web channel: a chat page in the browser, served by Node's own http module on 127.0.0.1.
//
//   GET  /?key=K        the link printed in the terminal: K works once, and gives this browser a
//                       session cookie (HttpOnly, SameSite=Strict), then sends it on to /
//   GET  /              the page (chat-page.html), for a browser with the cookie
//   GET  /api/history   the tab's conversation so far, so a reload resumes it
//   POST /api/message   one message in; the answer streams back as JSON lines while the model writes:
//                       {"type":"delta"} words, {"type":"tool"} a call, {"type":"approval"} a question,
//                       {"type":"reply"} the finished answer
//   POST /api/approve   the tab's Allow / Deny for a pending question
//
// Each tab makes up its own chat id and keeps it for its life (sessionStorage), so each tab is its own
// session and a reload carries on where it was. Every request passes http-guard.ts first.

import { randomBytes, randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import http, { type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { Answer, Approver } from "../07-approval-gates/approver.ts";
import type { Channel, IncomingMessage } from "../08-assistant/channel.ts";
import type { Lang } from "../../shared/i18n/language.ts";
import { messages } from "../../shared/i18n/messages.ts";
import { ApprovalInterrupted, ApprovalTabClosed, ApprovalTimedOut } from "./approval-interrupted.ts";
import type { ShownMessage } from "./chat-history.ts";
import { checkCookie, checkHost, checkOrigin, cookieName, dropRestOfBody, hasSession, HttpError, readJsonBody, sameSecret } from "./http-guard.ts";
import { shorten } from "./tool-lines.ts";

export const DEFAULT_PAGE = path.join("lessons", "09-channels", "chat-page.html");
const CHAT_ID = /^[A-Za-z0-9_-]{1,64}$/;

export type WebEvent =
  | { type: "delta"; text: string }
  | { type: "tool"; text: string }
  | { type: "note"; text: string }
  | { type: "approval"; id: string; tool: string; input: string; effect: string; why: string }
  | { type: "reply"; text: string };

export interface WebChannelOptions {
  // 0 (the default) picks a free port.
  port?: number;
  pageFile?: string;
  // The largest request body read, in bytes.
  maxBodyBytes?: number;
  // How long an approval question waits for a click. No click in time is not a no: the call does not
  // run, and is recorded as not answered in time, as in Telegram.
  approvalTimeoutMs?: number;
  // The conversation of a chat so far (from its session file), for a reloaded tab.
  history?(chatId: string): Promise<ShownMessage[]>;
  // The language of the page's own words; the course's (COURSE_LANG) by default.
  lang?: Lang;
}

export interface WebChannel extends Channel {
  // The server's address. A browser needs a link from loginUrl() first.
  url: string;
  // A fresh link with a one-time key, for the terminal to print (or a test's browser to open).
  loginUrl(): string;
  // The session secret the cookie carries; never put in a page.
  token: string;
  // The approver for one tab: asks with Allow / Deny buttons in that tab.
  approver(chatId: string): Approver;
  // A line about a tool call for the tab whose turn it is.
  toolLine(chatId: string, line: string): void;
  close(): Promise<void>;
}

interface Pending {
  chatId: string;
  settle(answer: Answer): void;
  // The server is closing (Ctrl+C): not an answer, so the call ends as interrupted, not as a no.
  interrupt(): void;
  // The tab was closed: nobody can click any more, and nobody said no.
  tabClosed(): void;
}

export async function openWebChannel(options: WebChannelOptions = {}): Promise<WebChannel> {
  const maxBodyBytes = options.maxBodyBytes ?? 16 * 1024;
  const approvalTimeoutMs = options.approvalTimeoutMs ?? 5 * 60_000;
  const token = randomBytes(24).toString("hex");
  // One-time keys not used yet. A handful at most: each printed link adds one.
  const keys = new Set<string>();
  const page = await readFile(options.pageFile ?? DEFAULT_PAGE, "utf8");
  // The answer stream of each chat that has a turn running, and the questions waiting for a click.
  const streams = new Map<string, ServerResponse>();
  const pending = new Map<string, Pending>();
  let deliver: ((message: IncomingMessage) => Promise<void>) | undefined;
  let closed: () => void = () => undefined;
  let closingNow = false;
  const closing = new Promise<void>((resolve) => (closed = resolve));

  const emit = (chatId: string, event: WebEvent) => {
    const stream = streams.get(chatId);
    if (stream && !stream.writableEnded) stream.write(`${JSON.stringify(event)}\n`);
  };
  const closePending = (chatId: string) => {
    for (const question of [...pending.values()]) if (question.chatId === chatId) question.tabClosed();
  };

  const server = http.createServer((request, response) => {
    route(request, response).catch((error: unknown) => {
      const status = error instanceof HttpError ? error.status : 500;
      const message = error instanceof Error ? error.message : String(error);
      // A refused body is never kept; the rest of it is dropped as it comes (http-guard.ts says why).
      if (status === 413) dropRestOfBody(request);
      if (!response.headersSent) sendJson(response, status, { error: message });
      else response.end();
    });
  });

  async function route(request: http.IncomingMessage, response: ServerResponse): Promise<void> {
    const port = (server.address() as AddressInfo).port;
    checkHost(request, port);
    const url = new URL(request.url ?? "/", `http://127.0.0.1:${port}`);

    if (request.method === "GET" && url.pathname === "/") {
      checkOrigin(request, port, true);
      const key = url.searchParams.get("key");
      if (key !== null) {
        // A key works once: it is gone from the set before the cookie is given.
        const known = [...keys].find((k) => sameSecret(key, k));
        if (!known) return sendText(response, 403, messages(options.lang).web.linkUsed);
        keys.delete(known);
        response.writeHead(303, {
          location: "/",
          "set-cookie": `${cookieName(port)}=${token}; HttpOnly; SameSite=Strict; Path=/`,
          "cache-control": "no-store",
          "referrer-policy": "no-referrer",
        });
        response.end();
        return;
      }
      if (!hasSession(request, port, token)) return sendText(response, 401, messages(options.lang).web.openTheLink);
      const nonce = randomBytes(16).toString("base64");
      response.writeHead(200, {
        "content-type": "text/html; charset=utf-8",
        "cache-control": "no-store",
        "x-content-type-options": "nosniff",
        "referrer-policy": "no-referrer",
        // The page may run only its own script and talk only to this server; no other site may frame it.
        "content-security-policy": `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
      });
      response.end(pageIn(page, nonce, options.lang));
      return;
    }

    if (!url.pathname.startsWith("/api/")) throw new HttpError(404, refusals().nothingAt(url.pathname.slice(0, 100)));
    checkOrigin(request, port, request.method === "GET");
    checkCookie(request, port, token);

    if (request.method === "GET" && url.pathname === "/api/history") {
      const chatId = chatIdFrom(url.searchParams.get("chat"));
      sendJson(response, 200, { messages: options.history ? await options.history(chatId) : [] });
      return;
    }
    if (request.method === "POST" && url.pathname === "/api/message") {
      const body = await readJsonBody(request, maxBodyBytes);
      const chatId = chatIdFrom(field(body, "chat"));
      const text = field(body, "text");
      if (typeof text !== "string" || text.trim() === "") throw new HttpError(400, refusals().sendText);
      if (!deliver) throw new HttpError(503, refusals().notConnected);
      if (streams.has(chatId)) throw new HttpError(409, refusals().stillWaiting);
      response.writeHead(200, { "content-type": "application/x-ndjson; charset=utf-8", "cache-control": "no-store", "x-content-type-options": "nosniff" });
      response.flushHeaders();
      streams.set(chatId, response);
      // A closed tab cannot click: its open questions end at once, unanswered (nobody said no).
      response.on("close", () => {
        if (streams.get(chatId) === response) streams.delete(chatId);
        closePending(chatId);
      });
      try {
        await deliver({ channel: "web", chatId, sender: "browser", text: text.trim(), at: new Date() });
      } finally {
        if (streams.get(chatId) === response) streams.delete(chatId);
        response.end();
      }
      return;
    }
    if (request.method === "POST" && url.pathname === "/api/approve") {
      const body = await readJsonBody(request, maxBodyBytes);
      const chatId = chatIdFrom(field(body, "chat"));
      const id = field(body, "id");
      const answer = field(body, "answer");
      const question = typeof id === "string" ? pending.get(id) : undefined;
      // Only the tab that was asked may answer, and only yes or no.
      if (!question || question.chatId !== chatId) throw new HttpError(404, refusals().noQuestion);
      if (answer !== "yes" && answer !== "no") throw new HttpError(400, refusals().yesOrNo);
      question.settle(answer);
      sendJson(response, 200, { ok: true });
      return;
    }
    throw new HttpError(404, refusals().nothingAt(`${request.method} ${url.pathname.slice(0, 100)}`));
  }

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    // The loopback address only: nobody else on the network can reach the page.
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const port = (server.address() as AddressInfo).port;

  return {
    name: "web",
    url: `http://127.0.0.1:${port}/`,
    loginUrl() {
      const key = randomBytes(18).toString("base64url");
      keys.add(key);
      // Old links nobody opened are forgotten, so the set cannot grow without end.
      if (keys.size > 20) keys.delete(keys.values().next().value!);
      return `http://127.0.0.1:${port}/?key=${key}`;
    },
    token,
    start(receive) {
      deliver = receive;
      return closing;
    },
    sendPartial(chatId, delta) {
      emit(chatId, { type: "delta", text: delta });
    },
    note(chatId, text) {
      emit(chatId, { type: "note", text });
    },
    async send(chatId, text) {
      emit(chatId, { type: "reply", text });
    },
    toolLine(chatId, line) {
      emit(chatId, { type: "tool", text: line });
    },
    approver(chatId) {
      return {
        canAsk: true,
        ask({ call, why }) {
          // The server is closing (Ctrl+C): nobody can be asked, and nobody said no.
          if (closingNow) return Promise.reject(new ApprovalInterrupted(call.name, "on the web page"));
          if (!streams.has(chatId)) return Promise.reject(new ApprovalTabClosed(call.name, false));
          const id = randomUUID();
          return new Promise<Answer>((resolve, reject) => {
            // Nobody clicked: the gate fails closed on the error, and its words ("not answered in time")
            // are what the model reads and the session keeps. The tab is told, as Telegram's chat is.
            const timer = setTimeout(() => {
              pending.delete(id);
              const seconds = Math.round(approvalTimeoutMs / 1000);
              reject(new ApprovalTimedOut(call.name, "on the web page", seconds));
              emit(chatId, { type: "note", text: messages(options.lang).channels.approvalTimedOut(seconds, call.name) });
            }, approvalTimeoutMs);
            function settle(answer: Answer) {
              clearTimeout(timer);
              pending.delete(id);
              resolve(answer);
            }
            // Not an answer: the gate fails closed on the error, whose words say why nobody answered.
            function fail(error: Error) {
              clearTimeout(timer);
              pending.delete(id);
              reject(error);
            }
            pending.set(id, {
              chatId,
              settle,
              interrupt: () => fail(new ApprovalInterrupted(call.name, "on the web page")),
              tabClosed: () => fail(new ApprovalTabClosed(call.name)),
            });
            emit(chatId, { type: "approval", id, tool: call.name, input: shorten(JSON.stringify(call.input)), effect: call.effect, why });
          });
        },
      };
    },
    async close() {
      closingNow = true;
      for (const question of [...pending.values()]) question.interrupt();
      for (const stream of streams.values()) stream.end();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      closed();
    },
  };
}

// The page with its nonce and its words in the course's language. The words are the course's own, but
// they go in escaped all the same: as HTML in the markup, and as JSON that cannot end the script tag.
function pageIn(page: string, nonce: string, lang?: Lang): string {
  const words = messages(lang).channels.page;
  const html = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const fill: Record<string, string> = {
    NONCE: nonce,
    LANG: html(words.lang),
    TITLE: html(words.title),
    HEADING: html(words.heading),
    CONVERSATION: html(words.conversation),
    MESSAGE: html(words.message),
    PLACEHOLDER: html(words.placeholder),
    SEND: html(words.send),
    TEXTS: JSON.stringify(words).replace(/</g, "\\u003c"),
  };
  return page.replace(/\{\{([A-Z]+)\}\}/g, (whole, name: string) => fill[name] ?? whole);
}

// In the course's language (COURSE_LANG), as the rest of what the lesson prints.
const refusals = () => messages().channels.refusals;

function field(body: unknown, name: string): unknown {
  return typeof body === "object" && body !== null ? (body as Record<string, unknown>)[name] : undefined;
}

function chatIdFrom(value: unknown): string {
  if (typeof value !== "string" || !CHAT_ID.test(value)) throw new HttpError(400, refusals().badChatId);
  return value;
}

// A short page of plain text: what a browser without the session sees, and why.
function sendText(response: ServerResponse, status: number, text: string): void {
  response.writeHead(status, { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store", "x-content-type-options": "nosniff" });
  response.end(text);
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", "x-content-type-options": "nosniff" });
  response.end(JSON.stringify(body));
}

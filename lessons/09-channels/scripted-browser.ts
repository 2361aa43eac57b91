// What the chat page does, done by a script over HTTP: open the link with its one-time key (the server
// answers with a session cookie), load the page, post a message as the page would (same Origin, the
// cookie), read the answer as it streams, and answer an approval question. The sample uses it so that
// `npm run lesson 9` shows a web exchange without a browser.

import { randomUUID } from "node:crypto";
import { messages } from "../../shared/i18n/messages.ts";
import type { WebEvent } from "./web-channel.ts";

export interface PageSession {
  origin: string;
  // The Cookie header a browser would send from now on.
  cookie: string;
  chat: string;
}

// loginUrl: a link from the web channel's loginUrl(), http://127.0.0.1:PORT/?key=...
export async function openPage(loginUrl: string): Promise<PageSession> {
  const login = await fetch(loginUrl, { redirect: "manual" });
  const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  if (login.status !== 303 || cookie === "") throw new Error(`The link ${loginUrl} gave no session (HTTP ${login.status}): ${await login.text()}`);
  const origin = new URL(loginUrl).origin;
  const page = await fetch(`${origin}/`, { headers: { cookie } });
  if (!page.ok) throw new Error(`The chat page at ${origin}/ did not load (HTTP ${page.status}).`);
  await page.text();
  return { origin, cookie, chat: randomUUID() };
}

export function pageHeaders(page: PageSession): Record<string, string> {
  return { "content-type": "application/json", cookie: page.cookie, origin: page.origin };
}

// Posts one message and calls onEvent for every line of the streamed answer, as it arrives.
export async function postMessage(page: PageSession, text: string, onEvent: (event: WebEvent) => void | Promise<void>): Promise<void> {
  const response = await fetch(`${page.origin}/api/message`, { method: "POST", headers: pageHeaders(page), body: JSON.stringify({ chat: page.chat, text }) });
  if (!response.ok || !response.body) throw new Error(`The server refused the message: HTTP ${response.status} ${await response.text()}`);
  const decoder = new TextDecoder();
  let buffered = "";
  for await (const chunk of response.body) {
    buffered += decoder.decode(chunk as Uint8Array, { stream: true });
    let end: number;
    while ((end = buffered.indexOf("\n")) >= 0) {
      const line = buffered.slice(0, end);
      buffered = buffered.slice(end + 1);
      if (line.trim() !== "") await onEvent(JSON.parse(line) as WebEvent);
    }
  }
}

export async function answerApproval(page: PageSession, id: string, answer: "yes" | "no"): Promise<Response> {
  return fetch(`${page.origin}/api/approve`, { method: "POST", headers: pageHeaders(page), body: JSON.stringify({ chat: page.chat, id, answer }) });
}

// The whole exchange: returns the finished reply. The terminal's transcript already shows each call
// and the answer as the model writes it, so show() gets only what the page adds: the approval
// question the script answers, and a count of what the page received.
export async function scriptedExchange(url: string, task: string, answer: "yes" | "no", show: (line: string) => void): Promise<string> {
  const m = messages().channels;
  const page = await openPage(url);
  show(m.opened(page.origin, page.chat.slice(0, 8), task));
  let reply = "";
  let streamed = 0;
  let tools = 0;
  let notes = 0;
  await postMessage(page, task, async (event) => {
    if (event.type === "delta") streamed += 1;
    else if (event.type === "tool") tools += 1;
    else if (event.type === "note") notes += 1;
    else if (event.type === "approval") {
      show(m.approvalCard(event.tool, event.effect, answer));
      // Not awaited here: the answer is read from the same stream this callback is reading.
      void answerApproval(page, event.id, answer);
    } else if (event.type === "reply") reply = event.text;
  });
  show(m.pageGot(streamed, tools, notes));
  return reply;
}

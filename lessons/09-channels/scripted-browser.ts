// What the chat page does, done by a script over HTTP: load the page, take its token, post a message
// as the page would (same Origin, same headers), read the answer as it streams, and answer an approval
// question. The sample uses it so that `npm run lesson 9` shows a web exchange without a browser.

import { randomUUID } from "node:crypto";
import type { WebEvent } from "./web-channel.ts";

export interface PageSession {
  origin: string;
  token: string;
  chat: string;
}

export async function openPage(url: string): Promise<PageSession> {
  const response = await fetch(url);
  const html = await response.text();
  const token = /<meta name="chat-token" content="([0-9a-f]+)">/.exec(html)?.[1];
  if (!response.ok || !token) throw new Error(`The chat page at ${url} did not load (HTTP ${response.status}).`);
  return { origin: new URL(url).origin, token, chat: randomUUID() };
}

export function pageHeaders(page: PageSession): Record<string, string> {
  return { "content-type": "application/json", "x-chat-token": page.token, origin: page.origin };
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

// The whole exchange: returns the finished reply; show() gets a line for each thing the page would show.
export async function scriptedExchange(url: string, task: string, answer: "yes" | "no", show: (line: string) => void): Promise<string> {
  const page = await openPage(url);
  show(`opened ${url} (tab ${page.chat.slice(0, 8)}), typed: ${task}`);
  let reply = "";
  let streamed = 0;
  await postMessage(page, task, async (event) => {
    if (event.type === "delta") streamed += 1;
    else if (event.type === "tool") show(event.text);
    else if (event.type === "approval") {
      show(`[Allow] [Deny]  ${event.tool}: ${event.effect}  → the script clicks ${answer === "yes" ? "Allow" : "Deny"}`);
      // Not awaited here: the answer is read from the same stream this callback is reading.
      void answerApproval(page, event.id, answer);
    } else if (event.type === "reply") reply = event.text;
  });
  show(`the answer arrived in ${streamed} streamed pieces:`);
  for (const line of reply.split("\n")) show(`  ${line}`);
  return reply;
}

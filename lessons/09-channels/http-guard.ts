// The checks every request to a local chat server passes before it can reach the agent. A server on
// 127.0.0.1 is not private: every web page the learner opens runs in a browser on the same machine,
// and so does every other program. Each check closes one door:
//
//   Host    a page on another site can point its own domain at 127.0.0.1 (DNS rebinding); its
//           requests then carry that domain in Host, so only our own address is accepted.
//   Origin  a browser says which site a request comes from; a POST from any other site is refused.
//   cookie  the terminal prints a link with a one-time key; opening it gives that browser an
//           HttpOnly, SameSite=Strict cookie. A program that merely knows the port can load nothing
//           and post nothing: the secret is never in a page, and the key works once.
//   size    a body is read up to a cap, so one huge request cannot fill the memory.

import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { messages } from "../../shared/i18n/messages.ts";

// The refusals are in the course's language (COURSE_LANG): a learner reads them in the page or in curl.
const refusals = () => messages().channels.refusals;

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "HttpError";
  }
}

// Compares two secrets in time that does not depend on where they differ, so nobody can find the
// token a character at a time by timing the refusals. Both sides are hashed first: timingSafeEqual
// needs equal lengths, and the hash hides the length as well.
export function sameSecret(given: string | undefined, expected: string): boolean {
  if (typeof given !== "string" || expected === "") return false;
  const a = createHash("sha256").update(given).digest();
  const b = createHash("sha256").update(expected).digest();
  return timingSafeEqual(a, b);
}

// Accepted spellings of our own address: what a browser sends in Host for the printed URL.
export function ownHosts(port: number): string[] {
  return [`127.0.0.1:${port}`, `localhost:${port}`];
}

export function checkHost(request: IncomingMessage, port: number): void {
  const host = request.headers.host ?? "";
  if (!ownHosts(port).includes(host.toLowerCase())) {
    throw new HttpError(403, refusals().wrongHost(port, host.slice(0, 100)));
  }
}

// A browser sends Origin on every POST (and on cross-site GETs); it must be our own page's origin.
// A request with no Origin at all is only accepted where allowMissing says so (a same-site GET).
export function checkOrigin(request: IncomingMessage, port: number, allowMissing: boolean): void {
  const origin = request.headers.origin;
  if (origin === undefined) {
    if (allowMissing) return;
    throw new HttpError(403, refusals().noOrigin);
  }
  if (!ownHosts(port).map((host) => `http://${host}`).includes(origin.toLowerCase())) {
    throw new HttpError(403, refusals().foreignOrigin(origin.slice(0, 100)));
  }
}

// The name of this server's cookie. Cookies ignore the port, so two chat servers on 127.0.0.1 (two
// runs of the lesson) each need their own name.
export function cookieName(port: number): string {
  return `chat_session_${port}`;
}

// The value of one cookie from a Cookie header, or undefined.
export function cookieValue(request: IncomingMessage, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? "").split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return rest.join("=");
  }
  return undefined;
}

// Whether the request carries this server's session cookie with the right secret.
export function hasSession(request: IncomingMessage, port: number, secret: string): boolean {
  return sameSecret(cookieValue(request, cookieName(port)), secret);
}

export function checkCookie(request: IncomingMessage, port: number, secret: string): void {
  if (!hasSession(request, port, secret)) {
    throw new HttpError(403, refusals().noCookie);
  }
}

// After a 413: what the client is still sending is read and dropped, never kept, so that it gets to
// read the refusal (closing a connection that holds unread data resets it, and the reset can wipe out
// the answer on its way). A client that keeps sending is cut off after graceMs.
export function dropRestOfBody(request: IncomingMessage, graceMs = 1000): void {
  if (request.destroyed || request.readableEnded) return;
  const cut = setTimeout(() => request.socket.destroy(), graceMs);
  cut.unref();
  request.once("close", () => clearTimeout(cut));
  request.resume();
}

// Reads a JSON body of at most maxBytes. Past the cap it stops reading and refuses with 413, so the
// rest of an oversize body is never buffered.
export async function readJsonBody(request: IncomingMessage, maxBytes: number): Promise<unknown> {
  const type = request.headers["content-type"] ?? "";
  if (!/^application\/json\b/i.test(type)) throw new HttpError(415, refusals().notJsonType);
  const declared = Number(request.headers["content-length"]);
  if (Number.isFinite(declared) && declared > maxBytes) throw new HttpError(413, refusals().declaredTooBig(declared, maxBytes));
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) throw new HttpError(413, refusals().tooBig(maxBytes));
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8")) as unknown;
  } catch {
    throw new HttpError(400, refusals().notJson);
  }
}

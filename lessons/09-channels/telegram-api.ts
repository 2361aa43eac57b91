// The Telegram Bot API over plain fetch: POST https://api.telegram.org/bot<token>/<method> with a JSON
// body; every answer is {"ok": true, "result": ...} or {"ok": false, "error_code": ..., "description": ...}.
// Two errors are handled here because every caller would have to handle them the same way:
//   429  "Too Many Requests: retry after N" with parameters.retry_after: wait that long, then retry.
//   409  "Conflict: terminated by other getUpdates request": another copy of the bot is polling.
// The token is part of the URL, so no error message ever contains the URL.

export type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

export class TelegramError extends Error {
  constructor(
    readonly method: string,
    readonly code: number,
    // The Bot API's own words ("Unauthorized"), or what failed when it did not answer.
    readonly description: string,
    // For a 429: how many seconds Telegram asked us to wait.
    readonly retryAfter?: number,
    // No answer at all (code 0): what the network said, e.g. ECONNREFUSED, ENOTFOUND, TimeoutError.
    readonly network?: string,
  ) {
    super(`Telegram ${method} failed (${code}): ${description}`);
    this.name = "TelegramError";
  }
}

// A 429 asking for a longer wait than this is not slept through here, where nothing can interrupt it:
// it goes to the caller (the channel waits, and stops when asked to).
export const MAX_RETRY_AFTER_S = 5;

export interface TelegramApiOptions {
  token: string;
  // https://api.telegram.org unless TELEGRAM_API_BASE says otherwise (the tests' fake server).
  apiBase?: string;
  fetch?: Fetch;
  sleep?: (ms: number) => Promise<void>;
  // How many times a 429 is waited out before giving up.
  maxRetries?: number;
}

export type TelegramCall = <T>(method: string, params?: Record<string, unknown>) => Promise<T>;

interface Envelope {
  ok?: boolean;
  result?: unknown;
  error_code?: number;
  description?: string;
  parameters?: { retry_after?: number };
}

export function telegramApi(options: TelegramApiOptions): TelegramCall {
  const base = (options.apiBase ?? "https://api.telegram.org").replace(/\/+$/, "");
  const doFetch = options.fetch ?? fetch;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const maxRetries = options.maxRetries ?? 3;

  return async function call<T>(method: string, params: Record<string, unknown> = {}): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      let response: Response;
      try {
        response = await doFetch(`${base}/bot${options.token}/${method}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(params),
        });
      } catch (error) {
        // Network errors from fetch may quote the URL, and the URL holds the token: say only what failed,
        // by its code (fetch's own error is a bare "fetch failed"; the reason is in its cause).
        const code = (error as { cause?: { code?: unknown } } | null)?.cause?.code;
        const network = typeof code === "string" && /^[A-Z_]+$/.test(code) ? code : error instanceof Error ? error.name : "error";
        throw new TelegramError(method, 0, `no answer from the Bot API (${network})`, undefined, network);
      }
      // Something that is not the Bot API (a proxy's error page, a wrong TELEGRAM_API_BASE) answers
      // with HTML: its HTTP status is all there is to go on.
      const envelope = (await response.json().catch(() => ({ error_code: response.status, description: `not a Bot API answer (HTTP ${response.status})` }))) as Envelope;
      if (envelope.ok === true) return envelope.result as T;
      const code = envelope.error_code ?? 0;
      const retryAfter = envelope.parameters?.retry_after;
      const wait = typeof retryAfter === "number" && Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter : undefined;
      if (code === 429 && wait !== undefined && wait <= MAX_RETRY_AFTER_S && attempt < maxRetries) {
        await sleep(wait * 1000);
        continue;
      }
      throw new TelegramError(method, code, envelope.description ?? "no description", code === 429 ? wait : undefined);
    }
  };
}

// Telegram refuses a message over 4096 characters, so a long reply goes as several messages, cut at a
// line break where there is one in the second half of the piece, never inside a surrogate pair.
export const TELEGRAM_LIMIT = 4096;

export function splitMessage(text: string, limit = TELEGRAM_LIMIT): string[] {
  const pieces: string[] = [];
  let rest = text;
  while (rest.length > limit) {
    let cut = rest.lastIndexOf("\n", limit);
    if (cut < limit / 2) cut = limit;
    // Do not split an emoji (or any character outside the BMP) in two.
    const code = rest.charCodeAt(cut - 1);
    if (code >= 0xd800 && code <= 0xdbff) cut -= 1;
    pieces.push(rest.slice(0, cut));
    rest = rest.slice(cut).replace(/^\n/, "");
  }
  if (rest.length > 0 || pieces.length === 0) pieces.push(rest);
  return pieces;
}

// What the course does around every request to a real model (Claude, or a server at
// ANTHROPIC_BASE_URL), so waiting and failing are always explained:
// - a spinner on a terminal while the request is in flight;
// - no answer within 60 s (COURSE_TIMEOUT_S): stop, naming the server;
// - HTTP 429 asking to wait more than 30 s: say so and stop, instead of waiting silently;
// - an answer that is not the Messages API (an HTML page, broken JSON, another shape): say exactly that;
// - --budget: stop before a request whose estimated cost would pass the budget.
// The checks are SDK middleware: an error thrown there reaches the lesson as it is, without retries.

import type { Middleware } from "@anthropic-ai/sdk";
import { notMessagesApi } from "../api-answer.ts";
import type { Fetch } from "../client.ts";
import { messageFromEvents, parseSse } from "../fake-api/sse.ts";
import { estimateCost, modelName, usageCost, type UsageLike } from "../model.ts";
import { noteBudgetStop } from "./budget-stops.ts";
import { messages } from "../i18n/messages.ts";
import { requestTimeoutSeconds } from "../request-timeout.ts";
import { createSpinner, type Spinner } from "./spinner.ts";

// Every stop the guard makes is one of these; the message says what happened and what to do.
export class RealModelStop extends Error {
  override name = "RealModelStop";
  // The SDK retries any error whose text matches /timed? ?out/ (as "COURSE_TIMEOUT_S" does); a stop is
  // final, so its text for that test is only its name. The message is unchanged.
  override toString(): string {
    return this.name;
  }
}

export const LONGEST_SILENT_WAIT_S = 30;

export interface GuardOptions {
  timeoutSeconds?: number;
  budgetUsd?: number;
  spinner?: Spinner;
  label?: string;
}

export interface RealModelGuard {
  middleware: Middleware;
  // Wraps the network fetch (inside the transcript, so the spinner is gone before a line is printed).
  wrapNetwork: (fetch: Fetch) => Fetch;
  spentUsd(): number;
  budgetUsd: number | undefined;
}

export function createRealModelGuard(options: GuardOptions = {}): RealModelGuard {
  const timeoutSeconds = options.timeoutSeconds ?? requestTimeoutSeconds();
  const spinner = options.spinner ?? createSpinner();
  const label = options.label ?? "Claude is thinking...";
  let spent = 0;
  let requests = 0;

  const middleware: Middleware = async (request, next) => {
    const isMessages = new URL(request.url).pathname.endsWith("/v1/messages");
    const server = new URL(request.url).origin;
    let model = modelName();
    if (isMessages) {
      requests += 1;
      const body = typeof request.body === "string" ? request.body : "";
      const parsed = safeJson(body) as { model?: string; max_tokens?: number } | undefined;
      model = parsed?.model ?? model;
      if (options.budgetUsd !== undefined) {
        // A rough upper bound: about 4 characters per input token, and every allowed output token.
        const inputTokens = Math.ceil(body.length / 4);
        const outputTokens = parsed?.max_tokens ?? 1024;
        // With a cache breakpoint the input may be written to the cache, at up to twice the input price.
        const cost = body.includes('"cache_control"') ? estimateCost(model, 0, outputTokens, { write1h: inputTokens }) : estimateCost(model, inputTokens, outputTokens);
        // A model without a price cannot be held to a budget: counting it as $0 would let it spend anything.
        if (cost === undefined) {
          noteBudgetStop();
          throw new RealModelStop(messages().budget.noPrice(requests, model, usd(options.budgetUsd)));
        }
        if (spent + cost > options.budgetUsd) {
          noteBudgetStop();
          throw new RealModelStop(messages().budget.wouldPass(requests, usd(cost), inputTokens, outputTokens, usd(spent), usd(options.budgetUsd)));
        }
      }
    }

    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), timeoutSeconds * 1000);
    const signal = request.signal ? AbortSignal.any([request.signal, timeout.signal]) : timeout.signal;
    let response: Response;
    try {
      response = await next({ ...request, signal });
    } catch (error) {
      if (timeout.signal.aborted) {
        throw new RealModelStop(
          `No answer from ${server} in ${timeoutSeconds} s, so the course stopped waiting. The server may be down, overloaded or very slow. ` +
            `Try again, check ANTHROPIC_BASE_URL (npm run doctor), set COURSE_TIMEOUT_S for a longer wait, or run with --offline.`,
        );
      }
      throw error;
    } finally {
      clearTimeout(timer);
    }

    if (response.status === 429) {
      const wait = retryAfterSeconds(response.headers);
      if (wait !== undefined && wait > LONGEST_SILENT_WAIT_S) {
        throw new RealModelStop(
          `${server} is rate limiting you (HTTP 429) and asks to wait ${Math.ceil(wait)} s before the next request. ` +
            `The course does not wait that long silently: run again in ${describeWait(wait)}, or run with --offline.`,
        );
      }
    }
    // A streamed answer's usage comes in its events: counted when the stream has been read to its end,
    // which the SDK does before it sends the next request. The timer above ended when the headers came;
    // a stream that then falls silent is given up on after the same wait without a single event.
    if (isMessages && response.ok && (response.headers.get("content-type") ?? "").includes("text/event-stream")) {
      // What was spent counts the prompt cache's writes and reads too (usageCost), not only input_tokens.
      const counted = countStreamed(response, (usage) => (spent += usageCost(model, usage) ?? 0));
      return stopWhenSilent(counted, timeoutSeconds, server);
    }
    if (!(response.headers.get("content-type") ?? "").includes("text/event-stream")) {
      const text = await response.clone().text();
      const wrong = notMessagesApi({ status: response.status, contentType: response.headers.get("content-type") ?? "", body: text });
      if (wrong) {
        throw new RealModelStop(
          `The server at ${server} answered ${wrong}: that is not the Messages API (${request.method ?? "POST"} ${request.url}). ` +
            `Check ANTHROPIC_BASE_URL in .env: it should be the address of an Anthropic-compatible server, without /v1. npm run doctor checks it.`,
        );
      }
      if (isMessages && response.ok) {
        const usage = (safeJson(text) as { usage?: Partial<UsageLike> } | undefined)?.usage;
        spent += usageCost(model, { ...usage, input_tokens: usage?.input_tokens ?? 0, output_tokens: usage?.output_tokens ?? 0 }) ?? 0;
      }
    }
    return response;
  };

  const wrapNetwork = (fetch: Fetch): Fetch => async (input, init) => {
    spinner.start(label);
    try {
      return await fetch(input, init);
    } finally {
      spinner.stop();
    }
  };

  return { middleware, wrapNetwork, spentUsd: () => spent, budgetUsd: options.budgetUsd };
}

// Passes a streamed body on, and ends it with a RealModelStop when nothing arrives for timeoutSeconds:
// a server that sent its headers and one event, then nothing, would otherwise be awaited for ever.
function stopWhenSilent(response: Response, timeoutSeconds: number, server: string): Response {
  if (!response.body) return response;
  const reader = response.body.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const silent = new Promise<"silent">((resolve) => (timer = setTimeout(() => resolve("silent"), timeoutSeconds * 1000)));
      try {
        const next = await Promise.race([reader.read(), silent]);
        if (next === "silent") {
          await reader.cancel().catch(() => undefined);
          controller.error(
            new RealModelStop(
              `The answer from ${server} stopped in the middle: nothing more came for ${timeoutSeconds} s, so the course stopped waiting. ` +
                "Try again, set COURSE_TIMEOUT_S for a longer wait, or run with --offline.",
            ),
          );
        } else if (next.done) controller.close();
        else controller.enqueue(next.value);
      } finally {
        clearTimeout(timer);
      }
    },
    cancel: (reason) => reader.cancel(reason),
  });
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

function countStreamed(response: Response, count: (usage: UsageLike) => void): Response {
  if (!response.body) return response;
  const decoder = new TextDecoder();
  let text = "";
  const body = response.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        text += decoder.decode(chunk, { stream: true });
        controller.enqueue(chunk);
      },
      flush() {
        const { message } = messageFromEvents(parseSse(text + decoder.decode()));
        if (message) count({ ...message.usage, input_tokens: message.usage.input_tokens ?? 0, output_tokens: message.usage.output_tokens ?? 0 });
      },
    }),
  );
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function retryAfterSeconds(headers: Headers): number | undefined {
  const ms = Number(headers.get("retry-after-ms"));
  if (headers.get("retry-after-ms") !== null && Number.isFinite(ms)) return ms / 1000;
  const value = headers.get("retry-after");
  if (value === null) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return seconds;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : (date - Date.now()) / 1000;
}

function describeWait(seconds: number): string {
  return seconds >= 90 ? `${Math.ceil(seconds / 60)} minutes` : `${Math.ceil(seconds)} s`;
}

// A --budget value as the learner typed it ("0.50", "$0.50"): the amount in US dollars, or undefined
// when it is not a positive amount (the caller says so in its own words).
export function budgetAmountUsd(text: string): number | undefined {
  const amount = Number(text.trim().replace(/^\$/, ""));
  return Number.isFinite(amount) && amount > 0 ? amount : undefined;
}

export function usd(value: number): string {
  return `$${value.toFixed(value < 0.01 ? 4 : 2)}`;
}

// "spent $0.0012 of $0.05 budget", for the summary line.
export function budgetNote(guard: RealModelGuard | undefined): string {
  if (!guard || guard.budgetUsd === undefined) return "";
  return messages().budget.note(usd(guard.spentUsd()), usd(guard.budgetUsd));
}

// Reference solution for exercise 05: the batch executor.

import type Anthropic from "@anthropic-ai/sdk";
import type { ToolCall } from "../../lessons/04-tool-contract/contract.ts";
import type { SafeTool } from "../../lessons/05-parallel-and-safe/executor.ts";

export const DEFAULT_TIMEOUT_MS = 5_000;
export const MAX_CHARS = 8_000;
export const MAX_LINES = 200;

export interface BatchOptions {
  timeoutMs?: number;
  maxChars?: number;
  maxLines?: number;
}

// Only when every call goes to a tool that says concurrencySafe: true. A missing flag means unsafe,
// and so does anything that is not the boolean true (a tool described in JSON may say "false").
export function canRunInParallel(calls: ToolCall[], tools: SafeTool[]): boolean {
  return calls.every((call) => tools.find((t) => t.name === call.name)?.concurrencySafe === true);
}

export class TimeoutError extends Error {
  override name = "TimeoutError";
}

// Resolves with what work returns, or rejects with a TimeoutError after timeoutMs; either way the
// signal handed to work is aborted when the time is up, and the timer never outlives the work.
export function runWithTimeout<T>(work: (signal: AbortSignal) => T | Promise<T>, timeoutMs: number): Promise<T> {
  const controller = new AbortController();
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      const error = new TimeoutError(`timed out after ${timeoutMs} ms`);
      controller.abort(error);
      reject(error);
    }, timeoutMs);
    // Promise.resolve().then(...) turns a tool that throws synchronously into a rejection too.
    Promise.resolve()
      .then(() => work(controller.signal))
      .then(resolve, reject)
      .finally(() => clearTimeout(timer));
  });
}

// A line ends at "\n" or at the end of the text: "a\nb\n" is two lines, not three.
function countLines(text: string): number {
  return text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
}

// Cuts text to at most maxLines lines and maxChars characters; when it cuts, it adds a note saying how
// much was cut and how to ask for less.
export function truncateOutput(text: string, maxChars = MAX_CHARS, maxLines = MAX_LINES): string {
  let kept = text;
  if (countLines(kept) > maxLines) kept = `${text.split("\n").slice(0, maxLines).join("\n")}\n`;
  if (kept.length > maxChars) kept = kept.slice(0, maxChars);
  // Half an emoji (a lone surrogate) is not text: the API cannot read it. Cut before the pair instead.
  if (/[\uD800-\uDBFF]$/.test(kept)) kept = kept.slice(0, -1);
  if (kept.length === text.length) return text;
  // Lines not shown at all; a line cut in the middle counts as shown.
  const cutLines = countLines(text) - countLines(kept);
  return (
    `${kept}${kept.endsWith("\n") ? "" : "\n"}[output cut: ${text.length - kept.length} more characters (${cutLines} more lines) not shown. ` +
    "Ask for less: narrow the query, or ask for the rest with an offset.]"
  );
}

// One tool_result per call, in the order of `calls`, never a rejection.
export async function executeBatch(
  calls: ToolCall[],
  tools: SafeTool[],
  options: BatchOptions = {},
): Promise<Anthropic.ToolResultBlockParam[]> {
  if (canRunInParallel(calls, tools)) return Promise.all(calls.map((call) => runOne(call, tools, options)));
  const results: Anthropic.ToolResultBlockParam[] = [];
  for (const call of calls) results.push(await runOne(call, tools, options));
  return results;
}

async function runOne(call: ToolCall, tools: SafeTool[], options: BatchOptions): Promise<Anthropic.ToolResultBlockParam> {
  const answer = (content: string, isError: boolean): Anthropic.ToolResultBlockParam => ({
    type: "tool_result",
    tool_use_id: call.id,
    content: truncateOutput(content, options.maxChars, options.maxLines),
    ...(isError ? { is_error: true } : {}),
  });
  const tool = tools.find((t) => t.name === call.name);
  if (!tool) return answer(`Unknown tool '${call.name}'. Available tools: ${tools.map((t) => t.name).join(", ")}.`, true);

  const timeoutMs = tool.timeoutMs ?? options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  try {
    const output: unknown = await runWithTimeout((signal) => tool.run((call.input ?? {}) as Record<string, unknown>, signal), timeoutMs);
    // A JavaScript tool may return a number or an object; the API wants text. Inside the try, because
    // JSON.stringify itself can throw (a BigInt, a circular object).
    return answer(typeof output === "string" ? output : (JSON.stringify(output) ?? String(output)), false);
  } catch (error) {
    if (error instanceof TimeoutError) {
      return answer(
        `${tool.name} timed out after ${timeoutMs} ms and was stopped. The call itself was fine: retry it as is, or go on without it.`,
        true,
      );
    }
    return answer(`${tool.name} failed: ${error instanceof Error ? error.message : String(error)}`, true);
  }
}

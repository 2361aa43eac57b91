// The batch executor: runs one turn's tool calls and answers every one of them, whatever happens.
//
//   - Parallel only when it is safe: if EVERY call in the turn is to a tool that declares
//     concurrencySafe, they run at the same time; if even one is not (it writes, or says nothing),
//     the whole turn runs in order. Two writes racing for one file must never happen.
//   - Every call is wrapped: a timeout (the tool's own timeoutMs, or a default) stops it with an
//     AbortSignal; anything it throws becomes an is_error result; its output is capped.
//   - One tool_result per tool_use, matched by id, all returned together for ONE user message.

import type Anthropic from "@anthropic-ai/sdk";
import type { Tool } from "../01-first-tool/tool.ts";
import type { ToolCall } from "../04-tool-contract/contract.ts";
import { unknownToolMessage } from "../04-tool-contract/did-you-mean.ts";
import { truncateOutput, type OutputLimits } from "./truncate.ts";

// A tool that may be stopped: `signal` fires when its time is up. Any lesson 01 Tool is one of these;
// a tool that ignores the signal is still cut off, but keeps running in the background.
export interface SafeTool<Input = Record<string, unknown>> extends Tool<Input> {
  run(input: Input, signal?: AbortSignal): string | Promise<string>;
  // What the executor must know before it runs the tool, new in this lesson (lesson 01's Tool says
  // nothing about it). A tool that leaves them out counts as one that writes and runs alone.
  // It changes nothing (a rate lookup, reading a file).
  readOnly?: boolean;
  // It may run at the same time as other calls of the turn.
  concurrencySafe?: boolean;
  // How long one call may take before it is stopped (else the executor's default).
  timeoutMs?: number;
}

export const DEFAULT_TIMEOUT_MS = 5_000;

export interface CallTiming {
  id: string;
  name: string;
  ms: number;
  isError: boolean;
}

export interface ExecutorOptions extends OutputLimits {
  // For tools that declare no timeoutMs of their own.
  timeoutMs?: number;
  // Told when each call ends (the lesson prints durations with it).
  onCallEnd?: (timing: CallTiming) => void;
}

export class ToolTimeoutError extends Error {
  override name = "ToolTimeoutError";
  constructor(readonly timeoutMs: number) {
    super(`timed out after ${timeoutMs} ms`);
  }
}

// "Every tool starts assumed unsafe": only an explicit concurrencySafe: true lets a call run alongside others.
export function canRunInParallel(calls: ToolCall[], tools: SafeTool[]): boolean {
  return calls.length > 1 && calls.every((call) => tools.find((t) => t.name === call.name)?.concurrencySafe === true);
}

export async function executeBatch(
  calls: ToolCall[],
  tools: SafeTool[],
  options: ExecutorOptions = {},
): Promise<Anthropic.ToolResultBlockParam[]> {
  if (canRunInParallel(calls, tools)) {
    // Promise.all keeps the order of `calls`, and runCall never rejects, so no result is ever lost.
    return Promise.all(calls.map((call) => runCall(call, tools, options)));
  }
  const results: Anthropic.ToolResultBlockParam[] = [];
  for (const call of calls) results.push(await runCall(call, tools, options));
  return results;
}

// Runs one call and always returns its tool_result: it never throws.
export async function runCall(
  call: ToolCall,
  tools: SafeTool[],
  options: ExecutorOptions = {},
): Promise<Anthropic.ToolResultBlockParam> {
  const started = performance.now();
  const tool = tools.find((t) => t.name === call.name);
  let content: string;
  let isError = false;
  if (!tool) {
    content = unknownToolMessage(call.name, tools.map((t) => t.name));
    isError = true;
  } else {
    const timeoutMs = tool.timeoutMs ?? options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const input = (call.input ?? {}) as Record<string, unknown>;
    try {
      content = await runWithTimeout((signal) => tool.run(input, signal), timeoutMs);
    } catch (error) {
      isError = true;
      content = describeFailure(tool.name, error);
    }
  }
  options.onCallEnd?.({ id: call.id, name: call.name, ms: performance.now() - started, isError });
  const result: Anthropic.ToolResultBlockParam = { type: "tool_result", tool_use_id: call.id, content: truncateOutput(content, options) };
  if (isError) result.is_error = true;
  return result;
}

// Resolves with work's value, or rejects with ToolTimeoutError after timeoutMs, aborting the signal
// so that a tool which listens (fetch does) stops its work too.
export function runWithTimeout<T>(work: (signal: AbortSignal) => T | Promise<T>, timeoutMs: number): Promise<T> {
  const controller = new AbortController();
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      const error = new ToolTimeoutError(timeoutMs);
      controller.abort(error);
      reject(error);
    }, timeoutMs);
    Promise.resolve()
      .then(() => work(controller.signal))
      .then(
        (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error);
        },
      );
  });
}

export function describeFailure(toolName: string, error: unknown): string {
  if (error instanceof ToolTimeoutError) {
    return (
      `${toolName} did not answer within ${error.timeoutMs} ms and was stopped. The call itself was fine: ` +
      "you may retry it as is, or go on without this result."
    );
  }
  const message = error instanceof Error ? error.message : String(error);
  return message.trim() || `${toolName} failed without saying why. Your call may have been fine: retry it once as is.`;
}

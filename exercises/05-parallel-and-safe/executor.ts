// Exercise 05: the batch executor. Read exercises/05-parallel-and-safe/README.md first.
// Check your work with: npm run check 5
//
// executeBatch() gets one turn's tool calls and must answer every one of them, whatever happens:
// in parallel when that is safe, in order when it is not, each call with a timeout, nothing thrown,
// and no result so big it floods the conversation.

import type Anthropic from "@anthropic-ai/sdk";
import type { ToolCall } from "../../lessons/04-tool-contract/contract.ts";
import type { SafeTool } from "../../lessons/05-parallel-and-safe/executor.ts";

const FILE = "exercises/05-parallel-and-safe/executor.ts";

export const DEFAULT_TIMEOUT_MS = 5_000;
export const MAX_CHARS = 8_000;
export const MAX_LINES = 200;

export interface BatchOptions {
  // For tools that declare no timeoutMs of their own.
  timeoutMs?: number;
  maxChars?: number;
  maxLines?: number;
}

// TODO 1: true only when EVERY call goes to a tool that declares concurrencySafe: true.
// A tool without the flag, or an unknown tool, counts as unsafe ("assumed unsafe until it says so").
// Hard mode: so does a flag that is not the boolean true (JSON may say "false").
export function canRunInParallel(calls: ToolCall[], tools: SafeTool[]): boolean {
  throw new Error(`not implemented yet: canRunInParallel(${calls.length} calls, ${tools.length} tools) in ${FILE} (TODO 1)`);
}

export class TimeoutError extends Error {
  override name = "TimeoutError";
}

// TODO 2: resolve with what work returns, or reject with a TimeoutError after timeoutMs (its message
// says after how many ms). When the time is up, also abort the signal handed to work with that error
// (controller.abort(error) on an AbortController), so a tool that listens stops. A work that rejects:
// reject with its own error. Hard mode: a synchronous throw rejects too; clear the timer whenever work
// settles first, after a failure too.
export function runWithTimeout<T>(work: (signal: AbortSignal) => T | Promise<T>, timeoutMs: number): Promise<T> {
  throw new Error(`not implemented yet: runWithTimeout(work, ${timeoutMs}) in ${FILE} (TODO 2)`);
}

// TODO 3: cut text to at most maxLines lines and at most maxChars characters. When anything is cut,
// add a note that says the output was cut, how many characters and how many lines are not shown, and
// how to ask for less (narrow the query, or use an offset). Text within both limits comes back unchanged.
// Hard mode: a line ends at "\n" or at the end of the text ("a\nb\n" is two lines); a line cut in the
// middle counts as shown; the note goes on its own line; never cut an emoji in half: cut before it.
export function truncateOutput(text: string, maxChars = MAX_CHARS, maxLines = MAX_LINES): string {
  throw new Error(`not implemented yet: truncateOutput(${text.length} characters, ${maxChars}, ${maxLines}) in ${FILE} (TODO 3)`);
}

// TODO 4: one tool_result per call ({ type: "tool_result", tool_use_id: call.id, content }), in the
// order of `calls` (not the order they finished). Run them all at once when canRunInParallel says so,
// else one after another. Each call: find its tool (unknown -> is_error result naming it and listing
// the tools), run tool.run(input, signal) through runWithTimeout with the tool's own timeoutMs (else
// options.timeoutMs, else DEFAULT_TIMEOUT_MS). A result that is not a string -> its JSON text.
// A timeout -> is_error result saying it timed out, that the call itself was fine and may be retried.
// A throw or rejection -> is_error result naming the tool, with the message. Every result goes through
// truncateOutput. Hard mode: a thrown value that is not an Error, error texts through truncateOutput
// too, undefined as text. executeBatch itself never rejects.
export async function executeBatch(
  calls: ToolCall[],
  tools: SafeTool[],
  options: BatchOptions = {},
): Promise<Anthropic.ToolResultBlockParam[]> {
  throw new Error(`not implemented yet: executeBatch(${calls.length} calls) in ${FILE} (TODO 4), options ${JSON.stringify(options)}`);
}

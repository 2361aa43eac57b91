// The terminal transcript: shows what the model sees and says, read straight off the wire.
// It wraps the client's fetch, so a lesson's code needs no printing of its own to be watched:
//   → get_exchange_rate {"from_currency":"USD","to_currency":"RUB"}
//   ← {"rate":92.5,...}
// With raw on, it prints the exact JSON of every request and response instead.

import chalk from "chalk";
import type Anthropic from "@anthropic-ai/sdk";
import type { Fetch } from "./client.ts";
import { toolResultText } from "./fake-api/receive-request.ts";
import { isEventStream, messageFromEvents, parseSse } from "./fake-api/sse.ts";
import { inert } from "./inert-text.ts";
import { cacheTokens, estimateCost } from "./model.ts";
import { messages } from "./i18n/messages.ts";
import { labelled, transcriptLabel } from "./transcript-label.ts";

export interface TrafficStats {
  requests: number;
  toolCalls: number;
  inputTokens: number;
  outputTokens: number;
  model: string;
  // Prompt caching (lesson 12): the input tokens written to the cache and read from it, which
  // input_tokens leaves out and which cost more (a write) or much less (a read).
  cache?: { write5m: number; write1h: number; read: number };
}

export interface Transcript {
  wrapFetch: (fetch: Fetch) => Fetch;
  stats: TrafficStats;
  // The text of the last answer shown, so the caller does not print it twice.
  lastText: () => string;
  // The stop_reason of the last response: "tool_use" after the agent returned means the model was
  // still waiting for tool results (the agent stopped at its turn limit), not finished.
  lastStopReason: () => string | undefined;
}

const MAX_SHOWN = 600;

// One line, at most MAX_SHOWN characters, and inert: whatever a tool returned is shown, never obeyed.
// Only the start is flattened: /\s*\n\s*/ retries at every space, so on a long run of spaces its
// time grows with the square of the length.
function clip(text: string): string {
  const head = text.slice(0, MAX_SHOWN * 4);
  const flat = head.replace(/\s*\n\s*/g, " ⏎ ");
  const more = text.length - head.length + Math.max(0, flat.length - MAX_SHOWN);
  return inert(more > 0 ? `${flat.slice(0, MAX_SHOWN)}… (${more} more characters)` : flat);
}

export interface TranscriptOptions {
  raw?: boolean;
  write?: (line: string) => void;
  // Shows a streamed answer's text as it arrives (pieces, no line breaks added); the finished
  // answer's text is then not printed again. Without it, a streamed answer is shown when it ends.
  live?: (text: string) => void;
}

export function createTranscript(options: TranscriptOptions = {}): Transcript {
  const print = options.write ?? ((line: string) => console.log(line));
  // A turn that runs beside others (lesson 09's tabs and chats) has each of its lines labelled.
  const write = (line: string) => print(labelled(line));
  const stats: TrafficStats = { requests: 0, toolCalls: 0, inputTokens: 0, outputTokens: 0, model: "" };
  const toolNames = new Map<string, string>();
  let lastText = "";
  let lastStopReason: string | undefined;

  function showRequest(body: Anthropic.MessageCreateParamsNonStreaming): void {
    const last = body.messages?.at(-1);
    if (!last || typeof last.content === "string" || last.role !== "user") return;
    for (const block of last.content) {
      if (block.type !== "tool_result") continue;
      const text = clip(toolResultText(block));
      const name = inert(toolNames.get(block.tool_use_id) ?? "?");
      if (block.is_error) write(chalk.red(`  ← ${name} error: ${text}`));
      else write(chalk.green(`  ← ${text}`));
    }
  }

  // The summary's figures, counted the same way whether the response is shown or printed raw.
  function countResponse(message: Anthropic.Message): void {
    stats.inputTokens += message.usage?.input_tokens ?? 0;
    stats.outputTokens += message.usage?.output_tokens ?? 0;
    const tokens = message.usage ? cacheTokens(message.usage) : { write5m: 0, write1h: 0, read: 0 };
    if (tokens.write5m + tokens.write1h > 0 || tokens.read > 0) {
      const cache = (stats.cache ??= { write5m: 0, write1h: 0, read: 0 });
      cache.write5m += tokens.write5m;
      cache.write1h += tokens.write1h;
      cache.read += tokens.read;
    }
    stats.model = message.model;
    stats.toolCalls += message.content.filter((b) => b.type === "tool_use").length;
    lastText = message.content.flatMap((b) => (b.type === "text" ? [b.text] : [])).join("\n");
    lastStopReason = message.stop_reason ?? undefined;
  }

  // What the model thought before it answered: dim, one line, never mistaken for the answer.
  function showThinking(block: { type: "thinking"; thinking: string } | { type: "redacted_thinking" }): void {
    const m = messages().lesson;
    const line = block.type === "redacted_thinking" ? m.thinkingRedacted : block.thinking === "" ? m.thinkingOmitted : m.thinking(clip(block.thinking));
    write(chalk.dim(`  ${line}`));
  }

  // `shownLive`: the answer's text and thinking were already shown while the stream came in.
  function showResponse(message: Anthropic.Message, shownLive = false): void {
    const calls = message.content.filter((b) => b.type === "tool_use");
    for (const block of message.content) {
      if (block.type === "thinking" || block.type === "redacted_thinking") {
        if (!shownLive) showThinking(block);
      } else if (block.type === "text") {
        const textShown = shownLive;
        if (textShown) continue;
        // Text next to a tool call is the model thinking aloud; text at the end is the answer.
        const text = inert(block.text, { multiline: true });
        // Every line of it indented, so a multi-line note does not read like the final answer.
        write(calls.length > 0 ? chalk.dim(text.replace(/^/gm, "  ")) : `\n${chalk.bold(text)}`);
      } else if (block.type === "tool_use") {
        toolNames.set(block.id, block.name);
        write(chalk.cyan(`  → ${inert(block.name)} ${inert(JSON.stringify(block.input))}`));
      }
    }
    if (message.stop_reason && message.stop_reason !== "end_turn" && message.stop_reason !== "tool_use") {
      write(chalk.yellow(`  (stop_reason: ${inert(message.stop_reason)})`));
    }
  }

  function wrapFetch(fetch: Fetch): Fetch {
    return async (input, init) => {
      const bodyText = typeof init?.body === "string" ? init.body : "";
      const isMessages = String(input instanceof Request ? input.url : input).endsWith("/v1/messages");
      if (isMessages && bodyText) {
        stats.requests += 1;
        if (options.raw) write(chalk.magenta(`\n>>> request ${stats.requests}\n`) + prettyJson(bodyText));
        else showRequest(JSON.parse(bodyText) as Anthropic.MessageCreateParamsNonStreaming);
      }
      const response = await fetch(input, init);
      if (!isMessages) return response;
      if (response.ok && isEventStream(response)) return watchStream(response, stats.requests);
      const text = await response.clone().text();
      if (options.raw) write(chalk.magenta(`\n<<< response ${stats.requests} (HTTP ${response.status})\n`) + prettyJson(text));
      if (response.ok) {
        try {
          const message = JSON.parse(text) as Anthropic.Message;
          countResponse(message);
          if (!options.raw) showResponse(message);
        } catch {
          // not JSON: the SDK will report it
        }
      }
      return response;
    };
  }

  // A streamed answer (stream: true) passes through untouched while its text is kept; when it ends,
  // it is shown like any other answer. A stream that breaks is left to the SDK to report.
  function watchStream(response: Response, number: number): Response {
    if (!response.body) return response;
    const decoder = new TextDecoder();
    let text = "";
    // With `live`: how far the complete events have been read, and whether any text was shown.
    let read = 0;
    let shownLive = false;
    let thoughtsShown = false;
    // A thinking block comes before the answer: shown when it ends, so it never lands after the words.
    const thoughts = new Map<number, { type: "thinking"; thinking: string } | { type: "redacted_thinking" }>();
    // Words streamed as they come cannot carry a label: beside other turns, the answer is shown whole.
    const live = options.raw || transcriptLabel() !== undefined ? undefined : options.live;
    const body = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          text += decoder.decode(chunk, { stream: true });
          const end = text.lastIndexOf("\n\n");
          if (live && end >= read) {
            for (const event of parseSse(text.slice(read, end))) {
              if (event.type === "content_block_start" && event.content_block.type === "thinking") thoughts.set(event.index, { type: "thinking", thinking: "" });
              if (event.type === "content_block_start" && event.content_block.type === "redacted_thinking") thoughts.set(event.index, { type: "redacted_thinking" });
              const thought = "index" in event ? thoughts.get(event.index) : undefined;
              if (thought?.type === "thinking" && event.type === "content_block_delta" && event.delta.type === "thinking_delta") thought.thinking += event.delta.thinking;
              if (thought && event.type === "content_block_stop") {
                showThinking(thought);
                thoughtsShown = true;
              }
              if (event.type !== "content_block_delta" || event.delta.type !== "text_delta") continue;
              // Streamed text is model text like any other: made inert before the terminal sees it.
              const piece = inert(event.delta.text, { multiline: true });
              live(shownLive ? piece : `\n${piece}`);
              shownLive = true;
            }
            read = end + 2;
          }
          controller.enqueue(chunk);
        },
        flush() {
          text += decoder.decode();
          if (options.raw) write(chalk.magenta(`\n<<< response ${number} (HTTP ${response.status}, streamed)\n`) + inert(text.trimEnd(), { multiline: true }));
          if (shownLive) live?.("\n");
          const { message } = messageFromEvents(parseSse(text));
          if (!message) return;
          countResponse(message);
          if (!options.raw) showResponse(message, shownLive || thoughtsShown);
        },
      }),
    );
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  }

  return { wrapFetch, stats, lastText: () => lastText, lastStopReason: () => lastStopReason };
}

// JSON escapes C0 controls but not C1 ones (0x9b acts as ESC [ on some terminals) or bidi marks.
function prettyJson(text: string): string {
  try {
    return inert(JSON.stringify(JSON.parse(text), null, 2), { multiline: true });
  } catch {
    return inert(text, { multiline: true });
  }
}

export function summaryLine(stats: TrafficStats, seconds: number, offline: boolean): string {
  const m = messages().lesson;
  const cost = offline ? m.offlineCost : formatCost(estimateCost(stats.model, stats.inputTokens, stats.outputTokens, stats.cache));
  return chalk.dim(
    m.summary({
      turns: stats.requests,
      toolCalls: stats.toolCalls,
      inputTokens: stats.inputTokens,
      outputTokens: stats.outputTokens,
      estimated: offline,
      cost,
      seconds: seconds.toFixed(2),
    }),
  );
}

function formatCost(cost: number | undefined): string {
  return cost === undefined ? messages().lesson.unknownCost : `~$${cost.toFixed(4)}`;
}

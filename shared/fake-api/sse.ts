// Streamed answers (`stream: true`) as the Messages API sends them: server-sent events, one JSON
// object per event. The offline and mock models answer with these, the SDK's own stream parser reads
// them (`client.messages.stream(...)`), and the transcript and recorder read them back off the wire.
//
//   event: message_start        the message, with empty content and no stop_reason yet
//   event: content_block_start  one per block: a text block, a tool_use or server_tool_use with input
//                               {}, a thinking block with empty thinking and signature, or a whole
//                               redacted_thinking or tool_search_tool_result
//   event: ping                 keep-alive; the SDK skips it
//   event: content_block_delta  text_delta {text}, input_json_delta {partial_json} or thinking_delta
//                               {thinking}, a piece at a time; a thinking block ends with signature_delta
//   event: content_block_stop
//   event: message_delta        stop_reason, stop_details and the output token count
//   event: message_stop
//   event: error                instead of the rest, when the server fails mid-stream (overloaded_error)

import type Anthropic from "@anthropic-ai/sdk";

export type StreamEvent =
  | Anthropic.RawMessageStreamEvent
  | { type: "ping" }
  | { type: "error"; error: { type: string; message: string } };

// How a scripted stream breaks: after `afterEvents` events, the connection drops, or the server sends
// an `error` event (the real API's way to fail after the 200 status line has gone out).
export type StreamFault =
  | { afterEvents: number; kind: "disconnect" }
  | { afterEvents: number; kind: "error"; errorType: string; message: string };

// A tool_use block cut off by max_tokens: the JSON text the model had written when it stopped. The
// stream sends exactly that text; the parsed `input` holds what of it could be read.
export const partialInputs = new WeakMap<object, string>();

// The events that carry `message`, in the order the API sends them. Text arrives a few words at a
// time and tool input as pieces of its JSON text, so code that shows text as it comes can be tried.
export function messageEvents(message: Anthropic.Message): StreamEvent[] {
  const events: StreamEvent[] = [
    {
      type: "message_start",
      message: {
        ...message,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        stop_details: null,
        usage: { ...message.usage, output_tokens: 1 },
      },
    },
  ];
  message.content.forEach((block, index) => {
    if (block.type === "text") {
      events.push({ type: "content_block_start", index, content_block: { ...block, text: "" } });
      if (index === 0) events.push({ type: "ping" });
      for (const text of textPieces(block.text)) {
        events.push({ type: "content_block_delta", index, delta: { type: "text_delta", text } });
      }
    } else if (block.type === "tool_use" || block.type === "server_tool_use") {
      events.push({ type: "content_block_start", index, content_block: { ...block, input: {} } });
      if (index === 0) events.push({ type: "ping" });
      // The API's first input delta is an empty string; the SDK must cope with it, so we send it too.
      const json = partialInputs.get(block) ?? JSON.stringify(block.input ?? {});
      for (const partial_json of ["", ...jsonPieces(json)]) {
        events.push({ type: "content_block_delta", index, delta: { type: "input_json_delta", partial_json } });
      }
    } else if (block.type === "thinking") {
      events.push({ type: "content_block_start", index, content_block: { ...block, thinking: "", signature: "" } });
      if (index === 0) events.push({ type: "ping" });
      for (const thinking of block.thinking === "" ? [] : textPieces(block.thinking)) {
        events.push({ type: "content_block_delta", index, delta: { type: "thinking_delta", thinking } });
      }
      events.push({ type: "content_block_delta", index, delta: { type: "signature_delta", signature: block.signature } });
    } else {
      events.push({ type: "content_block_start", index, content_block: block });
    }
    events.push({ type: "content_block_stop", index });
  });
  events.push({
    type: "message_delta",
    delta: {
      stop_reason: message.stop_reason,
      stop_sequence: message.stop_sequence,
      stop_details: message.stop_details,
      container: null,
    },
    usage: {
      input_tokens: message.usage.input_tokens,
      output_tokens: message.usage.output_tokens,
      cache_creation_input_tokens: message.usage.cache_creation_input_tokens,
      cache_read_input_tokens: message.usage.cache_read_input_tokens,
      output_tokens_details: null,
      server_tool_use: null,
    },
  });
  events.push({ type: "message_stop" });
  return events;
}

// A few words per piece, spaces kept, so the pieces join back into exactly the text.
function textPieces(text: string): string[] {
  const words = text.match(/\s*\S+\s*/gu) ?? [text];
  const pieces: string[] = [];
  for (let i = 0; i < words.length; i += 3) pieces.push(words.slice(i, i + 3).join(""));
  return pieces.length > 0 ? pieces : [""];
}

// Pieces of a JSON text cut at any character (the API cuts mid-string and mid-number too), but never
// inside a character made of two UTF-16 units.
function jsonPieces(json: string): string[] {
  const chars = Array.from(json);
  const pieces: string[] = [];
  for (let i = 0; i < chars.length; i += 12) pieces.push(chars.slice(i, i + 12).join(""));
  return pieces;
}

export function sseText(event: StreamEvent): string {
  return `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
}

export interface SseOptions {
  headers?: Record<string, string>;
  // A pause before each event, so a person watching sees the text arrive.
  delayMs?: number;
  fault?: StreamFault;
}

// An HTTP 200 whose body sends the events one at a time, as a real stream does.
export function sseResponse(events: StreamEvent[], options: SseOptions = {}): Response {
  const encoder = new TextEncoder();
  const fault = options.fault;
  let sent = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (options.delayMs) await new Promise<void>((resolve) => (timer = setTimeout(resolve, options.delayMs)));
      if (fault && sent === fault.afterEvents) {
        if (fault.kind === "disconnect") {
          // What Node's fetch (undici) throws when the server closes the connection mid-body.
          controller.error(new TypeError("terminated"));
          return;
        }
        controller.enqueue(encoder.encode(sseText({ type: "error", error: { type: fault.errorType, message: fault.message } })));
        controller.close();
        return;
      }
      const event = events[sent];
      if (!event) {
        controller.close();
        return;
      }
      sent += 1;
      controller.enqueue(encoder.encode(sseText(event)));
    },
    cancel() {
      clearTimeout(timer);
    },
  });
  return new Response(body, {
    status: 200,
    headers: { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache", ...options.headers },
  });
}

export function isEventStream(response: Response): boolean {
  return (response.headers.get("content-type") ?? "").startsWith("text/event-stream");
}

// The events in an SSE text, in order. Blocks without a JSON `data` line are skipped.
export function parseSse(text: string): StreamEvent[] {
  const events: StreamEvent[] = [];
  for (const block of text.split(/\r?\n\r?\n/)) {
    const data = block
      .split(/\r?\n/)
      .filter((line) => line.startsWith("data:"))
      .map((line) => line.slice(5).replace(/^ /, ""))
      .join("\n");
    if (data === "") continue;
    try {
      events.push(JSON.parse(data) as StreamEvent);
    } catch {
      // not JSON: the SDK reports it to the code that reads the stream
    }
  }
  return events;
}

export interface StreamedMessage {
  // Everything that arrived, put together; undefined when not even message_start came.
  message?: Anthropic.Message;
  // True only when message_stop arrived: anything else is a broken stream.
  complete: boolean;
  error?: { type: string; message: string };
}

// Puts a streamed message back together from its events, the way the SDK's MessageStream does.
export function messageFromEvents(events: StreamEvent[]): StreamedMessage {
  let message: Anthropic.Message | undefined;
  const json = new Map<number, string>();
  for (const event of events) {
    if (event.type === "error") return { message, complete: false, error: event.error };
    if (event.type === "message_start") {
      message = { ...event.message, content: [] };
      continue;
    }
    if (!message) continue;
    switch (event.type) {
      case "content_block_start":
        message.content[event.index] = { ...event.content_block } as Anthropic.ContentBlock;
        break;
      case "content_block_delta": {
        const block = message.content[event.index];
        if (block?.type === "text" && event.delta.type === "text_delta") block.text += event.delta.text;
        if (block?.type === "thinking" && event.delta.type === "thinking_delta") block.thinking += event.delta.thinking;
        if (block?.type === "thinking" && event.delta.type === "signature_delta") block.signature = event.delta.signature;
        if (event.delta.type === "input_json_delta") json.set(event.index, (json.get(event.index) ?? "") + event.delta.partial_json);
        // A compaction block's one delta carries its whole value (compaction.ts); a beta type, so untyped here.
        const delta = event.delta as unknown as { type: string; content?: unknown };
        if ((block as { type?: string } | undefined)?.type === "compaction" && delta.type === "compaction_delta") {
          (block as unknown as { content: unknown }).content = delta.content;
        }
        break;
      }
      case "content_block_stop": {
        const block = message.content[event.index];
        const text = json.get(event.index);
        if (block?.type === "tool_use" && text !== undefined) block.input = parseInput(text);
        break;
      }
      case "message_delta":
        message.stop_reason = event.delta.stop_reason;
        message.stop_sequence = event.delta.stop_sequence;
        message.stop_details = event.delta.stop_details;
        message.usage = { ...message.usage, output_tokens: event.usage.output_tokens };
        if (event.usage.input_tokens != null) message.usage.input_tokens = event.usage.input_tokens;
        break;
      case "message_stop":
        return { message, complete: true };
      default:
        break;
    }
  }
  return { message, complete: false };
}

// A tool's input from its streamed JSON text; the SDK reports a broken one to the code, so here it
// only must not throw.
function parseInput(text: string): unknown {
  if (text === "") return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return {};
  }
}

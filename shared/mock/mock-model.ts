// The mock model for tests: a `fetch` function that plays scripted turns and checks every request as
// strictly as the real Messages API. Hand it to `new Anthropic({ fetch })` (or use `mock.client`) and
// the code under test runs through the real SDK, unchanged.
//
//   const mock = createMockModel([
//     reply.toolUse("get_exchange_rate", { from_currency: "USD", to_currency: "RUB" }),
//     reply.text("1 USD is 92.5 RUB."),
//   ]);
//   await askOnce(mock.client, "USD to RUB?");
//   expect(mock.toolResults()[0]?.content).toContain("92.5");
//   mock.assertAllUsed();

import Anthropic from "@anthropic-ai/sdk";
import { inputUsage, receiveMessagesRequest } from "../fake-api/receive-request.ts";
import type { RequestProblem } from "../fake-api/validate-request.ts";
import { rememberPausedTurn } from "../fake-api/model-rules.ts";
import { obeyRequest } from "../fake-api/obey-request.ts";
import { errorResponse, messageResponse, newId, type ContentBlock, type StopReason } from "../fake-api/responses.ts";
import { withThreads } from "../fake-api/threads.ts";
import { redactedThinkingData, rememberThinkingTurn, signThinking } from "../fake-api/thinking.ts";
import type { StreamFault } from "../fake-api/sse.ts";

// What the code sent: a plain request, or one with `stream: true` (client.messages.stream()).
export type MessagesRequest = Anthropic.MessageCreateParams;

export type MockTurn = MockMessage | MockError | MockDynamic;

// A thinking block gets its signature from the mock (one that verifies), unless the script gives one;
// a redacted_thinking block likewise gets its `data`.
export type MockBlock =
  | Anthropic.TextBlockParam
  | { type: "tool_use"; id?: string; name: string; input: unknown }
  | { type: "thinking"; thinking: string; signature?: string }
  | { type: "redacted_thinking"; data?: string };

export interface MockMessage {
  kind: "message";
  content: MockBlock[];
  stopReason: StopReason;
  // Why the model declined, sent with stop_reason "refusal".
  stopDetails?: Anthropic.RefusalStopDetails;
  // Which stop sequence ended the text, sent with stop_reason "stop_sequence".
  stopSequence?: string;
  delayMs?: number;
  // Only for a streamed request: how the stream breaks (see reply.dropStream and reply.streamError).
  streamFault?: StreamFault;
}

export interface MockError {
  kind: "error";
  status: number;
  message: string;
  headers?: Record<string, string>;
  delayMs?: number;
}

// A turn computed from the request it answers, for tests that need to react to what was sent.
export interface MockDynamic {
  kind: "dynamic";
  respond: (request: MessagesRequest) => MockMessage | MockError;
}

export interface ToolCallScript {
  name: string;
  input: unknown;
  id?: string;
}

export const reply = {
  text(text: string, stopReason: StopReason = "end_turn"): MockMessage {
    return { kind: "message", content: [{ type: "text", text }], stopReason };
  },
  toolUse(name: string, input: unknown, options: { id?: string; text?: string } = {}): MockMessage {
    return reply.toolUses([{ name, input, id: options.id }], options.text);
  },
  // Several tool_use blocks in one turn, as Claude sends when calls do not depend on each other.
  toolUses(calls: ToolCallScript[], text?: string): MockMessage {
    const content: MockMessage["content"] = text ? [{ type: "text", text }] : [];
    for (const call of calls) content.push({ type: "tool_use", id: call.id, name: call.name, input: call.input });
    return { kind: "message", content, stopReason: "tool_use" };
  },
  // Any content and stop_reason, e.g. a cut-off answer: reply.raw([{type:"text",text:"..."}], "max_tokens").
  raw(content: MockMessage["content"], stopReason: StopReason): MockMessage {
    return { kind: "message", content, stopReason };
  },
  // The model declined: stop_reason "refusal", with stop_details saying why, as the API sends them.
  refusal(text = "", details: Partial<Omit<Anthropic.RefusalStopDetails, "type">> = {}): MockMessage {
    const content: MockMessage["content"] = text ? [{ type: "text", text }] : [];
    const stopDetails: Anthropic.RefusalStopDetails = { type: "refusal", category: details.category ?? null, explanation: details.explanation ?? null };
    return { kind: "message", content, stopReason: "refusal", stopDetails };
  },
  // The text stopped where one of the request's stop_sequences began (the sequence is not in the text).
  stopSequence(text: string, sequence: string): MockMessage {
    return { kind: "message", content: [{ type: "text", text }], stopReason: "stop_sequence", stopSequence: sequence };
  },
  // A streamed answer whose connection drops after `afterEvents` events: the SDK's stream fails with
  // its own error (AnthropicError "terminated"), as it would on a real network cut.
  dropStream(afterEvents: number, turn: MockMessage): MockMessage {
    return { ...turn, streamFault: { kind: "disconnect", afterEvents } };
  },
  // A streamed answer that fails with an `error` event after `afterEvents` events, as the API does
  // when it is overloaded mid-answer: the SDK throws an APIError of that type.
  streamError(afterEvents: number, turn: MockMessage, errorType = "overloaded_error", message = "Overloaded"): MockMessage {
    return { ...turn, streamFault: { kind: "error", afterEvents, errorType, message } };
  },
  // The same turn, begun with a thinking block, as a thinking model answers (adaptive models on most
  // turns, always-on models on every turn). Code that reads content[0].text as the answer breaks on it.
  thinking(thinking: string, turn: MockMessage): MockMessage {
    return { ...turn, content: [{ type: "thinking", thinking }, ...turn.content] };
  },
  // The same turn, begun with a redacted_thinking block (thinking the safety systems encrypted): it
  // must go back unchanged like any thinking block.
  redactedThinking(turn: MockMessage): MockMessage {
    return { ...turn, content: [{ type: "redacted_thinking" }, ...turn.content] };
  },
  error(status: number, message = "scripted error", headers: Record<string, string> = {}): MockError {
    return { kind: "error", status, message, headers };
  },
  dynamic(respond: MockDynamic["respond"]): MockDynamic {
    return { kind: "dynamic", respond };
  },
  slow<T extends MockMessage | MockError>(delayMs: number, turn: T): T {
    return { ...turn, delayMs };
  },
};

export interface Rejection {
  requestNumber: number;
  problem: RequestProblem;
  request: unknown;
}

export interface MockModel {
  fetch: (input: string | URL | Request, init?: RequestInit) => Promise<Response>;
  client: Anthropic;
  // Every valid request the code sent, in order (the parsed JSON body).
  requests: MessagesRequest[];
  // Requests the mock refused with HTTP 400, with the reason, as the real API would have.
  rejections: Rejection[];
  // Every tool_result block the code sent, across all requests, in order.
  toolResults(): Anthropic.ToolResultBlockParam[];
  // The tool_result blocks of the last request only.
  lastToolResults(): Anthropic.ToolResultBlockParam[];
  turnsUsed(): number;
  // Throws unless every scripted turn was requested.
  assertAllUsed(): void;
}

export interface MockOptions {
  // Passed to the Anthropic client; 0 by default so a scripted 429 shows up at once.
  maxRetries?: number;
  // Begin every scripted answer with a thinking block (unless it has one), as an always-on thinking
  // model does, so the code under test meets one on every turn.
  thinking?: boolean;
}

export function createMockModel(turns: MockTurn[], options: MockOptions = {}): MockModel {
  const requests: MessagesRequest[] = [];
  const rejections: Rejection[] = [];
  let next = 0;
  let seen = 0;

  async function mockFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
    seen += 1;
    const received = await receiveMessagesRequest(input, init);
    if ("response" in received) {
      if (received.problem) rejections.push({ requestNumber: seen, problem: received.problem, request: received.body });
      return received.response;
    }
    const request = received.request;
    requests.push(request);

    let turn = turns[next];
    if (!turn) {
      const message =
        `[mock model] the test scripted ${turns.length} turn(s), but the code sent request number ${requests.length}. ` +
        "Your code asked the model again after the conversation should have ended: check the loop's stop condition.";
      rejections.push({ requestNumber: seen, problem: { status: 400, type: "invalid_request_error", message }, request });
      return errorResponse(400, message, { "x-should-retry": "false" });
    }
    next += 1;
    if (turn.kind === "dynamic") turn = turn.respond(request);
    if (turn.delayMs) await sleep(turn.delayMs, init?.signal ?? undefined);

    if (turn.kind === "error") return errorResponse(turn.status, turn.message, turn.headers);
    const scripted = options.thinking && turn.content[0]?.type !== "thinking" && turn.content[0]?.type !== "redacted_thinking" ? reply.thinking(THOUGHT, turn) : turn;
    let misfit = choiceMisfit(request, scripted);
    if (!misfit && (request.output_config?.format || request.tools?.some((t) => "strict" in t && t.strict === true))) {
      const { structuredMisfit } = await import("./structured-misfit.ts");
      misfit = structuredMisfit(request, scripted.content, scripted.stopReason);
    }
    if (misfit) {
      rejections.push({ requestNumber: seen, problem: { status: 400, type: "invalid_request_error", message: misfit }, request });
      return errorResponse(400, misfit, { "x-should-retry": "false" });
    }
    const planned = { content: scripted.content.map(fillBlock), stopReason: scripted.stopReason, stopSequence: scripted.stopSequence };
    // The request's stop_sequences, max_tokens and disable_parallel_tool_use apply to scripted turns too.
    const obeyed = obeyRequest(request, planned);
    if (obeyed.stopReason === "pause_turn") rememberPausedTurn(obeyed.content);
    if (obeyed.content[0]?.type === "thinking" || obeyed.content[0]?.type === "redacted_thinking") {
      rememberThinkingTurn(obeyed.content.flatMap((b) => (b.type === "tool_use" ? [b.id] : [])));
    }
    return messageResponse({
      model: request.model,
      content: obeyed.content,
      stopReason: obeyed.stopReason,
      stopDetails: scripted.stopDetails,
      stopSequence: obeyed.stopSequence,
      ...(await inputUsage(request, init)),
      outputTokens: obeyed.outputTokens,
      stream: request.stream === true,
      streamFault: scripted.streamFault,
    });
  }

  function resultsOf(request: MessagesRequest | undefined): Anthropic.ToolResultBlockParam[] {
    const last = request?.messages.at(-1);
    if (!last || typeof last.content === "string") return [];
    return last.content.flatMap((b) => (b.type === "tool_result" ? [b] : []));
  }

  // Server-held threads in front, as on the API: `requests` holds each thread turn's whole conversation.
  const fetch = withThreads(mockFetch);
  return {
    fetch,
    client: new Anthropic({
      apiKey: "mock-key",
      baseURL: "http://mock-model.invalid",
      fetch,
      maxRetries: options.maxRetries ?? 0,
    }),
    requests,
    rejections,
    toolResults: () => requests.flatMap((r) => resultsOf(r)),
    lastToolResults: () => resultsOf(requests.at(-1)),
    turnsUsed: () => next,
    assertAllUsed() {
      if (next < turns.length) {
        throw new Error(
          `[mock model] ${turns.length} turn(s) were scripted but only ${next} were requested: ` +
            "the code stopped talking to the model too early (did the loop stop after the first tool call?).",
        );
      }
    },
  };
}

const THOUGHT = "The person's request is clear; I know which step comes next.";

// A scripted block as sent: ids for tool calls, signatures for thinking, data for redacted thinking.
export function fillBlock(block: MockBlock): ContentBlock {
  switch (block.type) {
    case "tool_use":
      return { type: "tool_use", id: block.id ?? newId("toolu"), name: block.name, input: block.input };
    case "thinking":
      return { type: "thinking", thinking: block.thinking, signature: block.signature ?? signThinking(block.thinking) };
    case "redacted_thinking":
      return { type: "redacted_thinking", data: block.data ?? redactedThinkingData() };
    default:
      return block;
  }
}

// A scripted turn the request's tool_choice rules out: the test's script, not the code, is wrong
// (unless the code sent the wrong tool_choice), so the mock says which.
function choiceMisfit(request: MessagesRequest, turn: MockMessage): string | undefined {
  const choice = request.tool_choice;
  const calls = turn.content.flatMap((b) => (b.type === "tool_use" ? [b.name] : []));
  if (choice?.type === "none" && calls.length > 0) {
    return `[mock model] the test scripted a call to ${calls[0]}, but the request's tool_choice is "none": the model cannot call tools. Check the tool_choice the code sends, or the script.`;
  }
  if ((choice?.type === "any" || choice?.type === "tool") && calls.length === 0 && turn.stopReason !== "max_tokens") {
    return `[mock model] the request's tool_choice is "${choice.type}", so the model must call a tool, but the test scripted an answer without one.`;
  }
  if (choice?.type === "tool" && calls.some((name) => name !== choice.name)) {
    return `[mock model] the request's tool_choice forces ${choice.name}, but the test scripted a call to ${calls.find((n) => n !== choice.name)}.`;
  }
  return undefined;
}

// The result text of a tool_result block, whether its content is a string or a list of text blocks.
export { toolResultText as resultText } from "../fake-api/receive-request.ts";

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => {
      clearTimeout(timer);
      reject(signal.reason ?? new Error("aborted"));
    });
  });
}

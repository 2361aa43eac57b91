// A recording as a mock script: the answers a real run got, played by the mock model in a test. The
// test's code may send other requests than the recorded run did (the mock checks them as strictly as
// the API, but does not compare them); use createReplay() when it must send the same ones.
//
//   const mock = createMockModel(mockScriptFrom(loadRecording("test/recordings/rate.json")));
//   expect(await runAgent(mock.client, "How much are 100 USD in RUB?")).toContain("9,250");
//   mock.assertAllUsed();

import type Anthropic from "@anthropic-ai/sdk";
import { messageBody, type ContentBlock } from "../fake-api/responses.ts";
import { messageEvents, messageFromEvents, type StreamEvent } from "../fake-api/sse.ts";
import { fillBlock, reply, type MockMessage, type MockTurn } from "../mock/mock-model.ts";
import type { Exchange, Recording } from "./recording.ts";

export function mockScriptFrom(recording: Recording): MockTurn[] {
  // count_tokens and other paths are answered by the mock itself.
  return recording.exchanges.filter((e) => e.request.path === "/v1/messages").map(turnOf);
}

function turnOf(exchange: Exchange, index: number): MockTurn {
  const response = exchange.response;
  if (!response) return reply.error(500, `the recorded request ${index + 1} got no answer: ${exchange.failure ?? "connection failed"}`);
  if (response.events) return streamedTurn(response.events);
  if (response.status !== 200) {
    const body = response.body as { error?: { message?: string } } | undefined;
    return reply.error(response.status, body?.error?.message ?? `HTTP ${response.status}`, retryHeaders(response.headers));
  }
  return messageTurn(response.body as Anthropic.Message);
}

function streamedTurn(events: StreamEvent[]): MockTurn {
  const streamed = messageFromEvents(events);
  if (!streamed.message) return reply.dropStream(0, reply.text("(nothing arrived)"));
  const turn = messageTurn(streamed.message);
  if (streamed.complete) return turn;
  // Broken where the content stopped: the mock sends what arrived, then fails the same way. Its own
  // events are cut into other pieces, so the point is "after all the content", not an event count.
  const afterContent = eventsBeforeEnd(turn);
  if (streamed.error) return reply.streamError(afterContent, turn, streamed.error.type, streamed.error.message);
  return reply.dropStream(afterContent, turn);
}

// How many events the mock sends for `turn` before its closing message_delta and message_stop.
function eventsBeforeEnd(turn: MockMessage): number {
  const content: ContentBlock[] = turn.content.map(fillBlock);
  return messageEvents(messageBody({ model: "replay", content, stopReason: turn.stopReason, inputTokens: 0 })).length - 2;
}

function messageTurn(message: Anthropic.Message): MockMessage {
  const content: MockMessage["content"] = [];
  for (const block of message.content ?? []) {
    if (block.type === "text") content.push({ type: "text", text: block.text });
    if (block.type === "tool_use") content.push({ type: "tool_use", id: block.id, name: block.name, input: block.input });
    // The recorded signature was made by another server (or process); the mock signs the same text
    // afresh, so the code under test can send the block back as it must.
    if (block.type === "thinking") content.push({ type: "thinking", thinking: block.thinking });
    if (block.type === "redacted_thinking") content.push({ type: "redacted_thinking" });
  }
  const turn = reply.raw(content, message.stop_reason ?? "end_turn");
  if (message.stop_details) turn.stopDetails = message.stop_details;
  if (message.stop_sequence) turn.stopSequence = message.stop_sequence;
  return turn;
}

function retryHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => name.startsWith("retry-after") || name === "x-should-retry"));
}

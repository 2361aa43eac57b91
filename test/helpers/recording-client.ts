// An offline-model client that records every tool call the model makes, read off the wire the way the
// transcript reads it, so a test can check which calls a lesson's agent made on a sample task.

import type Anthropic from "@anthropic-ai/sdk";
import { createClient, type Fetch } from "../../shared/client.ts";

export interface RecordedCall {
  name: string;
  input: Record<string, unknown>;
}

export function recordingClient(): { client: Anthropic; calls: RecordedCall[] } {
  const calls: RecordedCall[] = [];
  const wrapFetch = (inner: Fetch): Fetch => async (input, init) => {
    const response = await inner(input, init);
    if (response.ok) {
      const message = (await response.clone().json()) as Anthropic.Message;
      for (const block of message.content ?? []) {
        if (block.type === "tool_use") calls.push({ name: block.name, input: block.input as Record<string, unknown> });
      }
    }
    return response;
  };
  return { client: createClient({ offline: true, wrapFetch }).client, calls };
}

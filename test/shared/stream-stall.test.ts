// A streamed answer that stops in the middle: the server sends its headers and the first event, then
// nothing. The request timer ended when the headers came, so without a watch on the stream itself the
// course would wait for ever. A stream that keeps coming, however slowly, is left alone.

import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createClient } from "../../shared/client.ts";
import { createRealModelGuard, RealModelStop } from "../../shared/real-model/guard.ts";
import { createSpinner } from "../../shared/real-model/spinner.ts";

const servers: http.Server[] = [];
const url: Record<string, string> = {};

const event = (type: string, data: object) => `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;
const START = event("message_start", {
  message: { id: "msg_1", type: "message", role: "assistant", model: "claude-haiku-5-5", content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 5, output_tokens: 0 } },
});
const PIECES = [
  event("content_block_start", { index: 0, content_block: { type: "text", text: "" } }),
  ...["One ", "two ", "three."].map((text) => event("content_block_delta", { index: 0, delta: { type: "text_delta", text } })),
  event("content_block_stop", { index: 0 }),
  event("message_delta", { delta: { stop_reason: "end_turn", stop_sequence: null }, usage: { output_tokens: 3 } }),
  event("message_stop", {}),
];

function serve(handler: (res: http.ServerResponse) => void): Promise<string> {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
      res.write(START);
      handler(res);
    });
  });
  servers.push(server);
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

beforeAll(async () => {
  url.stalls = await serve(() => undefined);
  // The same events, one every 150 ms: slower than nothing at all, never silent for the 0.5 s limit.
  url.steady = await serve((res) => {
    let i = 0;
    const timer = setInterval(() => {
      res.write(PIECES[i++]!);
      if (i === PIECES.length) {
        clearInterval(timer);
        res.end();
      }
    }, 150);
  });
});
afterAll(() => {
  for (const server of servers) server.closeAllConnections?.(), server.close();
});
afterEach(() => vi.unstubAllEnvs());

function clientFor(base: string) {
  const guard = createRealModelGuard({ timeoutSeconds: 0.5, spinner: createSpinner({ isTTY: false, write: () => true } as unknown as NodeJS.WriteStream) });
  vi.stubEnv("ANTHROPIC_API_KEY", "sk-ant-test-never-sent-anywhere-but-127.0.0.1");
  vi.stubEnv("ANTHROPIC_BASE_URL", base);
  return createClient({ realModelGuard: guard }).client;
}

const streamed = (base: string) =>
  clientFor(base).messages.stream({ model: "claude-haiku-5-5", max_tokens: 64, messages: [{ role: "user", content: "Count to three." }] }).finalMessage();

describe("a stream that falls silent", () => {
  it("is given up on after the timeout with a message naming the server, not awaited for ever", async () => {
    const started = Date.now();
    const error = await streamed(url.stalls!).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error, "the stalled stream should end in an error").toBeDefined();
    const stop = error instanceof RealModelStop ? error : (error as { cause?: unknown }).cause;
    expect(String((stop as Error)?.message ?? error)).toMatch(/stopped in the middle: nothing more came for 0\.5 s/);
    expect(Date.now() - started, "stopped by the watch, not by vitest").toBeLessThan(10_000);
  });

  it("a slow stream whose events keep coming is read to the end", async () => {
    const message = await streamed(url.steady!);
    expect(message.content[0]).toMatchObject({ type: "text", text: "One two three." });
    expect(message.stop_reason).toBe("end_turn");
  });
});

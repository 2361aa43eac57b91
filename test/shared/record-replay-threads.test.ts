// --record / --replay with the SDK's thread requests and compaction: a toolRunner run with its defaults
// (server-held threads, docs page "Message threads") that compacts (docs page "Compaction", and the
// SDK's compactBeforeNextTurn()) is recorded on the offline model and played back with every request
// checked as the API checks it: a thread continue against the conversation the thread holds, a
// compaction block against the blocks the recording handed out.

import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Anthropic from "@anthropic-ai/sdk";
import { betaTool } from "@anthropic-ai/sdk/helpers/beta/json-schema";
import { afterAll, describe, expect, it } from "vitest";
import { COMPACTION_BETA } from "../../shared/fake-api/compaction.ts";
import { createOfflineFetch } from "../../shared/offline/offline-model.ts";
import { createRecorder } from "../../shared/record-replay/recorder.ts";
import { loadRecording, type Recording } from "../../shared/record-replay/recording.ts";
import { createReplay } from "../../shared/record-replay/replay.ts";

const MODEL = "claude-haiku-5-5";
const dir = mkdtempSync(path.join(os.tmpdir(), "replay-threads-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const RESULTS: Record<string, number> = { "500 * 0.92": 460, "460 * 10 / 100": 46 };
const TOOLS = [
  betaTool({
    name: "get_exchange_rate",
    description: "The exchange rate between two currencies, as units of `to` for one unit of `from`.",
    inputSchema: { type: "object", properties: { from: { type: "string" }, to: { type: "string" } }, required: ["from", "to"] },
    run: async () => JSON.stringify({ rate: 0.92 }),
  }),
  betaTool({
    name: "calculate",
    description: "Evaluates an arithmetic expression such as 500 * 0.92.",
    inputSchema: { type: "object", properties: { expression: { type: "string" } }, required: ["expression"] },
    run: async ({ expression }) => JSON.stringify({ result: RESULTS[expression] ?? "unknown" }),
  }),
];
const question = (text: string): Anthropic.Beta.BetaMessageParam => ({ role: "user", content: text });

// A conversion, compacted after its last turn (the compaction streamed when `streamed`), and a
// follow-up streamed from the summary.
async function session(client: Anthropic, streamed = false): Promise<string> {
  const params = { model: MODEL, max_tokens: 1024, betas: [COMPACTION_BETA], tools: TOOLS, messages: [question("How much are 500 USD in EUR?")] };
  let messages: Anthropic.Beta.BetaMessageParam[];
  if (streamed) {
    const runner = client.beta.messages.toolRunner({ ...params, stream: true });
    for await (const stream of runner) if ((await stream.finalMessage()).stop_reason === "end_turn") runner.compactBeforeNextTurn();
    messages = runner.params.messages;
  } else {
    const runner = client.beta.messages.toolRunner(params);
    for await (const message of runner) if (message.stop_reason === "end_turn") runner.compactBeforeNextTurn();
    messages = runner.params.messages;
  }
  const followUp = client.beta.messages.toolRunner({
    model: MODEL,
    max_tokens: 1024,
    stream: true,
    betas: [COMPACTION_BETA],
    tools: TOOLS,
    messages: [...messages, question("What is 10% of that amount?")],
  });
  const final = await followUp.runUntilDone();
  return final.content.flatMap((b) => (b.type === "text" ? [b.text] : [])).join(" ");
}

async function recordSession(streamed = false): Promise<{ answer: string; recording: Recording }> {
  const file = path.join(dir, `run-${Date.now()}-${Math.random().toString(36).slice(2)}.json`);
  const recorder = createRecorder(file);
  const client = new Anthropic({ apiKey: "offline", baseURL: "http://offline.invalid", fetch: recorder.wrapFetch(createOfflineFetch({ learnerLang: "en" })), maxRetries: 0 });
  const answer = await session(client, streamed);
  return { answer, recording: loadRecording(file) };
}

// The recording with every signature replaced by one no key here made (the same everywhere it occurs).
function withForeignSignatures(recording: Recording): Recording {
  let text = JSON.stringify(recording);
  const signatures = new Set([...text.matchAll(/"signature\\?":\\?"([A-Za-z0-9+/=]{20,})\\?"/gu)].map((m) => m[1]!));
  expect(signatures.size).toBeGreaterThan(0);
  [...signatures].forEach((signature, i) => (text = text.split(signature).join(Buffer.from(`elsewhere-${i}`).toString("base64"))));
  return JSON.parse(text) as Recording;
}

type Body = Record<string, unknown> & { messages: Anthropic.Beta.BetaMessageParam[] };
const bodyOf = (recording: Recording, i: number) => recording.exchanges[i]!.request.body as Body;

describe("--record / --replay with threads and compaction", { timeout: 60_000 }, () => {
  it.each([false, true])("records thread requests and the compaction (streamed: %s), and replays them: same answer, every exchange used", async (streamed) => {
    const { answer, recording } = await recordSession(streamed);
    expect(answer).toMatch(/(?<![\d.])46(?!\d)/u);
    const threads = recording.exchanges.map((e) => ((e.request.body as Body).thread as { type?: string } | undefined)?.type);
    expect(threads).toContain("continue");
    expect(recording.exchanges.some((e) => (e.request.body as Body).compaction !== undefined)).toBe(true);

    const replay = createReplay(recording);
    expect(await session(replay.client, streamed)).toBe(answer);
    expect(replay.problem()).toBeUndefined();
    expect(replay.used()).toBe(recording.exchanges.length);

    // Recorded on another server, whose signatures this process cannot verify: the blocks the
    // recording handed out (thinking and compaction, streamed or not) may still be sent back.
    const replayElsewhere = createReplay(withForeignSignatures(recording));
    expect(await session(replayElsewhere.client, streamed)).toBe(answer);
    expect(replayElsewhere.problem()).toBeUndefined();
  });

  it("checks a replayed thread continue against the conversation the thread holds", async () => {
    const { recording } = await recordSession();
    const continued = recording.exchanges.findIndex((e) => ((e.request.body as Body).thread as { type?: string } | undefined)?.type === "continue");
    expect(continued).toBeGreaterThan(0);
    const replay = createReplay(recording);
    const send = (body: unknown, headers: Record<string, string>) =>
      replay.fetch("http://replay.invalid/v1/messages", { method: "POST", headers, body: JSON.stringify(body) });
    for (let i = 0; i < continued; i++) expect((await send(bodyOf(recording, i), recording.exchanges[i]!.request.headers)).status).toBe(200);

    // The same continue, with a tool result for a call the thread never made: the API's 400.
    const body = structuredClone(bodyOf(recording, continued));
    const result = body.messages.flatMap((m) => (Array.isArray(m.content) ? m.content : [])).find((b) => b.type === "tool_result");
    expect(result).toBeDefined();
    (result as { tool_use_id: string }).tool_use_id = "toolu_never_called";
    const refused = await send(body, recording.exchanges[continued]!.request.headers);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("tool_use");
  });

  it("refuses a compaction summary changed after the recording handed it out", async () => {
    const { recording } = await recordSession();
    const after = recording.exchanges.findIndex((e) => JSON.stringify((e.request.body as Body).messages[0]).includes('"compaction"'));
    expect(after).toBeGreaterThan(0);
    const replay = createReplay(recording);
    const send = (body: unknown, headers: Record<string, string>) =>
      replay.fetch("http://replay.invalid/v1/messages", { method: "POST", headers, body: JSON.stringify(body) });
    for (let i = 0; i < after; i++) expect((await send(bodyOf(recording, i), recording.exchanges[i]!.request.headers)).status).toBe(200);

    const body = structuredClone(bodyOf(recording, after));
    const block = (body.messages[0]!.content as Array<{ type: string; content: string }>)[0]!;
    block.content = block.content.replace("460", "999");
    const refused = await send(body, recording.exchanges[after]!.request.headers);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("signature");
  });
});

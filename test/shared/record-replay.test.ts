// Record, replay and replay-as-test: a run saved to a file (no secrets), played back through the same
// strict checks, stopped with a diff when the code asks something else, and loaded as a mock script.

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Anthropic from "@anthropic-ai/sdk";
import { afterAll, describe, expect, it } from "vitest";
import { runAgent } from "../../lessons/02-agent-loop/agent.ts";
import { openTape } from "../../shared/cli/record-replay-flags.ts";
import { createMockModel, reply } from "../../shared/mock/mock-model.ts";
import { createOfflineFetch } from "../../shared/offline/offline-model.ts";
import { mockScriptFrom } from "../../shared/record-replay/mock-script.ts";
import { createRecorder } from "../../shared/record-replay/recorder.ts";
import { checkRecording, loadRecording, RECORDING_FORMAT, type Recording } from "../../shared/record-replay/recording.ts";
import { createReplay, replayProblemIn, requestDiff } from "../../shared/record-replay/replay.ts";
import { runCli } from "../helpers/run-cli.ts";

const MODEL = "claude-haiku-5-5";
const SECRET = "sk-ant-api03-SECRET-do-not-save";
const TASK = "Сколько будет 1000 евро в рублях?";
const dir = mkdtempSync(path.join(os.tmpdir(), "record-replay-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let fileNumber = 0;
const tempFile = () => path.join(dir, `run-${++fileNumber}.json`);

// Records lesson 02's agent on the offline model, with a real-looking key the file must not keep.
async function recordLesson02(task = TASK): Promise<{ file: string; answer: string; recording: Recording }> {
  const file = tempFile();
  const recorder = createRecorder(file, { lesson: "02-agent-loop", task, source: "the offline demo model" });
  const client = new Anthropic({ apiKey: SECRET, baseURL: "http://offline.invalid", fetch: recorder.wrapFetch(createOfflineFetch()), maxRetries: 0 });
  const answer = await runAgent(client, task);
  return { file, answer, recording: loadRecording(file) };
}

describe("--record", { timeout: 60_000 }, () => {
  it("saves every request and response in order, and no key, authorization header or machine details", async () => {
    const { file, answer, recording } = await recordLesson02();
    expect(answer).toContain("100");
    expect(recording).toMatchObject({ format: RECORDING_FORMAT, lesson: "02-agent-loop", task: TASK, source: "the offline demo model" });
    expect(recording.exchanges).toHaveLength(3);
    const bodies = recording.exchanges.map((e) => e.request.body as Anthropic.MessageCreateParams);
    expect(bodies.map((b) => b.messages.length), "each request carries the whole conversation so far").toEqual([1, 3, 5]);
    expect(recording.exchanges.map((e) => e.response?.status)).toEqual([200, 200, 200]);
    const stops = recording.exchanges.map((e) => (e.response?.body as Anthropic.Message).stop_reason);
    expect(stops).toEqual(["tool_use", "tool_use", "end_turn"]);
    expect(recording.exchanges[0]!.request).toMatchObject({ method: "POST", path: "/v1/messages" });
    expect(recording.exchanges[0]!.request.headers).toEqual({ "anthropic-version": expect.any(String), "content-type": "application/json" });

    const text = readFileSync(file, "utf8");
    expect(text).not.toContain(SECRET);
    expect(text).not.toMatch(/authorization|x-api-key|x-stainless/i);
    expect(text).toContain(TASK);
  });

  it("keeps the file whole after each exchange, so a run that fails half-way is still recorded", async () => {
    const file = tempFile();
    const recorder = createRecorder(file);
    expect(loadRecording(file).exchanges, "the file exists before the first request").toEqual([]);
    const mock = createMockModel([
      reply.toolUse("get_exchange_rate", { from_currency: "EUR", to_currency: "RUB" }),
      reply.error(529, "Overloaded", { "retry-after": "3", "anthropic-organization-id": "org-private-42", "set-cookie": "session=abc" }),
    ]);
    const client = new Anthropic({ apiKey: SECRET, baseURL: "http://mock.invalid", fetch: recorder.wrapFetch(mock.fetch), maxRetries: 0 });
    await expect(runAgent(client, TASK)).rejects.toBeInstanceOf(Anthropic.InternalServerError);
    const recording = loadRecording(file);
    expect(recording.exchanges.map((e) => e.response?.status)).toEqual([200, 529]);
    expect(recording.exchanges[1]!.response?.body).toMatchObject({ error: { type: "overloaded_error", message: "Overloaded" } });
    const headers = recording.exchanges[1]!.response!.headers;
    expect(headers, "what the SDK's retry reads is kept").toMatchObject({ "retry-after": "3", "content-type": "application/json" });
    expect(headers["request-id"]).toMatch(/^req_/);
    expect(readFileSync(file, "utf8"), "nothing naming the organisation or a session").not.toMatch(/org-private-42|session=abc/);
  });

  it("records a streamed answer as its events, a broken stream with how it broke, and a failed connection", async () => {
    const file = tempFile();
    const recorder = createRecorder(file);
    const mock = createMockModel([reply.text("streamed words arrive one piece at a time"), reply.dropStream(4, reply.text("one two three four five six seven"))]);
    const client = new Anthropic({ apiKey: SECRET, baseURL: "http://mock.invalid", fetch: recorder.wrapFetch(mock.fetch), maxRetries: 0 });
    const params = { model: MODEL, max_tokens: 50, messages: [{ role: "user" as const, content: "hi" }] };
    await client.messages.stream(params).finalMessage();
    await expect(client.messages.stream(params).finalMessage()).rejects.toThrow("terminated");
    const refusing = new Anthropic({
      apiKey: SECRET,
      baseURL: "http://nowhere.invalid",
      fetch: recorder.wrapFetch(() => Promise.reject(new TypeError("fetch failed"))),
      maxRetries: 0,
    });
    await expect(refusing.messages.create(params)).rejects.toBeInstanceOf(Anthropic.APIConnectionError);

    const [whole, broken, failed] = loadRecording(file).exchanges;
    expect(whole!.response?.events?.map((e) => e.type)).toContain("message_stop");
    expect(whole!.response?.broken).toBeUndefined();
    expect(broken!.response?.events?.map((e) => e.type)).toEqual(["message_start", "content_block_start", "ping", "content_block_delta"]);
    expect(broken!.response?.broken).toBe("terminated");
    expect(failed).toMatchObject({ failure: "fetch failed" });
    expect(failed!.response).toBeUndefined();
  });

  it("makes the file's folder, and refuses to start when the file cannot be written", () => {
    const nested = path.join(dir, "runs", "nested", "run.json");
    createRecorder(nested);
    expect(loadRecording(nested).exchanges).toEqual([]);
    expect(() => createRecorder(dir), "a folder is not a file to write").toThrow(/EISDIR|EPERM|EEXIST|ENOTDIR/);
  });
});

describe("--replay", { timeout: 60_000 }, () => {
  it("plays a recording back through the lesson: the same answer, every exchange used, nothing left over", async () => {
    const { recording, answer } = await recordLesson02();
    const replay = createReplay(recording);
    expect(await runAgent(replay.client, TASK)).toBe(answer);
    expect(replay.used()).toBe(3);
    expect(replay.problem()).toBeUndefined();
  });

  it("stops with a readable diff when the lesson sends a request that differs from the recorded one", async () => {
    const { recording } = await recordLesson02();
    const replay = createReplay(recording);
    const error = await runAgent(replay.client, "Сколько будет 2000 евро в рублях?").catch((e: unknown) => e);
    expect(error, "the SDK wraps the replay's stop as a connection error").toBeInstanceOf(Anthropic.APIConnectionError);
    const shown = replayProblemIn(error);
    expect(shown).toBeDefined();
    expect(shown).toBe(replay.problem());
    const lines = shown!.split("\n");
    expect(lines[0]).toBe("Request 1 differs from the recording (- recorded, + sent now):");
    expect(lines).toContain('-      "content": "Сколько будет 1000 евро в рублях?",');
    expect(lines).toContain('+      "content": "Сколько будет 2000 евро в рублях?",');
    expect(lines.filter((l) => /^[-+]/.test(l)), "only the changed line shows as changed").toHaveLength(2);
    expect(shown).toMatch(/record again with --record/);
  });

  it("finds a difference deep in a later request: a tool result that changed", async () => {
    const { recording } = await recordLesson02();
    // The recorded run saw rate 100.3; pretend the recording had seen 99 instead.
    const edited = structuredClone(recording);
    const second = edited.exchanges[1]!.request.body as Anthropic.MessageCreateParams;
    const results = second.messages[2]!.content as Anthropic.ToolResultBlockParam[];
    results[0]!.content = String(results[0]!.content).replace("100.3", "99");
    const replay = createReplay(edited);
    await expect(runAgent(replay.client, TASK)).rejects.toBeInstanceOf(Anthropic.APIConnectionError);
    expect(replay.problem()).toMatch(/^Request 2 differs from the recording/);
    expect(replay.problem()).toMatch(/^-.*99/m);
    expect(replay.problem()).toMatch(/^\+.*100\.3/m);
    expect(replay.used()).toBe(1);
  });

  it("says so when the lesson asks more often, or less often, than the recording", async () => {
    const { recording } = await recordLesson02();
    const short = { ...recording, exchanges: recording.exchanges.slice(0, 2) };
    const tooFew = createReplay(short);
    await expect(runAgent(tooFew.client, TASK)).rejects.toBeInstanceOf(Anthropic.APIConnectionError);
    expect(tooFew.problem()).toMatch(/^Request 3 has no answer in the recording: it holds 2 exchange\(s\)/);

    const long = { ...recording, exchanges: [...recording.exchanges, recording.exchanges[2]!] };
    const tooMany = createReplay(long);
    await runAgent(tooMany.client, TASK);
    expect(tooMany.problem()).toBe("The lesson stopped after 3 of the 4 recorded exchanges: it asks the model less often than when it was recorded.");
  });

  it("checks each request as strictly as the API before comparing: a broken request gets the API's 400", async () => {
    const { recording } = await recordLesson02();
    const replay = createReplay(recording);
    const error = await replay.client.messages
      .create({ model: MODEL, max_tokens: 10, messages: [{ role: "assistant", content: "I start" }] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Anthropic.BadRequestError);
    expect(replay.used(), "a refused request does not use up a recorded answer").toBe(0);
  });

  it("accepts a model name the recording answered to (a local server's), and still refuses a typo", async () => {
    const recording: Recording = checkRecording({
      format: RECORDING_FORMAT,
      recordedAt: "2026-11-29T00:00:00.000Z",
      exchanges: [
        {
          request: { method: "POST", path: "/v1/messages", headers: {}, body: { model: "qwen3:8b", max_tokens: 10, messages: [{ role: "user", content: "hi" }] } },
          response: { status: 200, headers: { "content-type": "application/json" }, body: { id: "msg_1", type: "message", role: "assistant", model: "qwen3:8b", content: [{ type: "text", text: "hello" }], stop_reason: "end_turn", stop_sequence: null, usage: { input_tokens: 1, output_tokens: 1 } } },
        },
      ],
    });
    const replay = createReplay(recording);
    const message = await replay.client.messages.create({ model: "qwen3:8b", max_tokens: 10, messages: [{ role: "user", content: "hi" }] });
    expect(message.content[0]).toMatchObject({ text: "hello" });
    const typo = createReplay(recording);
    await expect(typo.client.messages.create({ model: "qwen3:8", max_tokens: 10, messages: [{ role: "user", content: "hi" }] })).rejects.toBeInstanceOf(
      Anthropic.NotFoundError,
    );
  });

  it("replays streamed answers as streams, broken where they broke", async () => {
    const file = tempFile();
    const recorder = createRecorder(file);
    const mock = createMockModel([reply.toolUse("get_exchange_rate", { from_currency: "USD", to_currency: "RUB" }, { id: "toolu_r1" }), reply.dropStream(4, reply.text("a b c d e f g h"))]);
    const client = new Anthropic({ apiKey: SECRET, baseURL: "http://mock.invalid", fetch: recorder.wrapFetch(mock.fetch), maxRetries: 0 });
    const params = { model: MODEL, max_tokens: 50, messages: [{ role: "user" as const, content: "hi" }] };
    const live = await client.messages.stream(params).finalMessage();
    await client.messages.stream(params).finalMessage().catch(() => undefined);

    const replay = createReplay(loadRecording(file));
    const again = await replay.client.messages.stream(params).finalMessage();
    expect(again.content).toEqual(live.content);
    const pieces: string[] = [];
    const stream = replay.client.messages.stream(params);
    stream.on("text", (piece) => pieces.push(piece));
    await expect(stream.finalMessage()).rejects.toThrow("terminated");
    expect(pieces.join("")).toBe("a b c ");
  });

  it("requestDiff: nothing for the same request written in another key order", () => {
    const a = { method: "POST", path: "/v1/messages", headers: {}, body: { model: MODEL, max_tokens: 5, messages: [] } };
    expect(requestDiff(a, { method: "POST", path: "/v1/messages", body: { messages: [], max_tokens: 5, model: MODEL } }, 1)).toBeUndefined();
    expect(requestDiff(a, { method: "POST", path: "/v1/messages/count_tokens", body: a.body }, 4)).toMatch(/^Request 4 differs[\s\S]*^\+POST \/v1\/messages\/count_tokens$/m);
  });
});

describe("a recording as a mock script (a real run turned into a regression test)", { timeout: 60_000 }, () => {
  it("plays the recorded answers to the agent under test; the mock still checks every request", async () => {
    const { recording, answer } = await recordLesson02();
    const mock = createMockModel(mockScriptFrom(recording));
    expect(await runAgent(mock.client, TASK)).toBe(answer);
    mock.assertAllUsed();
    expect(mock.rejections).toEqual([]);
    // The recorded tool_use ids come back, so the results answer the same calls.
    const recordedIds = (recording.exchanges[0]!.response!.body as Anthropic.Message).content.flatMap((b) => (b.type === "tool_use" ? [b.id] : []));
    expect(mock.toolResults()[0]?.tool_use_id).toBe(recordedIds[0]);
  });

  it("turns streamed, failed and refused answers into the matching mock turns", async () => {
    const file = tempFile();
    const recorder = createRecorder(file);
    const mock = createMockModel([
      reply.text("streamed answer"),
      reply.streamError(4, reply.text("never finished at all")),
      reply.error(429, "Slow down", { "retry-after": "7" }),
      reply.refusal("No.", { category: "cyber" }),
      reply.stopSequence("Step 1", "Step 2"),
    ]);
    const client = new Anthropic({ apiKey: SECRET, baseURL: "http://mock.invalid", fetch: recorder.wrapFetch(mock.fetch), maxRetries: 0 });
    const params = { model: MODEL, max_tokens: 50, messages: [{ role: "user" as const, content: "hi" }] };
    await client.messages.stream(params).finalMessage();
    await client.messages.stream(params).finalMessage().catch(() => undefined);
    await client.messages.create(params).catch(() => undefined);
    await client.messages.create(params);
    await client.messages.create(params);

    const turns = mockScriptFrom(loadRecording(file));
    expect(turns[0]).toMatchObject({ kind: "message", content: [{ type: "text", text: "streamed answer" }], stopReason: "end_turn" });
    expect(turns[1]).toMatchObject({ kind: "message", streamFault: { kind: "error", errorType: "overloaded_error", message: "Overloaded" } });
    expect(turns[2]).toMatchObject({ kind: "error", status: 429, message: "Slow down", headers: { "retry-after": "7" } });
    expect(turns[3]).toMatchObject({ stopReason: "refusal", stopDetails: { type: "refusal", category: "cyber" } });
    expect(turns[4]).toMatchObject({ stopReason: "stop_sequence", stopSequence: "Step 2" });

    const again = createMockModel(turns);
    await again.client.messages.stream(params).finalMessage();
    const failed = await again.client.messages.stream(params).finalMessage().catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(Anthropic.APIError);
    expect((failed as InstanceType<typeof Anthropic.APIError>).type).toBe("overloaded_error");
  });
});

describe("loading a recording", () => {
  it("says what is wrong with a file that is missing, not JSON, or not a recording", () => {
    expect(() => loadRecording(path.join(dir, "missing.json"))).toThrow(/Cannot read the recording .*--record/);
    const notJson = path.join(dir, "not.json");
    writeFileSync(notJson, "{ half");
    expect(() => loadRecording(notJson)).toThrow(/is not JSON/);
    const other = path.join(dir, "other.json");
    writeFileSync(other, JSON.stringify({ exchanges: [] }));
    expect(() => loadRecording(other)).toThrow(/not a recording made by --record/);
    expect(() => checkRecording({ format: RECORDING_FORMAT, exchanges: [{}] })).toThrow(/exchange 1 has no request path/);
  });
});

describe("npm run lesson with --record and --replay", () => {
  const course = (...args: string[]) => runCli(args, { timeoutMs: 120_000 });

  it("records a run, replays it without a model, and stops a changed run with the diff", async () => {
    const file = tempFile();
    const recorded = await course("lesson", "2", "--offline", "--record", file, TASK);
    expect(recorded.code, recorded.out).toBe(0);
    expect(recorded.out).toContain(`Recorded 3 exchange(s) to ${file}`);

    const replayed = await course("lesson", "2", "--replay", file);
    expect(replayed.code, replayed.out).toBe(0);
    expect(replayed.out).toContain(`Replaying '${file}': 3 exchange(s) recorded from the offline demo model`);
    expect(replayed.out, "the recorded task runs when none is given").toContain(`Task: ${TASK}`);
    expect(replayed.out).toContain('→ calculate {"expression":"1000 * 100.3"}');

    const changed = await course("lesson", "2", "--replay", file, "Сколько будет 2000 евро в рублях?");
    expect(changed.code).toBe(1);
    expect(changed.out).toContain("Request 1 differs from the recording (- recorded, + sent now):");
    expect(changed.out).toContain('+      "content": "Сколько будет 2000 евро в рублях?",');
    expect(changed.out).not.toContain("Could not reach the API");
  }, 180_000); // three runs of the CLI, each bundling or starting node

  it("refuses flags that cannot work, with what to do instead", async () => {
    const { file } = await recordLesson02();
    expect(() => openTape({ replay: file, lesson: "01-first-tool", chat: false })).toThrow(
      `'${file}' was recorded with lesson 02-agent-loop, not 01-first-tool. Run: npm run lesson 02-agent-loop -- --replay ${file}`,
    );
    expect(() => openTape({ record: file, replay: file, lesson: "02-agent-loop", chat: false })).toThrow(/Use --record or --replay, not both/);
    expect(() => openTape({ replay: file, lesson: "02-agent-loop", chat: true })).toThrow(/cannot take new tasks with --chat/);
    expect(() => openTape({ replay: path.join(dir, "none.json"), lesson: "02-agent-loop", chat: false })).toThrow(/Cannot read the recording/);
    expect(openTape({ lesson: "02-agent-loop", chat: false })).toBeUndefined();
    expect(openTape({ replay: file, lesson: "02-agent-loop", chat: false })?.task, "a replay runs the recorded task").toBe(TASK);
  });
});

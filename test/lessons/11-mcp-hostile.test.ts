// Lesson 11 against a hostile MCP server (11-mcp-hostile-server.ts): a description with injected
// instructions, a tool that never answers, one that returns 5 MB, and a name that clashes with the
// notes server. The assistant must keep working (timeout, cap), refuse the clash with a clear error,
// ask before each call, and leave no server process behind. Both servers run from a bundle built once
// for this file (11-mcp-server-bundle.ts says why); 11-mcp.test.ts starts the notes server as mcp.json does.

import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Answer, ApprovalRequest, Approver } from "../../lessons/07-approval-gates/approver.ts";
import { OFFICE_HOURS } from "../../lessons/11-mcp/business-hours.ts";
import { runAgent } from "../../lessons/11-mcp/agent.ts";
import type { ServerConfig } from "../../lessons/11-mcp/mcp-config.ts";
import { McpToolError } from "../../lessons/11-mcp/mcp-tools.ts";
import { createMockModel, reply, resultText } from "../../shared/mock/mock-model.ts";
import { INJECTION } from "./11-mcp-hostile-server.ts";
import { bundledServer } from "./11-mcp-server-bundle.ts";

const START_MS = 90_000;
const MONDAY_NOON = new Date(2026, 10, 30, 12, 0);
let bundles: string;
let hostileServer: (...args: string[]) => ServerConfig;
let notesServer: (...args: string[]) => ServerConfig;
beforeAll(async () => {
  bundles = await mkdtemp(path.join(os.tmpdir(), "lesson-11-bundles-"));
  [hostileServer, notesServer] = await Promise.all([
    bundledServer("test/lessons/11-mcp-hostile-server.ts", bundles),
    bundledServer("lessons/11-mcp/notes-server.ts", bundles),
  ]);
}, START_MS);
afterAll(async () => {
  await rm(bundles, { recursive: true, force: true });
});

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "lesson-11-hostile-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const hostile = () => hostileServer(path.join(dir, "hostile.pid"));
const notes = () => notesServer(path.join(dir, "notes"));

function approver(...answers: Answer[]): Approver & { asked: ApprovalRequest[] } {
  const asked: ApprovalRequest[] = [];
  return { canAsk: true, asked, ask: async (request) => (asked.push(request), answers.shift() ?? "no") };
}

// The server wrote its pid when it started; after runAgent it must be gone (ESRCH).
async function expectStopped(): Promise<void> {
  const pid = Number(await readFile(path.join(dir, "hostile.pid"), "utf8"));
  let alive = true;
  for (let i = 0; i < 100 && alive; i++) {
    try {
      process.kill(pid, 0);
      await new Promise((r) => setTimeout(r, 100));
    } catch {
      alive = false;
    }
  }
  if (alive) process.kill(pid, "SIGKILL");
  expect(alive, `the hostile server (pid ${pid}) was still running after runAgent returned: connections must be closed in finally`).toBe(false);
}

const base = { rules: { allow: [], ask: [], deny: [] }, hours: { ...OFFICE_HOURS, now: () => MONDAY_NOON }, print: () => {}, connectTimeoutMs: START_MS };

describe("a hostile MCP server", () => {
  it("keeps working: a call that never answers times out, and the gate asks before every call", async () => {
    const mock = createMockModel([
      reply.toolUse("mcp__hostile__never_answers", {}),
      reply.toolUse("mcp__hostile__fetch_weather", { city: "Москва" }),
      reply.text("Done."),
    ]);
    const asking = approver("yes", "yes");
    const answer = await runAgent(mock.client, "weather", { ...base, servers: { hostile: hostile() }, approver: asking, adapter: { timeoutMs: 300 } });
    expect(answer).toBe("Done.");
    mock.assertAllUsed();
    expect(asking.asked.map((a) => a.call.name), "every call to a stranger's tool is asked about, whatever its readOnlyHint says").toEqual([
      "mcp__hostile__never_answers",
      "mcp__hostile__fetch_weather",
    ]);
    const [timedOut, weather] = mock.toolResults();
    expect(timedOut!.is_error).toBe(true);
    expect(resultText(timedOut!)).toMatch(/did not answer within 300 ms/);
    expect(resultText(weather!), "after the timeout the same server still answers the next call").toMatch(/^Sunny/);
    await expectStopped();
  }, START_MS);

  it("caps a 5 MB answer before it reaches the model", async () => {
    const mock = createMockModel([reply.toolUse("mcp__hostile__huge_output", {}), reply.text("Done.")]);
    // A generous timeout: this check is about the cap, and 5 MB on a busy machine takes a while.
    await runAgent(mock.client, "summary", { ...base, servers: { hostile: hostile() }, approver: approver("yes"), adapter: { timeoutMs: 60_000 } });
    const hugeText = resultText(mock.toolResults()[0]!);
    expect(hugeText.length, "the 5 MB result must be capped before it reaches the model").toBeLessThan(10_000);
    expect(hugeText).toMatch(/^Секрет Секрет/);
    expect(hugeText).toMatch(/\[output cut: \d+ more characters/);
    await expectStopped();
  }, START_MS);

  it("passes an injected description on as data, and the gate still stops the call it asks for", async () => {
    const mock = createMockModel([
      // The model falls for the injection and tries to save the card number to a note.
      reply.toolUse("mcp__notes__add_note", { name: "loot", text: "4111 1111 1111 1111" }),
      reply.text("I will not do that."),
    ]);
    const asking = approver("no");
    await runAgent(mock.client, "weather in Moscow", { ...base, servers: { hostile: hostile(), notes: notes() }, approver: asking });
    const offered = (mock.requests[0]!.tools ?? []) as Array<{ name: string; description?: string }>;
    expect(offered.find((t) => t.name === "mcp__hostile__fetch_weather")?.description).toBe(INJECTION);
    expect(asking.asked.map((a) => a.call.name)).toEqual(["mcp__notes__add_note"]);
    expect(resultText(mock.toolResults()[0]!)).toMatch(/^Not run: the user was asked .* answered no/);
    expect(existsSync(path.join(dir, "notes", "loot.md"))).toBe(false);
    await expectStopped();
  }, START_MS);

  it("refuses a name clash with an error that names both servers, and stops both servers", async () => {
    const mock = createMockModel([reply.text("never sent")]);
    const run = runAgent(mock.client, "x", { ...base, servers: { notes: notes(), NOTES: hostile() }, approver: approver() });
    await expect(run).rejects.toThrow(McpToolError);
    await expect(run).rejects.toThrow(/mcp__NOTES__add_note.*"notes".*"NOTES"|server "notes".*server "NOTES"/);
    expect(mock.requests, "nothing may be sent to the model while the tool names are ambiguous").toEqual([]);
    await expectStopped();
  }, START_MS);
});

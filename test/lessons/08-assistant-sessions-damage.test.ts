// Lesson 08's session files when something went wrong: a damaged line in the middle (a call's line, a
// message whose content is null or a number), a byte order mark from an editor, and two terminals on
// one session. Whatever the damage, what is loaded is a conversation the API accepts; a second run on a
// session in use is told so and writes nothing.

import { spawn, type ChildProcess } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Approver } from "../../lessons/07-approval-gates/approver.ts";
import { runAgent } from "../../lessons/08-assistant/agent.ts";
import { repairOrphans } from "../../lessons/08-assistant/repair-orphans.ts";
import { lockSession, SessionBusyError } from "../../lessons/08-assistant/session-lock.ts";
import { UsageError } from "../../shared/usage-error.ts";
import { loadSession } from "../../lessons/08-assistant/sessions.ts";
import { validateMessagesRequest } from "../../shared/fake-api/validate-request.ts";
import { recordingClient } from "../helpers/recording-client.ts";

let dir = "";
let child: ChildProcess | undefined;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "course-08-damage-"));
});
afterEach(async () => {
  child?.kill();
  child = undefined;
  await rm(dir, { recursive: true, force: true });
});

const nobody: Approver = { canAsk: false, unavailable: "no terminal (test)", ask: () => Promise.reject(new Error("no terminal")) };
const at = "2026-11-30T10:00:00.000Z";
const user = (text: string) => JSON.stringify({ type: "message", at, message: { role: "user", content: text } });
const call = (id: string) =>
  JSON.stringify({ type: "message", at, message: { role: "assistant", content: [{ type: "text", text: "Looking it up." }, { type: "tool_use", id, name: "get_exchange_rate", input: { from: "USD", to: "RUB" } }] } });
const result = (id: string) => JSON.stringify({ type: "tool_result", at, result: { type: "tool_result", tool_use_id: id, content: '{"rate":92.5}' } });
const answer = (text: string) => JSON.stringify({ type: "message", at, message: { role: "assistant", content: [{ type: "text", text }] } });

// A clean session of two exchanges, each with a tool call: the material the damage is done to.
const CLEAN = [user("USD to RUB?"), call("toolu_01"), result("toolu_01"), answer("1 USD = 92.5 RUB."), user("And EUR?"), call("toolu_02"), result("toolu_02"), answer("Done.")];

// What the runner would send: the loaded messages, orphans repaired, and the new task.
async function requestFrom(lines: string[], prefix = ""): Promise<{ problem: string | null; notes: string[] }> {
  const file = path.join(dir, "s.jsonl");
  await writeFile(file, prefix + lines.join("\n") + "\n");
  const loaded = await loadSession(file);
  const messages = [...repairOrphans(loaded.messages), { role: "user" as const, content: "next question" }];
  const tools = [{ name: "get_exchange_rate", description: "An exchange rate.", input_schema: { type: "object" } }];
  const problem = validateMessagesRequest({ model: "claude-haiku-5-5", max_tokens: 100, tools, messages });
  return { problem: problem ? JSON.stringify(problem) : null, notes: loaded.notes };
}

describe("a damaged session still loads as a conversation the API accepts", () => {
  it("a damaged line holding a tool call: its result is left out with a note", async () => {
    const lines = [...CLEAN];
    lines[1] = lines[1]!.slice(0, 40);
    const { problem, notes } = await requestFrom(lines);
    expect(problem).toBeNull();
    expect(notes.join("\n")).toMatch(/line 2 is not a complete record/);
    expect(notes.join("\n")).toMatch(/1 tool result\(s\) answer a call that is not in the session/);
  });

  it("content null, a number, or a block that is not an object: skipped like a torn line, no crash", async () => {
    for (const content of [null, 42, [null], ["text"], [], { type: "text" }]) {
      const lines = [...CLEAN];
      lines[3] = JSON.stringify({ type: "message", at, message: { role: "assistant", content } });
      const { problem, notes } = await requestFrom(lines);
      expect(problem, `content ${JSON.stringify(content)}`).toBeNull();
      expect(notes.join("\n")).toMatch(/line 4 is not a complete record/);
    }
  });

  it("a byte order mark before the first line is ignored, not read as damage", async () => {
    const { problem, notes } = await requestFrom(CLEAN, "\uFEFF");
    expect(problem).toBeNull();
    expect(notes).toEqual([]);
  });

  it("a first user message that was damaged: the assistant's reply to it is left out too", async () => {
    const lines = [...CLEAN];
    lines[0] = "{garbage";
    const { problem, notes } = await requestFrom(lines);
    expect(problem).toBeNull();
    expect(notes.join("\n")).toMatch(/starts with an assistant message/);
  });

  it("a result written twice (two runs answered the same call) is kept once", async () => {
    const lines = [...CLEAN.slice(0, 3), result("toolu_01"), ...CLEAN.slice(3)];
    const { problem, notes } = await requestFrom(lines);
    expect(problem).toBeNull();
    expect(notes.join("\n")).toMatch(/given twice/);
  });

  it("property: any lines damaged, dropped or repeated, the loaded session is one the API accepts", async () => {
    const damage = fc.constantFrom("cut", "garbage", "drop", "repeat", "null-content", "keep", "keep", "keep");
    await fc.assert(
      fc.asyncProperty(fc.array(damage, { minLength: CLEAN.length, maxLength: CLEAN.length }), async (kinds) => {
        const lines = CLEAN.flatMap((line, i) => {
          const kind = kinds[i];
          if (kind === "cut") return [line.slice(0, line.length / 2)];
          if (kind === "garbage") return ["\u0000{not json"];
          if (kind === "drop") return [];
          if (kind === "repeat") return [line, line];
          if (kind === "null-content") return [line.replace(/"content":(\[.*\]|"[^"]*")\}/, '"content":null}')];
          return [line];
        });
        const { problem } = await requestFrom(lines);
        expect(problem, `damage ${kinds.join(",")}`).toBeNull();
      }),
      { seed: 8, numRuns: 120 },
    );
  });
});

describe("two runs on one session", () => {
  async function otherProcess(): Promise<number> {
    child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 20000)"], { stdio: "ignore" });
    return child.pid!;
  }

  it("a second run while another process holds the session is refused with what to do, and writes nothing", async () => {
    const sessions = path.join(dir, "sessions");
    await mkdir(sessions);
    // The terminal channel's sessions are named terminal-<name>.
    const file = path.join(sessions, "terminal-work.jsonl");
    await writeFile(file, `${CLEAN.join("\n")}\n`);
    await writeFile(`${file}.lock`, `${await otherProcess()}\n`);
    const { client } = recordingClient();
    const run = runAgent(client, "What is the USD to RUB rate?", { workspace: dir, session: "work", approver: nobody, stream: false, print: () => undefined, write: () => undefined });
    await expect(run).rejects.toThrow(SessionBusyError);
    await expect(run).rejects.toThrow(/Session "work" is in use by another run of the assistant \(process \d+\)/);
    // The session the learner named, and a name that works as typed: --session work-2, not terminal-work-2.
    await expect(run).rejects.toThrow(/--session work-2$/);
    await expect(run, "an ordinary situation, printed without a stack trace").rejects.toThrow(UsageError);
    expect(await readFile(file, "utf8"), "the other run's session is untouched").toBe(`${CLEAN.join("\n")}\n`);
  });

  it("a lock left by a process that is gone is taken over; the turn runs and releases it", async () => {
    const sessions = path.join(dir, "sessions");
    await mkdir(sessions);
    const gone = spawn(process.execPath, ["-e", "0"], { stdio: "ignore" });
    await new Promise((resolve) => gone.on("exit", resolve));
    await writeFile(path.join(sessions, "terminal-work.jsonl.lock"), `${gone.pid}\n`);
    const { client } = recordingClient();
    const reply = await runAgent(client, "What is the USD to RUB rate?", { workspace: dir, session: "work", approver: nobody, stream: false, print: () => undefined, write: () => undefined });
    expect(reply).toContain("92.5");
    await expect(readFile(path.join(sessions, "terminal-work.jsonl.lock"), "utf8"), "released after the turn").rejects.toThrow(/ENOENT/);
  });

  it("the lock is held for the whole turn: a second lock on it meanwhile is refused", async () => {
    const file = path.join(dir, "sessions", "x.jsonl");
    const release = await lockSession(file);
    const holder = await otherProcess();
    // Pretend the holder is another process, as a second terminal would see it.
    await writeFile(`${file}.lock`, `${holder}\n`);
    await expect(lockSession(file)).rejects.toThrow(SessionBusyError);
    await release();
    const again = await lockSession(file);
    await again();
  });
});

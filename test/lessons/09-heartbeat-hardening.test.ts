// Lesson 09's heartbeat when its files are not what they should be: a named pipe as HEARTBEAT.md or as
// its state file (reading either would wait for ever), a huge file, and a last-run time in the future
// (a clock that was ahead), which must not silence a task without a word.

import { execFileSync } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { IncomingMessage } from "../../lessons/08-assistant/channel.ts";
import { createHeartbeatChannel, type Clock } from "../../lessons/09-channels/heartbeat.ts";
import { within } from "../helpers/within.ts";

let dir = "";
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "course-09-heartbeat-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const clockAt = (date: Date): Clock => ({ now: () => date, sleep: () => Promise.resolve() });
const fifo = (file: string) => execFileSync("mkfifo", [file]);

describe("heartbeat: files that cannot be read safely", () => {
  it("a named pipe as HEARTBEAT.md is reported once and schedules nothing, instead of hanging", async () => {
    const file = path.join(dir, "HEARTBEAT.md");
    fifo(file);
    const printed: string[] = [];
    const heartbeat = createHeartbeatChannel({ file, stateFile: path.join(dir, "state.json"), clock: clockAt(new Date(2026, 10, 29, 10, 0)), print: (l) => printed.push(l) });
    expect(await within(heartbeat.once(async () => undefined), 3_000), "once() with a FIFO as HEARTBEAT.md").toEqual({ state: "resolved", value: [] });
    expect(await within(heartbeat.tick(), 3_000), "a second tick").toEqual({ state: "resolved", value: [] });
    expect(printed.filter((l) => /named pipe \(FIFO\).*nothing is scheduled/.test(l))).toHaveLength(1);
  });

  it("a named pipe as the state file: the tasks run as never run, and the state is written anew", async () => {
    const file = path.join(dir, "HEARTBEAT.md");
    const stateFile = path.join(dir, "state.json");
    await writeFile(file, "- every day at 09:00: rate\n");
    fifo(stateFile);
    const printed: string[] = [];
    const got: IncomingMessage[] = [];
    const heartbeat = createHeartbeatChannel({ file, stateFile, clock: clockAt(new Date(2026, 10, 29, 10, 0)), print: (l) => printed.push(l) });
    const started = await within(heartbeat.once(async (m) => void got.push(m)), 3_000);
    expect(started, "once() with a FIFO as the state file").toEqual({ state: "resolved", value: ["every day at 09:00: rate"] });
    expect(printed.join("\n")).toMatch(/named pipe.*treating every task as never run/);
    expect(JSON.parse(await readFile(stateFile, "utf8"))).toHaveProperty(["every day at 09:00: rate"]);
  });

  it("a HEARTBEAT.md of megabytes is refused with its size", async () => {
    const file = path.join(dir, "HEARTBEAT.md");
    await writeFile(file, "- every day at 09:00: rate\n".repeat(40_000));
    const printed: string[] = [];
    const heartbeat = createHeartbeatChannel({ file, stateFile: path.join(dir, "state.json"), clock: clockAt(new Date(2026, 10, 29, 10, 0)), print: (l) => printed.push(l) });
    expect(await heartbeat.once(async () => undefined)).toEqual([]);
    expect(printed.join("\n")).toMatch(/is 1080000 bytes, more than the 262144/);
  });
});

describe("heartbeat: a last run in the future", () => {
  it("runs the task now and says the clock was ahead, instead of waiting silently until then", async () => {
    const file = path.join(dir, "HEARTBEAT.md");
    const stateFile = path.join(dir, "state.json");
    await writeFile(file, "- every day at 09:00: rate\n");
    await writeFile(stateFile, JSON.stringify({ "every day at 09:00: rate": new Date(2027, 0, 1).toISOString() }));
    const printed: string[] = [];
    const got: IncomingMessage[] = [];
    const heartbeat = createHeartbeatChannel({ file, stateFile, clock: clockAt(new Date(2026, 10, 29, 10, 0)), print: (l) => printed.push(l) });
    expect(await heartbeat.once(async (m) => void got.push(m))).toEqual(["every day at 09:00: rate"]);
    expect(printed.join("\n")).toMatch(/later than now.*was the clock ahead\? Running it as if it never ran/);
  });

  it("a last run a few seconds ahead (clocks differ a little) is trusted: not run twice", async () => {
    const file = path.join(dir, "HEARTBEAT.md");
    const stateFile = path.join(dir, "state.json");
    const now = new Date(2026, 10, 29, 10, 0);
    await writeFile(file, "- every day at 09:00: rate\n");
    await writeFile(stateFile, JSON.stringify({ "every day at 09:00: rate": new Date(now.getTime() + 5_000).toISOString() }));
    const heartbeat = createHeartbeatChannel({ file, stateFile, clock: clockAt(now), print: () => undefined });
    expect(await heartbeat.once(async () => undefined)).toEqual([]);
  });
});

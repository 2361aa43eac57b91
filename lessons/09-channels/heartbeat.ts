// The heartbeat: a channel with no person on it. A timer reads HEARTBEAT.md, and each task that is
// due becomes an ordinary message, in its own session, through the same gateway as a typed one.
//
// Three rules: a task missed while the program was off runs once on start (heartbeat-file.ts); a
// task still running is not started again on the next tick; and nobody is there to approve anything,
// so the approver below refuses every gated call, and the refusal stays in the task's session.

import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { readFile, rename, stat, writeFile } from "node:fs/promises";
import type { Approver } from "../07-approval-gates/approver.ts";
import type { Channel, IncomingMessage } from "../08-assistant/channel.ts";
import { visible } from "../08-assistant/terminal-channel.ts";
import { messages } from "../../shared/i18n/messages.ts";
import { isDue, parseHeartbeat, type HeartbeatTask } from "./heartbeat-file.ts";

// Time, made replaceable, so a test can move a day forward without waiting a day.
export interface Clock {
  now(): Date;
  sleep(ms: number): Promise<void>;
}

export const systemClock: Clock = {
  now: () => new Date(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

export const nobodyToAsk: Approver = {
  canAsk: false,
  unavailable: "this is a scheduled task from HEARTBEAT.md and no person is there to ask",
  ask: () => Promise.reject(new Error("nobody can answer an approval question in a scheduled task")),
};

export interface HeartbeatOptions {
  // HEARTBEAT.md, and where the time each task last started is kept.
  file: string;
  stateFile: string;
  clock?: Clock;
  // How often the file is looked at.
  tickMs?: number;
  print?: (line: string) => void;
}

export interface HeartbeatChannel extends Channel {
  // Starts every task that is due now and not running; resolves when they are started, not finished.
  tick(): Promise<string[]>;
  // Resolves when every task started so far has finished.
  idle(): Promise<void>;
  // Ends start()'s loop after the current tick.
  stop(): void;
  // start() with one tick: runs what is due now, one task after another so that each task's lines
  // stay together in the terminal, waits for them, and returns (--heartbeat --once, the sample).
  once(deliver: (message: IncomingMessage) => Promise<void>): Promise<string[]>;
}

// One session per task: "heartbeat-what_is_the_usd_to_rub_rate-1a2b3c".
export function taskChatId(task: HeartbeatTask): string {
  const slug = task.text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "_").replace(/^_|_$/g, "").slice(0, 40);
  return `${slug}-${createHash("sha256").update(task.key).digest("hex").slice(0, 6)}`;
}

export function createHeartbeatChannel(options: HeartbeatOptions): HeartbeatChannel {
  const clock = options.clock ?? systemClock;
  const print = options.print ?? ((line: string) => console.log(line));
  const running = new Map<string, Promise<void>>();
  const reported = new Set<string>();
  let deliver: ((message: IncomingMessage) => Promise<void>) | undefined;
  let stopped = false;

  // A problem is printed once, not on every tick.
  const reportOnce = (problem: string) => {
    if (!reported.has(problem)) print(`heartbeat: ${problem}`);
    reported.add(problem);
  };

  async function readState(): Promise<Record<string, string>> {
    if (!existsSync(options.stateFile)) return {};
    const unreadable = await notReadable(options.stateFile);
    if (unreadable) {
      reportOnce(messages().channels.stateUnreadable(options.stateFile, unreadable));
      return {};
    }
    try {
      const state = JSON.parse(await readFile(options.stateFile, "utf8")) as unknown;
      return typeof state === "object" && state !== null && !Array.isArray(state) ? (state as Record<string, string>) : {};
    } catch {
      print(`heartbeat: ${messages().channels.stateNotJson(options.stateFile)}`);
      return {};
    }
  }

  async function tick(oneAtATime = false): Promise<string[]> {
    if (!deliver) throw new Error("The heartbeat is not attached to a gateway yet: call start() or once() first.");
    if (!existsSync(options.file)) {
      reportOnce(messages().channels.noHeartbeatFile(options.file));
      return [];
    }
    // A named pipe would block the read until some program writes to it (for ever, here); a device
    // may never end. Only a regular file of a sensible size is read.
    const unreadable = await notReadable(options.file);
    if (unreadable) {
      reportOnce(messages().channels.fileUnreadable(options.file, unreadable));
      return [];
    }
    const { tasks, problems } = parseHeartbeat(await readFile(options.file, "utf8"));
    for (const problem of problems) reportOnce(`${options.file} ${visible(problem)}`);
    const now = clock.now();
    const state = await readState();
    const lastRun = (task: HeartbeatTask): Date | undefined => {
      const last = parseDate(state[task.key]);
      // A time after now: the clock was ahead when it was written, or the file was edited. Trusting it
      // would silence the task until that time, with no word; it runs now instead, and says why.
      if (last && last.getTime() > now.getTime() + 60_000) {
        reportOnce(messages().channels.ranLater(visible(task.key), last.toISOString(), now.toISOString()));
        return undefined;
      }
      return last;
    };
    const due = tasks.filter((task) => !running.has(task.key) && isDue(task, lastRun(task), now));
    if (due.length === 0) return [];
    // Written before the tasks run: a crash during a task must not make it run again and again.
    for (const task of due) state[task.key] = now.toISOString();
    const temp = `${options.stateFile}.${process.pid}.tmp`;
    await writeFile(temp, `${JSON.stringify(state, null, 2)}\n`);
    await rename(temp, options.stateFile);

    const send = deliver;
    // Side by side, a slow task holds up no other; one at a time, each task's lines read together.
    let previous: Promise<void> = Promise.resolve();
    for (const task of due) {
      const begin = () => {
        print(`heartbeat: ${visible(task.key)}`);
        return send({ channel: "heartbeat", chatId: taskChatId(task), sender: "HEARTBEAT.md", text: task.text, at: now });
      };
      const run = (oneAtATime ? previous.then(begin) : begin())
        .catch((error: unknown) => print(messages().channels.taskFailed(visible(task.text), error instanceof Error ? error.message : String(error))))
        .finally(() => running.delete(task.key));
      previous = run;
      running.set(task.key, run);
    }
    return due.map((task) => task.key);
  }

  const idle = async () => {
    while (running.size > 0) await Promise.all([...running.values()]);
  };

  return {
    name: "heartbeat",
    tick: () => tick(),
    idle,
    stop: () => void (stopped = true),
    async once(receive) {
      deliver = receive;
      const started = await tick(true);
      await idle();
      return started;
    },
    async start(receive) {
      deliver = receive;
      while (!stopped) {
        await tick();
        await clock.sleep(options.tickMs ?? 30_000);
      }
      await idle();
    },
    // Nobody reads a scheduled task's answer as it comes: the terminal has shown it as it was written,
    // and its session keeps it. This line marks where the task ends.
    async send(chatId) {
      print(messages().channels.taskDone(`heartbeat-${chatId}`));
    },
  };
}

// HEARTBEAT.md is a short list a person types; a megabyte of it is a mistake.
export const MAX_HEARTBEAT_BYTES = 256 * 1024;

// Why a file must not be read, or undefined if it can be: a FIFO, a device, a folder, or too big.
async function notReadable(file: string): Promise<string | undefined> {
  const info = await stat(file).catch(() => undefined);
  const m = messages().channels;
  if (!info) return m.cannotRead;
  if (info.isFIFO()) return m.namedPipe;
  if (!info.isFile()) return m.notRegular;
  if (info.size > MAX_HEARTBEAT_BYTES) return m.tooBig(info.size, MAX_HEARTBEAT_BYTES);
  return undefined;
}

function parseDate(value: string | undefined): Date | undefined {
  if (typeof value !== "string") return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

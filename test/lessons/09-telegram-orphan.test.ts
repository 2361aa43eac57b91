// `npm run lesson 9 -- --telegram`, when npm alone is stopped (kill on npm's process, a closed terminal):
// npm exits without passing the signal on, and the bot, now an orphan, must not go on polling. Here a
// small parent process plays npm: it starts the lesson, and the test kills the parent.

import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { cliEnv } from "../helpers/run-cli.ts";

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until(what: string, condition: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!condition() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 50));
  expect(condition(), `waited ${ms / 1000} s for: ${what}`).toBe(true);
}

describe("the Telegram bot when npm is stopped alone", () => {
  it("stops polling once its parent is gone", async () => {
    let polls = 0;
    const server = http.createServer((req, res) => {
      req.resume();
      if ((req.url ?? "").endsWith("/getUpdates")) polls += 1;
      // An empty poll after a short wait, as Telegram answers when nothing is new.
      setTimeout(() => res.end(JSON.stringify({ ok: true, result: [] })), 50);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const workspace = mkdtempSync(path.join(os.tmpdir(), "course-09-orphan-"));
    cleanups.push(() => {
      server.closeAllConnections();
      server.close();
      rmSync(workspace, { recursive: true, force: true });
    });
    const env = cliEnv({
      WORKSPACE_DIR: workspace,
      TELEGRAM_BOT_TOKEN: "123:test",
      TELEGRAM_ALLOWED_CHATS: "1",
      TELEGRAM_API_BASE: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    });
    // The stand-in for npm: starts the lesson, says its pid, and waits.
    const script = `const c = require("node:child_process").spawn(process.execPath, ["shared/cli/launch.mjs", "lesson", "9", "--offline", "--telegram"], { stdio: "ignore" }); console.log(c.pid); setInterval(() => {}, 1000);`;
    const parent = spawn(process.execPath, ["-e", script], { env, stdio: ["ignore", "pipe", "inherit"] });
    const botPid = await new Promise<number>((resolve) => parent.stdout.once("data", (chunk: Buffer) => resolve(Number(chunk.toString().trim()))));
    cleanups.push(() => {
      if (alive(botPid)) process.kill(botPid, "SIGKILL");
    });
    await until("the bot's first poll", () => polls > 0, 60_000);
    parent.kill("SIGKILL");
    await until("the bot to exit after its parent died", () => !alive(botPid), 15_000);
    const after = polls;
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(polls, "no poll after it stopped").toBe(after);
  }, 90_000);
});

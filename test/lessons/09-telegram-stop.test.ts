// `npm run lesson 9 -- --telegram`, stopped with Ctrl+C while an approval question waits in the chat.
// Stopping the bot is not an answer: the call ends as interrupted (never approved, never refused), and
// the terminal says so. The bot then finishes the turn it was in; if that hangs (here the fake Bot API
// stops answering sendMessage), a second Ctrl+C exits at once.

import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { cliEnv, runCli } from "../helpers/run-cli.ts";

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

async function until(what: string, condition: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!condition() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 25));
  expect(condition(), `waited ${ms / 1000} s for: ${what}`).toBe(true);
}

describe("Ctrl+C while a Telegram approval waits", () => {
  it("ends the call as interrupted, not as a no, and a second Ctrl+C exits even while the bot is still finishing", async () => {
    const updates: unknown[] = [];
    const sent: Array<{ text: string; keyboard: boolean }> = [];
    let holdReplies = false;
    const server = http.createServer(async (request, response) => {
      const chunks: Buffer[] = [];
      for await (const chunk of request as AsyncIterable<Buffer>) chunks.push(chunk);
      const params = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}") as { offset?: number; text?: string; reply_markup?: unknown };
      const method = (request.url ?? "").split("/").pop();
      let result: unknown = true;
      if (method === "getUpdates") {
        await new Promise((resolve) => setTimeout(resolve, 50));
        result = updates.filter((u) => (u as { update_id: number }).update_id >= (params.offset ?? 0));
      }
      if (method === "sendMessage") {
        sent.push({ text: String(params.text), keyboard: params.reply_markup !== undefined });
        if (holdReplies) return; // a Bot API that no longer answers: the bot's stop cannot finish
      }
      response.end(JSON.stringify({ ok: true, result }));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const workspace = mkdtempSync(path.join(os.tmpdir(), "course-09-tg-stop-"));
    cleanups.push(() => {
      server.closeAllConnections();
      server.close();
      rmSync(workspace, { recursive: true, force: true });
    });
    const env = cliEnv({
      WORKSPACE_DIR: workspace,
      COURSE_LANG: "en",
      TELEGRAM_BOT_TOKEN: "123:test",
      TELEGRAM_ALLOWED_CHATS: "7",
      TELEGRAM_API_BASE: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    });
    const bot = spawn(process.execPath, ["shared/cli/launch.mjs", "lesson", "9", "--offline", "--telegram"], { env, stdio: ["ignore", "pipe", "pipe"] });
    cleanups.push(() => bot.kill("SIGKILL"));
    let out = "";
    bot.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    bot.stderr.on("data", (chunk: Buffer) => (out += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => bot.on("exit", (code) => resolve(code)));

    await until("the bot polls", () => out.includes("polling"), 60_000);
    updates.push({ update_id: 1, message: { message_id: 1, chat: { id: 7 }, from: { id: 7, username: "anna" }, text: "What is the USD to RUB rate? Save it to rate.txt", date: 1_780_000_000 } });
    await until("the approval question in the chat", () => sent.some((m) => m.keyboard), 30_000);
    holdReplies = true;
    bot.kill("SIGINT");
    await until("the bot's answer after the stop (held by the fake)", () => sent.length >= 2, 30_000);
    expect(out).toContain("Stopping... (press Ctrl+C again to quit at once)");
    expect(out).toMatch(/stopping while chat 7 was asked about save_to_file: it is not run, and recorded as interrupted/);
    expect(out, "the terminal log does not say the person refused").not.toMatch(/answered no/);
    expect(sent.at(-1)?.text).toMatch(/I was stopped while your approval was still being asked for/);
    bot.kill("SIGINT");
    expect(await exited, "the second Ctrl+C exits at once, with the shell's code for Ctrl+C").toBe(130);
    const session = readFileSync(path.join(workspace, "sessions", "telegram-7.jsonl"), "utf8");
    expect(session).toMatch(/"is_error":true/);
    expect(session).toMatch(/approval was never given/);
  }, 120_000);
});

describe("a token the Bot API refuses", () => {
  it("stops the bot with one line on what to fix, in the course's language, and exit code 2 (a usage error)", async () => {
    const server = http.createServer((request, response) => {
      request.resume();
      response.end(JSON.stringify({ ok: false, error_code: 401, description: "Unauthorized" }));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const workspace = mkdtempSync(path.join(os.tmpdir(), "course-09-tg-token-"));
    cleanups.push(() => {
      server.close();
      rmSync(workspace, { recursive: true, force: true });
    });
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const result = await runCli(["lesson", "9", "--offline", "--telegram"], {
      env: { WORKSPACE_DIR: workspace, COURSE_LANG: "ru", TELEGRAM_BOT_TOKEN: "123:revoked", TELEGRAM_ALLOWED_CHATS: "7", TELEGRAM_API_BASE: base },
    });
    expect(result.code, result.out).toBe(2);
    expect(result.out).toMatch(/^Telegram не принял токен бота \(401\): TELEGRAM_BOT_TOKEN в \.env неверный или отозван\..*@BotFather.*TELEGRAM_API_BASE=http/m);
    expect(result.out, "no stack trace for a mistake in .env").not.toMatch(/^\s+at /m);
    expect(result.out, "the token is never printed").not.toContain("123:revoked");
  }, 60_000);
});

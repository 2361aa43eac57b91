// `npm run lesson 8 -- --chat --session NAME` in a real pseudo-terminal: two messages typed one after
// the other land in the same session, so the second ("А в евро?") is answered from the first's history.
// The CLI itself runs (shared/cli/launch.mjs), under `script` (util-linux) or Python's pty module, with
// WORKSPACE_DIR pointing at a temporary folder. Each line is typed only when the "> " prompt is back.

import { spawn, spawnSync } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = process.cwd();
const hasScript = spawnSync("script", ["--version"], { stdio: "ignore" }).status === 0;
const hasPythonPty = spawnSync("python3", ["-c", "import pty"], { stdio: "ignore" }).status === 0;
const canRun = (hasScript || hasPythonPty) && process.platform !== "win32";

const LINES = ["Сколько будет 500 долларов в рублях?", "А в евро?", ""];

function quote(arg: string): string {
  return `'${arg.replaceAll("'", "'\\''")}'`;
}

function underPty(argv: string[]): { command: string; args: string[] } {
  if (hasScript) return { command: "script", args: ["-qec", argv.map(quote).join(" "), "/dev/null"] };
  return { command: "python3", args: ["-c", "import os, pty, sys; sys.exit(os.waitstatus_to_exitcode(pty.spawn(sys.argv[1:])))", ...argv] };
}

function plain(text: string): string {
  return text.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, "").replace(/\r/g, "");
}

let dir = "";
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe.skipIf(!canRun)("lesson 08 --chat in a real terminal", () => {
  it("two messages typed into one session: the follow-up is answered from the history", async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "course-08-chat-"));
    const { command, args } = underPty([process.execPath, path.join("shared", "cli", "launch.mjs"), "lesson", "8", "--offline", "--chat", "--session", "pty"]);
    const child = spawn(command, args, {
      cwd: ROOT,
      env: { ...process.env, ANTHROPIC_API_KEY: "", ANTHROPIC_BASE_URL: "", WORKSPACE_DIR: dir, TERM: process.env.TERM || "xterm" },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let screen = "";
    let typed = 0;
    const onOutput = (chunk: Buffer) => {
      screen += plain(chunk.toString("utf8"));
      const prompts = screen.split("\n> ").length - 1;
      while (typed < prompts && typed < LINES.length) child.stdin.write(`${LINES[typed++]}\r`);
    };
    child.stdout.on("data", onOutput);
    child.stderr.on("data", onOutput);
    const code = await new Promise<number | null>((resolve) => {
      // A guard, not a speed check: a chat that waits for input nobody sends is stopped and shown.
      const guard = setTimeout(() => {
        screen += "\n[test] the chat did not finish within 60 s; stopped it.";
        child.kill("SIGKILL");
      }, 60_000);
      child.on("close", (exit) => {
        clearTimeout(guard);
        resolve(exit);
      });
    });

    expect(code, screen).toBe(0);
    expect(screen, "the --chat intro must say the messages continue one saved session").toContain("Each message continues the session, which is saved");
    expect(screen).not.toContain("Each task starts a fresh conversation");
    expect(screen).toContain("Session terminal-pty");
    expect(screen).toMatch(/500 USD = 46[\s\u00a0]250 RUB/);
    expect(screen, "the follow-up knows the amount and the currency from the first message").toMatch(/500 USD = 460 EUR/);
    const lines = (await readFile(path.join(dir, "sessions", "terminal-pty.jsonl"), "utf8")).trim().split("\n");
    const asked = lines.map((l) => JSON.parse(l) as { type: string; message?: { role: string; content: unknown } })
      .filter((l) => l.type === "message" && l.message?.role === "user" && typeof l.message.content === "string")
      .map((l) => l.message?.content);
    expect(asked).toEqual(LINES.slice(0, 2));
  }, 90_000);
});

// Ctrl+\ and Ctrl+C at a prompt (issue 25): a readline prompt puts the terminal in raw mode, where the
// keys no longer become signals. Lesson 08's README asks the learner to press Ctrl+\ at "Run it?" to
// crash the agent mid-call; Ctrl+C must stop the program there as it does anywhere else; and a second
// Ctrl+C always exits, even when a lesson handles the first one itself.
// The prompts are tested in a real pseudo-terminal (pty-terminal.ts), the second-Ctrl+C rule in-process.

import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { exitOnSecondInterrupt } from "../../shared/signal-keys.ts";
import { canRunPty, noPtyReason, ptyKind, Terminal } from "./pty-terminal.ts";

const workspace = mkdtempSync(path.join(os.tmpdir(), "course-signals-"));
afterAll(() => rmSync(workspace, { recursive: true, force: true }));

const TASK = "How much are 500 US dollars in rubles? Save the result to report.txt";

// The last line of a session file, parsed.
function lastEntry(session: string): { type: string; message?: { content?: Array<{ type: string }> } } {
  const lines = readFileSync(path.join(workspace, "sessions", `terminal-${session}.jsonl`), "utf8").trim().split("\n");
  return JSON.parse(lines.at(-1)!);
}

describe.skipIf(!canRunPty)(`at lesson 08's "Run it?" in a real terminal (${canRunPty ? ptyKind : noPtyReason})`, { timeout: 90_000 }, () => {
  it("Ctrl+\\ kills the agent on the spot: the session ends with the tool_use and no result, as the README's crash step says", async () => {
    const term = new Terminal(process.cwd(), ["lesson", "8", "--offline", "--session", "crash", TASK], { WORKSPACE_DIR: workspace });
    await term.waitFor((screen) => screen.includes("Run it?"), "the approval prompt");
    term.press("\x1c");
    await term.waitFor(() => term.exitCode !== null, "the agent to die");
    expect(term.exitCode, term.screen()).not.toBe(0);
    expect(term.screen(), "no answer was given: the process died at the prompt").not.toMatch(/→ no/);
    const last = lastEntry("crash");
    expect(last.message?.content?.some((block) => block.type === "tool_use"), JSON.stringify(last)).toBe(true);
  });

  it("Ctrl+C stops the program (exit code 130) instead of answering no and going on", async () => {
    const term = new Terminal(process.cwd(), ["lesson", "8", "--offline", "--session", "interrupt", TASK], { WORKSPACE_DIR: workspace });
    await term.waitFor((screen) => screen.includes("Run it?"), "the approval prompt");
    term.press("\x03");
    await term.waitFor(() => term.exitCode !== null, "the agent to stop");
    expect(term.exitCode, term.screen()).toBe(130);
    expect(term.screen()).toContain("^C");
    expect(term.screen(), "the run must not go on to the model's next turn").not.toMatch(/turns: \d/);
  });
});

describe("a second Ctrl+C always exits", () => {
  it("a lesson that handles Ctrl+C gets the first; the second exits with 130; alone, the first exits", () => {
    const exits: number[] = [];
    const notices: string[] = [];
    const stderr = process.stderr.write;
    process.stderr.write = ((text: string) => (notices.push(text), true)) as typeof process.stderr.write;
    const lessonStops: string[] = [];
    const lessonHandler = () => lessonStops.push("stop");
    const others = process.listeners("SIGINT");
    for (const listener of others) process.off("SIGINT", listener);
    const remove = exitOnSecondInterrupt(() => "Stopping...", (code) => exits.push(code));
    try {
      process.once("SIGINT", lessonHandler);
      process.emit("SIGINT", "SIGINT");
      expect(lessonStops).toEqual(["stop"]);
      expect(exits, "the lesson stops cleanly on the first").toEqual([]);
      expect(notices.join("")).toContain("Stopping...");
      process.once("SIGINT", lessonHandler); // a lesson that keeps listening, or hangs while stopping
      process.emit("SIGINT", "SIGINT");
      expect(exits, "the second Ctrl+C exits, whatever is still listening").toEqual([130]);
    } finally {
      process.off("SIGINT", lessonHandler);
      remove();
    }
    const alone = exitOnSecondInterrupt(() => "Stopping...", (code) => exits.push(code));
    try {
      process.emit("SIGINT", "SIGINT");
      expect(exits, "nobody else listening: the first Ctrl+C exits, as it would without the handler").toEqual([130, 130]);
    } finally {
      alone();
      process.stderr.write = stderr;
      for (const listener of others) process.on("SIGINT", listener);
    }
  });
});

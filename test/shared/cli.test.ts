// The course's commands: a bad lesson number or flag gets a clear message and exit code 2.

import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { findUnit, listUnits } from "../../shared/cli/course-files.ts";

function course(...args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, FORCE_COLOR: "0" };
  delete env.ANTHROPIC_API_KEY;
  const result = spawnSync(process.execPath, ["shared/cli/launch.mjs", ...args], { env, encoding: "utf8", timeout: 60_000 });
  return { code: result.status, out: result.stdout + result.stderr };
}

describe("course files", () => {
  it("finds a lesson by number, padded number or name", () => {
    const lessons = listUnits("lessons");
    expect(findUnit(lessons, "1")?.id).toBe("01-first-tool");
    expect(findUnit(lessons, "01")?.id).toBe("01-first-tool");
    expect(findUnit(lessons, "first-tool")?.id).toBe("01-first-tool");
    expect(findUnit(lessons, "99")).toBeUndefined();
  });
});

describe("course CLI", () => {
  it("lists the lessons and exits 2 for a lesson that does not exist", () => {
    const { code, out } = course("lesson", "99");
    expect(code).toBe(2);
    expect(out).toContain("There is no lesson '99'");
    expect(out).toContain("01-first-tool");
  });

  it("exits 2 for an unknown flag, with the usage", () => {
    const { code, out } = course("lesson", "1", "--fast");
    expect(code).toBe(2);
    expect(out).toMatch(/Unknown option '--fast'/);
    expect(out).toContain("Usage: npm run lesson N");
  });

  it("exits 2 for an unknown exercise and an unknown command", () => {
    expect(course("check", "42").code).toBe(2);
    expect(course("teach").code).toBe(2);
  });

  it("runs lesson 1 offline with no terminal and shows the call, the answer and the summary", () => {
    const { code, out } = course("lesson", "1", "--offline", "How many euros is one dollar?");
    expect(code).toBe(0);
    expect(out).toContain("Offline demo model");
    expect(out).toContain('→ get_exchange_rate {"from_currency":"USD","to_currency":"EUR"}');
    expect(out).toContain("1 USD = 0.92 EUR");
    expect(out).toMatch(/turns: 2 · tool calls: 1 · tokens: \d+ in \/ \d+ out/);
  });

  it("prints the exact JSON with --raw", () => {
    const { code, out } = course("lesson", "1", "--offline", "--raw");
    expect(code).toBe(0);
    expect(out).toContain(">>> request 1");
    expect(out).toContain('"tool_use_id"');
  });
});

describe("lessons that talk through channels (lesson 09)", () => {
  it("--chat is refused with the commands that do chat: --web, --telegram, or lesson 8 --chat", () => {
    const { code, out } = course("lesson", "9", "--offline", "--chat");
    expect(code).toBe(2);
    expect(out).toContain("npm run lesson 9 -- --web");
    expect(out).toContain("npm run lesson 8 -- --chat");
    expect(out, "no task may run: the lesson's sample would look like an answer to a chat").not.toContain("Task:");
  });

  it("--web prints the page's address and no \"Task:\" line (it runs no task of its own)", async () => {
    const workspace = mkdtempSync(path.join(os.tmpdir(), "course-09-web-"));
    const env: NodeJS.ProcessEnv = { ...process.env, FORCE_COLOR: "0", WORKSPACE_DIR: workspace };
    delete env.ANTHROPIC_API_KEY;
    const child = spawn(process.execPath, ["shared/cli/launch.mjs", "lesson", "9", "--offline", "--web", "--port", "0"], { env });
    let out = "";
    try {
      out = await new Promise<string>((resolve, reject) => {
        let seen = "";
        const read = (chunk: Buffer) => {
          seen += chunk.toString("utf8");
          if (/The chat page: http:\/\/127\.0\.0\.1:\d+\//.test(seen)) resolve(seen);
        };
        child.stdout.on("data", read);
        child.stderr.on("data", read);
        child.on("close", (exit) => reject(new Error(`lesson 9 --web exited (${exit}) before printing its address:\n${seen}`)));
      });
    } finally {
      child.kill();
      rmSync(workspace, { recursive: true, force: true });
    }
    expect(out).not.toContain("Task:");
  });
});

// The course's commands: a bad lesson number or flag gets a clear message and exit code 2.

import { spawnSync } from "node:child_process";
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

// Lesson 09's flags that only mean something with another one: --port picks the chat page's port (so
// it needs --web), --once stops the heartbeat after one round (so it needs --heartbeat). Given alone,
// each used to be dropped without a word and the sample ran instead; now it is a usage mistake that
// names the flag it needs, exit code 2, in English and in Russian, before anything runs.

import { existsSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { en } from "../../shared/i18n/en.ts";
import { ru } from "../../shared/i18n/ru.ts";
import { lessonInProcess as lesson } from "../helpers/lesson-in-process.ts";
import { runCli } from "../helpers/run-cli.ts";

const workspace = mkdtempSync(path.join(os.tmpdir(), "course-09-flags-"));
beforeAll(() => {
  vi.stubEnv("WORKSPACE_DIR", workspace);
  vi.stubEnv("MEMORY_DIR", undefined);
  vi.stubEnv("ANTHROPIC_API_KEY", undefined);
});
afterAll(() => {
  vi.unstubAllEnvs();
  rmSync(workspace, { recursive: true, force: true });
});


describe("a lesson 09 flag without the flag it goes with", { timeout: 60_000 }, () => {
  it.each([
    [["--port", "8080"], /--port goes with --web\b.*npm run lesson 9 -- --web --port 8080/],
    [["--once"], /--once goes with --heartbeat\b.*npm run lesson 9 -- --heartbeat --once/],
  ])("npm run lesson 9 -- %s: a usage mistake naming the flag it needs, and the sample does not run", async (flags, words) => {
    const { code, out } = await lesson("9", "--offline", ...flags);
    expect(code, out).toBe(2);
    expect(out).toMatch(words);
    expect(out, "no stack trace for a learner's mistake").not.toMatch(/^\s+at /m);
    expect(out, "the sample did not run in its place").not.toMatch(/^1\. The heartbeat channel|→ get_exchange_rate/m);
    expect(existsSync(path.join(workspace, "memory", "HEARTBEAT.md")), "nothing was started").toBe(false);
  });

  it("says so in Russian under COURSE_LANG=ru (one real start of the CLI)", async () => {
    const { code, out } = await runCli(["lesson", "9", "--port", "8080"], { env: { COURSE_LANG: "ru", WORKSPACE_DIR: workspace } });
    expect(code, out).toBe(2);
    expect(out).toContain(ru.mistakes.portNeedsWeb);
    expect(out).toMatch(/--port [а-яё ]+ --web/i);
    for (const key of ["portNeedsWeb", "onceNeedsHeartbeat"] as const) {
      expect(ru.mistakes[key], key).not.toBe(en.mistakes[key]);
      expect(ru.mistakes[key], key).toMatch(/[а-яё]{4}/i);
      expect(ru.mistakes[key].split("\n").length, "one or two lines").toBeLessThanOrEqual(2);
    }
  });
});

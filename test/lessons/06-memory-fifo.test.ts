// Lesson 06's memory tools when a memory file is a named pipe: a plain read would wait for a writer
// that never comes, with the file's lock held, so the tool never answers and the next run finds a
// stale .lock. They answer at once with an error that says what is wrong, and leave no lock behind.

import { execFileSync } from "node:child_process";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { forget } from "../../lessons/06-memory/forget.ts";
import { remember } from "../../lessons/06-memory/remember.ts";
import { setPreference } from "../../lessons/06-memory/set-preference.ts";
import { within } from "../helpers/within.ts";

let dir = "";
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "course-06-fifo-"));
  execFileSync("mkfifo", [path.join(dir, "MEMORY.md")]);
  execFileSync("mkfifo", [path.join(dir, "USER.md")]);
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("memory tools on a named pipe", () => {
  const cases: Array<[string, () => Promise<string>]> = [
    ["remember", () => remember(dir, "the report goes out on Fridays")],
    ["forget", () => forget(dir, "the report goes out on Fridays")],
    ["set_preference", () => setPreference(dir, "currency", "EUR")],
  ];
  for (const [name, call] of cases) {
    it(`${name} answers at once with what is wrong, and leaves no .lock file`, async () => {
      const outcome = await within(call(), 3_000);
      expect(outcome.state, `${name} on a FIFO must not wait for a writer`).toBe("rejected");
      expect(outcome.state === "rejected" && (outcome.error as Error).message).toMatch(/is not a regular file \(a named pipe.*left unchanged/);
      expect((await readdir(dir)).filter((f) => f.endsWith(".lock"))).toEqual([]);
    });
  }
});

// Lesson 06: remember and set_preference refuse secrets. Memory goes into every prompt, so a password
// or a key written there leaks into every conversation from then on; the description asks the model
// not to store them, and the tool enforces it, with a reason the model can pass on.

import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { remember } from "../../lessons/06-memory/remember.ts";
import { secretIn } from "../../lessons/06-memory/secrets.ts";
import { setPreference } from "../../lessons/06-memory/set-preference.ts";

let dir = "";
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "course-06-secrets-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const refusal = (work: Promise<unknown>) => work.then(() => "saved", (error: Error) => error.message);

describe("memory refuses secrets", () => {
  const secrets = [
    "My Anthropic key is sk-ant-api03-AbCdEfGhIjKlMnOp",
    "the OpenAI key sk-proj-1234567890abcdefghijklmnop",
    "GitHub token ghp_abcdefghijklmnopqrstuvwxyz0123",
    "AWS key AKIAIOSFODNN7EXAMPLE",
    "My password is hunter2",
    "password: correct-horse",
    "Мой пароль — qwerty123",
    "пароль: 12345678",
    "my PIN is 4321",
  ];
  for (const fact of secrets) {
    it(`remember refuses ${JSON.stringify(fact)}, and MEMORY.md is not written`, async () => {
      expect(await refusal(remember(dir, fact))).toMatch(/^Not saved: the fact looks like .*never stored there.*\.env or a password manager/);
      await expect(readFile(path.join(dir, "MEMORY.md"), "utf8")).rejects.toThrow(/ENOENT/);
    });
  }

  it("set_preference refuses a secret as a value", async () => {
    expect(await refusal(setPreference(dir, "password", "hunter2"))).toMatch(/^Not saved: the preference looks like a password/);
    expect(await refusal(setPreference(dir, "api", "sk-ant-api03-AbCdEfGhIjKlMnOp"))).toMatch(/Anthropic API key/);
  });

  it("ordinary facts and preferences are kept, words like 'secret' and 'token' included", async () => {
    for (const fact of [
      "The user's name is Alex",
      "The user's secret is that he likes cats",
      "Reports go out on Fridays",
      "Пользователь предпочитает евро",
      "The token bucket holds 100 tokens",
      "Changed the password policy meeting to Monday",
    ]) {
      expect(secretIn(fact), fact).toBeUndefined();
      expect(await refusal(remember(dir, fact)), fact).toBe("saved");
    }
    expect(await refusal(setPreference(dir, "currency", "EUR"))).toBe("saved");
  });
});

describe("the demo model passes the refusal on to the user", () => {
  it("says why and what to do, follows the tool's instructions instead of reading them out, and never repeats the key", async () => {
    const { runAgent } = await import("../../lessons/06-memory/agent.ts");
    const { createClient } = await import("../../shared/client.ts");
    const key = "sk-ant-api03-AbCdEfGhIjKlMnOp";
    const answer = await runAgent(createClient({ offline: true }).client, `Remember my API key is ${key}`, {
      memoryDir: path.join(dir, "memory"),
      workspaceDir: path.join(dir, "workspace"),
      today: () => "2026-05-01",
      log: () => undefined,
    });
    expect(answer).toContain("Not saved");
    expect(answer).toContain("Keep it in .env or a password manager");
    expect(answer, "an instruction meant for the model, read out to the user").not.toMatch(/tell the user|do not repeat/i);
    expect(answer).not.toContain(key);
  });
});

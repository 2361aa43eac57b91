// Lesson 09's chat page in a real browser: headless Chromium (Debian's package, /usr/bin/chromium),
// driven by playwright-core. It types a question, watches the answer stream in, clicks Deny on the
// approval question and reads the refusal, reloads the tab and finds the conversation still there.
// Where no browser is installed (a learner's machine, a CI without the package) the tests are skipped
// with the reason printed, so `npm test` still passes.

import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { chromium, type BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAssistant } from "../../lessons/09-channels/agent.ts";
import { chatHistory } from "../../lessons/09-channels/chat-history.ts";
import { openWebChannel, type WebChannel } from "../../lessons/09-channels/web-channel.ts";
import { createClient } from "../../shared/client.ts";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];

let dir = "";
let profile = "";
let web: WebChannel | undefined;
let attached: Promise<void> | undefined;
let browser: BrowserContext | undefined;
let skipped = existsSync(CHROMIUM) ? "" : `no browser at ${CHROMIUM} (install Debian's chromium package, or set CHROMIUM_PATH)`;

beforeAll(async () => {
  if (skipped) return;
  dir = await mkdtemp(path.join(os.tmpdir(), "course-09-browser-"));
  // A fresh profile every run: nothing from an earlier run (cookies, storage) can leak in.
  profile = await mkdtemp(path.join(os.tmpdir(), "course-09-profile-"));
  try {
    browser = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: FLAGS, timeout: 30_000 });
  } catch (error) {
    skipped = `${CHROMIUM} would not start: ${(error instanceof Error ? error.message : String(error)).split("\n")[0]}`;
    return;
  }
  const assistant = await createAssistant(createClient({ offline: true }).client, { workspace: dir, memoryDir: path.join(dir, "memory"), print: () => undefined });
  web = await openWebChannel({ history: (chat) => chatHistory(path.join(dir, "sessions", `web-${chat}.jsonl`)) });
  assistant.useWeb(web);
  attached = assistant.gateway.attach(web);
}, 60_000);

afterAll(async () => {
  if (skipped) console.log(`lesson 09 browser test skipped: ${skipped}`);
  await browser?.close();
  await web?.close();
  await attached;
  if (dir) await rm(dir, { recursive: true, force: true });
  if (profile) await rm(profile, { recursive: true, force: true });
});

describe("the chat page in headless Chromium", () => {
  it("streams the answer, shows the tool line, asks with Allow / Deny, explains the Deny, and resumes on reload", async (context) => {
    if (skipped || !browser || !web) return context.skip();
    const page = await browser.newPage();
    await page.goto(web.loginUrl());
    // Count how often the answer bubble changes: a streamed answer changes many times, a whole one once.
    await page.evaluate(() => {
      const w = window as unknown as { changes: number };
      w.changes = 0;
      new MutationObserver((records) => {
        for (const r of records) if (r.target instanceof Element && r.target.classList.contains("assistant")) w.changes += 1;
      }).observe(document.getElementById("log") as HTMLElement, { childList: true, subtree: true, characterData: true });
    });
    await page.fill("#text", "What is the USD to RUB rate? Save it to rate.txt");
    await page.press("#text", "Enter");

    const question = page.locator(".approval");
    await question.waitFor({ timeout: 20_000 });
    expect(await question.textContent()).toContain("save_to_file");
    expect(await page.locator(".tool").first().textContent(), "the tool call is shown as a line").toContain("→ get_exchange_rate");
    await question.getByRole("button", { name: "Deny" }).click();

    const answer = page.locator(".assistant").last();
    await expect.poll(() => answer.textContent(), { timeout: 20_000 }).toMatch(/did not save rate\.txt/);
    expect(await answer.textContent()).toContain("92.5");
    expect(await answer.textContent(), "the refusal is explained").toMatch(/answered no/);
    expect(await page.evaluate(() => (window as unknown as { changes: number }).changes), "the answer arrived in pieces").toBeGreaterThan(2);
    expect(existsSync(path.join(dir, "rate.txt")), "denied: no file").toBe(false);

    // The words stream in before the turn ends and its reply is saved to the session; the page turns
    // the text box back on when the turn has ended. Reload only then, or the history may lack the reply.
    await expect.poll(() => page.locator("#text").isEnabled(), { timeout: 20_000 }).toBe(true);
    await page.reload();
    await expect.poll(() => page.locator(".user").count(), { timeout: 10_000 }).toBe(1);
    expect(await page.locator(".assistant").last().textContent(), "the reloaded tab shows its conversation").toContain("92.5");
    await page.close();
  }, 60_000);

  it("shows markup typed into the chat as text; no script runs", async (context) => {
    if (skipped || !browser || !web) return context.skip();
    const page = await browser.newPage();
    await page.goto(web.loginUrl());
    const attack = `<img src=x onerror="window.pwned=1"> What is 2+2?`;
    await page.fill("#text", attack);
    await page.press("#text", "Enter");
    await expect.poll(() => page.locator(".assistant").last().textContent(), { timeout: 20_000 }).not.toBe("");
    expect(await page.locator(".user").last().textContent()).toBe(attack);
    expect(await page.locator("#log img").count(), "no element was made from the text").toBe(0);
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
    await page.close();
  }, 60_000);
});

// Lesson 09's chat page in a real browser: headless Chromium (Debian's package, /usr/bin/chromium),
// driven by playwright-core. It types a question, watches the answer stream in, clicks Deny on the
// approval question and reads the refusal, reloads the tab and finds the conversation still there.
// It also runs axe-core (the accessibility rules browsers' own tools use) on the page in each state,
// at a phone's width (390 px), and answers the approval with the keyboard alone.
// Where no browser is installed (a learner's machine, a CI without the package) the tests are skipped
// with the reason printed, so `npm test` still passes.

import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAssistant } from "../../lessons/09-channels/agent.ts";
import { chatHistory } from "../../lessons/09-channels/chat-history.ts";
import { openWebChannel, type WebChannel } from "../../lessons/09-channels/web-channel.ts";
import { createClient } from "../../shared/client.ts";

// axe-core's rules, put into the page through the DevTools protocol (the page's CSP lets no other
// script in, and that is kept as it is).
const AXE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];

let dir = "";
let profile = "";
let web: WebChannel | undefined;
let webRu: WebChannel | undefined;
let attached: Promise<void> | undefined;
let attachedRu: Promise<void> | undefined;
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
  web = await openWebChannel({ history: (chat) => chatHistory(path.join(dir, "sessions", `web-${chat}.jsonl`)), lang: "en" });
  assistant.useWeb(web);
  attached = assistant.gateway.attach(web);
  // The same page in Russian (COURSE_LANG=ru), served by a second assistant on the same folders.
  const russian = await createAssistant(createClient({ offline: true }).client, { workspace: dir, memoryDir: path.join(dir, "memory"), print: () => undefined });
  webRu = await openWebChannel({ history: (chat) => chatHistory(path.join(dir, "sessions", `web-${chat}.jsonl`)), lang: "ru" });
  russian.useWeb(webRu);
  attachedRu = russian.gateway.attach(webRu);
}, 60_000);

afterAll(async () => {
  if (skipped) console.log(`lesson 09 browser test skipped: ${skipped}`);
  await browser?.close();
  await web?.close();
  await webRu?.close();
  await attached;
  await attachedRu;
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
        for (const r of records) {
          const target = r.target instanceof Element ? r.target : r.target.parentElement;
          if (target?.closest(".assistant")) w.changes += 1;
        }
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

  it("passes axe-core at 390 px in every state, and works with the keyboard alone: focus stays where the learner types", async (context) => {
    if (skipped || !browser || !web) return context.skip();
    const page = await browser.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(web.loginUrl());
    expect(await page.getAttribute("html", "lang")).toBe("en");
    await expect.poll(() => focused(page), { message: "the text box has focus when the page opens" }).toBe("#text");
    expect(await axeViolations(page), "the page as it opens").toEqual([]);

    await page.keyboard.type("What is the USD to RUB rate? Save it to rate.txt");
    await page.keyboard.press("Enter");
    const answer = page.locator(".assistant").last();
    await answer.locator(".approval").waitFor({ timeout: 20_000 });
    expect(await focused(page), "while the approval waits, focus stays in the text box (not on the page's body)").toBe("#text");
    expect(await page.locator(".assistant").evaluateAll((boxes) => boxes.filter((box) => (box.textContent ?? "").trim() === "").length), "no empty answer bubble").toBe(0);
    expect(await axeViolations(page), "with the approval card open").toEqual([]);
    expect(await sideScroll(page), "nothing wider than a 390 px phone").toBe(0);

    // Shift+Tab from the text box reaches the card's last button, Deny; Enter presses it.
    await page.keyboard.press("Shift+Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Deny");
    await page.keyboard.press("Enter");
    await expect.poll(() => focused(page), { message: "after the answer to the card, focus is back in the text box" }).toBe("#text");
    await expect.poll(() => page.locator("#status").textContent(), { timeout: 20_000 }).toBe("");
    expect(await answer.textContent()).toMatch(/did not save rate\.txt/);
    expect(await answer.locator(".note").textContent(), "the offline model's cost, as the terminal's summary line says it").toBe("cost: $0 (offline)");
    // The card is in the answer it belongs to, and the words written after the Deny come after it.
    const cardFirst = await answer.evaluate((box) => {
      const card = box.querySelector(".approval");
      const words = [...box.querySelectorAll(".text")].find((node) => /did not save/.test(node.textContent ?? ""));
      return card !== null && words !== undefined && (card.compareDocumentPosition(words) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
    });
    expect(cardFirst, "the finished answer sits below the approval card that produced it").toBe(true);
    expect(await focused(page), "the turn over: still in the text box").toBe("#text");
    expect(await axeViolations(page), "with the finished answer").toEqual([]);
    const live = await page.locator(".tool").allTextContents();
    expect(live.join("\n")).toContain("→ get_exchange_rate");

    await page.reload();
    await expect.poll(() => page.locator(".note").count(), { timeout: 10_000, message: "the reloaded tab shows the cost note" }).toBe(1);
    expect(await page.locator(".note").textContent()).toBe("cost: $0 (offline)");
    const restored = await page.locator(".tool").allTextContents();
    for (const shown of live) expect(restored, "the reloaded tab shows the tool lines it showed live").toContain(shown);
    expect(await page.locator(".assistant").last().textContent()).toMatch(/did not save rate\.txt/);
    await expect.poll(() => focused(page)).toBe("#text");
    expect(await axeViolations(page), "the reloaded page").toEqual([]);
    expect(await sideScroll(page)).toBe(0);
    await page.close();
  }, 60_000);

  // The cost note is the runner's, in the language of the process (test/lessons/09-channels-sample.test.ts).
  it("speaks Russian under COURSE_LANG=ru: lang, every word of its own, the approval card's buttons", async (context) => {
    if (skipped || !browser || !webRu) return context.skip();
    const page = await browser.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(webRu.loginUrl());
    expect(await page.getAttribute("html", "lang")).toBe("ru");
    expect(await page.title()).toBe("Ассистент");
    expect(await page.locator("h1").textContent()).toBe("Ассистент");
    expect(await page.locator("#send").textContent()).toBe("Отправить");
    expect(await page.getAttribute("#text", "aria-label")).toBe("Сообщение");
    expect(await page.getAttribute("#log", "aria-label")).toBe("Разговор");
    await page.keyboard.type("Какой курс доллара к рублю? Сохрани его в rate.txt");
    await page.keyboard.press("Enter");
    const card = page.locator(".assistant .approval");
    await card.waitFor({ timeout: 20_000 });
    expect(await card.textContent()).toMatch(/^Нужно разрешение: save_to_file/);
    expect(await card.locator("button").allTextContents()).toEqual(["Разрешить", "Отклонить"]);
    expect(await axeViolations(page), "the Russian page with the approval card open").toEqual([]);
    await card.getByRole("button", { name: "Отклонить" }).click();
    await expect.poll(() => card.textContent(), { timeout: 20_000 }).toMatch(/отклонено$/);
    await page.close();
  }, 60_000);
});

async function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const active = document.activeElement;
    return active === null || active === document.body ? "body" : active.id ? `#${active.id}` : active.tagName.toLowerCase();
  });
}

// How many pixels the page is wider than its window: 0 when nothing makes it scroll sideways.
async function sideScroll(page: Page): Promise<number> {
  return page.evaluate(() => Math.max(0, document.documentElement.scrollWidth - window.innerWidth));
}

async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE);
  const result = await page.evaluate(() =>
    (window as unknown as { axe: { run(context: Document): Promise<{ violations: Array<{ id: string; help: string; nodes: Array<{ target: unknown[] }> }> }> } }).axe.run(document),
  );
  return result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join("; ")})`);
}

// Tests of lesson 09's channels through real HTTP on 127.0.0.1 and the offline model: the web channel
// (a streamed reply, tool lines, the approval round trip both ways, each refusal of a request that is
// not from our page, a resumed tab) and the heartbeat (HEARTBEAT.md's format, missed slots, a running
// task not started twice, a gated task refused with nobody to ask and the refusal kept in its session).

import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { IncomingMessage } from "../../lessons/08-assistant/channel.ts";
import { createAssistant, runAgent } from "../../lessons/09-channels/agent.ts";
import { createHeartbeatChannel, type Clock } from "../../lessons/09-channels/heartbeat.ts";
import { isDue, lastSlot, parseHeartbeat } from "../../lessons/09-channels/heartbeat-file.ts";
import { sameSecret } from "../../lessons/09-channels/http-guard.ts";
import { answerApproval, openPage, pageHeaders, postMessage, type PageSession } from "../../lessons/09-channels/scripted-browser.ts";
import { openWebChannel, type WebChannel, type WebEvent } from "../../lessons/09-channels/web-channel.ts";
import { createClient } from "../../shared/client.ts";

let dir = "";
let web: WebChannel | undefined;
let attached: Promise<void> | undefined;
const printed: string[] = [];
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "course-09-lesson-"));
  printed.length = 0;
});
afterEach(async () => {
  await web?.close();
  await attached;
  web = undefined;
  attached = undefined;
  await rm(dir, { recursive: true, force: true });
});

const offline = () => createClient({ offline: true }).client;

async function startWeb(options: Parameters<typeof openWebChannel>[0] = {}) {
  const assistant = await createAssistant(offline(), { workspace: dir, memoryDir: path.join(dir, "memory"), print: (line) => printed.push(line) });
  web = await openWebChannel({ ...options, history: undefined });
  assistant.useWeb(web);
  attached = assistant.gateway.attach(web);
  return { assistant, web };
}

// A tab's session file once its turn has ended: unlocked, and holding the model's answer in words.
// A bounded wait (at most 5 s), not a speed check.
async function endedSession(file: string): Promise<string> {
  let session = "";
  for (let i = 0; i < 500 && (existsSync(`${file}.lock`) || !/"role":"assistant","content":\[\{"type":"text"/.test(session)); i++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    session = await readFile(file, "utf8");
  }
  return session;
}

async function exchange(page: PageSession, text: string, answer?: "yes" | "no"): Promise<WebEvent[]> {
  const events: WebEvent[] = [];
  await postMessage(page, text, (event) => {
    events.push(event);
    if (event.type === "approval" && answer) void answerApproval(page, event.id, answer);
  });
  return events;
}

const replyOf = (events: WebEvent[]) => events.find((e) => e.type === "reply")?.text ?? "";

describe("web channel: a message in, the answer streamed back", () => {
  it("streams the answer in pieces, shows the tool call as a line, and ends with the reply", async () => {
    const { web } = await startWeb();
    const page = await openPage(web.loginUrl());
    const events = await exchange(page, "What is the USD to RUB rate?");
    const deltas = events.filter((e) => e.type === "delta");
    expect(deltas.length, "the words should arrive as several delta lines while the model writes").toBeGreaterThan(1);
    expect(events.some((e) => e.type === "tool" && e.text.startsWith("→ get_exchange_rate")), "a tool line → get_exchange_rate should be sent").toBe(true);
    expect(replyOf(events)).toContain("92.5");
    expect(deltas.map((e) => e.text).join(""), "the deltas put together are the reply").toBe(replyOf(events));
  });

  it("keeps each tab its own session and gives a reloaded tab its history", async () => {
    const assistant = await createAssistant(offline(), { workspace: dir, memoryDir: path.join(dir, "memory"), print: () => undefined });
    web = await openWebChannel({ history: (chat) => import("../../lessons/09-channels/chat-history.ts").then((m) => m.chatHistory(path.join(dir, "sessions", `web-${chat}.jsonl`))) });
    assistant.useWeb(web);
    attached = assistant.gateway.attach(web);
    const first = await openPage(web.loginUrl());
    const second = await openPage(web.loginUrl());
    await exchange(first, "Сколько будет 500 долларов в рублях?");
    expect(existsSync(path.join(dir, "sessions", `web-${first.chat}.jsonl`)), "the tab's session file").toBe(true);
    expect(existsSync(path.join(dir, "sessions", `web-${second.chat}.jsonl`)), "the other tab has written nothing").toBe(false);
    const history = (await (await fetch(`${first.origin}/api/history?chat=${first.chat}`, { headers: pageHeaders(first) })).json()) as { messages: Array<{ role: string; text: string }> };
    expect(history.messages[0]).toEqual({ role: "user", text: "Сколько будет 500 долларов в рублях?" });
    // The turn as the page showed it: the tool call and its result, the answer, then the cost note.
    expect(history.messages.map((m) => m.role).join(" ")).toMatch(/^user (tool tool )+assistant note$/);
    expect(history.messages[1]?.text).toMatch(/^→ get_exchange_rate \{/);
    expect(history.messages[2]?.text).toMatch(/^← \{"from":"USD"/);
    expect(history.messages.at(-2)?.text).toContain("46");
    expect(history.messages.at(-1)?.text, "the offline model costs nothing, and the note says so").toBe("cost: $0 (offline)");
  });
});

describe("chat history: what a reloaded tab shows", () => {
  it("gives the words, a line for each call and result, the cost notes, in order; skips a torn line; keeps model text as text", async () => {
    const { chatHistory } = await import("../../lessons/09-channels/chat-history.ts");
    const file = path.join(dir, "web-tab.jsonl");
    const at = "2026-11-29T10:00:00.000Z";
    const lines = [
      { type: "message", at, message: { role: "user", content: "Save the rate" } },
      { type: "message", at, message: { role: "assistant", content: [{ type: "text", text: "Let me check." }, { type: "tool_use", id: "t1", name: "get_exchange_rate", input: { from_currency: "USD" } }] } },
      { type: "tool_result", at, result: { type: "tool_result", tool_use_id: "t1", content: '{"rate":92.5}' } },
      { type: "message", at, message: { role: "assistant", content: [{ type: "tool_use", id: "t2", name: "save_to_file", input: { filename: "rate.txt" } }] } },
      { type: "tool_result", at, result: { type: "tool_result", tool_use_id: "t2", content: [{ type: "text", text: "Not run: denied" }], is_error: true } },
      { type: "message", at, message: { role: "assistant", content: [{ type: "text", text: "<b>1 USD</b> = 92.5 RUB" }] } },
      { type: "note", at, text: "cost: $0 (offline)" },
    ];
    await writeFile(file, `${lines.map((l) => JSON.stringify(l)).join("\n")}\n{"type":"message","at":"${at}","mess`);
    expect(await chatHistory(file)).toEqual([
      { role: "user", text: "Save the rate" },
      { role: "assistant", text: "Let me check." },
      { role: "tool", text: '→ get_exchange_rate {"from_currency":"USD"}' },
      { role: "tool", text: '← {"rate":92.5}' },
      { role: "tool", text: '→ save_to_file {"filename":"rate.txt"}' },
      { role: "tool", text: "← error: Not run: denied" },
      { role: "assistant", text: "<b>1 USD</b> = 92.5 RUB" },
      { role: "note", text: "cost: $0 (offline)" },
    ]);
    expect(await chatHistory(path.join(dir, "no-such.jsonl")), "a tab that has said nothing yet").toEqual([]);
  });
});

describe("web channel: one tab, a conversation (issue 22)", () => {
  it("README's first sequence: after «Сколько будет 500 долларов в рублях?», «What is the USD to RUB rate?» is answered with the rate", async () => {
    const { web } = await startWeb();
    const page = await openPage(web.loginUrl());
    const first = replyOf(await exchange(page, "Сколько будет 500 долларов в рублях?"));
    expect(first).toMatch(/46[\s\u00a0]250 RUB/);
    const second = replyOf(await exchange(page, "What is the USD to RUB rate?"));
    expect(second, "the second message is a whole question: the rate, not the first answer again").toContain("1 USD = 92.5 RUB");
    expect(second).not.toMatch(/46[,\s\u00a0]?250|500 USD/);
    const followUp = replyOf(await exchange(page, "А в евро?"));
    expect(followUp, "a follow-up still uses the history: the rate question was USD to RUB, so euros per dollar").toContain("1 USD = 0,92 EUR");
  });

  it("a follow-up with nothing before it in this tab gets one short question back", async () => {
    const { web } = await startWeb();
    const page = await openPage(web.loginUrl());
    const events = await exchange(page, "А в евро?");
    expect(events.some((e) => e.type === "tool"), "no tool is called on a guess").toBe(false);
    expect(replyOf(events)).toMatch(/^Какую сумму и из какой валюты перевести в евро\?/);
  });
});

describe("web channel: approval with Allow / Deny", () => {
  const task = "What is the USD to RUB rate? Save it to rate.txt";
  it("Deny: the file is not written and the reply explains the refusal", async () => {
    const { web } = await startWeb();
    const events = await exchange(await openPage(web.loginUrl()), task, "no");
    const question = events.find((e) => e.type === "approval");
    expect(question, "save_to_file outside reports/ is an ask: the tab should get an approval question").toBeDefined();
    expect(question?.type === "approval" && question.tool).toBe("save_to_file");
    expect(existsSync(path.join(dir, "rate.txt")), "denied: nothing written").toBe(false);
    expect(replyOf(events)).toMatch(/did not save rate\.txt.*answered no/s);
  });

  it("Allow: the call runs and the file is written", async () => {
    const { web } = await startWeb();
    await exchange(await openPage(web.loginUrl()), task, "yes");
    expect(await readFile(path.join(dir, "rate.txt"), "utf8")).toContain("92.5");
  });

  it("no click in time is not a no: the call does not run, and the tab, the session and the reply say nobody answered", async () => {
    const { web } = await startWeb({ approvalTimeoutMs: 50 });
    const page = await openPage(web.loginUrl());
    const events = await exchange(page, task);
    const question = events.find((e) => e.type === "approval");
    expect(question, "the tab was asked").toBeDefined();
    expect(existsSync(path.join(dir, "rate.txt")), "never approved: nothing written").toBe(false);
    expect(
      events.some((e) => e.type === "note" && e.text === "No answer within 0 s: save_to_file was not run."),
      "the tab is told no answer came, as Telegram's chat is",
    ).toBe(true);
    const session = await readFile(path.join(dir, "sessions", `web-${page.chat}.jsonl`), "utf8");
    const result = session.split("\n").filter((line) => line.includes('"type":"tool_result"')).at(-1);
    expect(result, "the call did not run").toMatch(/"is_error":true/);
    expect(result, "the tool result says nobody answered in time, on the web page").toMatch(
      /approval question for save_to_file on the web page within 0 s, so the approval was not answered in time/,
    );
    expect(result, "no click is not an answer: nobody answered no").not.toMatch(/answered no|declined/);
    expect(replyOf(events), "the model's answer says no answer came, not that the person refused").toMatch(/no answer came within 0 s.*you did not say no either/s);
    expect(replyOf(events), "a page has no taps: the way on is to ask again and press Allow").toMatch(/Ask me again and press Allow/);
    expect(replyOf(events)).not.toMatch(/you answered no/);
    expect(question?.type === "approval" && (await answerApproval(page, question.id, "yes")).status, "a click after the time is up finds no question").toBe(404);
  });

  it("an answer from another tab is refused; the tab that was asked answers", async () => {
    const { web } = await startWeb();
    const page = await openPage(web.loginUrl());
    const stranger = { ...page, chat: "another-tab" };
    const statuses: number[] = [];
    await postMessage(page, task, (event) => {
      if (event.type !== "approval") return;
      void (async () => {
        statuses.push((await answerApproval(stranger, event.id, "yes")).status);
        statuses.push((await answerApproval(page, event.id, "no")).status);
      })();
    });
    expect(statuses, "a question may be answered only by the tab it was asked in").toEqual([404, 200]);
    expect(existsSync(path.join(dir, "rate.txt"))).toBe(false);
  });

  it("closing the tab while a question waits is not a no: the call does not run, and the session says nobody could answer", async () => {
    const { web } = await startWeb();
    const page = await openPage(web.loginUrl());
    // A tab that is closed: its answer stream is cut as soon as the approval card arrives.
    const tab = new AbortController();
    const response = await fetch(`${page.origin}/api/message`, { method: "POST", headers: pageHeaders(page), body: JSON.stringify({ chat: page.chat, text: task }), signal: tab.signal });
    let received = "";
    try {
      for await (const chunk of response.body!) {
        received += new TextDecoder().decode(chunk as Uint8Array);
        if (received.includes('"type":"approval"')) tab.abort();
      }
    } catch {
      // the abort
    }
    expect(received, "the tab was asked before it closed").toContain('"type":"approval"');
    // The turn goes on without the tab (the model hears why the call did not run, and answers); it has
    // ended when its session is unlocked and holds the answer.
    const session = await endedSession(path.join(dir, "sessions", `web-${page.chat}.jsonl`));
    const results = session.split("\n").filter((line) => line.includes('"type":"tool_result"'));
    expect(results.at(-1), "the save's result: the tab was closed, nobody could answer").toMatch(/tab was closed while the approval question for save_to_file waited.*neither allowed nor refused/);
    expect(results.at(-1)).toMatch(/"is_error":true/);
    expect(session, "nobody answered no").not.toMatch(/answered no/);
    expect(session, "the answer kept for a reloaded tab says what happened").toMatch(/the chat page was closed while I was asking for your approval/);
    expect(existsSync(path.join(dir, "rate.txt"))).toBe(false);
  });

  it("Ctrl+C (the server closing) while a question waits is not a no: the call ends as interrupted in the tab's session", async () => {
    const { web } = await startWeb();
    const page = await openPage(web.loginUrl());
    let asked!: () => void;
    const question = new Promise<void>((resolve) => (asked = resolve));
    const turn = postMessage(page, task, (event) => {
      if (event.type === "approval") asked();
    }).catch(() => undefined);
    await question;
    await web.close();
    await attached;
    await turn;
    // The turn goes on after the server closed (the model hears why the call did not run, and answers);
    // it has ended when its session is unlocked.
    const session = await endedSession(path.join(dir, "sessions", `web-${page.chat}.jsonl`));
    const results = session.split("\n").filter((line) => line.includes('"type":"tool_result"'));
    expect(results.at(-1), "the save's result: never approved, because the assistant stopped").toMatch(/assistant was stopped.*on the web page.*approval was never given/);
    expect(session, "nobody answered no").not.toMatch(/answered no/);
    expect(existsSync(path.join(dir, "rate.txt"))).toBe(false);
  });
});

describe("web channel: requests that are not from our page are refused", () => {
  async function post(url: string, headers: Record<string, string>, body: string) {
    return fetch(`${url}api/message`, { method: "POST", headers, body });
  }
  const body = JSON.stringify({ chat: "tab-1", text: "What is the USD to RUB rate?" });

  it("refuses a foreign Origin, a missing Origin, a missing or wrong session cookie, and a foreign Host, before the agent runs", async () => {
    const { web } = await startWeb();
    const page = await openPage(web.loginUrl());
    const good = pageHeaders(page);
    const cases: Array<[string, Record<string, string>]> = [
      ["foreign Origin", { ...good, origin: "https://evil.example" }],
      ["Origin with another port", { ...good, origin: "http://127.0.0.1:1" }],
      ["no Origin", Object.fromEntries(Object.entries(good).filter(([k]) => k !== "origin"))],
      ["no cookie", Object.fromEntries(Object.entries(good).filter(([k]) => k !== "cookie"))],
      ["wrong cookie", { ...good, cookie: page.cookie.endsWith("0") ? `${page.cookie.slice(0, -1)}1` : `${page.cookie.slice(0, -1)}0` }],
      ["the secret as the old header", { ...Object.fromEntries(Object.entries(good).filter(([k]) => k !== "cookie")), "x-chat-token": web.token }],
    ];
    for (const [name, headers] of cases) {
      const response = await post(web.url, headers, body);
      expect(response.status, `${name} should be refused with 403`).toBe(403);
    }
    // DNS rebinding: the request reaches 127.0.0.1 but names another host.
    const rebound = await new Promise<number>((resolve, reject) => {
      import("node:http").then(({ request }) => {
        const r = request(web.url, { method: "GET", headers: { host: "evil.example" } }, (res) => resolve(res.statusCode ?? 0));
        r.on("error", reject);
        r.end();
      }, reject);
    });
    expect(rebound, "a foreign Host header should be refused").toBe(403);
    expect(existsSync(path.join(dir, "sessions")) && (await import("node:fs/promises")).readdir(path.join(dir, "sessions")).then((f) => f.some((n) => n.startsWith("web-"))), "no refused request may reach the agent").toBeFalsy();
  });

  it("refuses an oversize body with 413 and a body that is not JSON with 400", async () => {
    const { web } = await startWeb({ maxBodyBytes: 1024 });
    const page = await openPage(web.loginUrl());
    const big = await post(web.url, pageHeaders(page), JSON.stringify({ chat: "tab-1", text: "я".repeat(2000) }));
    expect(big.status, "a body over the cap").toBe(413);
    // Still sending when the refusal comes: the 413 must reach it, not a reset connection.
    const huge = await post(web.url, pageHeaders(page), JSON.stringify({ chat: "tab-1", text: "я".repeat(200_000) })).catch((error: Error) => error);
    expect(huge instanceof Error ? `${huge.message}: ${String(huge.cause)}` : huge.status, "a 400 KB body while the server refuses it").toBe(413);
    const broken = await post(web.url, pageHeaders(page), "{not json");
    expect(broken.status).toBe(400);
    const badChat = await post(web.url, pageHeaders(page), JSON.stringify({ chat: "../etc", text: "hi" }));
    expect(badChat.status, "a chat id that is not a plain word").toBe(400);
  });

  it("gives the page only to a browser that opened a one-time link: the secret is in no page, a link works once", async () => {
    const { web } = await startWeb();
    // A program that only knows the port: the page holds nothing, and the API refuses it.
    const bare = await fetch(web.url);
    const bareText = await bare.text();
    expect(bare.status, "no cookie, no page").toBe(401);
    expect(bareText).toMatch(/link printed in the terminal/);
    expect(bareText).not.toContain(web.token);
    // The link: a cookie that scripts cannot read and other sites do not send, then the page.
    const link = web.loginUrl();
    const login = await fetch(link, { redirect: "manual" });
    expect(login.status).toBe(303);
    const setCookie = login.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(/^chat_session_\d+=[0-9a-f]{48}; HttpOnly; SameSite=Strict; Path=\/$/);
    const cookie = setCookie.split(";")[0]!;
    const response = await fetch(web.url, { headers: { cookie } });
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(html, "the secret is never in the page").not.toContain(web.token);
    expect(response.headers.get("content-security-policy")).toMatch(/script-src 'nonce-[^']+'/);
    expect(html, "the page puts text in with textContent, never innerHTML").not.toMatch(/innerHTML|insertAdjacentHTML|document\.write/);
    // Used once: the same link again, a made-up key, and a link from another run are all refused.
    expect((await fetch(link, { redirect: "manual" })).status, "a link works once").toBe(403);
    expect((await fetch(`${web.url}?key=guess`, { redirect: "manual" })).status).toBe(403);
    const other = await openWebChannel();
    expect((await fetch(other.loginUrl().replace(other.url, web.url), { redirect: "manual" })).status, "another run's link").toBe(403);
    expect(other.token).not.toBe(web.token);
    await other.close();
  });

  it("compares secrets whole: only the exact secret matches (property)", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.string(), (secret, guess) => {
        expect(sameSecret(guess, secret)).toBe(guess === secret);
        expect(sameSecret(undefined, secret)).toBe(false);
        expect(sameSecret(secret, "")).toBe(false);
      }),
      { seed: 42, numRuns: 100 },
    );
  });
});

describe("heartbeat: HEARTBEAT.md's format and when a task is due", () => {
  it("reads daily and interval tasks, in any language, and reports lines it does not understand", () => {
    const file = parseHeartbeat(
      ["# Tasks", "", "- every day at 09:00: save the USD to RUB rate", "- every 2 hours: проверь входящие", "* every 30 minutes: ping", "- every day at 25:00: never", "- every week: weekly", "- not a task"].join("\n"),
    );
    expect(file.tasks.map((t) => [t.schedule, t.text])).toEqual([
      [{ kind: "daily", hour: 9, minute: 0 }, "save the USD to RUB rate"],
      [{ kind: "interval", minutes: 120 }, "проверь входящие"],
      [{ kind: "interval", minutes: 30 }, "ping"],
    ]);
    expect(file.problems).toHaveLength(2);
    expect(file.problems[0]).toMatch(/line 6: 25:00 is not a time of day/);
    expect(file.problems[1]).toMatch(/line 7: not understood/);
  });

  it("reads the schedule written in Russian too, as the starter HEARTBEAT.md under COURSE_LANG=ru has it", async () => {
    const { STARTER_HEARTBEAT_RU } = await import("../../lessons/09-channels/heartbeat-file.ts");
    const file = parseHeartbeat(
      ["- каждый день в 07:30: курс", "- каждые 2 часа: входящие", "- каждые 30 минут: пинг", "- каждую 1 минуту: часы", "- каждый 1 час: почта", "- каждый день в 24:00: никогда", "- каждую неделю: раз в неделю"].join("\n"),
    );
    expect(file.tasks.map((t) => [t.schedule, t.text])).toEqual([
      [{ kind: "daily", hour: 7, minute: 30 }, "курс"],
      [{ kind: "interval", minutes: 120 }, "входящие"],
      [{ kind: "interval", minutes: 30 }, "пинг"],
      [{ kind: "interval", minutes: 1 }, "часы"],
      [{ kind: "interval", minutes: 60 }, "почта"],
    ]);
    expect(file.problems).toEqual([expect.stringMatching(/^line 6: 24:00 is not a time of day/), expect.stringMatching(/^line 7: not understood/)]);
    const starter = parseHeartbeat(STARTER_HEARTBEAT_RU);
    expect(starter.problems).toEqual([]);
    expect(starter.tasks.map((t) => t.text)).toEqual(["Какой курс доллара к рублю?", "Сохрани курс доллара к рублю в rates.txt"]);
  });

  it("a task missed for days is due once; after it runs it waits for its next slot", () => {
    const [task] = parseHeartbeat("- every day at 09:00: rate").tasks;
    if (!task) throw new Error("parse failed");
    const now = new Date(2026, 10, 29, 10, 0);
    expect(lastSlot(task.schedule, now)).toEqual(new Date(2026, 10, 29, 9, 0));
    expect(lastSlot(task.schedule, new Date(2026, 10, 29, 8, 59))).toEqual(new Date(2026, 10, 28, 9, 0));
    expect(isDue(task, new Date(2026, 10, 20, 9, 0), now), "missed nine days: due").toBe(true);
    expect(isDue(task, now, new Date(2026, 10, 29, 23, 0)), "ran at 10:00: not due again today").toBe(false);
    expect(isDue(task, now, new Date(2026, 10, 30, 9, 0)), "due at the next slot").toBe(true);
    const [every2] = parseHeartbeat("- every 2 hours: x").tasks;
    if (!every2) throw new Error("parse failed");
    expect(lastSlot(every2.schedule, new Date(2026, 10, 29, 13, 59))).toEqual(new Date(2026, 10, 29, 12, 0));
  });
});

describe("heartbeat channel: ticks with an injected clock", () => {
  function clockAt(date: Date): Clock & { set(d: Date): void } {
    let now = date;
    return { now: () => now, sleep: () => Promise.resolve(), set: (d) => void (now = d) };
  }

  it("runs a missed task once on start, not again on the next tick, and not after a restart", async () => {
    const file = path.join(dir, "HEARTBEAT.md");
    const stateFile = path.join(dir, "state.json");
    await writeFile(file, "- every day at 09:00: rate\n- every day at 23:00: later\n");
    const clock = clockAt(new Date(2026, 10, 29, 10, 0));
    const got: IncomingMessage[] = [];
    const heartbeat = createHeartbeatChannel({ file, stateFile, clock, print: () => undefined });
    await heartbeat.once(async (m) => void got.push(m));
    // "later" has a slot yesterday at 23:00 that was never run: it too runs once.
    expect(got.map((m) => m.text).sort()).toEqual(["later", "rate"]);
    expect(await heartbeat.tick()).toEqual([]);
    const restarted = createHeartbeatChannel({ file, stateFile, clock, print: () => undefined });
    expect(await restarted.once(async (m) => void got.push(m)), "a restart the same morning runs nothing").toEqual([]);
    clock.set(new Date(2026, 10, 29, 22, 59));
    expect(await restarted.once(async (m) => void got.push(m))).toEqual([]);
    clock.set(new Date(2026, 10, 29, 23, 0));
    expect(await restarted.once(async (m) => void got.push(m))).toEqual(["every day at 23:00: later"]);
    clock.set(new Date(2026, 10, 30, 9, 0));
    expect(await restarted.once(async (m) => void got.push(m))).toEqual(["every day at 09:00: rate"]);
    expect(got[0]?.channel).toBe("heartbeat");
  });

  it("does not start a task again while it is still running", async () => {
    const file = path.join(dir, "HEARTBEAT.md");
    await writeFile(file, "- every 1 minutes: slow\n");
    const clock = clockAt(new Date(2026, 10, 29, 10, 0));
    let release: () => void = () => undefined;
    let calls = 0;
    let started: () => void = () => undefined;
    const running = new Promise<void>((resolve) => (started = resolve));
    const heartbeat = createHeartbeatChannel({ file, stateFile: path.join(dir, "state.json"), clock, print: () => undefined });
    const first = heartbeat.once(() => {
      calls += 1;
      started();
      return new Promise<void>((resolve) => (release = resolve));
    });
    await running;
    clock.set(new Date(2026, 10, 29, 10, 5));
    expect(await heartbeat.tick(), "the 10:05 slot comes while the 10:00 run still works").toEqual([]);
    release();
    await first;
    expect(calls).toBe(1);
    expect(await heartbeat.tick(), "finished: the next slot runs").toEqual(["every 1 minutes: slow"]);
    release();
    await heartbeat.idle();
    expect(calls).toBe(2);
  });

  it("refuses a gated task with nobody to ask, and keeps the refusal in the task's session", async () => {
    const memoryDir = path.join(dir, "memory");
    const out = await runAgent(offline(), "", { workspace: dir, memoryDir: path.join(dir, "memory"), heartbeat: true, once: true, print: (l) => printed.push(l) });
    expect(existsSync(path.join(memoryDir, "HEARTBEAT.md")), "a starter HEARTBEAT.md is made").toBe(true);
    expect(out).toContain("92.5");
    expect(existsSync(path.join(dir, "rates.txt")), "writing rates.txt needs approval; nobody was there").toBe(false);
    const sessions = (await import("node:fs/promises")).readdir(path.join(dir, "sessions"));
    const saveSession = (await sessions).find((n) => n.startsWith("heartbeat-save_the_usd"));
    expect(saveSession, "the save task has its own session").toBeDefined();
    const text = await readFile(path.join(dir, "sessions", saveSession ?? ""), "utf8");
    expect(text, "the refusal is a tool_result in the session file").toMatch(/Not run: save_to_file needs the user's approval, and this is a scheduled task[^\n]*"is_error":true/);
    // The offline model explains the refusal by its real reason (a scheduled task, nobody there), not
    // as a missing terminal, and points to where the learner can answer.
    expect(text).toContain("this was a scheduled task from HEARTBEAT.md with nobody there to ask");
    expect(text).toContain("npm run lesson 9 -- --web");
    expect(text).not.toContain("no terminal to ask you on");
  });
});

describe("the sample: npm run lesson 9 without a terminal", () => {
  it("runs the heartbeat once and a scripted web exchange, denying the save", async () => {
    const reply = await runAgent(offline(), "What is the USD to RUB rate? Save it to rate.txt", { workspace: dir, memoryDir: path.join(dir, "memory"), print: (l) => printed.push(l) });
    expect(reply).toContain("92.5");
    expect(reply).toMatch(/did not save rate\.txt/);
    expect(printed.join("\n")).toMatch(/the script clicks Deny/);
    expect(existsSync(path.join(dir, "rate.txt"))).toBe(false);
  });
});

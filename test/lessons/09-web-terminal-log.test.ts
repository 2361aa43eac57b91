// `npm run lesson 9 -- --web` with two browser tabs at once: the terminal's log (the transcript of
// what goes over the wire, and the runner's cost lines) interleaves their turns, so each line says
// which tab it belongs to. Here the transcript is the CLI's own (createTranscript wrapping the client).

import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createAssistant } from "../../lessons/09-channels/agent.ts";
import { answerApproval, openPage, postMessage, type PageSession } from "../../lessons/09-channels/scripted-browser.ts";
import { openWebChannel, type WebChannel, type WebEvent } from "../../lessons/09-channels/web-channel.ts";
import { createClient } from "../../shared/client.ts";
import { createTranscript } from "../../shared/transcript.ts";

let dir = "";
let web: WebChannel | undefined;
let attached: Promise<void> | undefined;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "course-09-web-log-"));
});
afterEach(async () => {
  await web?.close();
  await attached;
  await rm(dir, { recursive: true, force: true });
});

const plain = (text: string) => text.replace(/\u001b\[[\d;]*m/g, "");

describe("the terminal log of the web channel with two tabs", () => {
  it("labels every line of a turn with its tab, so two conversations at once can be told apart", async () => {
    const log: string[] = [];
    const transcript = createTranscript({ write: (line) => log.push(...plain(line).split("\n")), live: (text) => log.push(`(streamed) ${plain(text)}`) });
    const { client } = createClient({ offline: true, wrapFetch: transcript.wrapFetch });
    const assistant = await createAssistant(client, { workspace: dir, memoryDir: path.join(dir, "memory"), labelTurns: true, print: (line) => log.push(plain(line)) });
    web = await openWebChannel({});
    assistant.useWeb(web);
    attached = assistant.gateway.attach(web);
    const first = await openPage(web.loginUrl());
    const second = await openPage(web.loginUrl());
    const tab = (page: PageSession) => `[tab ${page.chat.slice(0, 8)}]`;

    // The first tab's turn waits for its approval while the second tab's turn runs from start to end.
    let asked!: (id: string) => void;
    const question = new Promise<string>((resolve) => (asked = resolve));
    const firstTurn = postMessage(first, "What is the USD to RUB rate? Save it to rate.txt", (event: WebEvent) => {
      if (event.type === "approval") asked(event.id);
    });
    const id = await question;
    await postMessage(second, "Сколько будет 500 долларов в рублях?", () => undefined);
    await answerApproval(first, id, "no");
    await firstTurn;

    const turnLines = log.filter((line) => /^\s*(?:\[tab [0-9a-f]{8}\] )?(?:thinking:|→|←|·)/.test(line));
    expect(turnLines.length).toBeGreaterThan(6);
    for (const line of turnLines) expect(line, "every line of a turn names its tab").toMatch(/^\s*\[tab [0-9a-f]{8}\] /);
    expect(log.filter((line) => line.includes("→ save_to_file")).every((line) => line.includes(tab(first))), "the save belongs to the first tab").toBe(true);
    const secondAnswer = log.filter((line) => /46[\s\u00a0,]?250 RUB/.test(line));
    expect(secondAnswer.length, "the second tab's answer is in the log").toBeGreaterThan(0);
    for (const line of secondAnswer) expect(line).toContain(tab(second));
    for (const line of log.filter((l) => l.includes("I did not save rate.txt"))) expect(line).toContain(tab(first));
    expect(log.filter((line) => line.startsWith("(streamed)")), "with several tabs, an answer is shown whole, not streamed word by word into another tab's lines").toEqual([]);
  });
});

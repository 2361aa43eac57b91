// What `npm run lesson 9` prints, read as a learner reads it: each heartbeat task's lines together,
// every answer and every tool call once (the terminal's transcript shows them; the channels add only
// what is theirs), and, under COURSE_LANG=ru, lesson 09's own lines in Russian.

import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runAgent } from "../../lessons/09-channels/agent.ts";
import { createClient } from "../../shared/client.ts";
import { en } from "../../shared/i18n/en.ts";
import { ru } from "../../shared/i18n/ru.ts";
import { createTranscript } from "../../shared/transcript.ts";
import { runCli } from "../helpers/run-cli.ts";

let dir = "";
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "course-09-sample-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const count = (text: string, part: string) => text.split(part).length - 1;

describe("the sample run, as the terminal shows it", () => {
  it("keeps each heartbeat task's lines together and shows every answer and tool call once", async () => {
    // The CLI's own set-up (shared/cli/run-lesson.ts): the transcript watches the wire, and the lesson's
    // lines go to the same screen.
    let screen = "";
    const transcript = createTranscript({ write: (line) => void (screen += `${line}\n`), live: (text) => void (screen += text) });
    const { client } = createClient({ offline: true, wrapFetch: transcript.wrapFetch });
    const reply = await runAgent(client, "What is the USD to RUB rate? Save it to rate.txt", {
      workspace: dir,
      memoryDir: path.join(dir, "memory"),
      print: (line) => void (screen += `${line}\n`),
    });
    screen = stripVTControlCharacters(screen);

    const first = screen.indexOf("heartbeat: every day at 09:00");
    const second = screen.indexOf("heartbeat: every day at 18:00");
    const web = screen.indexOf("2. The web channel");
    expect(first, screen).toBeGreaterThan(-1);
    expect(second, "the 18:00 task starts after the 09:00 task").toBeGreaterThan(first);
    const firstTask = screen.slice(first, second);
    const secondTask = screen.slice(second, web);
    expect(firstTask, "the 09:00 task's block ends with its own done line, before the next task starts").toMatch(/heartbeat: done;[^\n]*what_is_the_usd_to_rub_rate/);
    expect(firstTask, "no line of the 18:00 task (saving rates.txt) inside the 09:00 task's block").not.toContain("rates.txt");
    expect(count(firstTask, "→ get_exchange_rate")).toBe(1);
    expect(count(secondTask, "→ save_to_file")).toBe(1);
    expect(secondTask).toMatch(/heartbeat: done;[^\n]*save_the_usd_to_rub_rate/);

    // Each answer once: two heartbeat answers and the web one, each with the rate.
    expect(count(screen, "1 USD = 92.5 RUB (demo rate"), "each of the three answers is shown once").toBe(3);
    expect(count(screen, "I did not save rates.txt")).toBe(1);
    expect(count(screen, "I did not save rate.txt")).toBe(1);
    // Each tool call once: the web part does not repeat the transcript's lines.
    expect(count(screen, "→ get_exchange_rate")).toBe(3);
    expect(count(screen, "→ save_to_file")).toBe(2);

    // The web part in order: the page opens, the call, the card, the Deny, the answer, what the page got.
    const webPart = screen.slice(web);
    const order = ["opened http://127.0.0.1:", "→ get_exchange_rate", "→ save_to_file", "the page shows [Allow] [Deny]: save_to_file", "I did not save rate.txt", "the page received the answer in"];
    const at = order.map((part) => webPart.indexOf(part));
    expect(at.every((position) => position >= 0), webPart).toBe(true);
    expect(at, webPart).toEqual([...at].sort((a, b) => a - b));
    expect(webPart).toMatch(/the page received the answer in \d+ streamed pieces, 2 tool lines and 1 cost note/);

    // The CLI prints the returned answer only when the transcript did not show it: here it did.
    expect(reply.trim()).toBe(transcript.lastText().trim());

    // README.md shows this run: each line of its two sample blocks is a line printed here.
    const shown = asInTheReadme(screen, /127\.0\.0\.1:\d+\/ through its one-time link \(tab [0-9a-f]+\)/, "127.0.0.1:45377/ through its one-time link (tab d0868522)");
    const readme = await readFile("lessons/09-channels/README.md", "utf8");
    expect(linesNotPrinted(readme, /1\. The heartbeat|2\. The web channel/, "turns: ", shown), "README.md shows lines the English run does not print").toEqual([]);
  });
});

// The run as the README shows it: the README's folder, port and tab id. The temporary workspace stands
// for the learner's course/workspace folder: HEARTBEAT.md is named by its full path, and the approval
// card by its path from the folder the learner runs in (lesson 07's describeSave), so workspace/rate.txt.
// The per-request lines are lesson 08's (its routing reason, and token counts that change with any edit
// to the system prompt): only their model is compared.
const figures = (line: string) => (line.startsWith("  · ") ? line.replace(/ \(.*$/, "") : line);
function asInTheReadme(screen: string, link: RegExp, readmeLink: string): string[] {
  return stripVTControlCharacters(screen)
    .replaceAll(`${dir}${path.sep}memory${path.sep}`, "/home/you/course/workspace/memory/")
    .replaceAll(`${dir}${path.sep}`, "workspace/")
    .replace(link, readmeLink)
    .split("\n")
    .map(figures);
}

// Each line of the README's two sample blocks (```output, starting with the two headings) that the run
// did not print; a line ending in "..." is the start of a longer one. The summary line is the CLI's,
// after the lesson returns, and its time changes with every run.
function linesNotPrinted(readme: string, headings: RegExp, summary: string, shown: string[]): string[] {
  const blocks = [...readme.matchAll(new RegExp(`\`\`\`output\n((?:${headings.source})[\\s\\S]*?)\`\`\``, "g"))].map((m) => m[1] ?? "");
  expect(blocks, `the README's two sample blocks: \`\`\`output, then a line matching ${headings}`).toHaveLength(2);
  return blocks
    .join("")
    .split("\n")
    .map(figures)
    .filter((line) => line.trim() !== "" && !line.startsWith(summary))
    .filter((line) => !(line.endsWith("...") ? shown.some((l) => l.startsWith(line.slice(0, -3).trimEnd())) : shown.includes(line)));
}

describe("what the README says a second run prints", () => {
  it.each([
    ["README.md", `"${en.channels.nothingDue}"`],
    ["README.ru.md", `«${ru.channels.nothingDue}»`],
  ])("%s quotes the heartbeat's line word for word, in its language", async (file, quote) => {
    const readme = (await readFile(path.join("lessons/09-channels", file), "utf8")).replace(/\s+/g, " ");
    expect(readme.includes(quote), `${file} should quote the line a second run prints: ${quote}`).toBe(true);
  });
});

// A line of Latin prose: three Latin words in a row, once addresses, paths, file names, identifiers,
// JSON and quoted tasks are taken out (those are typed as they are, in any language).
function latinProse(line: string): string | undefined {
  const rest = line
    .replace(/\{.*\}/g, " ")
    .replace(/https?:\/\/\S+/g, " ")
    .replace(/\S*[/\\_.@=]\S*/g, " ");
  return /[A-Za-z]{2,}(?:[\s,;:()-]+[A-Za-z]{2,}){2,}/.exec(rest)?.[0];
}

describe("npm run lesson 9 under COURSE_LANG=ru", () => {
  it("prints its own lines in Russian, with a Russian sample task and HEARTBEAT.md", async () => {
    const result = await runCli(["lesson", "9"], { env: { COURSE_LANG: "ru", WORKSPACE_DIR: dir } });
    expect(result.code, result.out).toBe(0);
    const lines = result.out.split("\n");
    // Lesson 09's own lines: its two headings and what its channels print (three spaces in), not the
    // transcript of the model's words and tool calls (two spaces in) or the CLI's lines.
    const own = lines.filter((line) => /^\d\. /.test(line) || /^ {3}\S/.test(line));
    expect(own.length, result.out).toBeGreaterThan(6);
    expect(own[0]).toMatch(/^1\. Канал heartbeat/);
    expect(result.out).toContain("Задача: Какой курс доллара к рублю? Сохрани его в rate.txt");
    expect(result.out, "the starter HEARTBEAT.md is Russian, and its tasks run").toContain("heartbeat: каждый день в 09:00: Какой курс доллара к рублю?");
    for (const line of own) {
      // The approval card quotes the gate's effect line, which is lesson 07's text (not this lesson's).
      const ownPart = line.replace(/(\[Разрешить\] \[Отклонить\]: \S+:).*?(\s+→)/, "$1$2");
      expect(latinProse(ownPart), `English in a line of lesson 09 under COURSE_LANG=ru:\n${line}`).toBeUndefined();
    }

    // README.ru.md shows this run (the Russian one), line by line, as README.md shows the English one.
    const shown = asInTheReadme(result.out, /127\.0\.0\.1:\d+\/ по одноразовой ссылке \(вкладка [0-9a-f]+\)/, "127.0.0.1:45377/ по одноразовой ссылке (вкладка d0868522)");
    const readme = await readFile("lessons/09-channels/README.ru.md", "utf8");
    expect(linesNotPrinted(readme, /1\. Канал heartbeat|2\. Веб-канал/, "ходов: ", shown), "README.ru.md shows lines the Russian run does not print").toEqual([]);
  }, 60_000);
});

// Lesson 09's HEARTBEAT.md schedules, as a person writes them in English or in Russian: with or without
// a number ("every minute", «каждую минуту», «каждые 5 минут», "every 2 hours"), with the endings
// Russian gives a word after a number, and the short forms. Property tests over generated lines,
// seeded, so a failure comes back the same way.

import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { runAgent } from "../../lessons/09-channels/agent.ts";
import { parseHeartbeat } from "../../lessons/09-channels/heartbeat-file.ts";
import { createClient } from "../../shared/client.ts";

// A Russian noun after a number: 1, 21, 31 -> "минуту"; 2-4, 22-24 -> "минуты"; 0, 5-20, 25 -> "минут".
function russianForm(n: number, [one, few, many]: readonly [string, string, string]): string {
  if (n % 10 === 1 && n % 100 !== 11) return one;
  if (n % 10 >= 2 && n % 10 <= 4 && (n % 100 < 12 || n % 100 > 14)) return few;
  return many;
}

const UNITS = {
  minute: { factor: 1, en: { one: ["minute", "min"], many: ["minutes", "mins", "min"] }, ru: ["минуту", "минуты", "минут"] as const, ruShort: "мин" },
  hour: { factor: 60, en: { one: ["hour", "hr"], many: ["hours", "hrs", "hr"] }, ru: ["час", "часа", "часов"] as const, ruShort: "ч" },
};

// The task after the schedule: any words, colons and question marks included.
const taskText = fc.stringMatching(/^[A-Za-zА-Яа-яЁё0-9 ,.:?!]{1,40}$/).filter((text) => text.trim() !== "" && !text.trim().startsWith(":"));

// An "every N units" line and the minutes it means; n undefined: the number is left out (it is 1).
const intervalLine = fc
  .record({
    unit: fc.constantFrom("minute" as const, "hour" as const),
    n: fc.option(fc.integer({ min: 1, max: 1500 }), { nil: undefined }),
    lang: fc.constantFrom("en" as const, "ru" as const),
    pick: fc.nat(),
    short: fc.boolean(),
    upper: fc.boolean(),
    task: taskText,
  })
  .map(({ unit, n, lang, pick, short, upper, task }) => {
    const u = UNITS[unit];
    let schedule: string;
    if (lang === "en") {
      const words = n === undefined || n === 1 ? u.en.one : u.en.many;
      schedule = `every ${n === undefined ? "" : `${n} `}${words[pick % words.length]}`;
    } else if (n === undefined) {
      const prefixes = unit === "minute" ? ["каждую", "раз в"] : ["каждый", "раз в"];
      schedule = `${prefixes[pick % prefixes.length]} ${u.ru[0]}`;
    } else {
      const word = short ? u.ruShort : russianForm(n, u.ru);
      schedule = `${["каждые", "раз в"][pick % 2]} ${n} ${word}`;
    }
    if (upper) schedule = schedule.charAt(0).toUpperCase() + schedule.slice(1);
    return { line: `- ${schedule}: ${task}`, minutes: (n ?? 1) * u.factor, task: task.trim() };
  });

describe("HEARTBEAT.md schedules in English and Russian", () => {
  it("the README's and the issue's phrasings", () => {
    const read = (line: string) => parseHeartbeat(line);
    for (const [line, minutes] of [
      ["- каждую минуту: Который час?", 1],
      ["- каждые 5 минут: проверь почту", 5],
      ["- каждый час: курс", 60],
      ["- каждые 2 часа: входящие", 120],
      ["- раз в 15 мин: пинг", 15],
      ["- ежечасно: курс", 60],
      ["- каждые полчаса: курс", 30],
      ["- every minute: What is the USD to RUB rate?", 1],
      ["- every hour: rate", 60],
      ["- every 2 hours: check inbox.txt", 120],
      ["- every 10 mins: ping", 10],
      ["- hourly: rate", 60],
      ["- every half hour: rate", 30],
    ] as const) {
      expect(read(line).problems, line).toEqual([]);
      expect(read(line).tasks.map((t) => t.schedule), line).toEqual([{ kind: "interval", minutes }]);
    }
    for (const line of ["- daily at 9:05: rate", "- ежедневно в 9.05: курс", "- каждый день в 09:05: курс", "- every day at 09:05: rate"]) {
      expect(read(line).tasks.map((t) => t.schedule), line).toEqual([{ kind: "daily", hour: 9, minute: 5 }]);
    }
  });

  it("property: every N minutes or hours, with or without N, any ending and short form, reads as N x the unit (1 to 24 hours), or is reported", () => {
    fc.assert(
      fc.property(intervalLine, ({ line, minutes, task }) => {
        const { tasks, problems } = parseHeartbeat(`# Tasks\n\n${line}\n- a note, not a task`);
        if (minutes > 24 * 60) {
          expect(tasks, line).toEqual([]);
          expect(problems, line).toEqual([expect.stringMatching(/^line 3: ".+" must be between 1 minute and 24 hours/)]);
        } else {
          expect(problems, line).toEqual([]);
          expect(tasks.map((t) => [t.schedule, t.text]), line).toEqual([[{ kind: "interval", minutes }, task]]);
        }
      }),
      { seed: 2025, numRuns: 400 },
    );
  });

  it("property: every day at H:MM, in either language, with or without a leading zero, reads as that time", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 0, max: 59 }),
        fc.constantFrom("every day at", "daily at", "каждый день в", "ежедневно в"),
        fc.constantFrom(":", "."),
        fc.boolean(),
        taskText,
        (hour, minute, words, separator, pad, task) => {
          const line = `- ${words} ${pad ? String(hour).padStart(2, "0") : hour}${separator}${String(minute).padStart(2, "0")}: ${task}`;
          const { tasks, problems } = parseHeartbeat(line);
          expect(problems, line).toEqual([]);
          expect(tasks.map((t) => [t.schedule, t.text]), line).toEqual([[{ kind: "daily", hour, minute }, task.trim()]]);
        },
      ),
      { seed: 2025, numRuns: 200 },
    );
  });

  it("a line that starts like a schedule but is not one is reported, never guessed; a note is left alone", () => {
    const { tasks, problems } = parseHeartbeat(
      ["- каждую неделю: отчёт", "- every week: report", "- раз в месяц: счёт", "- every 0 minutes: x", "- каждому клиенту скидка", "- each task runs once", "- daily notes"].join("\n"),
    );
    expect(tasks).toEqual([]);
    expect(problems).toEqual([
      expect.stringMatching(/^line 1: not understood/),
      expect.stringMatching(/^line 2: not understood/),
      expect.stringMatching(/^line 3: not understood/),
      expect.stringMatching(/^line 4: "every 0 minutes" must be between 1 minute and 24 hours/),
    ]);
  });
});

// The README's "Try this" line for the heartbeat: each schedule line it gives parses as every minute,
// and its task, run once by the lesson's heartbeat with the offline model, prints the answer the README
// says it prints (a new-user trial found a 20-line "I cannot answer that" for the line it used to give).
describe("the README's every-minute heartbeat example does what the README says", () => {
  for (const readme of ["README.md", "README.ru.md"]) {
    it(readme, async () => {
      const text = await readFile(path.join("lessons", "09-channels", readme), "utf8");
      const tryThis = text.slice(text.search(/^## (?:Try this|Попробуйте)/m));
      const bullet = tryThis.split(/\n(?=- )/).find((item) => item.includes("workspace/memory/HEARTBEAT.md")) ?? "";
      const spans = [...bullet.matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? "");
      const lines = spans.filter((span) => /^- .+: .+\?$/.test(span));
      const answers = spans.filter((span) => span.startsWith("1 USD = "));
      expect(lines.length, `${readme}: the task lines in the bullet`).toBe(2);
      for (const span of spans.filter((s) => /^(?:every|кажд)/.test(s))) {
        expect(parseHeartbeat(`- ${span}: x`).tasks, `${readme}: "${span}" is a schedule`).toHaveLength(1);
      }
      for (const line of lines) {
        expect(parseHeartbeat(line).tasks.map((t) => t.schedule), line).toEqual([{ kind: "interval", minutes: 1 }]);
        const dir = await mkdtemp(path.join(os.tmpdir(), "course-09-readme-heartbeat-"));
        try {
          await mkdir(path.join(dir, "memory"));
          await writeFile(path.join(dir, "memory", "HEARTBEAT.md"), `${line}\n`);
          const reply = await runAgent(createClient({ offline: true }).client, "", { heartbeat: true, once: true, workspace: dir, memoryDir: path.join(dir, "memory"), print: () => undefined });
          expect(answers, `${readme}: what "${line}" prints`).toContain(reply.trim());
        } finally {
          await rm(dir, { recursive: true, force: true });
        }
      }
    });
  }
});

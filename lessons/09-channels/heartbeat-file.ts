// HEARTBEAT.md: the assistant's scheduled tasks, one a line, in a file a person edits by hand.
//
//   - every day at 09:00: save the USD to RUB rate to reports/rates.txt
//   - every 2 hours: check inbox.txt for new leads
//   - every 30 minutes: ...
//
// A task line starts with its schedule, in English or Russian ("- every ...", "- каждые ...": the forms
// are below); anything else (headings, notes) is left alone. Times are the computer's local time.
// Slots of "every N hours/minutes" count from midnight, so "every 2 hours" is due at 00:00, 02:00,
// 04:00... A line that starts like a task but does not parse is reported, not guessed at.

import { messages } from "../../shared/i18n/messages.ts";

export type Schedule = { kind: "daily"; hour: number; minute: number } | { kind: "interval"; minutes: number };

export interface HeartbeatTask {
  // The line as written (after "- "): the task's identity, so editing a line makes a new task.
  key: string;
  schedule: Schedule;
  text: string;
}

export interface HeartbeatFile {
  tasks: HeartbeatTask[];
  problems: string[];
}

// The schedule, in English or in Russian. The number may be left out ("every hour", «каждую минуту»): it
// is then 1. Russian changes a word's ending with its number («1 минуту», «2 минуты», «5 минут»), so
// every ending is read, and so are the short forms ("min", "hrs", «мин», «ч»).
//
//   - every day at 09:00: ...     - каждый день в 09:00: ...     (also "daily at", «ежедневно в», 9.00)
//   - every 2 hours: ...          - каждые 2 часа: ...            (also «раз в 2 часа»)
//   - every minute: ...           - каждую минуту: ...            (also "hourly", «ежечасно», «раз в час»)
//   - every half hour: ...        - каждые полчаса: ...
const EVERY = String.raw`(?:every|кажд(?:ый|ые|ую|ое)|раз\s+в)`;
const MINUTES = String.raw`(?:minutes?|mins?|минут[уы]?|мин\.?)`;
const HOURS = String.raw`(?:hours?|hrs?|час(?:а|ов)?|ч\.?)`;
const INTERVAL = new RegExp(String.raw`^${EVERY}\s+(?:(\d+)\s*)?(${MINUTES}|${HOURS})\s*:\s*(.+)$`, "iu");
const HALF_HOUR = /^(?:every\s+half(?:\s+an)?\s+hour|каждые\s+полчаса|раз\s+в\s+полчаса)\s*:\s*(.+)$/iu;
const HOURLY = /^(?:hourly|ежечасно)\s*:\s*(.+)$/iu;
const DAILY = /^(?:every\s+day\s+at|daily\s+at|каждый\s+день\s+в|ежедневно\s+в)\s+(\d{1,2})[:.](\d{2})\s*:\s*(.+)$/iu;
// A line that starts like a schedule: parsed, or reported with its line number, never ignored.
const TASK_LINE = /^[-*]\s+(?:every|кажд(?:ый|ые|ую|ое)|раз\s+в|ежечасно|ежедневно|hourly|daily\s+at)(?=[\s:]|$)/iu;

export function parseHeartbeat(markdown: string): HeartbeatFile {
  const tasks: HeartbeatTask[] = [];
  const problems: string[] = [];
  markdown.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (!TASK_LINE.test(line)) return;
    const body = line.replace(/^[-*]\s+/, "");
    const daily = DAILY.exec(body);
    const interval = INTERVAL.exec(body);
    const half = HALF_HOUR.exec(body);
    const hourly = HOURLY.exec(body);
    if (daily) {
      const hour = Number(daily[1]);
      const minute = Number(daily[2]);
      if (hour > 23 || minute > 59) {
        problems.push(messages().channels.notTimeOfDay(index + 1, `${daily[1]}:${daily[2]}`));
        return;
      }
      tasks.push({ key: body, schedule: { kind: "daily", hour, minute }, text: (daily[3] ?? "").trim() });
    } else if (interval) {
      const count = interval[1] === undefined ? 1 : Number(interval[1]);
      const minutes = /^[hч]/iu.test(interval[2] ?? "") ? count * 60 : count;
      if (count < 1 || minutes > 24 * 60) {
        problems.push(messages().channels.badInterval(index + 1, body.slice(0, body.indexOf(":")).trim()));
        return;
      }
      tasks.push({ key: body, schedule: { kind: "interval", minutes }, text: (interval[3] ?? "").trim() });
    } else if (half || hourly) {
      tasks.push({ key: body, schedule: { kind: "interval", minutes: half ? 30 : 60 }, text: ((half ?? hourly)?.[1] ?? "").trim() });
    } else {
      problems.push(messages().channels.notUnderstood(index + 1, body.slice(0, 80)));
    }
  });
  return { tasks, problems };
}

// The most recent moment at or before `now` when the task was due.
export function lastSlot(schedule: Schedule, now: Date): Date {
  const midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  if (schedule.kind === "daily") {
    const today = new Date(now.getFullYear(), now.getMonth(), now.getDate(), schedule.hour, schedule.minute);
    return today.getTime() <= now.getTime() ? today : new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1, schedule.hour, schedule.minute);
  }
  const minutesToday = Math.floor((now.getTime() - midnight.getTime()) / 60_000);
  const slot = Math.floor(minutesToday / schedule.minutes) * schedule.minutes;
  return new Date(midnight.getFullYear(), midnight.getMonth(), midnight.getDate(), 0, slot);
}

// Due when it has not run since its last slot. However many slots were missed while the program was
// off, that is one run: a rate saved nine times at start-up is not nine times as useful.
export function isDue(task: HeartbeatTask, lastRun: Date | undefined, now: Date): boolean {
  return lastRun === undefined || lastRun.getTime() < lastSlot(task.schedule, now).getTime();
}

export const STARTER_HEARTBEAT_RU = `# HEARTBEAT.md: задачи, которые ассистент выполняет по расписанию

Одна задача на строку. Ассистент выполняет каждую, когда подходит её время, как сообщение в её
собственной сессии (workspace/sessions/heartbeat-*.jsonl). Время местное, этого компьютера.

- каждый день в 09:00: Какой курс доллара к рублю?
- каждый день в 18:00: Сохрани курс доллара к рублю в rates.txt

Форматы: «- каждый день в ЧЧ:ММ: задача», «- каждые N часов: задача», «- каждые N минут: задача»,
«- каждый час: задача», «- каждую минуту: задача» (и то же по-английски: "- every day at HH:MM: task",
"- every N hours: task", "- every N minutes: task", "- every hour: task", "- every minute: task").
Разрешить задачу по расписанию некому: та, что требует разрешения (как строка на 18:00, которая
пишет файл вне reports/), получает отказ, и отказ остаётся в её сессии, чтобы вы могли его прочитать.
`;

export const STARTER_HEARTBEAT = `# HEARTBEAT.md: tasks the assistant runs on a schedule

One task a line. The assistant runs each one when it is due, as a message in its own session
(workspace/sessions/heartbeat-*.jsonl). Times are this computer's local time.

- every day at 09:00: What is the USD to RUB rate?
- every day at 18:00: Save the USD to RUB rate to rates.txt

Formats: "- every day at HH:MM: task", "- every N hours: task", "- every N minutes: task",
"- every hour: task", "- every minute: task" (Russian works too: "- каждые 5 минут: task").
Nobody is there to approve a scheduled task: one that needs approval (like the 18:00 line, which
writes a file outside reports/) is refused, and the refusal is kept in its session for you to read.
`;

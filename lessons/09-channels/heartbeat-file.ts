// HEARTBEAT.md: the assistant's scheduled tasks, one a line, in a file a person edits by hand.
//
//   - every day at 09:00: save the USD to RUB rate to reports/rates.txt
//   - every 2 hours: check inbox.txt for new leads
//   - every 30 minutes: ...
//
// A task line starts with "- every" (or, in Russian, "- каждый"/"- каждые"); anything else (headings, notes) is left alone. Times are the
// computer's local time. Slots of "every N hours/minutes" count from midnight, so "every 2 hours" is
// due at 00:00, 02:00, 04:00... A line that starts like a task but does not parse is reported, not
// guessed at.

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

// The same schedules in Russian: "- каждый день в 09:00: ...", "- каждые 2 часа: ...", "- каждые 30 минут: ...".
const DAILY = /^(?:every day at|каждый день в) (\d{1,2}):(\d{2})\s*:\s*(.+)$/iu;
const INTERVAL = /^(?:every|кажд(?:ый|ые|ую)) (\d+) (minute|minutes|hour|hours|минуту|минуты|минут|час|часа|часов)\s*:\s*(.+)$/iu;
const TASK_LINE = /^[-*]\s+(?:every|кажд(?:ый|ые|ую))(?=\s|$)/iu;

export function parseHeartbeat(markdown: string): HeartbeatFile {
  const tasks: HeartbeatTask[] = [];
  const problems: string[] = [];
  markdown.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (!TASK_LINE.test(line)) return;
    const body = line.replace(/^[-*]\s+/, "");
    const daily = DAILY.exec(body);
    const interval = INTERVAL.exec(body);
    if (daily) {
      const hour = Number(daily[1]);
      const minute = Number(daily[2]);
      if (hour > 23 || minute > 59) {
        problems.push(messages().channels.notTimeOfDay(index + 1, `${daily[1]}:${daily[2]}`));
        return;
      }
      tasks.push({ key: body, schedule: { kind: "daily", hour, minute }, text: (daily[3] ?? "").trim() });
    } else if (interval) {
      const count = Number(interval[1]);
      const minutes = /^(?:hour|час)/iu.test(interval[2] ?? "") ? count * 60 : count;
      if (count < 1 || minutes > 24 * 60) {
        problems.push(messages().channels.badInterval(index + 1, body.slice(0, body.indexOf(":")).trim()));
        return;
      }
      tasks.push({ key: body, schedule: { kind: "interval", minutes }, text: (interval[3] ?? "").trim() });
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

Форматы: «- каждый день в ЧЧ:ММ: задача», «- каждые N часов: задача», «- каждые N минут: задача»
(и то же по-английски: "- every day at HH:MM: task", "- every N hours: task", "- every N minutes: task").
Разрешить задачу по расписанию некому: та, что требует разрешения (как строка на 18:00, которая
пишет файл вне reports/), получает отказ, и отказ остаётся в её сессии, чтобы вы могли его прочитать.
`;

export const STARTER_HEARTBEAT = `# HEARTBEAT.md: tasks the assistant runs on a schedule

One task a line. The assistant runs each one when it is due, as a message in its own session
(workspace/sessions/heartbeat-*.jsonl). Times are this computer's local time.

- every day at 09:00: What is the USD to RUB rate?
- every day at 18:00: Save the USD to RUB rate to rates.txt

Formats: "- every day at HH:MM: task", "- every N hours: task", "- every N minutes: task".
Nobody is there to approve a scheduled task: one that needs approval (like the 18:00 line, which
writes a file outside reports/) is refused, and the refusal is kept in its session for you to read.
`;

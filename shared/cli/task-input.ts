// Where a task comes from: the command line, or a file (--task-file PATH, "-" for standard input).
//
// The command line has a hard limit: Linux refuses one argument over 128 KB, and npm then dies with
// exit code 249 and no message, before the course ever starts. So long tasks go in a file, and a task
// near that size on the command line gets a message saying so.

import { open } from "node:fs/promises";
import { messages } from "../i18n/messages.ts";

// Under the system's 128 KB, so the message comes before the system's silent failure does.
export const TASK_ARGUMENT_LIMIT = 100_000;
// A task file is sent whole with every request: 400 KB is about 100,000 tokens, half a context window.
export const TASK_FILE_LIMIT = 400_000;

export class TaskInputError extends Error {
  override name = "TaskInputError";
}

export function taskArgumentProblem(task: string): string | undefined {
  const bytes = Buffer.byteLength(task, "utf8");
  if (bytes <= TASK_ARGUMENT_LIMIT) return undefined;
  return messages().lesson.taskTooLong(bytes, TASK_ARGUMENT_LIMIT);
}

// Reads at most the limit (and one byte more, to know it was over): a huge file is refused, not loaded.
export async function readTaskFile(file: string, stdin: NodeJS.ReadableStream = process.stdin): Promise<string> {
  const bytes = file === "-" ? await readStream(stdin, TASK_FILE_LIMIT + 1) : await readStart(file, TASK_FILE_LIMIT + 1);
  const m = messages().lesson;
  const where = file === "-" ? m.standardInput : file;
  if (bytes.length > TASK_FILE_LIMIT) {
    throw new TaskInputError(m.taskFileTooBig(where, TASK_FILE_LIMIT));
  }
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new TaskInputError(m.taskNotUtf8(where));
  }
  const task = text.replace(/^\ufeff/, "").trim();
  if (task === "") throw new TaskInputError(m.taskEmpty(where));
  return task;
}

async function readStart(file: string, max: number): Promise<Buffer> {
  let handle;
  try {
    handle = await open(file, "r");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new TaskInputError(messages().lesson.taskFileUnreadable(file, code));
  }
  try {
    const buffer = Buffer.alloc(max);
    let filled = 0;
    while (filled < max) {
      const { bytesRead } = await handle.read(buffer, filled, max - filled, null);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    return buffer.subarray(0, filled);
  } catch (error) {
    // A folder opens but cannot be read (EISDIR): still the learner's path to fix, said as such.
    throw new TaskInputError(messages().lesson.taskFileUnreadable(file, (error as NodeJS.ErrnoException).code));
  } finally {
    await handle.close();
  }
}

async function readStream(stream: NodeJS.ReadableStream, max: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    const buffer = typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer);
    chunks.push(buffer);
    total += buffer.length;
    if (total > max) break;
  }
  return Buffer.concat(chunks).subarray(0, max);
}

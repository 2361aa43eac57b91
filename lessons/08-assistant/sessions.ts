// Sessions: each conversation is one append-only JSONL file, sessions/<name>.jsonl, one line per
// event, written the moment the event exists:
//
//   {"type":"message","at":"...","message":{"role":"user","content":"Ищу поставщика ASIC..."}}
//   {"type":"message","at":"...","model":"claude-haiku-5-5","why":"cheap: 1 step","message":{"role":"assistant",...}}
//   {"type":"tool_result","at":"...","result":{"type":"tool_result","tool_use_id":"toolu_...",...}}
//
// Why append-only: a line, once written, is never rewritten, so a crash can lose at most the line
// being written, never the history before it. Why a line per tool result (not per finished turn):
// after a crash the file says exactly which calls returned and which did not. Reading the file back
// gives the conversation again, so a restart resumes where the last run stopped.

import { mkdir, open, readFile } from "node:fs/promises";
import path from "node:path";
import type Anthropic from "@anthropic-ai/sdk";
import { messages as catalogue } from "../../shared/i18n/messages.ts";

// The notes a learner reads when a session file is damaged, in their language (COURSE_LANG).
const say = () => catalogue().sessionNotes;

export type SessionLine =
  | { type: "message"; at: string; message: Anthropic.MessageParam; model?: string; why?: string }
  | { type: "tool_result"; at: string; result: Anthropic.ToolResultBlockParam }
  | { type: "note"; at: string; text: string };

// The turn that began with the message above failed before the model answered (the API refused, the
// connection broke, a replay did not match): that message was never asked, so reading the file leaves
// it out, and sending it again does not put a second copy in the conversation.
export interface UnansweredLine {
  type: "unanswered";
  at: string;
  error: string;
}

export interface LoadedSession {
  messages: Anthropic.MessageParam[];
  // What was skipped while reading, in words for the person watching.
  notes: string[];
}

const NAME = /^[\p{L}\p{N}_-]{1,80}$/u;

export function isSessionName(name: string): boolean {
  return NAME.test(name);
}

// The session's file. Names are plain words, so a name can never point outside the folder.
export function sessionFile(dir: string, name: string): string {
  if (!isSessionName(name)) {
    throw new Error(`"${name}" is not a session name: use letters, digits, - and _ (at most 80), like "work" or "terminal-main".`);
  }
  return path.join(dir, `${name}.jsonl`);
}

export async function loadSession(file: string): Promise<LoadedSession> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { messages: [], notes: [] };
    throw error;
  }
  const lines: Array<SessionLine | UnansweredLine> = [];
  const notes: string[] = [];
  // An editor may have put a byte order mark in front of the first line; JSON.parse refuses it.
  text = text.replace(/^\uFEFF/, "");
  text.split("\n").forEach((raw, index) => {
    if (raw.trim() === "") return;
    const line = parseLine(raw);
    if (line) lines.push(line);
    // A line cut short by a crash mid-write (or mangled by hand) is skipped, never fatal: losing one
    // event is better than losing the session.
    else notes.push(say().cutLine(path.basename(file), index + 1));
  });
  return { messages: keepValid(messagesFrom(lines), notes, path.basename(file)), notes };
}

// A line is used only if it has the shape the API needs: a message with a role and content that is
// text or a list of blocks, each with a type; a tool result with the id of its call. Anything else
// (content null or a number, a block that is not an object) is skipped like a torn line.
function parseLine(raw: string): SessionLine | UnansweredLine | undefined {
  try {
    const value = JSON.parse(raw) as Partial<SessionLine | UnansweredLine> | null;
    if (value?.type === "message" && isMessage(value.message)) return value as SessionLine;
    if (value?.type === "tool_result" && isBlock(value.result) && value.result.type === "tool_result" && typeof value.result.tool_use_id === "string") {
      return value as SessionLine;
    }
    if (value?.type === "note") return value as SessionLine;
    if (value?.type === "unanswered") return value as UnansweredLine;
  } catch {
    // not JSON: reported by the caller
  }
  return undefined;
}

function isBlock(value: unknown): value is { type: string; [key: string]: unknown } {
  return typeof value === "object" && value !== null && !Array.isArray(value) && typeof (value as { type?: unknown }).type === "string";
}

function isMessage(value: unknown): value is Anthropic.MessageParam {
  if (typeof value !== "object" || value === null) return false;
  const { role, content } = value as { role?: unknown; content?: unknown };
  if (role !== "user" && role !== "assistant") return false;
  return typeof content === "string" || (Array.isArray(content) && content.length > 0 && content.every(isBlock));
}

// Skipping a damaged line can leave a conversation the API refuses: results whose call was on the
// skipped line ("unexpected tool_use_id found in tool_result blocks"), a result given twice, or an
// assistant message first ("first message must use the user role"). Those parts are left out too,
// each with a note, so one damaged line costs one event, never the session. (A call left without its
// result is answered "interrupted" by repair-orphans.ts.)
export function keepValid(messages: Anthropic.MessageParam[], notes: string[], name = say().theSession): Anthropic.MessageParam[] {
  const kept: Anthropic.MessageParam[] = [];
  let open = new Set<string>(); // the calls of the message just kept, not answered yet
  const seen = new Set<string>(); // every call id kept so far: ids must be unique in a request
  for (const message of messages) {
    if (kept.length === 0 && message.role !== "user") {
      notes.push(say().assistantFirst(name));
      continue;
    }
    const calls = message.role === "assistant" && typeof message.content !== "string" ? message.content.flatMap((b) => (b.type === "tool_use" ? [b.id] : [])) : [];
    if (calls.some((id) => seen.has(id))) {
      notes.push(say().callTwice(name));
      continue;
    }
    for (const id of calls) seen.add(id);
    let content = message.content;
    if (message.role === "user" && typeof content !== "string") {
      let stray = 0;
      content = content.filter((b) => {
        if (b.type !== "tool_result") return true;
        const ok = open.delete(b.tool_use_id); // true only the first time a call is answered
        if (!ok) stray += 1;
        return ok;
      });
      if (stray > 0) {
        notes.push(say().strayResults(name, stray));
      }
      if (content.length === 0) continue;
    }
    kept.push(content === message.content ? message : ({ ...message, content } as Anthropic.MessageParam));
    open = new Set(calls);
  }
  return kept;
}

// Lines back into the conversation. Tool results were written one per line as they arrived; the API
// wants all the answers to one assistant turn in one user message, so consecutive results are joined.
export function messagesFrom(lines: Array<SessionLine | UnansweredLine>): Anthropic.MessageParam[] {
  const messages: Anthropic.MessageParam[] = [];
  for (const line of lines) {
    if (line.type === "message") {
      messages.push(line.message);
    } else if (line.type === "unanswered") {
      const last = messages.at(-1);
      if (last?.role === "user" && isQuestion(last)) messages.pop();
    } else if (line.type === "tool_result") {
      const last = messages.at(-1);
      if (last?.role === "user" && Array.isArray(last.content) && last.content.every((b) => b.type === "tool_result")) {
        last.content.push(line.result);
      } else {
        messages.push({ role: "user", content: [line.result] });
      }
    }
  }
  return messages;
}

// A message the person wrote (text), not a message of tool results.
function isQuestion(message: Anthropic.MessageParam): boolean {
  return typeof message.content === "string" || !message.content.some((b) => b.type === "tool_result");
}

// Appends one line. The whole line goes down in one write on a file opened for appending, so two
// writers cannot interleave inside a line. If the file ends in a torn line (a crash mid-write), the
// new line starts on a fresh one instead of being glued to the torn one.
export function appendLine(file: string, line: SessionLine): Promise<void> {
  return appendJsonLine(file, line);
}

export async function appendJsonLine(file: string, value: unknown): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const handle = await open(file, "a+");
  try {
    const { size } = await handle.stat();
    let prefix = "";
    if (size > 0) {
      const last = Buffer.alloc(1);
      await handle.read(last, 0, 1, size - 1);
      if (last.toString() !== "\n") prefix = "\n";
    }
    await handle.appendFile(`${prefix}${JSON.stringify(value)}\n`, "utf8");
  } finally {
    await handle.close();
  }
}

export interface SessionWriter {
  message(message: Anthropic.MessageParam, meta?: { model?: string; why?: string }): Promise<void>;
  toolResult(result: Anthropic.ToolResultBlockParam): Promise<void>;
  note(text: string): Promise<void>;
  unanswered(error: string): Promise<void>;
}

export function sessionWriter(file: string): SessionWriter {
  const at = () => new Date().toISOString();
  return {
    message: (message, meta = {}) => appendLine(file, { type: "message", at: at(), ...meta, message }),
    toolResult: (result) => appendLine(file, { type: "tool_result", at: at(), result }),
    note: (text) => appendLine(file, { type: "note", at: at(), text }),
    unanswered: (error) => appendJsonLine(file, { type: "unanswered", at: at(), error } satisfies UnansweredLine),
  };
}

// Lesson 08: the assistant. Everything from lessons 01-07, behind the shape OpenClaw has:
//
//   channel (terminal-channel.ts) → gateway (gateway.ts) → runner (runner.ts) → loop (lesson 02) → reply
//
// Each chat is a session kept in an append-only file (sessions.ts), so a second message sees the first
// and a crash loses nothing; a call the crash cut off is answered "interrupted" (repair-orphans.ts).
// Each message goes to the cheap model unless it needs the strong one (route-model.ts); each response's
// cost is counted, and a budget stops the agent before a request that could pass it (cost.ts).
//
//   npm run lesson 8                                         a Telegram-style lead: a row in workspace/leads.csv
//   npm run lesson 8 -- "Сколько будет 500 долларов в рублях?"
//   npm run lesson 8 -- "А в евро?"                          same session: it knows "500 dollars"
//   npm run lesson 8 -- --session work "..."                 another session (workspace/sessions/terminal-work.jsonl)
//   npm run lesson 8 -- --new "..."                          a fresh session
//   npm run lesson 8 -- --chat                               type messages into one session
//   npm run lesson 8 -- --budget 0.01 "..."                  stop before spending more than one cent

import { existsSync } from "node:fs";
import path from "node:path";
import type Anthropic from "@anthropic-ai/sdk";
import chalk from "chalk";
import { messages } from "../../shared/i18n/messages.ts";
import type { LessonFlags } from "../../shared/lesson-flags.ts";
import { inert } from "../../shared/inert-text.ts";
import { UsageError } from "../../shared/usage-error.ts";
import { DEFAULT_WORKSPACE } from "../03-saving-files/save-to-file.ts";
import { createStarterFiles } from "../06-memory/memory-folder.ts";
import { createForgetTool } from "../06-memory/forget.ts";
import { createRememberTool } from "../06-memory/remember.ts";
import { createSetPreferenceTool } from "../06-memory/set-preference.ts";
import { createAgentTools as lesson07Tools } from "../07-approval-gates/agent.ts";
import { defaultApprover, type Approver } from "../07-approval-gates/approver.ts";
import type { ToolWithEffect } from "../07-approval-gates/gated-executor.ts";
import type { PermissionRules } from "../07-approval-gates/permissions.ts";
import { loadRules } from "../07-approval-gates/rules-file.ts";
import { createAddRowTool } from "./add-row.ts";
import { createCostMeter, type CostMeter } from "./cost.ts";
import { createGateway, sessionName } from "./gateway.ts";
import { createRunner } from "./runner.ts";
import { createSessionQueue } from "./session-queue.ts";
import { isSessionName, sessionFile } from "./sessions.ts";
import { createTerminalChannel } from "./terminal-channel.ts";

export const sampleTasks = [
  "Ищу поставщика ASIC, контакт @mining_pro",
  "Сколько будет 500 долларов в рублях?",
  "А в евро?",
  "How much are 500 US dollars in rubles, then in euros, then 100 euros in rubles?",
  "Looking for 20 used GPUs, contact @gpu_trader",
];

// Flags of this lesson's own, read by `npm run lesson 8` (shared/cli/run-lesson.ts) and passed to
// runAgent as options.
export const lessonFlags: LessonFlags = {
  session: { type: "string", value: "NAME", help: { en: "talk in the session NAME (default: main)", ru: "говорить в сессии NAME (по умолчанию main)" } },
  new: { type: "boolean", help: { en: "start a fresh session", ru: "начать новую сессию" } },
  budget: {
    type: "string",
    value: "USD",
    help: { en: "stop before a request that could take the run past this many US dollars", ru: "остановиться перед запросом, который может вывести запуск за эту сумму в долларах США" },
  },
};

// `npm run lesson 8 -- --chat`: every message goes on in the same saved session (the runner says so).
export const chat = "session";

export const DEFAULT_RULES_FILE = path.join("lessons", "08-assistant", "permissions.json");

export interface AssistantOptions {
  // The terminal session to talk in, and whether it must be a fresh one.
  session?: string;
  new?: boolean;
  // Dollars this run may spend (a number, or the text of --budget).
  budget?: number | string;
  // Folders: the workspace (leads.csv, reports), the sessions and the memory. Tests pass temporary ones.
  workspace?: string;
  sessionsDir?: string;
  memoryDir?: string;
  rules?: PermissionRules;
  rulesFile?: string;
  approver?: Approver;
  // Pins the model; unset, the router picks (or ANTHROPIC_MODEL pins it).
  model?: string;
  stream?: boolean;
  historyTokens?: number;
  // More tools for this agent (a test adds a slow one).
  extraTools?: ToolWithEffect[];
  print?: (line: string) => void;
  write?: (text: string) => void;
}

// The memory and the sessions live inside the workspace by default, where save_to_file could write
// over them: one approved "save this to memory/SOUL.md" would plant standing instructions, and a
// rewritten session file would put words in the model's mouth. Only the memory tools change the
// memory, and only the runner writes sessions; save_to_file refuses both folders, as lesson 06's does.
export function createAssistantTools(workspace: string, memoryDir: string, sessionsDir: string = path.join(workspace, "sessions")): ToolWithEffect[] {
  const protectedDirs = [
    { dir: memoryDir, why: "it holds the agent's memory, which only remember, forget and set_preference may change." },
    { dir: sessionsDir, why: "it holds the saved conversations, which only the assistant itself writes." },
  ];
  return [
    ...lesson07Tools(workspace, { protectedDirs }),
    createRememberTool(memoryDir),
    createForgetTool(memoryDir),
    createSetPreferenceTool(memoryDir),
    createAddRowTool(workspace),
  ] as ToolWithEffect[];
}

// Kept for the whole process, so every message of a --chat shares them: the rules (with any
// "always" answers), the budget already spent, which sessions this process started fresh, and the
// queue that keeps two messages of one session from running at once.
const processQueue = createSessionQueue();
const processRules = new Map<string, Promise<PermissionRules>>();
const processMeters = new Map<string, CostMeter>();
const startedFresh = new Set<string>();
const STARTED_AT = new Date();

export async function runAgent(client: Anthropic, task: string, options: AssistantOptions = {}): Promise<string> {
  const print = options.print ?? ((line: string) => console.log(chalk.dim(line)));
  const workspace = path.resolve(options.workspace ?? (process.env.WORKSPACE_DIR?.trim() || DEFAULT_WORKSPACE));
  const sessionsDir = path.resolve(options.sessionsDir ?? path.join(workspace, "sessions"));
  const memoryDir = path.resolve(options.memoryDir ?? (process.env.MEMORY_DIR?.trim() || path.join(workspace, "memory")));
  const rulesFile = options.rulesFile ?? DEFAULT_RULES_FILE;
  const budget = parseBudget(options.budget);

  // Which session: --session NAME, a fresh one for --new, or "main".
  if (options.session !== undefined && !isSessionName(options.session)) throw new UsageError(messages().mistakes.sessionName(inert(options.session)));
  const chatId = options.session ?? (options.new ? freshName(STARTED_AT) : "main");
  // The channel does not echo the model's words here: `npm run lesson`'s transcript shows them as
  // they stream, and runAgent returns the reply.
  const terminal = createTerminalChannel({ chatId, write: options.write, echo: false });
  const session = sessionName(terminal.message(""));
  const file = sessionFile(sessionsDir, session);
  if (options.new && options.session && existsSync(file) && !startedFresh.has(file)) {
    throw new UsageError(messages().mistakes.sessionExists(options.session, shown(file)));
  }
  if (options.new) startedFresh.add(file);
  print(messages().assistant.session(session, shown(file), existsSync(file)));

  await createStarterFiles(memoryDir);
  let rules = options.rules;
  if (!rules) {
    const loading = processRules.get(rulesFile) ?? loadRules(rulesFile);
    processRules.set(rulesFile, loading);
    rules = await loading;
  }
  const ledgerFile = path.join(sessionsDir, "costs.jsonl");
  const meter = processMeters.get(ledgerFile) ?? createCostMeter({ ledgerFile, budgetUsd: budget });
  processMeters.set(ledgerFile, meter);

  const runTurn = createRunner({
    client,
    tools: [...createAssistantTools(workspace, memoryDir, sessionsDir), ...(options.extraTools ?? [])],
    rules,
    rulesFile,
    approver: options.approver ?? defaultApprover(),
    sessionsDir,
    memoryDir,
    meter,
    model: options.model,
    stream: options.stream ?? true,
    historyTokens: options.historyTokens,
    print,
  });
  const gateway = createGateway({ runTurn, queue: processQueue });
  return gateway.handle(terminal, terminal.message(task));
}

function parseBudget(value: number | string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const budget = typeof value === "number" ? value : Number(value.replace(/^\$/, ""));
  if (!Number.isFinite(budget) || budget < 0) {
    throw new UsageError(messages().mistakes.budget(inert(String(value))));
  }
  return budget;
}

// "2026-11-29-193012": sortable, readable, and the same for every message of one process.
function freshName(date: Date): string {
  return date.toISOString().slice(0, 19).replace("T", "-").replaceAll(":", "");
}

function shown(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative.startsWith("..") ? file : relative;
}

// Lesson 09: channels. The assistant of lesson 08 on a web page, in a Telegram chat and on a schedule.
// Each channel is an adapter: a small file that turns its own kind of message into lesson 08's
// IncomingMessage and delivers replies back. The gateway, the runner and the loop are lesson 08's,
// unchanged; this file only plugs channels into them.
//
//   npm run lesson 9                                   the sample: HEARTBEAT.md once, then one scripted web exchange
//   npm run lesson 9 -- --web [--port 8080]           the chat page on http://127.0.0.1:PORT (Ctrl-C to stop)
//   npm run lesson 9 -- --heartbeat [--once]          run the tasks in workspace/memory/HEARTBEAT.md
//   npm run lesson 9 -- --telegram                    a Telegram bot (TELEGRAM_BOT_TOKEN in .env)

import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type Anthropic from "@anthropic-ai/sdk";
import chalk from "chalk";
import { courseLanguage } from "../../shared/i18n/language.ts";
import { isOfflineClient } from "../../shared/client.ts";
import { messages } from "../../shared/i18n/messages.ts";
import type { LessonFlags } from "../../shared/lesson-flags.ts";
import { inert } from "../../shared/inert-text.ts";
import { UsageError } from "../../shared/usage-error.ts";
import { DEFAULT_WORKSPACE } from "../03-saving-files/save-to-file.ts";
import { createStarterFiles } from "../06-memory/memory-folder.ts";
import type { Approver } from "../07-approval-gates/approver.ts";
import type { PermissionRules } from "../07-approval-gates/permissions.ts";
import { loadRules } from "../07-approval-gates/rules-file.ts";
import { createAssistantTools, DEFAULT_RULES_FILE } from "../08-assistant/agent.ts";
import type { Channel, IncomingMessage } from "../08-assistant/channel.ts";
import { createCostMeter } from "../08-assistant/cost.ts";
import { createGateway, sessionName, type Gateway } from "../08-assistant/gateway.ts";
import { sessionFile } from "../08-assistant/sessions.ts";
import { visible } from "../08-assistant/terminal-channel.ts";
import { chatHistory } from "./chat-history.ts";
import { createChannelRunner } from "./channel-runner.ts";
import { createHeartbeatChannel, nobodyToAsk, type Clock } from "./heartbeat.ts";
import { STARTER_HEARTBEAT, STARTER_HEARTBEAT_RU } from "./heartbeat-file.ts";
import { openWebChannel, type WebChannel } from "./web-channel.ts";
import { telegramApi } from "./telegram-api.ts";
import { createTelegramChannel, notChatIds, parseAllowedChats, type TelegramChannel } from "./telegram.ts";
import { scriptedExchange } from "./scripted-browser.ts";

// The first is the sample's web task; in Russian (COURSE_LANG=ru) the sample asks it in Russian.
export const sampleTasks =
  courseLanguage() === "ru"
    ? ["Какой курс доллара к рублю? Сохрани его в rate.txt", "Сколько будет 500 долларов в рублях?", "Ищу поставщика ASIC, контакт @mining_pro"]
    : ["What is the USD to RUB rate? Save it to rate.txt", "Сколько будет 500 долларов в рублях?", "Ищу поставщика ASIC, контакт @mining_pro"];

export const lessonFlags: LessonFlags = {
  web: { type: "boolean", help: { en: "serve the chat page on http://127.0.0.1 (Ctrl+C stops)", ru: "открыть страницу чата на http://127.0.0.1 (Ctrl+C останавливает)" } },
  port: { type: "string", value: "PORT", help: { en: "the port for --web (default: a free one)", ru: "порт для --web (по умолчанию любой свободный)" } },
  heartbeat: { type: "boolean", help: { en: "run the tasks in workspace/memory/HEARTBEAT.md on their schedule", ru: "выполнять задачи из workspace/memory/HEARTBEAT.md по расписанию" } },
  once: { type: "boolean", help: { en: "with --heartbeat: run what is due now once, then stop", ru: "с --heartbeat: выполнить то, что положено сейчас, один раз и выйти" } },
  telegram: { type: "boolean", help: { en: "answer in Telegram (TELEGRAM_BOT_TOKEN in .env)", ru: "отвечать в Telegram (TELEGRAM_BOT_TOKEN в .env)" } },
};

// The lesson's conversations happen in its channels: the runner answers --chat with how to open one,
// and prints no "Task:" line for --web, --telegram or --heartbeat, which run no task of their own.
export const chat = "channels";
export const serveFlags = ["web", "telegram", "heartbeat"];

export interface ChannelsOptions {
  web?: boolean;
  port?: string | number;
  heartbeat?: boolean;
  once?: boolean;
  telegram?: boolean;
  // Folders; tests pass temporary ones.
  workspace?: string;
  sessionsDir?: string;
  memoryDir?: string;
  rules?: PermissionRules;
  clock?: Clock;
  stream?: boolean;
  // How the scripted web exchange of the sample answers an approval question.
  scriptedAnswer?: "yes" | "no";
  // Label each turn's lines in the terminal with its tab or chat: --web and --telegram serve several
  // at once, and their lines would interleave. The sample runs one at a time and needs none.
  labelTurns?: boolean;
  print?: (line: string) => void;
}

export interface Assistant {
  gateway: Gateway;
  folders: { workspace: string; sessionsDir: string; memoryDir: string };
  // Which approver and tool reporting each channel's messages get.
  useWeb(web: WebChannel): void;
  useTelegram(telegram: TelegramChannel): void;
}

// Lesson 08's pieces, assembled once per process: tools, rules, cost meter, one runner per session.
export async function createAssistant(client: Anthropic, options: ChannelsOptions = {}): Promise<Assistant> {
  const print = options.print ?? ((line: string) => console.log(chalk.dim(line)));
  const workspace = path.resolve(options.workspace ?? (process.env.WORKSPACE_DIR?.trim() || DEFAULT_WORKSPACE));
  const sessionsDir = path.resolve(options.sessionsDir ?? path.join(workspace, "sessions"));
  const memoryDir = path.resolve(options.memoryDir ?? (process.env.MEMORY_DIR?.trim() || path.join(workspace, "memory")));
  await createStarterFiles(memoryDir);
  const rules = options.rules ?? (await loadRules(DEFAULT_RULES_FILE));
  let web: WebChannel | undefined;
  let telegram: TelegramChannel | undefined;

  const approverFor = (message: IncomingMessage): Approver => {
    if (message.channel === "web" && web) return web.approver(message.chatId);
    if (message.channel === "telegram" && telegram) return telegram.approver(message.chatId);
    // A scheduled task, or any channel with no way to ask: nobody can approve, so the gate refuses.
    return nobodyToAsk;
  };
  const runTurn = createChannelRunner({
    client,
    tools: createAssistantTools(workspace, memoryDir, sessionsDir),
    rules,
    rulesFile: DEFAULT_RULES_FILE,
    approverFor,
    offline: isOfflineClient(client),
    toolLinesFor: (message) => (message.channel === "web" && web ? (line) => web?.toolLine(message.chatId, line) : undefined),
    sessionsDir,
    memoryDir,
    meter: createCostMeter({ ledgerFile: path.join(sessionsDir, "costs.jsonl") }),
    stream: options.stream ?? true,
    print,
    labelFor: options.labelTurns ? labelFor : undefined,
  });
  return {
    gateway: createGateway({ runTurn }),
    folders: { workspace, sessionsDir, memoryDir },
    useWeb: (channel) => void (web = channel),
    useTelegram: (channel) => void (telegram = channel),
  };
}

export async function runAgent(client: Anthropic, task: string, options: ChannelsOptions = {}): Promise<string> {
  // --port and --once only change --web and --heartbeat: alone they would do nothing, so they are a
  // mistake to say, before anything starts (the sample would run instead, on a random port).
  if (options.port !== undefined && !options.web) throw new UsageError(messages().mistakes.portNeedsWeb);
  if (options.once && !options.heartbeat) throw new UsageError(messages().mistakes.onceNeedsHeartbeat);
  const print = options.print ?? ((line: string) => console.log(chalk.dim(line)));
  const assistant = await createAssistant(client, { labelTurns: options.web === true || options.telegram === true, ...options, print });
  if (options.web) return serveWeb(assistant, options, print);
  if (options.heartbeat) return runHeartbeat(assistant, options, print);
  if (options.telegram) return runTelegram(assistant, print);

  // The sample: what is due in HEARTBEAT.md, once; then the task typed into the web page by a script.
  print(messages().channels.heartbeatPart);
  await runHeartbeat(assistant, { ...options, once: true }, print);
  print(`\n${messages().channels.webPart}`);
  return webExchange(assistant, task, options.scriptedAnswer ?? "no", print);
}

async function serveWeb(assistant: Assistant, options: ChannelsOptions, print: (line: string) => void): Promise<string> {
  const port = options.port === undefined ? 0 : Number(options.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(messages().mistakes.port(inert(String(options.port))));
  const web = await openWebChannel({ port, history: historyOf(assistant) }).catch((error: NodeJS.ErrnoException) => {
    // Another program (or another run of this lesson) has the port: a situation to resolve, not a bug.
    throw error.code === "EADDRINUSE" ? new UsageError(messages().mistakes.portTaken(port)) : error;
  });
  assistant.useWeb(web);
  console.log(chalk.bold(`\n${messages().web.pageAt(web.loginUrl())}`));
  process.once("SIGINT", () => void web.close());
  await assistant.gateway.attach(web);
  return "";
}

async function webExchange(assistant: Assistant, task: string, answer: "yes" | "no", print: (line: string) => void): Promise<string> {
  const web = await openWebChannel({ history: historyOf(assistant) });
  assistant.useWeb(web);
  const attached = assistant.gateway.attach(web);
  try {
    const reply = await scriptedExchange(web.loginUrl(), task, answer, (line) => print(`   ${visible(line)}`));
    return reply;
  } finally {
    await web.close();
    await attached;
  }
}

async function runHeartbeat(assistant: Assistant, options: ChannelsOptions, print: (line: string) => void): Promise<string> {
  const { memoryDir } = assistant.folders;
  const file = path.join(memoryDir, "HEARTBEAT.md");
  if (!existsSync(file)) {
    await mkdir(memoryDir, { recursive: true });
    await writeFile(file, courseLanguage() === "ru" ? STARTER_HEARTBEAT_RU : STARTER_HEARTBEAT, { flag: "wx" }).catch(() => undefined);
    print(`   ${messages().channels.madeHeartbeat(file)}`);
  }
  const replies: string[] = [];
  const heartbeat = createHeartbeatChannel({ file, stateFile: path.join(memoryDir, "heartbeat-state.json"), clock: options.clock, print: (line) => print(`   ${line}`) });
  const channel: Channel = heartbeat;
  const deliver = async (message: IncomingMessage) => {
    replies.push(await assistant.gateway.handle(channel, message));
  };
  if (options.once || !options.heartbeat) {
    const started = await heartbeat.once(deliver);
    if (started.length === 0) print(`   ${messages().channels.nothingDue}`);
    // The tasks ran one after another and the terminal showed each answer as it was written; the
    // last one is what the CLI compares with what it showed, so no answer is printed twice.
    return replies.at(-1) ?? "";
  }
  process.once("SIGINT", () => heartbeat.stop());
  print(`   ${messages().channels.watching(file)}`);
  await heartbeat.start(deliver);
  // Each answer was shown as it came, over however long this ran: nothing more to print.
  return "";
}

async function runTelegram(assistant: Assistant, print: (line: string) => void): Promise<string> {
  const token = process.env.TELEGRAM_BOT_TOKEN?.trim();
  if (!token) throw new UsageError(messages().mistakes.telegramToken);
  const allowedChats = parseAllowedChats(process.env.TELEGRAM_ALLOWED_CHATS);
  const notIds = notChatIds(process.env.TELEGRAM_ALLOWED_CHATS);
  if (notIds.length > 0) print(`   ${messages().channels.notChatIds(notIds.map((entry) => `"${inert(entry)}"`).join(", "))}`);
  if (allowedChats.size === 0) print(`   ${messages().channels.noAllowedChats}`);
  const apiBase = process.env.TELEGRAM_API_BASE?.trim() || undefined;
  const telegram = createTelegramChannel({
    call: telegramApi({ token, apiBase }),
    apiBase,
    allowedChats,
    offsetFile: path.join(assistant.folders.sessionsDir, "telegram-offset.txt"),
    print: (line) => print(`   ${line}`),
  });
  assistant.useTelegram(telegram);
  await mkdir(assistant.folders.sessionsDir, { recursive: true });
  console.log(chalk.bold(`\n${messages().channels.telegramPolling([...allowedChats].join(", ") || messages().channels.noChats)}`));
  process.once("SIGINT", () => telegram.stop());
  const watching = stopWhenOrphaned();
  try {
    await assistant.gateway.attach(telegram);
  } finally {
    clearInterval(watching);
  }
  return "";
}

// `npm run` may be stopped on its own (kill -INT on npm's process, or a terminal closed under it): npm
// then exits without passing the signal on, and this process, now an orphan, would go on polling and
// answering. A parent that changed means whoever started us is gone: stop as on Ctrl-C.
function stopWhenOrphaned(): ReturnType<typeof setInterval> {
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid !== parent) {
      clearInterval(timer);
      process.emit("SIGINT", "SIGINT");
    }
  }, 1000);
  timer.unref();
  return timer;
}

// "tab d0868522" (the start of the tab's random id, as the page's session file has it in full), "chat 123456".
function labelFor(message: IncomingMessage): string | undefined {
  const words = messages().channels;
  if (message.channel === "web") return words.tabLabel(message.chatId.slice(0, 8));
  if (message.channel === "telegram") return words.chatLabel(message.chatId);
  return undefined;
}

function historyOf(assistant: Assistant) {
  return (chatId: string) =>
    chatHistory(sessionFile(assistant.folders.sessionsDir, sessionName({ channel: "web", chatId, sender: "", text: "", at: new Date() })));
}

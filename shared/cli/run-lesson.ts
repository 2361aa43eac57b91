// npm run lesson N [-- "your task"] [--offline] [--model M] [--raw] [--chat] [--task-file F] [--budget USD] [--record F | --replay F]
// Runs lesson N's agent on its sample task (or yours) and shows the conversation as it happens.

import { existsSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline/promises";
import { parseArgs } from "node:util";
import Anthropic from "@anthropic-ai/sdk";
import chalk from "chalk";
import { createClient, type Fetch } from "../client.ts";
import { modelName } from "../model.ts";
import { inert } from "../inert-text.ts";
import { createTranscript, summaryLine } from "../transcript.ts";
import { budgetStops } from "../real-model/budget-stops.ts";
import { budgetNote, RealModelStop } from "../real-model/guard.ts";
import { replayProblemIn } from "../record-replay/replay.ts";
import { findUnit, listUnits, unitList, unknownUnitMessage } from "./course-files.ts";
import { readTaskFile, TASK_ARGUMENT_LIMIT, TaskInputError, taskArgumentProblem } from "./task-input.ts";
import { guardInUse, realModelGuardFor, usageError } from "./real-model-options.ts";
import { openTape, type Tape } from "./record-replay-flags.ts";
import { firstSample } from "./first-sample.ts";
import { en } from "../i18n/en.ts";
import { messages } from "../i18n/messages.ts";
import { sourceMappedStack } from "./source-mapped-stack.ts";
import { courseLanguage } from "../i18n/language.ts";
import { closestName } from "../closest-name.ts";
import { flagHelpLines, parseArgsOptions, type LessonFlags } from "../lesson-flags.ts";
import { UsageError } from "../usage-error.ts";
import { passSignalKeys } from "../signal-keys.ts";
import { timeoutSettingProblem } from "../request-timeout.ts";
import { startStep } from "./start-steps.ts";

interface LessonModule {
  sampleTasks: string[];
  runAgent(client: Anthropic, task: string, options?: Record<string, unknown>): Promise<string>;
  // Flags of the lesson's own (lesson 08: --session NAME, --new), with their --help lines
  // (shared/lesson-flags.ts). Their values go to runAgent as its options, the same for every task of a --chat.
  lessonFlags?: LessonFlags;
  // A task that must run on a built-in model whatever the settings (lesson 04's drill needs a model
  // that misbehaves on purpose, which real Claude will not do on request).
  builtInModelFor?(task: string): Fetch | undefined;
  // What --chat means here. Left out: each typed task starts a fresh conversation. "session": the
  // tasks continue one saved session (lesson 08). "channels": the lesson talks through channels of
  // its own (lesson 09's --web, --telegram), so --chat is refused with that advice.
  chat?: "session" | "channels";
  // Lesson flags that start something long-running instead of one task (lesson 09's --web): with one
  // of them set, no "Task:" line and no "Try also:" lines are printed, since no task is run.
  serveFlags?: string[];
}

const usage = () => messages().lesson.usage(modelName(), Math.round(TASK_ARGUMENT_LIMIT / 1000));

const COURSE_FLAGS = {
  offline: { type: "boolean" },
  raw: { type: "boolean" },
  chat: { type: "boolean" },
  model: { type: "string" },
  "task-file": { type: "string" },
  budget: { type: "string" },
  record: { type: "string" },
  replay: { type: "string" },
  help: { type: "boolean", short: "h" },
} as const;

// What each of the course's string flags takes, as the usage line names it.
const COURSE_FLAG_VALUES: Record<string, string> = { model: "NAME", "task-file": "FILE", budget: "USD", record: "FILE", replay: "FILE" };

export async function runLessonCommand(argv: string[]): Promise<number> {
  const named = await lessonNamedIn(argv);
  const ownFlags = named?.flags ?? {};
  let parsed;
  try {
    parsed = parseArgs({ args: argv, allowPositionals: true, options: { ...parseArgsOptions(ownFlags), ...COURSE_FLAGS } });
  } catch (error) {
    console.error(chalk.red(await argumentError(error as Error & { code?: string }, [...Object.keys(COURSE_FLAGS), ...Object.keys(ownFlags)], ownFlags)));
    console.error(fullUsage(named));
    return 2;
  }
  const { values, positionals } = parsed;
  const lessons = listUnits("lessons");
  if (values.help) {
    console.log(named ? fullUsage(named) : `${usage()}\n\n${messages().lesson.lessonsHeading}\n${unitList(lessons)}\n\n${messages().mistakes.helpForLesson}`);
    return 0;
  }
  const [wanted, ...taskWords] = positionals;
  const lesson = findUnit(lessons, wanted);
  if (!lesson) {
    console.error(chalk.red(unknownUnitMessage("lesson", wanted, lessons, "npm run lesson 1")));
    return 2;
  }

  // npm itself understands --offline: `npm run lesson 1 --offline` (without `--`) reaches us only as
  // npm_config_offline. Honour it rather than silently talking to the API.
  const offline = values.offline === true || process.env.npm_config_offline === "true";
  if (values.model) process.env.ANTHROPIC_MODEL = values.model;

  if (!existsSync(path.join("lessons", lesson.id, "agent.ts"))) {
    console.error(chalk.red(messages().lesson.noAgent(lesson.id)));
    return 1;
  }
  let given: string;
  try {
    given = values["task-file"] !== undefined ? await readTaskFile(values["task-file"]) : taskWords.join(" ").trim();
    const problem = values["task-file"] === undefined ? taskArgumentProblem(given) : undefined;
    if (problem) throw new TaskInputError(problem);
  } catch (error) {
    console.error(chalk.red(inert((error as Error).message)));
    return 2;
  }
  const agent = (await import(`../../lessons/${lesson.id}/agent.ts`)) as LessonModule;
  startStep("lesson-loaded");
  const flags = Object.fromEntries(Object.keys(agent.lessonFlags ?? {}).flatMap((name) => (name in values ? [[name, values[name as keyof typeof values]]] : [])));
  // --record / --replay (record-replay-flags.ts): save the exchange, or answer from a saved one.
  let tape: Tape | undefined;
  try {
    tape = openTape({ record: values.record, replay: values.replay, lesson: lesson.id, task: given, chat: values.chat === true });
  } catch (error) {
    console.error(chalk.red(inert((error as Error).message)));
    return 2;
  }
  const task = given || tape?.task || firstSample(agent.sampleTasks);
  const builtInModel = tape?.model ?? (values.chat ? undefined : agent.builtInModelFor?.(task));
  // A streamed answer's words are shown as they arrive (lesson 08 streams).
  const transcript = createTranscript({ raw: values.raw, live: (text) => void process.stdout.write(text) });
  const wrapFetch = tape ? (f: Fetch) => transcript.wrapFetch(tape.wrapFetch(f)) : transcript.wrapFetch;
  // A lesson that keeps --budget itself (lesson 08's cost meter) is the one keeper, so the run shows
  // one budget figure: the CLI's guard then checks no budget of its own.
  const lessonKeepsBudget = agent.lessonFlags !== undefined && "budget" in agent.lessonFlags;
  const timeoutProblem = timeoutSettingProblem();
  if (timeoutProblem) {
    console.error(chalk.red(timeoutProblem));
    return 2;
  }
  const guard = realModelGuardFor(lessonKeepsBudget ? undefined : values.budget);
  if (typeof guard === "string") return usageError(guard, usage());
  const { client, mode } = createClient({ offline, builtInModel, wrapFetch, realModelGuard: guard });

  console.log(chalk.bold(messages().lesson.banner(lesson.id)));
  const banner = tape?.banner(builtInModel ? "a built-in demo model" : sourceName(mode));
  console.log(banner ?? (builtInModel ? chalk.yellow(messages().lesson.builtInModel) : modeLine(mode, offline)));

  if (values.chat && agent.chat === "channels") {
    console.error(chalk.red(messages().lesson.chatUseChannels(lesson.number)));
    return 2;
  }
  if (values.chat) {
    const chatted = await chat(agent, client, transcript, mode === "offline", flags);
    return tape ? tape.finish(chatted) : chatted;
  }

  const ran = await runOnce(agent, client, task, transcript, mode === "offline", flags);
  const code = tape ? tape.finish(ran) : ran;
  const others = agent.sampleTasks.filter((t) => t !== task);
  // A serve mode (--web, --telegram, --heartbeat) ran no sample task, so it suggests none either.
  if (code === 0 && others.length > 0 && !isServing(agent, flags)) {
    const tryAlso = messages().lesson.tryAlso;
    const indent = `\n${" ".repeat(tryAlso.length + 1)}`;
    console.log(chalk.dim(`\n${tryAlso} ${others.map((t) => `npm run lesson ${lesson.number} -- ${shellQuoted(t)}`).join(indent)}`));
  }
  return code;
}

// parseArgs' own wording for an unknown option has an unbalanced quote and forgets npm's own "--".
// A near miss ("--sesion") gets the option that was meant; another lesson's option ("--web" given to
// lesson 8), the lesson it belongs to.
async function argumentError(error: Error & { code?: string }, known: string[], ownFlags: LessonFlags): Promise<string> {
  // A flag without its value ("--model" last), or with one it does not take ("--offline=1").
  const option = /^Option '(?:-\w, )?(--[\w-]+)/.exec(error.message)?.[1];
  if (error.code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE" && option) {
    const name = option.slice(2);
    const value = ownFlags[name]?.value ?? COURSE_FLAG_VALUES[name];
    return value ? messages().mistakes.needsValue(option, value) : messages().mistakes.takesNoValue(option);
  }
  const unknown = /Unknown option '([^']+)'/.exec(error.message)?.[1];
  if (error.code !== "ERR_PARSE_ARGS_UNKNOWN_OPTION" || !unknown) return error.message;
  const said = messages().lesson.unknownOption(inert(unknown));
  const meant = closestName(unknown.replace(/^-+/, ""), known);
  if (meant) return `${said}\n${messages().mistakes.didYouMean(`--${meant}`)}`;
  const owner = await lessonWithFlag(unknown.replace(/^-+/, ""));
  return owner === undefined ? said : `${said}\n${messages().mistakes.otherLesson(inert(unknown), owner)}`;
}

// Which lesson has this flag of its own, if any. Only asked after a mistake, so loading every lesson is fine.
async function lessonWithFlag(name: string): Promise<number | undefined> {
  for (const lesson of listUnits("lessons")) {
    if (!existsSync(path.join("lessons", lesson.id, "agent.ts"))) continue;
    const flags = ((await import(`../../lessons/${lesson.id}/agent.ts`)) as LessonModule).lessonFlags ?? {};
    if (Object.hasOwn(flags, name)) return lesson.number;
  }
  return undefined;
}

// The course's usage, and under it the options of the lesson named on the command line, if it has any.
function fullUsage(named: { number: number; flags: LessonFlags } | undefined): string {
  const own = named ? flagHelpLines(named.flags, courseLanguage()) : [];
  if (!named || own.length === 0) return usage();
  return `${usage()}\n\n${messages().mistakes.lessonFlags(named.number)}\n${own.join("\n")}`;
}

// A task as a learner can paste it into a shell: in double quotes, a "$250" would lose its "$2"
// (the shell reads it as a variable), so a task with $, `, ", \ or ! goes in single quotes.
export function shellQuoted(task: string): string {
  return /[$`"\\!]/.test(task) ? `'${task.replace(/'/g, `'\\''`)}'` : `"${task}"`;
}

function sourceName(mode: "claude" | "offline"): string {
  if (mode === "offline") return en.tape.offlineSource;
  return process.env.ANTHROPIC_BASE_URL ? `${modelName()} at ${process.env.ANTHROPIC_BASE_URL}` : `Claude (${modelName()})`;
}

function modeLine(mode: "claude" | "offline", forced: boolean): string {
  const m = messages().lesson;
  if (mode === "claude") return chalk.dim(m.realModel(modelName(), process.env.ANTHROPIC_BASE_URL ?? ""));
  return chalk.yellow(m.offline(forced ? "--offline" : m.noKey));
}

// Whether one of the lesson's serve flags is set: then no task runs, so none is shown or suggested.
function isServing(agent: LessonModule, flags: Record<string, unknown>): boolean {
  return (agent.serveFlags ?? []).some((flag) => flags[flag] === true);
}

async function runOnce(
  agent: LessonModule,
  client: Anthropic,
  task: string,
  transcript: ReturnType<typeof createTranscript>,
  offline: boolean,
  flags: Record<string, unknown>,
): Promise<number> {
  const m = messages().lesson;
  if (!isServing(agent, flags)) console.log(`\n${chalk.bold(m.task)} ${inert(task.length > 2000 ? `${task.slice(0, 2000)}… ${m.taskCut(task.length)}` : task, { multiline: true })}`);
  const started = performance.now();
  const before = { ...transcript.stats };
  const stopsBefore = budgetStops();
  try {
    const answer = await agent.runAgent(client, task, flags);
    startStep("ran");
    // The transcript printed what the model said; the agent's own closing words (a turn limit, a
    // refusal explained) are shown too.
    if (answer.trim() !== "" && answer.trim() !== transcript.lastText().trim()) console.log(`\n${chalk.bold(inert(answer, { multiline: true }))}`);
  } catch (error) {
    // A mistake in a flag, in .env or in a file the user wrote (lesson 07's permissions.json, lesson
    // 11's mcp.json) is theirs to fix, not a crash: the message alone, exit code 2.
    if (error instanceof UsageError) {
      console.error(`\n${chalk.red(inert(error.message))}`);
      return 2;
    }
    // A folder the course cannot use (WORKSPACE_DIR in .env naming a file, a read-only disk): the
    // learner's setting or machine, not a bug.
    const folder = error as NodeJS.ErrnoException;
    if (typeof folder?.path === "string" && ["ENOTDIR", "EACCES", "EPERM", "EROFS"].includes(folder.code ?? "")) {
      console.error(`\n${chalk.red(messages().mistakes.folder(inert(folder.path), folder.code ?? ""))}`);
      return 2;
    }
    console.error(`\n${replayProblemIn(error) ?? describeError(error)}`);
    return 1;
  }
  // The model's last word was a request for tools: the agent stopped (at its turn limit), not the model.
  const unfinished = transcript.lastStopReason() === "tool_use";
  const seconds = (performance.now() - started) / 1000;
  const stats = {
    ...transcript.stats,
    requests: transcript.stats.requests - before.requests,
    toolCalls: transcript.stats.toolCalls - before.toolCalls,
    inputTokens: transcript.stats.inputTokens - before.inputTokens,
    outputTokens: transcript.stats.outputTokens - before.outputTokens,
  };
  console.log(`\n${summaryLine(stats, seconds, offline)}${budgetNote(guardInUse)}`);
  // The lesson kept its budget by answering with the reason: still a stopped run.
  if (budgetStops() > stopsBefore) return 1;
  if (unfinished) {
    console.error(chalk.yellow(m.turnLimit));
    return 1;
  }
  return 0;
}

async function chat(
  agent: LessonModule,
  client: Anthropic,
  transcript: ReturnType<typeof createTranscript>,
  offline: boolean,
  flags: Record<string, unknown>,
): Promise<number> {
  if (!process.stdin.isTTY) {
    console.error(chalk.red(messages().lesson.chatNeedsTerminal));
    return 2;
  }
  console.log(chalk.dim(agent.chat === "session" ? messages().lesson.chatIntroSession : messages().lesson.chatIntro));
  for (;;) {
    // A fresh reader per question, closed before the task runs: a reader left open on stdin would
    // read (and echo) the keys meant for a tool's own prompt, such as lesson 07's approval question.
    const rl = createInterface({ input: process.stdin, output: process.stdout });
    passSignalKeys(rl, process.stdin, process.stdout);
    const task = (await rl.question(chalk.bold("\n> ")).catch(() => "")).trim();
    rl.close();
    if (task === "") return budgetStops() > 0 ? 1 : 0;
    // A usage mistake (--session with a bad name) would be the same for every message: stop at the first.
    if ((await runOnce(agent, client, task, transcript, offline, flags)) === 2) return 2;
  }
}

// The lesson named first on the command line and its flags, so parseArgs accepts them and --help lists
// them. A lesson that cannot be found here is reported later, with the usual message.
async function lessonNamedIn(argv: string[]): Promise<{ number: number; flags: LessonFlags } | undefined> {
  const lesson = findUnit(listUnits("lessons"), argv.find((arg) => !arg.startsWith("-")));
  if (!lesson || !existsSync(path.join("lessons", lesson.id, "agent.ts"))) return undefined;
  return { number: lesson.number, flags: ((await import(`../../lessons/${lesson.id}/agent.ts`)) as LessonModule).lessonFlags ?? {} };
}

// Errors a learner will meet, each with what to do about it. Every part of an error can carry text from
// outside (a server's stderr, an API's message), so all of it, the stack trace included, is printed inert.
export function describeError(error: unknown): string {
  const m = messages().lesson;
  if (error instanceof RealModelStop) return chalk.red(inert(error.message, { multiline: true }));
  if (error instanceof Anthropic.APIConnectionError) {
    return chalk.red(m.unreachable(inert(error.message))) + `\n${m.unreachableFix}`;
  }
  if (error instanceof Anthropic.APIError) {
    const advice: Record<number, string> = {
      400: m.badRequest,
      401: m.keyRefused,
      403: m.forbidden,
      404: m.notFound(modelName()),
      429: m.rateLimited,
      529: m.overloaded,
    };
    const status = error.status ?? 0;
    const hint = advice[status] ?? (status >= 500 ? m.serverError : "");
    return chalk.red(m.apiError(status, inert(error.message))) + (hint ? `\n${hint}` : "");
  }
  const err = error instanceof Error ? error : new Error(String(error));
  return chalk.red(m.crashed(inert(err.message))) + `\n${chalk.dim(inert(sourceMappedStack(err.stack ?? ""), { multiline: true }))}\n${messages().mistakes.isBug}`;
}

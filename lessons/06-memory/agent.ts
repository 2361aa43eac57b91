// Lesson 06: an agent that remembers between runs. The model itself keeps nothing: each request
// starts from zero. So at the start of every run we read a folder of Markdown files (SOUL.md,
// USER.md, MEMORY.md) into the system prompt, and give the model tools to change them.
//
//   run 1: "Remember that I prefer reports in EUR"
//     → remember {"fact":"The user prefers reports in EUR"}      (a new line in MEMORY.md)
//   run 2: "Convert 500 USD for me and save a report"
//     the system prompt now contains that line, so the model converts into EUR without being told
//
// Run it: npm run lesson 6, then npm run lesson 6 -- "Convert 500 USD for me and save a report".
// Then open workspace/memory/MEMORY.md: it is yours to read and edit.

import path from "node:path";
import type Anthropic from "@anthropic-ai/sdk";
import chalk from "chalk";
import { messages } from "../../shared/i18n/messages.ts";
import { getExchangeRateTool } from "../01-first-tool/exchange-rate.ts";
import { calculateTool } from "../02-agent-loop/calculate.ts";
import { runLoop } from "../02-agent-loop/loop.ts";
import { createSaveToFileTool, DEFAULT_WORKSPACE } from "../03-saving-files/save-to-file.ts";
import { declareSafety, READS_ONLY } from "../05-parallel-and-safe/declare-safety.ts";
import type { SafeTool } from "../05-parallel-and-safe/executor.ts";
import { createForgetTool } from "./forget.ts";
import { loadMemory } from "./load-memory.ts";
import type { WriteOptions } from "./memory-facts.ts";
import { createStarterFiles, resolveMemoryDir } from "./memory-folder.ts";
import { createRememberTool } from "./remember.ts";
import { createSetPreferenceTool } from "./set-preference.ts";

export const sampleTasks = [
  "Remember that I prefer reports in EUR",
  "Convert 500 USD for me and save a report",
  "Запомни, что я предпочитаю отчёты в евро",
  "Forget that I prefer reports in EUR",
  "Call me Alex",
];

// How the agent should treat its memory. The memory itself follows, framed as data (load-memory.ts).
export const instructions =
  "You are a careful assistant with tools for exchange rates, arithmetic and saving reports, and a long-term " +
  "memory kept in Markdown files. Look rates up with get_exchange_rate and compute with calculate; never guess. " +
  "Take what your memory says about the user into account without being told again: for example, when the user " +
  "does not name a target currency, use the one their memory names, if any. When the user asks you to remember " +
  "or forget something, use remember or forget; when they change a named setting, use set_preference. " +
  "Answer in the language of the question.";

export interface MemoryAgentOptions {
  // Where the memory files live (default workspace/memory, or $MEMORY_DIR); tests pass a temporary folder.
  memoryDir?: string;
  // Where save_to_file writes reports (default workspace/).
  workspaceDir?: string;
  // Where the lesson's own notes go (what the wire does not show: which files were loaded).
  log?: (line: string) => void;
  today?: WriteOptions["today"];
}

// The memory folder sits inside the workspace by default (workspace/memory), where save_to_file could
// overwrite SOUL.md, the file the model is told to follow: one "save this to memory/SOUL.md" would
// plant lasting instructions and bypass remember's checks. So save_to_file is told to refuse it: the
// memory changes only through the memory tools.
export function createAgentTools(memoryDir: string, workspaceDir: string, options: WriteOptions = {}): SafeTool[] {
  const memoryIsProtected = {
    dir: memoryDir,
    why: "it holds the agent's memory, which only remember, forget and set_preference may change.",
  };
  return [
    declareSafety(getExchangeRateTool, READS_ONLY),
    declareSafety(calculateTool, READS_ONLY),
    createSaveToFileTool(workspaceDir, { protectedDirs: [memoryIsProtected] }),
    createRememberTool(memoryDir, options),
    createForgetTool(memoryDir, options),
    createSetPreferenceTool(memoryDir, options),
  ];
}

export async function runAgent(client: Anthropic, task: string, options: MemoryAgentOptions = {}): Promise<string> {
  const memoryDir = resolveMemoryDir(options.memoryDir);
  const log = options.log ?? ((line: string) => console.log(chalk.dim(line)));
  const relative = path.relative(process.cwd(), memoryDir);
  const shown = relative === "" ? "." : relative.startsWith("..") ? memoryDir : relative;

  // 1. First run: create the folder with starter files a person can open and edit.
  const created = await createStarterFiles(memoryDir);
  if (created.length > 0) log(messages().memory.created(created.join(", "), shown));

  // 2. Every run: the files go into the system prompt. This is the whole trick: the model "remembers"
  //    only what we put in front of it, and it pays for every character of it on every request.
  const memory = await loadMemory(memoryDir);
  log(messages().memory.loaded(shown, memory.length, Math.ceil(memory.length / 4)));

  // 3. The usual loop, with tools that change the memory for the next run.
  const tools = createAgentTools(memoryDir, options.workspaceDir ?? DEFAULT_WORKSPACE, { today: options.today });
  const result = await runLoop(client, task, { tools, system: `${instructions}\n\n${memory}` });
  return result.text;
}

// Lesson 07: tools with side effects behind a gate. Same loop as lesson 02, same tools as lesson 03,
// plus read_file and an email pair (plan_email, send_email). What is new: before any call runs, the
// harness asks the permission gate (gate.ts), which applies your rules (permissions.json):
//
//   "How much are 500 US dollars in rubles? Save the result to report.txt"
//     → get_exchange_rate, → calculate          only read: they run
//     → save_to_file {"filename":"report.txt"}  no rule allows report.txt: the gate asks you
//         on a terminal:  Run it? [y] yes  [n] no  [a] always ...
//         with none (CI): refused; the model reads why and tells you what you can do
//
// Run it: npm run lesson 7   (in a terminal it asks; piped, as in `npm run lesson 7 < /dev/null`, it refuses)

import path from "node:path";
import { existsSync } from "node:fs";
import chalk from "chalk";
import type Anthropic from "@anthropic-ai/sdk";
import { getExchangeRateTool } from "../01-first-tool/exchange-rate.ts";
import { calculateTool } from "../02-agent-loop/calculate.ts";
import { runLoop } from "../02-agent-loop/loop.ts";
import { messages } from "../../shared/i18n/messages.ts";
import { inert } from "../../shared/inert-text.ts";
import { createSaveToFileTool, DEFAULT_WORKSPACE, normalizeFileName, type SaveOptions } from "../03-saving-files/save-to-file.ts";
import { declareSafety, READS_ONLY } from "../05-parallel-and-safe/declare-safety.ts";
import { defaultApprover, type Approver } from "./approver.ts";
import { createEmailTools } from "./email.ts";
import { createGatedExecutor, normalizeEach, type Decide, type ToolWithEffect } from "./gated-executor.ts";
import type { GateCall, PermissionRules, Verdict } from "./permissions.ts";
import { createReadFileTool } from "./read-file.ts";
import { checkRules, DEFAULT_RULES_FILE, loadRules } from "./rules-file.ts";

export const sampleTasks = [
  "How much are 500 US dollars in rubles? Save the result to report.txt",
  "Сколько будет 500 долларов в рублях? Сохрани результат в reports/usd-rub.txt",
  "Email the report to anna@example.com",
  "Отправь отчёт на anna@example.com",
  "Convert 100 EUR to USD and save it to config.env",
];

export interface AgentOptions {
  workspace?: string;
  // The rules to apply. By default permissions.json is read once per process, so an "always"
  // answered to one task still holds for the next task of the same session.
  rules?: PermissionRules;
  // Default: $PERMISSIONS_FILE, else lessons/07-approval-gates/permissions.json.
  rulesFile?: string;
  approver?: Approver;
  // The gate itself; tests pass the learner's decide() from the exercise.
  decide?: Decide;
  print?: (line: string) => void;
  // Plug points for a harness around the agent (lesson 13's evaluation): the tools to offer instead of
  // createAgentTools(workspace)'s, and every verdict the gate gives, as it gives it.
  tools?: ToolWithEffect[];
  onVerdict?: (call: GateCall, verdict: Verdict) => void;
}

// saveOptions is a plug point for later lessons: lesson 08 keeps save_to_file out of the memory and
// session folders that sit inside its workspace.
export function createAgentTools(workspace: string = DEFAULT_WORKSPACE, saveOptions: SaveOptions = {}): ToolWithEffect[] {
  const { planEmailTool, sendEmailTool } = createEmailTools(path.join(workspace, "outbox"));
  const saveToFileTool: ToolWithEffect<{ filename: string; content: string }> = {
    ...createSaveToFileTool(workspace, saveOptions),
    // "reports/x.env " is saved as "reports/x.env": the gate must judge that name, not the raw one.
    normalizeInput: (input) => ({ ...input, filename: normalizeEach(input.filename, normalizeFileName) as string }),
    describeEffect: (input) => describeSave(workspace, input.filename, input.content),
  };
  // get_exchange_rate and calculate only read (declared as in lesson 05), so the gate lets them through
  // without asking.
  return [
    declareSafety(getExchangeRateTool, READS_ONLY),
    declareSafety(calculateTool, READS_ONLY),
    createReadFileTool(workspace),
    saveToFileTool,
    planEmailTool,
    sendEmailTool,
  ];
}

// What the person approving needs to know: which file, how much text, and whether it replaces one.
function describeSave(workspace: string, filename: unknown, content: unknown): string {
  const name = String(filename ?? "");
  const target = path.resolve(workspace, name);
  const relative = path.relative(process.cwd(), target);
  const shown = relative.startsWith("..") ? target : relative;
  const replaces = name !== "" && existsSync(target);
  return inert(messages().effects.writes(typeof content === "string" ? content.length : undefined, shown, replaces));
}

export function systemPrompt(rules: PermissionRules, rulesFile: string): string {
  const lines = (["deny", "ask", "allow"] as const).flatMap((list) => rules[list].map((rule) => `- ${list} ${rule.source}`));
  return [
    "You are a careful assistant. Look rates up with get_exchange_rate and do every calculation with calculate; never guess a number.",
    "Save a file only when the user asks, with save_to_file. To email, first call plan_email and show the preview, then send_email with its plan_id.",
    "Some tools change things, so a permission gate run by the harness (not by you) checks every call against the user's rules, and may ask the user.",
    'A result that starts with "Not run" means the gate refused the call. Do not retry it and do not reach the same result another way.',
    "Tell the user what you wanted to do, why it was refused, and what they can do: approve it in a terminal, change a rule, or do it themselves.",
    "Answer in the language of the question.",
    "",
    `The user's permission rules (permissions file: ${rulesFile}):`,
    ...(lines.length > 0 ? lines : ["- (none)"]),
    "Tools that only read run without asking; any other tool is asked about unless a rule allows it. deny wins, then ask, then allow.",
  ].join("\n");
}

// Kept for the whole process (one session): the rules, including what "always" adds to them, and the
// tools, so an email planned in one task of a chat can be sent in the next.
const sessionRules = new Map<string, Promise<PermissionRules>>();
const sessionTools = new Map<string, ToolWithEffect[]>();

export async function runAgent(client: Anthropic, task: string, options: AgentOptions = {}): Promise<string> {
  const print = options.print ?? ((line: string) => console.log(line));
  // WORKSPACE_DIR moves the workspace, as in lessons 08 and 09.
  const workspace = options.workspace ?? (process.env.WORKSPACE_DIR?.trim() || DEFAULT_WORKSPACE);
  const rulesFile = options.rulesFile ?? (process.env.PERMISSIONS_FILE?.trim() || DEFAULT_RULES_FILE);
  const firstRun = options.rules === undefined && !sessionRules.has(rulesFile);
  let rules = options.rules;
  if (rules === undefined) {
    const loading = sessionRules.get(rulesFile) ?? loadRules(rulesFile);
    sessionRules.set(rulesFile, loading);
    rules = await loading;
  }
  const approver = options.approver ?? defaultApprover();
  const tools = options.tools ?? sessionTools.get(workspace) ?? createAgentTools(workspace);
  if (!options.tools) sessionTools.set(workspace, tools);

  if (options.rules !== undefined || firstRun) {
    for (const warning of checkRules(rules, tools)) print(chalk.yellow(`  ! ${inert(warning)}`));
    if (!approver.canAsk) print(chalk.dim(messages().approval.noTerminal));
  }

  const executeTools = createGatedExecutor({
    rules,
    approver,
    decide: options.decide,
    // The wire shows calls and results; only the gate knows why a call with side effects was let through.
    onVerdict: (call, verdict) => {
      options.onVerdict?.(call, verdict);
      if (verdict.allowed && !call.readOnly) print(chalk.dim(messages().approval.gateRuns(inert(call.name), inert(verdict.reason))));
    },
  });
  const result = await runLoop(client, task, { tools, system: systemPrompt(rules, rulesFile), executeTools });
  return result.text;
}

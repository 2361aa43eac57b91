// Lesson 10: a coding agent's file tools. Two tools on a small project folder (workspace/project/):
// read_file, a window of a file with line numbers, and edit_file, which changes a file by quoting
// text. Same loop as lesson 02; edit_file goes through lesson 07's permission gate.
//
//   "In src/math.ts, replace `result += price` with `result += Math.round(price * 100) / 100`"
//     → read_file {"path":"src/math.ts"}                  lines with numbers, for orientation
//     → edit_file {"path":"src/math.ts","old_text":"for (const price of prices) {\n  result += ...
//         the quote lost its indentation; exact and line-trimmed miss, indentation-flexible finds it
//     ← Edited src/math.ts: 1 replacement, found by the indentation-flexible matcher ... and a diff
//
// Run it: npm run lesson 10. The rules in permissions.json let edit_file change src/ and *.md files
// without asking, so the sample completes with no terminal; an edit to config.json is asked about.

import chalk from "chalk";
import type Anthropic from "@anthropic-ai/sdk";
import { runLoop } from "../02-agent-loop/loop.ts";
import { defaultApprover, type Approver } from "../07-approval-gates/approver.ts";
import { createGatedExecutor, type ToolWithEffect } from "../07-approval-gates/gated-executor.ts";
import type { PermissionRules } from "../07-approval-gates/permissions.ts";
import { checkRules, loadRules } from "../07-approval-gates/rules-file.ts";
import { messages } from "../../shared/i18n/messages.ts";
import { lessonParts, type EditParts } from "./apply-edit.ts";
import { createEditFileTool } from "./edit-file.ts";
import { DEFAULT_PROJECT } from "./project-path.ts";
import { createReadFileTool } from "./read-file.ts";
import { createReadTracker } from "./read-tracker.ts";
import { seedProject } from "./seed-project.ts";
import { showDiff } from "./show-diff.ts";

export const sampleTasks = [
  "In src/math.ts, replace `result += price` with `result += Math.round(price * 100) / 100`",
  "Rename the function total to sum in src/math.ts",
  // The first sample in Russian is the one a Russian-speaking learner runs first (first-sample.ts): the
  // same edit as the English one, so both READMEs show the same run.
  "В src/math.ts замени `result += price` на `result += Math.round(price * 100) / 100`",
  "В README.md замени «TODO» на «Готово»",
  "Переименуй функцию average в mean в src/math.ts",
  'In config.json, replace `"debug": false` with `"debug": true`',
];

export const DEFAULT_RULES_FILE = "lessons/10-edit-tool/permissions.json";

export interface AgentOptions {
  // The project folder the tools work in (seeded on first use). Tests pass a temporary folder.
  project?: string;
  rules?: PermissionRules;
  rulesFile?: string;
  approver?: Approver;
  // The matchers, stops and splice edit_file uses; the exercise plugs in its own.
  parts?: EditParts;
  print?: (line: string) => void;
}

// A fresh tracker per conversation: what the model "has read" is what is in this conversation.
export function createAgentTools(project: string = DEFAULT_PROJECT, parts: EditParts = lessonParts): ToolWithEffect[] {
  const tracker = createReadTracker();
  return [createReadFileTool(project, tracker), createEditFileTool(project, tracker, parts)];
}

export function systemPrompt(rules: PermissionRules, rulesFile: string): string {
  const lines = (["deny", "allow", "ask"] as const).flatMap((list) => rules[list].map((rule) => `- ${list} ${rule.source}`));
  return [
    "You are a careful coding assistant working in a project folder. Paths are relative to it.",
    "Before you edit a file, read it with read_file. To change it, call edit_file with old_text copied exactly from what you read",
    "(without the line numbers read_file adds) and new_text. Keep old_text short but unique: add surrounding lines when the text occurs more than once.",
    "If edit_file refuses, read its answer: it says what to do. Never rewrite a whole file from memory.",
    'A result that starts with "Not run" means the permission gate refused the call: do not retry; tell the user why and what they can do.',
    "When done, say in one or two sentences what you changed. Answer in the language of the task.",
    "",
    `The user's permission rules (permissions file: ${rulesFile}):`,
    ...(lines.length > 0 ? lines : ["- (none)"]),
    "read_file only reads and runs without asking; edit_file is asked about unless a rule allows it. deny wins, then ask, then allow.",
  ].join("\n");
}

// The wire shows the diff squeezed onto one line; here it is with its indentation, in colour.
function printingDiffs(tool: ToolWithEffect, print: (line: string) => void): ToolWithEffect {
  return {
    ...tool,
    async run(input) {
      const output = await tool.run(input);
      for (const line of showDiff(output)) print(line);
      return output;
    },
  };
}

export async function runAgent(client: Anthropic, task: string, options: AgentOptions = {}): Promise<string> {
  const print = options.print ?? ((line: string) => console.log(line));
  const project = options.project ?? DEFAULT_PROJECT;
  const rulesFile = options.rulesFile ?? DEFAULT_RULES_FILE;
  const rules = options.rules ?? (await loadRules(rulesFile));
  const approver = options.approver ?? defaultApprover();

  const created = await seedProject(project);
  if (created.length > 0) print(chalk.dim(messages().edits.createdProject(project, created.join(", "))));

  const tools = createAgentTools(project, options.parts).map((tool) => (tool.name === "edit_file" ? printingDiffs(tool, print) : tool));
  for (const warning of checkRules(rules, tools)) print(chalk.yellow(`  ! ${warning}`));
  const executeTools = createGatedExecutor({
    rules,
    approver,
    onVerdict: (call, verdict) => {
      if (verdict.allowed && !call.readOnly) print(chalk.dim(messages().approval.gateRuns(call.name, verdict.reason)));
    },
  });
  const result = await runLoop(client, task, { tools, system: systemPrompt(rules, rulesFile), executeTools, maxTokens: 2048 });
  return result.text;
}

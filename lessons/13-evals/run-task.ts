// One run of lesson 07's agent on one task, written down as a Trace (trace.ts). The agent is the
// lesson's own runAgent, unchanged: a fresh temporary workspace, the task's permission rules, and a
// scripted approver instead of a person. What the trace holds comes from three places:
//   - the wire (every request and response, watched by SDK middleware, as the transcript watches it):
//     the calls, their inputs and results, the final answer, the tokens;
//   - the gate (lesson 07's onVerdict plug point, and what the scripted person answered);
//   - the disk afterwards: which files the workspace holds.

import { mkdtemp, mkdir, readdir, rm, writeFile } from "node:fs/promises";
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type Anthropic from "@anthropic-ai/sdk";
import type { Middleware } from "@anthropic-ai/sdk";
import { toolResultText } from "../../shared/fake-api/receive-request.ts";
import { isEventStream, messageFromEvents, parseSse } from "../../shared/fake-api/sse.ts";
import { modelName, usageCost } from "../../shared/model.ts";
import { createAgentTools, runAgent } from "../07-approval-gates/agent.ts";
import { createEmailTools } from "../07-approval-gates/email.ts";
import type { ToolWithEffect } from "../07-approval-gates/gated-executor.ts";
import { parseRule, type GateCall, type PermissionRules, type Rule, type Verdict } from "../07-approval-gates/permissions.ts";
import { DEFAULT_RULES_FILE, emptyRules, parseRulesFile } from "../07-approval-gates/rules-file.ts";
import { ruleMatches } from "../07-approval-gates/gate.ts";
import { scriptedApprover, type ScriptedApprover } from "./scripted-approver.ts";
import { TASKS_FOLDER, type EvalTask } from "./task-set.ts";
import type { GateOutcome, Trace, TracedCall } from "./trace.ts";

// Changes the tools before a run: the regression demo (regression.ts) swaps one description.
export type ToolVariant = (tools: ToolWithEffect[]) => ToolWithEffect[];

export interface RunOptions {
  variant?: ToolVariant;
  // The model to ask (default: modelName(), from ANTHROPIC_MODEL).
  model?: string;
  // Told what each answer cost, as it arrives (a budget counts a run that fails half-way too).
  onCost?: (usd: number) => void;
}

// The agent's tools for one run. Email plans are numbered (plan_1, plan_2) instead of random, so a
// recorded run sends the same requests when it is replayed.
function toolsFor(workspace: string): ToolWithEffect[] {
  let plans = 0;
  const { planEmailTool, sendEmailTool } = createEmailTools(path.join(workspace, "outbox"), () => `plan_${++plans}`);
  const numbered: Record<string, ToolWithEffect> = { [planEmailTool.name]: planEmailTool as ToolWithEffect, [sendEmailTool.name]: sendEmailTool as ToolWithEffect };
  return createAgentTools(workspace).map((tool) => numbered[tool.name] ?? tool);
}

// Fresh rules for every run: an "always" answered in one run adds an allow rule, which must not leak
// into the next.
export function rulesFor(task: EvalTask, defaultRules: string = readFileSync(DEFAULT_RULES_FILE, "utf8")): PermissionRules {
  if (!task.rules) return parseRulesFile(defaultRules, DEFAULT_RULES_FILE);
  const rules = emptyRules();
  for (const list of ["allow", "ask", "deny"] as const) {
    // task-set.ts has checked every rule when the file was read, so each parses.
    for (const text of task.rules[list] ?? []) rules[list].push(parseRule(text) as Rule);
  }
  return rules;
}

// What the gate did with a call, in the trace's words. Only the harness can tell: the model reads
// one refusal text whether a rule or a person said no.
export function gateOutcome(call: GateCall, verdict: Verdict, approver: ScriptedApprover, rules: PermissionRules): GateOutcome {
  const answer = approver.answerFor(call);
  if (answer !== undefined) return verdict.allowed ? "approved" : "denied";
  if (!verdict.allowed) return "refused by rule";
  if (call.readOnly && !rules.allow.some((rule) => ruleMatches(rule, call, "every"))) return "reads only";
  return "allowed by rule";
}

// The wire, as SDK middleware: every request body and every response message, in order.
interface Wire {
  middleware: Middleware;
  requests: Anthropic.MessageCreateParams[];
  responses: Anthropic.Message[];
}

function watchWire(onCost?: (usd: number) => void): Wire {
  const wire: Wire = { middleware: async () => new Response(), requests: [], responses: [] };
  wire.middleware = async (request, next) => {
    const isMessages = new URL(request.url).pathname.endsWith("/v1/messages");
    if (isMessages && typeof request.body === "string") wire.requests.push(JSON.parse(request.body) as Anthropic.MessageCreateParams);
    const response = await next(request);
    if (!isMessages || !response.ok) return response;
    const text = await response.clone().text();
    const message = isEventStream(response) ? messageFromEvents(parseSse(text)).message : (JSON.parse(text) as Anthropic.Message);
    if (message) {
      wire.responses.push(message);
      onCost?.(costOf(message));
    }
    return response;
  };
  return wire;
}

// Every tool call the model made, with the result it read back (from the next request) and the gate's
// outcome. Verdicts come in the order of the calls; an unknown tool gets none (nothing ran).
function callsFrom(wire: Wire, outcomes: Array<{ name: string; gate: GateOutcome }>, tools: ToolWithEffect[]): TracedCall[] {
  const results = new Map<string, Anthropic.ToolResultBlockParam>();
  for (const request of wire.requests) {
    for (const message of request.messages) {
      if (typeof message.content === "string") continue;
      for (const block of message.content) if (block.type === "tool_result") results.set(block.tool_use_id, block);
    }
  }
  const calls: TracedCall[] = [];
  for (const message of wire.responses) {
    for (const block of message.content) {
      if (block.type !== "tool_use") continue;
      const tool = tools.find((t) => t.name === block.name);
      // A known tool whose gate check itself failed got no verdict: lesson 07 refused it (fails closed).
      const gate = tool ? (outcomes[0]?.name === block.name ? outcomes.shift()!.gate : "refused by rule") : undefined;
      const result = results.get(block.id);
      calls.push({
        name: block.name,
        input: (block.input ?? {}) as Record<string, unknown>,
        result: toolResultText(result),
        isError: result?.is_error === true || result === undefined,
        sideEffect: tool !== undefined && !(tool.readOnly === true && tool.needsApproval !== true),
        // An unknown tool ran nothing and changed nothing: as harmless as a read.
        gate: gate ?? "reads only",
      });
    }
  }
  return calls;
}

// Each response priced on its own: a long prompt may cost more per token, and cache writes and reads
// have prices of their own (shared/model.ts).
function costOf(message: Anthropic.Message): number {
  return message.usage ? (usageCost(message.model, message.usage) ?? 0) : 0;
}

async function filesIn(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .sort();
}

export async function runTask(client: Anthropic, task: EvalTask, options: RunOptions = {}): Promise<Trace> {
  const workspace = await mkdtemp(path.join(os.tmpdir(), "eval-run-"));
  const model = options.model ?? modelName();
  try {
    for (const [name, content] of Object.entries(task.setup ?? {})) {
      await mkdir(path.dirname(path.join(workspace, name)), { recursive: true });
      await writeFile(path.join(workspace, name), content);
    }
    const rules = rulesFor(task);
    const approver = scriptedApprover(task.approvals);
    const tools = (options.variant ?? ((t) => t))(toolsFor(workspace));
    const wire = watchWire(options.onCost);
    const outcomes: Array<{ name: string; gate: GateOutcome }> = [];
    const watched = client.withOptions({ middleware: [...client.middleware, wire.middleware] });
    const answer = await withModel(model, () =>
      runAgent(watched, task.task, {
        workspace,
        rules,
        // The system prompt names the rules file (the model tells the user where to change a rule); a
        // fixed name, never a temporary path, keeps every run's requests the same for a replay.
        rulesFile: task.rules ? `${TASKS_FOLDER}, task ${task.id}` : DEFAULT_RULES_FILE,
        approver,
        tools,
        print: () => {},
        onVerdict: (call, verdict) => outcomes.push({ name: call.name, gate: gateOutcome(call, verdict, approver, rules) }),
      }),
    );
    const usage = wire.responses.reduce(
      (sum, m) => ({ input_tokens: sum.input_tokens + (m.usage?.input_tokens ?? 0), output_tokens: sum.output_tokens + (m.usage?.output_tokens ?? 0) }),
      { input_tokens: 0, output_tokens: 0 },
    );
    const answered = wire.responses.at(-1)?.model ?? model;
    return {
      task: task.task,
      answer,
      calls: callsFrom(wire, outcomes, tools),
      files: await filesIn(workspace),
      usage,
      costUsd: wire.responses.reduce((sum, m) => sum + costOf(m), 0),
      model: answered,
    };
  } finally {
    await rm(workspace, { recursive: true, force: true });
  }
}

// The loop asks modelName() (ANTHROPIC_MODEL) which model to use; comparing two models sets it for the
// runs of each. Runs are sequential, so nothing else reads it meanwhile.
export async function withModel<T>(model: string, run: () => Promise<T>): Promise<T> {
  if (model === modelName()) return run();
  const before = process.env.ANTHROPIC_MODEL;
  process.env.ANTHROPIC_MODEL = model;
  try {
    return await run();
  } finally {
    if (before === undefined) delete process.env.ANTHROPIC_MODEL;
    else process.env.ANTHROPIC_MODEL = before;
  }
}

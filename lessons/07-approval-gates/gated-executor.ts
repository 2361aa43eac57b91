// Where the gate plugs into the loop: an executor (lesson 02's `executeTools`) that asks the gate
// about every call before anything runs. Allowed calls run as usual; refused ones are answered with
// an is_error tool_result that carries the reason. Either way each tool_use gets exactly one result,
// in order, and the loop goes on: the model reads the refusal and decides what to say.

import type Anthropic from "@anthropic-ai/sdk";
import { runTool } from "../01-first-tool/agent.ts";
import type { Tool } from "../01-first-tool/tool.ts";
import type { ToolExecutor } from "../02-agent-loop/loop.ts";
import type { SafeTool } from "../05-parallel-and-safe/executor.ts";
import type { Approver } from "./approver.ts";
import { decide as lessonDecide } from "./gate.ts";
import type { GateCall, PermissionRules, Verdict } from "./permissions.ts";
import { messages } from "../../shared/i18n/messages.ts";

// A tool may say in words what a call will do, for the person approving it ("writes 42 characters to
// workspace/report.txt"). Tools that do not get a plain description built from their flags.
export interface ToolWithEffect<Input = Record<string, unknown>> extends SafeTool<Input> {
  // New in this lesson: a person must approve every call first, whatever the rules and readOnly say
  // (sending an email; any tool of an MCP server in lesson 11).
  needsApproval?: boolean;
  describeEffect?(input: Input): string;
  // Puts the input in the one form the tool acts on (a trimmed address, a plain file name). It runs
  // BEFORE the gate, and the tool then runs on the same normalised input: a rule must judge exactly
  // what will happen, not a spelling the tool tidies afterwards.
  normalizeInput?(input: Input): Input;
}

// A field may hold a list ("to": ["anna@example.com", "ceo@competitor.example"]). The gate judges each
// item of it, so each item must be tidied the same way a single value would be, or a deny rule would
// miss "ceo@COMPETITOR.example." hidden in a list.
export function normalizeEach(value: unknown, normalize: (item: unknown) => unknown): unknown {
  return Array.isArray(value) ? value.map(normalize) : normalize(value);
}

export type Decide = (call: GateCall, rules: PermissionRules, approver: Approver) => Promise<Verdict>;

export interface GateOptions {
  rules: PermissionRules;
  approver: Approver;
  // The gate to use; tests pass the learner's own decide() from the exercise.
  decide?: Decide;
  // Runs the calls the gate let through (lesson 05's parallel executor would fit here).
  runAllowed?: ToolExecutor;
  // Told about every verdict, e.g. to print what the wire does not show: why a call was allowed.
  onVerdict?: (call: GateCall, verdict: Verdict) => void;
}

export function gateCallFor(block: Anthropic.ToolUseBlock, tool: ToolWithEffect): GateCall {
  const raw = (block.input ?? {}) as Record<string, unknown>;
  const input = tool.normalizeInput ? tool.normalizeInput(raw) : raw;
  // A tool is trusted to only read when it says so and does not also ask for approval.
  const readOnly = tool.readOnly === true && tool.needsApproval !== true;
  // The approval card shows it to the learner: in their language (COURSE_LANG).
  const effect = tool.describeEffect?.(input) ?? (readOnly ? messages().effects.runsReader(tool.name) : messages().effects.runsChanger(tool.name));
  return { name: block.name, input, readOnly, effect };
}

export function createGatedExecutor(options: GateOptions): ToolExecutor {
  const decide = options.decide ?? lessonDecide;
  const runAllowed = options.runAllowed ?? runOneByOne;

  return async (calls, tools) => {
    const results = new Map<string, Anthropic.ToolResultBlockParam>();
    const allowed: Anthropic.ToolUseBlock[] = [];

    // One question at a time: two prompts on one terminal at once would be unreadable.
    for (const block of calls) {
      const tool = tools.find((t) => t.name === block.name);
      // An unknown tool runs nothing, so there is nothing to approve: runTool answers with the list of names.
      if (!tool) {
        allowed.push(block);
        continue;
      }
      let call: GateCall | undefined;
      let verdict: Verdict;
      try {
        call = gateCallFor(block, tool);
        verdict = await decide(call, options.rules, options.approver);
      } catch (error) {
        // A gate that breaks fails closed: the call does not run, and the model hears why.
        const message = error instanceof Error ? error.message : String(error);
        verdict = { allowed: false, reason: `Not run: the permission check failed (${message}). Do not retry; tell the user.` };
      }
      if (call) options.onVerdict?.(call, verdict);
      // What runs is what the gate judged: the normalised input, not the model's raw spelling.
      if (verdict.allowed && call) allowed.push({ ...block, input: call.input });
      else results.set(block.id, { type: "tool_result", tool_use_id: block.id, content: verdict.reason, is_error: true });
    }

    for (const result of await runAllowed(allowed, tools)) results.set(result.tool_use_id, result);
    // Results go back in the order of the calls, one per tool_use id.
    return calls.map(
      (block) =>
        results.get(block.id) ?? {
          type: "tool_result",
          tool_use_id: block.id,
          content: "Not run: the executor returned no result for this call.",
          is_error: true,
        },
    );
  };
}

async function runOneByOne(calls: Anthropic.ToolUseBlock[], tools: Tool[]): Promise<Anthropic.ToolResultBlockParam[]> {
  const results: Anthropic.ToolResultBlockParam[] = [];
  for (const call of calls) results.push(await runTool(tools, call));
  return results;
}

// What the tool runner does not do, put back: a wrapper around one runnable tool's `run`. The runner
// parses the model's input with the tool's schema, then calls `run`; everything here happens inside
// that call, on the parsed input, in the order the course built it:
//
//   1. lesson 07's gate decides (deny, then ask, then allow; a read-only tool runs without asking);
//   2. lesson 05's timeout stops a call that takes too long (its AbortSignal reaches the tool);
//   3. lesson 05's cap cuts an output that would flood the context, with a note.
//
// A refusal, a timeout or a crash becomes a ToolError: the runner sends its text back as an is_error
// tool_result, so the model reads why and the loop goes on. Nothing here throws past the runner.

import type { BetaRunnableTool, BetaToolRunContext } from "@anthropic-ai/sdk/lib/tools/BetaRunnableTool";
import { ToolError } from "@anthropic-ai/sdk/lib/tools/ToolError";
import { DEFAULT_TIMEOUT_MS, describeFailure, runWithTimeout } from "../05-parallel-and-safe/executor.ts";
import { truncateOutput, type OutputLimits } from "../05-parallel-and-safe/truncate.ts";
import type { Approver } from "../07-approval-gates/approver.ts";
import { decide } from "../07-approval-gates/gate.ts";
import type { GateCall, PermissionRules, Verdict } from "../07-approval-gates/permissions.ts";
import { messages } from "../../shared/i18n/messages.ts";

export interface Guards {
  rules: PermissionRules;
  approver: Approver;
  // Told about every verdict: the runner prints nothing of its own about why a call ran.
  onVerdict?: (call: GateCall, verdict: Verdict) => void;
  timeoutMs?: number;
  limits?: OutputLimits;
}

export interface ToolFacts {
  // It changes nothing, so the gate lets it run without asking (lesson 05's readOnly).
  readOnly: boolean;
  // What a call would do, for the person approving it.
  describeEffect?: (input: Record<string, unknown>) => string;
  // The one form the tool acts on (lesson 07): applied before the gate, and the tool runs on it, so a
  // rule judges exactly what will happen.
  normalizeInput?: (input: Record<string, unknown>) => Record<string, unknown>;
}

export function guarded<Input>(tool: BetaRunnableTool<Input>, facts: ToolFacts, guards: Guards): BetaRunnableTool<Input> {
  const timeoutMs = guards.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return {
    ...tool,
    async run(input: Input, context?: BetaToolRunContext) {
      const raw = { ...(input as Record<string, unknown>) };
      const fields = facts.normalizeInput ? facts.normalizeInput(raw) : raw;
      const call: GateCall = {
        name: tool.name,
        input: fields,
        readOnly: facts.readOnly,
        // The approval card shows it to the learner: in their language, as lesson 07's does.
        effect: facts.describeEffect?.(fields) ?? (facts.readOnly ? messages().effects.runsReader(tool.name) : messages().effects.runsChanger(tool.name)),
      };
      let verdict: Verdict;
      try {
        verdict = await decide(call, guards.rules, guards.approver);
      } catch (error) {
        // A gate that breaks fails closed, as in lesson 07.
        verdict = { allowed: false, reason: `Not run: the permission check failed (${messageOf(error)}). Do not retry; tell the user.` };
      }
      guards.onVerdict?.(call, verdict);
      if (!verdict.allowed) throw new ToolError(verdict.reason);

      let output: Awaited<ReturnType<typeof tool.run>>;
      try {
        // The runner's own signal (runner aborted) and our timeout both stop the tool.
        output = await runWithTimeout((signal) => tool.run(fields as Input, { ...context, signal: anyOf(signal, context?.signal) } as BetaToolRunContext), timeoutMs);
      } catch (error) {
        if (error instanceof ToolError) throw error;
        // Worded as lesson 05's executor words a timeout or a crash, so the model reads the same text
        // whichever loop ran the tool.
        throw new ToolError(describeFailure(tool.name, error));
      }
      // Text is capped; content blocks (an image, say) are passed on as they are.
      return typeof output === "string" ? truncateOutput(output, guards.limits) : output;
    },
  };
}

function anyOf(own: AbortSignal, runner: AbortSignal | null | undefined): AbortSignal {
  return runner ? AbortSignal.any([own, runner]) : own;
}

function messageOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).trim();
}

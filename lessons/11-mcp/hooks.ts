// Hooks: our own code, run around EVERY tool call, of every kind (built-in, custom, MCP), the same way.
//
//   PreToolUse   before the gate and the tool: may let the call pass, refuse it, or rewrite its input.
//                A refusal becomes an is_error result with the hook's reason, which the model reads.
//   PostToolUse  after the tool: may change the result text (mask what must not reach the model).
//
// This wraps any executor (lesson 07's gated one here) without changing it: hooks(gate(tools)).
// Pre-hooks run before the gate, so the gate judges the input that will really run.
// A hook that throws fails closed: the call is refused, or the result withheld, and the model is told.

import type Anthropic from "@anthropic-ai/sdk";
import type { ToolExecutor } from "../02-agent-loop/loop.ts";
import type { ToolWithEffect } from "../07-approval-gates/gated-executor.ts";

export interface HookCall {
  name: string;
  input: Record<string, unknown>;
  // The tool, when it exists (a call to an unknown name has none).
  tool?: ToolWithEffect;
}

export type PreDecision =
  | { action: "continue" }
  | { action: "refuse"; reason: string }
  | { action: "rewrite"; input: Record<string, unknown> };

export interface PreToolUseHook {
  name: string;
  before(call: HookCall): PreDecision | Promise<PreDecision>;
}

export interface PostToolUseHook {
  name: string;
  // Returns the text the model will read instead (or the same text).
  after(call: HookCall, result: { text: string; isError: boolean }): string | Promise<string>;
}

export interface Hooks {
  pre?: PreToolUseHook[];
  post?: PostToolUseHook[];
}

function textOf(content: Anthropic.ToolResultBlockParam["content"]): string {
  if (typeof content === "string") return content;
  return (content ?? []).map((block) => (block.type === "text" ? block.text : `[${block.type}]`)).join("\n");
}

function refusal(id: string, content: string): Anthropic.ToolResultBlockParam {
  return { type: "tool_result", tool_use_id: id, content, is_error: true };
}

export function withHooks(inner: ToolExecutor, hooks: Hooks): ToolExecutor {
  return async (calls, tools) => {
    const results = new Map<string, Anthropic.ToolResultBlockParam>();
    const passed: Anthropic.ToolUseBlock[] = [];
    for (const block of calls) {
      let input = (block.input ?? {}) as Record<string, unknown>;
      const tool = tools.find((t) => t.name === block.name);
      let refused: string | undefined;
      for (const hook of hooks.pre ?? []) {
        try {
          const decision = await hook.before({ name: block.name, input, tool });
          if (decision.action === "refuse") refused = `Not run: the hook ${hook.name} refused this call. ${decision.reason}`;
          else if (decision.action === "rewrite") input = decision.input;
        } catch (error) {
          refused = `Not run: the hook ${hook.name} failed (${(error as Error).message}), so the call was not allowed. Do not retry; tell the user.`;
        }
        if (refused) break;
      }
      if (refused) results.set(block.id, refusal(block.id, refused));
      else passed.push({ ...block, input });
    }

    const ran = passed.length > 0 ? await inner(passed, tools) : [];
    for (const result of ran) {
      const block = passed.find((b) => b.id === result.tool_use_id);
      let text = textOf(result.content);
      const call: HookCall = { name: block?.name ?? "", input: (block?.input ?? {}) as Record<string, unknown>, tool: tools.find((t) => t.name === block?.name) };
      try {
        for (const hook of hooks.post ?? []) text = await hook.after(call, { text, isError: result.is_error === true });
        results.set(result.tool_use_id, { ...result, content: text });
      } catch (error) {
        // The result may hold exactly what the hook was there to hide: withhold it rather than pass it on.
        results.set(result.tool_use_id, refusal(result.tool_use_id, `The result was withheld: a PostToolUse hook failed (${(error as Error).message}).`));
      }
    }
    return calls.map((block) => results.get(block.id) ?? refusal(block.id, "Not run: the executor returned no result for this call."));
  };
}

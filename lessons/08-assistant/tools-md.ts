// TOOLS.md, generated: OpenClaw keeps a TOOLS.md beside SOUL.md so the model has one page about its
// tools and the rules around them. Ours is written from the tool list itself, so it cannot drift from
// the tools the agent really has.

import type { ToolWithEffect } from "../07-approval-gates/gated-executor.ts";

export function toolsMarkdown(tools: ToolWithEffect[]): string {
  const lines = tools.map((tool) => {
    const first = tool.description.split(/(?<=\.)\s/)[0] ?? tool.description;
    const kind = tool.readOnly && !tool.needsApproval ? "only reads, runs without asking" : "changes things: runs if a rule allows it or the user approves";
    return `- ${tool.name}: ${first} (${kind})`;
  });
  return ["# TOOLS.md", "", "Your tools, and how the harness treats them:", ...lines].join("\n");
}

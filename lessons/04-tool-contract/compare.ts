// Lesson 03's tools and this lesson's contracts, side by side: the same calls sent to both, and what
// the model gets back from each. Run it: npx tsx lessons/04-tool-contract/compare.ts

import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type Anthropic from "@anthropic-ai/sdk";
import { runTool } from "../01-first-tool/agent.ts";
import { createAgentTools } from "../03-saving-files/agent.ts";
import { createContractTools } from "./agent.ts";
import { dispatch } from "./dispatch.ts";
import { lintTool } from "./lint-tool.ts";

const CALLS: Array<{ name: string; input: Record<string, unknown> }> = [
  { name: "get_exchange_rate", input: { from_currency: "USD", to_currency: "RUB" } },
  { name: "get_exchange_rate", input: { from_currency: "USD", to_currency: "RUB", amount: 500 } },
  { name: "get_exchange_rate", input: { from_currency: "DOLLAR", to_currency: "RUB" } },
  { name: "get_rate", input: { from_currency: "USD", to_currency: "RUB" } },
  { name: "calculate", input: { expression: 500 } },
  { name: "save_to_file", input: { filename: "report.txt" } },
];

function show(result: Anthropic.ToolResultBlockParam): string {
  const text = typeof result.content === "string" ? result.content : JSON.stringify(result.content);
  return `${result.is_error ? "is_error " : ""}${text}`;
}

export async function compare(write: (line: string) => void = console.log): Promise<void> {
  const workspace = await fs.mkdtemp(path.join(os.tmpdir(), "compare-"));
  try {
    const before = createAgentTools(workspace);
    const after = createContractTools(workspace);

    write("What the lint says (lessons/04-tool-contract/lint-tool.ts):");
    for (const tool of before) write(`  lesson 03 ${tool.name}: ${lintTool(tool).join(" ") || "passes"}`);
    for (const tool of after) write(`  lesson 04 ${tool.name}: ${lintTool(tool).join(" ") || "passes"}`);

    for (const [i, call] of CALLS.entries()) {
      const block: Anthropic.ToolUseBlock = { type: "tool_use", id: `toolu_${i}`, name: call.name, input: call.input, caller: { type: "direct" } };
      write(`\n→ ${call.name} ${JSON.stringify(call.input)}`);
      write(`  lesson 03: ${show(await runTool(before, block))}`);
      write(`  lesson 04: ${show(await dispatch(block, after))}`);
    }
  } finally {
    await fs.rm(workspace, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith("compare.ts")) await compare();

// The terminal shows each tool call because the transcript watches the HTTP traffic. A web page or a
// chat app sees none of that, so the channel is told about each call as it runs: the same tools,
// each wrapped so that running it also reports "→ name {input}" and "← result".

import type { ToolWithEffect } from "../07-approval-gates/gated-executor.ts";
import { messages } from "../../shared/i18n/messages.ts";

const SHOWN = 300;

export function shorten(text: string, max = SHOWN): string {
  return text.length > max ? `${text.slice(0, max)}… (${text.length - max} more characters)` : text;
}

export function withToolLines(tools: ToolWithEffect[], report: (line: string) => void): ToolWithEffect[] {
  return tools.map((tool) => ({
    ...tool,
    async run(input: Record<string, unknown>) {
      report(`→ ${tool.name} ${shorten(JSON.stringify(input))}`);
      try {
        const output = await tool.run(input);
        report(`← ${shorten(output)}`);
        return output;
      } catch (error) {
        report(messages().channels.toolError(shorten(error instanceof Error ? error.message : String(error))));
        throw error;
      }
    },
  }));
}

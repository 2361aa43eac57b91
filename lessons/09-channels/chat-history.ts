// What a browser tab shows when it is reloaded: its session so far, read back from the session file
// lesson 08 writes. The words, a line for each tool call and its result ("→ name {input}", "← result",
// as the page showed them while the turn ran), and the cost note of each turn (channel-runner.ts
// writes it into the session as a note line). A call the gate refused shows as its call and the
// refusal, in place of the approval card that asked.

import { readFile } from "node:fs/promises";
import type Anthropic from "@anthropic-ai/sdk";
import type { SessionLine } from "../08-assistant/sessions.ts";
import { messages } from "../../shared/i18n/messages.ts";
import { shorten } from "./tool-lines.ts";

export interface ShownMessage {
  role: "user" | "assistant" | "tool" | "note";
  text: string;
}

export async function chatHistory(file: string): Promise<ShownMessage[]> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const shown: ShownMessage[] = [];
  const show = (role: ShownMessage["role"], words: string) => {
    if (words.trim() === "") return;
    const last = shown.at(-1);
    // Two answers in a row (words before a tool call, then after it, with nothing shown between).
    if (role === "assistant" && last?.role === "assistant") last.text += `\n\n${words}`;
    else shown.push({ role, text: words });
  };
  for (const raw of text.replace(/^\uFEFF/, "").split("\n")) {
    const line = parse(raw);
    if (!line) continue; // a torn or damaged line: lesson 08 skips it too
    if (line.type === "note") show("note", String(line.text));
    else if (line.type === "tool_result") show("tool", resultLine(line.result));
    else {
      const role = line.message.role === "assistant" ? "assistant" : "user";
      if (typeof line.message.content === "string") show(role, line.message.content);
      else
        for (const block of line.message.content) {
          if (block.type === "text") show(role, block.text);
          else if (block.type === "tool_use") show("tool", `→ ${block.name} ${shorten(JSON.stringify(block.input))}`);
          else if (block.type === "tool_result") show("tool", resultLine(block));
        }
    }
  }
  return shown;
}

function parse(raw: string): SessionLine | undefined {
  if (raw.trim() === "") return undefined;
  try {
    const line = JSON.parse(raw) as Partial<SessionLine> | null;
    if (line?.type === "note" && typeof line.text === "string") return line as SessionLine;
    if (line?.type === "tool_result" && typeof line.result === "object" && line.result !== null) return line as SessionLine;
    if (line?.type === "message" && (line.message?.role === "user" || line.message?.role === "assistant")) {
      const content = line.message.content as unknown;
      if (typeof content === "string" || (Array.isArray(content) && content.every((b) => typeof b === "object" && b !== null))) return line as SessionLine;
    }
  } catch {
    // not JSON
  }
  return undefined;
}

function resultLine(result: Anthropic.ToolResultBlockParam): string {
  const content = result.content;
  const text =
    typeof content === "string" ? content : Array.isArray(content) ? content.map((b) => (b.type === "text" ? b.text : `[${b.type}]`)).join("") : "";
  return result.is_error ? messages().channels.toolError(shorten(text)) : `← ${shorten(text)}`;
}

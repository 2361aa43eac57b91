// What a browser tab shows when it is reloaded: the words of its session so far, read back from the
// session file lesson 08 writes. Tool calls and results stay in the file; the page shows the talk.

import { existsSync } from "node:fs";
import { loadSession } from "../08-assistant/sessions.ts";

export interface ShownMessage {
  role: "user" | "assistant";
  text: string;
}

export async function chatHistory(file: string): Promise<ShownMessage[]> {
  if (!existsSync(file)) return [];
  const { messages } = await loadSession(file);
  const shown: ShownMessage[] = [];
  for (const message of messages) {
    const text =
      typeof message.content === "string"
        ? message.content
        : message.content.flatMap((block) => (block.type === "text" ? [block.text] : [])).join("");
    if (text.trim() !== "" && (message.role === "user" || message.role === "assistant")) shown.push({ role: message.role, text });
  }
  return shown;
}

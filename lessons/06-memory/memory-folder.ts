// Where the agent's memory lives: a folder of plain Markdown files that a person can open, read and
// fix by hand. The agent reads all of them at the start of every run and changes them through tools.

import { existsSync } from "node:fs";
import path from "node:path";
import { nodeFiles, writeFileAtomic, type FileOps } from "./atomic-write.ts";

// Relative to the repo root (where npm runs the lesson). Set MEMORY_DIR to keep memory elsewhere.
export const DEFAULT_MEMORY_DIR = "workspace/memory";

export interface MemoryFile {
  name: string;
  // What the file holds, as the model is told.
  holds: string;
  // Which end survives when the file is over the size cap. MEMORY.md grows at the bottom, so its
  // newest facts are at the end; SOUL.md and USER.md put the important lines first.
  keep: "start" | "end";
}

export const MEMORY_FILES: MemoryFile[] = [
  { name: "SOUL.md", holds: "who you are and how you talk", keep: "start" },
  { name: "USER.md", holds: "the user's standing preferences, one `- key: value` line each", keep: "start" },
  { name: "MEMORY.md", holds: "facts the user asked you to remember, oldest first, one dated bullet each", keep: "end" },
];

export const MEMORY_HEADER =
  "# Memory\n\n" +
  "Facts the user asked the agent to remember, one bullet each with the date it was saved.\n" +
  "The agent adds them with `remember` and removes them with `forget`. You can edit them by hand.\n\n";

export const USER_HEADER =
  "# User\n\n" +
  "The user's standing preferences, one `- key: value` line each.\n" +
  "The agent changes them with `set_preference`. You can edit them by hand.\n\n";

// What a new memory folder starts with. Nothing here states a preference: the agent learns those.
export const STARTER_FILES: Record<string, string> = {
  "SOUL.md":
    "# Soul\n\n" +
    "Who the agent is and how it talks. The agent reads this file at the start of every run; edit it to change its manner.\n\n" +
    "- You are a brief, friendly assistant for money questions: exchange rates, sums and short reports.\n" +
    "- Answer in the language the user writes in.\n" +
    "- Say plainly when a figure comes from a demo rate rather than the market.\n",
  "USER.md": USER_HEADER,
  "MEMORY.md": MEMORY_HEADER,
};

export function resolveMemoryDir(dir?: string): string {
  return path.resolve(process.cwd(), dir ?? (process.env.MEMORY_DIR?.trim() || DEFAULT_MEMORY_DIR));
}

// On the first run the folder does not exist: create it with starter files, so the learner has
// something to open and edit. Later runs leave every file alone, even one the person deleted on purpose.
export async function createStarterFiles(dir: string, files: FileOps = nodeFiles): Promise<string[]> {
  if (existsSync(dir)) return [];
  await files.mkdir(dir);
  const created: string[] = [];
  for (const [name, text] of Object.entries(STARTER_FILES)) {
    await writeFileAtomic(path.join(dir, name), text, files);
    created.push(name);
  }
  return created;
}

// remember: the tool that writes a fact to MEMORY.md, so the next conversation starts knowing it.

import path from "node:path";
import type { SafeTool } from "../05-parallel-and-safe/executor.ts";
import { nodeFiles, readIfExists, writeFileAtomic } from "./atomic-write.ts";
import { withFileLock } from "./file-lock.ts";
import { bulletFor, cleanFact, factOf, normalizeFact, todayIso, type WriteOptions } from "./memory-facts.ts";
import { MEMORY_HEADER } from "./memory-folder.ts";
import { refuseSecret } from "./secrets.ts";

export async function remember(dir: string, fact: unknown, options: WriteOptions = {}): Promise<string> {
  const files = options.files ?? nodeFiles;
  const text = cleanFact(fact);
  refuseSecret(text, "fact");
  const file = path.join(dir, "MEMORY.md");
  await files.mkdir(dir);
  // Read, add, write, with nobody else writing in between (file-lock.ts): ten facts remembered at
  // once must all be kept, not just the one written last.
  return withFileLock(
    file,
    async () => {
      const old = await readIfExists(file, files);
      return addFact(file, old, text, options);
    },
    options.lock,
  );
}

async function addFact(file: string, old: string, text: string, options: WriteOptions): Promise<string> {
  const files = options.files ?? nodeFiles;

  // Saying the same thing twice must not grow the file (it is loaded into every request).
  const wanted = normalizeFact(text);
  for (const line of old.split("\n")) {
    const known = factOf(line);
    if (known && normalizeFact(known.text) === wanted) {
      const since = known.date ? `, saved ${known.date}` : "";
      return `Already known (MEMORY.md${since}): "${known.text}". Nothing was added.`;
    }
  }

  const start = old === "" ? MEMORY_HEADER : old.endsWith("\n") ? old : `${old}\n`;
  await writeFileAtomic(file, `${start}${bulletFor(text, (options.today ?? todayIso)())}\n`, files);
  return `Saved to MEMORY.md: "${text}". It will be in your memory at the start of every future conversation.`;
}

export function createRememberTool(dir: string, options: WriteOptions = {}): SafeTool<{ fact: string }> {
  return {
    name: "remember",
    description:
      "Save one fact to your long-term memory (the file MEMORY.md), so that future conversations start knowing it. " +
      "Use it when the user asks you to remember something (\"Remember that ...\"), or tells you something about " +
      "themselves that will matter later. Write the fact as one short sentence in the third person, e.g. " +
      "\"The user's name is Alex\" or \"The user lives in Lisbon\". Returns whether it was saved or was already known " +
      "(the same fact is never stored twice). When the user changes a named setting (\"call me Alex\", \"answer in " +
      "Russian from now on\"), use set_preference instead, so the new value replaces the old one. " +
      "Never store passwords, keys or other secrets.",
    input_schema: {
      type: "object",
      properties: {
        fact: {
          type: "string",
          description: "The fact, one sentence in the third person, at most 300 characters.",
          maxLength: 300,
        },
      },
      required: ["fact"],
    },
    // It changes a file, and two writes at once could each miss the other's fact: one at a time.
    readOnly: false,
    concurrencySafe: false,
    run: (input) => remember(dir, input.fact, options),
  };
}

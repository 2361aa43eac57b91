// forget: removes a fact from MEMORY.md. People change their minds, and a wrong memory is worse than none.

import path from "node:path";
import type { SafeTool } from "../05-parallel-and-safe/executor.ts";
import { nodeFiles, readIfExists, writeFileAtomic } from "./atomic-write.ts";
import { withFileLock } from "./file-lock.ts";
import { factOf, normalizeFact, type WriteOptions } from "./memory-facts.ts";

const LISTED = 10;

export async function forget(dir: string, fact: unknown, options: WriteOptions = {}): Promise<string> {
  const files = options.files ?? nodeFiles;
  const wanted = normalizeFact(String(fact ?? ""));
  if (wanted === "") throw new Error("fact is empty. Send the text of the fact to forget, or a distinctive part of it.");

  const file = path.join(dir, "MEMORY.md");
  await files.mkdir(dir);
  // One writer at a time (file-lock.ts), or a fact remembered meanwhile is lost when this writes back.
  return withFileLock(file, () => removeFact(file, fact, wanted, options), options.lock);
}

async function removeFact(file: string, fact: unknown, wanted: string, options: WriteOptions): Promise<string> {
  const files = options.files ?? nodeFiles;
  const lines = (await readIfExists(file, files)).split("\n");
  const facts = lines.flatMap((line, index) => {
    const parsed = factOf(line);
    return parsed ? [{ index, text: parsed.text, normalized: normalizeFact(parsed.text) }] : [];
  });

  // The exact fact first; failing that, the facts that contain what was asked for.
  let matches = facts.filter((f) => f.normalized === wanted);
  if (matches.length === 0) matches = facts.filter((f) => f.normalized.includes(wanted));

  if (matches.length === 0) {
    const known = facts.length === 0 ? "MEMORY.md holds no facts." : `It holds: ${quoteList(facts.map((f) => f.text))}.`;
    return `Nothing in MEMORY.md matches "${String(fact).trim()}", so nothing was removed. ${known}`;
  }
  // Several different facts match: removing them all could throw away something the user wants kept.
  const distinct = new Set(matches.map((f) => f.normalized));
  if (distinct.size > 1) {
    throw new Error(
      `"${String(fact).trim()}" matches ${distinct.size} different facts: ${quoteList(matches.map((f) => f.text))}. ` +
        "Nothing was removed. Call forget again with the full text of the one to remove, or ask the user which.",
    );
  }

  const removed = new Set(matches.map((f) => f.index));
  await writeFileAtomic(file, lines.filter((_, index) => !removed.has(index)).join("\n"), files);
  return `Removed from MEMORY.md: "${matches[0]?.text}".`;
}

function quoteList(texts: string[]): string {
  const shown = texts.slice(0, LISTED).map((t) => `"${t}"`).join(", ");
  return texts.length > LISTED ? `${shown} and ${texts.length - LISTED} more` : shown;
}

export function createForgetTool(dir: string, options: WriteOptions = {}): SafeTool<{ fact: string }> {
  return {
    name: "forget",
    description:
      "Remove a fact from your long-term memory (MEMORY.md). Use it when the user asks you to forget something or " +
      "says a remembered fact is wrong or out of date. Send the fact's text as it appears in your memory, or a " +
      "distinctive part of it. Returns the fact it removed, or says that nothing matched (then nothing changed). " +
      "If the text matches several different facts it removes none and lists them, so you can pick one. " +
      "It does not touch USER.md: to change a preference, use set_preference.",
    input_schema: {
      type: "object",
      properties: {
        fact: { type: "string", description: "The fact to remove, exactly as in memory or a distinctive part of it." },
      },
      required: ["fact"],
    },
    readOnly: false,
    concurrencySafe: false,
    run: (input) => forget(dir, input.fact, options),
  };
}

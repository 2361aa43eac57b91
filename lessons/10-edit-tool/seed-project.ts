// The small project the agent edits: workspace/project/, created on the first run with three files.
// Later runs leave it alone (your edits and the agent's stay). Delete the folder to start over.
// The files are written from the strings below, not copied from this folder: lessons are bundled
// before they run, so this file's own location is not known at run time.

import { existsSync } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { writeFileAtomic } from "../06-memory/atomic-write.ts";

export const SEED_FILES: Record<string, string> = {
  "src/math.ts": [
    "// Small helpers for the shop's receipts.",
    "",
    "export function total(prices: number[]): number {",
    "  let result = 0;",
    "  for (const price of prices) {",
    "    result += price;",
    "  }",
    "  return result;",
    "}",
    "",
    "export function average(prices: number[]): number {",
    "  if (prices.length === 0) return 0;",
    "  return total(prices) / prices.length;",
    "}",
    "",
  ].join("\n"),
  "README.md": [
    "# Receipts",
    "",
    "Helpers that add up a shop's receipts (src/math.ts).",
    "",
    "## Status",
    "",
    "- [x] total and average",
    "- [ ] TODO: round to cents",
    "",
  ].join("\n"),
  "config.json": ['{', '  "currency": "USD",', '  "debug": false', '}', ""].join("\n"),
};

// Returns the files it created (none when the folder was already there).
export async function seedProject(projectDir: string): Promise<string[]> {
  if (existsSync(projectDir)) return [];
  const created: string[] = [];
  for (const [name, text] of Object.entries(SEED_FILES)) {
    const file = path.join(projectDir, name);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await writeFileAtomic(file, text);
    created.push(name);
  }
  return created;
}

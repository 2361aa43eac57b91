// The fake API's parts for lesson 12 (tool search, deferred tools, prompt cache accounting) are loaded
// only for a request that uses them: no module a lesson loads at start-up imports them statically, so
// the offline model starts as fast as before. Checked by walking the static imports from the client.

import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const LAZY = ["shared/fake-api/tool-search.ts", "shared/fake-api/deferred-tools.ts", "shared/fake-api/prompt-cache.ts", "shared/offline/tool-search-turn.ts"];

// The files a module imports statically (not `import type`, not `import()`), and the packages.
function staticImports(file: string): { files: string[]; packages: string[] } {
  const source = readFileSync(path.join(ROOT, file), "utf8");
  const files: string[] = [];
  const packages: string[] = [];
  for (const match of source.matchAll(/^(?:import|export)\s+(?!type\b)[^;]*?\sfrom\s+"([^"]+)"|^import\s+"([^"]+)"/gms)) {
    const spec = match[1] ?? match[2]!;
    if (spec.startsWith(".")) files.push(path.relative(ROOT, path.resolve(path.dirname(path.join(ROOT, file)), spec)));
    else packages.push(spec);
  }
  return { files, packages };
}

function reachable(start: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (files.has(file) || !file.endsWith(".ts")) continue;
    files.add(file);
    const found = staticImports(file);
    found.packages.forEach((p) => packages.add(p));
    queue.push(...found.files);
  }
  return { files, packages };
}

describe("lesson 12's parts of the fake API load on first use", () => {
  it("are not among the client's static imports, and neither is re2js", () => {
    const { files, packages } = reachable("shared/client.ts");
    expect(files.has("shared/offline/offline-model.ts"), "the walk reaches the offline model").toBe(true);
    expect(LAZY.filter((file) => files.has(file))).toEqual([]);
    expect([...packages].filter((p) => p.startsWith("re2js"))).toEqual([]);
  });
});

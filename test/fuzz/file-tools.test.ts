// Fuzz: whatever relative path the model sends, a file tool writes inside its workspace or nowhere,
// reads only from inside it, and leaves no temporary file behind. Seeded and bounded, so a failure
// is reproducible and the run takes seconds.

import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveToFile } from "../../lessons/03-saving-files/save-to-file.ts";
import { readWorkspaceFile } from "../../lessons/07-approval-gates/read-file.ts";

const RUNS = { seed: 42, numRuns: 150 };

let base = "";
let ws = "";
// Places a write must never reach: a sibling whose name starts with the workspace's, and one beside it.
let sibling = "";
let outside = "";

beforeAll(async () => {
  base = await fs.mkdtemp(path.join(os.tmpdir(), "fuzz-files-"));
  ws = path.join(base, "workspace");
  sibling = path.join(base, "workspace-evil");
  outside = path.join(base, "outside");
  for (const dir of [ws, sibling, outside]) await fs.mkdir(dir);
  await fs.writeFile(path.join(outside, "secret.txt"), "SECRET-OUTSIDE");
  await fs.writeFile(path.join(sibling, "secret.txt"), "SECRET-SIBLING");
  // Planted links: out of the workspace, to its sibling, and one harmless link inside.
  await fs.symlink(outside, path.join(ws, "out"));
  await fs.symlink(sibling, path.join(ws, "sib"));
  await fs.symlink(path.join(base, "workspace-evil", "secret.txt"), path.join(ws, "leak.txt"));
  await fs.mkdir(path.join(ws, "inside"));
  await fs.symlink(path.join(ws, "inside"), path.join(ws, "in"));
});
afterAll(async () => {
  await fs.rm(base, { recursive: true, force: true });
});

// Path parts an attacker would try: climbing, current folder, separators of other systems, look-alike
// dots and slashes, the sibling's name, the planted links, spaces and dots at the ends, Cyrillic.
const part = fc.oneof(
  fc.constantFrom("..", ".", "", "...", "out", "sib", "in", "leak.txt", "workspace-evil", "../workspace-evil", "workspace"),
  fc.constantFrom("\\", "..\\..", "C:", "/", "//", "․․", "．．", "‥", "∕", "⁄", "%2e%2e", "x.env ", "a.", " b"),
  fc.constantFrom("report.txt", "отчёт.txt", "📄.md", "a", "b.txt", "deep"),
);
const relativePath = fc.array(part, { minLength: 1, maxLength: 6 }).map((parts) => parts.join("/"));

async function allFiles(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    found.push(full);
    if (entry.isDirectory()) found.push(...(await allFiles(full)));
  }
  return found;
}

describe("fuzz: save_to_file stays in its workspace", () => {
  it("writes inside the workspace or nowhere, and leaves no temporary file", async () => {
    const realWs = await fs.realpath(ws);
    let saves = 0;
    await fc.assert(
      fc.asyncProperty(relativePath, fc.boolean(), async (name, absolute) => {
        const filename = absolute ? `/${name}` : name;
        const before = new Set(await allFiles(base));
        let saved: { path: string } | undefined;
        try {
          saved = await saveToFile(ws, filename, "fuzz");
        } catch {
          // A refusal is fine; what it must not do is write somewhere.
        }
        const after = await allFiles(base);
        const added = after.filter((file) => !before.has(file));
        for (const file of added) {
          expect(isInside(realWs, await fs.realpath(file)), `${JSON.stringify(filename)} created ${file}`).toBe(true);
        }
        expect(after.filter((file) => file.endsWith(".tmp")), "a temporary file was left behind").toEqual([]);
        expect(await fs.readFile(path.join(outside, "secret.txt"), "utf8")).toBe("SECRET-OUTSIDE");
        expect(await fs.readFile(path.join(sibling, "secret.txt"), "utf8")).toBe("SECRET-SIBLING");
        expect((await fs.readdir(outside)).sort()).toEqual(["secret.txt"]);
        expect((await fs.readdir(sibling)).sort()).toEqual(["secret.txt"]);
        if (saved) {
          saves++;
          const real = await fs.realpath(path.join(ws, saved.path));
          expect(isInside(realWs, real)).toBe(true);
          expect(await fs.readFile(real, "utf8")).toBe("fuzz");
        }
      }),
      RUNS,
    );
    expect(saves, "no generated name was ever saved: the property above proved nothing").toBeGreaterThan(10);
  });
});

describe("fuzz: read_file reads only inside its workspace", () => {
  it("never returns a secret from outside, whatever the name", async () => {
    await fc.assert(
      fc.asyncProperty(relativePath, async (name) => {
        const text = await readWorkspaceFile(ws, name).catch((error: Error) => error.message);
        expect(text).not.toContain("SECRET-OUTSIDE");
        expect(text).not.toContain("SECRET-SIBLING");
      }),
      RUNS,
    );
  });
});

function isInside(root: string, candidate: string): boolean {
  const relative = path.relative(root, candidate);
  // ".../out" and "..notes.txt" are names inside; only ".." itself or "../..." is outside.
  return relative !== "" && relative !== ".." && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative);
}

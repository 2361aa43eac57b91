#!/usr/bin/env node
// Starts the course CLI (shared/cli/course.ts) quickly.
//
// Why this file exists: run through a TypeScript loader, every module the SDK and mathjs are made of
// passes through the loader one by one, and a lesson takes seconds to start. Bundled by esbuild into a
// few files, the same code starts in a fraction of that. So: bundle once into node_modules/.cache/,
// reuse the bundle while no source file has changed, rebuild (about a second) when one has.
// Plain JavaScript on purpose: it has to run before anything can compile TypeScript.

import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const root = process.cwd();
const entry = path.join(root, "shared", "cli", "course.ts");
const cacheRoot = path.join(root, "node_modules", ".cache", "course");
const outDir = path.join(cacheRoot, "bundle");
const stampFile = path.join(outDir, "stamp.json");

// What can make the bundle stale: the source files it was built from, the lesson folders (a new
// lesson adds a chunk), and the installed packages (package-lock.json changes with them).
function currentStamp(inputs) {
  const stamp = {};
  for (const file of [...inputs, "package-lock.json", "lessons"]) {
    try {
      const info = statSync(path.join(root, file));
      stamp[file] = `${info.mtimeMs}:${info.size}`;
    } catch {
      stamp[file] = "missing";
    }
  }
  for (const dir of safeList(path.join(root, "lessons"))) {
    try {
      stamp[`lessons/${dir}`] = String(statSync(path.join(root, "lessons", dir)).mtimeMs);
    } catch {
      // a folder removed while we looked
    }
  }
  return stamp;
}

function safeList(dir) {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

function isFresh() {
  if (!existsSync(stampFile)) return false;
  try {
    const saved = JSON.parse(readFileSync(stampFile, "utf8"));
    const now = currentStamp(saved.inputs);
    return JSON.stringify(now) === JSON.stringify(saved.stamp);
  } catch {
    return false;
  }
}

async function rebuild() {
  const { build } = await import("esbuild");
  const tmpDir = `${outDir}-${process.pid}`;
  rmSync(tmpDir, { recursive: true, force: true });
  const result = await build({
    entryPoints: { course: entry },
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    outdir: tmpDir,
    sourcemap: "linked",
    metafile: true,
    logLevel: "error",
    // Test tooling stays out of the bundle: check and test start it as a separate process.
    external: ["vitest", "vitest/*", "vite", "esbuild", "typescript"],
    // Some packages still call require(); give the ESM bundle one.
    banner: { js: "import { createRequire as __courseRequire } from 'node:module'; const require = __courseRequire(import.meta.url);" },
  });
  const inputs = Object.keys(result.metafile.inputs).filter((file) => !file.includes("node_modules"));
  writeFileSync(path.join(tmpDir, "stamp.json"), JSON.stringify({ inputs, stamp: currentStamp(inputs) }));
  // Swap the whole folder at once, so a run never sees half of an old bundle and half of a new one.
  mkdirSync(cacheRoot, { recursive: true });
  rmSync(outDir, { recursive: true, force: true });
  try {
    renameSync(tmpDir, outDir);
    return outDir;
  } catch {
    return tmpDir; // another process swapped first: use our own copy
  }
}

let dir;
try {
  dir = isFresh() ? outDir : await rebuild();
} catch {
  // esbuild has already printed each error with its file and line.
  console.error("\nThe course's TypeScript failed to build (see above). Fix that file, or run `npx tsc --noEmit` for details.");
  process.exit(1);
}
// Stack traces point at the .ts files, not the bundle.
process.setSourceMapsEnabled(true);
const { main } = await import(pathToFileURL(path.join(dir, "course.js")).href);
process.exitCode = await main(process.argv.slice(2));

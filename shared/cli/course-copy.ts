// A throw-away copy of the course in a temporary folder, for anything that must run the course's
// commands without touching the learner's own folders (workspace/, exercises/, .course/): npm test
// runs every lesson in one, the watch tests save files in one, npm run bench times saves in one.
// The course's files are copied (they are small); node_modules gets one link per package, so nothing
// is installed twice, while its .cache (the CLI's bundle, vitest's cache) stays the copy's own.

import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";

// The learner's and the machine's own things never travel into a copy.
const LEFT_OUT = new Set(["node_modules", ".git", "workspace", ".course", ".env", ".cache", ".stryker-tmp", "reports"]);

export interface CourseCopy {
  root: string;
  remove(): void;
}

export function copyCourse(from = process.cwd(), prefix = "course-copy-"): CourseCopy {
  const root = mkdtempSync(path.join(os.tmpdir(), prefix));
  for (const entry of readdirSync(from)) {
    if (LEFT_OUT.has(entry)) continue;
    cpSync(path.join(from, entry), path.join(root, entry), { recursive: true, preserveTimestamps: true });
  }
  const modules = path.join(from, "node_modules");
  mkdirSync(path.join(root, "node_modules"));
  for (const entry of safeList(modules)) {
    if (entry === ".cache" || entry === ".vite" || entry === ".vitest") continue;
    const target = path.join(modules, entry);
    // "junction" lets Windows link a folder without admin rights; elsewhere the type is ignored.
    symlinkSync(target, path.join(root, "node_modules", entry), statSync(target).isDirectory() ? "junction" : "file");
  }
  return { root, remove: () => rmSync(root, { recursive: true, force: true }) };
}

function safeList(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

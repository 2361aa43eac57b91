// A throw-away copy of the course in a temporary folder, for anything that must run the course's
// commands without touching the learner's own folders (workspace/, exercises/, .course/): npm test
// runs every lesson in one, the watch tests save files in one, npm run bench times saves in one.
// The course's files are copied (they are small); node_modules gets one link per package, so nothing
// is installed twice, while its .cache (the CLI's bundle, vitest's cache) stays the copy's own.
// The copy starts with its own copy of the CLI's bundle (not a link: the copy must never write into
// the original's cache), so its first command skips a rebuild of a second or two. That is safe
// because launch.mjs reuses a bundle only while its files have the content it was built from: a copy
// whose files differ rebuilds its own.
// exercises/ in a copy holds the starters as shipped (shared/starters/), not the learner's answers:
// what runs in a copy (the lessons npm test runs, the workbench's tests) must see the untouched
// exercises. test/wrong-answers/ stays behind: it is npm test's own data, read only in the original,
// and nearly half of the course's files.

import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { listUnits } from "./course-files.ts";
import { shippedStarter } from "./starters.ts";
import { RUN_DIR_PREFIX, WRONG_ANSWERS_DIR } from "./wrong-answers.ts";

// The learner's and the machine's own things never travel into a copy.
const LEFT_OUT = new Set(["node_modules", ".git", "workspace", ".course", ".env", ".cache", ".stryker-tmp", "reports"]);

export interface CourseCopy {
  root: string;
  remove(): void;
}

export function copyCourse(from = process.cwd(), prefix = "course-copy-"): CourseCopy {
  const root = mkdtempSync(path.join(os.tmpdir(), prefix));
  for (const entry of readdirSync(from)) {
    // npm test's wrong-answer proofs keep their scratch folder in the course while they run.
    if (LEFT_OUT.has(entry) || entry.startsWith(RUN_DIR_PREFIX)) continue;
    cpSync(path.join(from, entry), path.join(root, entry), { recursive: true, preserveTimestamps: true, filter: (source) => path.relative(from, source) !== WRONG_ANSWERS_DIR });
  }
  const modules = path.join(from, "node_modules");
  mkdirSync(path.join(root, "node_modules"));
  for (const entry of safeList(modules)) {
    // Caches and vite's temporary files (.vite-temp, where each vitest run writes its bundled config)
    // are written to: the copy gets folders of its own, never links into the original's.
    if (entry === ".cache" || entry === ".vite" || entry === ".vite-temp" || entry === ".vitest") continue;
    const target = path.join(modules, entry);
    // "junction" lets Windows link a folder without admin rights; elsewhere the type is ignored.
    symlinkSync(target, path.join(root, "node_modules", entry), statSync(target).isDirectory() ? "junction" : "file");
  }
  for (const exercise of listUnits("exercises", from)) {
    for (const [name, text] of shippedStarter(exercise, from)) writeFileSync(path.join(root, "exercises", exercise.id, name), text);
  }
  copyBundle(from, root);
  return { root, remove: () => rmSync(root, { recursive: true, force: true }) };
}

// launch.mjs's bundle, if the original has one. If copying fails (say, the original swaps in a new
// bundle at that moment) the copy goes without; one that got only part of a bundle is caught by the
// launcher, which checks that every file its stamp lists is there.
function copyBundle(from: string, to: string): void {
  const bundle = path.join("node_modules", ".cache", "course", "bundle");
  if (!existsSync(path.join(from, bundle, "stamp.json"))) return;
  try {
    cpSync(path.join(from, bundle), path.join(to, bundle), { recursive: true });
  } catch {
    rmSync(path.join(to, bundle), { recursive: true, force: true });
  }
}

function safeList(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

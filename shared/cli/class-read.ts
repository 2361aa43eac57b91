// Reads a teacher's folder of learners for `npm run class -- report <folder>`. Each entry is one
// learner:
//   - a file NAME.json: what `npm run progress -- --json` printed (downloaded from CI, or handed in);
//   - a folder NAME/: the learner's clone (or an unpacked CI artifact) holding progress.json, as
//     `npm run progress -- --json progress.json` writes it (.github/workflows/course.yml does).
// Every file is checked against docs/progress.schema.json: one that does not match, or a folder with
// no progress.json, is listed with the reason, never guessed at. Nothing in a learner's file is code.

import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import type { ProgressReport } from "./progress-data.ts";
import { checkProgress } from "./progress-schema.ts";

export const CLONE_PROGRESS_FILE = "progress.json";

export interface LearnerEntry {
  name: string; // the file's name without .json, or the folder's name
  report: ProgressReport;
}

export interface SkippedEntry {
  name: string;
  reason: "no-progress-file" | "not-json" | "not-progress";
  detail: string; // for not-progress: which field is wrong
}

export interface ClassFolder {
  learners: LearnerEntry[];
  skipped: SkippedEntry[];
}

export function readClassFolder(folder: string, root = process.cwd()): ClassFolder {
  const learners: LearnerEntry[] = [];
  const skipped: SkippedEntry[] = [];
  const names = readdirSync(folder).filter((name) => !name.startsWith(".")).sort();
  for (const entry of names) {
    const full = path.join(folder, entry);
    let file: string;
    let name: string;
    if (isDirectory(full)) {
      name = entry;
      file = path.join(full, CLONE_PROGRESS_FILE);
    } else if (entry.endsWith(".json")) {
      name = entry.slice(0, -".json".length);
      file = full;
    } else {
      continue; // a README, a roster.csv: not a learner
    }
    let text: string;
    try {
      text = readFileSync(file, "utf8");
    } catch {
      skipped.push({ name, reason: "no-progress-file", detail: "" });
      continue;
    }
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      skipped.push({ name, reason: "not-json", detail: "" });
      continue;
    }
    const checked = checkProgress(data, root);
    if ("error" in checked) skipped.push({ name, reason: "not-progress", detail: checked.error });
    else learners.push({ name, report: checked.report });
  }
  return { learners, skipped };
}

function isDirectory(entry: string): boolean {
  try {
    return statSync(entry).isDirectory();
  } catch {
    return false;
  }
}

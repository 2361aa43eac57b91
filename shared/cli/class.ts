// npm run class -- report <folder> [--csv file] [--md file]: for a teacher, the class's progress in one
// table, from a folder of learners' `progress --json` files or clones (class-read.ts says which).
// Prints the Markdown report; --md writes it to a file instead, --csv writes one row per learner and
// exercise. docs/TEACHING.md says how a class runs on the course.

import { existsSync, statSync } from "node:fs";
import chalk from "chalk";
import { readClassFolder } from "./class-read.ts";
import { classCsv, classMarkdown, summarizeClass } from "./class-report.ts";
import { writeWhole } from "./write-whole.ts";
import { messages } from "../i18n/messages.ts";

interface ReportArgs {
  folder: string;
  csv?: string;
  md?: string;
}

export function parseClassArgs(args: string[]): ReportArgs | { error: string } {
  const m = messages().classReport;
  const [sub, ...rest] = args;
  if (sub !== "report") return { error: m.usage };
  const parsed: Partial<ReportArgs> = {};
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    const [flag, inline] = arg.startsWith("--") && arg.includes("=") ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)] : [arg, undefined];
    if (flag === "--csv" || flag === "--md") {
      const file = inline ?? (rest[i + 1] !== undefined && !rest[i + 1]!.startsWith("--") ? rest[++i] : undefined);
      if (!file) return { error: m.needsFile(flag) };
      parsed[flag === "--csv" ? "csv" : "md"] = file;
    } else if (arg.startsWith("--") || parsed.folder !== undefined) {
      return { error: m.unknownArgument(arg) };
    } else {
      parsed.folder = arg;
    }
  }
  if (parsed.folder === undefined) return { error: m.usage };
  return parsed as ReportArgs;
}

export async function classCommand(args: string[]): Promise<number> {
  const m = messages().classReport;
  const parsed = parseClassArgs(args);
  if ("error" in parsed) {
    console.error(chalk.red(parsed.error));
    return 2;
  }
  if (!existsSync(parsed.folder) || !statSync(parsed.folder).isDirectory()) {
    console.error(chalk.red(m.noFolder(parsed.folder)));
    return 2;
  }
  const folder = readClassFolder(parsed.folder);
  const markdown = classMarkdown(summarizeClass(folder), folder, m);
  if (parsed.md) writeWhole(parsed.md, markdown);
  else process.stdout.write(markdown);
  if (parsed.csv) writeWhole(parsed.csv, classCsv(folder));
  for (const file of [parsed.md, parsed.csv]) if (file) console.error(chalk.dim(m.wrote(file)));
  return folder.learners.length > 0 ? 0 : 1;
}

// Runs vitest as a child process and reads its JSON report, so the course's commands can say in one
// line what passed, what failed and what to fix next.

import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

export interface TestOutcome {
  file: string; // relative to the repo root
  title: string; // "describe > it"
  passed: boolean;
  message: string; // first lines of the failure message
}

export interface VitestRun {
  exitCode: number;
  tests: TestOutcome[];
  // Test files that failed to load at all (a syntax error, a missing export): no test in them ran.
  brokenFiles: Array<{ file: string; message: string }>;
  // How long each test file took, from its start to its end (files run side by side): npm test
  // prints the slowest, so whoever works on its speed knows where the time goes.
  fileSeconds: Array<{ file: string; seconds: number }>;
}

interface JsonReport {
  testResults?: Array<{
    name: string;
    status: string;
    startTime?: number;
    endTime?: number;
    message?: string;
    assertionResults?: Array<{ ancestorTitles?: string[]; title: string; status: string; failureMessages?: string[] }>;
  }>;
}

// The course's own runs (npm test) use one worker more than the machine has cores: many tests spend
// their time waiting for a child process (a lesson, the CLI, an MCP server), not computing. Vitest's
// own default is one less than the cores, which on a 2-core machine means one file at a time.
export function workers(): number {
  return os.availableParallelism() + 1;
}

export async function runVitest(files: string[], options: { target: "exercises" | "solutions"; workers?: number }): Promise<VitestRun> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "course-vitest-"));
  const report = path.join(dir, "report.json");
  const vitest = path.join(process.cwd(), "node_modules", "vitest", "vitest.mjs");
  const args = [vitest, "run", ...files, "--reporter=default", "--reporter=json", `--outputFile.json=${report}`];
  if (options.workers) args.push(`--maxWorkers=${options.workers}`);
  const env: NodeJS.ProcessEnv = { ...process.env, COURSE_TARGET: options.target, FORCE_COLOR: process.stdout.isTTY ? "1" : "0" };
  delete env.ANTHROPIC_API_KEY; // tests never talk to the real API
  const exitCode = await new Promise<number>((resolve) => {
    const child = spawn(process.execPath, args, { env, stdio: ["ignore", "inherit", "inherit"] });
    child.on("close", (code) => resolve(code ?? 1));
  });
  let parsed: JsonReport = {};
  try {
    parsed = JSON.parse(readFileSync(report, "utf8")) as JsonReport;
  } catch {
    // no report: vitest itself failed to start; the exit code says so
  }
  rmSync(dir, { recursive: true, force: true });

  const tests: TestOutcome[] = [];
  const brokenFiles: VitestRun["brokenFiles"] = [];
  const fileSeconds: VitestRun["fileSeconds"] = [];
  for (const fileResult of parsed.testResults ?? []) {
    const file = path.relative(process.cwd(), fileResult.name);
    if (fileResult.startTime !== undefined && fileResult.endTime !== undefined) {
      fileSeconds.push({ file, seconds: (fileResult.endTime - fileResult.startTime) / 1000 });
    }
    const assertions = fileResult.assertionResults ?? [];
    if (assertions.length === 0 && fileResult.status === "failed") {
      brokenFiles.push({ file, message: firstLines(fileResult.message ?? "the file failed to load") });
    }
    for (const a of assertions) {
      if (a.status === "skipped" || a.status === "pending" || a.status === "todo") continue;
      tests.push({
        file,
        title: [...(a.ancestorTitles ?? []), a.title].join(" > "),
        passed: a.status === "passed",
        message: firstLines((a.failureMessages ?? []).join("\n")),
      });
    }
  }
  return { exitCode, tests, brokenFiles, fileSeconds };
}

function firstLines(text: string, count = 3): string {
  // eslint-disable-next-line no-control-regex
  const plain = text.replace(/\u001b\[[0-9;]*m/g, "");
  return plain.split("\n").filter((line) => line.trim() !== "" && !line.trim().startsWith("at ")).slice(0, count).join("\n");
}

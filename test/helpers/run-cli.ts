// Runs the course's commands the way a learner's terminal runs `npm run ...`: `node shared/cli/launch.mjs
// ...args` as a real process, with its output piped (no terminal). Used by the CLI tests, so each of them
// does not carry a slightly different copy of this.

import { spawn } from "node:child_process";
import { cpSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { copyCourse, type CourseCopy } from "../../shared/cli/course-copy.ts";

export interface CliResult {
  code: number | null; // null: killed (the timeout, or a signal)
  out: string; // stdout and stderr, interleaved as they arrived
  stdout: string;
}

export interface CliOptions {
  cwd?: string; // the course folder to run in; the repository by default
  env?: Record<string, string | undefined>; // on top of cliEnv(); undefined removes a variable
  stdin?: string; // what standard input holds; empty by default (never a terminal)
  timeoutMs?: number; // a guard against a hung command, not a speed check
}

// For a child process of a test, which never opens a TLS connection (tests use no network; their
// servers are plain HTTP on 127.0.0.1): the machine's environment without NODE_EXTRA_CA_CERTS. Where
// that is set (this machine points it at the system's 220 KB CA bundle), node parses the file as it
// starts, whether or not it ever connects: `node -e 0` takes about 70 ms of CPU with it, 20 without.
export function localChildEnv(env: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const result: NodeJS.ProcessEnv = { ...process.env };
  delete result.NODE_EXTRA_CA_CERTS;
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete result[name];
    else result[name] = value;
  }
  return result;
}

// The same, without colour and without the settings that would send a run to a real model: a test
// that wants a key, a server or a model gives them itself.
export function cliEnv(env: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  return localChildEnv({ FORCE_COLOR: "0", ANTHROPIC_API_KEY: undefined, ANTHROPIC_BASE_URL: undefined, ANTHROPIC_MODEL: undefined, ...env });
}

// Asynchronous, so that a server in the test's own process can answer the command.
export function runCli(args: readonly string[], options: CliOptions = {}): Promise<CliResult> {
  const timeoutMs = options.timeoutMs ?? 60_000;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["shared/cli/launch.mjs", ...args], { cwd: options.cwd, env: cliEnv(options.env), stdio: ["pipe", "pipe", "pipe"] });
    let out = "";
    let stdout = "";
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      stdout += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.stdin.on("error", () => undefined); // a command that exits before reading its input
    child.stdin.end(options.stdin ?? "");
    const timer = setTimeout(() => {
      out += `\n[the test killed \`npm run ${args.join(" ")}\` after ${timeoutMs / 1000} s without an exit]`;
      child.kill("SIGKILL");
    }, timeoutMs);
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, out, stdout });
    });
  });
}

// A throw-away copy of the course (shared/cli/course-copy.ts) whose first command starts at once.
//
// launch.mjs keeps its bundle in node_modules/.cache/course/bundle, stamped with the modification time
// and size of every source file it was built from. A copy gets new times, so its first command would
// bundle the whole course again: about 2.4 CPU-seconds, spent in esbuild's own process, where a test's
// CPU figure does not even see it. When the repository's bundle is up to date and every one of its
// source files is the same, byte for byte, in the copy, that bundle is what the copy would build:
// it is copied in, stamped with the copy's own times. Otherwise (a stale bundle, a changed file, a
// stamp launch.mjs no longer writes this way) nothing is copied, and the copy bundles for itself.
export function copyCourseWithBundle(prefix: string, from = process.cwd()): CourseCopy {
  const copy = copyCourse(from, prefix);
  try {
    seedBundle(from, copy.root);
  } catch {
    // The repository's bundle changed under us: the copy builds its own, as it always could.
  }
  return copy;
}

const bundleDir = (root: string) => path.join(root, "node_modules", ".cache", "course", "bundle");

interface Stamp {
  inputs: string[];
  stamp: Record<string, string>;
}

function seedBundle(from: string, to: string): void {
  const stampText = readFileSync(path.join(bundleDir(from), "stamp.json"), "utf8");
  const saved = JSON.parse(stampText) as Stamp;
  if (!Array.isArray(saved.inputs) || JSON.stringify(stampOf(from, saved.inputs)) !== JSON.stringify(saved.stamp)) return;
  for (const file of saved.inputs) {
    if (!readFileSync(path.join(from, file)).equals(readFileSync(path.join(to, file)))) return;
  }
  const temp = `${bundleDir(to)}-seed`;
  cpSync(bundleDir(from), temp, { recursive: true });
  // Rebuilt while we copied: not the bundle those inputs describe.
  if (readFileSync(path.join(temp, "stamp.json"), "utf8") !== stampText) {
    rmSync(temp, { recursive: true, force: true });
    return;
  }
  writeFileSync(path.join(temp, "stamp.json"), JSON.stringify({ inputs: saved.inputs, stamp: stampOf(to, saved.inputs) }));
  renameSync(temp, bundleDir(to));
}

// The same stamp as launch.mjs's currentStamp(): what can make a bundle stale.
function stampOf(root: string, inputs: string[]): Record<string, string> {
  const stamp: Record<string, string> = {};
  for (const file of [...inputs, "package-lock.json", "lessons"]) {
    try {
      const info = statSync(path.join(root, file));
      stamp[file] = `${info.mtimeMs}:${info.size}`;
    } catch {
      stamp[file] = "missing";
    }
  }
  for (const dir of readdirSync(path.join(root, "lessons"))) {
    stamp[`lessons/${dir}`] = String(statSync(path.join(root, "lessons", dir)).mtimeMs);
  }
  return stamp;
}

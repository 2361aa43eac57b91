// Runs the course's commands the way a learner's terminal runs `npm run ...`: `node shared/cli/launch.mjs
// ...args` as a real process, with its output piped (no terminal). Used by the CLI tests, so each of them
// does not carry a slightly different copy of this.

import { spawn } from "node:child_process";

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

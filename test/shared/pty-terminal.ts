// Runs a course command inside a real pseudo-terminal, so process.stdin.isTTY is true: util-linux
// `script -qec "<command>" /dev/null`, or Python's pty module where `script` is missing (the way
// test/lessons/07-approval-gates-pty.test.ts does it). The test reads the screen and presses keys.

import { spawn, spawnSync, type ChildProcess } from "node:child_process";

const hasScript = process.env.COURSE_PTY !== "python" && spawnSync("script", ["--version"], { stdio: "ignore" }).status === 0;
// Asked only when `script` is missing: starting python3 costs a tenth of a second or more (more through
// a version manager's shim), in every file that imports this one.
const hasPythonPty = !hasScript && spawnSync("python3", ["-c", "import pty"], { stdio: "ignore" }).status === 0;
export const canRunPty = (hasScript || hasPythonPty) && process.platform !== "win32";
export const ptyKind = hasScript ? "script" : "python3 pty";
export const noPtyReason = "needs util-linux `script` or python3 (pty module) for a pseudo-terminal; neither was found";

function quote(arg: string): string {
  return `'${arg.replaceAll("'", "'\\''")}'`;
}

function underPty(argv: string[]): { command: string; args: string[] } {
  if (hasScript) return { command: "script", args: ["-qec", argv.map(quote).join(" "), "/dev/null"] };
  return { command: "python3", args: ["-c", "import os, pty, sys; sys.exit(os.waitstatus_to_exitcode(pty.spawn(sys.argv[1:])))", ...argv] };
}

// What the terminal shows since the last clear-screen, without colours and cursor moves.
export function lastScreen(raw: string): string {
  const cleared = raw.lastIndexOf("\x1b[2J");
  return (cleared === -1 ? raw : raw.slice(cleared)).replace(/\x1b\[[0-9;?]*[A-Za-z]/g, "").replace(/\r/g, "");
}

export class Terminal {
  raw = "";
  exitCode: number | null = null;
  readonly child: ChildProcess;
  private waiters: Array<() => void> = [];

  // Runs `node shared/cli/launch.mjs ...args` in `cwd` (a temporary copy of the course).
  constructor(cwd: string, args: string[], extraEnv: Record<string, string> = {}) {
    const { command, args: ptyArgs } = underPty([process.execPath, "shared/cli/launch.mjs", ...args]);
    const env: NodeJS.ProcessEnv = { ...process.env, TERM: "xterm", ANTHROPIC_API_KEY: "", COURSE_TARGET: "" };
    // A learner's terminal, not a CI job's: chalk turns colour off on any terminal when CI is set.
    delete env.FORCE_COLOR;
    delete env.NO_COLOR;
    delete env.CI;
    // No run opens a TLS connection; reading a CA file costs each node start ~40 ms where one is set.
    delete env.NODE_EXTRA_CA_CERTS;
    Object.assign(env, extraEnv);
    this.child = spawn(command, ptyArgs, { cwd, env, stdio: ["pipe", "pipe", "pipe"] });
    const onData = (chunk: Buffer) => {
      this.raw += chunk.toString("utf8");
      for (const wake of this.waiters.splice(0)) wake();
    };
    this.child.stdout?.on("data", onData);
    this.child.stderr?.on("data", onData);
    this.child.on("close", (code) => {
      this.exitCode = code;
      for (const wake of this.waiters.splice(0)) wake();
    });
  }

  screen(): string {
    return lastScreen(this.raw);
  }

  // Waits until the current screen satisfies `test` (a guard of 60 s, not a speed check).
  async waitFor(test: (screen: string) => boolean, what: string): Promise<string> {
    const deadline = Date.now() + 60_000;
    while (!test(this.screen())) {
      if (this.exitCode !== null) throw new Error(`watch exited (${this.exitCode}) before: ${what}. Screen:\n${this.screen()}`);
      if (Date.now() > deadline) throw new Error(`waited 60 s for: ${what}. Screen:\n${this.screen()}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
    return this.screen();
  }

  press(key: string): void {
    this.child.stdin?.write(key);
  }
}


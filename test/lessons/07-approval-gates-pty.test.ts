// The approval prompt, tested the way a learner meets it: lesson 07's agent runs on the offline model
// inside a real pseudo-terminal, and this test types the answers when the prompt appears.
//
// How: the agent and a tiny driver are bundled by esbuild (as the lesson runner does) into one file,
// started under `script -qec "<command>" /dev/null` (util-linux), which gives it a pseudo-terminal, so
// process.stdin.isTTY is true and the gate asks. Without `script`, Python's pty module does the same.
// We read what the terminal shows, and when "Run it?" appears we write the next answer and a carriage
// return, as a keyboard would. No answer is typed blind: each waits for its prompt.

import { spawn, spawnSync } from "node:child_process";
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const ROOT = process.cwd();
// COURSE_PTY=python tries the fallback on a machine that has both.
const hasScript = process.env.COURSE_PTY !== "python" && spawnSync("script", ["--version"], { stdio: "ignore" }).status === 0;
const hasPythonPty = spawnSync("python3", ["-c", "import pty"], { stdio: "ignore" }).status === 0;
const canRun = (hasScript || hasPythonPty) && process.platform !== "win32";
const skipReason = "needs util-linux `script` or python3 (pty module) to give the agent a pseudo-terminal; neither was found";

const PROMPT = "Run it?";
// What the learner types, one per prompt, in order.
const ANSWERS = ["y", "n", "a", "y"];
const TASKS = [
  "How much are 500 US dollars in rubles? Save the result to report.txt", // asked: y -> saved
  "Convert 100 EUR to RUB and save it to notes.txt", // asked: n -> not saved, explained
  "Convert 200 EUR to RUB and save it to a.txt", // asked: a -> saved, and save_to_file is allowed from now on
  "Convert 300 EUR to RUB and save it to b.txt", // not asked: "always" holds
  "Email the report to anna@example.com", // read_file and plan_email not asked; send_email asked: y -> outbox
];
const RULES = { deny: ["save_to_file(filename=*.env)"], allow: ["save_to_file(filename=reports/*)"], ask: ["send_email"] };

const DRIVER = `
import { readFileSync } from "node:fs";
import { createClient } from ${JSON.stringify(path.join(ROOT, "shared/client.ts"))};
import { createTranscript } from ${JSON.stringify(path.join(ROOT, "shared/transcript.ts"))};
import { runAgent } from ${JSON.stringify(path.join(ROOT, "lessons/07-approval-gates/agent.ts"))};
import { loadRules } from ${JSON.stringify(path.join(ROOT, "lessons/07-approval-gates/rules-file.ts"))};

const dir = process.argv[2];
const { workspace, rulesFile, tasks } = JSON.parse(readFileSync(dir + "/config.json", "utf8"));
const rules = await loadRules(rulesFile);
const { client } = createClient({ offline: true, wrapFetch: createTranscript().wrapFetch });
console.log("stdin is a terminal: " + (process.stdin.isTTY === true));
for (const task of tasks) {
  console.log("\\n>>> " + task);
  await runAgent(client, task, { workspace, rules, rulesFile });
}
console.log("\\n[driver done]");
`;

function quote(arg: string): string {
  return `'${arg.replaceAll("'", "'\\''")}'`;
}

function underPty(argv: string[]): { command: string; args: string[] } {
  if (hasScript) return { command: "script", args: ["-qec", argv.map(quote).join(" "), "/dev/null"] };
  return {
    command: "python3",
    args: ["-c", "import os, pty, sys; sys.exit(os.waitstatus_to_exitcode(pty.spawn(sys.argv[1:])))", ...argv],
  };
}

// What the screen shows, without colours and cursor moves.
function plain(text: string): string {
  return text.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, "").replace(/\r/g, "");
}

interface Session {
  screen: string;
  prompts: number;
  exitCode: number | null;
  unexpectedPrompts: number;
}

function runInTerminal(dir: string): Promise<Session> {
  const { command, args } = underPty([process.execPath, path.join(dir, "driver.mjs"), dir]);
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, ANTHROPIC_API_KEY: "", ANTHROPIC_BASE_URL: "", TERM: process.env.TERM || "xterm" },
    stdio: ["pipe", "pipe", "pipe"],
  });
  const session: Session = { screen: "", prompts: 0, exitCode: null, unexpectedPrompts: 0 };
  let raw = "";
  const onOutput = (chunk: Buffer) => {
    raw += chunk.toString("utf8");
    session.screen = plain(raw);
    const seen = session.screen.split(PROMPT).length - 1;
    while (session.prompts < seen) {
      const answer = ANSWERS[session.prompts];
      session.prompts += 1;
      if (answer === undefined) session.unexpectedPrompts += 1;
      // Enter on a terminal sends a carriage return.
      child.stdin.write(`${answer ?? "n"}\r`);
    }
  };
  child.stdout.on("data", onOutput);
  child.stderr.on("data", onOutput);

  return new Promise((resolve) => {
    // A guard, not a speed check: if the agent waits for input nobody sends, stop it and show the screen.
    const guard = setTimeout(() => {
      session.screen += "\n[test] the agent did not finish within 45 s; stopped it.";
      child.kill("SIGKILL");
    }, 45_000);
    child.on("close", (code) => {
      clearTimeout(guard);
      session.exitCode = code;
      resolve(session);
    });
  });
}

describe.skipIf(!canRun)(`lesson 07 in a real terminal (${hasScript ? "script" : "python3 pty"})`, () => {
  let dir = "";
  let workspace = "";
  let session: Session;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "course-07-pty-"));
    workspace = path.join(dir, "workspace");
    const rulesFile = path.join(dir, "permissions.json");
    await writeFile(rulesFile, JSON.stringify(RULES, null, 2));
    await writeFile(path.join(dir, "config.json"), JSON.stringify({ workspace, rulesFile, tasks: TASKS }));
    await writeFile(path.join(dir, "driver.ts"), DRIVER);
    await build({
      entryPoints: [path.join(dir, "driver.ts")],
      outfile: path.join(dir, "driver.mjs"),
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      logLevel: "silent",
      // CommonJS packages in the bundle (dotenv) still call require().
      banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
    });
    session = await runInTerminal(dir);
  }, 90_000);

  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const screen = () => session.screen;

  it("runs to the end on a terminal and exits 0", () => {
    if (process.env.COURSE_SHOW_SCREEN) console.log(screen());
    expect(screen(), "The agent should see a terminal (process.stdin.isTTY) under the pseudo-terminal.").toContain("stdin is a terminal: true");
    expect(session.exitCode, `The run should exit 0. Screen:\n${screen()}`).toBe(0);
    expect(screen()).toContain("[driver done]");
  });

  it("asks exactly four times: not for reads, not after \"always\"", () => {
    expect(session.unexpectedPrompts, `More prompts than expected. Screen:\n${screen()}`).toBe(0);
    expect(session.prompts, `Expected 4 prompts (report.txt, notes.txt, a.txt, send_email). Screen:\n${screen()}`).toBe(4);
  });

  it("shows the tool, its input, what it will do and why, with y / n / always", () => {
    const first = screen().slice(screen().indexOf("Approval needed"));
    expect(first).toMatch(/^Approval needed: save_to_file\n\s+input: +\{"filename":"report\.txt","content":"500 USD = 46250 RUB/);
    expect(first).toMatch(/effect: writes \d+ characters to .*report\.txt \(creates the file\)/);
    expect(first).toMatch(/why: +save_to_file can change things, and no rule allows it/);
    expect(first).toContain("Run it? [y] yes  [n] no  [a] always allow save_to_file this session  (Enter = no):");
  });

  it("y: the file is written", async () => {
    expect(screen()).toContain("Saved to report.txt in the workspace.");
    expect(await readdir(workspace)).toContain("report.txt");
  });

  it("n: nothing is written, and the agent explains and offers a way on", async () => {
    expect(screen()).toMatch(/I did not save notes\.txt, because you answered no when I asked\. Nothing was changed\./);
    expect(await readdir(workspace)).not.toContain("notes.txt");
  });

  it("always: saved, and the next save of the session runs without a prompt", async () => {
    expect(screen()).toContain("always: save_to_file will not be asked about again this session");
    const fourthTask = screen().slice(screen().indexOf(">>> Convert 300 EUR"));
    expect(fourthTask.slice(0, fourthTask.indexOf(">>> Email"))).not.toContain(PROMPT);
    expect(screen()).toContain('gate: save_to_file runs: allowed by the rule save_to_file (you answered "always" this session)');
    expect(await readdir(workspace)).toEqual(expect.arrayContaining(["a.txt", "b.txt"]));
  });

  it("send_email asks, showing what will be sent; y writes one email to the outbox", async () => {
    const emailPrompt = screen().slice(screen().indexOf("Approval needed: send_email"));
    expect(emailPrompt).toMatch(/effect: SENDS an email to anna@example\.com, subject "Report"/);
    expect(emailPrompt).toMatch(/why: +the rule ask send_email says to ask/);
    expect(screen()).toMatch(/Sent the email to anna@example\.com/);
    expect((await readdir(path.join(workspace, "outbox"))).filter((f) => f.endsWith(".eml"))).toHaveLength(1);
  });
});

if (!canRun) {
  describe("lesson 07 in a real terminal", () => {
    it.skip(`skipped: ${skipReason}`, () => undefined);
  });
}

// The course's commands: a bad lesson number or flag gets a clear message and exit code 2.

import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { findUnit, listUnits } from "../../shared/cli/course-files.ts";
import { describeFindings, findLatinProse } from "../../shared/cli/latin-prose.ts";
import { cliEnv, runCli } from "../helpers/run-cli.ts";

const course = (...args: string[]) => runCli(args);

describe("course files", () => {
  it("finds a lesson by number, padded number or name", () => {
    const lessons = listUnits("lessons");
    expect(findUnit(lessons, "1")?.id).toBe("01-first-tool");
    expect(findUnit(lessons, "01")?.id).toBe("01-first-tool");
    expect(findUnit(lessons, "first-tool")?.id).toBe("01-first-tool");
    expect(findUnit(lessons, "99")).toBeUndefined();
  });
});

// Each test starts the CLI once or twice: a guard for a busy machine, not a speed check.
describe("course CLI", { timeout: 60_000 }, () => {
  it("lists the lessons and exits 2 for a lesson that does not exist", async () => {
    const { code, out } = await course("lesson", "99");
    expect(code).toBe(2);
    expect(out).toContain("There is no lesson '99'");
    expect(out).toContain("01-first-tool");
  });

  // One run for what cli-hardening.test.ts's "unknown option" test asked of the same command, too.
  it("exits 2 for an unknown flag, naming it, with the usage and the way to pass a task that starts with '-'", async () => {
    const { code, out } = await course("lesson", "1", "--frobnicate");
    expect(code).toBe(2);
    expect(out).toContain("Unknown option '--frobnicate'");
    expect(out).toContain("Usage: npm run lesson N");
    expect(out, "npm swallows the first '--': a task starting with '-' needs a second one").toContain('npm run lesson N -- -- "--frobnicate ..."');
  });

  it("exits 2 for an unknown exercise and an unknown command", async () => {
    expect((await course("check", "42")).code).toBe(2);
    expect((await course("teach")).code).toBe(2);
  });

  it("runs lesson 1 offline with no terminal and shows the call, the answer and the summary", async () => {
    const { code, out } = await course("lesson", "1", "--offline", "How many euros is one dollar?");
    expect(code).toBe(0);
    expect(out).toContain("Offline demo model");
    expect(out).toContain('→ get_exchange_rate {"from_currency":"USD","to_currency":"EUR"}');
    expect(out).toContain("1 USD = 0.92 EUR");
    expect(out).toMatch(/turns: 2 · tool calls: 1 · tokens: \d+ in \/ \d+ out/);
  });

  it("prints the exact JSON with --raw", async () => {
    const { code, out } = await course("lesson", "1", "--offline", "--raw");
    expect(code).toBe(0);
    expect(out).toContain(">>> request 1");
    expect(out).toContain('"tool_use_id"');
  });
});

describe("under COURSE_LANG=ru", { timeout: 60_000 }, () => {
  it("an unknown command is named, with the commands there are, in Russian", async () => {
    const { code, out } = await runCli(["teach"], { env: { COURSE_LANG: "ru" } });
    expect(code).toBe(2);
    expect(out).toContain("'teach'");
    expect(out).toContain("npm run lesson, npm run check, npm run watch");
    expect(findLatinProse(out), describeFindings(findLatinProse(out))).toEqual([]);
  });


  it("npm run mcp -- --help: the usage is Russian, with every flag the English one names", async () => {
    const { code, out } = await runCli(["mcp", "--help"], { env: { COURSE_LANG: "ru" } });
    expect(code).toBe(0);
    for (const flag of ["--workspace", "--memory", "npm run --silent mcp"]) expect(out).toContain(flag);
    expect(findLatinProse(out), describeFindings(findLatinProse(out))).toEqual([]);
  });

  it("npm run mcp -- --workspce: exit 2, the option that was meant, in the learner's language", async () => {
    const en = await runCli(["mcp", "--workspce", "x"]);
    expect(en.code).toBe(2);
    expect(en.out).toContain("Unknown option '--workspce' for npm run mcp. Did you mean --workspace?");
    const ru = await runCli(["mcp", "--workspce", "x"], { env: { COURSE_LANG: "ru" } });
    expect(ru.code).toBe(2);
    expect(ru.out).toContain("Неизвестный параметр '--workspce' для npm run mcp. Может быть, --workspace?");
    expect(findLatinProse(ru.out), describeFindings(findLatinProse(ru.out))).toEqual([]);
  });
});

describe("lessons that talk through channels (lesson 09)", { timeout: 60_000 }, () => {
  it("--chat is refused with the commands that do chat: --web, --telegram, or lesson 8 --chat", async () => {
    const { code, out } = await course("lesson", "9", "--offline", "--chat");
    expect(code).toBe(2);
    expect(out).toContain("npm run lesson 9 -- --web");
    expect(out).toContain("npm run lesson 8 -- --chat");
    expect(out, "no task may run: the lesson's sample would look like an answer to a chat").not.toContain("Task:");
  });

  it("--web prints the page's address and no \"Task:\" line (it runs no task of its own)", async () => {
    const workspace = mkdtempSync(path.join(os.tmpdir(), "course-09-web-"));
    const child = spawn(process.execPath, ["shared/cli/launch.mjs", "lesson", "9", "--offline", "--web", "--port", "0"], { env: cliEnv({ WORKSPACE_DIR: workspace }) });
    let out = "";
    try {
      out = await new Promise<string>((resolve, reject) => {
        let seen = "";
        const read = (chunk: Buffer) => {
          seen += chunk.toString("utf8");
          if (/The chat page: open http:\/\/127\.0\.0\.1:\d+\/\?key=[\w-]+ in a browser/.test(seen)) resolve(seen);
        };
        child.stdout.on("data", read);
        child.stderr.on("data", read);
        child.on("close", (exit) => reject(new Error(`lesson 9 --web exited (${exit}) before printing its address:\n${seen}`)));
      });
    } finally {
      child.kill();
      rmSync(workspace, { recursive: true, force: true });
    }
    expect(out).not.toContain("Task:");
  });

  it("a serve mode that stops (--heartbeat --once) prints no \"Try also:\" sample lines, in either language", async () => {
    const workspace = mkdtempSync(path.join(os.tmpdir(), "course-09-once-"));
    try {
      for (const [lang, tryAlso] of [["en", "Try also:"], ["ru", "Попробуйте ещё:"]]) {
        const { code, out } = await runCli(["lesson", "9", "--offline", "--heartbeat", "--once"], { env: { WORKSPACE_DIR: workspace, COURSE_LANG: lang } });
        expect(code, out).toBe(0);
        expect(out, "the heartbeat ran its tasks").toMatch(/heartbeat/);
        expect(out, "no sample task ran, so none is suggested").not.toContain(tryAlso);
      }
    } finally {
      rmSync(workspace, { recursive: true, force: true });
    }
  });
});

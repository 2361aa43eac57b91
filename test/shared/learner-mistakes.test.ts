// The mistakes a learner makes on the command line or in .env (issue 25): each gets one or two lines
// that say what is wrong and what to type, exit code 2 and no stack trace, in English and in Russian.
// `--help` after a lesson lists that lesson's own flags (declared beside its agent, shared/lesson-flags.ts);
// a mistyped flag gets the one that was meant. A real bug keeps its stack trace, and says it is one.

import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import type { Tool as McpTool } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { closestName } from "../../shared/closest-name.ts";
import { describeError } from "../../shared/cli/run-lesson.ts";
import { en } from "../../shared/i18n/en.ts";
import { ru } from "../../shared/i18n/ru.ts";
import { flagHelpLines, type LessonFlags } from "../../shared/lesson-flags.ts";
import { UsageError } from "../../shared/usage-error.ts";
import { lessonFlags as lesson08Flags } from "../../lessons/08-assistant/agent.ts";
import { lessonFlags as lesson09Flags } from "../../lessons/09-channels/agent.ts";
import { toolsFromServers, type ConnectedServer } from "../../lessons/11-mcp/mcp-tools.ts";
import { connectServer } from "../../lessons/11-mcp/connect.ts";
import { lessonInProcess as lesson } from "../helpers/lesson-in-process.ts";
import { runCli } from "../helpers/run-cli.ts";

const workspace = mkdtempSync(path.join(os.tmpdir(), "course-mistakes-"));
beforeAll(() => {
  vi.stubEnv("WORKSPACE_DIR", workspace);
  vi.stubEnv("TELEGRAM_BOT_TOKEN", undefined);
  vi.stubEnv("ANTHROPIC_API_KEY", undefined);
});
afterAll(() => {
  vi.unstubAllEnvs();
  rmSync(workspace, { recursive: true, force: true });
});


// What a usage mistake must look like: exit 2, the expected words, and nothing a bug report would have.
function expectUsageMistake(result: { code: number | null; out: string }, words: RegExp): void {
  expect(result.code, result.out).toBe(2);
  expect(result.out).toMatch(words);
  expect(result.out, "no stack trace for a learner's mistake").not.toMatch(/^\s+at /m);
  expect(result.out).not.toMatch(/crashed|Агент упал/);
}

describe("mistakes on the command line and in .env", { timeout: 60_000 }, () => {
  it("each gets what is wrong and what to type, exit code 2, no stack trace", async () => {
    const cases: Array<[string[], RegExp]> = [
      [["8", "--offline", "--session", "../etc", "hi"], /"\.\.\/etc" is not a session name.*\n?.*--session work/],
      [["8", "--offline", "--budget", "lots", "hi"], /--budget takes an amount of US dollars.*--budget 0\.05/],
      [["9", "--offline", "--telegram"], /--telegram needs a bot token.*TELEGRAM_BOT_TOKEN=/],
      [["9", "--offline", "--web", "--port", "99999"], /--port takes a port number from 0 to 65535 \(0 picks a free one\); got "99999".*--port 8080/],
      [["8", "--offline", "--sesion", "work"], /Unknown option '--sesion'[^\n]*\nDid you mean --session\?/],
      [["8", "--offline", "--web"], /--web is an option of lesson 9: npm run lesson 9 -- --web/],
      [["99"], /There is no lesson '99'/],
      [["1", "--offline", "--model"], /--model needs a value after it: --model NAME/],
      [["8", "--offline", "hi", "--session"], /--session needs a value after it: --session NAME/],
      [["1", "--offline=yes"], /--offline takes no value: write --offline alone/],
      [["1", "--offline", "--task-file", os.tmpdir()], /Cannot read the task file .*: it is a folder; name a file in it\./],
    ];
    for (const [args, words] of cases) expectUsageMistake(await lesson(...args), words);
  });

  it("--web on a port another program holds: which port, and what to type instead", async () => {
    const holder = http.createServer();
    await new Promise<void>((resolve) => holder.listen(0, "127.0.0.1", resolve));
    const port = (holder.address() as AddressInfo).port;
    try {
      expectUsageMistake(await lesson("9", "--offline", "--web", "--port", String(port)), new RegExp(`Port ${port} is already in use.*--port 0`));
    } finally {
      holder.close();
    }
  });

  it("COURSE_TIMEOUT_S that is not a number of seconds: said, not silently replaced by 60", async () => {
    vi.stubEnv("COURSE_TIMEOUT_S", "2 minutes");
    try {
      expectUsageMistake(await lesson("1", "--offline", "hi"), /COURSE_TIMEOUT_S="2 minutes" is not a number of seconds\. Write it like COURSE_TIMEOUT_S=120/);
    } finally {
      vi.stubEnv("COURSE_TIMEOUT_S", undefined);
    }
  });

  it("WORKSPACE_DIR naming a file: which path, and what to change in .env", async () => {
    const file = path.join(workspace, "not-a-folder.txt");
    writeFileSync(file, "");
    vi.stubEnv("WORKSPACE_DIR", file);
    try {
      expectUsageMistake(await lesson("8", "--offline", "hi"), /Cannot use .*not-a-folder\.txt.*\(ENOTDIR\)\. If WORKSPACE_DIR or MEMORY_DIR in \.env names it/);
    } finally {
      vi.stubEnv("WORKSPACE_DIR", workspace);
    }
  });

  it("--help after a lesson lists the course's flags and that lesson's own, one line each", async () => {
    const eight = await lesson("8", "--help");
    expect(eight.code).toBe(0);
    expect(eight.out).toContain("--offline");
    expect(eight.out).toMatch(/Lesson 8's own options:\n {2}--session NAME {2}talk in the session NAME[^\n]*\n {2}--new {11}start a fresh session\n {2}--budget USD /);
    expect((await lesson("--help")).out, "without a lesson, --help says how to see a lesson's own options").toContain("npm run lesson N -- --help also lists");
    const nine = await lesson("9", "-h");
    for (const flag of ["--web", "--port PORT", "--heartbeat", "--once", "--telegram"]) expect(nine.out).toMatch(new RegExp(`^  ${flag} +\\S`, "m"));
  });

  // One real start of the CLI, in Russian: the mistake, the did-you-mean and the lesson's flags.
  it("in Russian too: a real `npm run lesson 8 -- --sesion work` under COURSE_LANG=ru", async () => {
    const { code, out } = await runCli(["lesson", "8", "--sesion", "work"], { env: { COURSE_LANG: "ru", WORKSPACE_DIR: workspace } });
    expectUsageMistake({ code, out }, /Неизвестный параметр '--sesion'[^\n]*\nМожет быть, --session\?/);
    expect(out).toMatch(/Параметры урока 8:\n {2}--session NAME {2}говорить в сессии NAME/);
    const said = (message: string | ((...args: string[]) => string)) => (typeof message === "string" ? message : message("x", "y"));
    for (const key of ["sessionName", "budget", "port", "telegramToken", "sessionExists"] as const) {
      expect(said(ru.mistakes[key]), key).not.toBe(said(en.mistakes[key]));
      expect(said(ru.mistakes[key]), key).toMatch(/[а-яё]{4}/i);
    }
  });
});

describe("the parts", () => {
  it("closestName: a letter or two off, a swap, or the start of a name; nothing for a far-off name", () => {
    const names = ["offline", "raw", "chat", "model", "session", "new", "budget", "web", "port"];
    expect(closestName("sesion", names)).toBe("session");
    expect(closestName("wbe", names)).toBe("web");
    expect(closestName("Budegt", names)).toBe("budget");
    expect(closestName("offlin", names)).toBe("offline");
    expect(closestName("sess", names)).toBe("session");
    expect(closestName("frobnicate", names)).toBeUndefined();
    expect(closestName("raw", ["new"]), "short names need a closer match: raw is no typo of new").toBeUndefined();
  });

  it("every lesson flag has a help line in English and in Russian, and the lines line up", () => {
    for (const flags of [lesson08Flags, lesson09Flags] as LessonFlags[]) {
      for (const [name, flag] of Object.entries(flags)) {
        expect(flag.help.en.trim(), name).not.toBe("");
        expect(flag.help.ru, name).toMatch(/[а-яё]/i);
      }
      const lines = flagHelpLines(flags, "en");
      const columns = Object.values(flags).map((flag, i) => lines[i]!.indexOf(flag.help.en));
      expect(new Set(columns).size, lines.join("\n")).toBe(1);
    }
  });

  it("two MCP servers whose tools clash: a usage error that says what to rename, in both languages", async () => {
    const server = (name: string): ConnectedServer => ({
      name,
      client: {
        listTools: () => Promise.resolve({ tools: [{ name: "add_note", inputSchema: { type: "object" } } as McpTool] }),
        callTool: () => Promise.reject(new Error("not called")),
      } as unknown as ConnectedServer["client"],
    });
    const clash = await toolsFromServers([server("notes"), server("NOTES")]).catch((error: unknown) => error);
    expect(clash).toBeInstanceOf(UsageError);
    expect((clash as Error).message).toMatch(/Two tools would be called mcp__NOTES__add_note.*Rename one of the servers in mcp\.json/);
    expect(ru.mistakes.mcpClash("x", ru.mistakes.builtInTool("a"), ru.mistakes.mcpTool("b", "c"))).toMatch(/Переименуйте один из серверов в mcp\.json/);
  });

  it("an MCP server whose command this machine does not have: a usage error that points at mcp.json", async () => {
    const failed = await connectServer("notes", { command: "no-such-command-for-the-course", args: ["x"], env: {} }, 20_000).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(UsageError);
    expect((failed as Error).message).toMatch(/Could not start the MCP server "notes" \(no-such-command-for-the-course x\).*Check its "command" and "args" in mcp\.json/);
  });

  it("a real bug keeps its stack trace and says it is a bug, not the learner's mistake", () => {
    const shown = describeError(new TypeError("cannot read properties of undefined"));
    expect(shown).toMatch(/^\s+at /m);
    expect(shown).toContain(en.mistakes.isBug);
  });
});

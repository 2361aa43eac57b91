// Findings 1, 8, 10 and 11 of the adversarial review (issue 11), where they meet the course CLI and
// the terminal: printed text is inert, a broken rules file is a clear message with exit code 2, the
// turn limit runs no call whose result would never be sent and exits non-zero, long tasks come from a file.

import fs from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Tool } from "../../lessons/01-first-tool/tool.ts";
import { runLoop } from "../../lessons/02-agent-loop/loop.ts";
import { shellQuoted } from "../../shared/cli/run-lesson.ts";
import { readTaskFile, TASK_FILE_LIMIT } from "../../shared/cli/task-input.ts";
import { inert, isInert } from "../../shared/inert-text.ts";
import { createMockModel, reply } from "../../shared/mock/mock-model.ts";
import { createTranscript } from "../../shared/transcript.ts";
import { runCli } from "../helpers/run-cli.ts";

let dir = "";
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "cli-hardening-"));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

// The CLI as a learner runs it, asynchronously, so a local server in this process can answer it.
const course = runCli;

const ESC = "\u001b";

describe("inert text (finding 1)", () => {
  it("shows control characters as visible escapes and keeps ordinary text, Cyrillic and emoji", () => {
    expect(inert(`a${ESC}[2Jb`)).toBe("a\\x1b[2Jb");
    expect(inert("one\ntwo\tthree\r")).toBe("one\\ntwo\\tthree\\r");
    expect(inert("one\r\ntwo\tthree", { multiline: true })).toBe("one\ntwo\tthree");
    expect(inert("\u009b31m \u202eevil \u200b \ufeff")).toBe("\\x9b31m \\u202eevil \\u200b \\ufeff");
    expect(inert("Привет, 🌍! 500 USD = 46 250 RUB")).toBe("Привет, 🌍! 500 USD = 46 250 RUB");
    expect(inert(inert(`x${ESC}y`))).toBe(inert(`x${ESC}y`));
    expect(isInert(inert(`${ESC}\r\n\u0007`))).toBe(true);
    expect(isInert(`${ESC}`)).toBe(false);
  });

  it("the transcript prints tool calls, results and answers inert", async () => {
    const lines: string[] = [];
    const transcript = createTranscript({ write: (line) => lines.push(line) });
    const mock = createMockModel([
      reply.toolUse("echo", { text: `${ESC}[2J` }, { text: `thinking${ESC}[1A` }),
      reply.text(`Done.\r${ESC}[2KAll good\u009b`),
    ]);
    const echo: Tool<{ text: string }> = {
      name: "echo",
      description: "Echo.",
      input_schema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
      run: () => `result${ESC}]0;pwned\u0007`,
    };
    const client = new (await import("@anthropic-ai/sdk")).default({ apiKey: "test", baseURL: "http://mock.invalid", fetch: transcript.wrapFetch(mock.fetch), maxRetries: 0 });
    await runLoop(client, "go", { tools: [echo] });
    const shown = lines.join("\n").replace(/\u001b\[[0-9;]*m/g, "");
    expect(shown, "a raw ESC reached the terminal").not.toContain(ESC);
    expect(shown).not.toContain("\u009b");
    expect(shown).not.toContain("\r");
    expect(shown).toContain("result\\x1b]0;pwned\\x07");
    expect(shown).toContain("Done.\\r\\x1b[2KAll good\\x9b");
  });
});

describe("the transcript on hostile sizes", () => {
  it("a tool result of 200,000 spaces and a line break is shown clipped, without stalling", { timeout: 10_000 }, async () => {
    const lines: string[] = [];
    const transcript = createTranscript({ write: (line) => lines.push(line) });
    const mock = createMockModel([reply.toolUse("echo", {}), reply.text("ok")]);
    const echo: Tool = { name: "echo", description: "Echo.", input_schema: { type: "object", properties: {} }, run: () => `${" ".repeat(200_000)}\nend` };
    const client = new (await import("@anthropic-ai/sdk")).default({ apiKey: "test", baseURL: "http://mock.invalid", fetch: transcript.wrapFetch(mock.fetch), maxRetries: 0 });
    await runLoop(client, "go", { tools: [echo] });
    const result = lines.find((line) => line.includes("←")) ?? "";
    expect(result.length).toBeLessThan(800);
    expect(result).toMatch(/more characters\)/);
  });
});

describe("the transcript's layout", () => {
  it("indents every line of text the model writes next to a tool call, not only the first", async () => {
    const lines: string[] = [];
    const transcript = createTranscript({ write: (line) => lines.push(line) });
    const mock = createMockModel([reply.toolUse("echo", {}, { text: "Here is my plan:\nTo: anna@example.com" }), reply.text("ok")]);
    const echo: Tool = { name: "echo", description: "Echo.", input_schema: { type: "object", properties: {} }, run: () => "done" };
    const client = new (await import("@anthropic-ai/sdk")).default({ apiKey: "test", baseURL: "http://mock.invalid", fetch: transcript.wrapFetch(mock.fetch), maxRetries: 0 });
    await runLoop(client, "go", { tools: [echo] });
    const shown = lines.join("\n").replace(/\u001b\[[0-9;]*m/g, "").split("\n");
    expect(shown).toContain("  Here is my plan:");
    expect(shown, "the second line of the model's note should be indented like the first").toContain("  To: anna@example.com");
  });
});

describe("the 'Try also' commands", () => {
  it("quote a task so that a shell passes it on unchanged: \"$250\" would lose its $2", () => {
    expect(shellQuoted("What is 15% of 46250?")).toBe('"What is 15% of 46250?"');
    expect(shellQuoted("Сколько рублей за 1 евро?")).toBe('"Сколько рублей за 1 евро?"');
    expect(shellQuoted("Convert $250 to euros")).toBe("'Convert $250 to euros'");
    expect(shellQuoted("It's $5")).toBe("'It'\\''s $5'");
  });

  // An unknown option's message (named, with the way to pass a task that starts with '-', exit 2) is
  // checked in cli.test.ts, on the one run of `lesson 1 --frobnicate` that also checks the usage.
});

describe("the turn limit (finding 10)", () => {
  it("does not run the last turn's calls, answers them 'not run' in the history, and says what was left undone", async () => {
    let runs = 0;
    const counter: Tool = {
      name: "bump_counter",
      description: "Adds one.",
      input_schema: { type: "object", properties: {} },
      run: () => String(++runs),
    };
    const mock = createMockModel([reply.toolUse("bump_counter", {}), reply.toolUse("bump_counter", {}), reply.toolUse("bump_counter", {})]);
    const result = await runLoop(mock.client, "count", { tools: [counter], maxTurns: 3 });
    expect(result.stopReason).toBe("max_turns");
    expect(runs, "the third call ran, but its result could never be sent: no request follows the limit").toBe(2);
    expect(result.text).toMatch(/turn limit was reached\. Left undone: the model still wanted to call bump_counter, and those calls were not run/);

    // The history is still a valid conversation: it can be continued.
    const next = createMockModel([reply.text("ok")]);
    await runLoop(next.client, "go on", { tools: [counter], history: result.messages });
    expect(next.rejections).toEqual([]);
  });

  it("npm run lesson exits 1 when the agent stopped at the limit, and 0 when the model finished", { timeout: 60_000 }, async () => {
    let requests = 0;
    const server = http.createServer((req, res) => {
      req.resume();
      req.on("end", () => {
        requests++;
        res.writeHead(200, { "content-type": "application/json" });
        res.end(
          JSON.stringify({
            id: `msg_${requests}`,
            type: "message",
            role: "assistant",
            model: "claude-test",
            content: [{ type: "tool_use", id: `toolu_${requests}`, name: "calculate", input: { expression: "1 + 1" } }],
            stop_reason: "tool_use",
            stop_sequence: null,
            usage: { input_tokens: 10, output_tokens: 5 },
          }),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      const { code, out } = await course(["lesson", "2", "What is 1 + 1?"], {
        env: { ANTHROPIC_API_KEY: "sk-ant-test-key", ANTHROPIC_BASE_URL: `http://127.0.0.1:${port}` },
      });
      expect(out).toMatch(/Left undone: the model still wanted to call calculate/);
      expect(out).toMatch(/the task is not done/);
      expect(code, out).toBe(1);
    } finally {
      server.close();
    }
    expect((await course(["lesson", "2", "--offline", "What is 2 + 2?"])).code).toBe(0);
  });
});

describe("a broken permissions.json (finding 8)", () => {
  it("is a clear message naming the file and line, exit code 2, no crash and no stack trace", { timeout: 60_000 }, async () => {
    const file = path.join(dir, "permissions.json");
    await fs.writeFile(file, '{\n  "deny": ["send_email"],\n  "deny": []\n}\n', "utf8");
    const { code, out } = await course(["lesson", "7", "--offline"], { env: { PERMISSIONS_FILE: file } });
    expect(out).toContain(`${file}, line 3: "deny" is written twice`);
    expect(out).not.toMatch(/crashed/);
    expect(out).not.toMatch(/^\s+at /m);
    expect(code).toBe(2);
  });
});

describe("long tasks (finding 11)", () => {
  it("--task-file reads the task from a file, and - from standard input", { timeout: 60_000 }, async () => {
    const file = path.join(dir, "task.txt");
    await fs.writeFile(file, "\ufeffHow many euros is one dollar?\n", "utf8");
    const fromFile = await course(["lesson", "1", "--offline", "--task-file", file]);
    expect(fromFile.out).toContain("1 USD = 0.92 EUR");
    expect(fromFile.code).toBe(0);
    const fromStdin = await course(["lesson", "1", "--offline", "--task-file", "-"], { stdin: "How many euros is one dollar?" });
    expect(fromStdin.out).toContain("1 USD = 0.92 EUR");
    expect(fromStdin.code).toBe(0);
  });

  it("a task over the limit gets a message that says what to do, exit code 2", { timeout: 60_000 }, async () => {
    const file = path.join(dir, "huge.txt");
    await fs.writeFile(file, "x".repeat(TASK_FILE_LIMIT + 10), "utf8");
    const huge = await course(["lesson", "1", "--offline", "--task-file", file]);
    expect(huge.out).toMatch(/is over 400,000 bytes/);
    expect(huge.code).toBe(2);

    // Just under the system's 128 KB limit for one argument: it reaches us, and we say what to do.
    const long = await course(["lesson", "1", "--offline", "y".repeat(110_000)]);
    expect(long.out).toMatch(/The task is 110,000 bytes; on the command line the limit is 100,000.*--task-file/s);
    expect(long.code).toBe(2);

    const missing = await course(["lesson", "1", "--offline", "--task-file", path.join(dir, "nope.txt")]);
    expect(missing.out).toMatch(/Cannot read the task file .*nope\.txt: there is no such file/);
    expect(missing.code).toBe(2);
  });

  it("readTaskFile refuses an empty file and text that is not UTF-8", async () => {
    await fs.writeFile(path.join(dir, "empty.txt"), "  \n", "utf8");
    await expect(readTaskFile(path.join(dir, "empty.txt"))).rejects.toThrow(/is empty/);
    await fs.writeFile(path.join(dir, "cp1251.txt"), Buffer.from([0xcf, 0xf0, 0xe8, 0xe2, 0xe5, 0xf2]));
    await expect(readTaskFile(path.join(dir, "cp1251.txt"))).rejects.toThrow(/not UTF-8/);
  });
});

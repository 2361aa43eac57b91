// The lines lessons 05-08 print of their own (lesson 07's approval card and gate lines, 05's timing
// line, 06's memory lines, 08's session, history, per-request and cost lines) come from the message catalogue. Here: the
// English wording the READMEs quote, a Russian twin that keeps every value of the English line, and
// the lessons' own output in Russian. For this file messages() answers in Russian (a mocked module, so
// the file is listed in test/helpers/isolated-files.ts); the catalogues are imported directly, so the
// English checks do not depend on it.

import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { en } from "../../shared/i18n/en.ts";
import { ru } from "../../shared/i18n/ru.ts";
import type { Messages } from "../../shared/i18n/messages.ts";

vi.mock("../../shared/i18n/messages.ts", async () => {
  const { ru: russian } = await import("../../shared/i18n/ru.ts");
  return { messages: () => russian };
});

const { renderPrompt } = await import("../../lessons/07-approval-gates/approver.ts");
const lesson05 = await import("../../lessons/05-parallel-and-safe/agent.ts");
const lesson06 = await import("../../lessons/06-memory/agent.ts");
const { createClient } = await import("../../shared/client.ts");
const { createMockModel, reply } = await import("../../shared/mock/mock-model.ts");

// Each moved line, with values that could not appear by accident (Cyrillic, digits, a price).
type Line = { key: string; say: (m: Messages) => string; values: string[]; english: string };
const LINES: Line[] = [
  {
    key: "approval.input",
    say: (m) => m.approval.input('{"to":"анна@example.com"}'),
    values: ['{"to":"анна@example.com"}'],
    english: '    input:  {"to":"анна@example.com"}',
  },
  {
    key: "approval.effect",
    say: (m) => m.approval.effect("writes 10 characters to workspace/отчёт.txt"),
    values: ["writes 10 characters to workspace/отчёт.txt"],
    english: "    effect: writes 10 characters to workspace/отчёт.txt",
  },
  {
    key: "approval.why",
    say: (m) => m.approval.why("save_to_file can change things, and no rule allows it"),
    values: ["save_to_file can change things, and no rule allows it"],
    english: "    why:    save_to_file can change things, and no rule allows it",
  },
  { key: "approval.notShown", say: (m) => m.approval.notShown(1234), values: ["1234"], english: "… (1234 more characters not shown)" },
  {
    key: "approval.noTerminal",
    say: (m) => m.approval.noTerminal,
    values: [],
    english: "  (no terminal: calls that need approval will be refused, not asked about)",
  },
  {
    key: "approval.gateRuns",
    say: (m) => m.approval.gateRuns("send_email", "allow send_email(to: *@example.com)"),
    values: ["send_email", "allow send_email(to: *@example.com)"],
    english: "  ✓ gate: send_email runs: allow send_email(to: *@example.com)",
  },
  {
    key: "parallel.together",
    say: (m) => m.parallel.together(3, m.parallel.ms(305), `get_exchange_rate ${m.parallel.ms(303)}${m.parallel.error}`, m.parallel.ms(910)),
    values: ["get_exchange_rate"],
    english: "  ⏱ 3 calls in parallel (all concurrency-safe): 305 ms in all; each: get_exchange_rate 303 ms (error); added up: 910 ms",
  },
  {
    key: "parallel.inTurn",
    say: (m) => m.parallel.inTurn(2, m.parallel.ms(17), "calculate 4 ms, save_to_file 12 ms", m.parallel.ms(16)),
    values: ["calculate 4 ms, save_to_file 12 ms"],
    english: "  ⏱ 2 calls one after another (not all concurrency-safe): 17 ms in all; each: calculate 4 ms, save_to_file 12 ms; added up: 16 ms",
  },
  {
    key: "memory.created",
    say: (m) => m.memory.created("SOUL.md, USER.md, MEMORY.md", "workspace/память"),
    values: ["SOUL.md, USER.md, MEMORY.md", "workspace/память/"],
    english: "Created SOUL.md, USER.md, MEMORY.md in workspace/память/ (first run).",
  },
  {
    key: "memory.loaded",
    say: (m) => m.memory.loaded("workspace/memory", 12345, 3087),
    values: ["workspace/memory/"],
    english: "Memory from workspace/memory/: 12,345 characters (about 3087 tokens) in the system prompt of every request.",
  },
  {
    key: "assistant.session (new)",
    say: (m) => m.assistant.session("terminal-main", "workspace/sessions/terminal-main.jsonl", false),
    values: ["terminal-main", "workspace/sessions/terminal-main.jsonl"],
    english: "Session terminal-main: workspace/sessions/terminal-main.jsonl (new)",
  },
  {
    key: "assistant.session (resuming)",
    say: (m) => m.assistant.session("terminal-main", "workspace/sessions/terminal-main.jsonl", true),
    values: ["terminal-main", "workspace/sessions/terminal-main.jsonl"],
    english: "Session terminal-main: workspace/sessions/terminal-main.jsonl (resuming)",
  },
  {
    key: "assistant.history",
    say: (m) => m.assistant.history(14, 6000),
    values: [],
    english: "  · history: the 14 oldest messages left out to stay under 6000 tokens",
  },
  {
    key: "assistant.request",
    say: (m) => m.assistant.request("claude-haiku-5-5", "cheap: 2 steps", 3178, 40, "$0.0034"),
    values: ["claude-haiku-5-5", "(cheap: 2 steps)", "$0.0034"],
    english: "  · claude-haiku-5-5 (cheap: 2 steps) · 3178 in / 40 out · $0.0034",
  },
  {
    key: "assistant.request (price unknown)",
    say: (m) => m.assistant.request("local-model", "strong: 5 steps", 12, 7, m.assistant.priceUnknown),
    values: ["local-model", "(strong: 5 steps)"],
    english: "  · local-model (strong: 5 steps) · 12 in / 7 out · price unknown",
  },
  {
    key: "assistant.cost",
    say: (m) => m.assistant.cost("$0.0012", "$0.0345", "$1.20"),
    values: ["$0.0012", "$0.0345", "$1.20", "shared/model.ts"],
    english: "cost: this message $0.0012 · session $0.0345 · today $1.20 (tokens at the list prices in shared/model.ts)",
  },
  // Lessons 07-11: why the gate let a call through, what a call would do, how lesson 08 routed a message,
  // what lesson 10 made and what lesson 11 listed.
  {
    key: "gate.allowedByRule",
    say: (m) => m.gate.allowedByRule("save_to_file(filename=reports/*)"),
    values: ["save_to_file(filename=reports/*)"],
    english: "allowed by the rule save_to_file(filename=reports/*)",
  },
  { key: "routing.steps", say: (m) => m.routing.steps(false, 2), values: [], english: "cheap: 2 steps" },
  {
    key: "effects.writes",
    say: (m) => m.effects.writes(78, "workspace/report.txt", true),
    values: ["workspace/report.txt"],
    english: "writes 78 characters to workspace/report.txt (REPLACES the existing file)",
  },
  {
    key: "effects.mcpCall",
    say: (m) => m.effects.mcpCall("add_note", "notes", 57, m.effects.mcpServerSilent),
    values: ["add_note", "notes"],
    english: 'calls add_note on the MCP server "notes" with 57 characters of input (the server says nothing about its effects)',
  },
  {
    key: "mcpTools.server",
    say: (m) => m.mcpTools.server("notes", "list_notes, read_note"),
    values: ["list_notes, read_note", "mcp__notes__<tool>"],
    english: "  mcp notes: list_notes, read_note (as mcp__notes__<tool>; untrusted: asked about unless a rule allows)",
  },
  {
    key: "edits.createdProject",
    say: (m) => m.edits.createdProject("/tmp/p", "src/math.ts, README.md"),
    values: ["/tmp/p", "src/math.ts, README.md"],
    english: "  (created the project folder /tmp/p with src/math.ts, README.md)",
  },
  {
    key: "budget.meterWouldPass",
    say: (m) => m.budget.meterWouldPass("$0.0123", 3178, 1024, "claude-haiku-5-5", "$0.0400", "$0.0500"),
    values: ["$0.0123", "claude-haiku-5-5", "$0.0400", "$0.0500", "--budget"],
    english:
      "Stopped before the next request: it could cost up to $0.0123 (3178 tokens in, up to 1024 out on claude-haiku-5-5), and $0.0400 of the $0.0500 budget is spent. Raise --budget to go on.",
  },
  {
    key: "sessionNotes.orphans",
    say: (m) => m.sessionNotes.orphans("terminal-main", 2, "toolu_1, toolu_2"),
    values: ["terminal-main", "toolu_1, toolu_2"],
    english:
      "  ! terminal-main has 2 tool call(s) that never returned (toolu_1, toolu_2): the last run stopped mid-call. Sent as it is, the API would refuse it (400). Answering them: interrupted, effect unknown.",
  },
];

// The numbers of a line, thousands separators taken out (12,345 in English is 12 345 in Russian).
const figures = (text: string) =>
  (text.replace(/(\d)[, \u00a0](?=\d{3}\b)/g, "$1").match(/\d+(?:\.\d+)?/g) ?? []).sort();

describe("the lines lessons 05-08 print: English as the READMEs quote it, Russian with the same values", () => {
  it.each(LINES.map((line) => [line.key, line] as const))("%s", (_key, line) => {
    const english = line.say(en);
    const russian = line.say(ru);
    expect(english, "the English line is quoted by READMEs and tests: its wording must not change").toBe(line.english);
    expect(russian, "the Russian line must be Russian, not the English one").not.toBe(english);
    expect(russian, "the Russian line must have Russian words in it").toMatch(/[а-яё]{3}/i);
    for (const value of line.values) expect(russian, `the Russian line must keep the value ${value} as it is`).toContain(value);
    // The values are data and stay as they came; the message's own words around them are Russian.
    const ownWords = line.values.reduce((text, value) => text.split(value).join(""), russian);
    expect(ownWords, "the Russian line must not keep English words of the message").not.toMatch(/\b(?:calls?|input|effect|why|gate|runs|Memory|Created|Session|cost|today|characters|tokens|first run|new|resuming|history|oldest|in|out|price|unknown|ms|error)\b/);
    expect(figures(russian), "the Russian line must keep every number of the English one").toEqual(figures(english));
    // The card and the gate lines are indented under the agent's transcript; the Russian keeps the same
    // indent and the same symbol, so both languages line up the same way.
    expect(russian.match(/^\s*[⏱✓…·]?/)?.[0]).toBe(english.match(/^\s*[⏱✓…·]?/)?.[0]);
  });

  it("the approval card's labels line up in Russian too (the values start in one column)", () => {
    const column = (text: string) => text.length - text.trimStart().replace(/^\S+\s+/, "").length;
    const lines = [ru.approval.input("X"), ru.approval.effect("X"), ru.approval.why("X")];
    expect(new Set(lines.map(column)).size, lines.join("\n")).toBe(1);
  });

  it("Russian counts take the right plural form", () => {
    const ms = ru.parallel.ms;
    expect(ru.parallel.together(2, ms(1), "x", ms(2))).toContain("2 вызова параллельно");
    expect(ru.parallel.inTurn(5, ms(1), "x", ms(2))).toContain("5 вызовов по очереди");
    expect(ru.parallel.together(21, ms(1), "x", ms(2))).toContain("21 вызов параллельно");
    expect(ru.parallel.together(12, ms(1), "x", ms(2))).toContain("12 вызовов параллельно");
    expect(ru.memory.loaded("m", 1, 1)).toContain("1 символ (около 1 токена)");
    expect(ru.memory.loaded("m", 1234, 5)).toContain("1 234 символа (около 5 токенов)");
    expect(ru.memory.loaded("m", 11, 22)).toContain("11 символов (около 22 токенов)");
    expect(ru.assistant.history(1, 6000)).toBe("  · история: опущено 1 самое старое сообщение, чтобы уложиться в 6000 токенов");
    expect(ru.assistant.history(3, 6001)).toBe("  · история: опущены 3 самых старых сообщения, чтобы уложиться в 6001 токен");
    expect(ru.assistant.history(25, 6002)).toBe("  · история: опущены 25 самых старых сообщений, чтобы уложиться в 6002 токена");
    expect(ru.approval.notShown(1)).toBe("… (не показано ещё 1 символ)");
    expect(ru.approval.notShown(3)).toBe("… (не показано ещё 3 символа)");
    expect(ru.approval.notShown(100)).toBe("… (не показано ещё 100 символов)");
    // The budget's stop (lesson 08's --budget, the CLI's --budget): "3172 токена", not "3172 токенов".
    expect(ru.budget.meterWouldPass("$1", 3172, 1024, "m", "$0", "$1")).toContain("(3172 токена на входе,");
    expect(ru.budget.meterWouldPass("$1", 3171, 1024, "m", "$0", "$1")).toContain("(3171 токен на входе,");
    expect(ru.budget.meterWouldPass("$1", 3175, 1024, "m", "$0", "$1")).toContain("(3175 токенов на входе,");
    expect(ru.budget.wouldPass(2, "$1", 3172, 1024, "$0", "$1")).toContain("(около 3172 токенов на входе,");
    expect(ru.budget.wouldPass(2, "$1", 3171, 1024, "$0", "$1")).toContain("(около 3171 токена на входе,");
  });
});

describe("the lessons print these lines in Russian when the course speaks Russian", () => {
  it("lesson 07's approval card: Russian labels, and the model's words in it stay inert", () => {
    const card = renderPrompt({
      call: { name: "send_email\u001b[2J", input: { to: "анна@example.com", body: "x".repeat(500) }, readOnly: false, effect: "sends an email\u001b]0;owned\u0007" },
      why: "send_email can change things, and no rule allows it",
    });
    expect(card).toContain("Нужно подтверждение: send_email\\x1b[2J");
    expect(card).toContain('    аргументы: {"to":"анна@example.com"');
    expect(card).toMatch(/… \(не показано ещё \d+ символ(?:а|ов)?\)$/m);
    expect(card).toContain("    действие:  sends an email\\x1b]0;owned\\x07");
    expect(card).toContain("    почему:    send_email can change things, and no rule allows it");
    expect(card, "an escape sequence from the model must not reach the terminal").not.toMatch(/\u001b\[2J|\u001b\]0;|\u0007/);
    expect(card).not.toMatch(/\b(?:input|effect|why):/);
  });

  it("lesson 05's timing line", async () => {
    const lines: string[] = [];
    await lesson05.runAgent(createClient({ offline: true }).client, lesson05.sampleTasks[1]!, {
      rates: { demoLatencyMs: 0 },
      write: (line) => lines.push(line),
    });
    expect(lines[0]).toMatch(/^ {2}⏱ 3 вызова параллельно \(все можно запускать одновременно\): всего \d+ мс; по отдельности: get_exchange_rate \d+ мс/);
    expect(lines[0]).toMatch(/; в сумме: \d+ мс$/);
  });

  describe("lesson 06's memory lines", () => {
    let root = "";
    beforeEach(async () => {
      root = await fs.mkdtemp(path.join(os.tmpdir(), "i18n-lesson-06-"));
    });
    afterEach(async () => {
      await fs.rm(root, { recursive: true, force: true });
    });

    it("first run, then the next one", async () => {
      const memoryDir = path.join(root, "memory");
      const options = (log: string[]) => ({ memoryDir, workspaceDir: path.join(root, "workspace"), log: (line: string) => log.push(line) });
      const first: string[] = [];
      await lesson06.runAgent(createMockModel([reply.text("ok")]).client, "hello", options(first));
      expect(first[0]).toMatch(/^Создано в .+\/: SOUL\.md, USER\.md, MEMORY\.md \(первый запуск\)\.$/);
      expect(first[1]).toMatch(/^Память из .+\/: [\d ]+ символ(?:а|ов)? \(около \d+ токен(?:а|ов)\) в системном промпте каждого запроса\.$/);
      const next: string[] = [];
      await lesson06.runAgent(createMockModel([reply.text("ok")]).client, "hello", options(next));
      expect(next).toHaveLength(1);
      expect(next[0]).toMatch(/^Память из /);
    });
  });
});

// Issue 25, found by a Russian new-user trial: a replay that no longer fits (lesson 08's --replay) and
// a broken mcp.json (lesson 11) spoke English under COURSE_LANG=ru.
const { findLatinProse } = await import("../../shared/cli/latin-prose.ts");
const { createReplay, requestDiff } = await import("../../shared/record-replay/replay.ts");
const { parseMcpConfig } = await import("../../lessons/11-mcp/mcp-config.ts");
const { checkRules, parseRulesFile } = await import("../../lessons/07-approval-gates/rules-file.ts");
const { connectServer } = await import("../../lessons/11-mcp/connect.ts");

describe("a replay that does not fit, and mcp.json mistakes, in Russian", () => {
  const prose = (text: string) => findLatinProse(text).map((f) => f.text);
  const exchange = { request: { method: "POST", path: "/v1/messages", headers: {}, body: { messages: [{ role: "user", content: "500" }] } }, response: { status: 200, headers: {}, body: {} } };

  it("the replay's diff and its stop", async () => {
    const diff = requestDiff(exchange.request, { method: "POST", path: "/v1/messages", body: { messages: [{ role: "user", content: "600" }] } }, 1)!;
    expect(diff.split("\n")[0]).toBe("Запрос 1 отличается от записи (- записано, + отправлено сейчас):");
    expect(diff.split("\n").at(-1)).toMatch(/^Воспроизведение остановлено: .* запишите заново с --record\.$/);
    expect(prose(diff.split("\n").filter((l) => !/^[-+ @]/.test(l)).join("\n"))).toEqual([]);
    const unused = createReplay({ version: 1, recordedAt: "2026-12-01T00:00:00Z", exchanges: [exchange, exchange] } as never);
    expect(unused.problem()).toBe("Урок остановился после 0 из 2 записанных запросов: он обращается к модели реже, чем при записи.");
  });

  it("mcp.json: bad JSON and a bad entry, each with where and what to fix", () => {
    const fails = (text: string) => {
      try {
        parseMcpConfig(text, "mcp.json", {});
      } catch (error) {
        return (error as Error).message;
      }
      throw new Error("expected a refusal");
    };
    const cases = [
      "{ not json",
      "[]",
      '{"mcpServers":{"notes":{}}}',
      '{"mcpServers":{"notes":{"command":"node","args":"x"}}}',
      '{"mcpServers":{"notes":{"command":"node","env":{"A":1}}}}',
      '{"mcpServers":{"r":{"url":"ftp://x"}}}',
      '{"mcpServers":{"r":{"url":"http://example.com/mcp"}}}',
      '{"mcpServers":{"r":{"url":"http://127.0.0.1:1/mcp","command":"node"}}}',
      '{"mcpServers":{"r":{"url":"http://127.0.0.1:1/mcp","headers":{"A":1}}}}',
      '{"mcpServers":{"r":{"url":"http://127.0.0.1:1/mcp","headers":{"Authorization":"Bearer ${NO_SUCH_TOKEN}"}}}}',
    ];
    for (const text of cases) {
      const said = fails(text);
      expect(said, text).toMatch(/^mcp\.json: /);
      expect(prose(said), text).toEqual([]);
    }
  });

  it("lesson 07's permissions file: each mistake in Russian, with the JSON parser's own words quoted as data", () => {
    const fails = (text: string) => {
      try {
        parseRulesFile(text, "p.json");
      } catch (error) {
        return (error as Error).message;
      }
      throw new Error(`expected a refusal of ${text}`);
    };
    const cases: Array<[string, RegExp]> = [
      ["{ deny: [] }", /^p\.json, строка 1: это не корректный JSON \(разбор сообщил: «[^»]+»\)/],
      ['{"alow": []}', /неизвестный ключ "alow"/],
      ['{"deny": "send_email"}', /"deny" должен быть списком правил/],
      ['{"deny": ["ok", "bad rule"]}', /deny\[1\]: "bad rule" не правило/],
      ['{"deny": ["save_to_file(filename= *.env)"]}', /начинается или кончается пробелом/],
      ['{"allow": [42]}', /allow\[0\]: 42 не строка/],
      ["[]", /должен быть один объект/],
      ['{"deny": [],\n "deny": []}', /записан дважды/],
    ];
    for (const [text, expected] of cases) {
      const said = fails(text);
      expect(said, text).toMatch(expected);
      expect(prose(said), text).toEqual([]);
    }
    const warnings = checkRules(
      { allow: [], ask: [], deny: [{ tool: "save_file", source: "save_file" }, { tool: "send_email", source: "send_email(to=*)", argument: { name: "to", pattern: "*" } }] },
      [{ name: "send_email", input_schema: { properties: { plan_id: {} } } }],
    );
    expect(warnings[0]).toMatch(/не называет ни одного инструмента/);
    expect(warnings[1]).toMatch(/у send_email нет поля ввода "to"/);
    for (const warning of warnings) expect(prose(warning), warning).toEqual([]);
  });

  it("a server that fails to start: Russian around it, its stderr quoted as data", async () => {
    const script = "console.error('fatal: the database file is locked by another process\u001b[2J'); process.exit(1)";
    const error = await connectServer("notes", { command: process.execPath, args: ["-e", script], env: {} }, 10_000).catch((e: unknown) => e as Error);
    expect(error).toBeInstanceOf(Error);
    const said = (error as Error).message;
    expect(said).toMatch(/^Не удалось запустить MCP-сервер «notes» .*Сервер написал в stderr: «fatal: the database file is locked by another process.*»$/);
    expect(said, "an escape sequence from the server is shown, not obeyed").not.toContain("\u001b");
    expect(prose(said)).toEqual([]);
  });

  it("a server whose script does not exist: the line that names the error, not the end of Node's stack trace", async () => {
    const error = await connectServer("bad", { command: process.execPath, args: ["lessons/11-mcp/no-such-server.ts"], env: {} }, 10_000).catch((e: unknown) => e as Error);
    const said = (error as Error).message;
    expect(said).toMatch(/Сервер написал в stderr: «Error: Cannot find module '.*no-such-server\.ts'»$/);
    expect(said).not.toMatch(/Node\.js v|\} \|/);
    expect(prose(said)).toEqual([]);
  });
});

// The Russian README shows what the Russian run prints: lesson 10's first Russian sample is the edit the
// README walks through, and each line of its sample block (but the cut ones, "...") is a line the run prints.
const lesson10 = await import("../../lessons/10-edit-tool/agent.ts");
const { firstSample } = await import("../../shared/cli/first-sample.ts");
const { createTranscript } = await import("../../shared/transcript.ts");
const { noTerminalApprover } = await import("../../lessons/07-approval-gates/approver.ts");

describe("lesson 10's README.ru sample is the Russian run", () => {
  let project = "";
  beforeEach(async () => {
    project = path.join(await fs.mkdtemp(path.join(os.tmpdir(), "i18n-lesson-10-")), "project");
  });

  it("each line of «Что вы увидите» is printed by npm run lesson 10 under COURSE_LANG=ru", async () => {
    const printed: string[] = [];
    const transcript = createTranscript({ write: (line) => printed.push(line) });
    const { client } = createClient({ offline: true, wrapFetch: transcript.wrapFetch });
    const task = firstSample(lesson10.sampleTasks, "ru");
    expect(task).toMatch(/^В src\/math\.ts замени /);
    await lesson10.runAgent(client, task, { project, approver: noTerminalApprover(), print: (line) => printed.push(line) });
    const shown = printed.flatMap((line) => line.replace(/\u001b\[[0-9;]*m/g, "").split("\n")).map((line) => line.trimEnd());
    const readme = await fs.readFile(path.join("lessons", "10-edit-tool", "README.ru.md"), "utf8");
    const block = /## Что вы увидите[\s\S]*?```output\n([\s\S]*?)\n```/.exec(readme)?.[1];
    expect(block).toBeDefined();
    for (const line of block!.split("\n").filter((l) => !l.includes("..."))) {
      expect(shown.some((s) => s.startsWith(line.trimEnd())), line).toBe(true);
    }
  });
});

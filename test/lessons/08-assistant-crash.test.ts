// The crash test: the assistant process is killed (SIGKILL: no cleanup, no last words) while a slow
// tool runs. Started again on the same session, it must answer the call the crash left open and be
// accepted by the strict mock, which refuses an unanswered tool_use exactly as the API does.
//
// The agent runs in a child process: a small script that drives lessons/08-assistant/agent.ts with the
// mock model and one extra, slow tool, bundled by esbuild into a temporary folder and run with plain node
// (as npm run lesson runs the lessons: a bundle). Through tsx, each of the two starts transpiled the
// lesson, the SDK and their imports again: about 1.7 CPU-s each, against 0.4 for the bundle.

import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import Anthropic from "@anthropic-ai/sdk";
import { build } from "esbuild";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadSession } from "../../lessons/08-assistant/sessions.ts";
import { createMockModel, reply } from "../../shared/mock/mock-model.ts";
import { localChildEnv } from "../helpers/run-cli.ts";

const repo = process.cwd();

const CHILD = `
import { writeFileSync } from "node:fs";
import { runAgent } from "./lessons/08-assistant/agent.ts";
import { createMockModel, reply } from "./shared/mock/mock-model.ts";

const [phase, workspace, marker] = process.argv.slice(2);
const slowTool = {
  name: "fetch_quote",
  description: "Ask the supplier for a price quote. Slow: the supplier takes a minute to answer.",
  input_schema: { type: "object", properties: {} },
  readOnly: true,
  async run() {
    writeFileSync(marker, "started");
    await new Promise((resolve) => setTimeout(resolve, 60_000));
    return "quote: 100 USD";
  },
};
const nobody = { canAsk: false, unavailable: "no terminal (test)", ask: () => Promise.reject(new Error("no terminal")) };
const turns =
  phase === "first"
    ? [
        reply.toolUses([
          { name: "get_exchange_rate", input: { from_currency: "USD", to_currency: "RUB" } },
          { name: "fetch_quote", input: {} },
        ]),
        reply.text("never reached"),
      ]
    : [reply.text("Запрос цены прервался; курс есть: 92.5.")];
const mock = createMockModel(turns);
const task = phase === "first" ? "Узнай курс и запроси цену у поставщика" : "Что с ценой?";
try {
  const answer = await runAgent(mock.client, task, { workspace, session: "crash", approver: nobody, extraTools: [slowTool], print: () => {}, write: () => {} });
  console.log(JSON.stringify({ answer, rejections: mock.rejections.map((r) => r.problem.message), requests: mock.requests }));
} catch (error) {
  console.log(JSON.stringify({ error: String(error), rejections: mock.rejections.map((r) => r.problem.message) }));
  process.exitCode = 1;
}
`;

let dir = "";
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "course-08-crash-"));
  await build({
    stdin: { contents: CHILD, resolveDir: repo, sourcefile: "crash-child.ts", loader: "ts" },
    bundle: true,
    // The chunk that loads mathjs (calculate's lazy import) stays a chunk of its own, and mathjs stays
    // out: this child never calculates, and bundling mathjs would cost more than all the rest.
    splitting: true,
    external: ["mathjs"],
    platform: "node",
    format: "esm",
    outdir: dir,
    entryNames: "child",
    logLevel: "error",
    // Some packages still call require(); give the ESM bundle one, as shared/cli/launch.mjs does.
    banner: { js: "import { createRequire as __courseRequire } from 'node:module'; const require = __courseRequire(import.meta.url);" },
  });
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function start(phase: string) {
  // node itself runs the script (no wrapper command), so the SIGKILL reaches the process running the agent.
  const child = spawn(process.execPath, [path.join(dir, "child.js"), phase, path.join(dir, "ws"), path.join(dir, "marker")], {
    cwd: repo,
    stdio: ["ignore", "pipe", "pipe"],
    env: localChildEnv({ FORCE_COLOR: "0" }),
  });
  let out = "";
  child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; out: string }>((resolve) =>
    child.on("close", (code, signal) => resolve({ code, signal, out })),
  );
  return { child, exited };
}

// Polls for the file; gives up early if the child has already exited (its output says why).
async function waitFor(file: string, ms: number, child: { exitCode: number | null; signalCode: string | null }): Promise<boolean> {
  for (let waited = 0; waited < ms; waited += 25) {
    if (existsSync(file)) return true;
    if (child.exitCode !== null || child.signalCode !== null) return false;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return false;
}

describe("a crash in the middle of a slow tool call", () => {
  it("SIGKILL mid-call, restart on the same session: the open call is answered 'interrupted' and the strict mock accepts the run", async () => {
    const sessionFile = path.join(dir, "ws", "sessions", "terminal-crash.jsonl");

    // 1. Run until the slow tool has started, then kill the process outright.
    const first = start("first");
    const started = await waitFor(path.join(dir, "marker"), 40_000, first.child);
    first.child.kill("SIGKILL");
    const killed = await first.exited;
    expect(started, `the slow tool never started; child output:\n${killed.out}`).toBe(true);
    expect(killed.signal).toBe("SIGKILL");

    // What the crash left: the task, the assistant turn with two calls, and the one result that came back.
    const after = await loadSession(sessionFile);
    expect(after.notes).toEqual([]);
    expect(after.messages.map((m) => m.role)).toEqual(["user", "assistant", "user"]);
    const calls = (after.messages[1]!.content as Anthropic.ContentBlockParam[]).flatMap((b) => (b.type === "tool_use" ? [b] : []));
    expect(calls.map((c) => c.name)).toEqual(["get_exchange_rate", "fetch_quote"]);
    const [rateCall, slowCall] = calls;
    expect(after.messages[2]!.content).toEqual([expect.objectContaining({ type: "tool_result", tool_use_id: rateCall!.id })]);

    // 2. Sent as it is, with a new question, the session is refused with the API's own words.
    const strict = createMockModel([reply.text("unreachable")]);
    const refused = await strict.client.messages
      .create({
        model: "claude-haiku-5-5",
        max_tokens: 100,
        tools: [{ name: "fetch_quote", description: "d", input_schema: { type: "object" } }],
        messages: [...after.messages, { role: "user", content: "Что с ценой?" }],
      })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Anthropic.BadRequestError);
    expect(String(refused)).toContain(`\`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${slowCall!.id}`);

    // 3. Started again on the same session: repaired, accepted, finished.
    const second = await start("second").exited;
    expect(second.code, `the resumed run failed:\n${second.out}`).toBe(0);
    const report = JSON.parse(second.out.trim().split("\n").at(-1)!) as {
      answer: string;
      rejections: string[];
      requests: Anthropic.MessageCreateParamsNonStreaming[];
    };
    expect(report.rejections).toEqual([]);
    expect(report.answer).toContain("92.5");
    const sent = report.requests[0]!.messages;
    // The results message after the assistant turn: the real result untouched, the orphan answered.
    const results = sent[2]!.content as Anthropic.ToolResultBlockParam[];
    expect(results[0]).toEqual(after.messages[2]!.content[0]);
    expect(results[1]).toMatchObject({ type: "tool_result", tool_use_id: slowCall!.id, is_error: true });
    expect(String(results[1]!.content)).toMatch(/Interrupted.*effect is unknown/s);
    expect(sent.at(-1)).toEqual({ role: "user", content: "Что с ценой?" });

    // The repair was written down too, so the file itself now reads as a valid conversation.
    const final = await loadSession(sessionFile);
    expect(final.messages.map((m) => m.role)).toEqual(["user", "assistant", "user", "user", "assistant"]);
    expect((await readFile(sessionFile, "utf8")).trim().split("\n")).toHaveLength(6);
  }, 90_000);
});

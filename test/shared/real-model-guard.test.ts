// Waiting for a real model, against local servers on 127.0.0.1 (never the real API): a server that
// answers HTML, broken JSON or another API's shape is reported as exactly that with its address; a
// server that never answers is given up on, naming it; a long retry-after is not waited on silently;
// --budget stops before a request that could pass it. No retries hide any of these.

import http from "node:http";
import type { AddressInfo } from "node:net";
import Anthropic from "@anthropic-ai/sdk";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createClient } from "../../shared/client.ts";
import { createOfflineFetch } from "../../shared/offline/offline-model.ts";
import { createRealModelGuard, RealModelStop, type GuardOptions } from "../../shared/real-model/guard.ts";
import { createSpinner } from "../../shared/real-model/spinner.ts";
import { runCli } from "../helpers/run-cli.ts";
import { canRunPty, ptyKind, Terminal } from "./pty-terminal.ts";

const servers: http.Server[] = [];
const hits: Record<string, number> = {};

function serve(name: string, handler: (req: http.IncomingMessage, res: http.ServerResponse, body: string) => void): Promise<string> {
  const server = http.createServer((req, res) => {
    hits[name] = (hits[name] ?? 0) + 1;
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => handler(req, res, body));
  });
  servers.push(server);
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

const url: Record<string, string> = {};
const offline = createOfflineFetch();

beforeAll(async () => {
  url.html = await serve("html", (_q, res) => {
    res.setHeader("content-type", "text/html; charset=utf-8");
    res.end("<!doctype html><html><head><title>Router login</title></head><body>Sign in</body></html>");
  });
  url.broken = await serve("broken", (_q, res) => {
    res.setHeader("content-type", "application/json");
    res.end('{"id": "msg_1", "content": [');
  });
  url.openai = await serve("openai", (_q, res) => {
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify({ id: "chatcmpl-1", object: "chat.completion", choices: [{ message: { content: "hi" } }] }));
  });
  url.silent = await serve("silent", () => undefined);
  url.limited = await serve("limited", (_q, res) => {
    res.statusCode = 429;
    res.setHeader("content-type", "application/json");
    res.setHeader("retry-after", "120");
    res.end(JSON.stringify({ type: "error", error: { type: "rate_limit_error", message: "Number of request tokens has exceeded your per-minute rate limit" } }));
  });
  let limitedOnce = 0;
  url.briefly = await serve("briefly", async (req, res, body) => {
    if (limitedOnce++ === 0) {
      res.statusCode = 429;
      res.setHeader("content-type", "application/json");
      res.setHeader("retry-after-ms", "20");
      res.end(JSON.stringify({ type: "error", error: { type: "rate_limit_error", message: "slow down" } }));
      return;
    }
    await relay(req, res, body);
  });
  // A well-behaved Messages API: the course's offline model, served over HTTP.
  url.good = await serve("good", (req, res, body) => void relay(req, res, body));
  // The same, thinking for 1.5 s before each answer.
  url.slow = await serve("slow", (req, res, body) => void setTimeout(() => void relay(req, res, body), 1500));
}, 30_000);

async function relay(req: http.IncomingMessage, res: http.ServerResponse, body: string): Promise<void> {
  const answer = await offline(`http://model.local${req.url}`, { method: req.method, body, headers: { "content-type": "application/json" } });
  res.statusCode = answer.status;
  res.setHeader("content-type", answer.headers.get("content-type") ?? "application/json");
  res.end(await answer.text());
}

afterAll(() => {
  for (const server of servers) server.closeAllConnections?.(), server.close();
});
afterEach(() => vi.unstubAllEnvs());

function clientFor(base: string, options: GuardOptions = {}) {
  const guard = createRealModelGuard({ spinner: createSpinner({ isTTY: false, write: () => true } as unknown as NodeJS.WriteStream), ...options });
  // Undone after each test (below), so the files that share this worker never see a key.
  vi.stubEnv("ANTHROPIC_API_KEY", "sk-ant-test-never-sent-anywhere-but-127.0.0.1");
  vi.stubEnv("ANTHROPIC_BASE_URL", base);
  const { client, mode } = createClient({ realModelGuard: guard });
  expect(mode).toBe("claude");
  return { client, guard };
}

const ask = (client: Anthropic, text = "How many euros is one dollar?") =>
  client.messages.create({ model: "claude-haiku-5-5", max_tokens: 256, messages: [{ role: "user", content: text }] });

async function stopOf(promise: Promise<unknown>): Promise<RealModelStop> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, "the request should have been stopped with a RealModelStop").toBeInstanceOf(RealModelStop);
  return error as RealModelStop;
}

describe("answers that are not the Messages API are reported as such, with the address", () => {
  it("an HTML page: its title, the status and the URL; asked once (no retries)", async () => {
    const { client } = clientFor(url.html!);
    const stop = await stopOf(ask(client));
    expect(stop.message).toContain(`The server at ${url.html} answered an HTML page (HTTP 200, text/html; charset=utf-8), titled "Router login"`);
    expect(stop.message).toContain(`POST ${url.html}/v1/messages`);
    expect(stop.message).toContain("Check ANTHROPIC_BASE_URL");
    expect(hits.html).toBe(1);
  });

  it("malformed JSON, and JSON of another API's shape", async () => {
    expect((await stopOf(ask(clientFor(url.broken!).client))).message).toMatch(/answered malformed JSON \(HTTP 200, application\/json\): "\{"id": "msg_1", "content": \["/);
    const other = await stopOf(ask(clientFor(url.openai!).client));
    expect(other.message).toContain("answered JSON of another shape (HTTP 200, application/json), with keys: id, object, choices");
  });
});

describe("waiting", () => {
  it("no answer within the timeout: stops, naming the server, without retrying", async () => {
    const { client } = clientFor(url.silent!, { timeoutSeconds: 0.3 });
    const stop = await stopOf(ask(client));
    expect(stop.message).toMatch(new RegExp(`^No answer from ${url.silent!.replace(/\./g, "\\.")} in 0\\.3 s, so the course stopped waiting\\.`));
    expect(stop.message).toContain("COURSE_TIMEOUT_S");
    expect(hits.silent).toBe(1);
  });

  it("a 429 asking to wait 120 s: says so and stops instead of waiting", async () => {
    const stop = await stopOf(ask(clientFor(url.limited!).client));
    expect(stop.message).toContain(`${url.limited} is rate limiting you (HTTP 429) and asks to wait 120 s before the next request.`);
    expect(stop.message).toContain("run again in 2 minutes");
    expect(hits.limited).toBe(1);
  });

  it("a 429 with a short retry-after is retried by the SDK as usual", async () => {
    const message = await ask(clientFor(url.briefly!).client);
    expect(message.type).toBe("message");
    expect(hits.briefly).toBe(2);
  });

  it("the spinner draws only on a terminal, and clears its line", () => {
    let written = "";
    const tty = createSpinner({ isTTY: true, write: (s: string) => ((written += s), true) } as unknown as NodeJS.WriteStream);
    tty.start("Claude is thinking...");
    tty.stop();
    expect(written).toContain("Claude is thinking... 0 s");
    expect(written.endsWith("\r\x1b[K")).toBe(true);
    let piped = "";
    const pipe = createSpinner({ isTTY: false, write: (s: string) => ((piped += s), true) } as unknown as NodeJS.WriteStream);
    pipe.start("Claude is thinking...");
    pipe.stop();
    expect(piped).toBe("");
  });
});

describe("--budget", () => {
  it("stops before a request that could pass the budget, before it reaches the server", async () => {
    const before = hits.good ?? 0;
    const { client } = clientFor(url.good!, { budgetUsd: 0.0001 });
    const stop = await stopOf(ask(client));
    expect(stop.message).toMatch(/^Stopped before request 1: it could cost up to \$0\.\d{4} \(about \d+ tokens in, up to 256 out\), and \$0\.0000 of the \$0\.0001 budget is spent\./);
    expect(hits.good ?? 0).toBe(before);
  });

  it("counts what each answer cost, and stops once the next request could pass it", async () => {
    // Request 1 may cost up to ~$0.00013 (256 tokens out at Haiku 5.5's $0.50 per million); request 2,
    // with max_tokens 1000, up to ~$0.0005 on its own: a budget between the two stops request 2.
    const { client, guard } = clientFor(url.good!, { budgetUsd: 0.0003 });
    await ask(client);
    expect(guard.spentUsd()).toBeGreaterThan(0);
    const stop = await stopOf(client.messages.create({ model: "claude-haiku-5-5", max_tokens: 1000, messages: [{ role: "user", content: "Convert 5 USD to EUR" }] }));
    expect(stop.message).toMatch(/^Stopped before request 2: .* of the \$0\.0003 budget is spent\./);
  });
});

describe("npm run lesson against a local server", { timeout: 60_000 }, () => {
  const lesson = (base: string, ...args: string[]) =>
    runCli(["lesson", "1", ...args], { env: { ANTHROPIC_API_KEY: "sk-ant-test-local-only", ANTHROPIC_BASE_URL: base } });

  it("an HTML answer is one clear message with the URL, not a crash with a stack trace", async () => {
    const { code, out } = await lesson(url.html!);
    expect(code).toBe(1);
    expect(out).toContain(`The server at ${url.html} answered an HTML page`);
    expect(out).not.toContain("The agent crashed");
    expect(out).not.toMatch(/^\s+at /m);
    expect(out).not.toContain("thinking"); // no spinner in piped output
  });

  it("--budget: the summary line shows spent / budget; a bad amount is a usage error", async () => {
    const { code, out } = await lesson(url.good!, "--budget", "0.50");
    expect(code, out).toBe(0);
    expect(out).toMatch(/turns: 2 · tool calls: 1 .* · budget: \$0\.\d{4} of \$0\.50 spent/);
    const bad = await lesson(url.good!, "--budget", "lots");
    expect(bad.code).toBe(2);
    expect(bad.out).toContain('--budget takes an amount of US dollars greater than 0, like --budget 0.05; got "lots".');
  });
});

describe.skipIf(!canRunPty)(`the spinner on a terminal (${ptyKind})`, () => {
  it("shows \"Claude is thinking... N s\" while a slow answer is on its way, then clears it", async () => {
    const term = new Terminal(process.cwd(), ["lesson", "1"], { ANTHROPIC_API_KEY: "sk-ant-test-local-only", ANTHROPIC_BASE_URL: url.slow! });
    await term.waitFor(() => term.exitCode !== null, "lesson 1 to end");
    expect(term.exitCode, term.screen()).toBe(0);
    expect(term.raw).toMatch(/⠋ Claude is thinking\.\.\. 0 s/);
    expect(term.raw).toMatch(/Claude is thinking\.\.\. 1 s/);
    expect(term.raw).toContain("\r\x1b[K");
    expect(term.screen()).toMatch(/turns: 2 · tool calls: 1/);
  }, 90_000);
});

// npm run doctor against local servers on 127.0.0.1: one that answers like the Messages API, one that
// answers an HTML page, one that never answers, and a port where nothing listens. Run in a temporary
// copy of the course, with a made-up key that must never appear in the output.

import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyCourse, type CourseCopy } from "../../shared/cli/course-copy.ts";
import { describeFindings, findLatinProse } from "../../shared/cli/latin-prose.ts";
import { runCli } from "../helpers/run-cli.ts";

const KEY = `sk-ant-api03-${"Zq7".repeat(30)}AA`;
let copy: CourseCopy;
const servers: http.Server[] = [];

function serve(handler: http.RequestListener): Promise<string> {
  const server = http.createServer(handler);
  servers.push(server);
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

const doctor = (env: Record<string, string>) => runCli(["doctor"], { cwd: copy.root, env: { COURSE_TIMEOUT_S: "1", ...env } });

let good = "";
let html = "";
let silent = "";
let closed = "";
const seen: Array<{ method?: string; url?: string; auth: boolean }> = [];

beforeAll(async () => {
  copy = copyCourse(process.cwd(), "course-doctor-");
  good = await serve((req, res) => {
    seen.push({ method: req.method, url: req.url, auth: req.headers["x-api-key"] === KEY });
    res.setHeader("content-type", "application/json");
    if (req.method === "GET" && req.url === "/v1/models/claude-haiku-5-5") {
      res.end(JSON.stringify({ type: "model", id: "claude-haiku-5-5", display_name: "Claude Haiku 5.5" }));
    } else if (req.method === "GET") {
      res.statusCode = 404;
      res.end(JSON.stringify({ type: "error", error: { type: "not_found_error", message: "model: nope" } }));
    } else {
      res.statusCode = 400;
      res.end(JSON.stringify({ type: "error", error: { type: "invalid_request_error", message: "messages: at least one message is required" } }));
    }
  });
  html = await serve((_req, res) => {
    res.setHeader("content-type", "text/html");
    res.end("<!DOCTYPE html><html><head><title>Welcome to nginx!</title></head><body>hi</body></html>");
  });
  silent = await serve(() => undefined); // takes the request and never answers
  const spare = http.createServer();
  await new Promise<void>((resolve) => spare.listen(0, "127.0.0.1", resolve));
  closed = `http://127.0.0.1:${(spare.address() as AddressInfo).port}`;
  await new Promise((resolve) => spare.close(resolve));
}, 60_000);

afterAll(() => {
  for (const server of servers) server.closeAllConnections?.(), server.close();
  copy?.remove();
});

describe("npm run doctor", { timeout: 60_000 }, () => {
  it("under COURSE_LANG=ru: every line Russian (names, commands and URLs aside: shared/cli/latin-prose.ts)", async () => {
    const { out } = await doctor({ COURSE_LANG: "ru", ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: good });
    expect(out).toContain("Node.js");
    expect(findLatinProse(out), describeFindings(findLatinProse(out))).toEqual([]);
  });

  it("a server that answers like the Messages API: every check ok or warn, exit 0, the key never printed", async () => {
    const { code, out } = await doctor({ ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: good });
    expect(code, out).toBe(0);
    expect(out).toMatch(/^ok {4}Node\.js \d+\.\d+\.\d+ \(20 or later needed\)$/m);
    expect(out).toMatch(/^ok {4}dependencies installed, matching package-lock\.json/m);
    expect(out).toMatch(/^ok {4}the bundler works \(esbuild /m);
    expect(out).toMatch(/^ok {4}ANTHROPIC_API_KEY is set and shaped like a key \(sk-ant-\.\.\., \d+ characters\)$/m);
    expect(out).toContain(`ok    ANTHROPIC_BASE_URL (${good}) answers like the Messages API (HTTP 400)`);
    expect(out).toContain("ok    model claude-haiku-5-5: the API knows it");
    expect(out).toMatch(/^(ok|warn) .*terminal/m);
    expect(out).not.toMatch(/^fail/m);
    expect(out).not.toContain(KEY.slice(7, 20));
    expect(seen.some((r) => r.method === "POST" && r.url === "/v1/messages" && r.auth)).toBe(true);
  });

  it("a server that answers HTML: fail, saying what it answered and where, exit 1", async () => {
    const { code, out } = await doctor({ ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: html });
    expect(code).toBe(1);
    expect(out).toContain(`fail  ANTHROPIC_BASE_URL (${html}) does not answer like the Messages API: POST ${html}/v1/messages got an HTML page (HTTP 200, text/html), titled "Welcome to nginx!"`);
    expect(out).toMatch(/fix: point ANTHROPIC_BASE_URL at an Anthropic-compatible server/);
    expect(out).not.toContain(KEY.slice(7, 20));
  });

  it("a server that never answers, and a port where nothing listens: fail with the reason, exit 1", async () => {
    const quiet = await doctor({ ANTHROPIC_API_KEY: "", ANTHROPIC_BASE_URL: silent });
    expect(quiet.code).toBe(1);
    expect(quiet.out).toContain(`fail  ANTHROPIC_BASE_URL (${silent}) does not answer: no answer within 1 s`);
    const refused = await doctor({ ANTHROPIC_API_KEY: "", ANTHROPIC_BASE_URL: closed });
    expect(refused.code).toBe(1);
    expect(refused.out).toContain(`fail  ANTHROPIC_BASE_URL (${closed}) does not answer: nothing is listening there (connection refused)`);
    expect(refused.out).toMatch(/fix: start the server, or fix or remove ANTHROPIC_BASE_URL/);
  });

  it("a key of the wrong shape and an unknown model name fail without printing the key", async () => {
    const bad = `"sk-ant-${"x".repeat(12)}secretpart"`;
    const { code, out } = await doctor({ ANTHROPIC_API_KEY: bad, ANTHROPIC_BASE_URL: "", ANTHROPIC_MODEL: "claude-imaginary-9" });
    expect(code).toBe(1);
    expect(out).toMatch(/^fail  ANTHROPIC_API_KEY does not look like an Anthropic key: it is wrapped in quotes/m);
    expect(out).toContain("fail  model claude-imaginary-9: the SDK does not know this model name");
    expect(out).not.toContain("secretpart");
  });
});

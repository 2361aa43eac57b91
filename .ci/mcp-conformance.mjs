// CI: the official MCP conformance suite (@modelcontextprotocol/conformance, server scenarios) against
// `npm run mcp -- --http`, exactly as a learner starts it. Needs Node 22 or newer (the suite's own
// requirement); .ci/run runs it on Node 24. docs/MCP_CONFORMANCE.md lists every scenario.
//
// The suite connects without credentials, and the course server refuses any request without its
// bearer token. So the suite talks to a small pass-through proxy here that adds
// "Authorization: Bearer <token>" and forwards everything else untouched, Host and Origin included, so
// the DNS rebinding scenario still reaches the server's own checks. The token is chosen here and given
// to the server through COURSE_MCP_TOKEN, as a learner may.
//
//   node .ci/mcp-conformance.mjs              the applicable scenarios; exit 1 if any fails
//   node .ci/mcp-conformance.mjs --all        the same, with the suite's own report and every scenario's outcome

import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";

// The scenarios that test what the course server declares (docs/MCP_CONFORMANCE.md says why the
// others do not apply). A scenario that needs the suite's own test tools, prompts or resources is not
// here: against this server it could only fail, or pass hollowly by calling a tool that is not there.
export const APPLICABLE = [
  "server-initialize",
  "ping",
  "logging-set-level",
  "tools-list",
  "resources-list",
  "prompts-list",
  "server-sse-multiple-streams",
  "dns-rebinding-protection",
];

const root = path.resolve(import.meta.dirname, "..");
const all = process.argv.includes("--all");
const token = randomBytes(24).toString("base64url");
const scratch = mkdtempSync(path.join(os.tmpdir(), "course-mcp-conformance-"));

const server = spawn(
  process.execPath,
  ["shared/cli/launch.mjs", "mcp", "--http", "--port", "0", "--workspace", path.join(scratch, "workspace"), "--memory", path.join(scratch, "memory")],
  { cwd: root, env: { ...process.env, COURSE_MCP_TOKEN: token, COURSE_LANG: "en" }, stdio: ["ignore", "inherit", "pipe"] },
);
let log = "";
const serverUrl = await new Promise((resolve, reject) => {
  const timer = setTimeout(() => reject(new Error(`the server did not start within 120 s:\n${log}`)), 120_000);
  server.stderr.on("data", (chunk) => {
    log += chunk;
    const found = /(http:\/\/127\.0\.0\.1:\d+)\/mcp/.exec(log);
    if (found) {
      clearTimeout(timer);
      resolve(found[1]);
    }
  });
  server.on("exit", (code) => reject(new Error(`the server exited (${code}) before it listened:\n${log}`)));
});
const target = new URL(serverUrl);

const proxy = http.createServer((req, res) => {
  const upstream = http.request(
    { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, authorization: `Bearer ${token}` } },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on("error", () => res.destroy());
  res.on("close", () => upstream.destroy());
  req.pipe(upstream);
});
await new Promise((resolve) => proxy.listen(0, "127.0.0.1", resolve));
const url = `http://localhost:${proxy.address().port}/mcp`;

// One run of the whole suite (its start takes seconds, so not one run per scenario); then each
// scenario's checks.json decides. Exit codes of the suite are not used: they count every scenario.
const bin = path.join(root, "node_modules", ".bin", "conformance");
const results = path.join(scratch, "results");
console.log(`MCP conformance suite against npm run mcp -- --http (Node ${process.version}), through ${url}`);
await new Promise((resolve) => {
  // A child process: this one's event loop must stay free to forward the suite's requests.
  const run = spawn(bin, ["server", "--url", url, "--suite", "all", "--output-dir", results], { cwd: scratch, stdio: all ? "inherit" : "ignore" });
  // A hung scenario must not hang CI: whatever has not finished in 5 minutes counts as not run.
  const timer = setTimeout(() => run.kill("SIGKILL"), 300_000);
  run.on("error", (error) => console.error(`could not start the suite (${bin}): ${error.message}`));
  run.on("close", () => {
    clearTimeout(timer);
    resolve();
  });
});

const verdicts = new Map();
for (const dir of existsSync(results) ? readdirSync(results) : []) {
  const scenario = /^server-(.+)-\d{4}-\d{2}-\d{2}T/.exec(dir)?.[1];
  if (!scenario) continue;
  const checks = JSON.parse(readFileSync(path.join(results, dir, "checks.json"), "utf8"));
  const bad = checks.filter((check) => check.status === "FAILURE");
  verdicts.set(scenario, bad.length === 0 ? "passed" : `FAILED: ${bad.map((check) => `${check.id}: ${check.errorMessage ?? check.description}`).join("; ")}`);
}
const failed = [];
for (const scenario of APPLICABLE) {
  const verdict = verdicts.get(scenario) ?? "FAILED: the suite did not run it";
  if (verdict !== "passed") failed.push(scenario);
  console.log(`  ${verdict === "passed" ? "✓" : "✗"} ${scenario}${verdict === "passed" ? "" : `  ${verdict}`}`);
}
const others = [...verdicts.keys()].filter((name) => !APPLICABLE.includes(name)).sort();
console.log(`  not applicable (docs/MCP_CONFORMANCE.md says why): ${others.join(", ")}`);
if (all) for (const name of others) console.log(`    ${name}: ${verdicts.get(name)}`);
const scenarios = APPLICABLE;
// Every scenario the suite ran must be in the doc's table, applicable or not, with its reason.
const doc = readFileSync(path.join(root, "docs", "MCP_CONFORMANCE.md"), "utf8");
const unlisted = [...verdicts.keys()].filter((name) => !doc.includes(`| \`${name}\` |`));
if (unlisted.length > 0) failed.push(`not in docs/MCP_CONFORMANCE.md: ${unlisted.join(", ")} (say whether each applies, and why)`);

proxy.close();
proxy.closeAllConnections();
// Ctrl+C, as a learner stops it: the server must close its sessions and exit with 0.
server.kill("SIGINT");
const exitCode = await new Promise((resolve) => server.on("exit", (code) => resolve(code)));
if (exitCode !== 0) failed.push(`the server exited with ${exitCode} on SIGINT, not 0:\n${log}`);
rmSync(scratch, { recursive: true, force: true });

if (failed.length > 0) {
  console.error(`\nMCP conformance failed: ${failed.join("; ")}`);
  process.exit(1);
}
console.log(`\nMCP conformance: all ${scenarios.length} applicable scenarios passed (${scenarios.join(", ")}).`);

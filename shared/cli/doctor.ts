// npm run doctor: is this machine ready for the course? One line per check, ok / warn / fail, and a
// fix for each failure. Exit 1 if anything failed. The key is never printed, not even in part.

import { accessSync, constants, existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import chalk from "chalk";
import dotenv from "dotenv";
import { notMessagesApi, type RawAnswer } from "../api-answer.ts";
import { modelName } from "../model.ts";
import { requestTimeoutSeconds } from "../request-timeout.ts";

export type Level = "ok" | "warn" | "fail";
export interface Finding {
  level: Level;
  what: string;
  fix?: string;
}

const DEFAULT_BASE_URL = "https://api.anthropic.com";
const API_VERSION = "2023-06-01";

export async function doctorCommand(): Promise<number> {
  dotenv.config({ quiet: true });
  const findings: Finding[] = [];
  const add = (finding: Finding) => {
    findings.push(finding);
    print(finding);
  };
  add(nodeVersion());
  add(dependencies());
  add(await bundler());
  add(envFile());
  const key = apiKey();
  add(key.finding);
  const base = await baseUrl(key.usable);
  add(base.finding);
  add(await model(base.reachable, key.usable));
  add(workspaceWritable());
  add(terminal());
  const failed = findings.filter((f) => f.level === "fail").length;
  const warned = findings.filter((f) => f.level === "warn").length;
  console.log(`\n${failed === 0 ? chalk.green("Ready.") : chalk.red(`${failed} check(s) failed.`)} ${findings.length} checks: ${failed} failed, ${warned} warnings.`);
  return failed === 0 ? 0 : 1;
}

function print(f: Finding): void {
  const tag = { ok: chalk.green("ok  "), warn: chalk.yellow("warn"), fail: chalk.red("fail") }[f.level];
  console.log(`${tag}  ${f.what}`);
  if (f.fix) console.log(`      ${chalk.dim("fix:")} ${f.fix}`);
}

function nodeVersion(): Finding {
  const major = Number(process.versions.node.split(".")[0]);
  return major >= 20
    ? { level: "ok", what: `Node.js ${process.versions.node} (20 or later needed)` }
    : { level: "fail", what: `Node.js ${process.versions.node} is too old: the course needs 20 or later`, fix: "install Node.js 20, 22 or 24 (https://nodejs.org)" };
}

function readJson(file: string): Record<string, unknown> | undefined {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

function dependencies(): Finding {
  const pkg = readJson("package.json") as { dependencies?: Record<string, string>; devDependencies?: Record<string, string> } | undefined;
  const lock = readJson("package-lock.json") as { packages?: Record<string, { version?: string }> } | undefined;
  if (!pkg) return { level: "fail", what: "no package.json here", fix: "run the course's commands from the course folder" };
  const names = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies });
  const missing: string[] = [];
  const differ: string[] = [];
  for (const name of names) {
    const installed = readJson(path.join("node_modules", name, "package.json")) as { version?: string } | undefined;
    if (!installed) {
      missing.push(name);
      continue;
    }
    const locked = lock?.packages?.[`node_modules/${name}`]?.version;
    if (locked && installed.version !== locked) differ.push(`${name} ${installed.version} (lock file: ${locked})`);
  }
  if (missing.length > 0) return { level: "fail", what: `dependencies not installed: ${missing.join(", ")}`, fix: "npm install" };
  if (differ.length > 0) return { level: "fail", what: `installed packages differ from package-lock.json: ${differ.join("; ")}`, fix: "npm ci" };
  return { level: "ok", what: `dependencies installed, matching package-lock.json (${names.length} packages)` };
}

async function bundler(): Promise<Finding> {
  try {
    const esbuild = await import("esbuild");
    const out = await esbuild.transform("const n: number = 1; export { n };", { loader: "ts" });
    if (!out.code.includes("n = 1")) throw new Error("unexpected output");
    return { level: "ok", what: `the bundler works (esbuild ${esbuild.version})` };
  } catch (error) {
    return {
      level: "fail",
      what: `the bundler (esbuild) does not run: ${(error as Error).message.split("\n")[0]}`,
      fix: "npm rebuild esbuild (or delete node_modules and run npm install)",
    };
  }
}

function envFile(): Finding {
  if (!existsSync(".env")) return { level: "ok", what: ".env not present: lessons run on the offline demo model (for Claude: cp .env.example .env, then set ANTHROPIC_API_KEY)" };
  try {
    accessSync(".env", constants.R_OK);
    return { level: "ok", what: ".env present" };
  } catch {
    return { level: "fail", what: ".env is present but cannot be read", fix: "check its permissions (chmod 600 .env)" };
  }
}

// The key's shape only, never its text.
function apiKey(): { finding: Finding; usable: string | undefined } {
  const raw = process.env.ANTHROPIC_API_KEY;
  if (raw === undefined || raw.trim() === "") {
    return { finding: { level: "ok", what: "ANTHROPIC_API_KEY not set: the offline demo model is used" }, usable: undefined };
  }
  const key = raw.trim();
  const problems: string[] = [];
  if (raw !== key) problems.push("it has spaces or a line break around it");
  if (/^["']|["']$/.test(key)) problems.push("it is wrapped in quotes");
  if (!/^sk-ant-/.test(key.replace(/^["']/, ""))) problems.push("it does not start with sk-ant-");
  if (/[^A-Za-z0-9_\-"']/.test(key)) problems.push("it has characters a key never has");
  if (key.length < 40) problems.push(`it is only ${key.length} characters long`);
  if (problems.length > 0) {
    return {
      finding: { level: "fail", what: `ANTHROPIC_API_KEY does not look like an Anthropic key: ${problems.join("; ")}`, fix: "copy the key again from https://console.anthropic.com/ into .env, as ANTHROPIC_API_KEY=sk-ant-..." },
      usable: undefined,
    };
  }
  return { finding: { level: "ok", what: `ANTHROPIC_API_KEY is set and shaped like a key (sk-ant-..., ${key.length} characters)` }, usable: key };
}

async function probe(url: string, init: RequestInit): Promise<RawAnswer | { error: string }> {
  const seconds = Math.min(10, requestTimeoutSeconds());
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(seconds * 1000) });
    return { status: response.status, contentType: response.headers.get("content-type") ?? "", body: await response.text() };
  } catch (error) {
    const err = error as Error & { cause?: { code?: string } };
    if (err.name === "TimeoutError" || err.name === "AbortError") return { error: `no answer within ${seconds} s` };
    const code = err.cause?.code;
    if (code === "ECONNREFUSED") return { error: "nothing is listening there (connection refused)" };
    if (code === "ENOTFOUND") return { error: "the host name does not resolve" };
    return { error: `${err.message}${code ? ` (${code})` : ""}` };
  }
}

function headers(key: string | undefined): Record<string, string> {
  const h: Record<string, string> = { "content-type": "application/json", "anthropic-version": API_VERSION };
  if (key) h["x-api-key"] = key;
  return h;
}

async function baseUrl(key: string | undefined): Promise<{ finding: Finding; reachable: string | undefined }> {
  const set = process.env.ANTHROPIC_BASE_URL?.trim();
  if (!set && !key) return { finding: { level: "ok", what: "ANTHROPIC_BASE_URL not set, and no key: no server to ask (offline demo model)" }, reachable: undefined };
  const base = (set || DEFAULT_BASE_URL).replace(/\/+$/, "");
  const name = set ? `ANTHROPIC_BASE_URL (${base})` : `the API at ${base}`;
  if (set && /\/v1$/.test(base)) {
    return { finding: { level: "fail", what: `${name} ends in /v1: the SDK adds /v1/messages itself`, fix: `set ANTHROPIC_BASE_URL=${base.replace(/\/v1$/, "")}` }, reachable: undefined };
  }
  // A request the API refuses without running a model (no messages): free, and answered in its own shape.
  const answer = await probe(`${base}/v1/messages`, { method: "POST", headers: headers(key), body: JSON.stringify({ model: modelName(), max_tokens: 1, messages: [] }) });
  if ("error" in answer) {
    return { finding: { level: "fail", what: `${name} does not answer: ${answer.error}`, fix: set ? "start the server, or fix or remove ANTHROPIC_BASE_URL in .env" : "check your network connection" }, reachable: undefined };
  }
  const wrong = notMessagesApi(answer);
  if (wrong) {
    return {
      finding: { level: "fail", what: `${name} does not answer like the Messages API: POST ${base}/v1/messages got ${wrong}`, fix: "point ANTHROPIC_BASE_URL at an Anthropic-compatible server (its address without /v1)" },
      reachable: undefined,
    };
  }
  if (answer.status === 401) {
    return { finding: { level: "fail", what: `${name} answers like the Messages API, but refuses the key (401)`, fix: "check ANTHROPIC_API_KEY in .env" }, reachable: base };
  }
  return { finding: { level: "ok", what: `${name} answers like the Messages API (HTTP ${answer.status})` }, reachable: base };
}

// Known model names from the SDK's own type list, and its deprecation list (read from its files).
function sdkModels(): { known: Set<string>; deprecated: Map<string, string> } | undefined {
  try {
    const sdk = path.join("node_modules", "@anthropic-ai", "sdk");
    const types = readFileSync(path.join(sdk, "resources", "messages", "messages.d.ts"), "utf8");
    const union = types.match(/export type Model = ([^;]+);/)?.[1] ?? "";
    const known = new Set([...union.matchAll(/'([^']+)'/g)].map((m) => m[1]!));
    const data = readFileSync(path.join(sdk, "internal", "data", "deprecated-models.mjs"), "utf8");
    const deprecated = new Map([...data.matchAll(/'([^']+)':\s*'([^']+)'/g)].map((m) => [m[1]!, m[2]!] as [string, string]));
    return known.size > 0 ? { known, deprecated } : undefined;
  } catch {
    return undefined;
  }
}

async function model(base: string | undefined, key: string | undefined): Promise<Finding> {
  const name = modelName();
  const sdk = sdkModels();
  const local = Boolean(process.env.ANTHROPIC_BASE_URL?.trim());
  const end = sdk?.deprecated.get(name);
  const deprecatedNote = end ? `; it is deprecated and reaches end of life on ${end}` : "";
  const fixDeprecated = "pick a current model: ANTHROPIC_MODEL in .env, or --model (e.g. claude-haiku-5-5)";
  if (base && key) {
    const answer = await probe(`${base}/v1/models/${encodeURIComponent(name)}`, { headers: headers(key) });
    if (!("error" in answer) && answer.status === 200) {
      return end ? { level: "warn", what: `model ${name}: the API knows it${deprecatedNote}`, fix: fixDeprecated } : { level: "ok", what: `model ${name}: the API knows it` };
    }
    if (!("error" in answer) && answer.status === 404 && !local) {
      return { level: "fail", what: `model ${name}: the Models API does not know it (404)`, fix: "set ANTHROPIC_MODEL to a model listed at https://docs.anthropic.com/en/docs/about-claude/models" };
    }
  }
  if (!sdk) return { level: "warn", what: `model ${name}: could not read the SDK's list of models to check it` };
  if (sdk.known.has(name)) {
    return end ? { level: "warn", what: `model ${name}: known to the SDK${deprecatedNote}`, fix: fixDeprecated } : { level: "ok", what: `model ${name}: known to the SDK` };
  }
  if (local) return { level: "warn", what: `model ${name}: not a Claude model the SDK knows (fine if your local server serves it)` };
  return { level: "fail", what: `model ${name}: the SDK does not know this model name`, fix: "set ANTHROPIC_MODEL to a current Claude model (e.g. claude-haiku-5-5), or remove it to use the default" };
}

function workspaceWritable(): Finding {
  const dir = existsSync("workspace") ? "workspace" : ".";
  const probeFile = path.join(dir, `.doctor-${process.pid}.tmp`);
  try {
    writeFileSync(probeFile, "");
    rmSync(probeFile, { force: true });
    return { level: "ok", what: dir === "workspace" ? "workspace/ is writable" : "workspace/ can be created here (lessons 03, 06 and 07 write into it)" };
  } catch (error) {
    return { level: "fail", what: `${dir === "workspace" ? "workspace/" : "the course folder"} is not writable: ${(error as Error).message}`, fix: "check the folder's owner and permissions" };
  }
}

function terminal(): Finding {
  return process.stdin.isTTY
    ? { level: "ok", what: "a terminal is attached (lesson 07 can ask before a side effect)" }
    : { level: "warn", what: "no terminal attached: lesson 07 cannot ask, so it refuses gated tools (run it in a terminal to answer y/n)" };
}

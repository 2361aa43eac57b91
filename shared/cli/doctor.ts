// npm run doctor: is this machine ready for the course? One line per check, ok / warn / fail, and a
// fix for each failure. Exit 1 if anything failed. The key is never printed, not even in part.

import { accessSync, constants, existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import chalk from "chalk";
import dotenv from "dotenv";
import { notMessagesApi, type RawAnswer } from "../api-answer.ts";
import { modelName } from "../model.ts";
import { requestTimeoutSeconds } from "../request-timeout.ts";
import { languageChoice } from "../i18n/language.ts";
import { messages } from "../i18n/messages.ts";

const m = () => messages().doctor;

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
  add(language());
  const failed = findings.filter((f) => f.level === "fail").length;
  const warned = findings.filter((f) => f.level === "warn").length;
  console.log(`\n${failed === 0 ? chalk.green(m().ready) : chalk.red(m().failedCount(failed))} ${m().summary(findings.length, failed, warned)}`);
  return failed === 0 ? 0 : 1;
}

function print(f: Finding): void {
  const tag = { ok: chalk.green(m().ok), warn: chalk.yellow(m().warn), fail: chalk.red(m().fail) }[f.level];
  console.log(`${tag}  ${f.what}`);
  if (f.fix) console.log(`      ${chalk.dim(m().fix)} ${f.fix}`);
}

function nodeVersion(): Finding {
  const major = Number(process.versions.node.split(".")[0]);
  return major >= 20
    ? { level: "ok", what: m().nodeOk(process.versions.node) }
    : { level: "fail", what: m().nodeOld(process.versions.node), fix: m().nodeFix };
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
  if (!pkg) return { level: "fail", what: m().noPackageJson, fix: m().noPackageJsonFix };
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
    if (locked && installed.version !== locked) differ.push(`${name} ${installed.version} (${m().lockFile(locked)})`);
  }
  if (missing.length > 0) return { level: "fail", what: m().depsMissing(missing.join(", ")), fix: "npm install" };
  if (differ.length > 0) return { level: "fail", what: m().depsDiffer(differ.join("; ")), fix: "npm ci" };
  return { level: "ok", what: m().depsOk(names.length) };
}

async function bundler(): Promise<Finding> {
  try {
    const esbuild = await import("esbuild");
    const out = await esbuild.transform("const n: number = 1; export { n };", { loader: "ts" });
    if (!out.code.includes("n = 1")) throw new Error("unexpected output");
    return { level: "ok", what: m().bundlerOk(esbuild.version) };
  } catch (error) {
    return { level: "fail", what: m().bundlerFail((error as Error).message.split("\n")[0] ?? ""), fix: m().bundlerFix };
  }
}

function envFile(): Finding {
  if (!existsSync(".env")) return { level: "ok", what: m().noEnv };
  try {
    accessSync(".env", constants.R_OK);
    return { level: "ok", what: m().envOk };
  } catch {
    return { level: "fail", what: m().envUnreadable, fix: m().envFix };
  }
}

// The key's shape only, never its text.
function apiKey(): { finding: Finding; usable: string | undefined } {
  const raw = process.env.ANTHROPIC_API_KEY;
  if (raw === undefined || raw.trim() === "") {
    return { finding: { level: "ok", what: m().noKey }, usable: undefined };
  }
  const key = raw.trim();
  const problems: string[] = [];
  if (raw !== key) problems.push(m().keySpaces);
  if (/^["']|["']$/.test(key)) problems.push(m().keyQuotes);
  if (!/^sk-ant-/.test(key.replace(/^["']/, ""))) problems.push(m().keyPrefix);
  if (/[^A-Za-z0-9_\-"']/.test(key)) problems.push(m().keyCharacters);
  if (key.length < 40) problems.push(m().keyShort(key.length));
  if (problems.length > 0) {
    return { finding: { level: "fail", what: m().keyBad(problems.join("; ")), fix: m().keyBadFix }, usable: undefined };
  }
  return { finding: { level: "ok", what: m().keyOk(key.length) }, usable: key };
}

async function probe(url: string, init: RequestInit): Promise<RawAnswer | { error: string }> {
  const seconds = Math.min(10, requestTimeoutSeconds());
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(seconds * 1000) });
    return { status: response.status, contentType: response.headers.get("content-type") ?? "", body: await response.text() };
  } catch (error) {
    const err = error as Error & { cause?: { code?: string } };
    if (err.name === "TimeoutError" || err.name === "AbortError") return { error: m().noAnswerWithin(seconds) };
    const code = err.cause?.code;
    if (code === "ECONNREFUSED") return { error: m().refused };
    if (code === "ENOTFOUND") return { error: m().noHost };
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
  if (!set && !key) return { finding: { level: "ok", what: m().noServer }, reachable: undefined };
  const base = (set || DEFAULT_BASE_URL).replace(/\/+$/, "");
  const name = set ? m().baseUrlNamed(base) : m().apiAt(base);
  if (set && /\/v1$/.test(base)) {
    return { finding: { level: "fail", what: m().endsInV1(name), fix: m().setBaseUrl(base.replace(/\/v1$/, "")) }, reachable: undefined };
  }
  // A request the API refuses without running a model (no messages): free, and answered in its own shape.
  const answer = await probe(`${base}/v1/messages`, { method: "POST", headers: headers(key), body: JSON.stringify({ model: modelName(), max_tokens: 1, messages: [] }) });
  if ("error" in answer) {
    return { finding: { level: "fail", what: m().noAnswer(name, answer.error), fix: set ? m().startServer : m().checkNetwork }, reachable: undefined };
  }
  const wrong = notMessagesApi(answer);
  if (wrong) {
    return { finding: { level: "fail", what: m().notMessagesApi(name, base, wrong), fix: m().notMessagesApiFix }, reachable: undefined };
  }
  if (answer.status === 401) {
    return { finding: { level: "fail", what: m().keyRefused(name), fix: m().checkKey }, reachable: base };
  }
  return { finding: { level: "ok", what: m().apiOk(name, answer.status) }, reachable: base };
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
  const deprecatedNote = end ? m().deprecated(end) : "";
  const fixDeprecated = m().pickCurrent;
  if (base && key) {
    const answer = await probe(`${base}/v1/models/${encodeURIComponent(name)}`, { headers: headers(key) });
    if (!("error" in answer) && answer.status === 200) {
      return end ? { level: "warn", what: m().modelKnownToApi(name, deprecatedNote), fix: fixDeprecated } : { level: "ok", what: m().modelKnownToApi(name, "") };
    }
    if (!("error" in answer) && answer.status === 404 && !local) {
      return { level: "fail", what: m().modelUnknownToApi(name), fix: m().modelUnknownToApiFix };
    }
  }
  if (!sdk) return { level: "warn", what: m().noModelList(name) };
  if (sdk.known.has(name)) {
    return end ? { level: "warn", what: m().modelKnownToSdk(name, deprecatedNote), fix: fixDeprecated } : { level: "ok", what: m().modelKnownToSdk(name, "") };
  }
  if (local) return { level: "warn", what: m().modelLocal(name) };
  return { level: "fail", what: m().modelUnknown(name), fix: m().modelUnknownFix };
}

function workspaceWritable(): Finding {
  const dir = existsSync("workspace") ? "workspace" : ".";
  const probeFile = path.join(dir, `.doctor-${process.pid}.tmp`);
  try {
    writeFileSync(probeFile, "");
    rmSync(probeFile, { force: true });
    return { level: "ok", what: dir === "workspace" ? m().workspaceOk : m().workspaceCreatable };
  } catch (error) {
    return { level: "fail", what: m().notWritable(dir === "workspace" ? "workspace" : "course", (error as Error).message), fix: m().notWritableFix };
  }
}

function terminal(): Finding {
  return process.stdin.isTTY ? { level: "ok", what: m().terminalOk } : { level: "warn", what: m().noTerminal };
}

// Which language the course's messages are in, and what decided it (COURSE_LANG, or the locale).
function language(): Finding {
  const choice = languageChoice();
  if (choice.warning) return { level: "warn", what: choice.warning, fix: m().languageFix };
  const why = { COURSE_LANG: m().fromCourseLang(choice.from.value), locale: m().fromLocale(choice.from.value), default: m().noSetting }[choice.from.setting];
  return { level: "ok", what: m().language(why) };
}

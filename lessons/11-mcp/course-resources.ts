// What the course server offers besides tools: resources (data a client may read and show, or attach
// to a conversation) and prompts (task templates a person picks, such as a slash command).
//
// It also completes arguments as a person types them (currencies, workspace paths).
//
// Resources, all read-only (the server has no method that writes them):
//   course://memory/SOUL.md, USER.md, MEMORY.md   lesson 06's memory files, by exact name only
//   course://workspace/                            the list of files in the workspace
//   course://workspace/{+path}                     one workspace file, as text
// A URI is text from the client. The memory files are a fixed table, so no URI can name another file;
// a workspace path goes through lesson 10's fence (resolveInProject): no "..", no absolute path, no
// link that lands outside the folder.

import fs from "node:fs/promises";
import path from "node:path";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CompleteRequestSchema,
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  type GetPromptResult,
  type Prompt,
  type ReadResourceResult,
  type Resource,
} from "@modelcontextprotocol/sdk/types.js";
import { SUPPORTED_CURRENCIES } from "../01-first-tool/exchange-rate.ts";
import { MEMORY_FILES } from "../06-memory/memory-folder.ts";
import { resolveInProject } from "../10-edit-tool/project-path.ts";

export const MEMORY_URI = "course://memory/";
export const WORKSPACE_URI = "course://workspace/";
// The MCP spec's code for a resource that does not exist.
export const RESOURCE_NOT_FOUND = -32002;
export const MAX_RESOURCE_BYTES = 1_000_000;
const MAX_LISTED_FILES = 500;

export interface CourseFolders {
  workspace: string;
  memoryDir: string;
}

function notFound(uri: string, why: string): McpError {
  return new McpError(RESOURCE_NOT_FOUND, `Resource not found: ${uri}: ${why}`, { uri });
}

// Every file under the workspace, relative, "/" between folders. Links are listed but never followed,
// so a link to / does not make the listing walk the whole disk.
export async function listWorkspace(workspace: string): Promise<string[]> {
  const found: string[] = [];
  async function walk(dir: string): Promise<void> {
    const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      if (found.length >= MAX_LISTED_FILES) return;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else found.push(path.relative(workspace, full).split(path.sep).join("/"));
    }
  }
  await walk(workspace);
  return found;
}

async function memoryResources(memoryDir: string): Promise<Resource[]> {
  const present = new Set(await fs.readdir(memoryDir).catch(() => [] as string[]));
  return MEMORY_FILES.filter((file) => present.has(file.name)).map((file) => ({
    uri: `${MEMORY_URI}${file.name}`,
    name: `memory/${file.name}`,
    description: `The assistant's memory (lesson 06): ${file.holds}. Read-only here; remember, forget and set_preference change it.`,
    mimeType: "text/markdown",
  }));
}

async function readText(file: string, uri: string): Promise<string> {
  const stat = await fs.stat(file).catch(() => undefined);
  if (!stat?.isFile()) throw notFound(uri, "not a file");
  if (stat.size > MAX_RESOURCE_BYTES) throw notFound(uri, `the file is ${stat.size} bytes; resources here are up to ${MAX_RESOURCE_BYTES}`);
  return fs.readFile(file, "utf8");
}

export async function readCourseResource(folders: CourseFolders, uri: string): Promise<ReadResourceResult> {
  if (uri.startsWith(MEMORY_URI)) {
    const file = MEMORY_FILES.find((f) => `${MEMORY_URI}${f.name}` === uri);
    if (!file) throw notFound(uri, `the memory files are ${MEMORY_FILES.map((f) => f.name).join(", ")}`);
    const text = await readText(path.join(folders.memoryDir, file.name), uri).catch(() => {
      throw notFound(uri, "not created yet (the first remember or set_preference creates it)");
    });
    return { contents: [{ uri, mimeType: "text/markdown", text }] };
  }
  if (uri === WORKSPACE_URI) {
    const files = await listWorkspace(folders.workspace);
    return { contents: [{ uri, mimeType: "text/plain", text: files.length > 0 ? `${files.join("\n")}\n` : "The workspace is empty.\n" }] };
  }
  if (uri.startsWith(WORKSPACE_URI)) {
    let relative: string;
    try {
      relative = uri.slice(WORKSPACE_URI.length).split("/").map(decodeURIComponent).join("/");
    } catch {
      throw notFound(uri, "the path is not valid percent-encoding");
    }
    let real: string;
    try {
      real = (await resolveInProject(folders.workspace, relative)).absolute;
    } catch (error) {
      throw notFound(uri, (error as Error).message.replaceAll("project", "workspace"));
    }
    return { contents: [{ uri, mimeType: "text/plain", text: await readText(real, uri) }] };
  }
  throw notFound(uri, `this server's resources start with ${MEMORY_URI} or ${WORKSPACE_URI}`);
}

export const PROMPTS: Prompt[] = [
  {
    name: "convert_and_save",
    title: "Convert and save",
    description: "Convert an amount between currencies with the course's tools and save a short report in the workspace.",
    arguments: [
      { name: "amount", description: "How much, e.g. 250", required: true },
      { name: "from_currency", description: `From: ${SUPPORTED_CURRENCIES.join(", ")}`, required: true },
      { name: "to_currency", description: `To: ${SUPPORTED_CURRENCIES.join(", ")}`, required: true },
      { name: "filename", description: "The report's file name (default: <from>-<to>.txt)", required: false },
    ],
  },
  {
    name: "what_do_you_remember",
    title: "What do you remember?",
    description: "Ask for a summary of what the assistant's memory holds about the user.",
    arguments: [],
  },
];

export function getCoursePrompt(name: string, args: Record<string, string> = {}): GetPromptResult {
  const say = (text: string): GetPromptResult => ({ messages: [{ role: "user", content: { type: "text", text } }] });
  if (name === "convert_and_save") {
    const amount = (args.amount ?? "").trim();
    if (!/^\d+(\.\d+)?$/.test(amount)) throw new McpError(ErrorCode.InvalidParams, `amount must be a plain number such as 250, not '${args.amount ?? ""}'.`);
    const [from, to] = [args.from_currency, args.to_currency].map((code) => (code ?? "").trim().toUpperCase());
    for (const code of [from, to]) {
      if (!SUPPORTED_CURRENCIES.includes(code!)) {
        throw new McpError(ErrorCode.InvalidParams, `currencies must be one of ${SUPPORTED_CURRENCIES.join(", ")}, not '${code}'.`);
      }
    }
    const filename = (args.filename ?? "").trim() || `${from!.toLowerCase()}-${to!.toLowerCase()}.txt`;
    return say(
      `Convert ${amount} ${from} to ${to}: look the rate up with get_exchange_rate, compute with calculate, then save a ` +
        `two-line report (the result, and the rate used) with save_to_file as ${filename}.`,
    );
  }
  if (name === "what_do_you_remember") {
    return say(`Read the memory resources (${MEMORY_URI}USER.md and ${MEMORY_URI}MEMORY.md) and tell me, in a few lines, what you know about me.`);
  }
  throw new McpError(ErrorCode.InvalidParams, `There is no prompt '${name}'. The prompts are ${PROMPTS.map((p) => p.name).join(", ")}.`);
}

// completion/complete: what a client offers while a person types a prompt argument or a template's
// path. Currencies for convert_and_save, workspace paths for the file template; at most 100 values.
export async function completeCourseArgument(folders: CourseFolders, ref: { type: string; name?: string; uri?: string }, argument: { name: string; value: string }): Promise<string[]> {
  const starting = (values: string[]) => values.filter((v) => v.toLowerCase().startsWith(argument.value.toLowerCase())).slice(0, 100);
  if (ref.type === "ref/prompt") {
    if (!PROMPTS.some((p) => p.name === ref.name)) throw new McpError(ErrorCode.InvalidParams, `There is no prompt '${ref.name}'. The prompts are ${PROMPTS.map((p) => p.name).join(", ")}.`);
    return ["from_currency", "to_currency"].includes(argument.name) ? starting(SUPPORTED_CURRENCIES) : [];
  }
  if (ref.type === "ref/resource" && ref.uri === `${WORKSPACE_URI}{+path}` && argument.name === "path") return starting(await listWorkspace(folders.workspace));
  throw new McpError(ErrorCode.InvalidParams, `Nothing to complete for ${ref.type} ${ref.name ?? ref.uri ?? ""}.`);
}

export function registerCourseResources(server: Server, folders: CourseFolders): void {
  server.setRequestHandler(CompleteRequestSchema, async (request) => {
    const values = await completeCourseArgument(folders, request.params.ref, request.params.argument);
    return { completion: { values, total: values.length, hasMore: false } };
  });
  server.setRequestHandler(ListResourcesRequestSchema, async () => ({
    resources: [
      ...(await memoryResources(folders.memoryDir)),
      { uri: WORKSPACE_URI, name: "workspace", description: "The files in the workspace, one relative path a line.", mimeType: "text/plain" },
    ],
  }));
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({
    resourceTemplates: [
      {
        uriTemplate: `${WORKSPACE_URI}{+path}`,
        name: "workspace file",
        description: "One file in the workspace, as text (paths as the workspace listing shows them).",
        mimeType: "text/plain",
      },
    ],
  }));
  server.setRequestHandler(ReadResourceRequestSchema, (request) => readCourseResource(folders, request.params.uri));
  server.setRequestHandler(ListPromptsRequestSchema, () => ({ prompts: PROMPTS }));
  server.setRequestHandler(GetPromptRequestSchema, (request) => getCoursePrompt(request.params.name, request.params.arguments));
}

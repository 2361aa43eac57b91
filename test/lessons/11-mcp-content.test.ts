// What the course server declares and serves besides tool calls: output schemas with structured
// results, annotations, logging levels, resources (memory and workspace, read-only, fenced) and
// prompts. The SDK's client talks to the server in memory (the HTTP layer has its own test file).

import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { LoggingMessageNotificationSchema, McpError, type LoggingMessageNotification } from "@modelcontextprotocol/sdk/types.js";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStarterFiles } from "../../lessons/06-memory/memory-folder.ts";
import { getCoursePrompt, readCourseResource, RESOURCE_NOT_FOUND } from "../../lessons/11-mcp/course-resources.ts";
import { courseTools, createCourseServer, OUTPUT_SCHEMAS } from "../../lessons/11-mcp/course-server.ts";

const SECRET = "OUTSIDE-THE-WORKSPACE-7f3a";
let root: string;
let workspace: string;
let memoryDir: string;
let client: Client;
const logs: LoggingMessageNotification["params"][] = [];

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), "course-mcp-content-"));
  workspace = path.join(root, "ws");
  memoryDir = path.join(workspace, "memory");
  await mkdir(path.join(workspace, "reports"), { recursive: true });
  await writeFile(path.join(workspace, "reports", "eur-usd.txt"), "250 EUR = 271.74 USD\n");
  await writeFile(path.join(workspace, "отчёт.txt"), "inside\n");
  await writeFile(path.join(root, "secret.txt"), `${SECRET}\n`);
  await symlink(path.join(root, "secret.txt"), path.join(workspace, "link-out.txt"));
  await symlink(root, path.join(workspace, "link-dir"));
  await createStarterFiles(memoryDir);
  const server = createCourseServer(courseTools(workspace, memoryDir), { workspace, memoryDir });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  client = new Client({ name: "test", version: "1.0.0" });
  client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => void logs.push(n.params));
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
});

afterAll(async () => {
  await client?.close();
  await rm(root, { recursive: true, force: true });
});

async function refusal(run: () => Promise<unknown>): Promise<McpError> {
  const error = await run().then(
    () => undefined,
    (e: unknown) => e,
  );
  // Checked by shape: the client may load its own copy of the SDK's error class.
  expect(error, "this must be refused").toMatchObject({ code: expect.any(Number), message: expect.any(String) });
  return error as McpError;
}

describe("the course server declares what it serves", () => {
  it("declares tools, logging, resources, prompts and completions", () => {
    const caps = client.getServerCapabilities()!;
    expect(Object.keys(caps).sort()).toEqual(["completions", "logging", "prompts", "resources", "tools"]);
  });

  it("annotates tools from their own readOnly flag: read-only ones are not destructive, the writers are", async () => {
    const { tools } = await client.listTools();
    const byName = Object.fromEntries(tools.map((t) => [t.name, t.annotations]));
    expect(byName.get_exchange_rate).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    expect(byName.calculate).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    for (const writer of ["save_to_file", "remember", "forget", "set_preference"]) {
      expect(byName[writer], writer).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    }
  });

  it("gives the tools that return data an outputSchema, and their results structuredContent that matches the text", async () => {
    const { tools } = await client.listTools();
    expect(tools.filter((t) => t.outputSchema).map((t) => t.name).sort()).toEqual(Object.keys(OUTPUT_SCHEMAS).sort());
    const rate = await client.callTool({ name: "get_exchange_rate", arguments: { from_currency: "usd", to_currency: "EUR" } });
    const text = (rate.content as Array<{ text: string }>)[0]!.text;
    expect(rate.structuredContent).toEqual(JSON.parse(text));
    expect(rate.structuredContent).toMatchObject({ from: "USD", to: "EUR", rate: 0.92 });
    const bad = await client.callTool({ name: "get_exchange_rate", arguments: { from_currency: "XYZ", to_currency: "EUR" } });
    expect(bad.isError).toBe(true);
    expect(bad.structuredContent, "an error has no data to check").toBeUndefined();
  });
});

describe("logging: the client picks the level", () => {
  it("sends info and warning lines about calls by default, only warnings after setLevel warning, and debug lines after setLevel debug", async () => {
    logs.length = 0;
    await client.callTool({ name: "get_exchange_rate", arguments: { from_currency: "USD", to_currency: "RUB" } });
    expect(logs.map((l) => l.level)).toEqual(["info"]);
    expect(String(logs[0]!.data)).toMatch(/get_exchange_rate/);

    logs.length = 0;
    await client.setLoggingLevel("warning");
    await client.callTool({ name: "get_exchange_rate", arguments: { from_currency: "USD", to_currency: "RUB" } });
    await client.callTool({ name: "get_exchange_rate", arguments: { from_currency: "USD" } });
    expect(logs.map((l) => l.level), "below warning is filtered out").toEqual(["warning"]);

    logs.length = 0;
    await client.setLoggingLevel("debug");
    await client.callTool({ name: "get_exchange_rate", arguments: { from_currency: "USD", to_currency: "RUB" } });
    expect(logs.map((l) => l.level)).toEqual(["debug", "info"]);
    await client.setLoggingLevel("info");
  });
});

describe("resources: memory and workspace, read-only", () => {
  it("lists the memory files and the workspace listing, and a template for one workspace file", async () => {
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri)).toEqual(["course://memory/SOUL.md", "course://memory/USER.md", "course://memory/MEMORY.md", "course://workspace/"]);
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual(["course://workspace/{+path}"]);
  });

  it("reads a memory file, the workspace listing (links listed, never walked) and a workspace file by its listed path", async () => {
    const soul = await client.readResource({ uri: "course://memory/SOUL.md" });
    expect((soul.contents[0] as { text: string }).text.length).toBeGreaterThan(0);
    const listing = (await client.readResource({ uri: "course://workspace/" })).contents[0] as { text: string };
    expect(listing.text.split("\n")).toEqual(expect.arrayContaining(["reports/eur-usd.txt", "отчёт.txt", "memory/SOUL.md", "link-dir", "link-out.txt"]));
    expect(listing.text, "a link to the folder above must not be walked into").not.toMatch(/link-dir\/secret/);
    const report = await client.readResource({ uri: "course://workspace/reports/eur-usd.txt" });
    expect((report.contents[0] as { text: string }).text).toBe("250 EUR = 271.74 USD\n");
    const cyrillic = await client.readResource({ uri: `course://workspace/${encodeURIComponent("отчёт.txt")}` });
    expect((cyrillic.contents[0] as { text: string }).text).toBe("inside\n");
  });

  it.each([
    "course://workspace/../secret.txt",
    "course://workspace/%2e%2e/secret.txt",
    "course://workspace/..%2Fsecret.txt",
    "course://workspace/link-out.txt",
    "course://workspace/link-dir/secret.txt",
    "course://memory/../secret.txt",
    "course://memory/SOUL.md/../../secret.txt",
    "file:///etc/passwd",
  ])("refuses %s with 'resource not found' (-32002)", async (uri) => {
    const error = await refusal(() => client.readResource({ uri }));
    expect(error.code).toBe(RESOURCE_NOT_FOUND);
    expect(error.message).not.toContain(SECRET);
  });

  it("no resource URI reads a file outside the workspace: dot-dot, encodings, absolute paths, links (property, seeded)", async () => {
    const segment = fc.oneof(
      fc.constantFrom("..", ".", "%2e%2e", "%2E%2E", "..%2f", "..%5c", "%2f", "", "secret.txt", "link-dir", "link-out.txt", "reports", "memory", "SOUL.md", "%00", root.slice(1)),
      fc.string({ maxLength: 6 }),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom("course://workspace/", "course://memory/"), fc.array(segment, { maxLength: 6 }), async (prefix, parts) => {
        const uri = prefix + parts.join("/");
        const read = await readCourseResource({ workspace, memoryDir }, uri).then(
          (result) => result.contents.map((c) => ("text" in c ? String(c.text) : "")).join(""),
          (error: unknown) => {
            expect(error, uri).toBeInstanceOf(McpError);
            return (error as Error).message;
          },
        );
        expect(read, uri).not.toContain(SECRET);
      }),
      { seed: 3011, numRuns: 300 },
    );
  });
});

describe("prompts", () => {
  it("lists convert_and_save and what_do_you_remember, each with a description", async () => {
    const { prompts } = await client.listPrompts();
    expect(prompts.map((p) => p.name)).toEqual(["convert_and_save", "what_do_you_remember"]);
    expect(prompts.every((p) => (p.description ?? "").length > 20)).toBe(true);
  });

  it("fills convert_and_save with the arguments, and refuses a bad amount, an unknown currency or an unknown prompt", async () => {
    const got = await client.getPrompt({ name: "convert_and_save", arguments: { amount: "250", from_currency: "eur", to_currency: "USD" } });
    const text = (got.messages[0]!.content as { text: string }).text;
    expect(text).toMatch(/250 EUR to USD/);
    expect(text).toMatch(/save_to_file as eur-usd\.txt/);
    expect(() => getCoursePrompt("convert_and_save", { amount: "250; rm -rf", from_currency: "EUR", to_currency: "USD" })).toThrow(/amount/);
    expect(() => getCoursePrompt("convert_and_save", { amount: "1", from_currency: "EUR", to_currency: "GBP" })).toThrow(/GBP/);
    const unknown = await refusal(() => client.getPrompt({ name: "convert", arguments: {} }));
    expect(unknown.message).toMatch(/convert_and_save/);
  });
});

describe("completion: what a client offers while a person types", () => {
  it("completes convert_and_save's currencies by prefix, in any case, and nothing for its amount", async () => {
    const complete = (name: string, value: string) =>
      client.complete({ ref: { type: "ref/prompt", name: "convert_and_save" }, argument: { name, value } }).then((r) => r.completion.values);
    expect(await complete("from_currency", "")).toEqual(["USD", "EUR", "RUB", "BTC"]);
    expect(await complete("to_currency", "e")).toEqual(["EUR"]);
    expect(await complete("amount", "2")).toEqual([]);
  });

  it("completes a workspace path for the file template, and refuses an unknown prompt", async () => {
    const { completion } = await client.complete({ ref: { type: "ref/resource", uri: "course://workspace/{+path}" }, argument: { name: "path", value: "rep" } });
    expect(completion.values).toEqual(["reports/eur-usd.txt"]);
    const error = await refusal(() => client.complete({ ref: { type: "ref/prompt", name: "test_prompt_with_arguments" }, argument: { name: "arg1", value: "" } }));
    expect(error.message).toMatch(/convert_and_save/);
  });
});

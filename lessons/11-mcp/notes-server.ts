// A small MCP server, written with the official SDK: notes as Markdown files in one folder.
// This is all it takes: a name, three tools (each a description, an input schema, a function), and a
// transport. Run alone: node --import tsx lessons/11-mcp/notes-server.ts workspace/notes
// (it then waits for JSON-RPC on stdin). Lesson 11's assistant starts it from mcp.json through the
// course launcher, which runs the same file from a cached bundle: about 0.5 CPU-s instead of 2 through tsx.

import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

// A note name is a plain word: it can never be a path, so no call can reach outside the folder.
const NOTE_NAME = z.string().regex(/^[\p{L}\p{N}][\p{L}\p{N}_-]{0,59}$/u, "a note name is 1-60 letters, digits, - or _, e.g. eur-usd");

const text = (value: string, isError = false) => ({ content: [{ type: "text" as const, text: value }], ...(isError ? { isError } : {}) });

export function createNotesServer(folder: string): McpServer {
  const server = new McpServer({ name: "notes", version: "1.0.0" });
  const fileOf = (name: string) => path.join(folder, `${name}.md`);

  server.registerTool(
    "list_notes",
    { description: "List the names of the user's notes, oldest first. Returns one name per line, or says there are none.", inputSchema: {}, annotations: { readOnlyHint: true } },
    async () => {
      const names = (await fs.readdir(folder).catch(() => [] as string[])).filter((f) => f.endsWith(".md")).map((f) => f.slice(0, -3));
      return text(names.length > 0 ? names.sort().join("\n") : "There are no notes yet.");
    },
  );

  server.registerTool(
    "read_note",
    { description: "Read one note by its name (as list_notes shows it). Returns the note's text.", inputSchema: { name: NOTE_NAME }, annotations: { readOnlyHint: true } },
    async ({ name }) => {
      try {
        return text(await fs.readFile(fileOf(name), "utf8"));
      } catch {
        return text(`There is no note "${name}". Call list_notes to see the names.`, true);
      }
    },
  );

  server.registerTool(
    "add_note",
    {
      description: "Save a note under a name, replacing a note of that name. Use it when the user asks to note, jot down or keep something.",
      inputSchema: { name: NOTE_NAME, text: z.string().min(1).max(10_000) },
      annotations: { readOnlyHint: false, destructiveHint: true },
    },
    async ({ name, text: body }) => {
      await fs.mkdir(folder, { recursive: true });
      // Temporary file, then rename: a note is never half-written.
      const temp = path.join(folder, `.${randomBytes(6).toString("hex")}.tmp`);
      await fs.writeFile(temp, body.endsWith("\n") ? body : `${body}\n`, "utf8");
      await fs.rename(temp, fileOf(name));
      return text(`Saved the note "${name}" (${body.length} characters).`);
    },
  );
  return server;
}

// Started as a program (not imported by a test): serve on stdio, folder from the first argument.
if (/notes-server\.ts$/.test(process.argv[1] ?? "")) {
  const folder = path.resolve(process.argv[2] ?? "workspace/notes");
  await createNotesServer(folder).connect(new StdioServerTransport());
  process.stderr.write(`notes MCP server: notes in ${folder}\n`);
}

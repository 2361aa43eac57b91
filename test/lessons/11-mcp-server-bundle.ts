// Lesson 11's tests start MCP servers as child processes, several times per file. Started through tsx
// (`node --import tsx server.ts`), every start transpiles the server and loads the MCP SDK and zod module
// by module: about 0.8 CPU-seconds each. Bundled once per test file by esbuild (as shared/cli/launch.mjs
// bundles the course), the same code starts in about 0.2. One test in 11-mcp.test.ts still starts the
// notes server exactly as lessons/11-mcp/mcp.json does, so the learner's way stays proven.

import path from "node:path";
import { build } from "esbuild";
import type { ServerConfig } from "../../lessons/11-mcp/mcp-config.ts";

// Bundles the server at `source` (a path from the repository root) into one ESM file in `outDir` and
// returns how to start it, with `args` after the file. A server file knows it was started as a program
// (not imported by a test) by the name of the file node runs, its .ts name; the bundle first puts that
// name back into process.argv[1], so the server's own start-up code runs as written.
export async function bundledServer(source: string, outDir: string): Promise<(...args: string[]) => ServerConfig> {
  const entry = path.resolve(source);
  const outfile = path.join(outDir, `${path.basename(source, ".ts")}.mjs`);
  await build({
    entryPoints: [entry],
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node20",
    outfile,
    logLevel: "error",
    banner: { js: `process.argv[1] = ${JSON.stringify(entry)};` },
  });
  return (...args) => ({ command: process.execPath, args: [outfile, ...args], env: {} });
}

// GitHub's own workflow parser (@actions/workflow-parser, the one behind GitHub's Actions language
// server), which checks a workflow against GitHub's published workflow schema (workflow-v1.0.json,
// shipped inside the package). Loaded through esbuild: the package imports that JSON file without the
// import attribute Node 20 requires, so Node (and vitest, which leaves node_modules to Node) cannot
// load it as it is; bundled, the JSON is inlined. The bundle is kept in node_modules/.cache/course/
// by the package's version, so only the first run builds it. No network: all of it is in node_modules.

import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

type Parser = typeof import("@actions/workflow-parser");

let loaded: Promise<Parser> | undefined;

function load(): Promise<Parser> {
  return (loaded ??= (async () => {
    const root = process.cwd();
    const { version } = JSON.parse(readFileSync(path.join(root, "node_modules", "@actions", "workflow-parser", "package.json"), "utf8")) as { version: string };
    const file = path.join(root, "node_modules", ".cache", "course", `workflow-parser-${version}.mjs`);
    if (!existsSync(file)) {
      const { build } = await import("esbuild");
      const stdin = { contents: 'export * from "@actions/workflow-parser";', resolveDir: root, loader: "js" as const };
      // Some of its dependencies call require(): give the ESM bundle one, as launch.mjs does.
      const banner = { js: "import { createRequire as __courseRequire } from 'node:module'; const require = __courseRequire(import.meta.url);" };
      const result = await build({ stdin, bundle: true, format: "esm", platform: "node", target: "node20", write: false, logLevel: "error", banner });
      mkdirSync(path.dirname(file), { recursive: true });
      const temporary = `${file}.${process.pid}.tmp`;
      writeFileSync(temporary, result.outputFiles[0]!.text);
      renameSync(temporary, file);
    }
    return (await import(pathToFileURL(file).href)) as Parser;
  })());
}

// The schema's complaints about a workflow's text (none: it is a valid workflow).
export async function workflowErrors(content: string, name = "workflow.yml"): Promise<string[]> {
  const { parseWorkflow, convertWorkflowTemplate, NoOperationTraceWriter } = await load();
  const parsed = parseWorkflow({ name, content }, new NoOperationTraceWriter());
  if (parsed.value) await convertWorkflowTemplate(parsed.context, parsed.value);
  return parsed.context.errors.getErrors().map((e) => e.message);
}

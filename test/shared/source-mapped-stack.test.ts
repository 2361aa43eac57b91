// The crash report points a stack trace from the bundle back at the .ts line that threw, reading the
// source maps only then (launch.mjs no longer has Node parse every map at start).

import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { transformSync } from "esbuild";
import { afterAll, describe, expect, it } from "vitest";
import { sourceMappedStack } from "../../shared/cli/source-mapped-stack.ts";

const dir = mkdtempSync(path.join(os.tmpdir(), "course-stack-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Line 5 throws. The compiled file is laid out differently (types gone), so an unmapped frame would
// name another line.
const SOURCE = ["type Rate = { rate: number };", "", "export function explode(input: Rate): never {", "  const doubled: number = input.rate * 2;", '  throw new Error(`rate ${doubled} is too high`);', "}", ""].join("\n");

async function thrownStack(): Promise<string> {
  const built = transformSync(SOURCE, { loader: "ts", format: "esm", sourcemap: "external", sourcefile: "explode.ts" });
  const file = path.join(dir, "chunk-TEST.js");
  writeFileSync(file, `${built.code}//# sourceMappingURL=chunk-TEST.js.map\n`);
  // The map names its source relative to itself, as the bundle's maps do.
  writeFileSync(`${file}.map`, built.map.replace('"explode.ts"', JSON.stringify(path.relative(dir, path.join(dir, "src", "explode.ts")))));
  // In a plain node process, as the CLI runs: vitest would map the stack on its own.
  const script = `import(${JSON.stringify(pathToFileURL(file).href)}).then((m) => { try { m.explode({ rate: 3 }); } catch (error) { console.log(error.stack); } })`;
  return execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
}

describe("stack traces from the bundle", () => {
  it("point at the .ts file and the line that threw", async () => {
    const stack = await thrownStack();
    expect(stack, "the raw frame names the compiled file").toContain("chunk-TEST.js:");
    const mapped = sourceMappedStack(stack);
    const frame = mapped.split("\n").find((line) => line.includes("explode"))!;
    expect(frame).toContain(`${path.relative(process.cwd(), path.join(dir, "src", "explode.ts"))}:5:`);
    expect(mapped).not.toContain("chunk-TEST.js:");
  });

  it("leave frames without a map beside them, and Node's own frames, as they were", () => {
    const stack = ["Error: boom", `    at run (${pathToFileURL(path.join(dir, "no-map-here.js")).href}:3:9)`, "    at process.processTicksAndRejections (node:internal/process/task_queues:95:5)"].join("\n");
    expect(sourceMappedStack(stack)).toBe(stack);
  });
});

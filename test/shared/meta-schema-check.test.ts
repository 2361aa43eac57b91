// The fake API's meta-schema check keeps its verdicts between runs (node_modules/.cache/course/), so a
// lesson that sends the schemas it sent last time starts without loading ajv. Each run is a separate
// process in a temporary folder, as two lesson runs would be.

import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildSync } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const dir = mkdtempSync(path.join(os.tmpdir(), "course-meta-schema-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// The module bundled into plain JavaScript beside a node_modules that holds ajv: each run is a bare
// `node`, which starts in a fraction of the time a TypeScript loader would take.
beforeAll(() => {
  // ajv stays out of the bundle: the module loads it at run time, from the node_modules beside it.
  buildSync({ entryPoints: ["shared/fake-api/meta-schema-check.ts"], bundle: true, platform: "node", format: "esm", outfile: path.join(dir, "check.mjs"), logLevel: "error" });
  mkdirSync(path.join(dir, "node_modules"));
  symlinkSync(path.resolve("node_modules", "ajv"), path.join(dir, "node_modules", "ajv"), "dir");
});
const cacheFile = path.join(dir, "node_modules", ".cache", "course", "schema-verdicts.json");

const SCHEMAS = [
  { type: "object", properties: { from_currency: { type: "string", enum: ["USD", "EUR"] } }, required: ["from_currency"] },
  { type: "object", properties: { amount: { type: "strng" } } },
];

// One run: the verdict for each schema, and whether ajv was loaded to reach them.
function run(): { verdicts: Array<string | null>; ajvLoaded: boolean } {
  const script = `
    import { createRequire } from "node:module";
    const { metaSchemaError } = await import("./check.mjs");
    const verdicts = ${JSON.stringify(SCHEMAS)}.map((schema) => metaSchemaError(schema));
    const ajvLoaded = Object.keys(createRequire(import.meta.url).cache).some((file) => file.includes("/ajv/"));
    console.log(JSON.stringify({ verdicts, ajvLoaded }));`;
  const output = execFileSync(process.execPath, ["--input-type=module", "-e", script], { cwd: dir, encoding: "utf8" });
  return JSON.parse(output.trim().split("\n").at(-1)!) as { verdicts: Array<string | null>; ajvLoaded: boolean };
}

describe("the meta-schema check's saved verdicts", () => {
  it("are worked out by ajv once, then read back in the next run without loading ajv", () => {
    const first = run();
    expect(first.verdicts[0], "a valid schema").toBeNull();
    expect(first.verdicts[1], "a misspelt type is refused").toMatch(/amount\/type/);
    expect(first.ajvLoaded).toBe(true);

    const second = run();
    expect(second.verdicts, "the same verdicts from the saved file").toEqual(first.verdicts);
    expect(second.ajvLoaded, "nothing new to check: ajv stays unloaded").toBe(false);
  });

  it("are worked out again when the saved file is damaged", () => {
    writeFileSync(cacheFile, '{"half a fi');
    const again = run();
    expect(again.verdicts[0]).toBeNull();
    expect(again.verdicts[1]).toMatch(/amount\/type/);
    expect(again.ajvLoaded).toBe(true);
    expect(Object.keys(JSON.parse(readFileSync(cacheFile, "utf8")) as object), "and saved whole again").toHaveLength(2);
  });
});

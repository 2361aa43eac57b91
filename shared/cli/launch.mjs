#!/usr/bin/env node
// Starts the course CLI (shared/cli/course.ts) quickly; `node shared/cli/launch.mjs some/file.ts args`
// runs that TypeScript program the same way (lesson 11's mcp.json starts its notes server so).
//
// Why this file exists: run through a TypeScript loader, every module the SDK and mathjs are made of
// passes through the loader one by one, and a lesson takes seconds to start. Bundled by esbuild into a
// few files, the same code starts in a fraction of that. So: bundle once into node_modules/.cache/,
// reuse the bundle while no source file has changed, rebuild (about a second) when one has.
// Plain JavaScript on purpose: it has to run before anything can compile TypeScript.

import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import module from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";

// vitest (through vite 8) compiles TypeScript with rolldown, whose memory allocator (mimalloc) asks
// Linux for transparent huge pages. The kernel then zeroes 2 MB at every first touch: about 0.12 s of
// CPU each time vitest starts (check, watch, hint, test), and 5 s in all of npm test. Ordinary pages
// do not cost that. Set before anything loads rolldown, and inherited by every process the course
// starts; an allocator or a system without that option ignores it, and a value you set yourself wins.
process.env.MIMALLOC_ALLOW_THP ??= "0";

// Where a start's time goes, for `npm run bench`: with COURSE_START_TIMES set, each step of the start
// is marked with the CPU time used so far (performance.mark, the CPU time as its detail; run-lesson.ts
// adds the lesson's own steps through start-steps.ts), and at exit one line on stderr lists them:
// `course-start-times {"node":112.3,"bundle-checked":118.9,...}` (milliseconds, counted from the
// process's start, so "node" is Node's own start-up before this file's first line).
const startTimes = process.env.COURSE_START_TIMES !== undefined;
const startStep = (name) => startTimes && performance.mark(`course:${name}`, { detail: process.cpuUsage() });
startStep("node");
if (startTimes) {
  process.on("exit", () => {
    startStep("exit");
    const steps = performance.getEntriesByType("mark").filter((m) => m.name.startsWith("course:"));
    const ms = ({ user, system }) => Math.round((user + system) / 100) / 10;
    console.error(`course-start-times ${JSON.stringify(Object.fromEntries(steps.map((m) => [m.name.slice(7), ms(m.detail)])))}`);
  });
}

const root = process.cwd();
const cacheRoot = path.join(root, "node_modules", ".cache", "course");
// A program named by its .ts file (a path from the course's folder) gets a bundle of its own; anything
// else is a course command.
const program = process.argv[2]?.endsWith(".ts") ? path.resolve(root, process.argv[2]) : undefined;
const entry = program ?? path.join(root, "shared", "cli", "course.ts");
const entryName = program ? path.basename(program, ".ts") : "course";
const outDir = program ? path.join(cacheRoot, "programs", path.relative(root, program).replace(/[^A-Za-z0-9._-]/g, "_")) : path.join(cacheRoot, "bundle");
const stampFile = path.join(outDir, "stamp.json");

// Read by esbuild or deciding how it builds, without being one of the bundle's inputs: the installed
// packages (package-lock.json changes with them), the compiler settings, and this file's build options.
const SETTINGS = ["package-lock.json", "package.json", "tsconfig.json", path.join("shared", "cli", "launch.mjs")];

// What the bundle was built from, by content: the source files esbuild read, the settings above, and
// which lesson folders have an agent.ts (run-lesson.ts imports lessons/*/agent.ts, so a new lesson adds
// a chunk). Content, not modification times: a copy of the course (course-copy.ts) gets new times but
// the same files, and a file saved twice within the clock's resolution keeps its time but not its text.
// Each file's content is hashed on its own, and the stamp keeps each digest with the file's identity on
// disk (`known`): a file that still has that identity is not read again. Reading and hashing the ~240
// files cost every start about 25 ms of CPU; looking at them, about 5.
function sourceHash(inputs, known = {}) {
  const hash = createHash("sha256");
  const identities = {};
  const now = Date.now();
  for (const file of [...inputs, ...SETTINGS]) {
    let digest = "missing";
    // Joined by hand: path.join for each of the ~500 paths a start looks at costs about 10 ms.
    const where = `${root}${path.sep}${file}`;
    try {
      const stat = statSync(where);
      const identity = `${stat.dev}:${stat.ino}:${stat.size}:${stat.mtimeMs}:${stat.ctimeMs}`;
      if (known[file]?.[0] === identity) {
        digest = known[file][1];
      } else {
        digest = createHash("sha256").update(readFileSync(where)).digest("hex");
        // The change time (ctime) is set by the system on every write, rename or time change, and no
        // program can set it back. Once it is two seconds old (more than the clock's resolution on any
        // file system), a later change gives the file another one, so the identity names this content.
        // A file changed just now is read again next time.
        if (now - stat.ctimeMs > 2000) identities[file] = [identity, digest];
      }
    } catch {
      // missing or unreadable: named so in the hash
    }
    hash.update(`${file}\0${digest}\0`);
  }
  for (const dir of safeList(path.join(root, "lessons")).sort()) {
    hash.update(`lessons/${dir}/agent.ts\0${existsSync(path.join(root, "lessons", dir, "agent.ts"))}\0`);
  }
  return { hash: hash.digest("hex"), identities };
}

function safeList(dir) {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

// Fresh when built from files with exactly today's content, and every file it wrote is still there
// whole (a copy taken while another run was swapping bundles may have only part of one).
function isFresh() {
  try {
    const saved = JSON.parse(readFileSync(stampFile, "utf8"));
    if (typeof saved.hash !== "string" || !Array.isArray(saved.inputs) || typeof saved.outputs !== "object") return false;
    for (const [file, size] of Object.entries(saved.outputs)) {
      if (statSync(`${outDir}${path.sep}${file}`).size !== size) return false;
    }
    return sourceHash(saved.inputs, saved.known ?? {}).hash === saved.hash;
  } catch {
    return false; // no stamp yet, an unreadable one, or a missing output
  }
}

async function rebuild() {
  const { build } = await import("esbuild");
  const tmpDir = `${outDir}-${process.pid}`;
  rmSync(tmpDir, { recursive: true, force: true });
  const result = await build({
    entryPoints: { [entryName]: entry },
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    outdir: tmpDir,
    sourcemap: "linked",
    // Stack traces need only the mappings; the sources themselves are on disk, and parsing maps that
    // carry them (about 6 MB for the SDK and mathjs) cost every start about 60 ms.
    sourcesContent: false,
    // Russian text as UTF-8, not as \uXXXX escapes three times its size: about 270 KB less for
    // every start to read, decode and parse.
    charset: "utf8",
    metafile: true,
    logLevel: "error",
    // Test tooling stays out of the bundle: check and test start it as a separate process.
    external: ["vitest", "vitest/*", "vite", "esbuild", "typescript"],
    // Some packages still call require(); give the ESM bundle one.
    banner: { js: "import { createRequire as __courseRequire } from 'node:module'; const require = __courseRequire(import.meta.url);" },
  });
  const inputs = Object.keys(result.metafile.inputs).filter((file) => !file.includes("node_modules"));
  const outputs = {};
  for (const file of Object.keys(result.metafile.outputs)) outputs[path.relative(tmpDir, path.resolve(root, file))] = result.metafile.outputs[file].bytes;
  // The bundle lies under node_modules/, where Node does not look up to the course's package.json for
  // its "type": without one of its own, Node 20.19+ and 22 would try each .js file as CommonJS first
  // (about 45 ms for a start, the 1.1 MB SDK chunk decoded and scanned twice).
  writeFileSync(path.join(tmpDir, "package.json"), '{ "type": "module" }\n');
  outputs["package.json"] = 21;
  const { hash, identities } = sourceHash(inputs);
  writeFileSync(path.join(tmpDir, "stamp.json"), JSON.stringify({ inputs, hash, outputs, known: identities }));
  // Swap the whole folder: the old one is moved aside in one step, so a run never sees half of an old
  // bundle and half of a new one.
  mkdirSync(path.dirname(outDir), { recursive: true });
  const oldDir = `${outDir}-old-${process.pid}`;
  try {
    renameSync(outDir, oldDir);
  } catch {
    // there was none yet, or another process moved it first
  }
  let dir = outDir;
  try {
    renameSync(tmpDir, outDir);
  } catch {
    dir = tmpDir; // another process swapped first: use our own copy
  }
  rmSync(oldDir, { recursive: true, force: true });
  return dir;
}

let dir;
try {
  dir = isFresh() ? outDir : await rebuild();
} catch {
  // esbuild has already printed each error with its file and line.
  console.error("\nThe course's TypeScript failed to build (see above). Fix that file, or run `npx tsc --noEmit` for details.");
  process.exit(1);
}
// Stack traces are pointed back at the .ts files only when one is printed (source-mapped-stack.ts):
// Node's own source-map support would parse every bundle file's map on every start. For Node's
// mapping of every trace, run with NODE_OPTIONS=--enable-source-maps.
// Node 22.1+ keeps the code it compiled from the bundle in a cache between runs (Node 20 has no
// such cache: the call is skipped). Keyed by file content, so a rebuilt bundle is compiled afresh.
module.enableCompileCache?.(path.join(cacheRoot, "compile"));
startStep("bundle-checked");
if (program) {
  // The program sees the command line it would see run as `node --import tsx file.ts args`: a file
  // that starts itself only when run as a program looks at process.argv[1].
  process.argv.splice(1, 2, program);
  await import(pathToFileURL(path.join(dir, `${entryName}.js`)).href);
} else {
  const { main } = await import(pathToFileURL(path.join(dir, "course.js")).href);
  startStep("cli-loaded");
  process.exitCode = await main(process.argv.slice(2));
}

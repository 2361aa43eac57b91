// When shared/cli/launch.mjs may reuse its bundle (node_modules/.cache/course/bundle): only while the
// files it was built from have the same content, whatever their modification times say, so a course
// copy (course-copy.ts), which gets the original's bundle, starts without a rebuild yet never runs
// stale code. The real launcher runs as a real process, on a tiny course of a few files in a temporary
// folder, so each rebuild is a fraction of a second instead of the real course's one or two.

import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, unlinkSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyCourse, type CourseCopy } from "../../shared/cli/course-copy.ts";

const BUNDLE = path.join("node_modules", ".cache", "course", "bundle");
const WORD = path.join("shared", "cli", "word.ts");
const EXERCISE = path.join("exercises", "01-demo", "tool.ts");

// The entry point prints what it was built from: a word from a second file, or a lesson's word
// (run-lesson.ts's way: `import(\`../../lessons/${id}/agent.ts\`)`, one chunk per lesson).
const COURSE_TS = `import { word } from "./word.ts";
export async function main(argv: string[]): Promise<number> {
  if (argv[0] === "lesson") {
    const lesson = (await import(\`../../lessons/\${argv[1]}/agent.ts\`)) as { word: string };
    console.log(lesson.word);
    return 0;
  }
  console.log(word);
  return 0;
}
`;
// The same, with the exercise bundled too (the real course's bundle does not import exercises/).
const COURSE_WITH_EXERCISE_TS = `import { word } from "./word.ts";
import { exerciseWord } from "../../exercises/01-demo/tool.ts";
export async function main(): Promise<number> {
  console.log(\`\${word} \${exerciseWord}\`);
  return 0;
}
`;

const FILES: Record<string, string> = {
  "package.json": '{ "type": "module", "private": true }\n',
  "package-lock.json": '{ "lockfileVersion": 3 }\n',
  "tsconfig.json": "{}\n",
  [path.join("shared", "cli", "course.ts")]: COURSE_TS,
  [WORD]: 'export const word = "alpha";\n',
  [path.join("lessons", "01-one", "agent.ts")]: 'export const word = "lesson one";\n',
  [EXERCISE]: 'export const exerciseWord = "solved";\n',
  [path.join("shared", "starters", "01-demo", "tool.ts.starter")]: 'export const exerciseWord = "starter";\n',
  [path.join("test", "01-demo.test.ts")]: "// the checks\n",
  [path.join("test", "wrong-answers", "01-demo", "no-word", "WRONG.md")]: "npm test's own data\n",
};

const made: CourseCopy[] = [];
let original = "";

function write(root: string, file: string, text: string): void {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
}

// Runs the launcher in `root` and returns what it printed; a failed run fails the test with its output.
function launch(root: string, ...args: string[]): string {
  const result = spawnSync(process.execPath, [path.join("shared", "cli", "launch.mjs"), ...args], { cwd: root, encoding: "utf8", timeout: 60_000 });
  if (result.status !== 0) throw new Error(`launch.mjs ${args.join(" ")} in ${root} exited with ${result.status}:\n${result.stdout}${result.stderr}`);
  return result.stdout.trim();
}

function copyOf(root: string): string {
  const copy = copyCourse(root, "launch-stamp-copy-");
  made.push(copy);
  return copy.root;
}

// The inode of the bundle's entry file: the same number after a run means the run reused the bundle,
// a new one means it rebuilt (a rebuild writes a new folder and swaps it in).
const entryInode = (root: string): number => statSync(path.join(root, BUNDLE, "course.js")).ino;

beforeAll(() => {
  original = mkdtempSync(path.join(os.tmpdir(), "launch-stamp-"));
  for (const [file, text] of Object.entries(FILES)) write(original, file, text);
  cpSync(path.join("shared", "cli", "launch.mjs"), path.join(original, "shared", "cli", "launch.mjs"));
  mkdirSync(path.join(original, "node_modules"));
  symlinkSync(path.resolve("node_modules", "esbuild"), path.join(original, "node_modules", "esbuild"), "junction");
  expect(launch(original)).toBe("alpha");
});
afterAll(() => {
  for (const copy of made) copy.remove();
  if (original) rmSync(original, { recursive: true, force: true });
});

describe("launch.mjs reuses its bundle only while the files have the content it was built from", () => {
  it("reuses the bundle a course copy brought along, though the copy's files have new modification times and its exercises/ the starters", () => {
    const copy = copyOf(original);
    // The starter differs from the original's exercise; the bundle does not import exercises/ (the
    // real course's does not either: checks run them through vitest), so it stays right for the copy.
    expect(readFileSync(path.join(copy, EXERCISE), "utf8")).toContain('"starter"');
    const before = entryInode(copy);
    expect(before, "the copy must hold a copy of the bundle, not a link to the original's").not.toBe(entryInode(original));
    expect(statSync(path.join(copy, BUNDLE, "course.js")).nlink).toBe(1);
    expect(launch(copy)).toBe("alpha");
    expect(entryInode(copy), "an unchanged copy should run the bundle it brought, not rebuild it").toBe(before);
  });

  it("rebuilds when a file's content changes but its modification time and size stay the same", () => {
    const copy = copyOf(original);
    const file = path.join(copy, WORD);
    // A whole second, which every file system stores exactly, so the time can be put back as it was.
    const time = new Date("2026-01-02T03:04:05Z");
    utimesSync(file, time, time);
    expect(launch(copy)).toBe("alpha"); // the copy's bundle now stands for the copy's files as they are
    const { size } = statSync(file);
    writeFileSync(file, 'export const word = "omega";\n');
    utimesSync(file, time, time);
    expect(statSync(file).size).toBe(size);
    expect(statSync(file).mtimeMs).toBe(time.getTime());
    expect(launch(copy), "the launcher ran a bundle built from the old text of word.ts").toBe("omega");
  });

  it("a rebuild in a copy leaves the original's bundle as it was", () => {
    const stamp = readFileSync(path.join(original, BUNDLE, "stamp.json"), "utf8");
    const inode = entryInode(original);
    const copy = copyOf(original);
    write(copy, WORD, 'export const word = "copy only";\n');
    expect(launch(copy)).toBe("copy only");
    expect(readFileSync(path.join(original, BUNDLE, "stamp.json"), "utf8")).toBe(stamp);
    expect(entryInode(original)).toBe(inode);
    expect(launch(original)).toBe("alpha");
  });

  it("rebuilds when a new lesson folder gets an agent.ts, so the new lesson runs", () => {
    const copy = copyOf(original);
    write(copy, path.join("lessons", "02-two", "agent.ts"), 'export const word = "lesson two, урок два";\n');
    expect(launch(copy, "lesson", "02-two")).toBe("lesson two, урок два");
    expect(launch(copy, "lesson", "01-one")).toBe("lesson one");
  });

  it("rebuilds when a file the stamp lists is missing from the bundle (a copy that got part of one)", () => {
    const copy = copyOf(original);
    const { outputs } = JSON.parse(readFileSync(path.join(copy, BUNDLE, "stamp.json"), "utf8")) as { outputs: Record<string, number> };
    const chunks = Object.keys(outputs).filter((file) => file.endsWith(".js") && file !== "course.js");
    expect(chunks.length, "the lesson import should have given the bundle chunks of its own").toBeGreaterThan(0);
    for (const chunk of chunks) unlinkSync(path.join(copy, BUNDLE, chunk));
    expect(launch(copy, "lesson", "01-one")).toBe("lesson one");
  });
});

describe("what a course copy takes along", () => {
  it("the checks, but not npm test's wrong answers, which only the original's npm test reads", () => {
    const copy = copyOf(original);
    expect(existsSync(path.join(copy, "test", "01-demo.test.ts"))).toBe(true);
    expect(existsSync(path.join(copy, "test", "wrong-answers")), "test/wrong-answers/ was copied").toBe(false);
    expect(existsSync(path.join(original, "test", "wrong-answers", "01-demo", "no-word", "WRONG.md"))).toBe(true);
  });
});

describe("a course copy's exercises/ holds the starters, and its bundle matches them", () => {
  it("rebuilds from the starter when the bundle imports an exercise file that differs in the copy", () => {
    const source = copyOf(original);
    write(source, path.join("shared", "cli", "course.ts"), COURSE_WITH_EXERCISE_TS);
    write(source, EXERCISE, FILES[EXERCISE] ?? "");
    expect(launch(source)).toBe("alpha solved");
    const copy = copyOf(source);
    expect(launch(copy), "the copy ran a bundle built from the original's exercise, not its own starter").toBe("alpha starter");
    expect(launch(source)).toBe("alpha solved");
  });
});

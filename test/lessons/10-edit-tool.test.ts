// Lesson 10's own code: the matcher chain, the safety stops, the literal splice, read-before-edit,
// windowed reading (binary files, images, FIFOs, big files), the fence around the project, and the
// agent end to end on the offline model, in English and Russian, in a temporary project folder.

import { execFileSync } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createAgentTools, runAgent, sampleTasks } from "../../lessons/10-edit-tool/agent.ts";
import { applyEdit } from "../../lessons/10-edit-tool/apply-edit.ts";
import { closestPassage } from "../../lessons/10-edit-tool/closest-passage.ts";
import { editFile } from "../../lessons/10-edit-tool/edit-file.ts";
import {
  blockAnchored,
  escapeNormalised,
  exact,
  indentationFlexible,
  lineTrimmed,
  reindent,
  whitespaceNormalised,
} from "../../lessons/10-edit-tool/matchers.ts";
import { MAX_LINES, readWindow } from "../../lessons/10-edit-tool/read-file.ts";
import { createReadTracker } from "../../lessons/10-edit-tool/read-tracker.ts";
import { SEED_FILES } from "../../lessons/10-edit-tool/seed-project.ts";
import { showDiff } from "../../lessons/10-edit-tool/show-diff.ts";
import { spliceLiterally } from "../../lessons/10-edit-tool/splice.ts";
import { noTerminalApprover } from "../../lessons/07-approval-gates/approver.ts";
import { resolveInProject } from "../../lessons/10-edit-tool/project-path.ts";
import { buildPlanContext, type MessagesRequest } from "../../shared/offline/plan-context.ts";
import { editFileSkill, parseEditTask, quoteAround } from "../../shared/offline/skills/edit-file.ts";
import { recordingClient } from "../helpers/recording-client.ts";

let base = "";
let project = "";
beforeEach(async () => {
  base = await fs.mkdtemp(path.join(os.tmpdir(), "course-10-lesson-"));
  project = path.join(base, "project");
  await fs.mkdir(project);
});
afterEach(async () => {
  await fs.rm(base, { recursive: true, force: true });
});

const put = async (name: string, text: string | Buffer) => {
  await fs.mkdir(path.dirname(path.join(project, name)), { recursive: true });
  await fs.writeFile(path.join(project, name), text);
};
const get = (name: string) => fs.readFile(path.join(project, name), "utf8");
const found = (content: string, spans: Array<{ start: number; end: number }>) => spans.map((s) => content.slice(s.start, s.end));

async function failure(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("expected a refusal, but the call succeeded");
}

describe("the matchers", () => {
  const code = "function f() {\n  if (x) {\n    go();\n  }\n}\n";

  it("exact finds every occurrence, not overlapping; nothing for an empty quote", () => {
    expect(exact.find("aaaa", "aa")).toEqual([{ start: 0, end: 2 }, { start: 2, end: 4 }]);
    expect(exact.find("abc", "")).toEqual([]);
  });

  it("line-trimmed ignores spaces at line ends and CRLF, not indentation", () => {
    const crlf = code.replace(/\n/g, "\r\n");
    expect(found(crlf, lineTrimmed.find(crlf, "  if (x) {   \n    go();"))).toEqual(["  if (x) {\r\n    go();"]);
    expect(lineTrimmed.find(code, "if (x) {\n  go();")).toEqual([]);
  });

  it("indentation-flexible finds a shifted block and re-indents the replacement, tabs for spaces too", () => {
    const tabs = "function f() {\n\tif (x) {\n\t\tgo();\n\t}\n}\n";
    const quote = "if (x) {\n  go();\n}";
    const [span] = indentationFlexible.find(tabs, quote);
    expect(tabs.slice(span!.start, span!.end)).toBe("\tif (x) {\n\t\tgo();\n\t}");
    expect(reindent("if (y) {\n  stop();\n    deeper();\n}", quote, tabs.slice(span!.start, span!.end))).toBe("\tif (y) {\n\t\tstop();\n\t\t  deeper();\n\t}");
    expect(indentationFlexible.find(code, "if (x) {\ngo();\n}"), "relative nesting differs: not the same block").toEqual([]);
  });

  it("whitespace-normalised treats runs of spaces as one, but keeps line breaks", () => {
    expect(found("let  x =\t1;", whitespaceNormalised.find("let  x =\t1;", "let x = 1;"))).toEqual(["let  x =\t1;"]);
    expect(whitespaceNormalised.find("a b", "a\nb")).toEqual([]);
  });

  it("escape-normalised reads \\n and \\\" typed out as the real characters", () => {
    expect(found('say("hi")\nnext', escapeNormalised.find('say("hi")\nnext', 'say(\\"hi\\")\\nnext'))).toEqual(['say("hi")\nnext']);
    expect(escapeNormalised.find("abc", "abc")).toEqual([]);
  });

  it("block-anchored needs both anchors and a similar middle", () => {
    const file = "start {\n  alpha();\n  beta();\n}\n";
    expect(found(file, blockAnchored.find(file, "start {\n  alpha();\n  betta();\n}"))).toEqual(["start {\n  alpha();\n  beta();\n}"]);
    expect(blockAnchored.find(file, "start {\n  something else entirely();\n  nope();\n}")).toEqual([]);
    expect(blockAnchored.find(file, "start {\n}"), "two lines are too few to anchor").toEqual([]);
  });
});

describe("applyEdit: the chain, the stops, the splice", () => {
  it("a stricter matcher wins when several would match", () => {
    const result = applyEdit("a = 1;\n", "a = 1;", "a = 2;");
    expect(result).toMatchObject({ ok: true, matcher: "exact", content: "a = 2;\n" });
  });

  it("refuses an ambiguous quote with the line numbers, and replace_all changes every one", () => {
    const file = "x();\ny();\nx();\n";
    const refused = applyEdit(file, "x();", "z();");
    expect(refused).toMatchObject({ ok: false, problem: "ambiguous" });
    expect(refused.ok ? "" : refused.message).toMatch(/2 places .*lines 1, 3.*replace_all/s);
    expect(applyEdit(file, "x();", "z();", true)).toMatchObject({ ok: true, content: "z();\ny();\nz();\n", replacements: 2 });
  });

  it("refuses a forgiving match much larger than the quote", () => {
    const file = ["begin", "  one();", ...Array.from({ length: 30 }, (_, i) => `  extra${i}();`), "end"].join("\n");
    const result = applyEdit(file, "begin\n  one();\nend", "begin\nend");
    expect(result).toMatchObject({ ok: false, problem: "oversized" });
    expect(result.ok ? "" : result.message).toMatch(/block-anchored matcher found lines 1-33/);
  });

  it("writes $&, $1, $` and $' literally", () => {
    const newText = "price = `$${amount}` + '$&' + \"$1$`$'$$\";";
    expect(applyEdit("price = 0;\n", "price = 0;", newText)).toMatchObject({ ok: true, content: `${newText}\n` });
    expect(spliceLiterally("abc", [{ start: 2, end: 3, text: "$&" }, { start: 0, end: 1, text: "$'" }])).toBe("$'b$&");
  });

  it("keeps CRLF line breaks, and refuses empty or unchanged edits", () => {
    expect(applyEdit("a\r\nb\r\n", "a\nb", "a\nc\nb")).toMatchObject({ ok: true, content: "a\r\nc\r\nb\r\n" });
    expect(applyEdit("abc", "", "x")).toMatchObject({ ok: false, problem: "empty" });
    expect(applyEdit("abc", "b", "b")).toMatchObject({ ok: false, problem: "unchanged" });
  });

  it("not found: points at the closest passage with its lines and likeness", () => {
    const result = applyEdit(SEED_FILES["src/math.ts"]!, "for (const cost of prices) {\n  result += cost;\n}", "x");
    expect(result.ok ? "" : result.message).toMatch(/closest passage is lines 5-7 \(\d+% alike\):\n\s+5\t  for \(const price of prices\)/);
    expect(closestPassage("", "x")?.likeness ?? 0).toBeLessThan(0.3);
  });

  it("property: a unique exact quote is replaced, and nothing else in the file changes", () => {
    fc.assert(
      fc.property(fc.string(), fc.string({ minLength: 1 }), fc.string(), fc.string(), (before, quote, after, replacement) => {
        const marker = `\u0001${quote}\u0002`;
        const file = `${before.replace(/[\u0001\u0002]/g, "")}${marker}${after.replace(/[\u0001\u0002]/g, "")}`;
        fc.pre(replacement !== marker);
        const result = applyEdit(file, marker, replacement);
        expect(result.ok && result.content).toBe(file.replace(marker, () => replacement));
      }),
      { seed: 42, numRuns: 200 },
    );
  });
});

describe("edit_file: read before edit, the fence, the diff", () => {
  it("refuses an unread file and a file changed since it was read", async () => {
    await put("a.txt", "one\ntwo\n");
    const tracker = createReadTracker();
    expect(await failure(editFile(project, { path: "a.txt", old_text: "one", new_text: "1" }, tracker))).toMatch(/have not read 'a.txt'.*read_file/);
    await readWindow(project, { path: "a.txt" }, tracker);
    await put("a.txt", "one\ntwo\nthree\n");
    expect(await failure(editFile(project, { path: "a.txt", old_text: "one", new_text: "1" }, tracker))).toMatch(/changed on disk since you read it.*again/);
    expect(await get("a.txt")).toBe("one\ntwo\nthree\n");
    await readWindow(project, { path: "a.txt" }, tracker);
    const result = await editFile(project, { path: "a.txt", old_text: "one", new_text: "1" }, tracker);
    expect(result).toMatch(/^Edited a.txt: 1 replacement, found by the exact matcher\.\n--- a.txt\n\+\+\+ a.txt\n@@ -1,3 \+1,3 @@\n-one\n\+1/);
    expect(await editFile(project, { path: "a.txt", old_text: "two", new_text: "2" }, tracker), "its own edit keeps the view current").toMatch(/^Edited/);
    expect(await get("a.txt")).toBe("1\n2\nthree\n");
  });

  it("stays inside the project folder and refuses bad input with an instruction", async () => {
    await fs.writeFile(path.join(base, "secret.txt"), "secret");
    await fs.symlink(path.join(base, "secret.txt"), path.join(project, "link.txt"));
    const tracker = createReadTracker();
    expect(await failure(readWindow(project, { path: "../secret.txt" }, tracker))).toMatch(/climbs out/);
    expect(await failure(readWindow(project, { path: path.join(base, "secret.txt") }, tracker))).toMatch(/not a relative path/);
    expect(await failure(readWindow(project, { path: "link.txt" }, tracker))).toMatch(/link that leads outside/);
    expect(await failure(readWindow(project, { path: "nope.txt" }, tracker))).toMatch(/no file 'nope.txt'.*holds: link.txt/);
    await put("a.txt", "x");
    await readWindow(project, { path: "a.txt" }, tracker);
    const bad = { path: "a.txt", old_text: 5, new_text: "y" } as unknown as Parameters<typeof editFile>[1];
    expect(await failure(editFile(project, bad, tracker))).toMatch(/old_text must be text/);
    expect(await fs.readFile(path.join(base, "secret.txt"), "utf8")).toBe("secret");
  });
});

describe("safety properties", () => {
  it("property: a quote found more than once is never written without replace_all", () => {
    fc.assert(
      fc.property(fc.string(), fc.string({ minLength: 1, maxLength: 6 }), fc.string(), fc.integer({ min: 2, max: 4 }), (gap, quote, tail, times) => {
        const file = Array.from({ length: times }, () => quote).join(gap) + tail;
        const result = applyEdit(file, quote, `${quote}!`);
        expect(result, `${JSON.stringify(quote)} occurs ${times} times in ${JSON.stringify(file)}`).toMatchObject({ ok: false, problem: "ambiguous" });
      }),
      { seed: 42, numRuns: 200 },
    );
  });

  it("property: no path the model sends resolves outside the project folder", async () => {
    await put("inside/a.txt", "a");
    await fs.writeFile(path.join(base, "outside.txt"), "secret");
    const segment = fc.constantFrom("..", ".", "inside", "a.txt", "outside.txt", "project", "", "/", "\\");
    await fc.assert(
      fc.asyncProperty(fc.array(segment, { minLength: 1, maxLength: 6 }), async (parts) => {
        const given = parts.join("/");
        try {
          const resolved = await resolveInProject(project, given);
          const real = await fs.realpath(project);
          expect(resolved.absolute === real || resolved.absolute.startsWith(real + path.sep), `${given} -> ${resolved.absolute}`).toBe(true);
        } catch (error) {
          expect((error as Error).message.length).toBeGreaterThan(10);
        }
      }),
      { seed: 42, numRuns: 100 },
    );
  });
});

describe("read_file: windows, and what is not text", () => {
  it("numbers lines, reads in windows and says how to go on", async () => {
    await put("long.txt", Array.from({ length: 5000 }, (_, i) => `line ${i + 1}`).join("\n"));
    const first = await readWindow(project, { path: "long.txt" });
    expect(first.split("\n")[1]).toBe("    1\tline 1");
    expect(first).toMatch(new RegExp(`lines 1-${MAX_LINES} of 5000`));
    expect(first).toMatch(/call read_file with offset 2001 .*3000 more lines/);
    const window = await readWindow(project, { path: "long.txt", offset: 4999, limit: 10 });
    expect(window).toBe("long.txt, lines 4999-5000 of 5000:\n 4999\tline 4999\n 5000\tline 5000");
    expect(await failure(readWindow(project, { path: "long.txt", limit: 0 }))).toMatch(/limit must be a whole number/);
  });

  it("stops a window at 128 KB, whatever the line count", async () => {
    await put("wide.txt", Array.from({ length: 100 }, () => "y".repeat(1999)).join("\n"));
    const text = await readWindow(project, { path: "wide.txt" });
    expect(text).toMatch(/^wide.txt, lines 1-65 of 100:/);
    expect(text).toMatch(/offset 66 to read on \(35 more lines\)\. The window stopped at 128 KB\.\]$/);
    expect(Buffer.byteLength(text)).toBeLessThan(128 * 1024 + 300);
  });

  it("streams a file too big to read whole, and cuts very long lines", async () => {
    const line = "x".repeat(5000);
    await put("big.log", Array.from({ length: 400 }, () => line).join("\n"));
    const text = await readWindow(project, { path: "big.log", limit: 3 });
    expect(text).toMatch(/lines 1-3 \(the file is \d+ bytes\)/);
    expect(text).toMatch(/line cut: 3000 more characters/);
    expect(text).toMatch(/offset 4 to read on/);
  });

  it("refuses folders, binary files and images (with megapixels), and FIFOs before opening them", async () => {
    await fs.mkdir(path.join(project, "dir"));
    expect(await failure(readWindow(project, { path: "dir" }))).toMatch(/is a folder/);
    await put("blob.bin", Buffer.from([1, 2, 0, 4]));
    expect(await failure(readWindow(project, { path: "blob.bin" }))).toMatch(/binary file/);
    const png = Buffer.alloc(32);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(png);
    png.writeUInt32BE(20000, 16);
    png.writeUInt32BE(20000, 20);
    await put("huge.png", png);
    expect(await failure(readWindow(project, { path: "huge.png" }))).toMatch(/PNG image, 20000 x 20000 pixels \(400\.0 megapixels\)/);
    if (process.platform !== "win32") {
      execFileSync("mkfifo", [path.join(project, "pipe")]);
      expect(await failure(readWindow(project, { path: "pipe" }))).toMatch(/named pipe/);
    }
  });
});

describe("the agent, offline, on a seeded project", () => {
  const quiet = { print: () => undefined, approver: noTerminalApprover() };

  it("seeds the project, reads, and edits with the indentation-flexible matcher (the sample task)", async () => {
    const dir = path.join(base, "fresh");
    const lines: string[] = [];
    const { client, calls } = recordingClient();
    const answer = await runAgent(client, sampleTasks[0]!, { project: dir, approver: noTerminalApprover(), print: (l) => lines.push(l) });
    expect(calls.map((c) => c.name)).toEqual(["read_file", "edit_file"]);
    expect(answer).toMatch(/indentation-flexible/);
    expect(await fs.readFile(path.join(dir, "src/math.ts"), "utf8")).toContain("\n    result += Math.round(price * 100) / 100;\n  }\n");
    expect(lines.join("\n")).toMatch(/\+    result \+= Math\.round/);
  });

  it("renames: the ambiguous stop first, then replace_all", async () => {
    await fs.rm(project, { recursive: true });
    const { client, calls } = recordingClient();
    const answer = await runAgent(client, "Rename the function total to sum in src/math.ts", { project, ...quiet });
    expect(calls.map((c) => c.input.replace_all ?? null)).toEqual([null, null, true]);
    expect(answer).toMatch(/2 places/);
    expect(await get("src/math.ts")).not.toContain("total");
  });

  it("reads from the line asked for ('from line 2001', 'со строки 2001', 'lines 5 to 7'), not the file's top again", async () => {
    await fs.writeFile(path.join(project, "big.log"), Array.from({ length: 3000 }, (_, i) => `log line ${i + 1}`).join("\n") + "\n");
    const ru = recordingClient();
    const said = await runAgent(ru.client, "Прочитай big.log со строки 2001", { project, ...quiet });
    expect(ru.calls).toEqual([{ name: "read_file", input: { path: "big.log", offset: 2001 } }]);
    expect(said).toMatch(/^big\.log, строки 2001-3000 из 3000\. Начало:\n {2}log line 2001\n/);
    const en = recordingClient();
    const window = await runAgent(en.client, "Read lines 5 to 7 of big.log", { project, ...quiet });
    expect(en.calls).toEqual([{ name: "read_file", input: { path: "big.log", offset: 5, limit: 3 } }]);
    expect(window).toBe("big.log, lines 5-7 of 3000. It begins:\n  log line 5\n  log line 6\n  log line 7\nThe file goes on; the next window starts at line 8.");
    for (const task of ["Read big.log from line 2001", "Прочитай big.log с 2001 строки", "Покажи big.log начиная со строки 2001"]) {
      const calls = recordingClient();
      await runAgent(calls.client, task, { project, ...quiet });
      expect(calls.calls[0]?.input, task).toEqual({ path: "big.log", offset: 2001 });
    }
  });

  it("works in Russian", async () => {
    await fs.rm(project, { recursive: true });
    const { client } = recordingClient();
    const answer = await runAgent(client, "В README.md замени «TODO» на «Готово»", { project, ...quiet });
    expect(answer).toMatch(/^Готово: в README.md/);
    expect(await get("README.md")).toContain("- [ ] Готово: round to cents");
  });

  it("an edit no rule allows is refused with no terminal, and nothing changes", async () => {
    await fs.rm(project, { recursive: true });
    const { client } = recordingClient();
    const answer = await runAgent(client, sampleTasks.find((task) => task.startsWith("In config.json"))!, { project, ...quiet });
    expect(answer).toMatch(/did not edit config.json.*no terminal.*edit_file\(path=config.json\)/s);
    expect(await get("config.json")).toBe(SEED_FILES["config.json"]);
  });

  it("a second run of the sample finds the change already made and edits nothing", async () => {
    await fs.rm(project, { recursive: true });
    await runAgent(recordingClient().client, sampleTasks[0]!, { project, ...quiet });
    const again = recordingClient();
    const answer = await runAgent(again.client, sampleTasks[0]!, { project, ...quiet });
    expect(again.calls.map((c) => c.name)).toEqual(["read_file"]);
    expect(answer).toMatch(/^Nothing to do/);
  });

  it("reads on request, in English and Russian, and a FIFO is refused without hanging", async () => {
    await fs.rm(project, { recursive: true });
    const ru = await runAgent(recordingClient().client, "Прочитай src/math.ts", { project, ...quiet });
    expect(ru).toMatch(/^src\/math.ts, строки 1-14 из 14\. Начало:\n  \/\/ Small helpers/);
    if (process.platform !== "win32") {
      execFileSync("mkfifo", [path.join(project, "pipe")]);
      const answer = await runAgent(recordingClient().client, "Read pipe", { project, ...quiet });
      expect(answer).toMatch(/could not read pipe: 'pipe' is a named pipe/);
    }
  });

  it("the planner reads again when an edit says the file changed, and stops after three tries", () => {
    const task = "In a.ts replace `x` with `y`";
    const turn = (id: string, name: string, input: Record<string, unknown>, output: string, isError = false): MessagesRequest["messages"] => [
      { role: "assistant", content: [{ type: "tool_use", id, name, input }] },
      { role: "user", content: [{ type: "tool_result", tool_use_id: id, content: output, is_error: isError }] },
    ];
    const stale = "'a.ts' has changed on disk since you read it. Nothing was changed. Read it again first with read_file.";
    const request = (...turns: MessagesRequest["messages"][]): MessagesRequest => ({
      model: "m",
      max_tokens: 10,
      // The lesson's own definitions: the offline model picks tools by what their descriptions say.
      tools: createAgentTools("/nonexistent-project").map(({ name, description, input_schema }) => ({ name, description, input_schema })),
      messages: [{ role: "user", content: task }, ...turns.flat()],
    });
    const read = turn("r1", "read_file", { path: "a.ts" }, "a.ts, lines 1-1 of 1:\n    1\tlet x;");
    const edit = turn("e1", "edit_file", { path: "a.ts", old_text: "let x;", new_text: "let y;" }, stale, true);
    expect(editFileSkill.plan(buildPlanContext(request(read, edit)))).toEqual({ call: [{ name: "read_file", input: { path: "a.ts" } }] });
    const reread = turn("r2", "read_file", { path: "a.ts" }, "a.ts, lines 1-1 of 1:\n    1\tlet x;");
    const again = turn("e2", "edit_file", { path: "a.ts", old_text: "let x;", new_text: "let y;" }, stale, true);
    const third = turn("e3", "edit_file", { path: "a.ts", old_text: "let x;", new_text: "let y;" }, stale, true);
    expect(editFileSkill.plan(buildPlanContext(request(read, edit, reread, again, third)))).toMatchObject({ say: expect.stringMatching(/did not change a.ts/) });
  });

  it("the planner's quote and task parsing", () => {
    expect(parseEditTask('In config.json, replace `"debug": false` with `"debug": true`')).toEqual({ kind: "replace", find: '"debug": false', put: '"debug": true', file: "config.json" });
    expect(parseEditTask("Переименуй функцию average в mean в src/math.ts")).toMatchObject({ kind: "rename", find: "average", put: "mean", file: "src/math.ts" });
    expect(quoteAround(["a {", "  b {", "    c;", "  }"], 2, "c", "$&")).toEqual({ oldText: "b {\n  c;\n}", newText: "b {\n  $&;\n}" });
  });

  it("prints diffs with control characters made visible", () => {
    expect(showDiff("Edited x\n--- x\n+++ x\n@@ -1 +1 @@\n-a\u001b[2J\n+b").join("\n")).toContain("\\x1b[2J");
  });
});

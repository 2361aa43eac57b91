// npm run class -- report <folder> (shared/cli/class-*.ts): on a generated class of 300 (files and
// clones, test/helpers/generated-class.ts) the report says who is where, which check stops the most
// learners and the median time per exercise, each as the generator's truth says; the CSV reads back to
// one row per learner and exercise; a learner's text cannot break the Markdown, start a spreadsheet
// formula or reach the terminal as an escape; the command itself, in English and Russian.
// Speed is measured by bench/class-report.ts, not here.

import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readClassFolder, type ClassFolder } from "../../shared/cli/class-read.ts";
import { cell, classCsv, classMarkdown, csvField, CSV_COLUMNS, median, summarizeClass, type ClassSummary } from "../../shared/cli/class-report.ts";
import { parseClassArgs } from "../../shared/cli/class.ts";
import { progressReport } from "../../shared/cli/progress-data.ts";
import { en } from "../../shared/i18n/en.ts";
import { EXERCISES, generateClass, type ClassTruth } from "../helpers/generated-class.ts";
import { runCli } from "../helpers/run-cli.ts";

let dir: string;
let truth: ClassTruth;
let folder: ClassFolder;
let summary: ClassSummary;

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "course-class-"));
  truth = generateClass(path.join(dir, "class"), 300);
  folder = readClassFolder(path.join(dir, "class"));
  summary = summarizeClass(folder);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// RFC 4180, as a spreadsheet reads it: quoted fields may hold commas, quotes ("") and new lines.
function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let fields: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (field += '"'), i++;
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") fields.push(field), (field = "");
    else if (c === "\r" && text[i + 1] === "\n") {
      fields.push(field);
      rows.push(fields);
      fields = [];
      field = "";
      i++;
    } else field += c;
  }
  if (field !== "" || fields.length > 0) throw new Error("the CSV does not end with CRLF");
  return rows;
}

describe("a generated class of 300", () => {
  it("reads every learner, from files and clones, and lists the three it cannot read with the reason", () => {
    expect(folder.learners).toHaveLength(300);
    expect(folder.skipped.map((s) => [s.name, s.reason])).toEqual([
      ["zz-no-progress", "no-progress-file"],
      ["zz-not-json", "not-json"],
      ["zz-old-format", "not-progress"],
    ]);
    expect(folder.skipped[2]!.detail).toMatch(/^\/schemaVersion|^\/ /);
  });

  it("who is where: each learner's done count and the exercise they are on", () => {
    expect(summary.learners.map((l) => l.name)).toEqual([...truth.learners.keys()].sort());
    for (const learner of summary.learners) {
      const known = truth.learners.get(learner.name)!;
      expect(learner.done, learner.name).toBe(known.done);
      expect(learner.current?.id ?? null).toBe(known.done < EXERCISES.length ? EXERCISES[known.done] : null);
    }
  });

  it("which check stops the most learners: counted as the truth counts, most first", () => {
    const counts = new Map<string, number>();
    for (const { stoppedBy } of truth.learners.values()) if (stoppedBy) counts.set(stoppedBy, (counts.get(stoppedBy) ?? 0) + 1);
    const expected = [...counts.entries()].sort((a, b) => b[1] - a[1]);
    expect(summary.blockers.map((b) => b.learners)).toEqual(expected.map(([, n]) => n));
    expect(new Map(summary.blockers.map((b) => [`${b.exercise}\0${b.check ?? ""}`, b.learners]))).toEqual(counts);
    expect(summary.blockers[0]!.learners).toBeGreaterThan(summary.blockers[1]!.learners);
    expect(summary.blockers.some((b) => b.check === null), "some generated learners' code does not load").toBe(true);
  });

  it("the median time per exercise is the median of the done learners' minutes", () => {
    expect(summary.times.map((t) => t.exercise)).toEqual(EXERCISES);
    for (const t of summary.times) {
      const minutes = truth.minutes.get(t.exercise)!;
      expect(t.done).toBe(minutes.length);
      expect(t.medianMinutes).toBeCloseTo(median(minutes) ?? NaN, 6);
    }
    expect(summary.times[0]!.done).toBeGreaterThan(100);
  });

  it("the Markdown: a row per learner, the top blocker first, the times, the skipped", () => {
    const md = classMarkdown(summary, folder, en.classReport);
    expect(md).toContain("300 learners read; 3 skipped (listed at the end).");
    const whoRows = md.split("## Which check")[0]!.split("\n").filter((l) => l.startsWith("| learner-"));
    expect(whoRows).toHaveLength(300);
    const top = summary.blockers[0]!;
    const stops = md.split("## Which check stops the most learners")[1]!.split("## Median")[0]!.split("\n").filter((l) => l.startsWith("| "));
    expect(stops[2]).toBe(`| ${top.learners} | ${top.exercise} | ${cell(top.check ?? "")} |`);
    expect(stops.length).toBe(2 + 10);
    expect(md).toMatch(/\| 01-first-tool \| \d+ \| (\d+ min|\d+ h \d\d min)/);
    expect(md).toContain("- zz-not-json: not JSON");
    expect(md).toMatch(/- zz-old-format: does not match docs\/progress\.schema\.json: /);
  });

  it("the CSV: a header and one row per learner and exercise, which read back", () => {
    const rows = readCsv(classCsv(folder));
    expect(rows[0]).toEqual([...CSV_COLUMNS]);
    expect(rows).toHaveLength(1 + 300 * EXERCISES.length);
    expect(rows.every((r) => r.length === CSV_COLUMNS.length)).toBe(true);
    const col = (name: (typeof CSV_COLUMNS)[number]) => CSV_COLUMNS.indexOf(name);
    const anna = rows.filter((r) => r[col("learner")] === "learner-002");
    expect(anna.map((r) => r[col("exercise")])).toEqual(EXERCISES);
    expect(anna.filter((r) => r[col("done")] === "true")).toHaveLength(truth.learners.get("learner-002")!.done);
    expect(rows.slice(1).filter((r) => r[col("minutes_to_done")] !== "")).toHaveLength([...truth.minutes.values()].flat().length);
  });
});

describe("a learner's text is data", () => {
  const hostile = "a | b <img src=x onerror=alert(1)> `code` [link](http://x) \u001b[2J\u0007\nnext";

  it("in Markdown: no new cell, tag, link or escape", () => {
    const text = cell(hostile);
    expect(text).not.toMatch(/(?<!\\)[|<`[\]]/);
    expect(text).not.toMatch(/[\u0000-\u001f]/);
    expect(text).not.toContain("\n");
  });

  it("in CSV: quoted, with no formula and no control character", () => {
    expect(csvField("=HYPERLINK(\"http://x\")")).toBe("\"'=HYPERLINK(\"\"http://x\"\")\"");
    expect(csvField("+1")).toBe("'+1");
    expect(csvField("@sum")).toBe("'@sum");
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField("plain")).toBe("plain");
    expect(csvField("x\u001b[31m")).toBe("x[31m");
  });

  it("end to end: a check title with all of it stays one cell in one row", () => {
    const report = progressReport(
      [{ id: "01-first-tool", number: 1, done: false, broken: false, checks: { passed: 0, total: 2 }, hardMode: { passed: 0, total: 0 }, firstFailingCheck: hostile, hintsSeen: 0, hints: 0, startedAt: null, lastCheckedAt: null, doneAt: null }],
      { name: "c", version: "1" },
      "=cmd|' /C calc'!A0",
    );
    const one = mkdtempSync(path.join(os.tmpdir(), "course-class-one-"));
    try {
      writeFileSync(path.join(one, "mallory.json"), JSON.stringify(report));
      const read = readClassFolder(one);
      const md = classMarkdown(summarizeClass(read), read, en.classReport);
      const learnerRow = md.split("\n").find((l) => l.startsWith("| mallory"))!;
      expect(learnerRow.split(/(?<!\\)\|/).length - 2).toBe(6);
      expect(md).not.toContain("\u001b");
      const rows = readCsv(classCsv(read));
      expect(rows[1]![CSV_COLUMNS.indexOf("learner_id")]).toBe("'=cmd|' /C calc'!A0");
    } finally {
      rmSync(one, { recursive: true, force: true });
    }
  });
});

describe("npm run class", () => {
  it("the arguments: report <folder>, --csv file, --md file; anything else is refused", () => {
    expect(parseClassArgs(["report", "x"])).toEqual({ folder: "x" });
    expect(parseClassArgs(["report", "x", "--csv", "c.csv", "--md=r.md"])).toEqual({ folder: "x", csv: "c.csv", md: "r.md" });
    expect(parseClassArgs([])).toHaveProperty("error");
    expect(parseClassArgs(["reports", "x"])).toHaveProperty("error");
    expect(parseClassArgs(["report"])).toHaveProperty("error");
    expect(parseClassArgs(["report", "x", "y"])).toHaveProperty("error");
    expect(parseClassArgs(["report", "x", "--csv"])).toHaveProperty("error");
    expect(parseClassArgs(["report", "x", "--pdf", "r.pdf"])).toHaveProperty("error");
  });

  // One real run (the launcher, the bundle, a folder of 300): the report on stdout, the CSV on disk;
  // then the same in Russian, and a missing folder.
  it("report <folder> --csv file: Markdown on stdout, the CSV written; in Russian too; a missing folder exits 2", async () => {
    const csv = path.join(dir, "class.csv");
    const run = await runCli(["class", "report", path.join(dir, "class"), "--csv", csv], { env: { COURSE_LANG: "en" } });
    expect(run.code, run.out).toBe(0);
    expect(run.stdout.startsWith("# Class report\n")).toBe(true);
    expect(run.stdout).toContain("## Median time per exercise");
    expect(run.out).toContain(`Wrote ${csv}.`);
    expect(readCsv(readFileSync(csv, "utf8"))).toHaveLength(1 + 300 * EXERCISES.length);

    const ru = await runCli(["class", "report", path.join(dir, "class")], { env: { COURSE_LANG: "ru" } });
    expect(ru.code, ru.out).toBe(0);
    expect(ru.stdout).toContain("# Отчёт по группе");
    expect(ru.stdout).toContain("Прочитано: 300 учеников; пропущено: 3");

    const missing = await runCli(["class", "report", path.join(dir, "nowhere")], { env: { COURSE_LANG: "en" } });
    expect(missing.code).toBe(2);
    expect(missing.out).toContain("There is no folder");
  }, 120_000); // a guard against a hung command on a busy machine, not a speed check (that is bench/class-report.ts)

  it("a folder with no learner in it: the report says 0 learners, and nobody is stopped", () => {
    const empty = path.join(dir, "empty");
    mkdirSync(empty);
    const read = readClassFolder(empty);
    const md = classMarkdown(summarizeClass(read), read, en.classReport);
    expect(md).toContain("0 learners read.");
    expect(md).toContain("Nobody is stopped");
  });
});

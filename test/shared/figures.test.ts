// Figures in the lesson texts: a price, a percentage, a limit, a version must not be typed in without a
// source. The rule, for authors, is in docs/AUTHORING.md ("Figures and their sources"):
//   every figure with a unit in a lesson's prose (code blocks and inline code are examples, and exempt) is
//   1. in a docs/SOURCES.md row for that lesson (the figure's numbers in the row's claim), or
//   2. a price in shared/model.ts, or a cost this file computes from it (COMPUTED below), or
//   3. a number the lesson's own code defines (a limit such as 8_000 characters is the course's setting).

import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PRICING, estimateCost } from "../../shared/model.ts";
import { codeNumbers, figuresIn, proseOf, sameAtPrecision, sourceRows, type Figure } from "../helpers/figures.ts";

const LESSONS = "lessons";
const SOURCES = "docs/SOURCES.md";

const usd = (model: string, inputTokens: number, outputTokens: number): number => {
  const cost = estimateCost(model, inputTokens, outputTokens);
  if (cost === undefined) throw new Error(`shared/model.ts has no price for ${model}`);
  return cost;
};
const haiku = (i: number, o: number) => usd("claude-haiku-5-5", i, o);
const sonnet = (i: number, o: number) => usd("claude-sonnet-5-5", i, o);
const opus = (i: number, o: number) => usd("claude-opus-5-5", i, o);

// The costs the lessons quote, computed the way each text says. When a price in shared/model.ts changes,
// these change, and the check below names the text to update.
const COMPUTED: Array<{ lesson: string; what: string; usd: number }> = [
  { lesson: "06", what: "the full memory (13,000 tokens) sent with one task, on Haiku 5.5", usd: haiku(13_000, 0) },
  { lesson: "06", what: "the same on Sonnet 5.5", usd: sonnet(13_000, 0) },
  { lesson: "08", what: "one request on Haiku 5.5 (4,000 tokens in, 100 out)", usd: haiku(4000, 100) },
  { lesson: "08", what: "one request on Sonnet 5.5 (4,000 tokens in, 100 out)", usd: sonnet(4000, 100) },
  { lesson: "08", what: "600 such requests a day on Haiku 5.5", usd: 600 * haiku(4000, 100) },
  { lesson: "08", what: "600 such requests a day on Sonnet 5.5", usd: 600 * sonnet(4000, 100) },
  { lesson: "08", what: "routed: 480 requests on Haiku 5.5 and 120 on Sonnet 5.5", usd: 480 * haiku(4000, 100) + 120 * sonnet(4000, 100) },
  { lesson: "08", what: "the heavy day: 300 requests of 50,000 tokens on Opus 5.5", usd: 300 * opus(50_000, 0) },
];

// Every price in the table, any tier: "$0.10 per million" is a figure shared/model.ts vouches for.
const PRICES = PRICING.flatMap((entry) => [entry.price, ...(entry.longPrompt ? [entry.longPrompt.price] : [])]).flatMap((p) => Object.values(p));
// Model names the table knows: "Haiku 5.5" is a version the code vouches for.
const MODEL_VERSIONS = PRICING.map((entry) => entry.name.replace(/^Claude /, ""));

const lessonDirs = readdirSync(LESSONS).filter((name) => /^\d{2}-/.test(name)).sort();
const rows = sourceRows(readFileSync(SOURCES, "utf8"));

function vouchedFor(figure: Figure, lesson: string, ownNumbers: Set<number>): boolean {
  const listed = rows.filter((row) => row.lessons.includes(lesson) || row.lessons.includes("all"));
  if (listed.some((row) => figure.numbers.every((n) => row.numbers.includes(n)))) return true;
  if (figure.kind === "money") {
    return figure.numbers.every(
      (n, i) => PRICES.includes(n) || COMPUTED.some((c) => c.lesson === lesson && sameAtPrecision(n, figure.decimals[i] ?? 0, c.usd)),
    );
  }
  if (figure.kind === "version") return MODEL_VERSIONS.some((name) => figure.text.endsWith(name));
  return figure.kind === "unit" && figure.numbers.every((n) => ownNumbers.has(n));
}

describe("figures in the lesson texts", () => {
  it("finds figures with a unit in prose, and leaves code alone", () => {
    const found = figuresIn(
      [
        "Haiku costs $0.10/M; a 1,000-character cap; up to 128 characters; 25 000 токенов; 72% to 90%; Sonnet 3.5.",
        "Run `npm run lesson 2 -- \"What is 15% of $500?\"` and see:",
        "```",
        "cost: $0.0034 · 3178 tokens",
        "```",
      ].join("\n"),
    );
    expect(found.map((f) => f.text).sort()).toEqual(["$0.10/M", "1,000-character", "128 characters", "25 000 токенов", "72%", "90%", "Sonnet 3.5"].sort());
    expect(found.find((f) => f.text === "25 000 токенов")?.numbers).toEqual([25_000]);
    expect(proseOf("a [link](https://x.example/1.5%) b")).toBe("a [link] b");
  });

  it("reads docs/SOURCES.md rows: the lessons they are about and the numbers of the claim", () => {
    const parsed = sourceRows(
      "| claim | lesson | source | checked |\n|---|---|---|---|\n| tool names up to 128 characters | 11 | [docs](https://x) | 2026-12-01 |\n",
    );
    expect(parsed).toEqual([{ lessons: ["11"], claim: "tool names up to 128 characters", numbers: [128], line: 3 }]);
  });

  it("every figure in a lesson's prose is listed in docs/SOURCES.md, computed from shared/model.ts, or defined by the lesson's code", () => {
    const unvouched: string[] = [];
    for (const dir of lessonDirs) {
      const lesson = dir.slice(0, 2);
      const own = codeNumbers(path.join(LESSONS, dir));
      for (const file of ["README.md", "README.ru.md"]) {
        const where = path.join(LESSONS, dir, file);
        for (const figure of figuresIn(readFileSync(where, "utf8"))) {
          if (!vouchedFor(figure, lesson, own)) unvouched.push(`${where}: "${figure.text}" (${figure.kind})`);
        }
      }
    }
    expect(
      unvouched,
      "These figures have no source: add a row to docs/SOURCES.md for that lesson with the figure in its claim and " +
        "where it comes from (a link and what it says, or 'the course's own' and the file), or compute it from " +
        "shared/model.ts in test/shared/figures.test.ts (COMPUTED), or remove it. See docs/AUTHORING.md, 'Figures and their sources'.",
    ).toEqual([]);
  });

  it.each(COMPUTED)("lesson $lesson quotes $what as shared/model.ts computes it", ({ lesson, usd: exact }) => {
    const dir = lessonDirs.find((d) => d.startsWith(lesson)) ?? "";
    for (const file of ["README.md", "README.ru.md"]) {
      const money = figuresIn(readFileSync(path.join(LESSONS, dir, file), "utf8")).filter((f) => f.kind === "money");
      const quoted = money.some((f) => f.numbers.some((n, i) => sameAtPrecision(n, f.decimals[i] ?? 0, exact)));
      expect(
        quoted,
        `${LESSONS}/${dir}/${file} should quote $${Number(exact.toPrecision(6))} (rounded as you like), which shared/model.ts ` +
          `gives today. Found: ${money.map((f) => f.text).join(", ")}. A price changed: update the text (EN and RU).`,
      ).toBe(true);
    }
  });

  it("every row of docs/SOURCES.md says when it was checked", () => {
    const text = readFileSync(SOURCES, "utf8").split("\n");
    const undated = rows.filter((row) => !/\|\s*\d{4}-\d{2}-\d{2}\s*\|\s*$/.test(text[row.line - 1] ?? "")).map((row) => `line ${row.line}: ${row.claim}`);
    expect(undated, "Each row ends with the date its source was checked (YYYY-MM-DD).").toEqual([]);
  });
});

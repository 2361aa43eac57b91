// Lesson 05's truncation at its edges: a cut just after a newline, a trailing newline, an emoji on the
// cut. The property checks every cut against a count made a different way (line by line), seeded.

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { truncateOutput } from "../../lessons/05-parallel-and-safe/truncate.ts";

const NOTE = /\n?\[output cut: (\d+) more characters(?: \((\d+) more lines\))? not shown\. Ask for less: narrow the query, or ask for the rest with an offset\.\]$/;

// What the model sees, taken apart: the kept text, the characters and lines the note says are missing.
function readCut(text: string, out: string): { kept: string; chars: number; lines: number } {
  const match = NOTE.exec(out.slice(out.lastIndexOf("[output cut:") - 1));
  if (!match) throw new Error(`expected a cut note at the end, got ${JSON.stringify(out.slice(-120))}`);
  const chars = Number(match[1]);
  return { kept: text.slice(0, text.length - chars), chars, lines: Number(match[2] ?? 0) };
}

// Lines with no character shown, counted one line at a time (a line owns its own trailing newline).
function linesNotShown(text: string, keptLength: number): number {
  let count = 0;
  let start = 0;
  while (start < text.length) {
    if (start >= keptLength) count++;
    const end = text.indexOf("\n", start);
    start = end === -1 ? text.length : end + 1;
  }
  return count;
}

const hasLoneSurrogate = (s: string) => /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(s);

describe("lesson 05 truncation at its edges", () => {
  it("counts the lines after a cut that falls just after a newline", () => {
    const out = truncateOutput("ab\ncd\nef\n", { maxChars: 3 });
    expect(out).toBe("ab\n[output cut: 6 more characters (2 more lines) not shown. Ask for less: narrow the query, or ask for the rest with an offset.]");
  });

  it("does not count a trailing newline as one more line", () => {
    expect(truncateOutput("a\nb\n", { maxLines: 2 })).toBe("a\nb\n");
    expect(truncateOutput("a\nb\nc\n", { maxLines: 2 })).toMatch(/^a\nb\n\[output cut: 3 more characters \(1 more lines\) not shown/);
  });

  it("counts a line cut in the middle as shown", () => {
    expect(truncateOutput("abcdef\ngh", { maxChars: 3 })).toMatch(/^abc\n\[output cut: 6 more characters \(1 more lines\) not shown/);
  });

  it("never keeps half an emoji", () => {
    const out = truncateOutput("ok 😀 done", { maxChars: 4 });
    expect(out.startsWith("ok \n[output cut: 7 more characters not shown")).toBe(true);
    expect(hasLoneSurrogate(out)).toBe(false);
  });

  it("keeps Cyrillic lines whole and counts them", () => {
    expect(truncateOutput("отчёт\nготов\nвсё", { maxLines: 1 })).toMatch(/^отчёт\n\[output cut: 10 more characters \(2 more lines\) not shown/);
  });

  it("property: no split surrogate pair, and the omitted characters and lines are exact", () => {
    const piece = fc.constantFrom("a", "ж", "😀", "\n", "\n\n", "line ", "🙂x");
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 40 }).map((parts) => parts.join("")),
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 0, max: 8 }),
        (text, maxChars, maxLines) => {
          const out = truncateOutput(text, { maxChars, maxLines });
          expect(hasLoneSurrogate(out)).toBe(false);
          if (out === text) return;
          const { kept, lines } = readCut(text, out);
          expect(out.startsWith(kept)).toBe(true);
          expect(kept.length).toBeLessThanOrEqual(maxChars);
          expect(linesNotShown(text, kept.length)).toBe(lines);
          expect(linesNotShown(text, kept.length)).toBeGreaterThanOrEqual(0);
        },
      ),
      { seed: 42, numRuns: 300 },
    );
  });
});

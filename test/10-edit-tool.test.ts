// Checks for exercise 10 (three matchers, two safety stops, a literal splice). Run them with:
// npm run check 10. Each message says what was expected, what happened, and where to look.
// Files are real, in a temporary folder; the model is the strict mock.

import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { yourParts } from "@exercise/10-edit-tool/edit-parts.ts";
import { blockAnchored, indentationFlexible, lineTrimmed, reindent } from "@exercise/10-edit-tool/matchers.ts";
import { lineNumberAt, refuseAmbiguous, refuseOversized } from "@exercise/10-edit-tool/safety-stops.ts";
import { spliceLiterally } from "@exercise/10-edit-tool/splice.ts";
import { runAgent } from "../lessons/10-edit-tool/agent.ts";
import { applyEdit } from "../lessons/10-edit-tool/apply-edit.ts";
import type { Match, Matcher } from "../lessons/10-edit-tool/matchers.ts";
import { noTerminalApprover } from "../lessons/07-approval-gates/approver.ts";
import { parseRulesFile } from "../lessons/07-approval-gates/rules-file.ts";
import { createMockModel, reply, resultText } from "../shared/mock/mock-model.ts";

const MATCHERS = "exercises/10-edit-tool/matchers.ts";
const STOPS = "exercises/10-edit-tool/safety-stops.ts";
const SPLICE = "exercises/10-edit-tool/splice.ts";

// What a matcher found, as text: easier to read in a failure than offsets.
function texts(matcher: Matcher, content: string, oldText: string): string[] {
  return matcher.find(content, oldText).map((m) => content.slice(m.start, m.end));
}
const show = (text: string) => JSON.stringify(text);

// --- TODO 1 ------------------------------------------------------------------------------------------

describe("line-trimmed matcher (TODO 1)", () => {
  it("ignores spaces and tabs at the ends of lines, in the quote and in the file", () => {
    const file = "alpha();\nbeta();   \ngamma();\n";
    expect(texts(lineTrimmed, file, "beta();\ngamma();  \t"), `In ${MATCHERS}, lineTrimmed should compare lines with their ends trimmed (trimEnd).`).toEqual([
      "beta();   \ngamma();",
    ]);
  });

  it("does not ignore indentation (that is the indentation-flexible matcher's job)", () => {
    expect(
      lineTrimmed.find("  indented();\n", "indented();"),
      `lineTrimmed must trim only the ends of lines, not the start: "indented();" is not line-trimmed equal to "  indented();". Use trimEnd(), not trim().`,
    ).toEqual([]);
  });

  it("matches whole lines only", () => {
    expect(lineTrimmed.find("let total = 1;\n", "total = 1;"), "A quote that starts mid-line is not a line-trimmed match: compare whole lines.").toEqual([]);
    expect(lineTrimmed.find("ab\ncd\n", "b\nc"), "Each quoted line must equal a whole file line.").toEqual([]);
  });

  it("finds a block in a CRLF file, and the span stops before the last line's \\r\\n", { tags: "hard" }, () => {
    const file = "one\r\ntwo  \r\nthree\r\n";
    const [span] = lineTrimmed.find(file, "two\nthree");
    expect(span, `lineTrimmed found nothing in a CRLF file. A "\\r" at a line end is part of the line break: use the lesson's linesOf().`).toBeDefined();
    expect(file.slice(span!.start, span!.end), "The span must run from the first line's start to the end of the last line's text, without its line break.").toBe(
      "two  \r\nthree",
    );
  });

  it("handles Unicode text (Cyrillic, emoji) with correct offsets", { tags: "hard" }, () => {
    const file = "Привет, мир 👋\nВторая строка \t\nКонец";
    expect(texts(lineTrimmed, file, "Вторая строка\nКонец")).toEqual(["Вторая строка \t\nКонец"]);
    expect(lineTrimmed.find(file, "Привет, мир 👋 ")).toEqual([{ start: 0, end: 14 }]);
  });

  it("finds a match on the first line and on the last line (no line break after it)", { tags: "hard" }, () => {
    const file = "first  \nmiddle\nlast  ";
    expect(lineTrimmed.find(file, "first"), "A match on line 1 was missed: start the search at line 0.").toEqual([{ start: 0, end: 7 }]);
    expect(lineTrimmed.find(file, "last"), "A match on the last line was missed: the last window starts at lines.length - quoted.length.").toEqual([
      { start: 15, end: 21 },
    ]);
  });

  it("finds nothing for an empty quote, or one made only of spaces", { tags: "hard" }, () => {
    for (const quote of ["", "   ", "\n", " \t\n  "]) {
      expect(lineTrimmed.find("a\n\n  \nb", quote), `lineTrimmed.find(file, ${show(quote)}) must be []: an empty quote would match everywhere.`).toEqual([]);
    }
  });

  it("finds every place, in file order, without overlaps; a final line break in the quote is not a line", () => {
    const file = "x \nx \nx \ny\n";
    expect(lineTrimmed.find(file, "x\nx"), "Windows must not overlap: after a find, go on below it.").toEqual([{ start: 0, end: 5 }]);
    expect(texts(lineTrimmed, file, "x\n"), "A quote ending in a line break is one line, not two.").toEqual(["x ", "x ", "x "]);
  });
});

// --- TODO 2 ------------------------------------------------------------------------------------------

describe("indentation-flexible matcher and reindent (TODO 2)", () => {
  const spaces = "class A {\n  run() {\n    if (x) {\n      go();\n    }\n  }\n}\n";

  it("finds a block quoted at another indentation", () => {
    expect(texts(indentationFlexible, spaces, "if (x) {\n  go();\n}")).toEqual(["    if (x) {\n      go();\n    }"]);
    expect(texts(indentationFlexible, spaces, "        if (x) {\n          go();\n        }")).toEqual(["    if (x) {\n      go();\n    }"]);
  });

  it("finds tabs in the file for spaces in the quote", { tags: "hard" }, () => {
    const tabs = "run() {\n\tif (x) {\n\t\tgo();\n\t}\n}";
    expect(texts(indentationFlexible, tabs, "if (x) {\n    go();\n}")).toEqual(["\tif (x) {\n\t\tgo();\n\t}"]);
  });

  it("refuses a block whose nesting differs (one indentation of the quote would become two)", { tags: "hard" }, () => {
    expect(
      indentationFlexible.find(spaces, "if (x) {\ngo();\n}"),
      "The quote has `if` and `go()` at the same indentation; the file nests go() deeper. That is not the same block shifted: return no match.",
    ).toEqual([]);
    expect(indentationFlexible.find("a\n  b\n", "a\n  c"), "The text of every line must still match.").toEqual([]);
  });

  it("matches blank lines inside the block, and ignores line-end spaces", { tags: "hard" }, () => {
    const file = "  a();\n\n  b();  \n";
    expect(texts(indentationFlexible, file, "a();\n\nb();")).toEqual(["  a();\n\n  b();  "]);
    expect(
      texts(indentationFlexible, "    a\n\n    b", "  a\n  \n  b"),
      "a quoted line of only spaces is blank: it says nothing about indentation (check line.trim() === '')",
    ).toEqual(["    a\n\n    b"]);
  });

  it("finds nothing for an empty quote; finds matches on the first and last lines", { tags: "hard" }, () => {
    expect(indentationFlexible.find("  a\n", "")).toEqual([]);
    expect(indentationFlexible.find("  a\n", "  \n ")).toEqual([]);
    expect(indentationFlexible.find("    top\nmid\n    end", "top")).toEqual([{ start: 0, end: 7 }]);
    expect(indentationFlexible.find("    top\nmid\n    end", "end")).toEqual([{ start: 12, end: 19 }]);
  });

  it("reindent moves the new text to the file's indentation", () => {
    expect(reindent("if (y) {\n  stop();\n}", "if (x) {\n  go();\n}", "    if (x) {\n      go();\n    }"), `reindent in ${MATCHERS}`).toBe(
      "    if (y) {\n      stop();\n    }",
    );
    expect(reindent("if (y) {\n    stop();\n}", "if (x) {\n    go();\n}", "\tif (x) {\n\t\tgo();\n\t}"), "tabs for spaces").toBe("\tif (y) {\n\t\tstop();\n\t}");
  });

  it("reindent: a deeper indentation keeps its extra part; blank lines and unknown shallower lines stay", { tags: "hard" }, () => {
    expect(reindent("a\n  b\n      c\n\n  d", "a\n  b", "  a\n    b"), "'      c' starts with the quote's '  ' (-> '    '), plus 4 more spaces").toBe(
      "  a\n    b\n        c\n\n    d",
    );
    expect(reindent("x\n  y", "  a\n    b", "a\n  b"), "'x' has less indentation than any quoted line: leave it").toBe("x\ny");
    expect(reindent("a\n   \nb", "a\nb", "  a\n  b"), "a line of only spaces is blank: leave it as it is").toBe("  a\n   \n  b");
    expect(reindent("x", "a\nb", "  a"), "found may have fewer lines than the quote").toBe("  x");
  });

  it("reindent uses only lines whose text matches, and gives up on a conflicting shift", { tags: "hard" }, () => {
    expect(reindent("q\n  r", "q\n  w\n  e", "  q\n    other\n    e"), "lines whose text differs are not used to learn the shift").toBe("  q\n    r");
    expect(reindent("n", "a\na", "  a\n    a"), "'' would map to both '  ' and '    ': leave the new text as it is").toBe("n");
    expect(reindent("same", "same", "same"), "no shift, no change").toBe("same");
  });
});

// --- TODO 3 ------------------------------------------------------------------------------------------

describe("block-anchored matcher (TODO 3)", () => {
  const file = ["start() {", "  const a = 1;", "  const b = 2;", "  return a + b;", "}", "", "other() {", "}"].join("\n");

  it("matches by first and last lines when the middle is similar", () => {
    expect(texts(blockAnchored, file, "start() {\n  const a = 1;\n  const bb = 2;\n  return a + b;\n}")).toEqual([file.split("\n").slice(0, 5).join("\n")]);
  });

  it("ignores indentation on the anchors and in the middle", { tags: "hard" }, () => {
    expect(blockAnchored.find(file, "    start() {\nconst a = 1;\nconst b = 3;\nreturn a + b;\n    }")).toHaveLength(1);
    expect(texts(blockAnchored, "  begin\n    abcdefghij\n  end", "begin\nabcdefghiX\nend"), "the file's anchor lines are indented: trim them too").toEqual([
      "  begin\n    abcdefghij\n  end",
    ]);
  });

  it("starts only at a line equal to the first anchor", () => {
    expect(blockAnchored.find("x\nmid\nmid\nend", "top\nmid\nend"), "no line is 'top': no match, however alike the rest").toEqual([]);
  });

  it("refuses a middle that is not similar enough (average below 0.7)", () => {
    expect(blockAnchored.find(file, "start() {\n  totally different\n  nothing alike here\n  zzz\n}"), "The middle lines are not alike: no match.").toEqual([]);
  });

  it("uses the 0.7 threshold: exactly at it matches, just below does not", { tags: "hard" }, () => {
    // "abcdefghij" vs "abcdefgXYZ": 3 edits of 10 = 0.7 alike; "abcdefWXYZ": 0.6.
    const f = "begin\nabcdefghij\nend";
    expect(blockAnchored.find(f, "begin\nabcdefgXYZ\nend"), "similarity 0.7 is enough (>= 0.7)").toHaveLength(1);
    expect(blockAnchored.find(f, "begin\nabcdefWXYZ\nend"), "similarity 0.6 is below 0.7").toEqual([]);
  });

  it("needs at least three lines, and the last anchor below the first with a line between", { tags: "hard" }, () => {
    expect(blockAnchored.find(file, "start() {\n}"), "two lines are too few to anchor anything").toEqual([]);
    expect(blockAnchored.find("x\ny\n", "x\n\ny"), "'y' comes right after 'x' in the file: there is no middle line").toEqual([]);
    expect(blockAnchored.find("end\nbegin\nmid\n", "begin\nmid\nend"), "the last anchor must come after the first").toEqual([]);
  });

  it("counts a middle line the file does not have as \"\"", { tags: "hard" }, () => {
    expect(blockAnchored.find("top\nmid\nbottom", "top\nmid\nmore\nevenmore\nbottom"), "the file block is shorter than the quote: missing lines score 0").toEqual([]);
    expect(
      blockAnchored.find("top\nmid\nbottom", "top\nmid\nbottom\nbottom"),
      "the closing anchor is not a middle line: compare only the lines before it (i + 1 + k < j), missing ones as \"\"",
    ).toEqual([]);
    expect(blockAnchored.find("top\nmid\nbottom", "top\nmid\n\nbottom"), 'a missing line is "", which is just like a blank quoted line').toHaveLength(1);
  });

  it("finds every anchored block, in order", { tags: "hard" }, () => {
    const twice = "f {\n  one();\n}\nf {\n  one();\n}";
    expect(blockAnchored.find(twice, "f {\n  onee();\n}")).toEqual([
      { start: 0, end: 14 },
      { start: 15, end: 29 },
    ]);
  });

  it("takes the nearest closing anchor, even when a later one would fit the middle better", { tags: "hard" }, () => {
    const near = "open\nalpha\nclose\nbeta\nclose";
    expect(texts(blockAnchored, near, "open\nalpha\nclose")).toEqual(["open\nalpha\nclose"]);
  });

  it("finds nothing for an empty quote; a match may start on the first line and end on the last", { tags: "hard" }, () => {
    expect(blockAnchored.find("a\nb\nc", "")).toEqual([]);
    expect(texts(blockAnchored, "a\nbcdefghij\nc", "a\nbcdefghiX\nc")).toEqual(["a\nbcdefghij\nc"]);
  });
});

// --- the chain (TODOs 1-3 in the lesson's order) ------------------------------------------------------

describe("the chain: a stricter matcher wins (TODOs 1, 2 and 3)", () => {
  const edit = (content: string, oldText: string, newText: string, all = false) => applyEdit(content, oldText, newText, all, yourParts);

  it("exact before line-trimmed, line-trimmed before indentation-flexible, block-anchored last", () => {
    expect(edit("a = 1;\n", "a = 1;", "a = 2;")).toMatchObject({ ok: true, matcher: "exact" });
    expect(edit("a = 1;  \nb = 2;\n", "a = 1;\nb = 2;", "c")).toMatchObject({ ok: true, matcher: "line-trimmed", content: "c\n" });
    expect(edit("  a = 1;\n  b = 2;\n", "a = 1;\nb = 2;", "a = 3;\nb = 4;")).toMatchObject({
      ok: true,
      matcher: "indentation-flexible",
      content: "  a = 3;\n  b = 4;\n",
    });
    expect(edit("f {\n  one();\n}\n", "f {\n  onee();\n}", "g {\n}")).toMatchObject({ ok: true, matcher: "block-anchored", content: "g {\n}\n" });
  });

  it("an edit quoted at another indentation is re-indented in the file", () => {
    const result = edit("def f():\n    if x:\n        go()\n", "if x:\n    go()", "if y:\n    stop()\n    again()");
    expect(result, "indentation-flexible must adjust the new text with reindent (adjust: reindent)").toMatchObject({
      ok: true,
      content: "def f():\n    if y:\n        stop()\n        again()\n",
    });
  });
});

// --- TODO 4 ------------------------------------------------------------------------------------------

describe("safety stop 1: ambiguous matches (TODO 4)", () => {
  const content = "a\nb\na\nc\na";
  const spans: Match[] = [
    { start: 0, end: 1 },
    { start: 4, end: 5 },
    { start: 8, end: 9 },
  ];

  it("refuses several matches, saying how many, on which lines, and what to do", () => {
    const message = refuseAmbiguous(content, spans, false, "exact");
    expect(message, `refuseAmbiguous in ${STOPS} must return a message when there are several matches`).toEqual(expect.any(String));
    expect(message, "say how many places matched").toMatch(/\b3 places\b/);
    expect(message, "list the 1-based line numbers where they start: 1, 3, 5").toMatch(/\b1, 3, 5\b/);
    expect(message, "tell the model what to do: more surrounding lines, or replace_all").toMatch(/replace_all/);
    expect(message, "and to quote more of the lines around the place (surrounding lines, context)").toMatch(/surround|context|around/i);
  });

  it("lets one match through, and several when replace_all is true", () => {
    expect(refuseAmbiguous(content, spans.slice(0, 1), false, "exact"), "one match is not ambiguous").toBeNull();
    expect(refuseAmbiguous(content, spans, true, "exact"), "replace_all asks for every match").toBeNull();
    expect(refuseAmbiguous(content, spans.slice(0, 2), false, "exact"), "two matches are already ambiguous").toMatch(/\b2 places\b.*\b1, 3\b/s);
  });

  it("property: several matches are always refused without replace_all, never with it", { tags: "hard" }, () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), fc.uniqueArray(fc.nat(60), { minLength: 2, maxLength: 5 }), (text, offsets) => {
        const at = [...offsets].sort((a, b) => a - b).map((o) => Math.min(o, text.length));
        const matches = at.map((start) => ({ start, end: start }));
        const message = refuseAmbiguous(text, matches, false, "exact");
        expect(message, `${matches.length} matches must be refused`).toEqual(expect.stringContaining(`${matches.length} places`));
        expect(refuseAmbiguous(text, matches, true, "exact"), "replace_all lets them all through").toBeNull();
      }),
      { seed: 42, numRuns: 100 },
    );
  });

  it("lineNumberAt counts lines from 1", () => {
    expect(lineNumberAt("a\nb\nc", 0)).toBe(1);
    expect(lineNumberAt("a\nb\nc", 1), "the line break itself still belongs to line 1").toBe(1);
    expect(lineNumberAt("a\nb\nc", 2)).toBe(2);
    expect(lineNumberAt("a\nb\nc", 4)).toBe(3);
    expect(lineNumberAt("a\r\nb", 3), "CRLF counts once").toBe(2);
  });
});

// --- TODO 5 ------------------------------------------------------------------------------------------

describe("safety stop 2: a span much larger than the quote (TODO 5)", () => {
  it("refuses a span with more than 1.5 times the quote's non-space characters, naming matcher and lines", () => {
    const content = "head\nabcdefgh\nfoot";
    const message = refuseOversized(content, { start: 5, end: 13 }, "abcde", "block-anchored");
    expect(message, `refuseOversized in ${STOPS}: 8 characters found for a 5-character quote is over 1.5 times`).toEqual(expect.any(String));
    expect(message, "name the matcher").toContain("block-anchored");
    expect(message, "name the lines found").toMatch(/\b2-2\b/);
    expect(message, "say what to do").toMatch(/quote|read/i);
    expect(refuseOversized(content, { start: 0, end: 18 }, "abcdefghij", "block-anchored"), "lines 1-3").toMatch(/\b1-3\b/);
  });

  it("lets through exactly 1.5 times, and counts no spaces or line breaks", { tags: "hard" }, () => {
    expect(refuseOversized("abcdef", { start: 0, end: 6 }, "abcd", "block-anchored"), "6 <= 1.5 x 4: allowed").toBeNull();
    expect(refuseOversized("abcdefg", { start: 0, end: 7 }, "abcd", "block-anchored"), "7 > 1.5 x 4: refused").toEqual(expect.any(String));
    expect(
      refuseOversized("        a\n        b\n        c", { start: 0, end: 29 }, "a\nb\nc", "indentation-flexible"),
      "deeper indentation is not a bigger span: count non-space characters only",
    ).toBeNull();
    expect(refuseOversized("a b c d", { start: 0, end: 7 }, "a\tb\nc\rd", "whitespace-normalised"), "no kind of whitespace counts").toBeNull();
  });

  it("counts no tab or line break in the span found either", { tags: "hard" }, () => {
    const found = "\t\t\tif (a) {\n\t\t\t\tgo();\n\t\t\t}";
    expect(
      refuseOversized(found, { start: 0, end: found.length }, "if (a) { go(); }", "whitespace-normalised"),
      "The span found is the quote laid out with tabs and line breaks: the same non-space characters, so no refusal. Leave out " +
        `every kind of whitespace (/\\s/), not only the space character (TODO 5 in ${STOPS}).`,
    ).toBeNull();
  });

  it("stops a block-anchored match that swallows many lines", () => {
    const content = ["begin", "  one();", ...Array.from({ length: 20 }, (_, i) => `  more${i}();`), "end"].join("\n");
    const result = applyEdit(content, "begin\n  one();\nend", "begin\nend", false, yourParts);
    expect(result, "the anchors matched around 20 unquoted lines: refuse").toMatchObject({ ok: false, problem: "oversized" });
  });
});

// --- TODO 6 ------------------------------------------------------------------------------------------

describe("the literal splice (TODO 6)", () => {
  it("writes $&, $1, $`, $' and $$ exactly as given", () => {
    const text = "`${a}` $& $1 $` $' $$";
    expect(spliceLiterally("x = 0;", [{ start: 4, end: 5, text }]), `spliceLiterally in ${SPLICE}: String.replace expands $& and friends. Slice instead.`).toBe(
      `x = ${text};`,
    );
  });

  it("replaces several spans given in any order, with texts of other lengths", () => {
    expect(
      spliceLiterally("aXbXc", [
        { start: 3, end: 4, text: "second" },
        { start: 1, end: 2, text: "" },
      ]),
      "sort the spans by start, and slice the original around them",
    ).toBe("absecondc");
    expect(
      spliceLiterally("aXbXc", [
        { start: 1, end: 2, text: "first" },
        { start: 3, end: 4, text: "2" },
      ]),
      "offsets refer to the original text: after a longer replacement, the next span has not moved in it",
    ).toBe("afirstb2c");
    expect(spliceLiterally("abc", []), "no spans: the text as it was").toBe("abc");
    expect(spliceLiterally("abc", [{ start: 0, end: 3, text: "z" }])).toBe("z");
  });

  it("takes offsets in UTF-16 units, as slice() does: an emoji before a span moves nothing", { tags: "hard" }, () => {
    const content = "😀 x = 1; 🚀 y = 2;";
    const x = content.indexOf("x");
    const y = content.indexOf("y");
    expect(
      spliceLiterally(content, [
        { start: x, end: x + 1, text: "a" },
        { start: y, end: y + 1, text: "b" },
      ]),
      "A span's start and end are offsets for content.slice() (an emoji counts 2): [...content] counts code points, so each cut after " +
        `an emoji lands one place off. Cut the string with slice() (TODO 6 in ${SPLICE}).`,
    ).toBe("😀 a = 1; 🚀 b = 2;");
  });

  it("property: equals slicing by hand, for any non-overlapping spans", { tags: "hard" }, () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), fc.array(fc.tuple(fc.nat(40), fc.string({ maxLength: 5 })), { maxLength: 6 }), (content, picks) => {
        const starts = [...new Set(picks.map(([at]) => Math.min(at, content.length)))].sort((a, b) => a - b);
        const spans = starts.map((start, i) => ({ start, end: Math.min(start + 1, starts[i + 1] ?? content.length, content.length), text: picks[i]?.[1] ?? "$&" }));
        let expected = "";
        let from = 0;
        for (const s of spans) {
          expected += content.slice(from, s.start) + s.text;
          from = s.end;
        }
        expected += content.slice(from);
        expect(spliceLiterally(content, [...spans].reverse())).toBe(expected);
      }),
      { seed: 42, numRuns: 100 },
    );
  });
});

// --- the whole tool, through the agent, on real files ------------------------------------------------

describe("edit_file with your parts, on real files, driven by the strict mock (TODOs 1 to 6)", () => {
  let project = "";
  beforeEach(async () => {
    project = await fs.mkdtemp(path.join(os.tmpdir(), "course-10-check-"));
  });
  afterEach(async () => {
    await fs.rm(project, { recursive: true, force: true });
  });

  const rules = parseRulesFile(JSON.stringify({ allow: ["edit_file"] }));

  async function run(file: string, content: string, edits: Array<Record<string, unknown>>) {
    await fs.writeFile(path.join(project, file), content);
    const mock = createMockModel([
      reply.toolUse("read_file", { path: file }),
      ...edits.map((input) => reply.toolUse("edit_file", { path: file, ...input })),
      reply.text("Done."),
    ]);
    await runAgent(mock.client, `edit ${file}`, { project, parts: yourParts, rules, approver: noTerminalApprover(), print: () => undefined });
    mock.assertAllUsed();
    expect(mock.rejections, "every request must be valid for the API").toEqual([]);
    const results = mock.toolResults().slice(1).map((r) => ({ text: resultText(r), error: r.is_error === true }));
    return { results, after: await fs.readFile(path.join(project, file), "utf8") };
  }

  it("re-indents a Python edit quoted without indentation, and the diff shows it", async () => {
    const { results, after } = await run("app.py", "def total(xs):\n    for x in xs:\n        yield x\n", [
      { old_text: "for x in xs:\n    yield x", new_text: "for x in xs:\n    if x:\n        yield x" },
    ]);
    expect(results[0]?.error, results[0]?.text).toBe(false);
    expect(results[0]?.text).toMatch(/found by the indentation-flexible matcher/);
    expect(results[0]?.text).toMatch(/\n\+        if x:\n\+            yield x/);
    expect(after).toBe("def total(xs):\n    for x in xs:\n        if x:\n            yield x\n");
  });

  it("keeps a CRLF file CRLF, and writes $& literally", { tags: "hard" }, async () => {
    const { results, after } = await run("notes.txt", "price: 1  \r\nend\r\n", [{ old_text: "price: 1\nend", new_text: "price: $&1\nend" }]);
    expect(results[0]?.text, "a CRLF file with a trailing space: the line-trimmed matcher").toMatch(/line-trimmed/);
    expect(after).toBe("price: $&1\r\nend\r\n");
  });

  it("refuses an ambiguous quote (the file is unchanged), then replace_all changes every place", async () => {
    const { results, after } = await run("a.ts", "log();\nrun();\nlog();\n", [
      { old_text: "log();", new_text: "trace();" },
      { old_text: "log();", new_text: "trace();", replace_all: true },
    ]);
    expect(results[0]?.error, "the first edit must be refused as ambiguous").toBe(true);
    expect(results[0]?.text).toMatch(/2 places.*\b1, 3\b/s);
    expect(results[1]?.text).toMatch(/2 replacements/);
    expect(after).toBe("trace();\nrun();\ntrace();\n");
  });
});

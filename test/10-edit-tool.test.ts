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
import { say } from "./helpers/say.ts";

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
    expect(texts(lineTrimmed, file, "beta();\ngamma();  \t"), say(`In ${MATCHERS}, lineTrimmed should compare lines with their ends trimmed (trimEnd).`, `В ${MATCHERS} lineTrimmed должна сравнивать строки без пробелов в их концах (trimEnd).`)).toEqual([
      "beta();   \ngamma();",
    ]);
  });

  it("does not ignore indentation (that is the indentation-flexible matcher's job)", () => {
    expect(
      lineTrimmed.find("  indented();\n", "indented();"),
      say(
        `lineTrimmed must trim only the ends of lines, not the start: "indented();" is not line-trimmed equal to "  indented();". Use trimEnd(), not trim().`,
        `lineTrimmed должна обрезать только концы строк, а не начало: для line-trimmed "indented();" не равна "  indented();". Используйте trimEnd(), а не trim().`,
      ),
    ).toEqual([]);
  });

  it("matches whole lines only", () => {
    expect(lineTrimmed.find("let total = 1;\n", "total = 1;"), say("A quote that starts mid-line is not a line-trimmed match: compare whole lines.", "Цитата, которая начинается с середины строки, — не совпадение для line-trimmed: сравнивайте целые строки.")).toEqual([]);
    expect(lineTrimmed.find("ab\ncd\n", "b\nc"), say("Each quoted line must equal a whole file line.", "Каждая строка цитаты должна быть равна целой строке файла.")).toEqual([]);
  });

  it("finds a block in a CRLF file, and the span stops before the last line's \\r\\n", { tags: "hard" }, () => {
    const file = "one\r\ntwo  \r\nthree\r\n";
    const [span] = lineTrimmed.find(file, "two\nthree");
    expect(span, say(`lineTrimmed found nothing in a CRLF file. A "\\r" at a line end is part of the line break: use the lesson's linesOf().`, `lineTrimmed ничего не нашла в файле с CRLF. "\\r" в конце строки — часть перевода строки: используйте linesOf() из урока.`)).toBeDefined();
    expect(file.slice(span!.start, span!.end), say("The span must run from the first line's start to the end of the last line's text, without its line break.", "Фрагмент должен идти от начала первой строки до конца текста последней, без её перевода строки.")).toBe(
      "two  \r\nthree",
    );
  });

  it("handles Unicode text (Cyrillic, emoji) with correct offsets", { tags: "hard" }, () => {
    const file = "Привет, мир 👋\nВторая строка \t\nКонец";
    expect(texts(lineTrimmed, file, "Вторая строка\nКонец"), say("Cyrillic lines with spaces and a tab at their ends", "строки на кириллице с пробелом и табуляцией в конце")).toEqual(["Вторая строка \t\nКонец"]);
    expect(
      lineTrimmed.find(file, "Привет, мир 👋 "),
      say("offsets are those of slice(): the emoji counts 2, so the first line ends at 14", "смещения — как у slice(): эмодзи считается за 2, поэтому первая строка кончается на 14"),
    ).toEqual([{ start: 0, end: 14 }]);
  });

  it("finds a match on the first line and on the last line (no line break after it)", { tags: "hard" }, () => {
    const file = "first  \nmiddle\nlast  ";
    expect(lineTrimmed.find(file, "first"), say("A match on line 1 was missed: start the search at line 0.", "Совпадение на строке 1 пропущено: начинайте поиск со строки 0.")).toEqual([{ start: 0, end: 7 }]);
    expect(lineTrimmed.find(file, "last"), say("A match on the last line was missed: the last window starts at lines.length - quoted.length.", "Совпадение на последней строке пропущено: последнее окно начинается с lines.length - quoted.length.")).toEqual([
      { start: 15, end: 21 },
    ]);
  });

  it("finds nothing for an empty quote, or one made only of spaces", { tags: "hard" }, () => {
    for (const quote of ["", "   ", "\n", " \t\n  "]) {
      expect(lineTrimmed.find("a\n\n  \nb", quote), say(`lineTrimmed.find(file, ${show(quote)}) must be []: an empty quote would match everywhere.`, `lineTrimmed.find(file, ${show(quote)}) должна быть []: пустая цитата совпала бы везде.`)).toEqual([]);
    }
  });

  it("finds every place, in file order, without overlaps; a final line break in the quote is not a line", () => {
    const file = "x \nx \nx \ny\n";
    expect(lineTrimmed.find(file, "x\nx"), say("Windows must not overlap: after a find, go on below it.", "Окна не должны перекрываться: после находки продолжайте ниже неё.")).toEqual([{ start: 0, end: 5 }]);
    expect(texts(lineTrimmed, file, "x\n"), say("A quote ending in a line break is one line, not two.", "Цитата, которая кончается переводом строки, — одна строка, а не две.")).toEqual(["x ", "x ", "x "]);
  });
});

// --- TODO 2 ------------------------------------------------------------------------------------------

describe("indentation-flexible matcher and reindent (TODO 2)", () => {
  const spaces = "class A {\n  run() {\n    if (x) {\n      go();\n    }\n  }\n}\n";

  it("finds a block quoted at another indentation", () => {
    expect(
      texts(indentationFlexible, spaces, "if (x) {\n  go();\n}"),
      say(`a block quoted with less indentation than in the file should be found (TODO 2 in ${MATCHERS})`, `блок, процитированный с меньшим отступом, чем в файле, должен находиться (TODO 2 в ${MATCHERS})`),
    ).toEqual(["    if (x) {\n      go();\n    }"]);
    expect(
      texts(indentationFlexible, spaces, "        if (x) {\n          go();\n        }"),
      say(`a block quoted with more indentation than in the file should be found too (TODO 2 in ${MATCHERS})`, `блок, процитированный с бо́льшим отступом, чем в файле, тоже должен находиться (TODO 2 в ${MATCHERS})`),
    ).toEqual(["    if (x) {\n      go();\n    }"]);
  });

  it("finds tabs in the file for spaces in the quote", { tags: "hard" }, () => {
    const tabs = "run() {\n\tif (x) {\n\t\tgo();\n\t}\n}";
    expect(
      texts(indentationFlexible, tabs, "if (x) {\n    go();\n}"),
      say("the quote's spaces stand for the file's tabs: each indentation of the quote maps to one of the file", "пробелы цитаты означают табуляции файла: каждому отступу цитаты соответствует один отступ файла"),
    ).toEqual(["\tif (x) {\n\t\tgo();\n\t}"]);
  });

  it("refuses a block whose nesting differs (one indentation of the quote would become two)", { tags: "hard" }, () => {
    expect(
      indentationFlexible.find(spaces, "if (x) {\ngo();\n}"),
      say(
        "The quote has `if` and `go()` at the same indentation; the file nests go() deeper. That is not the same block shifted: return no match.",
        "В цитате `if` и `go()` на одном отступе, а в файле go() вложена глубже. Это не тот же блок со сдвигом: совпадения нет.",
      ),
    ).toEqual([]);
    expect(indentationFlexible.find("a\n  b\n", "a\n  c"), say("The text of every line must still match.", "Текст каждой строки всё равно должен совпадать.")).toEqual([]);
  });

  it("matches blank lines inside the block, and ignores line-end spaces", { tags: "hard" }, () => {
    const file = "  a();\n\n  b();  \n";
    expect(texts(indentationFlexible, file, "a();\n\nb();"), say("a blank line matches a blank line, and spaces at line ends do not count", "пустая строка совпадает с пустой, а пробелы в концах строк не считаются")).toEqual(["  a();\n\n  b();  "]);
    expect(
      texts(indentationFlexible, "    a\n\n    b", "  a\n  \n  b"),
      say(
        "a quoted line of only spaces is blank: it says nothing about indentation (check line.trim() === '')",
        "строка цитаты из одних пробелов — пустая: она ничего не говорит об отступе (проверьте `line.trim() === ''`)",
      ),
    ).toEqual(["    a\n\n    b"]);
  });

  it("finds nothing for an empty quote; finds matches on the first and last lines", { tags: "hard" }, () => {
    expect(indentationFlexible.find("  a\n", ""), say("an empty quote finds nothing", "пустая цитата ничего не находит")).toEqual([]);
    expect(indentationFlexible.find("  a\n", "  \n "), say("a quote of only spaces finds nothing", "цитата из одних пробелов ничего не находит")).toEqual([]);
    expect(indentationFlexible.find("    top\nmid\n    end", "top"), say("a match on the first line", "совпадение на первой строке")).toEqual([{ start: 0, end: 7 }]);
    expect(indentationFlexible.find("    top\nmid\n    end", "end"), say("a match on the last line", "совпадение на последней строке")).toEqual([{ start: 12, end: 19 }]);
  });

  it("reindent moves the new text to the file's indentation", () => {
    expect(reindent("if (y) {\n  stop();\n}", "if (x) {\n  go();\n}", "    if (x) {\n      go();\n    }"), say(`reindent in ${MATCHERS}: the new text moves by the same shift as the quote`, `reindent в ${MATCHERS}: новый текст сдвигается так же, как цитата`)).toBe(
      "    if (y) {\n      stop();\n    }",
    );
    expect(reindent("if (y) {\n    stop();\n}", "if (x) {\n    go();\n}", "\tif (x) {\n\t\tgo();\n\t}"), say("tabs for spaces", "табуляции вместо пробелов")).toBe("\tif (y) {\n\t\tstop();\n\t}");
  });

  it("reindent: a deeper indentation keeps its extra part; blank lines and unknown shallower lines stay", { tags: "hard" }, () => {
    expect(reindent("a\n  b\n      c\n\n  d", "a\n  b", "  a\n    b"), say("'      c' starts with the quote's '  ' (-> '    '), plus 4 more spaces", "'      c' начинается с отступа цитаты '  ' (-> '    ') и ещё 4 пробелов")).toBe(
      "  a\n    b\n        c\n\n    d",
    );
    expect(reindent("x\n  y", "  a\n    b", "a\n  b"), say("'x' has less indentation than any quoted line: leave it", "у 'x' отступ меньше, чем у любой строки цитаты: оставьте её как есть")).toBe("x\ny");
    expect(reindent("a\n   \nb", "a\nb", "  a\n  b"), say("a line of only spaces is blank: leave it as it is", "строка из одних пробелов — пустая: оставьте её как есть")).toBe("  a\n   \n  b");
    expect(reindent("x", "a\nb", "  a"), say("found may have fewer lines than the quote", "в found может быть меньше строк, чем в цитате")).toBe("  x");
  });

  it("reindent uses only lines whose text matches, and gives up on a conflicting shift", { tags: "hard" }, () => {
    expect(reindent("q\n  r", "q\n  w\n  e", "  q\n    other\n    e"), say("lines whose text differs are not used to learn the shift", "строки с другим текстом не используются, чтобы узнать сдвиг")).toBe("  q\n    r");
    expect(reindent("n", "a\na", "  a\n    a"), say("'' would map to both '  ' and '    ': leave the new text as it is", "'' соответствовал бы и '  ', и '    ': оставьте новый текст как есть")).toBe("n");
    expect(reindent("same", "same", "same"), say("no shift, no change", "нет сдвига — нет изменений")).toBe("same");
  });
});

// --- TODO 3 ------------------------------------------------------------------------------------------

describe("block-anchored matcher (TODO 3)", () => {
  const file = ["start() {", "  const a = 1;", "  const b = 2;", "  return a + b;", "}", "", "other() {", "}"].join("\n");

  it("matches by first and last lines when the middle is similar", () => {
    expect(
      texts(blockAnchored, file, "start() {\n  const a = 1;\n  const bb = 2;\n  return a + b;\n}"),
      say(`the anchors are equal and one middle line differs a little: the block is found (TODO 3 in ${MATCHERS})`, `якоря равны, а одна средняя строка немного отличается: блок находится (TODO 3 в ${MATCHERS})`),
    ).toEqual([file.split("\n").slice(0, 5).join("\n")]);
  });

  it("ignores indentation on the anchors and in the middle", { tags: "hard" }, () => {
    expect(
      blockAnchored.find(file, "    start() {\nconst a = 1;\nconst b = 3;\nreturn a + b;\n    }"),
      say("the quote's anchors and middle lines are indented differently from the file's: trim them", "якоря и средние строки цитаты с другими отступами, чем в файле: обрежьте пробелы по краям"),
    ).toHaveLength(1);
    expect(texts(blockAnchored, "  begin\n    abcdefghij\n  end", "begin\nabcdefghiX\nend"), say("the file's anchor lines are indented: trim them too", "строки-якоря в файле с отступом: обрежьте и их")).toEqual([
      "  begin\n    abcdefghij\n  end",
    ]);
  });

  it("starts only at a line equal to the first anchor", () => {
    expect(blockAnchored.find("x\nmid\nmid\nend", "top\nmid\nend"), say("no line is 'top': no match, however alike the rest", "ни одна строка не равна 'top': совпадения нет, как бы ни был похож остальной текст")).toEqual([]);
  });

  it("refuses a middle that is not similar enough (average below 0.7)", () => {
    expect(blockAnchored.find(file, "start() {\n  totally different\n  nothing alike here\n  zzz\n}"), say("The middle lines are not alike: no match.", "Средние строки не похожи: совпадения нет.")).toEqual([]);
  });

  it("uses the 0.7 threshold: exactly at it matches, just below does not", { tags: "hard" }, () => {
    // "abcdefghij" vs "abcdefgXYZ": 3 edits of 10 = 0.7 alike; "abcdefWXYZ": 0.6.
    const f = "begin\nabcdefghij\nend";
    expect(blockAnchored.find(f, "begin\nabcdefgXYZ\nend"), say("similarity 0.7 is enough (>= 0.7)", "сходства 0.7 достаточно (>= 0.7)")).toHaveLength(1);
    expect(blockAnchored.find(f, "begin\nabcdefWXYZ\nend"), say("similarity 0.6 is below 0.7", "сходство 0.6 меньше 0.7")).toEqual([]);
  });

  it("needs at least three lines, and the last anchor below the first with a line between", { tags: "hard" }, () => {
    expect(blockAnchored.find(file, "start() {\n}"), say("two lines are too few to anchor anything", "двух строк мало, чтобы что-то закрепить якорями")).toEqual([]);
    expect(blockAnchored.find("x\ny\n", "x\n\ny"), say("'y' comes right after 'x' in the file: there is no middle line", "в файле 'y' идёт сразу после 'x': средней строки нет")).toEqual([]);
    expect(blockAnchored.find("end\nbegin\nmid\n", "begin\nmid\nend"), say("the last anchor must come after the first", "последний якорь должен идти после первого")).toEqual([]);
  });

  it("counts a middle line the file does not have as \"\"", { tags: "hard" }, () => {
    expect(blockAnchored.find("top\nmid\nbottom", "top\nmid\nmore\nevenmore\nbottom"), say("the file block is shorter than the quote: missing lines score 0", "блок файла короче цитаты: недостающие строки дают 0")).toEqual([]);
    expect(
      blockAnchored.find("top\nmid\nbottom", "top\nmid\nbottom\nbottom"),
      say(
        "the closing anchor is not a middle line: compare only the lines before it (i + 1 + k < j), missing ones as \"\"",
        "закрывающий якорь — не средняя строка: сравнивайте только строки перед ним (`i + 1 + k < j`), недостающие — как \"\"",
      ),
    ).toEqual([]);
    expect(blockAnchored.find("top\nmid\nbottom", "top\nmid\n\nbottom"), say('a missing line is "", which is just like a blank quoted line', 'недостающая строка — это "", то есть то же, что пустая строка цитаты')).toHaveLength(1);
  });

  it("finds every anchored block, in order", { tags: "hard" }, () => {
    const twice = "f {\n  one();\n}\nf {\n  one();\n}";
    expect(blockAnchored.find(twice, "f {\n  onee();\n}"), say("both blocks, in file order", "оба блока, в порядке файла")).toEqual([
      { start: 0, end: 14 },
      { start: 15, end: 29 },
    ]);
  });

  it("takes the nearest closing anchor, even when a later one would fit the middle better", { tags: "hard" }, () => {
    const near = "open\nalpha\nclose\nbeta\nclose";
    expect(texts(blockAnchored, near, "open\nalpha\nclose"), say("the nearest closing anchor closes the block", "блок закрывает ближайший закрывающий якорь")).toEqual(["open\nalpha\nclose"]);
  });

  it("finds nothing for an empty quote; a match may start on the first line and end on the last", { tags: "hard" }, () => {
    expect(blockAnchored.find("a\nb\nc", ""), say("an empty quote finds nothing", "пустая цитата ничего не находит")).toEqual([]);
    expect(texts(blockAnchored, "a\nbcdefghij\nc", "a\nbcdefghiX\nc"), say("a block from the file's first line to its last", "блок от первой строки файла до последней")).toEqual(["a\nbcdefghij\nc"]);
  });
});

// --- the chain (TODOs 1-3 in the lesson's order) ------------------------------------------------------

describe("the chain: a stricter matcher wins (TODOs 1, 2 and 3)", () => {
  const edit = (content: string, oldText: string, newText: string, all = false) => applyEdit(content, oldText, newText, all, yourParts);

  it("exact before line-trimmed, line-trimmed before indentation-flexible, block-anchored last", () => {
    expect(edit("a = 1;\n", "a = 1;", "a = 2;"), say("an exact quote: the exact matcher", "точная цитата: матчер exact")).toMatchObject({ ok: true, matcher: "exact" });
    expect(edit("a = 1;  \nb = 2;\n", "a = 1;\nb = 2;", "c"), say("spaces at a line end: line-trimmed", "пробелы в конце строки: line-trimmed")).toMatchObject({ ok: true, matcher: "line-trimmed", content: "c\n" });
    expect(edit("  a = 1;\n  b = 2;\n", "a = 1;\nb = 2;", "a = 3;\nb = 4;"), say("another indentation: indentation-flexible", "другой отступ: indentation-flexible")).toMatchObject({
      ok: true,
      matcher: "indentation-flexible",
      content: "  a = 3;\n  b = 4;\n",
    });
    expect(edit("f {\n  one();\n}\n", "f {\n  onee();\n}", "g {\n}"), say("a middle line that differs: block-anchored", "отличается средняя строка: block-anchored")).toMatchObject({
      ok: true,
      matcher: "block-anchored",
      content: "g {\n}\n",
    });
  });

  it("an edit quoted at another indentation is re-indented in the file", () => {
    const result = edit("def f():\n    if x:\n        go()\n", "if x:\n    go()", "if y:\n    stop()\n    again()");
    // A refusal is not reindent's fault: say what refused it (most often the size stop counting indentation).
    if (!result.ok) {
      const oversized = result.problem === "oversized";
      expect.fail(
        say(
          `the edit was refused (${result.problem}): "${result.message}"` +
            (oversized ? `. Indentation is not part of a span's size: solidLength leaves out spaces (TODO 5 in ${STOPS})` : ""),
          `правка отклонена (${result.problem}): «${result.message}»` +
            (oversized ? `. Отступ не входит в размер фрагмента: solidLength не считает пробелы (TODO 5 в ${STOPS})` : ""),
        ),
      );
    }
    expect(result, say("indentation-flexible must adjust the new text with reindent (adjust: reindent)", "indentation-flexible должна подогнать новый текст через `reindent` (`adjust: reindent`)")).toMatchObject({
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
    expect(message, say(`refuseAmbiguous in ${STOPS} must return a message when there are several matches`, `refuseAmbiguous в ${STOPS} должна вернуть сообщение, когда совпадений несколько`)).toEqual(expect.any(String));
    expect(message, say("say how many places matched", "скажите, сколько мест совпало (\"3 places\")")).toMatch(/\b3 places\b/);
    expect(message, say("list the 1-based line numbers where they start: 1, 3, 5", "перечислите номера строк (считая от 1), где они начинаются: 1, 3, 5")).toMatch(/\b1, 3, 5\b/);
    expect(message, say("tell the model what to do: more surrounding lines, or replace_all", "скажите модели, что делать: больше окружающих строк или replace_all")).toMatch(/replace_all/);
    expect(message, say("and to quote more of the lines around the place (surrounding lines, context)", "и процитировать больше строк вокруг места (слова \"surrounding\", \"context\" или \"around\")")).toMatch(/surround|context|around/i);
  });

  it("lets one match through, and several when replace_all is true", () => {
    expect(refuseAmbiguous(content, spans.slice(0, 1), false, "exact"), say("one match is not ambiguous", "одно совпадение — не неоднозначность")).toBeNull();
    expect(refuseAmbiguous(content, spans, true, "exact"), say("replace_all asks for every match", "replace_all просит заменить все совпадения")).toBeNull();
    expect(refuseAmbiguous(content, spans.slice(0, 2), false, "exact"), say("two matches are already ambiguous", "два совпадения — уже неоднозначность")).toMatch(/\b2 places\b.*\b1, 3\b/s);
  });

  it("property: several matches are always refused without replace_all, never with it", { tags: "hard" }, () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), fc.uniqueArray(fc.nat(60), { minLength: 2, maxLength: 5 }), (text, offsets) => {
        const at = [...offsets].sort((a, b) => a - b).map((o) => Math.min(o, text.length));
        const matches = at.map((start) => ({ start, end: start }));
        const message = refuseAmbiguous(text, matches, false, "exact");
        expect(message, say(`${matches.length} matches must be refused`, `${matches.length} совпадения должны получить отказ`)).toEqual(expect.stringContaining(`${matches.length} places`));
        expect(refuseAmbiguous(text, matches, true, "exact"), say("replace_all lets them all through", "replace_all пропускает их все")).toBeNull();
      }),
      { seed: 42, numRuns: 100 },
    );
  });

  it("lineNumberAt counts lines from 1", () => {
    expect(lineNumberAt("a\nb\nc", 0), say("offset 0 is on line 1", "смещение 0 — на строке 1")).toBe(1);
    expect(lineNumberAt("a\nb\nc", 1), say("the line break itself still belongs to line 1", "сам перевод строки ещё относится к строке 1")).toBe(1);
    expect(lineNumberAt("a\nb\nc", 2), say("offset 2 is on line 2", "смещение 2 — на строке 2")).toBe(2);
    expect(lineNumberAt("a\nb\nc", 4), say("offset 4 is on line 3", "смещение 4 — на строке 3")).toBe(3);
    expect(lineNumberAt("a\r\nb", 3), say("CRLF counts once", "CRLF считается один раз")).toBe(2);
  });
});

// --- TODO 5 ------------------------------------------------------------------------------------------

describe("safety stop 2: a span much larger than the quote (TODO 5)", () => {
  it("refuses a span with more than 1.5 times the quote's non-space characters, naming matcher and lines", () => {
    const content = "head\nabcdefgh\nfoot";
    const message = refuseOversized(content, { start: 5, end: 13 }, "abcde", "block-anchored");
    expect(message, say(`refuseOversized in ${STOPS}: 8 characters found for a 5-character quote is over 1.5 times`, `refuseOversized в ${STOPS}: 8 найденных символов на цитату из 5 — больше чем в 1.5 раза`)).toEqual(expect.any(String));
    expect(message, say("name the matcher", "назовите матчер")).toContain("block-anchored");
    expect(message, say("name the lines found", "назовите найденные строки (\"2-2\")")).toMatch(/\b2-2\b/);
    expect(message, say("say what to do", "скажите, что делать (слова \"quote\" или \"read\")")).toMatch(/quote|read/i);
    expect(refuseOversized(content, { start: 0, end: 18 }, "abcdefghij", "block-anchored"), say("lines 1-3", "строки 1-3")).toMatch(/\b1-3\b/);
  });

  it("lets through exactly 1.5 times, and counts no spaces or line breaks", { tags: "hard" }, () => {
    expect(refuseOversized("abcdef", { start: 0, end: 6 }, "abcd", "block-anchored"), say("6 <= 1.5 x 4: allowed", "6 <= 1.5 x 4: можно")).toBeNull();
    expect(refuseOversized("abcdefg", { start: 0, end: 7 }, "abcd", "block-anchored"), say("7 > 1.5 x 4: refused", "7 > 1.5 x 4: отказ")).toEqual(expect.any(String));
    expect(
      refuseOversized("        a\n        b\n        c", { start: 0, end: 29 }, "a\nb\nc", "indentation-flexible"),
      say("deeper indentation is not a bigger span: count non-space characters only", "более глубокий отступ — не больший фрагмент: считайте только непробельные символы"),
    ).toBeNull();
    expect(refuseOversized("a b c d", { start: 0, end: 7 }, "a\tb\nc\rd", "whitespace-normalised"), say("no kind of whitespace counts", "никакие пробельные символы не считаются")).toBeNull();
  });

  it("counts no tab or line break in the span found either", { tags: "hard" }, () => {
    const found = "\t\t\tif (a) {\n\t\t\t\tgo();\n\t\t\t}";
    expect(
      refuseOversized(found, { start: 0, end: found.length }, "if (a) { go(); }", "whitespace-normalised"),
      say(
        "The span found is the quote laid out with tabs and line breaks: the same non-space characters, so no refusal. Leave out " +
          `every kind of whitespace (/\\s/), not only the space character (TODO 5 in ${STOPS}).`,
        "Найденный фрагмент — это цитата, разложенная табуляциями и переводами строк: те же непробельные символы, так что отказа нет. " +
          `Не считайте все пробельные символы (/\\s/), а не только пробел (TODO 5 в ${STOPS}).`,
      ),
    ).toBeNull();
  });

  it("stops a block-anchored match that swallows many lines", () => {
    const content = ["begin", "  one();", ...Array.from({ length: 20 }, (_, i) => `  more${i}();`), "end"].join("\n");
    const result = applyEdit(content, "begin\n  one();\nend", "begin\nend", false, yourParts);
    expect(result, say("the anchors matched around 20 unquoted lines: refuse", "якоря совпали вокруг 20 непроцитированных строк: отказ")).toMatchObject({ ok: false, problem: "oversized" });
  });
});

// --- TODO 6 ------------------------------------------------------------------------------------------

describe("the literal splice (TODO 6)", () => {
  it("writes $&, $1, $`, $' and $$ exactly as given", () => {
    const text = "`${a}` $& $1 $` $' $$";
    expect(spliceLiterally("x = 0;", [{ start: 4, end: 5, text }]), say(`spliceLiterally in ${SPLICE}: String.replace expands $& and friends. Slice instead.`, `spliceLiterally в ${SPLICE}: String.replace раскрывает $& и подобные им. Режьте через slice().`)).toBe(
      `x = ${text};`,
    );
  });

  it("replaces several spans given in any order, with texts of other lengths", () => {
    expect(
      spliceLiterally("aXbXc", [
        { start: 3, end: 4, text: "second" },
        { start: 1, end: 2, text: "" },
      ]),
      say("sort the spans by start, and slice the original around them", "отсортируйте фрагменты по началу и режьте исходный текст вокруг них"),
    ).toBe("absecondc");
    expect(
      spliceLiterally("aXbXc", [
        { start: 1, end: 2, text: "first" },
        { start: 3, end: 4, text: "2" },
      ]),
      say("offsets refer to the original text: after a longer replacement, the next span has not moved in it", "смещения относятся к исходному тексту: после более длинной замены следующий фрагмент в нём не сдвинулся"),
    ).toBe("afirstb2c");
    expect(spliceLiterally("abc", []), say("no spans: the text as it was", "нет фрагментов: текст как был")).toBe("abc");
    expect(spliceLiterally("abc", [{ start: 0, end: 3, text: "z" }]), say("one span over the whole text", "один фрагмент на весь текст")).toBe("z");
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
      say(
        "A span's start and end are offsets for content.slice() (an emoji counts 2): [...content] counts code points, so each cut after " +
          `an emoji lands one place off. Cut the string with slice() (TODO 6 in ${SPLICE}).`,
        "Начало и конец фрагмента — смещения для content.slice() (эмодзи считается за 2): [...content] считает кодовые точки, так что " +
          `каждый разрез после эмодзи попадает на одно место мимо. Режьте строку через slice() (TODO 6 в ${SPLICE}).`,
      ),
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
        expect(spliceLiterally(content, [...spans].reverse()), say("the same as slicing by hand", "то же, что разрезать вручную")).toBe(expected);
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
    expect(mock.rejections, say("every request must be valid for the API", "каждый запрос должен быть допустимым для API")).toEqual([]);
    const results = mock.toolResults().slice(1).map((r) => ({ text: resultText(r), error: r.is_error === true }));
    return { results, after: await fs.readFile(path.join(project, file), "utf8") };
  }

  it("re-indents a Python edit quoted without indentation, and the diff shows it", async () => {
    const { results, after } = await run("app.py", "def total(xs):\n    for x in xs:\n        yield x\n", [
      { old_text: "for x in xs:\n    yield x", new_text: "for x in xs:\n    if x:\n        yield x" },
    ]);
    expect(results[0]?.error, say(`edit_file refused the edit: ${results[0]?.text}`, `edit_file отказала в правке: «${results[0]?.text}»`)).toBe(false);
    expect(results[0]?.text, say("the result names the matcher that found the quote", "результат называет матчер, который нашёл цитату")).toMatch(/found by the indentation-flexible matcher/);
    expect(results[0]?.text, say("the diff shows the new lines at the file's indentation", "diff показывает новые строки с отступом файла")).toMatch(/\n\+        if x:\n\+            yield x/);
    expect(after, say("the file holds the new lines at its own indentation", "в файле новые строки с его собственным отступом")).toBe("def total(xs):\n    for x in xs:\n        if x:\n            yield x\n");
  });

  it("keeps a CRLF file CRLF, and writes $& literally", { tags: "hard" }, async () => {
    const { results, after } = await run("notes.txt", "price: 1  \r\nend\r\n", [{ old_text: "price: 1\nend", new_text: "price: $&1\nend" }]);
    expect(results[0]?.text, say("a CRLF file with a trailing space: the line-trimmed matcher", "файл с CRLF и пробелом в конце строки: матчер line-trimmed")).toMatch(/line-trimmed/);
    expect(after, say("the file stays CRLF, and $& is written as it is", "файл остаётся с CRLF, а $& записан как есть")).toBe("price: $&1\r\nend\r\n");
  });

  it("refuses an ambiguous quote (the file is unchanged), then replace_all changes every place", async () => {
    const { results, after } = await run("a.ts", "log();\nrun();\nlog();\n", [
      { old_text: "log();", new_text: "trace();" },
      { old_text: "log();", new_text: "trace();", replace_all: true },
    ]);
    expect(results[0]?.error, say("the first edit must be refused as ambiguous", "первая правка должна получить отказ как неоднозначная")).toBe(true);
    expect(results[0]?.text, say("the refusal says how many places and on which lines", "отказ говорит, сколько мест и на каких строках")).toMatch(/2 places.*\b1, 3\b/s);
    expect(results[1]?.text, say("replace_all reports how many replacements it made", "replace_all сообщает, сколько замен сделано")).toMatch(/2 replacements/);
    expect(after, say("replace_all changed both places", "replace_all изменила оба места")).toBe("trace();\nrun();\ntrace();\n");
  });
});

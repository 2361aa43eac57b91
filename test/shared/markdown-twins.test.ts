// The in-step check of Russian twins (shared/cli/markdown-twins.ts) on small texts: a good twin passes,
// and each wrong twin a translator could plausibly write fails with the file and what to fix.

import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { listUnits } from "../../shared/cli/course-files.ts";
import { compareTwins, figurePattern, scanMarkdown, twinLinkProblem, twinPathOf } from "../../shared/cli/markdown-twins.ts";

const ENGLISH = `[Русская версия](README.ru.md)

# Lesson 03: saving files

Run \`npm run lesson 3\`. A write of 20,000 bytes takes 0.5 s; see [lesson 02](../02-agent-loop/README.md).

\`\`\`ts
// save the report
await saveToFile("report.txt", text);
\`\`\`

## Quiz

1. Why rename?
2. Why the same folder?

<details>
<summary>Answers</summary>

1. Atomic.
2. One file system.

</details>

| term | meaning |
|---|---|
| \`realpath\` | where a file really is |

\`\`\`
npm run check 3
\`\`\`
`;

const RUSSIAN = `[English version](README.md)

# Урок 03: сохраняем файлы

Запустите \`npm run lesson 3\`. Запись 20 000 байт занимает 0,5 с; см. [урок 02](../02-agent-loop/README.ru.md).

\`\`\`ts
// save the report
await saveToFile("report.txt", text);
\`\`\`

## Вопросы

1. Зачем переименовывать?
2. Почему та же папка?

<details>
<summary>Ответы</summary>

1. Атомарность.
2. Одна файловая система.

</details>

| термин | значение |
|---|---|
| \`realpath\` | где файл на самом деле |

\`\`\`
npm run check 3
\`\`\`
`;

const compare = (russian: string, english = ENGLISH): string[] =>
  compareTwins("lessons/03-saving-files/README.md", english, "lessons/03-saving-files/README.ru.md", russian);

describe("scanMarkdown", () => {
  it("finds headings outside fences, code blocks with ``` and ~~~, and sections' lists and tables", () => {
    const shape = scanMarkdown("# Top\n\n~~~\n# not a heading\n```\n~~~\n\n## Two\n\n1. a\n2. b\n\n| x |\n|---|\n");
    expect(shape.headings.map((h) => [h.level, h.text, h.line])).toEqual([
      [1, "Top", 1],
      [2, "Two", 8],
    ]);
    expect(shape.codeBlocks).toEqual([{ line: 3, lines: ["~~~", "# not a heading", "```", "~~~"] }]);
    expect(shape.sections.map((s) => [s.numberedItems, s.tableRows])).toEqual([
      [0, 0],
      [0, 0],
      [2, 2],
    ]);
  });

  it("reads inline code with one or two backticks, across a line break, and not after a backslash", () => {
    const shape = scanMarkdown("Use `a` and `` b`c `` or `npm run\n  check 1`; \\`not code\\` here.\n");
    expect(shape.inlineCode.map((c) => c.text)).toEqual(["a", "b`c", "npm run check 1"]);
  });

  it("reads link targets, and takes code, targets, addresses and list markers out of the figures", () => {
    const shape = scanMarkdown("3. See [step 4](../04-x/README.md) at https://example.com/v1 and `port 8080`: 46,250 RUB at 92.5.\n");
    expect(shape.linkTargets.map((t) => t.text)).toEqual(["../04-x/README.md"]);
    expect(shape.figures.map((f) => f.text)).toEqual(["4", "46,250", "92.5"]);
  });

  it("skips line 1 when it is the link to the twin", () => {
    expect(scanMarkdown("[English version](README.md)\n\n# A\n").linkTargets).toEqual([]);
  });
});

describe("scanMarkdown: the corners of the syntax the course's texts use", () => {
  it("an unmatched run of backticks is literal text; code spans keep one padding space off each side only", () => {
    expect(scanMarkdown("Press `` then `x` and 5.\n").inlineCode.map((c) => c.text)).toEqual(["x"]);
    expect(scanMarkdown("Press `` then `x` and 5.\n").figures.map((f) => f.text)).toEqual(["5"]);
    expect(scanMarkdown("`` `y` `` and ` z ` and `  `.\n").inlineCode.map((c) => c.text)).toEqual(["`y`", "z", "  "]);
  });

  it("a code span never crosses a blank line; an escaped backtick opens none", () => {
    expect(scanMarkdown("Open `here\n\nclosed` there, 7.\n").inlineCode).toEqual([]);
    expect(scanMarkdown("Open `here\n\nclosed` there, 7.\n").figures.map((f) => f.text)).toEqual(["7"]);
    expect(scanMarkdown("A \\`tick and `code` 8\\`.\n").inlineCode.map((c) => c.text)).toEqual(["code"]);
  });

  it("headings may close with #s; indented fences and longer fences hold shorter ones", () => {
    const shape = scanMarkdown("## Title ##\n\n1. item\n\n   ```ts\n   code\n   ```\n\n````md\n```\ninner\n```\n````\n\n  | a |\n   10. ten\n");
    expect(shape.headings.map((h) => h.text)).toEqual(["Title"]);
    expect(shape.codeBlocks.map((b) => [b.line, b.lines.length])).toEqual([
      [5, 3],
      [9, 5],
    ]);
    expect(shape.sections[1]).toMatchObject({ numberedItems: 2, tableRows: 1 });
  });

  it("figures: not in addresses or link targets, with their lines right after a link on a wrapped paragraph", () => {
    const shape = scanMarkdown("See [the page](../../lessons/04-x/README.md) or\n<https://example.com/2024/42> and https://example.org/7 for 15 items\nand 16 more.\n");
    expect(shape.figures).toEqual([
      { text: "15", line: 2 },
      { text: "16", line: 3 },
    ]);
    expect(shape.linkTargets).toEqual([{ text: "../../lessons/04-x/README.md", line: 1 }]);
  });

  it("<details> and <summary> count in prose, not in code", () => {
    const shape = scanMarkdown("<details open>\n<summary>A</summary>\n\nWrite `<details>` around it.\n\n```\n<details>\n```\n\n</details>\n");
    expect([shape.details, shape.summaries]).toEqual([1, 1]);
  });

  it("Windows line ends read the same as Unix ones", () => {
    const unix = "[English version](README.md)\n\n# A\n\n1. `x` 5\n";
    expect(scanMarkdown(unix.replace(/\n/g, "\r\n"))).toEqual(scanMarkdown(unix));
    expect(twinLinkProblem("README.ru.md", unix.replace(/\n/g, "\r\n"))).toBeUndefined();
  });
});

describe("figurePattern: how a figure may be written in Russian", () => {
  it.each([
    ["0.5", "за 0,5 с", true],
    ["0.5", "за 0.5 с", true],
    ["20,000", "до 20 000 байт", true],
    ["20,000", "до 20\u00a0000 байт", true],
    ["20,000", "до 20000 байт", true],
    ["20000", "до 20 000 байт", true],
    ["0.73", "доля 0,73", true],
    ["5", "за 15 минут", false],
    ["5", "1,5 секунды", false],
    ["0.5", "за пол секунды", false],
    ["3", "три шага", false],
    ["03", "Урок 3", false],
    ["1234", "1 234 токена", true],
    ["12,345,678", "12 345 678 байт", true],
    ["12,345,678", "12 345 67 байт", false],
    ["123", "1 23", false],
    ["127.0.0.1", "на 127.0.0.1:8080", true],
    ["127.0.0.1", "на 127,0,0,1", false],
  ])("%s in %j: %s", (figure, prose, found) => {
    expect(figurePattern(figure).test(prose)).toBe(found);
  });
});

describe("compareTwins", () => {
  it("a good twin: no problems (a link may point to the twin, figures may use a comma or spaces)", () => {
    expect(compare(RUSSIAN)).toEqual([]);
  });

  it("a dropped code block: which one, and where", () => {
    const dropped = RUSSIAN.replace("```ts\n// save the report\nawait saveToFile(\"report.txt\", text);\n```\n", "");
    expect(compare(dropped)[0]).toBe("lessons/03-saving-files/README.ru.md: 2 code blocks in README.md, 1 here: code block 1 (line 7 there) is missing before line 25");
    const last = RUSSIAN.replace("```\nnpm run check 3\n```\n", "");
    expect(compare(last)[0]).toBe('lessons/03-saving-files/README.ru.md: 2 code blocks in README.md, 1 here: code block 2 (line 29 there, opening "```") is missing');
  });

  it("an extra code block, and a block cut short", () => {
    expect(compare(`${RUSSIAN}\n\`\`\`\nextra\n\`\`\`\n`)[0]).toBe("lessons/03-saving-files/README.ru.md: 3 code blocks here, 2 in README.md: code block 3 (line 33) has no English original");
    expect(compare(RUSSIAN.replace("await saveToFile(\"report.txt\", text);\n", ""))[0]).toContain(
      'first differing line: "await saveToFile(\\"report.txt\\", text);" in English, "```" here',
    );
    expect(compare(RUSSIAN.replace("npm run check 3\n```", "npm run check 3\n# more\n```"))[0]).toContain('"```" in English, "# more" here');
  });

  it("a sample run (```output) shows each language's run: its sentences may differ, its data lines may not", () => {
    const run = (lines: string[]) => ["```output", ...lines, "```"].join("\n");
    const english = `${ENGLISH}\n${run(["Task: Сохрани отчёт", '  → save_to_file {"filename":"report.txt"}', "  ✓ gate: save_to_file runs", '  ← {"status":"created"}', "Saved."])}\n`;
    const russian = (lines: string[]) => `${RUSSIAN}\n${run(lines)}\n`;
    const good = ["Задача: Сохрани отчёт", '  → save_to_file {"filename":"report.txt"}', "  ✓ проверка разрешений: save_to_file выполняется", '  ← {"status":"created"}', "Сохранено."];
    expect(compare(russian(good), english)).toEqual([]);
    const changedCall = good.map((line) => line.replace("report.txt", "отчёт.txt"));
    expect(compare(russian(changedCall), english)[0]).toContain('code block 3 (line 33 there, line 33 here): the sample output keeps "  → save_to_file {\\"filename\\":\\"report.txt\\"}" of the English run');
    const reordered = [good[0]!, good[3]!, good[2]!, good[1]!, good[4]!];
    expect(compare(russian(reordered), english)[0], "data lines keep their order").toContain("the sample output keeps");
    expect(compare(russian(good).replace("```output", "```"), english)[0], "both blocks say output").toContain("first differing line");
    const plain = `${ENGLISH}\n\`\`\`\nTask: x\n\`\`\`\n`;
    expect(compare(`${RUSSIAN}\n\`\`\`\nЗадача: x\n\`\`\`\n`, plain)[0], "any other block stays byte for byte").toContain("Code blocks stay byte for byte the same");
  });

  it("an extra heading", () => {
    expect(compare(`${RUSSIAN}\n## Ещё\n`)[0]).toBe('lessons/03-saving-files/README.ru.md: 3 headings here, 2 in README.md: heading 3 "## Ещё" (line 33) has no English original');
  });

  it("numbered items before the first heading are compared too", () => {
    const english = ENGLISH.replace("# Lesson 03: saving files\n", "1. first\n\n# Lesson 03: saving files\n");
    expect(compare(RUSSIAN, english)).toEqual(["lessons/03-saving-files/README.ru.md: the text before the first heading: 1 numbered items in English, 0 here (a quiz keeps every question and answer)"]);
  });

  it("a back-link without the blank line after it", () => {
    expect(twinLinkProblem("README.ru.md", "[English version](README.md)\n# Title\n")).toContain("followed by a blank line");
  });

  it("each missing inline code span is named once, however often the English uses it", () => {
    const english = ENGLISH.replace("Run `npm run lesson 3`.", "Run `npm run lesson 3`. Again: `npm run lesson 3`.");
    expect(compare(RUSSIAN.replace("`npm run lesson 3`", "урок"), english)).toEqual([
      "lessons/03-saving-files/README.ru.md: inline code `npm run lesson 3` (English line 5) is missing; copy it exactly, backticks included",
    ]);
  });

  it("<details> lost", () => {
    expect(compare(RUSSIAN.replace("<details>\n", ""))).toEqual(["lessons/03-saving-files/README.ru.md: 1 <details> in English, 0 here"]);
  });

  it("a comment translated inside code: the block and its first differing line", () => {
    const problems = compare(RUSSIAN.replace("// save the report", "// сохраняем отчёт"));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain("code block 1 differs from README.md's (line 7 there, line 7 here)");
    expect(problems[0]).toContain('"// save the report" in English, "// сохраняем отчёт" here');
  });

  it("the info string counts: ```ts is not ```", () => {
    expect(compare(RUSSIAN.replace("```ts", "```"))[0]).toContain('first differing line: "```ts" in English, "```" here');
  });

  it("a quiz question left out: the section and both counts", () => {
    const problems = compare(RUSSIAN.replace("2. Почему та же папка?\n", ""));
    expect(problems).toEqual([
      'lessons/03-saving-files/README.ru.md: section 2 ("## Quiz" / "## Вопросы"): 4 numbered items in English, 3 here (a quiz keeps every question and answer)',
    ]);
  });

  it("a table row dropped", () => {
    expect(compare(RUSSIAN.replace("| `realpath` | где файл на самом деле |\n", "Термин `realpath`.\n"))).toEqual([
      'lessons/03-saving-files/README.ru.md: section 2 ("## Quiz" / "## Вопросы"): 3 table rows in English, 2 here',
    ]);
  });

  it("a figure spelled in words", () => {
    expect(compare(RUSSIAN.replace("0,5 с", "полсекунды"))).toEqual([
      "lessons/03-saving-files/README.ru.md: the figure 0.5 (English line 5) is missing from the prose; write it in digits (0.5 may be 0,5 and 20,000 may be 20 000), outside code",
    ]);
  });

  it("a figure that only appears inside code does not count", () => {
    expect(compare(RUSSIAN.replace("20 000 байт", "`20000` байт"))[0]).toContain("the figure 20,000 (English line 5) is missing");
  });

  it("a heading level changed", () => {
    expect(compare(RUSSIAN.replace("## Вопросы", "### Вопросы"))[0]).toBe(
      'lessons/03-saving-files/README.ru.md: heading 2 "### Вопросы" (line 12) is level 3; its English original "## Quiz" (line 12 there) is level 2. Check for a missing or extra heading before it',
    );
  });

  it("a heading dropped: counted, and the sections are not compared on top", () => {
    const problems = compare(RUSSIAN.replace("## Вопросы\n", ""));
    expect(problems[0]).toBe('lessons/03-saving-files/README.ru.md: 2 headings in README.md, 1 here: heading 2 "## Quiz" (line 12 there) is missing');
    expect(problems.some((p) => p.includes("numbered items"))).toBe(false);
  });

  it("a missing back-link, and a missing link in the English original", () => {
    expect(compare(RUSSIAN.replace("[English version](README.md)\n\n", ""))[0]).toBe(
      'lessons/03-saving-files/README.ru.md: line 1 should be the link back to the English text, [English version](README.md), followed by a blank line; line 1 is now "# Урок 03: сохраняем файлы"',
    );
    expect(compare(RUSSIAN, ENGLISH.replace("[Русская версия](README.ru.md)\n\n", ""))[0]).toMatch(
      /^lessons\/03-saving-files\/README\.md: line 1 should be the link to its Russian twin, \[Русская версия\]\(README\.ru\.md\)/,
    );
  });

  it("inline code changed or dropped", () => {
    expect(compare(RUSSIAN.replace("`npm run lesson 3`", "`npm run lesson 03`"))).toEqual([
      "lessons/03-saving-files/README.ru.md: inline code `npm run lesson 3` (English line 5) is missing; copy it exactly, backticks included",
    ]);
  });

  it("a link left out (pointing to the twin is fine, pointing elsewhere is not)", () => {
    expect(compare(RUSSIAN.replace("../02-agent-loop/README.ru.md", "../02-agent-loop/"))[0]).toBe(
      "lessons/03-saving-files/README.ru.md: the link to ../02-agent-loop/README.md (English line 5) is missing",
    );
  });

  it("a link to a section may name the twin's own section; the file still has to match", () => {
    const english = ENGLISH.replace("../02-agent-loop/README.md", "../02-agent-loop/README.md#going-deeper");
    const russian = RUSSIAN.replace("../02-agent-loop/README.ru.md", "../02-agent-loop/README.ru.md#подробнее");
    expect(compareTwins("lessons/03-saving-files/README.md", english, "lessons/03-saving-files/README.ru.md", russian)).toEqual([]);
    expect(compareTwins("lessons/03-saving-files/README.md", english, "lessons/03-saving-files/README.ru.md", russian.replace("02-agent-loop", "04-tool-contract"))[0]).toBe(
      "lessons/03-saving-files/README.ru.md: the link to ../02-agent-loop/README.md#going-deeper (English line 5) is missing",
    );
  });

  it("<details> or <summary> lost", () => {
    expect(compare(RUSSIAN.replace("<summary>Ответы</summary>\n", ""))).toEqual(["lessons/03-saving-files/README.ru.md: 1 <summary> in English, 0 here"]);
  });

  it("one problem per kind, the first difference first", () => {
    const problems = compare(RUSSIAN.replace("## Вопросы", "### Вопросы").replace("// save the report", "// отчёт").replace("0,5", "пол"));
    expect(problems.map((p) => p.split(": ")[1]!.split(" ")[0])).toEqual(["heading", "code", "the"]);
  });
});

describe("hint headings keep the hint number and the TODOs", () => {
  const english = "[Русская версия](hints.ru.md)\n\n## Hint 1 (TODO 1)\n\nA nudge.\n\n## Hint 2 (TODOs 2 and 3)\n\nMore.\n\n## Hint 3 (TODOs 5, 6 and 7)\n\nMore.\n";
  const russian = "[English version](hints.md)\n\n## Подсказка 1 (TODO 1)\n\nНамёк.\n\n## Подсказка 2 (TODO 2 и 3)\n\nЕщё.\n\n## Подсказка 3 (TODO 5, 6 и 7)\n\nЕщё.\n";
  const compareHints = (twin: string): string[] => compareTwins("exercises/02-agent-loop/hints.md", english, "exercises/02-agent-loop/hints.ru.md", twin);

  it("translated as the rules say: no problems", () => {
    expect(compareHints(russian)).toEqual([]);
  });

  it("the heading to write names one TODO, or several with commas and и", () => {
    expect(compareHints(russian.replace("## Подсказка 1 (TODO 1)", "## Подсказка 1 (TODO 2)"))[0]).toContain('should be "## Подсказка 1 (TODO 1)"');
    expect(compareHints(russian.replace("(TODO 5, 6 и 7)", "(TODO 5 и 7)"))[0]).toContain('should be "## Подсказка 3 (TODO 5, 6 и 7)"');
    expect(compareHints(russian.replace("(TODO 5, 6 и 7)", "(TODO 5, 6 и 7) и ещё"))[0]).toContain('should be "## Подсказка 3 (TODO 5, 6 и 7)"');
  });

  it.each([
    ["the wrong TODO", "(TODO 2 и 3)", "(TODO 2)"],
    ["the wrong hint number", "Подсказка 2 ", "Подсказка 4 "],
    ["left in English", "Подсказка 2 (TODO 2 и 3)", "Hint 2 (TODOs 2 and 3)"],
  ])("%s: names the heading to write", (_, from, to) => {
    expect(compareHints(russian.replace(from, to))[0]).toMatch(
      /^exercises\/02-agent-loop\/hints\.ru\.md: heading 2 "## .*" \(line 7\) should be "## Подсказка 2 \(TODO 2 и 3\)": the same hint number and TODOs as "## Hint 2 \(TODOs 2 and 3\)"$/,
    );
  });

  it("a twin of the wrong file links back to the wrong name", () => {
    expect(twinLinkProblem("exercises/02-agent-loop/hints.ru.md", "[English version](README.md)\n\n## Подсказка 1 (TODO 1)\n")).toContain("[English version](hints.md)");
  });
});

describe("the course's own texts", () => {
  const texts = ["README.md", ...listUnits("lessons").map((l) => `lessons/${l.id}/README.md`), ...listUnits("exercises").flatMap((e) => [`exercises/${e.id}/README.md`, `exercises/${e.id}/hints.md`])].filter(
    (file) => existsSync(file),
  );

  it("every fence is closed, and an untranslated copy of each text is in step with it (with hint headings in Russian)", () => {
    for (const file of texts) {
      const name = file.slice(file.lastIndexOf("/") + 1);
      const body = readFileSync(file, "utf8").replace(/^\[Русская версия\]\([^)]*\)\n\n/, "");
      for (const block of scanMarkdown(body).codeBlocks) {
        expect(block.lines.length, `${file}: the code block at line ${block.line} is never closed`).toBeGreaterThan(1);
        expect(block.lines.at(-1)!.trim()[0], `${file}: the code block at line ${block.line} is never closed`).toBe(block.lines[0]!.trim()[0]);
      }
      const english = `[Русская версия](${twinPathOf(name)})\n\n${body}`;
      const headings = body.replace(/^## Hint (\d+) \(TODOs? (.*)\)$/gm, (_, k: string, todos: string) => `## Подсказка ${k} (TODO ${todos.replace(" and ", " и ")})`);
      const twin = `[English version](${name})\n\n${headings}`;
      expect(compareTwins(file, english, twinPathOf(file), twin)).toEqual([]);
    }
  });
});

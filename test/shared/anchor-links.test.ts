// A link to a section (`README.md#going-deeper`, `GLOSSARY.md#lesson-09`, `#quiz`) only helps if the
// section is there: when a README is shortened and a heading renamed or moved, the link still opens the
// file, at the top, and nobody notices. Every such link in the course's Markdown must name a heading of
// the file it points to (GitHub's slug of the heading) or an explicit `<a id="...">` in it. A failure
// names the file, the line, the link and the anchors the target file has.

import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// GitHub's heading ids (github-slugger): the heading as rendered (code spans keep their text, links
// their label, emphasis marks go), lower case, everything but letters, digits, spaces, "-" and "_"
// removed, spaces turned into "-"; a repeated id gets "-1", "-2"... in the order the headings come.
export function githubSlug(heading: string): string {
  const rendered = heading
    .replace(/`([^`]*)`/g, "$1")
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/<[^>]*>/g, "")
    .replace(/\*{1,3}([^*]+)\*{1,3}/g, "$1")
    .replace(/(?<![\p{L}\p{N}_])(_{1,3})([^_]+)\1(?![\p{L}\p{N}_])/gu, "$2");
  return rendered
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
    .replace(/ /g, "-");
}

// The lines of a Markdown text outside fenced code blocks, with their numbers (1-based). A small scan of
// its own: shared/cli/markdown-twins.ts reads far more of each file than this test needs.
function proseLines(markdown: string): Array<{ text: string; line: number }> {
  const lines: Array<{ text: string; line: number }> = [];
  let fence: string | undefined;
  markdown.split(/\r?\n/).forEach((text, index) => {
    const marker = text.match(/^\s*(`{3,}|~{3,})/)?.[1];
    if (marker && (!fence || (marker[0] === fence[0] && marker.length >= fence.length))) {
      fence = fence ? undefined : marker;
      return;
    }
    if (!fence) lines.push({ text, line: index + 1 });
  });
  return lines;
}

export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const { text } of proseLines(markdown)) {
    const heading = text.match(/^#{1,6}\s+(.*?)\s*#*\s*$/)?.[1];
    if (heading === undefined) continue;
    const slug = githubSlug(heading);
    const times = seen.get(slug) ?? 0;
    seen.set(slug, times + 1);
    anchors.add(times === 0 ? slug : `${slug}-${times}`);
  }
  for (const match of markdown.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(match[1]!);
  return anchors;
}

interface BrokenLink {
  line: number;
  target: string;
  why: string;
}

// The links of one file whose anchor is not in the file they point to. `read` gives a file's text, or
// undefined when there is no such file. Each target's ids are worked out once per call of the checker.
export function brokenAnchorLinks(file: string, markdown: string, read: (file: string) => string | undefined, ids = new Map<string, Set<string>>()): BrokenLink[] {
  const broken: BrokenLink[] = [];
  // Most files link to no section at all; they need no scan.
  if (!/\]\([^)]*#/.test(markdown)) return broken;
  const targets = proseLines(markdown).flatMap(({ text, line }) =>
    [...text.replace(/`[^`]*`/g, "").matchAll(/\]\(\s*<?([^)\s>]+)/g)].map((match) => ({ target: match[1]!, line })),
  );
  for (const { target, line } of targets) {
    const hash = target.indexOf("#");
    if (hash < 0 || /^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // no anchor, or an address elsewhere
    const filePart = target.slice(0, hash);
    const anchor = decodeURIComponent(target.slice(hash + 1));
    if (filePart !== "" && !filePart.endsWith(".md")) continue;
    const targetFile = filePart === "" ? file : path.posix.normalize(path.posix.join(path.posix.dirname(file), filePart));
    const text = filePart === "" ? markdown : read(targetFile);
    if (text === undefined) {
      broken.push({ line, target, why: `there is no file ${targetFile}` });
      continue;
    }
    const anchors = ids.get(targetFile) ?? anchorsOf(text);
    ids.set(targetFile, anchors);
    if (!anchors.has(anchor)) {
      broken.push({ line, target, why: `${targetFile} has no heading with the id "${anchor}"; its ids: ${[...anchors].join(", ")}` });
    }
  }
  return broken;
}

// The course's Markdown: everything but dependencies, hidden folders and the learner's workspace.
function courseMarkdown(root: string, folder = ""): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(path.join(root, folder), { withFileTypes: true })) {
    const relative = folder === "" ? entry.name : `${folder}/${entry.name}`;
    if (entry.isDirectory()) {
      if (entry.name.startsWith(".") || entry.name === "node_modules" || relative === "workspace") continue;
      files.push(...courseMarkdown(root, relative));
    } else if (entry.name.endsWith(".md")) {
      files.push(relative);
    }
  }
  return files.sort();
}

describe("anchor links: GitHub's heading ids", () => {
  it.each([
    ["Going deeper", "going-deeper"],
    ["Lesson 12: tools at scale", "lesson-12-tools-at-scale"],
    ["The `$&` bug", "the--bug"],
    ["The prefix: mcp__server__tool", "the-prefix-mcp__server__tool"],
    ["The shape: channel → gateway → runner → loop → reply", "the-shape-channel--gateway--runner--loop--reply"],
    ["1. The loop you wrote, and the SDK's", "1-the-loop-you-wrote-and-the-sdks"],
    ["Подробнее: часы и **тайм-ауты**", "подробнее-часы-и-тайм-ауты"],
    ["Hints for [lesson 03](../03/README.md)", "hints-for-lesson-03"],
  ])("%j has the id %j", (heading, slug) => {
    expect(githubSlug(heading)).toBe(slug);
  });

  it("a repeated heading gets -1, -2; an <a id> counts too; headings in code do not", () => {
    const anchors = anchorsOf('# A\n\n## Quiz\n\n```md\n## Hidden\n```\n\n## Quiz\n\n<a id="lesson-09"></a>\n\n## Quiz\n');
    expect([...anchors]).toEqual(["a", "quiz", "quiz-1", "quiz-2", "lesson-09"]);
  });
});

describe("anchor links: the checker", () => {
  const files: Record<string, string> = {
    "docs/GLOSSARY.md": '# Glossary\n\n<a id="lesson-09"></a>\n\n## Lesson 09: channels\n',
    "lessons/09-channels/README.md": "# Lesson 09\n\n## Going deeper\n\n### The clock\n",
  };
  const read = (file: string): string | undefined => files[file];

  it("accepts links to headings, ids and the file's own headings", () => {
    const text =
      "See [deeper](../lessons/09-channels/README.md#going-deeper), [the clock](../lessons/09-channels/README.md#the-clock),\n" +
      "[terms](GLOSSARY.md#lesson-09), [slug](GLOSSARY.md#lesson-09-channels), [top](#glossary) and [site](https://example.com/#x).\n\n# Glossary\n";
    expect(brokenAnchorLinks("docs/GLOSSARY.md", text, read)).toEqual([]);
  });

  it("names a heading that moved, a section that is gone and a file that is not there", () => {
    const text =
      "Three links:\n[a](../lessons/09-channels/README.md#the-injectable-clock)\n[b](GLOSSARY.md#lesson-10)\n[c](../lessons/10-edit-tool/README.md#quiz)\n";
    const broken = brokenAnchorLinks("docs/GLOSSARY.md", text, read);
    expect(broken.map((b) => [b.line, b.target])).toEqual([
      [2, "../lessons/09-channels/README.md#the-injectable-clock"],
      [3, "GLOSSARY.md#lesson-10"],
      [4, "../lessons/10-edit-tool/README.md#quiz"],
    ]);
    expect(broken[0]!.why).toContain("going-deeper, the-clock");
    expect(broken[2]!.why).toBe("there is no file lessons/10-edit-tool/README.md");
  });
});

describe("anchor links: every section link in the course's Markdown resolves", () => {
  const root = process.cwd();
  const read = (file: string): string | undefined => {
    const full = path.join(root, file);
    try {
      return statSync(full).isFile() ? readFileSync(full, "utf8") : undefined;
    } catch {
      return undefined;
    }
  };
  // One test for all the files (a case per file costs more time than the checking): the message lists
  // every broken link. Many files link to the same few, whose ids are worked out once.
  it("in every Markdown file of the course", () => {
    const ids = new Map<string, Set<string>>();
    const files = courseMarkdown(root);
    expect(files.length, "the course's Markdown files were found").toBeGreaterThan(50);
    const report = files.flatMap((file) =>
      brokenAnchorLinks(file, read(file)!, read, ids).map((b) => `${file}:${b.line}: ${b.target}: ${b.why}`),
    );
    expect(report, `A link points to a section that is not there: link to an existing heading (or add the heading).\n${report.join("\n")}`).toEqual([]);
  });
});

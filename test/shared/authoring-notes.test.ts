// Learner texts tell facts as facts. Notes about how the course was written ("the source lesson did
// that", "Seed 002 puts it plainly", «из исходного урока», "a review of this lesson found") mean nothing
// to a learner, so none may appear in what a learner reads: the READMEs, the lessons and exercises (text
// and code), the hints, and the pages in docs/ that are not for authors (the glossary, SOURCES, the
// teacher's guide...). A failure names the file, the line and the phrase.

import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Each pattern is a way an authoring note has been phrased, in English or in Russian. Russian words
// have no \b in JavaScript, so letters around them are ruled out with \p{L}.
const NOTE_PATTERNS: RegExp[] = [
  /\bsource (lesson|text|material)s?\b/iu,
  /\b(the|a|our|this) seeds?('s|')?(?!-|\w)/iu,
  /\bseeds?\s*\d{3}\b/iu,
  /\breview of (this|the) (lesson|course)\b/iu,
  /\bthis (lesson|course)'s review\b/iu,
  /исходн\p{L}* (урок|материал|текст\p{L}* (курса|урока))/iu,
  /(из|автор\p{L}*|агент\p{L}*) исходного текста/iu,
  /(?<!\p{L})сид(а|е|у|ом|ы|ов)?(?!\p{L})/iu,
  /ревью (этого|курса|урока)/iu,
  /источник\p{L}* \d{3}/iu,
];

interface AuthoringNote {
  line: number;
  phrase: string;
}

// Prose wraps, so a phrase may start on one line and end on the next: each line is read with the next
// one after it, and a phrase counts on the line where it starts.
function findAuthoringNotes(text: string): AuthoringNote[] {
  const lines = text.split(/\r?\n/);
  const found: AuthoringNote[] = [];
  lines.forEach((line, index) => {
    const withNext = `${line} ${(lines[index + 1] ?? "").trimStart()}`;
    for (const pattern of NOTE_PATTERNS) {
      const match = withNext.match(pattern);
      if (match?.index !== undefined && match.index < line.length) found.push({ line: index + 1, phrase: match[0] });
    }
  });
  return found;
}

// The pages in docs/ written for course authors, who may talk about where the course took things from.
// Every other page there (SOURCES, the glossary, the teacher's guide...) is read by learners and teachers.
const AUTHOR_DOCS = new Set([
  "AUTHORING.md",
  "CONTRIBUTING.md",
  "CONTRIBUTING.ru.md",
  "TRANSLATING.md",
  "TRANSLATING.ru.md",
  "API_FIDELITY.md",
]);

// What a learner reads: the root README and its twin, every lesson's and exercise's texts and code, and
// the pages in docs/ that are not for authors. (The tests are for authors too.)
function learnerFiles(root: string): string[] {
  const files = readdirSync(root).filter((name) => /^README(\.\w+)?\.md$/.test(name));
  for (const folder of ["lessons", "exercises"]) {
    for (const unit of readdirSync(path.join(root, folder), { withFileTypes: true })) {
      if (!unit.isDirectory()) continue;
      for (const name of readdirSync(path.join(root, folder, unit.name))) {
        if (/\.(md|ts)$/.test(name)) files.push(path.join(folder, unit.name, name));
      }
    }
  }
  for (const name of readdirSync(path.join(root, "docs"))) {
    if (name.endsWith(".md") && !AUTHOR_DOCS.has(name)) files.push(path.join("docs", name));
  }
  return files.sort();
}

describe("authoring notes: the detector", () => {
  it.each([
    "and the course's source lesson did exactly that.",
    "Seed 002 puts it plainly: if the process is killed",
    "# the seed's message: a lead row",
    "Two attacks from a review of this lesson:",
    "(The source lesson's question 4.)",
    "OpenClaw, ассистент из исходного урока, подключается",
    "Автор исходного текста формулирует это как правило",
    "это `add_row_to_sheets` из сида, только локальный",
    "При ревью этого курса это измерили",
    "Источник 002 говорит об этом прямо.",
    "found this one in production. Автор\nисходного текста нашёл эту ошибку",
  ])("finds the note in %j", (line) => {
    expect(findAuthoringNotes(`first line\n${line}\n`)).toEqual([expect.objectContaining({ line: 2 })]);
  });

  it.each([
    "lessons/10-edit-tool/seed-project.ts makes the starter files",
    "fc.assert(property, { seed: 42 }) and a seeded fast-check property",
    "Все смещения относятся к исходному `content` и к исходному тексту файла.",
    "await seedProject(project); the seedling grows; a sidecar file",
    "При равенстве — в исходном порядке. Сидеть и ждать.",
  ])("leaves the ordinary words in %j alone", (line) => {
    expect(findAuthoringNotes(line)).toEqual([]);
  });
});

describe("authoring notes: the learner texts have none", () => {
  const root = process.cwd();
  it("reads the docs learners and teachers read, and leaves the authors' pages out", () => {
    const files = learnerFiles(root);
    for (const name of ["SOURCES.md", "GLOSSARY.md", "GLOSSARY.ru.md", "TEACHING.md", "TEACHING.ru.md"]) {
      expect(files, `docs/${name} is read by learners`).toContain(path.join("docs", name));
    }
    expect(files).not.toContain(path.join("docs", "AUTHORING.md"));
  });

  it.each(learnerFiles(root))("%s", (file) => {
    const notes = findAuthoringNotes(readFileSync(path.join(root, file), "utf8"));
    const report = notes.map((note) => `${file}:${note.line}: "${note.phrase}"`).join("\n");
    expect(
      notes,
      `Authoring notes in a learner text: tell the fact as a fact (with its source in docs/SOURCES.md), not where the course took it from.\n${report}`,
    ).toEqual([]);
  });
});

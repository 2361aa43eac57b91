// Every text a learner reads has a Russian twin beside it (README.md -> README.ru.md, hints.md ->
// hints.ru.md), kept in step with the English: the rules are in docs/TRANSLATING.md, the comparison in
// shared/cli/markdown-twins.ts. One check per English text, named by its path, so a translator runs
//   npx vitest run test/shared/translations.test.ts -t "lessons/03"
// and reads the first difference.

import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, it } from "vitest";
import { listUnits } from "../../shared/cli/course-files.ts";
import { compareTwins, englishPathOf, twinPathOf } from "../../shared/cli/markdown-twins.ts";

const root = process.cwd();

// The texts that must have a twin, as paths from the repository root with "/".
function textsWithTwins(): string[] {
  const texts = ["README.md", "docs/TRANSLATING.md", "docs/CONTRIBUTING.md", "docs/GLOSSARY.md", "docs/TEACHING.md"];
  for (const lesson of listUnits("lessons", root)) texts.push(`lessons/${lesson.id}/README.md`);
  for (const exercise of listUnits("exercises", root)) {
    texts.push(`exercises/${exercise.id}/README.md`);
    if (existsSync(path.join(root, "exercises", exercise.id, "hints.md"))) texts.push(`exercises/${exercise.id}/hints.md`);
  }
  return texts;
}

function russianTexts(dir = ""): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    if (entry.name.startsWith(".") || entry.name === "node_modules") continue;
    const relative = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) found.push(...russianTexts(relative));
    else if (entry.name.endsWith(".ru.md")) found.push(relative);
  }
  return found;
}

const read = (relative: string): string => readFileSync(path.join(root, relative), "utf8");

function fail(problems: string[]): void {
  if (problems.length === 0) return;
  const more = problems.length > 1 ? `\n(${problems.length - 1} more difference(s) after this one; the rules are in docs/TRANSLATING.md)` : "";
  throw new Error(`${problems[0]}${more}`);
}

describe("every learner-facing text has a Russian twin in step with it", () => {
  for (const english of textsWithTwins()) {
    it(english, () => {
      const twin = twinPathOf(english);
      if (!existsSync(path.join(root, english))) fail([`${english} does not exist, but the course lists it as a text with a twin`]);
      if (!existsSync(path.join(root, twin))) {
        fail([`${twin} does not exist yet: translate ${english} into it (the rules are in docs/TRANSLATING.md)`]);
      }
      fail(compareTwins(english, read(english), twin, read(twin)));
    });
  }

  it("every *.ru.md has its English original beside it", () => {
    const orphans = russianTexts().filter((twin) => !existsSync(path.join(root, englishPathOf(twin))));
    fail(orphans.map((twin) => `${twin} has no English original ${englishPathOf(twin)} beside it: rename it, or remove it`));
  });
});

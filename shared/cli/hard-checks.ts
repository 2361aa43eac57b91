// The hard-mode checks of an exercise, by name, read from its test file; and the names its README
// gives them under "Hard mode". test/shared/hard-mode-named.test.ts holds the two lists equal, so a learner
// who reads the README knows every check `npm run check` counts as hard mode.

// A check or a describe block tagged on its own line: it("title", { tags: "hard" }, ...).
const TAGGED = /^\s*(?:it|describe|test)(?:\.\w+)?\((["'`])((?:\\.|(?!\1).)*)\1,\s*\{ tags: "hard" \}/gm;

// The titles of the tagged checks, as vitest shows them; a part built at run time (`${label}`) is "...".
export function hardCheckTitles(testSource: string): string[] {
  return [...testSource.matchAll(TAGGED)].map((m) => (m[2] ?? "").replace(/\$\{[^}]*\}/g, "...").replace(/\\(.)/g, "$1"));
}

// The names under the README's "Hard mode" heading ("Сложный режим" in the twin): the list items that
// are one quoted name each, - "title" (English in both languages: they are the checks' titles).
export function namedHardChecks(readme: string): string[] {
  return hardModeSection(readme).flatMap((line) => {
    const m = /^\s*- "(.*)"\s*$/.exec(line);
    return m ? [m[1] ?? ""] : [];
  });
}

// The lines under the README's "Hard mode" heading ("Сложный режим" in the twin), up to the next "## ".
export function hardModeSection(readme: string): string[] {
  const start = readme.search(/^## (Hard mode|Сложный режим)\s*$/m);
  if (start < 0) return [];
  const rest = readme.slice(start).split("\n").slice(1);
  const end = rest.findIndex((line) => line.startsWith("## "));
  return end < 0 ? rest : rest.slice(0, end);
}

// A name stands for a title when its parts, split at "...", appear in the title in order.
export function names(name: string, title: string): boolean {
  let from = 0;
  for (const part of name.split("...").map((p) => p.trim()).filter(Boolean)) {
    const at = title.indexOf(part, from);
    if (at < 0) return false;
    from = at + part.length;
  }
  return true;
}

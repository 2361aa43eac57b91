// The names a TypeScript file exports, read from its text with two patterns (no compiler): exported
// declarations, and `export { a, b as c }` lists. npm test compares an exercise's exports with its
// solution's ("all": types too); the wrong-answer proofs re-export what exists when the code runs
// ("runtime": interfaces, type aliases and `type` re-exports are gone by then).

export function exportedNames(source: string, which: "all" | "runtime"): string[] {
  const runtime = which === "runtime";
  const names: string[] = [];
  for (const m of source.matchAll(/^export\s+(?:async\s+)?(const|let|function\*?|class|interface|type|enum)\s+([A-Za-z0-9_$]+)/gm)) {
    if (runtime && (m[1] === "interface" || m[1] === "type")) continue;
    names.push(m[2] ?? "");
  }
  for (const m of source.matchAll(/^export\s*(type\s*)?\{([^}]*)\}/gm)) {
    if (runtime && m[1]) continue;
    for (const part of (m[2] ?? "").split(",")) {
      if (runtime && /^\s*type\s/.test(part)) continue;
      const name = part.trim().split(/\s+as\s+/).pop()?.replace(/^type\s+/, "");
      if (name) names.push(name);
    }
  }
  return names.filter((name) => name !== "").sort();
}

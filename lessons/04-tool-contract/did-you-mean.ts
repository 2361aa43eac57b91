// "Unknown tool 'get_rate'; did you mean 'get_exchange_rate'?" A model that calls a tool by a wrong
// name retries the same wrong name unless the error names the right one. Three lines of text end that loop.

// Levenshtein distance: how many single-letter insertions, deletions or substitutions turn a into b.
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

// The closest real name, when it is close enough to be what the model meant: at most 3 edits away
// ("get_exchange_rates", "calculator"), or containing every word of the wrong name ("get_rate").
// Far-off names ("do_anything") get no suggestion: a wrong hint is worse than none.
export function suggestToolName(unknown: string, names: string[]): string | undefined {
  const wanted = unknown.toLowerCase();
  const words = wanted.split(/[_\-\s]+/).filter(Boolean);
  let best: { name: string; distance: number } | undefined;
  for (const name of names) {
    const candidate = name.toLowerCase();
    const distance = editDistance(wanted, candidate);
    const sharesAllWords = words.length > 0 && words.every((word) => candidate.split("_").includes(word));
    if (distance > 3 && !sharesAllWords) continue;
    if (!best || distance < best.distance) best = { name, distance };
  }
  return best?.name;
}

export function unknownToolMessage(unknown: string, names: string[]): string {
  const suggestion = suggestToolName(unknown, names);
  const hint = suggestion ? ` Did you mean '${suggestion}'?` : "";
  return (
    `Unknown tool '${unknown}'.${hint} Available tools: ${names.join(", ")}. ` +
    "Call one of these by its exact name; do not retry the unknown name."
  );
}

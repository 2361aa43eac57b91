// "Did you mean --session?" for a mistyped name: the known name closest to it, when it is close
// enough to be what was meant (a letter or two off, or one is the start of the other). A far-off
// name gets no suggestion: a wrong hint is worse than none. (Lesson 04's did-you-mean.ts does the
// same for tool names the model gets wrong; shared code does not import lessons, so this is its own.)

export function closestName(wanted: string, names: readonly string[]): string | undefined {
  const typed = wanted.toLowerCase();
  let best: { name: string; distance: number } | undefined;
  for (const name of names) {
    const known = name.toLowerCase();
    const prefix = typed.length >= 3 && (known.startsWith(typed) || typed.startsWith(known));
    const distance = prefix ? 1 : editDistance(typed, known);
    // Short names allow fewer edits: "raw" and "new" are two edits apart, and neither is a typo of the other.
    if (distance > (known.length <= 4 ? 1 : 2)) continue;
    if (!best || distance < best.distance) best = { name, distance };
  }
  return best?.name;
}

// How many single-letter insertions, deletions, substitutions or swaps of two neighbours turn a into
// b (a swap is one typo: "--wbe" is one away from "--web").
function editDistance(a: string, b: string): number {
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      let best = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, (beforePrevious[j - 2] ?? 0) + 1);
      current.push(best);
    }
    beforePrevious = previous;
    previous = current;
  }
  return previous[b.length] ?? 0;
}

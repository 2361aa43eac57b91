// How sure a pass rate is. 7 of 8 tasks passed says "88%", but 8 tasks are few: the same agent on
// another 8 tasks like them could well pass 5 or all 8. The Wilson score interval gives the range of
// rates that fit what was seen (95%: z = 1.96). Unlike "p ± 1.96·sqrt(p(1-p)/n)", it stays inside 0-100%
// and does not shrink to nothing at 8 of 8, which with a handful of tasks is exactly where it matters.
// (Wilson, 1927; docs/SOURCES.md.)
//
// n is the number of TASKS, also when each task ran k times: runs of one task are not independent
// samples (they share the task's difficulty), so counting them as n would claim too much certainty.

export const Z_95 = 1.959964;

export function wilsonInterval(rate: number, n: number, z: number = Z_95): { low: number; high: number } {
  if (n <= 0) return { low: 0, high: 1 };
  const z2 = z * z;
  const centre = (rate + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z / (1 + z2 / n)) * Math.sqrt((rate * (1 - rate)) / n + z2 / (4 * n * n));
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

// Do two intervals share any rate? Then the difference between them may be chance.
export function overlap(a: { low: number; high: number }, b: { low: number; high: number }): boolean {
  return a.low <= b.high && b.low <= a.high;
}

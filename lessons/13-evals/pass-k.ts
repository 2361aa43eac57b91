// Two numbers for "the agent ran the same task n times and passed c of them":
//
//   pass@k  the chance that at least one of k runs passes: 1 - C(n-c, k) / C(n, k).
//           The unbiased estimator of Chen et al. 2021 (the Codex paper, "Evaluating Large Language
//           Models Trained on Code"). Good for "can it do this at all, given a few tries?"
//   pass^k  the chance that all k runs pass: C(c, k) / C(n, k). From tau-bench (Yao et al. 2024),
//           which reports it because a user meets every run, not the best one. Good for "can I rely on it?"
//
// Both pick k of the n recorded runs without putting any back, so neither is the naive 1 - (1 - c/n)^k or
// (c/n)^k, which treat the runs as if there were infinitely many. And neither multiplies out the
// binomials: C(200, 100) is about 9e58, and a ratio of two such numbers loses its digits. Each ratio is
// a product of k small fractions instead, every one between 0 and 1.

import { messages } from "../../shared/i18n/messages.ts";

// pass@k: the chance that at least one of k runs, drawn from the n recorded, passes.
export function passAtK(n: number, c: number, k: number): number {
  checkCounts(n, c, k);
  // Fewer than k failures: any k runs include a pass.
  if (n - c < k) return 1;
  // C(n-c, k) / C(n, k) = product over i < k of (n-c-i) / (n-i): all k drawn runs fail.
  let allFail = 1;
  for (let i = 0; i < k; i++) allFail *= (n - c - i) / (n - i);
  return 1 - allFail;
}

// pass^k: the chance that all k runs, drawn from the n recorded, pass.
export function passHatK(n: number, c: number, k: number): number {
  checkCounts(n, c, k);
  // Fewer than k passes: no k runs can all pass.
  if (c < k) return 0;
  // C(c, k) / C(n, k) = product over i < k of (c-i) / (n-i).
  let allPass = 1;
  for (let i = 0; i < k; i++) allPass *= (c - i) / (n - i);
  return allPass;
}

// n runs, c of them passed, k drawn: whole numbers with 0 <= c <= n and 1 <= k <= n. Anything else is
// a mistake in the caller, and a number computed from it would look like a result.
export function checkCounts(n: number, c: number, k: number): void {
  const say = messages().passK;
  for (const [name, value] of [["n", n], ["c", c], ["k", k]] as const) {
    if (!Number.isInteger(value)) throw new RangeError(say.notWhole(name, String(value)));
  }
  if (n < 1) throw new RangeError(say.noRuns(n));
  if (c < 0 || c > n) throw new RangeError(say.passesOutOfRange(c, n));
  if (k < 1) throw new RangeError(say.kTooSmall(k));
  if (k > n) throw new RangeError(say.kOverN(k, n));
}

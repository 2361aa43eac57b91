// pass@k and pass^k: how often the agent passes a task it ran n times and passed c of them.
// Given: pass@k (at least one of k runs passes), a worked example of the product trick, and checkCounts.
// Yours: pass^k (all k runs pass), TODO 5.

import { messages } from "../../shared/i18n/messages.ts";

// pass@k: the chance that at least one of k runs, drawn from the n recorded, passes:
// 1 - C(n-c, k) / C(n, k), as a product of k fractions (the binomials themselves overflow).
export function passAtK(n: number, c: number, k: number): number {
  checkCounts(n, c, k);
  // Fewer than k failures: any k runs include a pass.
  if (n - c < k) return 1;
  // C(n-c, k) / C(n, k) = product over i < k of (n-c-i) / (n-i): all k drawn runs fail.
  let allFail = 1;
  for (let i = 0; i < k; i++) allFail *= (n - c - i) / (n - i);
  return 1 - allFail;
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

// TODO 5: pass^k, the chance that all k runs, drawn from the n recorded, pass: C(c, k) / C(n, k),
// without computing either binomial (C(200, 100) is about 9e58). Hard mode: refuse counts that cannot be.
export function passHatK(_n: number, _c: number, _k: number): number {
  throw new Error("not implemented yet: TODO 5, passHatK in exercises/13-evals/pass-k.ts");
}

// What a promise did within `ms`: a safety net for checks, not a speed check. An answer that never
// settles would otherwise hang its check until vitest gives up after 15 s, saying only "Test timed
// out"; with this the check fails after a few seconds and says what was expected.

export type Within<T> = { state: "resolved"; value: T } | { state: "rejected"; error: unknown } | { state: "still waiting" };

export async function within<T>(promise: T | Promise<T>, ms: number): Promise<Within<T>> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waiting = new Promise<Within<T>>((resolve) => {
    timer = setTimeout(() => resolve({ state: "still waiting" }), ms);
  });
  const settled = Promise.resolve(promise).then(
    (value): Within<T> => ({ state: "resolved", value }),
    (error: unknown): Within<T> => ({ state: "rejected", error }),
  );
  return Promise.race([settled, waiting]).finally(() => clearTimeout(timer));
}

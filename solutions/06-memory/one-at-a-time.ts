// Given (nothing to do here): one at a time per key. remember reads MEMORY.md, adds a line and writes
// it back; two calls doing that at once both read the same old file, and the last write throws away
// the other's fact while both say "Saved". serialize(key, work) queues works under one key: each
// starts when every earlier work for that key has settled, succeeded or failed. (Lesson 06's
// file-lock.ts does the same inside withFileLock; lesson 08 builds its per-session queue this way.)

// The last work queued under each key.
const queues = new Map<string, Promise<void>>();

// Runs work after every earlier work queued under the same key has finished, and settles with work's
// own result (its value or its error). Works for different keys do not wait for each other.
export function serialize<T>(key: string, work: () => Promise<T>): Promise<T> {
  const before = queues.get(key) ?? Promise.resolve();
  const result = before.then(() => work());
  // The queue goes on after a failure: the next work waits for this one to settle, not to succeed.
  const settled = result.then(
    () => undefined,
    () => undefined,
  );
  queues.set(key, settled);
  void settled.then(() => {
    if (queues.get(key) === settled) queues.delete(key);
  });
  return result;
}

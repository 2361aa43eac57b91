// One writer at a time. remember reads MEMORY.md, adds a line and writes it back; two calls doing that
// at once both read the same old file, and the second write throws away the first one's fact while
// both say "Saved". Two guards, because the two callers can be in different places:
//
//   - in this process (parallel tool calls, two chat tasks): calls on one file wait in a queue;
//   - in other processes (a second terminal running the agent): a lock file, created with the "wx"
//     flag, which the operating system lets only one process create. Whoever created it writes;
//     the others wait, and give up with a clear error after a few seconds.
//
// A process that crashed while holding the lock leaves the lock file behind. A lock older than
// STALE_MS is taken to be such a leftover and removed: a memory write takes milliseconds, not seconds.

import fs from "node:fs/promises";
import path from "node:path";

export const LOCK_STALE_MS = 10_000;
export const LOCK_WAIT_MS = 5_000;

export interface LockOptions {
  // How long to wait for another process's lock before giving up.
  waitMs?: number;
  // How old a lock file must be to count as left over by a crash.
  staleMs?: number;
}

// The error a call gets when another writer kept the file for the whole wait.
export class LockBusyError extends Error {
  override name = "LockBusyError";
}

const queues = new Map<string, Promise<unknown>>();

export async function withFileLock<T>(file: string, work: () => Promise<T>, options: LockOptions = {}): Promise<T> {
  const key = path.resolve(file);
  const before = queues.get(key) ?? Promise.resolve();
  const mine = before.catch(() => undefined).then(() => withLockFile(key, work, options));
  const settled = mine.catch(() => undefined);
  queues.set(key, settled);
  try {
    return await mine;
  } finally {
    if (queues.get(key) === settled) queues.delete(key);
  }
}

async function withLockFile<T>(file: string, work: () => Promise<T>, options: LockOptions): Promise<T> {
  const lock = `${file}.lock`;
  const deadline = Date.now() + (options.waitMs ?? LOCK_WAIT_MS);
  for (;;) {
    try {
      await fs.writeFile(lock, `${process.pid} ${new Date().toISOString()}\n`, { flag: "wx" });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      if (await isStale(lock, options.staleMs ?? LOCK_STALE_MS)) {
        await fs.rm(lock, { force: true });
        continue;
      }
      if (Date.now() >= deadline) {
        throw new LockBusyError(
          `${path.basename(file)} is being changed by another run of the agent (its lock file ${path.basename(lock)} is there), ` +
            "so nothing was changed. Try the same call again in a moment; if it keeps failing, tell the user.",
        );
      }
      // A random pause, so that waiting processes do not all retry in step.
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20));
    }
  }
  try {
    return await work();
  } finally {
    await fs.rm(lock, { force: true });
  }
}

async function isStale(lock: string, staleMs: number): Promise<boolean> {
  const info = await fs.stat(lock).catch(() => undefined);
  // Gone already: not stale, just free; the next attempt will take it.
  return info !== undefined && Date.now() - info.mtimeMs > staleMs;
}

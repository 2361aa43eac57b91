// Exercise 08, TODO 3: the per-session queue. Read exercises/08-assistant/README.md first.
// Check your work with: npm run check 8

import type { SessionQueue } from "../../lessons/08-assistant/session-queue.ts";

// TODO 3: return a SessionQueue.
//   run(key, job): start job() only after every job queued earlier for the same key has settled
//     (resolved or rejected); jobs for different keys do not wait for each other. Return a promise
//     of the job's own outcome. A job that fails must not stop the jobs queued after it.
//   busy() (hard mode): the keys that have a job running or waiting; an idle queue returns [].
// Hint: keep, per key, a promise of the last job that never rejects.
export function createSessionQueue(): SessionQueue {
  throw new Error(
    "not implemented yet: createSessionQueue() in exercises/08-assistant/session-queue.ts should return { run, busy }: " +
      "one job at a time per key, different keys at once",
  );
}

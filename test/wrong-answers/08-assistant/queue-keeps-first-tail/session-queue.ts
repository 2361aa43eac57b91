// Exercise 08, solved: the per-session queue. (The lesson's own copy is lessons/08-assistant/session-queue.ts.)
//
// One turn at a time per session (key), any number of sessions at once: each key keeps the promise of
// its last job, and a new job for that key starts when that promise has settled, however it ended.

import type { SessionQueue } from "../../lessons/08-assistant/session-queue.ts";

export function createSessionQueue(): SessionQueue {
  const tails = new Map<string, Promise<void>>();
  return {
    run(key, job) {
      const previous = tails.get(key) ?? Promise.resolve();
      const result = previous.then(job);
      // The chain goes on after a failure: the next message of the chat must still get its turn.
      const tail = result.then(
        () => undefined,
        () => undefined,
      );
      if (!tails.has(key)) tails.set(key, tail);
      // Forget the key once its last job is done, so an idle queue holds nothing.
      void tail.then(() => {
        if (tails.get(key) === tail) tails.delete(key);
      });
      return result;
    },
    busy: () => [...tails.keys()],
  };
}

// One turn at a time per session, any number of sessions at once.
//
// Two messages from the same chat must not run side by side: both would read the same history, both
// would append to the same session file, and the second answer would ignore the first. Two different
// chats have nothing in common, so one must not wait for the other. Each key (a session) gets its own
// chain of promises: a job starts when the previous job for the same key has settled.

export interface SessionQueue {
  // Runs job after every job queued earlier for the same key has finished (succeeded or failed),
  // and resolves or rejects with the job's own outcome.
  run<T>(key: string, job: () => Promise<T>): Promise<T>;
  // The keys that have a job running or waiting, so an idle queue holds nothing.
  busy(): string[];
}

export function createSessionQueue(): SessionQueue {
  const tails = new Map<string, Promise<void>>();
  return {
    run(key, job) {
      const previous = tails.get(key) ?? Promise.resolve();
      // A failed turn must not block the chat forever: the next job waits for the previous one to
      // settle, whatever its outcome.
      const result = previous.then(job);
      const tail = result.then(
        () => undefined,
        () => undefined,
      );
      tails.set(key, tail);
      void tail.then(() => {
        if (tails.get(key) === tail) tails.delete(key);
      });
      return result;
    },
    busy: () => [...tails.keys()],
  };
}

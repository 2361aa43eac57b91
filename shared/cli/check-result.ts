// What one run of an exercise's checks found: plain data that check, watch, hint, progress and the
// verdict cache all read. Kept apart from check-runner.ts so that the cache does not import the runner.

export interface CheckOutcome {
  title: string; // "describe > it"
  passed: boolean;
  hard: boolean; // a hard-mode check (tagged "hard", test/helpers/levels.ts); the others are core
  message: string; // the failure's teaching message, without stack lines
  todos: number[]; // the TODOs this check is about (from its titles, else from the message)
  frame: string; // code frame at the failure, "" when none could be read
}

export interface CheckResult {
  checks: CheckOutcome[];
  // The test file could not run at all (a syntax error, a missing export): no check ran.
  broken?: { message: string; frame: string };
  // Taken from the last run (verdict-cache.ts): nothing it depends on has changed since.
  fromCache?: boolean;
}

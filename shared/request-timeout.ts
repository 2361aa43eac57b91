// How long a request to a real model may take before the course gives up on it: 60 s, or
// COURSE_TIMEOUT_S (seconds) from the environment or .env.

export const DEFAULT_TIMEOUT_S = 60;

export function requestTimeoutSeconds(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.COURSE_TIMEOUT_S);
  return Number.isFinite(value) && value > 0 ? value : DEFAULT_TIMEOUT_S;
}

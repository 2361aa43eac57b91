// How long a request to a real model may take before the course gives up on it: 60 s, or
// COURSE_TIMEOUT_S (seconds) from the environment or .env.

import { messages } from "./i18n/messages.ts";

export const DEFAULT_TIMEOUT_S = 60;

// What is wrong with COURSE_TIMEOUT_S, when it is set to something that is not a number of seconds:
// `npm run lesson` stops on it rather than waiting 60 s when the learner asked for something else.
export function timeoutSettingProblem(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const text = env.COURSE_TIMEOUT_S?.trim();
  if (!text) return undefined;
  const value = Number(text);
  return Number.isFinite(value) && value > 0 ? undefined : messages().mistakes.timeout(text);
}

export function requestTimeoutSeconds(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.COURSE_TIMEOUT_S);
  return Number.isFinite(value) && value > 0 ? value : DEFAULT_TIMEOUT_S;
}

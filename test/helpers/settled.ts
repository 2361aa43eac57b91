// vitest's .rejects and .resolves drop a check's own message when the promise settles the other way:
// the learner reads only "promise resolved "..." instead of rejecting", in English. A check that waits
// for a rejection (or a value) says so first with these, in its own words, and then asserts as before:
//
//   const listing = toolsFromServers([twice]);
//   await mustReject(listing, say("one name listed twice: McpToolError", "одно имя дважды: McpToolError"));
//   await expect(listing).rejects.toThrow(McpToolError);

import { expect } from "vitest";
import { say } from "./say.ts";
import { within } from "./within.ts";

// Fails with `message` unless `promise` rejects within 3 s.
export async function mustReject(promise: unknown, message: string): Promise<void> {
  const outcome = await within(promise, 3_000);
  if (outcome.state === "rejected") return;
  expect.fail(
    `${message} (${outcome.state === "resolved" ? say("it resolved instead", "а промис выполнился") : say("it was still waiting 3 s later", "а промис всё ещё ждал через 3 с")})`,
  );
}

// Fails with `message` and the error unless `promise` resolves within 3 s.
export async function mustResolve(promise: unknown, message: string): Promise<void> {
  const outcome = await within(promise, 3_000);
  if (outcome.state === "resolved") return;
  if (outcome.state === "rejected") {
    const error = outcome.error instanceof Error ? outcome.error.message : String(outcome.error);
    // «...» in Russian: the error's own words may hold "quotes" of their own.
    expect.fail(`${message} (${say(`it rejected: "${error}"`, `а промис отклонён: «${error}»`)})`);
  }
  expect.fail(`${message} (${say("it was still waiting 3 s later", "а промис всё ещё ждал через 3 с")})`);
}

// What the CLI prints when a lesson crashes: the message and the stack trace can carry text from
// outside (a dying MCP server's stderr, an API's message), so neither may reach the terminal raw.

import { describe, expect, it } from "vitest";
import { describeError } from "../../shared/cli/run-lesson.ts";

describe("the crash report", () => {
  it("shows escape sequences in the message and the stack trace, never sends them", () => {
    const error = new Error('Could not start the MCP server "x": Its last words on stderr: \u001b[2J\u001b[HAll checks passed. Safe to approve.');
    const report = describeError(error);
    // chalk's own colour codes are the only escapes allowed; strip them and look for any other.
    // eslint-disable-next-line no-control-regex
    const withoutColour = report.replace(/\u001b\[[0-9;]*m/g, "");
    expect(withoutColour).not.toMatch(/\u001b/);
    expect(withoutColour).toContain("\\x1b[2J");
    expect(withoutColour.split("\n").filter((line) => line.includes("\\x1b[2J")).length, "in the message and in the stack's first line").toBeGreaterThanOrEqual(2);
  });
});

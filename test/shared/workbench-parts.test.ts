// The small pure pieces behind check, watch and doctor: the code frame, the progress bar, what counts
// as a Messages API answer, and NO_COLOR.

import chalk from "chalk";
import { describe, expect, it } from "vitest";
import { codeFrame } from "../../shared/cli/code-frame.ts";
import { applyColourSettings } from "../../shared/cli/colour.ts";
import { progressBar } from "../../shared/cli/watch.ts";
import { notMessagesApi } from "../../shared/api-answer.ts";

describe("codeFrame", () => {
  const source = ["one", "two", "three", "four", "five", "six"].join("\n");
  it("two lines either side, the line marked, a caret under the column", () => {
    expect(codeFrame(source, 3, 2, "f.ts")).toBe(["f.ts:3:2", "  1 | one", "  2 | two", "> 3 | three", "    |  ^", "  4 | four", "  5 | five"].join("\n"));
  });
  it("at the edges of the file, and nothing for a line outside it", () => {
    expect(codeFrame(source, 1, 0, "f.ts").split("\n")).toEqual(["f.ts:1:0", "> 1 | one", "  2 | two", "  3 | three"]);
    expect(codeFrame(source, 7, 1, "f.ts")).toBe("");
    expect(codeFrame(source, 0, 1, "f.ts")).toBe("");
  });
  it("control characters in the learner's file are shown, not sent to the terminal", () => {
    const frame = codeFrame('const s = "\u001b[2J";', 1, 1, "f.ts");
    expect(frame).not.toContain("\u001b");
    expect(frame).toContain("\\x1b[2J");
  });
});

describe("progressBar", () => {
  it("done out of total, 20 cells", () => {
    expect(progressBar(0, 7)).toBe(`[${"░".repeat(20)}] 0/7 exercises done`);
    expect(progressBar(7, 7)).toBe(`[${"█".repeat(20)}] 7/7 exercises done`);
    expect(progressBar(1, 2)).toBe(`[${"█".repeat(10)}${"░".repeat(10)}] 1/2 exercises done`);
    expect(progressBar(0, 0)).toBe(`[${"░".repeat(20)}] 0/0 exercises done`);
  });
});

describe("notMessagesApi", () => {
  const json = "application/json";
  it("a message and the API's error envelope are the Messages API", () => {
    const message = { id: "msg_1", type: "message", role: "assistant", content: [], model: "m", stop_reason: "end_turn", usage: {} };
    expect(notMessagesApi({ status: 200, contentType: json, body: JSON.stringify(message) })).toBeUndefined();
    const envelope = { type: "error", error: { type: "invalid_request_error", message: "messages: Field required" } };
    expect(notMessagesApi({ status: 400, contentType: json, body: JSON.stringify(envelope) })).toBeUndefined();
  });
  it("HTML, empty, malformed JSON, plain text and other shapes are each named", () => {
    expect(notMessagesApi({ status: 502, contentType: "text/html", body: "<html><body>Bad gateway</body></html>" })).toMatch(/^an HTML page \(HTTP 502, text\/html\): "<html>/);
    expect(notMessagesApi({ status: 200, contentType: "", body: "  " })).toBe("an empty answer (HTTP 200, no content-type)");
    expect(notMessagesApi({ status: 200, contentType: json, body: "{nope" })).toBe('malformed JSON (HTTP 200, application/json): "{nope"');
    expect(notMessagesApi({ status: 200, contentType: "text/plain", body: "Ollama is running" })).toBe('text that is not JSON (HTTP 200, text/plain): "Ollama is running"');
    expect(notMessagesApi({ status: 200, contentType: json, body: "[1,2]" })).toMatch(/JSON of another shape .* with an array/);
    expect(notMessagesApi({ status: 200, contentType: json, body: '{"type":"message","content":"not a list"}' })).toMatch(/JSON of another shape/);
    expect(notMessagesApi({ status: 404, contentType: json, body: '{"error":"not found"}' })).toMatch(/keys: error;/);
  });
  it("a long or hostile body is cut and its control characters shown", () => {
    const said = notMessagesApi({ status: 200, contentType: "text/plain", body: `\u001b[31m${"x".repeat(500)}` })!;
    expect(said).not.toContain("\u001b");
    expect(said.length).toBeLessThan(220);
    expect(said).toContain("...");
  });
});

describe("applyColourSettings", () => {
  it("NO_COLOR turns colour off unless FORCE_COLOR asks for it", () => {
    const before = chalk.level;
    try {
      chalk.level = 2;
      applyColourSettings({ NO_COLOR: "1", FORCE_COLOR: "1" });
      expect(chalk.level).toBe(2);
      applyColourSettings({ NO_COLOR: "" });
      expect(chalk.level).toBe(2);
      applyColourSettings({ NO_COLOR: "1" });
      expect(chalk.level).toBe(0);
    } finally {
      chalk.level = before;
    }
  });
});

// Fuzz: what reaches the terminal. For generated strings full of control characters (ESC, CSI, BEL,
// carriage returns, C1 controls, bidi overrides), nothing printed contains a raw ESC: not inert()'s
// output, not the approval prompt, not an effect description, not the transcript. Seeded and bounded.

import Anthropic from "@anthropic-ai/sdk";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Tool } from "../../lessons/01-first-tool/tool.ts";
import { runLoop } from "../../lessons/02-agent-loop/loop.ts";
import { createAgentTools } from "../../lessons/07-approval-gates/agent.ts";
import { renderPrompt } from "../../lessons/07-approval-gates/approver.ts";
import { inert, isInert } from "../../shared/inert-text.ts";
import { createMockModel, reply } from "../../shared/mock/mock-model.ts";
import { createTranscript } from "../../shared/transcript.ts";

const RUNS = { seed: 42, numRuns: 200 };
const CONTROL = ["\u001b", "\u001b[", "\u009b", "\u0007", "\r", "\n", "\t", "\u0000", "\u007f", "\u0085", "\u202e", "\u2066", "\u200b", "\ufeff", "\u2028"];
const hostile = fc.string({ unit: fc.oneof(fc.constantFrom(...CONTROL), fc.constantFrom("a", "я", "😀", "[", "2", "J", "m", ";", " ", "\\")), maxLength: 80 });
// chalk's own colour codes are the only escape sequences the course itself prints.
const withoutColours = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, "");
const RAW = /[\u001b\u009b\r\u0007\u0000\u202e\u2066]/;

describe("fuzz: terminal output is inert", () => {
  it("inert() leaves no control character, keeps safe text as it is, and is idempotent", () => {
    fc.assert(
      fc.property(hostile, (text) => {
        const shown = inert(text);
        expect(shown).not.toMatch(RAW);
        expect(shown).not.toContain("\n");
        expect(isInert(shown)).toBe(true);
        expect(inert(shown)).toBe(shown);
        expect(inert(text, { multiline: true })).not.toMatch(RAW);
      }),
      RUNS,
    );
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom("a", "я", "😀", " ", "[", "\\", "x") }), (safe) => {
        expect(inert(safe)).toBe(safe);
      }),
      RUNS,
    );
  });

  it("the approval prompt and the effect descriptions contain no raw control character", () => {
    const save = createAgentTools("/tmp/course-fuzz-no-such-workspace").find((t) => t.name === "save_to_file")!;
    fc.assert(
      fc.property(hostile, hostile, hostile, (name, value, why) => {
        const effect = save.describeEffect?.({ filename: value, content: value }) ?? "";
        expect(effect).not.toMatch(RAW);
        const prompt = withoutColours(renderPrompt({ call: { name, input: { filename: value }, readOnly: false, effect: `${effect}${value}` }, why }));
        expect(prompt).not.toMatch(RAW);
        expect(prompt.split("\n"), "a value started a line of its own in the prompt").toHaveLength(6);
      }),
      RUNS,
    );
  });

  it("the transcript prints model text, tool input and tool results without a raw control character", async () => {
    await fc.assert(
      fc.asyncProperty(hostile, hostile, hostile, async (thinking, input, answer) => {
        const lines: string[] = [];
        const transcript = createTranscript({ write: (line) => lines.push(line) });
        const mock = createMockModel([reply.toolUse("echo", { text: input }, { text: `${thinking}x` }), reply.text(`${answer}.`)]);
        const echo: Tool<{ text: string }> = {
          name: "echo",
          description: "Echo.",
          input_schema: { type: "object", properties: { text: { type: "string" } }, required: ["text"] },
          run: ({ text }) => `${text}${thinking}`,
        };
        const client = new Anthropic({ apiKey: "test", baseURL: "http://mock.invalid", fetch: transcript.wrapFetch(mock.fetch), maxRetries: 0 });
        await runLoop(client, "go", { tools: [echo] });
        expect(withoutColours(lines.join("\n"))).not.toMatch(RAW);
      }),
      { seed: 42, numRuns: 60 },
    );
  });
});

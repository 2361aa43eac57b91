// Lesson 07's gate, round 2 of spellings: an ideographic full stop at the end of a domain (DNS reads
// 。 and ｡ as dots), a rule whose pattern starts with a space (it would never match, so it is refused
// when the rules are read), and WORKSPACE_DIR, which lessons 08 and 09 honour and 07 must too.

import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type Anthropic from "@anthropic-ai/sdk";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createAgentTools, runAgent } from "../../lessons/07-approval-gates/agent.ts";
import { normalizeAddress } from "../../lessons/07-approval-gates/email.ts";
import { createGatedExecutor } from "../../lessons/07-approval-gates/gated-executor.ts";
import { parseRulesFile, RulesFileError } from "../../lessons/07-approval-gates/rules-file.ts";
import { recordingClient } from "../helpers/recording-client.ts";
import { approverAnswering } from "../helpers/scripted-approver.ts";

let workspace = "";
beforeEach(async () => {
  workspace = await mkdtemp(path.join(os.tmpdir(), "course-07-spellings-"));
});
afterEach(async () => {
  vi.unstubAllEnvs();
  await rm(workspace, { recursive: true, force: true });
});

const block = (id: string, name: string, input: Record<string, unknown>): Anthropic.ToolUseBlock => ({ type: "tool_use", id, name, input, caller: { type: "direct" } });

describe("a domain ending in an ideographic full stop", () => {
  it("normalizeAddress reads 。 and ｡ as the dot they are to DNS", () => {
    expect(normalizeAddress("ceo@competitor.example。")).toBe("ceo@competitor.example");
    expect(normalizeAddress("ceo@competitor。example")).toBe("ceo@competitor.example");
    expect(normalizeAddress("ceo@competitor.example\uFF61")).toBe("ceo@competitor.example");
  });

  for (const to of ["ceo@competitor.example。", "ceo@competitor。example", "ceo@competitor.example\uFF61"]) {
    it(`deny plan_email(to=*@competitor.example) holds for ${JSON.stringify(to)}`, async () => {
      const rules = parseRulesFile(JSON.stringify({ deny: ["plan_email(to=*@competitor.example)"] }));
      const execute = createGatedExecutor({ rules, approver: approverAnswering("yes") });
      const [result] = await execute([block("t1", "plan_email", { to, subject: "Hi", body: "Secret plans" })], createAgentTools(workspace));
      expect(result?.is_error).toBe(true);
      expect(String(result?.content)).toMatch(/deny rule/);
    });
  }
});

describe("a rule that could never match is refused when the rules are read", () => {
  for (const text of ["save_to_file(filename= *.env)", "save_to_file(filename=*.env )"]) {
    it(`${JSON.stringify(text)}`, () => {
      expect(() => parseRulesFile(JSON.stringify({ deny: [text] }))).toThrow(RulesFileError);
      expect(() => parseRulesFile(JSON.stringify({ deny: [text] }))).toThrow(/starts or ends with a space.*save_to_file\(filename=\*\.env\)/);
    });
  }
});

describe("WORKSPACE_DIR", () => {
  it("moves lesson 07's workspace, as it does lesson 08's", async () => {
    vi.stubEnv("WORKSPACE_DIR", workspace);
    const { client } = recordingClient();
    await runAgent(client, "What is the USD to RUB rate? Save it to rate.txt", { approver: approverAnswering("yes"), print: () => undefined });
    expect(await readdir(workspace)).toContain("rate.txt");
  });
});

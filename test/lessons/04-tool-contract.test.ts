// Tests of lesson 04's own code: the contract tools, the validator's messages, the dispatcher, the
// lint, the side-by-side comparison and the troublemaker drill.

import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import Anthropic from "@anthropic-ai/sdk";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createAgentTools as lesson03Tools } from "../../lessons/03-saving-files/agent.ts";
import { builtInModelFor, createContractTools, INBOX_NOTE, runAgent, sampleTasks } from "../../lessons/04-tool-contract/agent.ts";
import { compare } from "../../lessons/04-tool-contract/compare.ts";
import { ToolError, type ContractTool } from "../../lessons/04-tool-contract/contract.ts";
import { fileErrorMessage, ourFailure } from "../../lessons/04-tool-contract/describe-error.ts";
import { suggestToolName, unknownToolMessage } from "../../lessons/04-tool-contract/did-you-mean.ts";
import { asTool, callTool, dispatch } from "../../lessons/04-tool-contract/dispatch.ts";
import { exchangeRateTool } from "../../lessons/04-tool-contract/exchange-rate.ts";
import { lintTool } from "../../lessons/04-tool-contract/lint-tool.ts";
import { checkInput } from "../../lessons/04-tool-contract/validate-input.ts";
import * as badTools from "../../exercises/04-tool-contract/bad-tools.ts";
import { createClient } from "../../shared/client.ts";
import { createTroublemakerFetch, isTroublemakerTask } from "../../shared/offline/troublemaker.ts";
import { recordingClient } from "../helpers/recording-client.ts";

let workspace: string;
beforeEach(async () => {
  workspace = await fs.mkdtemp(path.join(os.tmpdir(), "lesson04-"));
});
afterEach(async () => {
  await fs.rm(workspace, { recursive: true, force: true });
});

const troublemaker = () =>
  new Anthropic({ apiKey: "test", baseURL: "http://troublemaker.invalid", fetch: createTroublemakerFetch(), maxRetries: 0 });

describe("did you mean", () => {
  it("suggests close names and lists the real ones", () => {
    const names = ["get_exchange_rate", "calculate", "save_to_file", "read_file"];
    expect(suggestToolName("get_rate", names)).toBe("get_exchange_rate");
    expect(suggestToolName("readfile", names)).toBe("read_file");
    expect(suggestToolName("do_anything", names)).toBeUndefined();
    const message = unknownToolMessage("save_file", names);
    expect(message).toContain("Did you mean 'save_to_file'?");
    expect(message).toContain("Available tools: get_exchange_rate, calculate, save_to_file, read_file");
  });
});

describe("checkInput: errors as instructions", () => {
  const schema = exchangeRateTool.input_schema;
  it("names the field, what came, and what to send, from the schema itself", () => {
    expect(checkInput(schema, { from_currency: "USD", to_currency: "RUB" })).toEqual([]);
    expect(checkInput(schema, { from_currency: "DOLLAR", to_currency: "RUB" })).toEqual([
      `'from_currency' must be one of "USD", "EUR", "RUB", "BTC"; received "DOLLAR".`,
    ]);
    const [missing] = checkInput(schema, { from_currency: "USD" });
    expect(missing).toMatch(/^'to_currency' is missing\. Expected: ISO code of the currency you want/);
    expect(checkInput(schema, { from_currency: "USD", to_currency: "RUB", amount: 5 })[0]).toBe(
      "'amount' is not a field of this tool (you sent 5). Leave it out; the fields are: from_currency, to_currency.",
    );
    expect(checkInput(schema, "USD")[0]).toContain("must be a JSON object");
  });

  it("reports one sentence per field, every field at once", () => {
    expect(checkInput(schema, { from_currency: 5 })).toHaveLength(2);
  });

  it("explains a pattern in words, not as a regular expression", () => {
    const save = createContractTools(workspace)[2]!;
    const [problem] = checkInput(save.input_schema, { filename: "../escape.txt", content: "x" });
    expect(problem).toContain("'filename' is not in the accepted form");
    expect(problem).toContain("without '..'");
    expect(problem).not.toContain("(?!");
  });
});

describe("dispatch and the envelope", () => {
  it("answers success, the model's mistake and our failure differently", async () => {
    const ok = await dispatch({ id: "t1", name: "get_exchange_rate", input: { from_currency: "EUR", to_currency: "RUB" } }, [exchangeRateTool]);
    expect(JSON.parse(String(ok.content))).toEqual({ success: true, data: { from: "EUR", to: "RUB", rate: 100.3, source: "demo table" }, error: null });
    expect(ok.is_error).toBeUndefined();

    const missingPair = await callTool({ id: "t2", name: "get_exchange_rate", input: { from_currency: "BTC", to_currency: "RUB" } }, [exchangeRateTool]);
    expect(missingPair.success).toBe(false);
    expect(missingPair.error).toContain("Go through USD");

    const broken: ContractTool = { ...exchangeRateTool, run: () => { throw new RangeError("index 7 out of range"); } };
    const ours = await callTool({ id: "t3", name: "get_exchange_rate", input: { from_currency: "USD", to_currency: "RUB" } }, [broken]);
    expect(ours.error).toBe(ourFailure("get_exchange_rate", new RangeError("index 7 out of range")));
    expect(ours.error).toContain("failed on our side");
    expect(ours.error, "a failure we cannot explain is not transient: do not tell the model to repeat it").not.toMatch(/retry/i);
  });

  it("treats a missing, null, empty or JSON-string input as the object it stands for", async () => {
    for (const input of [undefined, null, "", "  "]) {
      const result = await callTool({ id: "t", name: "get_exchange_rate", input }, [exchangeRateTool]);
      expect(result.error).toContain("'from_currency' is missing");
    }
    const fromJson = await callTool({ id: "t", name: "get_exchange_rate", input: '{"from_currency":"USD","to_currency":"EUR"}' }, [exchangeRateTool]);
    expect(fromJson.success).toBe(true);
  });

  it("asTool gives lesson 01's Tool shape: the envelope on success, a thrown envelope on failure", async () => {
    const tool = asTool(exchangeRateTool);
    expect(JSON.parse(await tool.run({ from_currency: "USD", to_currency: "EUR" }))).toMatchObject({ success: true, data: { rate: 0.92 } });
    await expect(tool.run({ from_currency: "XXX", to_currency: "EUR" })).rejects.toThrow(/"success":false/);
  });

  it("turns file errors into sentences", () => {
    const eacces = Object.assign(new Error("EACCES: permission denied, open '/srv/x'"), { code: "EACCES" });
    expect(fileErrorMessage(eacces, "reports/x.txt")).toBe(
      "No permission to write to 'reports/x.txt'. Retrying will not help: choose another file name or tell the user.",
    );
    expect(fileErrorMessage(new Error("plain"), "x")).toBeUndefined();
    expect(new ToolError("x")).toBeInstanceOf(Error);
  });
});

describe("the contract tools", () => {
  it("save_to_file refuses names outside the workspace before running, and saves inside it", async () => {
    const tools = createContractTools(workspace);
    for (const filename of ["../x.txt", "/etc/passwd", "a/../../x.txt"]) {
      const result = await callTool({ id: "t", name: "save_to_file", input: { filename, content: "x" } }, tools);
      expect(result.success, filename).toBe(false);
    }
    const saved = await callTool({ id: "t", name: "save_to_file", input: { filename: "r/one.txt", content: "hi" } }, tools);
    expect(saved).toEqual({ success: true, data: { path: "r/one.txt", bytes: 2, status: "created" }, error: null });
  });

  it("read_file reads a window, says how to get more, and stays in the workspace", async () => {
    const tools = createContractTools(workspace);
    await fs.writeFile(path.join(workspace, "long.txt"), Array.from({ length: 10 }, (_, i) => `l${i + 1}`).join("\n"));
    const first = await callTool({ id: "t", name: "read_file", input: { filename: "long.txt", limit: 4 } }, tools);
    expect(first.data).toEqual({ path: "long.txt", lines: "1-4 of 10", content: "l1\nl2\nl3\nl4", more: "6 more lines: call read_file again with offset 4." });
    const outside = await fs.mkdtemp(path.join(os.tmpdir(), "outside-"));
    await fs.writeFile(path.join(outside, "secret.txt"), "secret");
    await fs.symlink(path.join(outside, "secret.txt"), path.join(workspace, "link.txt"));
    const escaped = await callTool({ id: "t", name: "read_file", input: { filename: "link.txt" } }, tools);
    expect(escaped.error).toContain("leads outside the workspace");
    const missing = await callTool({ id: "t", name: "read_file", input: { filename: "nope.txt" } }, tools);
    expect(missing.error).toContain("'nope.txt' does not exist");
    await fs.rm(outside, { recursive: true, force: true });
  });

  it("every contract tool passes the lint; lesson 03's tools and the exercise's bad tools do not", () => {
    for (const tool of createContractTools(workspace)) expect(lintTool(tool), tool.name).toEqual([]);
    for (const tool of lesson03Tools(workspace)) expect(lintTool(tool).join(" "), tool.name).toContain("additionalProperties");
    expect(lintTool(badTools.forecastTool).length).toBeGreaterThan(5);
    expect(lintTool(badTools.ordersTool).join(" ")).toContain("make them an enum");
    expect(lintTool(badTools.translateTool).join(" ")).toContain("start with a verb");
  });

  it("the comparison shows lesson 03 and lesson 04 answering the same calls", async () => {
    const lines: string[] = [];
    await compare((line) => lines.push(line));
    const text = lines.join("\n");
    expect(text).toContain("lesson 03: is_error Unknown tool 'get_rate'. Available:");
    expect(text).toContain("Did you mean 'get_exchange_rate'?");
    expect(text).toContain("'amount' is not a field of this tool");
  });
});

describe("the agent", () => {
  it("survives the troublemaker drill: report saved, planted instruction not followed", async () => {
    expect(isTroublemakerTask(sampleTasks[0]!)).toBe(true);
    for (const task of [sampleTasks[0]!, sampleTasks[2]!]) {
      const answer = await runAgent(troublemaker(), task, { workspaceDir: workspace });
      expect(answer).not.toMatch(/Warning|stuck|застрял|Внимание/);
      expect(answer).toMatch(/46[,\s]250/);
      expect(answer).toMatch(/ignore previous instructions/i);
    }
    expect(await fs.readFile(path.join(workspace, "inbox.txt"), "utf8")).toBe(INBOX_NOTE);
    expect(await fs.readFile(path.join(workspace, "report.txt"), "utf8")).toBe("500 USD = 46250 RUB (rate 92.5, demo table)");
  });

  it("asks the course CLI for the troublemaker for the drill only", () => {
    expect(builtInModelFor(sampleTasks[0]!)).toBeTypeOf("function");
    expect(builtInModelFor(sampleTasks[1]!)).toBeUndefined();
  });

  it("does an ordinary task with the contract tools on the offline model", async () => {
    const answer = await runAgent(createClient({ offline: true }).client, sampleTasks[1]!, { workspaceDir: workspace });
    expect(answer).toContain("46,250");
    expect(await fs.readFile(path.join(workspace, "report.txt"), "utf8")).toContain("46250");
  });

  it("--vague: the rate tool vaguely described is not called, and the model says why; without it, it is", async () => {
    const task = "What is the USD to RUB rate?";
    const vague = recordingClient();
    const said = await runAgent(vague.client, task, { workspaceDir: workspace, vague: true });
    expect(vague.calls).toEqual([]);
    expect(said).toMatch(/^I did not call get_exchange_rate\. The description of get_exchange_rate \("Helper for money questions\."\) does not say what it does/);
    const precise = recordingClient();
    expect(await runAgent(precise.client, task, { workspaceDir: workspace })).toContain("92.5");
    expect(precise.calls.map((c) => c.name)).toEqual(["get_exchange_rate"]);
  });
});

// The agent runner: everything that happens around the loop for one turn of one session.
//
//   1. read the session file back into a conversation (sessions.ts), skipping a torn last line;
//   2. answer any tool call a crash left open (repair-orphans.ts), or the API refuses the session;
//   3. keep the history under its token budget (fit-history.ts);
//   4. pick the model for this message (route-model.ts);
//   5. build the system prompt: memory files (lesson 06), a TOOLS.md made from the tool list, the
//      permission rules (lesson 07), and where the message came from;
//   6. run lesson 02's loop, with lesson 07's gate in front of every tool, writing each message to
//      the session file the moment it exists, counting the cost of each response (cost.ts), and
//      streaming the model's words to the channel as they come.

import Anthropic from "@anthropic-ai/sdk";
import { messages } from "../../shared/i18n/messages.ts";
import { noteBudgetStop } from "../../shared/real-model/budget-stops.ts";
import { runTool } from "../01-first-tool/agent.ts";
import { runLoop, type LoopOptions, type ToolExecutor } from "../02-agent-loop/loop.ts";
import { loadMemory } from "../06-memory/load-memory.ts";
import { systemPrompt as gateRules } from "../07-approval-gates/agent.ts";
import type { Approver } from "../07-approval-gates/approver.ts";
import { createGatedExecutor, type ToolWithEffect } from "../07-approval-gates/gated-executor.ts";
import type { PermissionRules } from "../07-approval-gates/permissions.ts";
import { BudgetExceeded, formatUsd, roughTokens, type CostMeter } from "./cost.ts";
import { fitHistory, isTurnStart } from "./fit-history.ts";
import type { Turn } from "./gateway.ts";
import { interruptedResult, orphanIds, repairOrphans } from "./repair-orphans.ts";
import { routeModel, taskFacts } from "./route-model.ts";
import { lockSession } from "./session-lock.ts";
import { loadSession, sessionFile, sessionWriter } from "./sessions.ts";
import { toolsMarkdown } from "./tools-md.ts";

export interface RunnerOptions {
  client: Anthropic;
  tools: ToolWithEffect[];
  rules: PermissionRules;
  rulesFile: string;
  approver: Approver;
  sessionsDir: string;
  memoryDir: string;
  meter: CostMeter;
  // A model pinned by the person (--model or ANTHROPIC_MODEL); unset, route-model.ts decides.
  model?: string;
  // Ask for a streamed answer (client.messages.stream), so the model's words reach the channel as
  // they are written instead of all at once at the end.
  stream?: boolean;
  // The most history (in rough tokens) sent with each request; older turns are left out.
  historyTokens?: number;
  maxTokens?: number;
  maxTurns?: number;
  // Notes for the person watching: which model and why, what was repaired, what it cost.
  print: (line: string) => void;
}

export const INSTRUCTIONS = [
  "You are a personal assistant. People reach you through channels (a terminal here; chat apps later); each chat is a session whose earlier messages you see.",
  "Use earlier messages of the session: a short follow-up such as \"and in euros?\" refers to the previous question.",
  "When a message is from someone looking to buy or sell something and leaves a contact, record it as a lead with add_row: sheet \"leads\", columns contact and request.",
].join("\n");

export function createRunner(options: RunnerOptions): (turn: Turn) => Promise<string> {
  const { client, print } = options;

  // The whole turn holds the session's lock (session-lock.ts): a second terminal on the same session
  // is told so, instead of taking this turn's waiting call for a crash.
  async function runTurn(turn: Turn): Promise<string> {
    const release = await lockSession(sessionFile(options.sessionsDir, turn.session));
    try {
      return await runLockedTurn(turn);
    } finally {
      await release();
    }
  }
  return runTurn;

  async function runLockedTurn(turn: Turn): Promise<string> {
    const started = Date.now();
    const file = sessionFile(options.sessionsDir, turn.session);
    const write = sessionWriter(file);

    // 1. The session so far.
    const loaded = await loadSession(file);
    for (const note of loaded.notes) print(`  ! ${note}`);

    // 2. Orphans: calls that never got their result because the process stopped mid-call.
    const orphans = orphanIds(loaded.messages);
    let history = repairOrphans(loaded.messages);
    if (orphans.length > 0) {
      print(messages().sessionNotes.orphans(turn.session, orphans.length, orphans.join(", ")));
      // When the file ends with the open call (the usual crash), its answers are written down too, so
      // the file itself reads as a valid conversation again. An orphan further back, followed by more
      // messages, cannot be fixed by appending; it is repaired like this on every load.
      const lastAssistant = loaded.messages.map((m) => m.role).lastIndexOf("assistant");
      const tail = loaded.messages.slice(lastAssistant);
      if (lastAssistant >= 0 && !tail.some(isTurnStart)) for (const id of orphanIds(tail)) await write.toolResult(interruptedResult(id));
    }

    // The same message again after a turn that got no answer (an error, a stopped run): it is that
    // question asked once more, so it is sent and kept once, not twice in a row.
    const last = history.at(-1);
    const retry = last?.role === "user" && last.content === turn.message.text;
    if (retry) history = history.slice(0, -1);

    // 3. Under the history budget.
    const fitted = fitHistory(history, options.historyTokens ?? 6000);
    if (fitted.dropped > 0) print(messages().assistant.history(fitted.dropped, options.historyTokens ?? 6000));
    history = fitted.messages;

    // 4. Which model answers this message, and why.
    const route = routeModel(taskFacts(turn.message.text, options.model ?? process.env.ANTHROPIC_MODEL));

    // 5. What the model is told before the conversation.
    const system = [
      INSTRUCTIONS,
      // Quoted: a sender's name is chosen by whoever writes, so it is data.
      `This message came through the ${turn.message.channel} channel, from ${JSON.stringify(turn.message.sender)}.`,
      gateRules(options.rules, options.rulesFile),
      toolsMarkdown(options.tools),
      await loadMemory(options.memoryDir),
    ].join("\n\n");

    // 6. The loop, with every message written down as soon as it exists.
    const written = new Set<string>();
    let answered = false; // has the model answered anything in this turn?
    const saveResult = async (result: Anthropic.ToolResultBlockParam) => {
      if (written.has(result.tool_use_id)) return;
      written.add(result.tool_use_id);
      await write.toolResult(result);
    };
    const executeTools: ToolExecutor = createGatedExecutor({
      rules: options.rules,
      approver: options.approver,
      // Each result goes to the file the moment its tool returns, so a crash during the next tool
      // leaves only that one call open.
      runAllowed: async (calls, tools) => {
        const results: Anthropic.ToolResultBlockParam[] = [];
        for (const call of calls) {
          const result = await runTool(tools, call);
          await saveResult(result);
          results.push(result);
        }
        return results;
      },
    });

    const send = async (params: Anthropic.MessageCreateParamsNonStreaming): Promise<Anthropic.Message> => {
      const request = { ...params, model: route.model };
      if (options.meter.budget() !== undefined) {
        options.meter.beforeRequest(route.model, await countTokens(client, request), request.max_tokens);
      }
      const message = options.stream ? await streamed(client, request, turn.partial) : await client.messages.create(request);
      const entry = await options.meter.record(turn.session, message.model, message.usage);
      const price = entry.usd === undefined ? messages().assistant.priceUnknown : formatUsd(entry.usd);
      print(messages().assistant.request(message.model, route.why, entry.input_tokens, entry.output_tokens, price));
      return message;
    };

    const loopOptions: LoopOptions = {
      tools: options.tools,
      system,
      history,
      executeTools,
      maxTokens: options.maxTokens ?? 1024,
      maxTurns: options.maxTurns,
      send,
      onMessage: async (message) => {
        if (message.role === "assistant") {
          answered = true;
          return write.message(message, { model: route.model, why: route.why });
        }
        // A message of tool results: each was written when its tool returned; refusals by the gate
        // (which never ran) are written now.
        if (Array.isArray(message.content) && message.content.every((b) => b.type === "tool_result")) {
          for (const block of message.content) if (block.type === "tool_result") await saveResult(block);
          return;
        }
        if (retry && message.content === turn.message.text) return; // already in the file
        return write.message(message);
      },
    };
    let answer: string;
    try {
      answer = (await runLoop(client, turn.message.text, loopOptions)).text;
    } catch (error) {
      // Hitting the budget is an answer, not a crash: the person set a limit and the agent kept it.
      // What was done so far is in the session file; the next message carries on from there.
      if (!(error instanceof BudgetExceeded)) {
        // The request never reached a model (no connection; a replay that does not match): the
        // question was never asked. The file says so (it is append-only), and the next run leaves it out.
        if (!answered && error instanceof Anthropic.APIConnectionError) await write.unanswered(error.message.slice(0, 200));
        throw error;
      }
      answer = error.message;
      noteBudgetStop(); // the CLI ends the run with exit code 1

    }

    const spent = await options.meter.totals(turn.session, started);
    const shown = (usd: number | undefined) => (usd === undefined ? messages().assistant.priceUnknown : formatUsd(usd));
    turn.note?.(messages().assistant.cost(shown(spent.turn), shown(spent.session), shown(spent.today)));
    return answer;
  }
}

// The exact input size, asked of the server (count_tokens is free); a rough count if it cannot say.
async function countTokens(client: Anthropic, request: Anthropic.MessageCreateParamsNonStreaming): Promise<number> {
  try {
    const counted = await client.messages.countTokens({
      model: request.model,
      messages: request.messages,
      ...(request.system ? { system: request.system } : {}),
      ...(request.tools ? { tools: request.tools } : {}),
    });
    return counted.input_tokens;
  } catch {
    return roughTokens(request);
  }
}

// The same request, streamed: the words go to the channel as they arrive; the finished message is
// the same Message that create() would have returned.
async function streamed(client: Anthropic, request: Anthropic.MessageCreateParamsNonStreaming, partial?: (delta: string) => void): Promise<Anthropic.Message> {
  const stream = client.messages.stream(request);
  if (partial) stream.on("text", (delta) => partial(delta));
  return stream.finalMessage();
}

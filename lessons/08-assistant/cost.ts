// What the assistant costs. The API reports the tokens of every response (usage.input_tokens,
// usage.output_tokens); tokens times the model's price gives dollars. Prices live in one table,
// shared/model.ts (per million tokens; check https://www.anthropic.com/pricing, they change).
//
// Every response's cost is appended to a ledger, sessions/costs.jsonl, one line each, so the totals
// per turn, per session and per day survive restarts and can be summed by any tool that reads JSON.
// A budget stops the agent *before* a request that could pass it, not after the money is gone.

import { readFile } from "node:fs/promises";
import type Anthropic from "@anthropic-ai/sdk";
import { estimateCost } from "../../shared/model.ts";
import { messages } from "../../shared/i18n/messages.ts";
import { appendJsonLine } from "./sessions.ts";

export interface CostEntry {
  at: string;
  session: string;
  model: string;
  input_tokens: number;
  output_tokens: number;
  // undefined when shared/model.ts has no price for the model (a local model, a new name).
  usd?: number;
}

// undefined: the sum takes in a response whose model has no price, so it is unknown, never a
// too-small figure that looks exact.
export interface CostTotals {
  turn: number | undefined;
  session: number | undefined;
  today: number | undefined;
}

export class BudgetExceeded extends Error {}

export function entryCost(model: string, usage: Pick<Anthropic.Usage, "input_tokens" | "output_tokens">): number | undefined {
  return estimateCost(model, usage.input_tokens, usage.output_tokens);
}

// The most the next request can cost: its input tokens (counted, or estimated) plus max_tokens of
// output, the longest answer the model may write. The CLI's --budget can call this too.
export function worstCaseCost(model: string, inputTokens: number, maxTokens: number): number | undefined {
  return estimateCost(model, inputTokens, maxTokens);
}

// Would spending `next` more take `spent` past `budget`? Spending exactly the budget is allowed.
export function wouldPassBudget(spent: number, next: number, budget: number): boolean {
  return spent + next > budget + 1e-12;
}

// A rough count, four characters a token, for when the server cannot count (count_tokens missing).
export function roughTokens(params: Pick<Anthropic.MessageCreateParams, "system" | "tools" | "messages">): number {
  return Math.ceil(JSON.stringify([params.system ?? "", params.tools ?? [], params.messages]).length / 4);
}

export async function readLedger(file: string): Promise<CostEntry[]> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  return text.split("\n").flatMap((line) => {
    try {
      const entry = JSON.parse(line) as CostEntry;
      return typeof entry.model === "string" && typeof entry.at === "string" ? [entry] : [];
    } catch {
      return []; // a torn last line: skipped, as in session files
    }
  });
}

export function totals(entries: CostEntry[], session: string, since: number, now: Date): CostTotals {
  const day = now.toISOString().slice(0, 10);
  const sum = (list: CostEntry[]) => list.reduce<number | undefined>((total, e) => (total === undefined || e.usd === undefined ? undefined : total + e.usd), 0);
  return {
    turn: sum(entries.filter((e) => e.session === session && Date.parse(e.at) >= since)),
    session: sum(entries.filter((e) => e.session === session)),
    today: sum(entries.filter((e) => e.at.slice(0, 10) === day)),
  };
}

export interface CostMeterOptions {
  ledgerFile: string;
  // Stop before a request that could take this run's spending past it (US dollars).
  budgetUsd?: number;
  now?: () => Date;
}

export interface CostMeter {
  // Throws BudgetExceeded when a request with this model, input size and max_tokens could pass the budget.
  beforeRequest(model: string, inputTokens: number, maxTokens: number): void;
  record(session: string, model: string, usage: Pick<Anthropic.Usage, "input_tokens" | "output_tokens">): Promise<CostEntry>;
  // Spent through this meter (this run of the agent): what the budget is compared with.
  spent(): number;
  budget(): number | undefined;
  totals(session: string, since: number): Promise<CostTotals>;
}

export function createCostMeter(options: CostMeterOptions): CostMeter {
  const now = options.now ?? (() => new Date());
  let spent = 0;
  return {
    beforeRequest(model, inputTokens, maxTokens) {
      const budget = options.budgetUsd;
      if (budget === undefined) return;
      const worst = worstCaseCost(model, inputTokens, maxTokens);
      if (worst === undefined) {
        throw new BudgetExceeded(messages().budget.meterNoPrice(model));
      }
      if (wouldPassBudget(spent, worst, budget)) {
        // In the learner's language (COURSE_LANG): the run stops here and this is what they read.
        throw new BudgetExceeded(messages().budget.meterWouldPass(`$${worst.toFixed(4)}`, inputTokens, maxTokens, model, `$${spent.toFixed(4)}`, `$${budget.toFixed(4)}`));
      }
    },
    async record(session, model, usage) {
      const usd = entryCost(model, usage);
      const entry: CostEntry = {
        at: now().toISOString(),
        session,
        model,
        input_tokens: usage.input_tokens,
        output_tokens: usage.output_tokens,
        ...(usd === undefined ? {} : { usd }),
      };
      spent += usd ?? 0;
      await appendJsonLine(options.ledgerFile, entry);
      return entry;
    },
    spent: () => spent,
    budget: () => options.budgetUsd,
    totals: async (session, since) => totals(await readLedger(options.ledgerFile), session, since, now()),
  };
}

export function formatUsd(usd: number): string {
  return `$${usd.toFixed(usd < 1 ? 4 : 2)}`;
}

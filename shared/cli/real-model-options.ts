// The lesson runner's side of shared/real-model/guard.ts: --budget parsed, one guard per run.

import chalk from "chalk";
import { budgetAmountUsd, createRealModelGuard, type RealModelGuard } from "../real-model/guard.ts";
import { messages } from "../i18n/messages.ts";
import { inert } from "../inert-text.ts";

export let guardInUse: RealModelGuard | undefined;

// A guard for this run, or the message for a --budget that is not a positive amount.
export function realModelGuardFor(budget: string | undefined): RealModelGuard | string {
  let budgetUsd: number | undefined;
  if (budget !== undefined) {
    budgetUsd = budgetAmountUsd(budget);
    if (budgetUsd === undefined) return messages().mistakes.budgetAmount(inert(budget));
  }
  guardInUse = createRealModelGuard({ budgetUsd });
  return guardInUse;
}

export function usageError(message: string, usage: string): number {
  console.error(chalk.red(message));
  console.error(usage);
  return 2;
}

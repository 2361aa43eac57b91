// The same exchange-rate tool with a description that says nothing about what it does: what
// `npm run lesson 4 -- --vague "What is the USD to RUB rate?"` offers instead of exchange-rate.ts's.
// The offline demo model sees the tool and does not call it, and says which description would help.
// (Real Claude may guess instead, and a guess can be wrong.)

import type { ContractTool } from "./contract.ts";
import { exchangeRateTool } from "./exchange-rate.ts";

export const VAGUE_DESCRIPTION = "Helper for money questions.";

export function withVagueDescription(tool: ContractTool): ContractTool {
  return tool.name === exchangeRateTool.name ? { ...tool, description: VAGUE_DESCRIPTION } : tool;
}

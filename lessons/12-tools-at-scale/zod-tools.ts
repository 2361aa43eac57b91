// The course's tools, written the SDK's way: betaZodTool takes a zod schema instead of a hand-written
// JSON Schema. The SDK turns the schema into the tool's input_schema for the model, and before `run`
// it parses the model's input with the same schema: a call that does not fit never reaches our code,
// and the model reads the zod error as an is_error result. The functions are the ones lessons 01-03
// wrote; only the wrapping is new.

import { betaZodTool } from "@anthropic-ai/sdk/helpers/beta/zod";
import type { BetaRunnableTool } from "@anthropic-ai/sdk/lib/tools/BetaRunnableTool";
import { z } from "zod";
import { getExchangeRateTool } from "../01-first-tool/exchange-rate.ts";
import { calculateTool, MAX_EXPRESSION_LENGTH } from "../02-agent-loop/calculate.ts";
import { createSaveToFileTool } from "../03-saving-files/save-to-file.ts";

export const exchangeRateZodTool = betaZodTool({
  name: getExchangeRateTool.name,
  description: getExchangeRateTool.description,
  inputSchema: z.object({
    from_currency: z.string().describe('ISO code of the currency to convert from, e.g. "USD"'),
    to_currency: z.string().describe('ISO code of the currency to convert to, e.g. "RUB"'),
  }),
  run: (input) => getExchangeRateTool.run(input),
});

export const calculateZodTool = betaZodTool({
  name: calculateTool.name,
  description: calculateTool.description,
  inputSchema: z.object({
    expression: z.string().max(MAX_EXPRESSION_LENGTH).describe('The arithmetic to evaluate, e.g. "500 * 92.5" or "46250 * 15 / 100".'),
  }),
  run: (input) => calculateTool.run(input),
});

export function saveToFileZodTool(workspace: string): BetaRunnableTool<{ filename: string; content: string }> {
  const tool = createSaveToFileTool(workspace);
  return betaZodTool({
    name: tool.name,
    description: tool.description,
    inputSchema: z.object({
      filename: z.string().describe('File name relative to the workspace, e.g. "report.txt" or "reports/usd-rub.txt".'),
      content: z.string().describe("The full text to write (UTF-8). It replaces any earlier content."),
    }),
    run: (input) => tool.run(input),
  });
}

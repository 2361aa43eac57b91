// Which Claude model the lessons ask for. Haiku is the cheapest current model and handles every
// lesson's tasks; set ANTHROPIC_MODEL in .env (or pass --model) to try another one.

export const DEFAULT_MODEL = "claude-haiku-5-5";

export function modelName(): string {
  return process.env.ANTHROPIC_MODEL?.trim() || DEFAULT_MODEL;
}

// Prices in US dollars per million tokens (input, output), for the transcript's cost estimate only.
// Check https://www.anthropic.com/pricing before relying on them.
const PRICES: Array<[family: string, input: number, output: number]> = [
  ["haiku", 1, 5],
  ["sonnet", 3, 15],
  ["opus", 5, 25],
];

export function estimateCost(model: string, inputTokens: number, outputTokens: number): number | undefined {
  const price = PRICES.find(([family]) => model.includes(family));
  if (!price) return undefined;
  return (inputTokens * price[1] + outputTokens * price[2]) / 1_000_000;
}

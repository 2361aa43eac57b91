// Which Claude model the lessons ask for. Haiku is the cheapest current model and handles every
// lesson's tasks; set ANTHROPIC_MODEL in .env (or pass --model) to try another one.

export const DEFAULT_MODEL = "claude-haiku-5-5";

export function modelName(): string {
  return process.env.ANTHROPIC_MODEL?.trim() || DEFAULT_MODEL;
}

// List prices in US dollars per million tokens, for the cost estimates the course prints.
// From each model's overview page (Specifications > Pricing), checked 2026-12-01:
//   https://platform.claude.com/docs/en/models/haiku-5-5/overview   (prices by prompt length)
//   https://platform.claude.com/docs/en/models/sonnet-5-5/overview
//   https://platform.claude.com/docs/en/models/opus-5-5/overview
//   https://platform.claude.com/docs/en/models/fable-5-1/overview
// Prices change: check those pages before relying on a figure. The lesson texts quote figures computed
// from this table, and test/shared/figures.test.ts fails when they no longer match it.
export interface Price {
  input: number;
  output: number;
  cacheWrite5m: number; // writing a prompt prefix to the cache for 5 minutes
  cacheWrite1h: number; // ... for 1 hour
  cacheRead: number; // reading it back (a cache hit)
}

// The pages list cache writes at 1.25x (5 minutes) and 2x (1 hour) the input price, and cache reads at
// 0.1x, except Claude Opus 5.5 (0.05x: $0.20) and Claude Fable 5.1 (0.025x: $0.25), whose pages and the
// pricing page's footnote say so; priced() writes that out once.
function priced(input: number, output: number, cacheRead = input / 10): Price {
  return { input, output, cacheWrite5m: input * 1.25, cacheWrite1h: input * 2, cacheRead };
}

export interface ModelPricing {
  model: string;
  name: string;
  price: Price;
  // A longer prompt is billed at other prices: above `overTokens` prompt tokens, `price` applies instead.
  longPrompt?: { overTokens: number; price: Price };
}

export const PRICING: ModelPricing[] = [
  { model: "claude-haiku-5-5", name: "Claude Haiku 5.5", price: priced(0.1, 0.5), longPrompt: { overTokens: 100_000, price: priced(0.5, 2.5) } },
  { model: "claude-sonnet-5-5", name: "Claude Sonnet 5.5", price: priced(2, 10) },
  { model: "claude-opus-5-5", name: "Claude Opus 5.5", price: priced(4, 20, 0.2) },
  { model: "claude-fable-5-1", name: "Claude Fable 5.1", price: priced(10, 50, 0.25) },
  // Older models still served, from the same pages' comparison tables and their own overview pages.
  { model: "claude-sonnet-5", name: "Claude Sonnet 5", price: priced(2, 10) },
  { model: "claude-opus-5", name: "Claude Opus 5", price: priced(5, 25) },
  { model: "claude-haiku-4-5", name: "Claude Haiku 4.5", price: priced(1, 5) },
];

// A model's entry: its id, or its id with a date snapshot after it (claude-haiku-5-5-20261007).
export function pricingFor(model: string): ModelPricing | undefined {
  return PRICING.find((entry) => model === entry.model || new RegExp(`^${entry.model}-\\d{8}$`).test(model));
}

// The prices one request pays. The prompt is everything the request sends (input tokens, plus the
// tokens written to and read from the cache): its length picks the tier.
export function priceFor(model: string, promptTokens: number): Price | undefined {
  const entry = pricingFor(model);
  if (!entry) return undefined;
  return entry.longPrompt && promptTokens > entry.longPrompt.overTokens ? entry.longPrompt.price : entry.price;
}

export interface CacheTokens {
  write5m?: number;
  write1h?: number;
  read?: number;
}

export function estimateCost(model: string, inputTokens: number, outputTokens: number, cache: CacheTokens = {}): number | undefined {
  const { write5m = 0, write1h = 0, read = 0 } = cache;
  const price = priceFor(model, inputTokens + write5m + write1h + read);
  if (!price) return undefined;
  const dollars =
    inputTokens * price.input +
    outputTokens * price.output +
    write5m * price.cacheWrite5m +
    write1h * price.cacheWrite1h +
    read * price.cacheRead;
  return dollars / 1_000_000;
}

// What one response cost, from its `usage` as the API reports it: the uncached input, the output, and
// the prompt cache's writes (by TTL, from `cache_creation`; all 5-minute when the breakdown is missing)
// and reads. Prompt caching docs: the total input is input_tokens + cache_creation_input_tokens +
// cache_read_input_tokens.
export interface UsageLike {
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens?: number | null;
  cache_read_input_tokens?: number | null;
  cache_creation?: { ephemeral_5m_input_tokens: number; ephemeral_1h_input_tokens: number } | null;
}

// A response's cache tokens, split as they are priced: writes for 5 minutes, writes for 1 hour, reads.
export function cacheTokens(usage: UsageLike): { write5m: number; write1h: number; read: number } {
  const written = usage.cache_creation_input_tokens ?? 0;
  const write1h = usage.cache_creation?.ephemeral_1h_input_tokens ?? 0;
  return { write5m: written - write1h, write1h, read: usage.cache_read_input_tokens ?? 0 };
}

export function usageCost(model: string, usage: UsageLike): number | undefined {
  return estimateCost(model, usage.input_tokens, usage.output_tokens, cacheTokens(usage));
}

// The price table in shared/model.ts: the model pages' prices, tiers by prompt length, cache prices.

import { describe, expect, it } from "vitest";
import { estimateCost, priceFor, pricingFor, usageCost } from "../../shared/model.ts";

describe("shared/model.ts prices", () => {
  it("Haiku 5.5 costs $0.10 / $0.50 per million up to 100,000 prompt tokens, $0.50 / $2.50 above", () => {
    expect(estimateCost("claude-haiku-5-5", 1_000_000, 0)).toBeCloseTo(0.5, 12); // a 1M-token prompt is a long one
    expect(estimateCost("claude-haiku-5-5", 100_000, 1_000_000)).toBeCloseTo(0.01 + 0.5, 12); // exactly 100,000: the short price
    expect(estimateCost("claude-haiku-5-5", 100_001, 1_000_000)).toBeCloseTo((100_001 * 0.5) / 1e6 + 2.5, 12);
  });

  it("the prompt's length counts the cached tokens too, and each kind of token has its price", () => {
    // 60,000 read from the cache + 50,000 new: a 110,000-token prompt, so the long prices apply.
    const long = estimateCost("claude-haiku-5-5", 50_000, 0, { read: 60_000 });
    expect(long).toBeCloseTo((50_000 * 0.5 + 60_000 * 0.05) / 1e6, 12);
    const short = estimateCost("claude-haiku-5-5", 1000, 0, { write5m: 1000, write1h: 1000, read: 1000 });
    expect(short).toBeCloseTo((1000 * 0.1 + 1000 * 0.125 + 1000 * 0.2 + 1000 * 0.01) / 1e6, 12);
  });

  it("Sonnet 5.5, Opus 5.5 and Fable 5.1 have one price whatever the prompt's length", () => {
    expect(priceFor("claude-sonnet-5-5", 900_000)).toMatchObject({ input: 2, output: 10, cacheWrite5m: 2.5, cacheWrite1h: 4, cacheRead: 0.2 });
    expect(priceFor("claude-opus-5-5", 10)).toMatchObject({ input: 4, output: 20, cacheWrite5m: 5, cacheWrite1h: 8 });
    expect(priceFor("claude-fable-5-1", 10)).toMatchObject({ input: 10, output: 50, cacheWrite5m: 12.5, cacheWrite1h: 20 });
  });

  it("cache reads cost a tenth of input, except Opus 5.5 (0.05x, $0.20) and Fable 5.1 (0.025x, $0.25)", () => {
    expect(priceFor("claude-haiku-5-5", 10)?.cacheRead).toBeCloseTo(0.01, 12);
    expect(priceFor("claude-opus-5-5", 10)?.cacheRead).toBeCloseTo(0.2, 12);
    expect(priceFor("claude-fable-5-1", 10)?.cacheRead).toBeCloseTo(0.25, 12);
  });

  it("usageCost prices a response's usage: the uncached input, the output, writes by TTL and reads", () => {
    const usage = {
      input_tokens: 100,
      output_tokens: 50,
      cache_creation_input_tokens: 3000,
      cache_read_input_tokens: 2000,
      cache_creation: { ephemeral_5m_input_tokens: 1000, ephemeral_1h_input_tokens: 2000 },
    };
    expect(usageCost("claude-sonnet-5-5", usage)).toBeCloseTo((100 * 2 + 50 * 10 + 1000 * 2.5 + 2000 * 4 + 2000 * 0.2) / 1e6, 12);
    // Without the breakdown every write is a 5-minute one; null counts as none.
    const plain = { input_tokens: 100, output_tokens: 0, cache_creation_input_tokens: 1000, cache_read_input_tokens: null, cache_creation: null };
    expect(usageCost("claude-sonnet-5-5", plain)).toBeCloseTo((100 * 2 + 1000 * 2.5) / 1e6, 12);
    expect(usageCost("llama-local", plain)).toBeUndefined();
  });

  it("a model is found by its id or a dated snapshot of it, never by a family word", () => {
    expect(pricingFor("claude-haiku-5-5-20261007")?.model).toBe("claude-haiku-5-5");
    expect(pricingFor("claude-sonnet-5")?.model, "claude-sonnet-5 is its own entry, not Sonnet 5.5").toBe("claude-sonnet-5");
    expect(pricingFor("claude-sonnet-5-5")?.model).toBe("claude-sonnet-5-5");
    expect(pricingFor("claude-haiku-3"), "an older Haiku is not priced as Haiku 5.5").toBeUndefined();
    expect(estimateCost("llama-local", 1000, 1000)).toBeUndefined();
  });
});

// get_exchange_rate, now able to ask a real service. A tool that talks to the network is the one that
// hangs, fails, or answers garbage, so this one has a timeout of its own, falls back to the fixed demo
// rates when the service lets it down, and always says which source answered.
//
// Live rates are opt-in: set LIVE_RATES_URL to a service that answers GET {url}/{FROM} with JSON like
// {"rates":{"RUB":92.1,"EUR":0.91}} (the shape of open.er-api.com's /v6/latest/USD). Without it, or
// when the service fails, the demo table answers.

import type { ContractTool } from "../04-tool-contract/contract.ts";
import type { SafetyFacts } from "./declare-safety.ts";
import { exchangeRateTool, type RateData } from "../04-tool-contract/exchange-rate.ts";

export interface LiveRatesOptions {
  // Base URL of the rates service; undefined means demo rates only.
  url?: string;
  // How long to wait for the service before falling back.
  timeoutMs?: number;
  // A pause before the demo table answers, standing in for a network round trip so that parallel
  // calls can be seen overlapping in the lesson. 0 in tests.
  demoLatencyMs?: number;
  fetch?: typeof fetch;
}

export const LIVE_TIMEOUT_MS = 2_000;

export function createExchangeRateTool(
  options: LiveRatesOptions = {},
): ContractTool<{ from_currency: string; to_currency: string }, RateData> & SafetyFacts {
  const { url, timeoutMs = LIVE_TIMEOUT_MS, demoLatencyMs = 0 } = options;
  const fetchImpl = options.fetch ?? globalThis.fetch;
  return {
    ...exchangeRateTool,
    description:
      "Look up how many units of to_currency one unit of from_currency buys. " +
      "Use it whenever an answer depends on an exchange rate; for several pairs, ask for all of them at once. " +
      "It does not convert amounts: multiply the rate by the amount with calculate. " +
      'Returns {"from","to","rate","source"}; source says whether a live service or the fixed demo table answered. ' +
      "Only USD, EUR, RUB and BTC are supported.",
    // Reading a rate changes nothing, so any number of lookups may run at once.
    readOnly: true,
    concurrencySafe: true,
    // Longer than the service's own timeout, so the fallback has time to answer.
    timeoutMs: timeoutMs + 1_000,
    async run(input, signal) {
      const demo = async (why: string): Promise<RateData> => {
        await pause(demoLatencyMs, signal);
        return { ...(await exchangeRateTool.run(input)), source: `demo table (${why})` };
      };
      if (!url) return demo("set LIVE_RATES_URL for live rates");
      try {
        const rate = await fetchLiveRate(fetchImpl, url, input.from_currency, input.to_currency, timeoutMs, signal);
        return { from: input.from_currency, to: input.to_currency, rate, source: `live: ${new URL(url).host}` };
      } catch (error) {
        if (signal?.aborted) throw error;
        return demo(`the live service failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    },
  };
}

export async function fetchLiveRate(
  fetchImpl: typeof fetch,
  url: string,
  from: string,
  to: string,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<number> {
  if (from === to) return 1;
  // Our own deadline, joined with the executor's: whichever fires first stops the request.
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  const stop = () => controller.abort(signal?.reason);
  signal?.addEventListener("abort", stop, { once: true });
  try {
    const response = await fetchImpl(`${url.replace(/\/+$/, "")}/${encodeURIComponent(from)}`, { signal: controller.signal });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const body = (await response.json()) as { rates?: Record<string, unknown> };
    const rate = body.rates?.[to];
    if (typeof rate !== "number" || !Number.isFinite(rate) || rate <= 0) throw new Error(`no ${from}/${to} rate in the answer`);
    return rate;
  } catch (error) {
    // fetch reports an abort as "This operation was aborted"; the reason we gave says more.
    if (controller.signal.aborted && controller.signal.reason instanceof Error) throw controller.signal.reason;
    throw error;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", stop);
  }
}

function pause(ms: number, signal?: AbortSignal): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

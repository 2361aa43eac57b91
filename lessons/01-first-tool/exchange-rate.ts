// get_exchange_rate: the course's first tool. The rates are a fixed demo table, so every run gives
// the same answer and needs no network.

import type { Tool } from "./tool.ts";

export const DEMO_RATES: Record<string, number> = {
  "USD/RUB": 92.5,
  "EUR/RUB": 100.3,
  "USD/EUR": 0.92,
  "BTC/USD": 67000,
};

export const SUPPORTED_CURRENCIES = ["USD", "EUR", "RUB", "BTC"];

export interface ExchangeRate {
  from: string;
  to: string;
  rate: number;
  note: string;
}

function normalizeCode(value: unknown, field: string): string {
  const code = String(value ?? "").trim().toUpperCase();
  if (!SUPPORTED_CURRENCIES.includes(code)) {
    // The message goes to the model: say what was wrong and what to send instead.
    throw new Error(
      `${field} '${String(value)}' is not supported. Use one of ${SUPPORTED_CURRENCIES.join(", ")} (ISO codes, e.g. "USD").`,
    );
  }
  return code;
}

export function getExchangeRate(fromCurrency: unknown, toCurrency: unknown): ExchangeRate {
  const from = normalizeCode(fromCurrency, "from_currency");
  const to = normalizeCode(toCurrency, "to_currency");
  const note = "demo rate, not live";
  if (from === to) return { from, to, rate: 1, note };

  const direct = DEMO_RATES[`${from}/${to}`];
  if (direct !== undefined) return { from, to, rate: direct, note };
  const inverse = DEMO_RATES[`${to}/${from}`];
  if (inverse !== undefined) return { from, to, rate: Number((1 / inverse).toPrecision(6)), note };

  throw new Error(
    `There is no demo rate for ${from}/${to}. Available pairs (either direction): ${Object.keys(DEMO_RATES).join(", ")}.`,
  );
}

export const getExchangeRateTool: Tool<{ from_currency: string; to_currency: string }> = {
  name: "get_exchange_rate",
  description:
    "Get the exchange rate between two currencies: how many units of to_currency one unit of from_currency buys. " +
    "Use it whenever the user asks about a rate or a conversion; do not guess rates from memory. " +
    "Returns JSON like {\"from\":\"USD\",\"to\":\"RUB\",\"rate\":92.5}. The rates are a fixed demo table, not live " +
    "market data. Supported: USD, EUR, RUB, BTC. It does not multiply amounts: for 500 USD, multiply the rate yourself.",
  input_schema: {
    type: "object",
    properties: {
      from_currency: { type: "string", description: "ISO code of the currency to convert from, e.g. \"USD\"" },
      to_currency: { type: "string", description: "ISO code of the currency to convert to, e.g. \"RUB\"" },
    },
    required: ["from_currency", "to_currency"],
  },
  run(input) {
    return JSON.stringify(getExchangeRate(input.from_currency, input.to_currency));
  },
};

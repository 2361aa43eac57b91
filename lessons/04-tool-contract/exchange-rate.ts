// get_exchange_rate as a contract. Same function as lesson 01 (imported, not copied); what changed is
// everything the model reads and everything it gets back:
//   - the description is a set of rules: what, when (and when not), what comes back, how it fails;
//   - the currencies are an enum, so a wrong code is caught before our code runs;
//   - every field has a description and an example; no other fields are accepted;
//   - the result is compact data in the envelope, and a missing pair says how to get there anyway.

import { getExchangeRate, SUPPORTED_CURRENCIES } from "../01-first-tool/exchange-rate.ts";
import { ToolError, type ContractTool } from "./contract.ts";

export interface RateData {
  from: string;
  to: string;
  rate: number;
  source: string;
}

export const exchangeRateTool: ContractTool<{ from_currency: string; to_currency: string }, RateData> = {
  name: "get_exchange_rate",
  description:
    "Look up how many units of to_currency one unit of from_currency buys. " +
    "Use it whenever an answer depends on an exchange rate; never state a rate from memory. " +
    "It does not convert amounts: multiply the rate by the amount with calculate. " +
    'Returns {"from","to","rate","source"}; the rates are a fixed demo table, not live market data. ' +
    "Only USD, EUR, RUB and BTC are supported; a pair with no demo rate fails with the two lookups that reach it.",
  input_schema: {
    type: "object",
    properties: {
      from_currency: {
        type: "string",
        enum: SUPPORTED_CURRENCIES,
        description: "ISO code of the currency you have, in capitals",
        examples: ["USD"],
      },
      to_currency: {
        type: "string",
        enum: SUPPORTED_CURRENCIES,
        description: "ISO code of the currency you want, in capitals",
        examples: ["RUB"],
      },
    },
    required: ["from_currency", "to_currency"],
    additionalProperties: false,
  },
  run(input) {
    try {
      const { from, to, rate } = getExchangeRate(input.from_currency, input.to_currency);
      return { from, to, rate, source: "demo table" };
    } catch (error) {
      // The schema already vouched for both codes, so the only failure left is a pair the table lacks.
      throw new ToolError(
        `There is no demo rate for ${input.from_currency}/${input.to_currency}. Go through USD: get ` +
          `${input.from_currency}/USD and USD/${input.to_currency}, then multiply the two rates with calculate. ` +
          `(${error instanceof Error ? error.message : String(error)})`,
      );
    }
  },
};

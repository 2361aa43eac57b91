// Exercise 04 (b): three tool definitions that work, but that a model would use badly. Rewrite what
// the model reads (name, description, input_schema) until each passes the lesson's lint
// (lessons/04-tool-contract/lint-tool.ts). Leave the run functions as they are: they are the contract
// you are describing. Check your work with: npm run check 4

import type { ContractTool } from "../../lessons/04-tool-contract/contract.ts";
import { ToolError } from "../../lessons/04-tool-contract/contract.ts";

export const UNITS = ["celsius", "fahrenheit"];
export const MAX_FORECAST_DAYS = 7;
export const ORDER_STATUSES = ["pending", "shipped", "delivered"];
export const MAX_ORDERS = 50;
export const LANGUAGES = ["en", "ru", "de"];
export const FORMALITY = ["formal", "informal"];

// TODO 4: a verb_noun name; a description that says what it does, when to use it and what it returns;
// `city` described; `units` as an enum; `days` with a range; only `city` required (the others have defaults).
export const forecastTool: ContractTool<{ city: string; units?: string; days?: number }> = {
  name: "weather",
  description: "Weather tool.",
  input_schema: {
    type: "object",
    properties: {
      city: { type: "string" },
      units: { type: "string", description: "either celsius or fahrenheit, default celsius" },
      days: { type: "integer", description: "how many days, default 3" },
    },
    required: ["city", "units", "days"],
  },
  run({ city, units = "celsius", days = 3 }) {
    if (!UNITS.includes(units)) throw new ToolError(`units must be one of ${UNITS.join(", ")}.`);
    const base = units === "celsius" ? 18 : 64;
    return { city, units, days: Array.from({ length: days }, (_, i) => ({ day: i + 1, high: base + i })) };
  },
};

// TODO 5: the name is fine. Say what it returns and when to use it; `status` as an enum (leaving it
// out means every status); `limit` described, with a range of 1 to MAX_ORDERS; only the email required.
export const ordersTool: ContractTool<{ customer_email: string; status?: string; limit?: number }> = {
  name: "search_orders",
  description: "Searches orders.",
  input_schema: {
    type: "object",
    properties: {
      customer_email: { type: "string", description: "email address of the customer" },
      status: { type: "string", description: "one of pending, shipped, delivered" },
      limit: { type: "integer" },
    },
    required: ["customer_email", "status", "limit"],
  },
  run({ customer_email, status, limit = 10 }) {
    const orders = ORDER_STATUSES.map((s, i) => ({ id: `A-10${i}`, status: s, total: 20 + i * 5 }));
    const matching = status ? orders.filter((o) => o.status === status) : orders;
    return { customer_email, orders: matching.slice(0, limit) };
  },
};

// TODO 6: a verb_noun name; a description (what, when, returns); `text` described properly;
// `target_language` and `formality` as enums; `formality` is optional.
export const translateTool: ContractTool<{ text: string; target_language: string; formality?: string }> = {
  name: "translator",
  description: "Translates.",
  input_schema: {
    type: "object",
    properties: {
      text: { type: "string", description: "text" },
      target_language: { type: "string", description: "allowed values: en, ru, de" },
      formality: { type: "string", description: "either formal or informal (optional)" },
    },
    required: ["text", "target_language", "formality"],
  },
  run({ text, target_language, formality = "formal" }) {
    if (!LANGUAGES.includes(target_language)) throw new ToolError(`target_language must be one of ${LANGUAGES.join(", ")}.`);
    return { text, target_language, formality, translation: `[${target_language}] ${text}` };
  },
};

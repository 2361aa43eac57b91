// Reference solution for exercise 04 (b): the three tool definitions, rewritten as contracts.

import type { ContractTool } from "../../lessons/04-tool-contract/contract.ts";
import { ToolError } from "../../lessons/04-tool-contract/contract.ts";

// Stryker disable all: the constants and every run() are given, the same in the starter; the learner
// writes only what the model reads. Mutating given code measures nothing the checks are for.
export const UNITS = ["celsius", "fahrenheit"];
export const MAX_FORECAST_DAYS = 7;
export const ORDER_STATUSES = ["pending", "shipped", "delivered"];
export const MAX_ORDERS = 50;
export const LANGUAGES = ["en", "ru", "de"];
export const FORMALITY = ["formal", "informal"];
// Stryker restore all

export const forecastTool: ContractTool<{ city: string; units?: string; days?: number }> = {
  name: "get_forecast",
  description:
    "Get the daily weather forecast for one city. " +
    "Use it when the user asks about the weather today or in the coming days; it has no past weather. " +
    'Returns {"city","units","days":[{"day","high"}]}, one entry per day starting today. ' +
    "An unknown city or a value outside the schema fails with an error that says what to send.",
  input_schema: {
    type: "object",
    properties: {
      city: { type: "string", description: "City name in English", examples: ["Berlin"] },
      units: { type: "string", enum: UNITS, description: "Temperature scale; leave it out for celsius" },
      days: {
        type: "integer",
        minimum: 1,
        maximum: MAX_FORECAST_DAYS,
        description: "How many days ahead, counting today; leave it out for 3",
        examples: [3],
      },
    },
    required: ["city"],
    additionalProperties: false,
  },
  // Stryker disable all: given (see above)
  run({ city, units = "celsius", days = 3 }) {
    if (!UNITS.includes(units)) throw new ToolError(`units must be one of ${UNITS.join(", ")}.`);
    const base = units === "celsius" ? 18 : 64;
    return { city, units, days: Array.from({ length: days }, (_, i) => ({ day: i + 1, high: base + i })) };
  },
  // Stryker restore all
};

export const ordersTool: ContractTool<{ customer_email: string; status?: string; limit?: number }> = {
  name: "search_orders",
  description:
    "Find a customer's orders by their email address, newest first. " +
    "Use it when the user asks about a customer's orders, deliveries or what they bought. " +
    'Returns {"customer_email","orders":[{"id","status","total"}]}; an empty list means no such orders. ' +
    "It only reads: it never changes or cancels an order.",
  input_schema: {
    type: "object",
    properties: {
      customer_email: {
        type: "string",
        description: "The customer's email address",
        examples: ["anna@example.com"],
      },
      status: { type: "string", enum: ORDER_STATUSES, description: "Only orders in this state; leave it out for all" },
      limit: {
        type: "integer",
        minimum: 1,
        maximum: MAX_ORDERS,
        description: "The most orders to return; leave it out for 10",
        examples: [10],
      },
    },
    required: ["customer_email"],
    additionalProperties: false,
  },
  // Stryker disable all: given (see above)
  run({ customer_email, status, limit = 10 }) {
    const orders = ORDER_STATUSES.map((s, i) => ({ id: `A-10${i}`, status: s, total: 20 + i * 5 }));
    const matching = status ? orders.filter((o) => o.status === status) : orders;
    return { customer_email, orders: matching.slice(0, limit) };
  },
  // Stryker restore all
};

export const translateTool: ContractTool<{ text: string; target_language: string; formality?: string }> = {
  name: "translate_text",
  description:
    "Translate a short text into English, Russian or German. " +
    "Use it when the user asks for a translation; do not use it to detect a language or to correct grammar. " +
    'Returns {"text","target_language","formality","translation"}. ' +
    "Texts in any language are accepted; a target outside the enum fails with the list of targets.",
  input_schema: {
    type: "object",
    properties: {
      text: { type: "string", description: "The text to translate, as the user wrote it", examples: ["Good morning"] },
      target_language: { type: "string", enum: LANGUAGES, description: "ISO 639-1 code of the language to translate into" },
      formality: { type: "string", enum: FORMALITY, description: "The tone of the translation; leave it out for formal" },
    },
    required: ["text", "target_language", "formality"],
    additionalProperties: false,
  },
  // Stryker disable all: given (see above)
  run({ text, target_language, formality = "formal" }) {
    if (!LANGUAGES.includes(target_language)) throw new ToolError(`target_language must be one of ${LANGUAGES.join(", ")}.`);
    return { text, target_language, formality, translation: `[${target_language}] ${text}` };
  },
  // Stryker restore all
};

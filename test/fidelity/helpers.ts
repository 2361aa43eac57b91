// Shared by test/fidelity/: clients on the offline and mock models, and a way to read a refusal.
// Each test in this folder checks one rule of the real API, and its comment names the source.

import Anthropic from "@anthropic-ai/sdk";
import { expect } from "vitest";
import { getExchangeRateTool } from "../../lessons/01-first-tool/exchange-rate.ts";
import { toolDefinitions } from "../../lessons/01-first-tool/tool.ts";
import { calculateTool } from "../../lessons/02-agent-loop/calculate.ts";
import { createMockModel, reply } from "../../shared/mock/mock-model.ts";
import { createOfflineFetch } from "../../shared/offline/offline-model.ts";

export const MODEL = "claude-haiku-5-5";
export const TOOLS = toolDefinitions([getExchangeRateTool, calculateTool]);
export type Params = Anthropic.MessageCreateParamsNonStreaming;
export type ApiError = InstanceType<typeof Anthropic.APIError>;

export function offlineClient(): Anthropic {
  return new Anthropic({ apiKey: "offline", baseURL: "http://offline.invalid", fetch: createOfflineFetch({ learnerLang: "en" }), maxRetries: 0 });
}

export const ask = (text: string): Anthropic.MessageParam => ({ role: "user", content: text });

export function request(overrides: Partial<Params> = {}): Params {
  return { model: MODEL, max_tokens: 1024, tools: TOOLS, messages: [ask("How much are 100 USD in RUB?")], ...overrides };
}

// The SDK's error for a request the fake API must refuse (offline by default).
export async function refusal(params: Params, client: Anthropic = offlineClient()): Promise<ApiError> {
  const error = await client.messages.create(params).catch((e: unknown) => e);
  expect(error, `expected a refusal, got an answer for ${JSON.stringify(params).slice(0, 200)}`).toBeInstanceOf(Anthropic.APIError);
  return error as ApiError;
}

export async function expectRefused(params: Params, status: number, message: string, client?: Anthropic): Promise<void> {
  const error = await refusal(params, client);
  expect({ status: error.status, message: error.apiMessage }).toEqual({ status, message });
}

// A mock that answers once with plain text: for requests that must pass the checks.
export function acceptingMock() {
  return createMockModel([reply.text("ok")]);
}

// One client type for every model: real Claude, the offline demo model and the test mock are all an
// `Anthropic` client from the official SDK. Only the `fetch` underneath differs.

import Anthropic, { type Middleware } from "@anthropic-ai/sdk";
import dotenv from "dotenv";
import { createOfflineFetch } from "./offline/offline-model.ts";

export type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;
export type ClientMode = "claude" | "offline";

export interface ClientOptions {
  // Use the offline demo model even when a key is set.
  offline?: boolean;
  // Wraps the fetch the client uses, e.g. to show the traffic in the terminal.
  wrapFetch?: (fetch: Fetch) => Fetch;
  // A built-in model to use whatever the settings say (lesson 04's troublemaker drill).
  builtInModel?: Fetch;
  // Only for a real server: SDK middleware and a wrapper of the network fetch (shared/real-model/guard.ts:
  // timeout, spinner, answer check, budget).
  realModelGuard?: { middleware: Middleware; wrapNetwork: (fetch: Fetch) => Fetch };
}

export interface CourseClient {
  client: Anthropic;
  mode: ClientMode;
}

// Secrets come only from the environment; .env is a convenience that fills the environment.
dotenv.config({ quiet: true });

export function createClient(options: ClientOptions = {}): CourseClient {
  const wrap = options.wrapFetch ?? ((f: Fetch) => f);
  if (options.builtInModel) {
    const client = new Anthropic({
      apiKey: "offline-demo",
      baseURL: "http://built-in-model.invalid",
      fetch: wrap(options.builtInModel),
      maxRetries: 0,
    });
    return { client, mode: "offline" };
  }
  const apiKey = process.env.ANTHROPIC_API_KEY?.trim();
  const baseURL = process.env.ANTHROPIC_BASE_URL?.trim();
  if ((apiKey || baseURL) && !options.offline) {
    // The SDK reads ANTHROPIC_BASE_URL itself. Local servers (Ollama, LM Studio) ignore the key,
    // so one may be left out when a base URL is set.
    const guard = options.realModelGuard;
    const network = guard ? guard.wrapNetwork(globalThis.fetch) : globalThis.fetch;
    const client = new Anthropic({ apiKey: apiKey || "local-server", fetch: wrap(network), ...(guard && { middleware: [guard.middleware] }) });
    return { client, mode: "claude" };
  }
  const client = new Anthropic({
    apiKey: "offline-demo",
    baseURL: "http://offline-demo-model.invalid",
    // Streamed answers come a piece at a time; on a terminal, slowly enough to watch them arrive.
    fetch: wrap(createOfflineFetch({ streamDelayMs: process.stdout.isTTY ? 12 : 0 })),
    maxRetries: 0,
  });
  return { client, mode: "offline" };
}

// Whether a client answers with a model built into the course (the offline demo model, lesson 04's
// built-in one) rather than a server: their addresses end in ".invalid", a name reserved so that it
// never reaches a real host (RFC 2606). Such a model costs nothing.
export function isOfflineClient(client: Anthropic): boolean {
  try {
    return new URL(client.baseURL).hostname.endsWith(".invalid");
  } catch {
    return false;
  }
}

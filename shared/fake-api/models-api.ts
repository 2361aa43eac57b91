// GET /v1/models and /v1/models/{id} for the fake models, so `client.models.list()` and
// `client.models.retrieve()` work offline. Shape and paging: the SDK's `ModelInfo` and `Page` types
// (resources/models.ts, core/pagination.ts): `data`, `has_more`, `first_id`, `last_id`; "more recently
// released models are listed first"; `retrieve` resolves an alias to the model's id.
// Loaded only when a models path is asked for (receive-request.ts).

import type Anthropic from "@anthropic-ai/sdk";
import { KNOWN_MODELS } from "./known-models.ts";
import { maxOutputTokens } from "./model-rules.ts";
import { errorResponse } from "./responses.ts";

// Facts the model pages give (API_FACTS.md, "Claude as it is in December 2026"): today's four models have
// a 1M-token context; Haiku 5.5 was released 2026-10-07. Where a figure is not known the field is null,
// and a release date the SDK's epoch value ("May be set to an epoch value if the release date is unknown").
const CONTEXT_1M = new Set(["claude-haiku-5-5", "claude-sonnet-5-5", "claude-opus-5-5", "claude-fable-5-1"]);
const RELEASED: Record<string, string> = { "claude-haiku-5-5": "2026-10-07T00:00:00Z" };
const EPOCH = "1970-01-01T00:00:00Z";
const LINES: readonly Anthropic.ModelLine[] = ["haiku", "sonnet", "opus", "fable", "mythos"];

// An alias and its dated id name one model: the list shows the dated id.
function aliasOf(id: string): string | null {
  const match = /^(.*)-\d{8}$/.exec(id);
  return match ? match[1]! : null;
}

const CATALOGUE: string[] = [...KNOWN_MODELS].filter((name) => ![...KNOWN_MODELS].some((other) => aliasOf(other) === name));

function displayName(id: string): string {
  const words = (aliasOf(id) ?? id).replace(/^claude-/, "").split("-");
  const name = words.filter((w) => !/^\d+$/.test(w)).map((w) => w[0]!.toUpperCase() + w.slice(1));
  const version = words.filter((w) => /^\d+$/.test(w)).join(".");
  return ["Claude", ...name, version].filter(Boolean).join(" ");
}

function modelInfo(id: string): Anthropic.ModelInfo {
  const alias = aliasOf(id) ?? id;
  return {
    type: "model",
    id,
    display_name: displayName(id),
    created_at: RELEASED[alias] ?? EPOCH,
    lifecycle: "active",
    deprecated_at: null,
    retires_at: null,
    line: LINES.find((line) => alias.includes(`-${line}`)) ?? null,
    max_input_tokens: CONTEXT_1M.has(alias) ? 1_000_000 : null,
    max_tokens: maxOutputTokens(id),
    // The capability table is not emulated (docs/API_FIDELITY.md); the type allows null.
    capabilities: null,
  };
}

function json(body: unknown): Response {
  return new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });
}

export function answerModels(url: URL): Response {
  const id = decodeURIComponent(url.pathname.slice("/v1/models/".length));
  if (url.pathname !== "/v1/models") {
    const found = CATALOGUE.find((name) => name === id || aliasOf(name) === id);
    // The API's 404 for an unknown model names it the same way a Messages request does.
    return found ? json(modelInfo(found)) : errorResponse(404, `model: ${id}`);
  }
  const limit = Number(url.searchParams.get("limit") ?? 20);
  if (!Number.isInteger(limit) || limit < 1) return errorResponse(400, "limit: Input should be greater than or equal to 1");
  if (limit > 1000) return errorResponse(400, "limit: Input should be less than or equal to 1000");
  // Every model here is active: a list asked only for deprecated or retired ones is empty.
  const stages = [...url.searchParams].filter(([key]) => key.startsWith("lifecycle")).flatMap(([, value]) => value.split(","));
  const listed = stages.length === 0 || stages.includes("active") ? CATALOGUE : [];
  const after = url.searchParams.get("after_id");
  const before = url.searchParams.get("before_id");
  let start = 0;
  let end = listed.length;
  if (after !== null) start = listed.indexOf(after) + 1 || listed.length;
  if (before !== null) end = Math.max(0, listed.indexOf(before));
  // Paging backwards (before_id) takes the page just before that id.
  const backwards = before !== null && after === null;
  const page = backwards ? listed.slice(Math.max(start, end - limit), end) : listed.slice(start, Math.min(end, start + limit));
  const first = listed.indexOf(page[0] ?? "");
  const hasMore = page.length > 0 && (backwards ? first > start : first + page.length < end);
  return json({ data: page.map(modelInfo), has_more: hasMore, first_id: page[0] ?? null, last_id: page.at(-1) ?? null });
}

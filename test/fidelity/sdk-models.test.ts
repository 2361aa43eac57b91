// client.models.list() / retrieve() against the offline model, through the public SDK only. Source: the
// SDK's own types and paging (node_modules/@anthropic-ai/sdk/src/resources/models.ts, "More recently
// released models are listed first", `retrieve` resolves an alias; core/pagination.ts: data, has_more,
// first_id, last_id, after_id/before_id); the catalogue is shared/fake-api/known-models.ts, the figures
// API_FACTS.md ("Claude as it is in December 2026").

import Anthropic from "@anthropic-ai/sdk";
import { describe, expect, it } from "vitest";
import { createClient } from "../../shared/client.ts";
import { KNOWN_MODELS } from "../../shared/fake-api/known-models.ts";
import { DEFAULT_MODEL } from "../../shared/model.ts";

const client = () => createClient({ offline: true }).client;

describe("models.list and models.retrieve offline", () => {
  it("lists today's catalogue, newest first, across pages the SDK follows itself", async () => {
    const ids: string[] = [];
    for await (const model of client().models.list({ limit: 5 })) ids.push(model.id);
    expect(ids[0]).toBe("claude-fable-5-2");
    expect(ids).toContain(DEFAULT_MODEL);
    // Dated ids stand for their aliases; every listed id is a model the Messages API takes.
    expect(ids).toContain("claude-haiku-4-5-20251001");
    expect(ids).not.toContain("claude-haiku-4-5");
    expect(ids.every((id) => KNOWN_MODELS.has(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("a page carries the paging fields the SDK reads", async () => {
    const page = await client().models.list({ limit: 2 });
    expect(page.data.map((m) => m.id)).toEqual(["claude-fable-5-2", "claude-mythos-5-2"]);
    expect({ has_more: page.has_more, first_id: page.first_id, last_id: page.last_id }).toEqual({
      has_more: true,
      first_id: "claude-fable-5-2",
      last_id: "claude-mythos-5-2",
    });
    const next = await page.getNextPage();
    expect(next.data[0]!.id).toBe("claude-haiku-5-5");
    const back = await client().models.list({ limit: 1, before_id: "claude-haiku-5-5" });
    expect(back.data.map((m) => m.id)).toEqual(["claude-mythos-5-2"]);
    expect(back.has_more).toBe(true);
  });

  it("retrieve gives the model's facts and resolves an alias to its id", async () => {
    const haiku = await client().models.retrieve(DEFAULT_MODEL);
    expect(haiku).toMatchObject({
      type: "model",
      id: "claude-haiku-5-5",
      display_name: "Claude Haiku 5.5",
      created_at: "2026-10-07T00:00:00Z",
      lifecycle: "active",
      line: "haiku",
      max_input_tokens: 1_000_000,
      max_tokens: 128_000,
    });
    const old = await client().models.retrieve("claude-haiku-4-5");
    expect(old).toMatchObject({ id: "claude-haiku-4-5-20251001", display_name: "Claude Haiku 4.5", max_tokens: 64_000 });
  });

  // The model deprecations page: a retired model is gone; the Messages API answers 404 `model: <name>`.
  it("an unknown or retired model is a 404", async () => {
    const error = await client().models.retrieve("claude-3-opus-20240229").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Anthropic.NotFoundError);
    expect((error as InstanceType<typeof Anthropic.APIError>).message).toContain("model: claude-3-opus-20240229");
  });
});

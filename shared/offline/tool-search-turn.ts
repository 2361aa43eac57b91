// The offline model with deferred tools (`defer_loading: true`, lesson 12). It plans with the tools in
// its context: the ones not deferred and the deferred ones a search has already returned. When the task
// needs a kind of tool it cannot see, it searches for one:
//   - with a server tool search tool offered, the API runs the search within the turn: the answer holds
//     a server_tool_use block, then the tool_search_tool_result the fake API found, then the call to the
//     tool found, all in one response (docs: "Tool search tool", Response format);
//   - with a client tool whose description says it searches for tools, the model calls it with a query
//     made from the task; its tool_result lists tool_reference blocks, and from then on those tools are
//     in the context (docs: "Tool search tool", Custom tool search implementation).
// What to search for comes from the kind of tool the task needs (the capability the offline model knows,
// tool-choice/capabilities.ts), never from the deferred tools' own text: the model cannot see that.
// Loaded only for a request that defers a tool.

import type Anthropic from "@anthropic-ai/sdk";
import { foundToolNames, inContext, isDeferred, unfoundTools } from "../fake-api/deferred-tools.ts";
import { newId, type ContentBlock } from "../fake-api/responses.ts";
import { MAX_PATTERN_CHARS, MAX_QUERY_CHARS, runToolSearch, searchVariant, type SearchVariant } from "../fake-api/tool-search.ts";
import type { PlanRequest } from "./offline-model.ts";
import type { MessagesRequest, Plan, PlanContext } from "./plan-context.ts";
import type { Capability } from "./tool-choice/capabilities.ts";
import { chooseTools } from "./tool-choice/match-tools.ts";

type Planned = { ctx: PlanContext; plan: Plan; searched: ContentBlock[] } | { bug: string };

// "Searches the tool catalogue", "finds tools for a task", "ищет инструменты": a client tool that says it
// finds other tools. The model reads this from the description, never from the tool's name.
const FINDS_TOOLS = [
  /\b(search|find|discover|look(?:s|ing)? up|locat)\w*\b[^.]*\btools?\b/i,
  /\btools?\b[^.]*\b(search|find|discover|match)\w*/i,
  /(ищ|поиск|найд|наход|подбира)[^.]*инструмент/i,
  /инструмент[^.]*(ищ|поиск|найд|наход|подбира)/i,
];

export function findsTools(tool: Anthropic.Tool): boolean {
  return FINDS_TOOLS.some((re) => re.test(tool.description ?? ""));
}

export async function planWithDeferredTools(request: MessagesRequest, planFor: PlanRequest): Promise<Planned> {
  const tools = request.tools ?? [];
  const clientSearch = tools.find((tool): tool is Anthropic.Tool => "input_schema" in tool && !isDeferred(tool) && findsTools(tool));
  const serverSearch = tools.map((tool) => ({ tool, variant: searchVariant(tool) })).find((entry) => entry.variant && !isDeferred(entry.tool));
  // The search tools are the model's own means of finding tools: the skills plan without them.
  const others = (tool: Anthropic.ToolUnion) => tool !== clientSearch && tool !== serverSearch?.tool;
  const context = inContext(request);
  const seen = { ...context, tools: context.tools?.filter(others) };

  const first = await planFor(seen);
  if ("bug" in first || "call" in first.plan) return withSearched(first, []);
  const unfound = unfoundTools(request);
  const wanted = await wantedTool(request, unfound, others, planFor);
  if (!wanted) return withSearched(first, []);
  const capability = chooseTools([wanted]).chosen[0]?.capability;
  if (!capability) return withSearched(first, []);

  if (serverSearch?.variant) {
    const name = (serverSearch.variant === "regex" ? "tool_search_tool_regex" : "tool_search_tool_bm25") satisfies Anthropic.ServerToolUseBlockParam["name"];
    const input = searchInput(serverSearch.variant, capability, first.ctx);
    if (alreadySearched(request, name, input)) return withSearched(notFound(first, capability), []);
    const id = newId("srvtoolu");
    const result = runToolSearch(serverSearch.variant, input, unfound);
    const searched: ContentBlock[] = [
      { type: "server_tool_use", id, name, input },
      { type: "tool_search_tool_result", tool_use_id: id, content: result },
    ];
    const found = new Set(result.type === "tool_search_tool_search_result" ? result.tool_references.map((r) => r.tool_name) : []);
    const before = foundToolNames(request.messages);
    const visible = (tool: Anthropic.ToolUnion) => !isDeferred(tool) || ("name" in tool && (found.has(tool.name) || before.has(tool.name)));
    const after = await planFor({ ...seen, tools: (request.tools ?? []).filter(others).filter(visible) });
    if ("bug" in after || "call" in after.plan) return withSearched(after, searched);
    return withSearched(notFound(after, capability), searched);
  }
  if (clientSearch) {
    const input = clientSearchInput(clientSearch, capability, first.ctx);
    if (alreadySearched(request, clientSearch.name, input)) return withSearched(notFound(first, capability), []);
    return withSearched({ ctx: first.ctx, plan: { call: [{ name: clientSearch.name, input }] } }, []);
  }
  return withSearched(first, []);
}

function withSearched(planned: { ctx: PlanContext; plan: Plan } | { bug: string }, searched: ContentBlock[]): Planned {
  return "bug" in planned ? planned : { ...planned, searched };
}

// The deferred tool the task needs, if it needs one the model has not seen: the plan the model would
// make if every tool were in its context, read for a call to a tool still hidden.
async function wantedTool(
  request: MessagesRequest,
  unfound: Anthropic.Tool[],
  others: (tool: Anthropic.ToolUnion) => boolean,
  planFor: PlanRequest,
): Promise<Anthropic.Tool | undefined> {
  if (unfound.length === 0) return undefined;
  const everything = await planFor({ ...request, tools: (request.tools ?? []).filter(others) });
  if ("bug" in everything || !("call" in everything.plan)) return undefined;
  const calls = everything.plan.call;
  return unfound.find((tool) => calls.some((call) => call.name === tool.name));
}

// What the model searches for: the kind of tool it needs, in the words it knows for it.
//   regex: every required concept of the capability, in either order ("\b(?:currenc|exchange)...rate\b")
//   bm25:  what such a tool does, then the task, as natural language
function searchInput(variant: SearchVariant, capability: Capability, ctx: PlanContext): Record<string, string> {
  if (variant === "bm25") return { query: `${capability.does.en}: ${ctx.task}`.slice(0, MAX_QUERY_CHARS) };
  return { pattern: conceptPattern(capability) };
}

function conceptPattern(capability: Capability): string {
  const parts = capability.concepts
    .filter((concept) => concept.required)
    .map((concept) => concept.stems.filter((stem) => /^[a-z]+\$?$/.test(stem)).map((stem) => `\\b${stem.replace(/\$$/, "\\b")}`))
    .filter((stems) => stems.length > 0)
    .map((stems) => `(?:${stems.join("|")})`);
  const [a, b] = parts;
  const pattern = a === undefined ? capability.id : b === undefined ? a : `${a}.*${b}|${b}.*${a}`;
  return pattern.length <= MAX_PATTERN_CHARS ? pattern : (a ?? capability.id).slice(0, MAX_PATTERN_CHARS);
}

// The query (what the needed tool does, then the task) goes in the property that asks for one ("query",
// "search", "запрос"...), else the first required string; what else the schema requires gets its
// default or an empty value.
function clientSearchInput(tool: Anthropic.Tool, capability: Capability, ctx: PlanContext): Record<string, unknown> {
  const properties = (tool.input_schema.properties ?? {}) as Record<string, { type?: unknown; description?: unknown; default?: unknown; enum?: unknown[] }>;
  // A choice from a list (a mode, a sort order) is not where a query goes.
  const strings = Object.entries(properties).filter(([, p]) => (p?.type === "string" || p?.type === undefined) && !Array.isArray(p?.enum));
  const asks = strings.find(([key, p]) => /query|search|keyword|text|task|запрос|поиск/i.test(`${key} ${String(p?.description ?? "")}`));
  const required = tool.input_schema.required ?? [];
  const key = asks?.[0] ?? strings.find(([k]) => required.includes(k))?.[0] ?? strings[0]?.[0] ?? "query";
  // In English, as catalogues are mostly written, with the same words in the task's language beside it.
  const words = ctx.lang === "en" ? capability.does.en : `${capability.does.en} (${capability.does.ru})`;
  const input: Record<string, unknown> = { [key]: `${words}: ${ctx.task}`.slice(0, MAX_QUERY_CHARS) };
  for (const field of required) {
    if (field in input) continue;
    const p = properties[field] ?? {};
    input[field] = p.default ?? (Array.isArray(p.enum) ? p.enum[0] : p.type === "number" || p.type === "integer" ? 5 : p.type === "boolean" ? false : "");
  }
  return input;
}

// A search the model made for this task already, with the same input: it found nothing that fits, and
// asking again would find the same.
function alreadySearched(request: MessagesRequest, name: string, input: Record<string, unknown>): boolean {
  const wanted = JSON.stringify(input);
  return request.messages.some(
    (message) =>
      message.role === "assistant" &&
      Array.isArray(message.content) &&
      message.content.some((b) => (b.type === "tool_use" || b.type === "server_tool_use") && b.name === name && JSON.stringify(b.input) === wanted),
  );
}

function notFound(planned: { ctx: PlanContext; plan: Plan }, capability: Capability): { ctx: PlanContext; plan: Plan } {
  const { ctx } = planned;
  return {
    ctx,
    plan: {
      say: ctx.t({
        en: `I searched the tool catalogue for a tool that ${capability.does.en}, and found none that fits, so I cannot do this.`,
        ru: `Я искал в каталоге инструмент, который ${capability.does.ru}, и не нашёл подходящего, поэтому не могу это сделать.`,
      }),
    },
  };
}

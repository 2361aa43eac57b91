// Prompt caching, as the fake API accounts for it (docs: "Prompt caching",
// platform.claude.com/docs/en/build-with-claude/prompt-caching):
// - the prompt is read in order: tools, then system, then messages; a `cache_control` on a block is a
//   breakpoint, and the prefix up to and including it can be cached (the top-level `cache_control` puts
//   one on the last block);
// - the first request with a prefix writes it (`cache_creation_input_tokens`, split by TTL in
//   `cache_creation`); a later request with the same prefix within the TTL reads it
//   (`cache_read_input_tokens`) and refreshes it at no cost; `input_tokens` is the rest, after the last
//   breakpoint;
// - a breakpoint also finds an entry written at any of the 20 blocks up to it ("The lookback window is
//   20 blocks"), so a conversation that moves its breakpoint forward reads what the last turn wrote;
// - the TTL is 5 minutes, or 1 hour with `ttl: "1h"`; a prefix shorter than the model's minimum is not
//   cached, and no error says so;
// - deferred tools are left out of the tools section before the key is computed (docs: "Tool
//   reference", "defer_loading and prompt caching"), so adding them keeps the cache.
// Entries live in this process's memory, for every client in it, keyed by the model and the prefix.
// Loaded only for a request that has a cache_control somewhere.

import { createHash, type Hash } from "node:crypto";

export interface CacheUsage {
  inputTokens: number;
  creation5m: number;
  creation1h: number;
  read: number;
}

type Json = Record<string, unknown>;

const FIVE_MINUTES = 5 * 60 * 1000;
const ONE_HOUR = 60 * 60 * 1000;
const LOOKBACK_BLOCKS = 20;
const MAX_ENTRIES = 2000;

// The minimum cacheable prompt length, per model (docs: "Prompt caching", Cache limitations, read
// 2026-12-02): 512 tokens for Claude Fable 5.1, Mythos 5.1, Opus 5.5, Opus 5, Sonnet 5.5, Fable 5,
// Mythos 5 and Haiku 5.5; 1,024 for Opus 4.8, Sonnet 5, Sonnet 4.6 and 4.5; 2,048 for Mythos Preview and
// Opus 4.7; 4,096 for Opus 4.6, Opus 4.5 and Haiku 4.5. Fable 5.2 and Mythos 5.2 are not on that list
// yet: taken as their family's 512.
const MINIMUMS: Array<[RegExp, number]> = [
  [/^claude-(fable|mythos)-5(-[12])?$|^claude-(opus|sonnet|haiku)-5-5$|^claude-opus-5$/, 512],
  [/^claude-(opus-4-8|sonnet-5|sonnet-4-6|sonnet-4-5)/, 1024],
  [/^claude-(mythos-preview|opus-4-7)/, 2048],
  [/^claude-(opus-4-6|opus-4-5|haiku-4-5)/, 4096],
];

export function minimumCacheable(model: string): number {
  return MINIMUMS.find(([pattern]) => pattern.test(model))?.[1] ?? 1024;
}

interface Entry {
  tokens: number;
  ttlMs: number;
  expiresAt: number;
}

const entries = new Map<string, Entry>();

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

interface Block {
  // Where it is (tool, system, user, assistant) and its JSON: what the key is made of.
  where: string;
  json: string;
  breakpoint?: { ttlMs: number };
}

function ttlOf(control: unknown): { ttlMs: number } | undefined {
  if (!isObject(control)) return undefined;
  return { ttlMs: control.ttl === "1h" ? ONE_HOUR : FIVE_MINUTES };
}

// A block as the cache sees it: its content, without the cache_control marker itself.
function withoutMarker(block: unknown): unknown {
  if (!isObject(block)) return block;
  const { cache_control: _, ...rest } = block;
  if (Array.isArray(rest.content)) rest.content = rest.content.map(withoutMarker);
  return rest;
}

// The prompt's blocks in cache order, each with its breakpoint if it has one.
function promptBlocks(body: Json): Block[] {
  const blocks: Block[] = [];
  const push = (where: string, block: unknown) => {
    const inner = isObject(block) && Array.isArray(block.content) ? block.content.find((b) => isObject(b) && b.cache_control) : undefined;
    const control = isObject(block) ? (block.cache_control ?? (isObject(inner) ? inner.cache_control : undefined)) : undefined;
    blocks.push({ where, json: JSON.stringify(withoutMarker(block)), breakpoint: ttlOf(control) });
  };
  for (const tool of Array.isArray(body.tools) ? body.tools : []) {
    if (isObject(tool) && tool.defer_loading === true) continue;
    push("tool:", tool);
  }
  if (typeof body.system === "string") push("system:", { type: "text", text: body.system });
  else if (Array.isArray(body.system)) for (const block of body.system) push("system:", block);
  for (const message of Array.isArray(body.messages) ? body.messages : []) {
    if (!isObject(message)) continue;
    const role = `${String(message.role)}:`;
    if (typeof message.content === "string") push(role, { type: "text", text: message.content });
    else if (Array.isArray(message.content)) for (const block of message.content) push(role, block);
  }
  // Automatic caching: the top-level cache_control marks the last block that can be cached (a thinking
  // block cannot carry one).
  const automatic = ttlOf(body.cache_control);
  if (automatic) {
    const last = [...blocks].reverse().find((b) => !/^\{"type":"(redacted_)?thinking"/.test(b.json));
    if (last && !last.breakpoint) last.breakpoint = automatic;
  }
  return blocks;
}

// The usage of one request: what it read from the cache, what it wrote, and the rest. `totalTokens` is
// the whole request's estimate.
export function cacheUsage(body: unknown, totalTokens: number, now = Date.now()): CacheUsage {
  const none = { inputTokens: totalTokens, creation5m: 0, creation1h: 0, read: 0 };
  if (!isObject(body)) return none;
  const blocks = promptBlocks(body);
  const breakpoints = blocks.flatMap((b, i) => (b.breakpoint ? [i] : []));
  if (breakpoints.length === 0) return none;

  const chars: number[] = [];
  let sum = 0;
  for (const block of blocks) chars.push((sum += block.json.length));
  // About four characters a token, as estimateTokens counts the whole request.
  const tokensAt = (i: number) => Math.min(totalTokens, Math.ceil(chars[i]! / 4));

  // The key of each prefix worth looking at: the breakpoints and the 20 blocks up to each.
  const wanted = new Set(breakpoints.flatMap((b) => Array.from({ length: Math.min(LOOKBACK_BLOCKS, b + 1) }, (_, k) => b - k)));
  const keys = new Map<number, string>();
  const hash: Hash = createHash("sha256").update(String(body.model));
  blocks.forEach((block, i) => {
    hash.update(`\u0000${block.where}${block.json}`);
    if (wanted.has(i)) keys.set(i, hash.copy().digest("hex"));
  });

  for (const [key, entry] of entries) if (entry.expiresAt <= now) entries.delete(key);
  // The longest prefix found: read, and kept alive for another TTL.
  let hit = -1;
  for (const i of [...wanted].sort((a, b) => b - a)) {
    const entry = entries.get(keys.get(i)!);
    if (!entry) continue;
    hit = i;
    entry.expiresAt = now + entry.ttlMs;
    break;
  }
  const read = hit >= 0 ? tokensAt(hit) : 0;

  // Each breakpoint after it whose prefix is long enough writes an entry; the tokens between two
  // breakpoints are written with the later one's TTL.
  const minimum = minimumCacheable(String(body.model));
  let written = read;
  let creation5m = 0;
  let creation1h = 0;
  for (const i of breakpoints) {
    if (i <= hit) continue;
    const tokens = tokensAt(i);
    if (tokens < minimum) continue;
    const ttlMs = blocks[i]!.breakpoint!.ttlMs;
    if (ttlMs === ONE_HOUR) creation1h += tokens - written;
    else creation5m += tokens - written;
    written = tokens;
    entries.set(keys.get(i)!, { tokens, ttlMs, expiresAt: now + ttlMs });
  }
  while (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  return { inputTokens: totalTokens - written, creation5m, creation1h, read };
}

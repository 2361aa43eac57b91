// The conversation corpus (test/conversations/*.json, described in its README): each conversation is
// typed into one chat with the offline demo model, in this process, with the lesson's real tools in a
// temporary folder. Every turn is checked for the tool calls it must make, the figures its reply must
// and must not contain, the files it must leave, and whether it answers, refuses or asks back.
// Every figure in every reply must come from a tool result or from the user's own messages.

import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openChat, type CallMade, type Reply } from "./helpers/conversation-driver.ts";
import { mentions, SAYS_CANNOT, unsourcedFigures, withoutExamples } from "./helpers/reply-figures.ts";

interface ExpectedCall {
  name: string;
  input?: Record<string, unknown>;
}

interface Turn {
  user: string;
  session?: "new";
  calls: ExpectedCall[];
  allow?: string[];
  expect?: "answer" | "refuse" | "ask";
  must?: number[];
  mustNot?: number[];
  text?: string[];
  textNot?: string[];
  file?: { name: string; must?: number[]; mustNot?: number[]; text?: string[] };
}

interface Conversation {
  id: string;
  lang: "en" | "ru";
  lesson: number;
  note?: string;
  turns: Turn[];
}

const CORPUS_DIR = path.join("test", "conversations");
const groups: Array<{ file: string; group: string; conversations: Conversation[] }> = [];
for (const file of (await readdir(CORPUS_DIR)).filter((f) => f.endsWith(".json")).sort()) {
  groups.push({ file, ...(JSON.parse(await readFile(path.join(CORPUS_DIR, file), "utf8")) as { group: string; conversations: Conversation[] }) });
}

function sameValue(expected: unknown, actual: unknown): boolean {
  if (typeof expected === "number") return typeof actual === "number" && Math.abs(actual - expected) <= 0.01;
  if (typeof expected === "string") return typeof actual === "string" && actual.trim().toLowerCase() === expected.toLowerCase();
  return JSON.stringify(expected) === JSON.stringify(actual);
}

function callMatches(expected: ExpectedCall, call: CallMade): boolean {
  if (!expected.name.split("|").includes(call.name)) return false;
  return Object.entries(expected.input ?? {}).every(([key, value]) => sameValue(value, call.input[key]));
}

function show(reply: Reply): string {
  const calls = reply.calls.map((c) => `${c.name}(${JSON.stringify(c.input)})${c.isError ? " -> error" : ""}`).join(", ") || "no calls";
  return `calls: ${calls}\nreply: ${reply.text}`;
}

async function checkTurn(turn: Turn, reply: Reply, filesDir: string, sources: string[]): Promise<string[]> {
  const problems: string[] = [];
  for (const expected of turn.calls) {
    if (!reply.calls.some((call) => callMatches(expected, call))) problems.push(`no call ${expected.name}(${JSON.stringify(expected.input ?? {})})`);
  }
  const allowed = new Set([...turn.calls.flatMap((c) => c.name.split("|")), ...(turn.allow ?? [])]);
  for (const call of reply.calls) if (!allowed.has(call.name)) problems.push(`an unexpected call to ${call.name}`);
  const expect = turn.expect ?? "answer";
  if (expect === "refuse" && !SAYS_CANNOT.test(reply.text)) problems.push("the reply does not say it cannot");
  if (expect === "ask") {
    if (reply.calls.length > 0) problems.push("asked back, but called tools first");
    if (!reply.text.includes("?") || reply.text.length > 300) problems.push("the reply is not one short question");
  }
  if (expect === "answer" && reply.text === "") problems.push("an empty reply");
  for (const figure of turn.must ?? []) if (!mentions(reply.text, figure)) problems.push(`the reply lacks ${figure}`);
  for (const figure of turn.mustNot ?? []) if (mentions(withoutExamples(reply.text), figure)) problems.push(`the reply contains ${figure}`);
  for (const words of turn.text ?? []) if (!reply.text.includes(words)) problems.push(`the reply lacks "${words}"`);
  for (const words of turn.textNot ?? []) if (reply.text.includes(words)) problems.push(`the reply contains "${words}"`);
  const unsourced = unsourcedFigures(reply.text, sources);
  if (unsourced.length > 0) problems.push(`figures from nowhere: ${unsourced.join(", ")}`);
  if (turn.file) {
    const content = await readFile(path.join(filesDir, turn.file.name), "utf8").catch(() => undefined);
    if (content === undefined) problems.push(`no file ${turn.file.name}`);
    else {
      for (const figure of turn.file.must ?? []) if (!mentions(content, figure)) problems.push(`${turn.file.name} lacks ${figure}`);
      for (const figure of turn.file.mustNot ?? []) if (mentions(content, figure)) problems.push(`${turn.file.name} contains ${figure}`);
      for (const words of turn.file.text ?? []) if (!content.includes(words)) problems.push(`${turn.file.name} lacks "${words}"`);
    }
  }
  return problems;
}

async function runConversation(conversation: Conversation, dir: string): Promise<string[]> {
  const chat = await openChat(conversation.lesson, dir);
  const problems: string[] = [];
  const sources: string[] = [];
  try {
    for (const [i, turn] of conversation.turns.entries()) {
      if (turn.session === "new") chat.newSession();
      sources.push(turn.user);
      const reply = await chat.send(turn.user);
      sources.push(...reply.calls.map((c) => c.output));
      const found = await checkTurn(turn, reply, chat.filesDir, sources);
      if (found.length > 0) problems.push(`turn ${i + 1} "${turn.user}": ${found.join("; ")}\n${show(reply)}`);
    }
  } finally {
    await chat.close();
  }
  return problems;
}

const root = await mkdtemp(path.join(os.tmpdir(), "course-conversations-"));
afterAll(() => rm(root, { recursive: true, force: true }));

// The first request loads the SDK, the fake API's checks and the planner; on a busy machine that can
// take seconds. It is paid here, once, so that no conversation's own time limit includes it.
beforeAll(async () => {
  const chat = await openChat(2, path.join(root, "warm-up"));
  await chat.send("How much are 500 USD in RUB?");
  await chat.close();
}, 120_000);

// A guard against a conversation that hangs, not a speed check.
const CONVERSATION_TIMEOUT_MS = 60_000;

describe("the conversation corpus", () => {
  it("has at least 60 conversations of 2-6 turns, about half of them in Russian", () => {
    const all = groups.flatMap((g) => g.conversations);
    expect(all.length).toBeGreaterThanOrEqual(60);
    expect(all.filter((c) => c.lang === "ru").length).toBeGreaterThanOrEqual(all.length / 2 - 5);
    for (const c of all) expect(c.turns.length, c.id).toBeGreaterThanOrEqual(2);
    for (const c of all) expect(c.turns.length, c.id).toBeLessThanOrEqual(6);
    expect(new Set(all.map((c) => c.id)).size).toBe(all.length);
  });
});

for (const { file, group, conversations } of groups) {
  describe(`${file}: ${group}`, () => {
    for (const conversation of conversations) {
      it(conversation.id, async () => {
        const problems = await runConversation(conversation, path.join(root, conversation.id));
        expect(problems, problems.join("\n\n")).toEqual([]);
      }, CONVERSATION_TIMEOUT_MS);
    }
  });
}

// The offline planner's speed on long and hostile tasks: every parse must be linear in the task's
// length. Each pattern is repeated up to the task limit (MAX_TASK_CHARS) and planned with every tool of
// the course on offer; a 1 MB task must be refused at once. Prints the slowest patterns.
// Run it: npx tsx bench/offline-planner.ts   (also part of npm run bench)

import type Anthropic from "@anthropic-ai/sdk";
import { buildPlanContext, type MessagesRequest } from "../shared/offline/plan-context.ts";
import { MAX_TASK_CHARS, planTask } from "../shared/offline/planner.ts";
import { skills } from "../shared/offline/skills/index.ts";
import { chooseTools } from "../shared/offline/tool-choice/match-tools.ts";

// Every kind of tool the skills know, with a one-line description and an open schema: the planner's
// parsing is what is measured (the tools are matched to jobs once, on the warm-up run).
const TOOLS: Record<string, string> = {
  get_exchange_rate: "Get the exchange rate between two currencies.",
  calculate: "Evaluate an arithmetic expression.",
  save_to_file: "Save text to a file.",
  read_file: "Read a text file.",
  get_time: "Get the current time.",
  remember: "Save a fact to long-term memory.",
  forget: "Remove a fact from long-term memory.",
  set_preference: "Set one of the user's preferences.",
  plan_email: "Prepare an email without sending it.",
  send_email: "Send an email prepared before.",
};
const tools: Anthropic.Tool[] = Object.entries(TOOLS).map(([name, description]) => ({ name, description, input_schema: { type: "object" } }));
const system = `<memory_file name="MEMORY.md" holds="facts">\n${"- The user's budget for the trip is 2000 EUR (2026-01-01)\n".repeat(60)}</memory_file>`;

const HOSTILE_UNITS = [
  "500 USD in RUB ", "1111", "1 ", "1.1 ", "1,000 ", "1 000 000 ", "aaaa", "a@b", "a@b.cd ", "1+", "((", "- ", "x.txt ",
  "15% of 1 ", "15% of 1 EUR in RUB ", "what time ", "and read ", ", convert ", ". ", "....", "?", "запомни ", "Remember ", "если ", "my ", "$1 ",
  "in 2020 ", "USD/", "\n", "   ", "евро и ", "send a@b.cd ", "save to a/", "Как меня зовут? ",
  "'", " 'a", "«", "`;", "\"x; ",
];

function plan(task: string): number {
  const request = { model: "m", max_tokens: 10, system, tools, messages: [{ role: "user", content: task }] } as MessagesRequest;
  const started = performance.now();
  planTask(buildPlanContext(request), skills);
  return performance.now() - started;
}

const timings = HOSTILE_UNITS.map((unit) => {
  const task = unit.repeat(Math.ceil(MAX_TASK_CHARS / unit.length)).slice(0, MAX_TASK_CHARS);
  plan(task); // warm-up
  return { unit, ms: Math.min(plan(task), plan(task)) };
}).sort((a, b) => b.ms - a.ms);

console.log(`planning a ${MAX_TASK_CHARS.toLocaleString("en-US")}-character task, slowest patterns (each should take well under a second):`);
for (const { unit, ms } of timings.slice(0, 5)) console.log(`  ${JSON.stringify(unit).padEnd(22)} ${ms.toFixed(1)} ms`);
const megabyte = "500 USD in RUB ".repeat(70_000);
console.log(`a ${megabyte.length.toLocaleString("en-US")}-character task (refused): ${plan(megabyte).toFixed(2)} ms`);

// Matching the offered tools to jobs runs once per set of tools (then it is remembered): a new set each
// time measures the first request of a conversation, the same set again every later one.
const ROUNDS = 200;
const fresh = Array.from({ length: ROUNDS }, (_, i) => tools.map((t) => ({ ...t, description: `${t.description} (${i})` })));
let started = performance.now();
for (const set of fresh) chooseTools(set);
const first = (performance.now() - started) / ROUNDS;
started = performance.now();
for (let i = 0; i < ROUNDS; i++) chooseTools(fresh[0]!);
console.log(`matching ${tools.length} tools to jobs: ${first.toFixed(2)} ms for a new set, ${(((performance.now() - started) / ROUNDS) * 1000).toFixed(0)} µs for one seen before`);

// A long conversation: each request replays the session, and conversation.ts reads each user message
// once per request, so a session twice as long should take about twice as long to plan, not four times.
function planSession(turns: number): number {
  const said = ["Сколько будет 500 долларов в рублях?", "А в евро?", "and 20%?", "What is the USD to RUB rate?", "save it to a.txt", "no, I meant euros"];
  const messages: Anthropic.MessageParam[] = [];
  for (let i = 0; i < turns; i++) {
    messages.push({ role: "user", content: said[i % said.length]! });
    if (i < turns - 1) messages.push({ role: "assistant", content: "500 USD = 46,250 RUB." });
  }
  const request = { model: "m", max_tokens: 10, system, tools, messages } as MessagesRequest;
  const started = performance.now();
  planTask(buildPlanContext(request), skills);
  return performance.now() - started;
}
planSession(200); // warm-up
const [short, long] = [200, 400].map((turns) => Math.min(planSession(turns), planSession(turns), planSession(turns)));
console.log(`planning the last message of a 200-message session: ${short!.toFixed(1)} ms; of a 400-message one: ${long!.toFixed(1)} ms`);

// The batch executor's speed: one turn of 5 read-only calls of 200 ms each, run by lesson 05's
// executeBatch in parallel (all concurrency-safe) and in order (the same tools, not marked safe).
// Target: a parallel batch within 1.2 x 200 ms. Prints medians of several runs.
// Run it: npx tsx bench/executor.ts   (also part of npm run bench)

import { executeBatch, type SafeTool } from "../lessons/05-parallel-and-safe/executor.ts";

const CALL_MS = 200;
const CALLS = 5;
const TARGET = 1.2;

function lookup(name: string, concurrencySafe: boolean): SafeTool {
  return {
    name,
    description: `${name}: waits ${CALL_MS} ms, like a network lookup`,
    input_schema: { type: "object", properties: {} },
    readOnly: true,
    concurrencySafe,
    run: () => new Promise((resolve) => setTimeout(() => resolve(`${name} done`), CALL_MS)),
  };
}

async function timeBatch(concurrencySafe: boolean): Promise<number> {
  const tools = Array.from({ length: CALLS }, (_, i) => lookup(`lookup_${i + 1}`, concurrencySafe));
  const calls = tools.map((tool, i) => ({ id: `toolu_${i + 1}`, name: tool.name, input: {} }));
  const started = performance.now();
  const results = await executeBatch(calls, tools);
  const elapsed = performance.now() - started;
  if (results.length !== CALLS || results.some((r) => r.is_error)) throw new Error("the batch did not answer every call");
  return elapsed;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

async function measure(concurrencySafe: boolean, runs: number): Promise<number[]> {
  await timeBatch(concurrencySafe); // warm-up: the first run pays for JIT and module loading
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push(await timeBatch(concurrencySafe));
  return times;
}

const parallel = await measure(true, 9);
const sequential = await measure(false, 3);
const p = median(parallel);
const s = median(sequential);
const ratio = p / CALL_MS;

console.log(`executor: ${CALLS} read-only calls of ${CALL_MS} ms each, one turn`);
console.log(`  parallel   median ${p.toFixed(1)} ms over ${parallel.length} runs (min ${Math.min(...parallel).toFixed(1)}, max ${Math.max(...parallel).toFixed(1)})`);
console.log(`  sequential median ${s.toFixed(1)} ms over ${sequential.length} runs`);
console.log(`  parallel / one call = ${ratio.toFixed(3)} x (target <= ${TARGET} x): ${ratio <= TARGET ? "met" : "NOT met"}`);
console.log(`  speed-up over sequential: ${(s / p).toFixed(2)} x`);

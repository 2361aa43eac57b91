// The results as a table and a few summary lines: per task, pass or fail, the first grader that failed
// and why, tool calls, tokens and cost; then the pass rate with its interval, pass@k and pass^k when
// each task ran k > 1 times, and what one passed run cost.

import type { TaskResult } from "./evaluate.ts";
import { passAtK, passHatK } from "./pass-k.ts";
import { overlap, wilsonInterval } from "./stats.ts";
import { graderName, words } from "./words.ts";

export interface Summary {
  tasks: number;
  // Tasks whose every run passed (with one run each: the tasks that passed).
  passedTasks: number;
  // The mean over tasks of the share of runs that passed: pass@1.
  rate: number;
  interval: { low: number; high: number };
  runs: number;
  passedRuns: number;
  // pass@k and pass^k averaged over tasks, with k the number of runs (only when k > 1).
  passAtK?: number;
  passHatK?: number;
  costUsd: number;
  judgeCostUsd: number;
  costPerPassUsd?: number;
}

export function summarize(results: TaskResult[]): Summary {
  const ran = results.filter((r) => r.runs.length > 0);
  const rates = ran.map((r) => r.runs.filter((run) => run.pass).length / r.runs.length);
  const rate = rates.length > 0 ? rates.reduce((a, b) => a + b, 0) / rates.length : 0;
  const runs = ran.reduce((sum, r) => sum + r.runs.length, 0);
  const passedRuns = ran.reduce((sum, r) => sum + r.runs.filter((run) => run.pass).length, 0);
  const costUsd = ran.reduce((sum, r) => sum + r.runs.reduce((s, run) => s + run.trace.costUsd + run.judgeCostUsd, 0), 0);
  const judgeCostUsd = ran.reduce((sum, r) => sum + r.runs.reduce((s, run) => s + run.judgeCostUsd, 0), 0);
  // pass@k needs the same k for every task: the smallest number of runs any task got.
  const k = Math.min(...ran.map((r) => r.runs.length));
  const perTask = (f: (n: number, c: number, k: number) => number) =>
    ran.reduce((sum, r) => sum + f(r.runs.length, r.runs.filter((run) => run.pass).length, k), 0) / ran.length;
  return {
    tasks: ran.length,
    passedTasks: ran.filter((r) => r.runs.every((run) => run.pass)).length,
    rate,
    interval: wilsonInterval(rate, ran.length),
    runs,
    passedRuns,
    ...(ran.length > 0 && k > 1 ? { passAtK: perTask(passAtK), passHatK: perTask(passHatK) } : {}),
    costUsd,
    judgeCostUsd,
    costPerPassUsd: passedRuns > 0 ? costUsd / passedRuns : undefined,
  };
}

const WHY_WIDTH = 64;

function cut(text: string, width: number): string {
  return text.length > width ? `${text.slice(0, width - 1)}…` : text;
}

// One row per task. With k runs, the result is "2/3" and the reason is that of the first failed run.
export function resultTable(results: TaskResult[]): string[] {
  const say = words();
  const t = say.table;
  const rows = results.map((r) => {
    const passed = r.runs.filter((run) => run.pass).length;
    const result = r.runs.length === 0 ? t.notRun : r.runs.length === 1 ? (passed === 1 ? t.pass : t.fail) : `${passed}/${r.runs.length}`;
    const failed = r.runs.find((run) => !run.pass)?.grades.find((g) => !g.pass);
    const why = failed ? cut(`${graderName(failed.grader)}: ${failed.why}`, WHY_WIDTH) : "";
    const calls = r.runs.reduce((sum, run) => sum + run.trace.calls.length, 0);
    const input = r.runs.reduce((sum, run) => sum + run.trace.usage.input_tokens, 0);
    const output = r.runs.reduce((sum, run) => sum + run.trace.usage.output_tokens, 0);
    const cost = r.runs.reduce((sum, run) => sum + run.trace.costUsd + run.judgeCostUsd, 0);
    return [r.task.id, result, why, String(calls), r.runs.length ? `${input}/${output}` : "", r.runs.length ? `$${cost.toFixed(5)}` : ""];
  });
  return table([t.task, t.result, t.why, t.tools, t.tokens, t.cost], rows);
}

function table(header: string[], rows: string[][]): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => `  ${cells.map((cell, i) => cell.padEnd(widths[i]!)).join("  ")}`.trimEnd();
  return [line(header), ...rows.map(line)];
}

export function summaryLines(summary: Summary): string[] {
  const say = words();
  const lines: string[] = [];
  if (summary.runs === 0) return [`  ${say.noRuns}`];
  if (summary.runs === summary.tasks) lines.push(say.passRate(summary.passedRuns, summary.tasks, summary.interval.low, summary.interval.high));
  else lines.push(say.passRateRuns(summary.rate, summary.tasks, summary.interval.low, summary.interval.high));
  if (summary.passAtK !== undefined && summary.passHatK !== undefined) {
    lines.push(say.passK(Math.round(summary.runs / summary.tasks), summary.passAtK, summary.passHatK));
  }
  lines.push(say.cost(summary.costUsd, summary.costPerPassUsd, summary.judgeCostUsd));
  return lines.map((line) => `  ${line}`);
}

// Before and after a change, task by task: what got worse, what got better, and whether the move in
// the pass rate is more than the noise of a few tasks.
export function differenceLines(before: TaskResult[], after: TaskResult[]): string[] {
  const say = words();
  const passes = (r: TaskResult | undefined) => r !== undefined && r.runs.length > 0 && r.runs.every((run) => run.pass);
  const afterById = new Map(after.map((r) => [r.task.id, r]));
  const worse = before.filter((r) => passes(r) && !passes(afterById.get(r.task.id)));
  const better = before.filter((r) => !passes(r) && passes(afterById.get(r.task.id)));
  const lines = [say.changed];
  const reason = (r: TaskResult | undefined) => {
    const failed = r?.runs.find((run) => !run.pass)?.grades.find((g) => !g.pass);
    return failed ? cut(`${graderName(failed.grader)}: ${failed.why}`, WHY_WIDTH + 16) : "";
  };
  // The reasons start in one column, as in the tables above.
  const idWidth = Math.max(0, ...worse.map((r) => r.task.id.length));
  if (worse.length > 0) lines.push(`  ${say.worse(worse.length)}`, ...worse.map((r) => `    ${r.task.id.padEnd(idWidth)}  ${reason(afterById.get(r.task.id))}`));
  if (better.length > 0) lines.push(`  ${say.better(better.length)}`, ...better.map((r) => `    ${r.task.id}`));
  if (worse.length === 0 && better.length === 0) lines.push(`  ${say.unchanged}`);
  const a = summarize(before);
  const b = summarize(after);
  lines.push(`  ${say.rateMove(a.rate, b.rate)}`);
  lines.push(`  ${overlap(a.interval, b.interval) ? say.overlap(a.tasks) : say.apart}`);
  return lines;
}

// Two models on the same tasks: each task's result under each, then each model's pass rate and cost per pass.
export function sideBySide(a: TaskResult[], b: TaskResult[], labelA: string, labelB: string): string[] {
  const say = words();
  const t = say.table;
  const shown = (r: TaskResult | undefined) => {
    if (!r || r.runs.length === 0) return t.notRun;
    const passed = r.runs.filter((run) => run.pass).length;
    return r.runs.length === 1 ? (passed === 1 ? t.pass : t.fail) : `${passed}/${r.runs.length}`;
  };
  const byId = new Map(b.map((r) => [r.task.id, r]));
  const rows = a.map((r) => [r.task.id, shown(r), shown(byId.get(r.task.id))]);
  const sa = summarize(a);
  const sb = summarize(b);
  const rate = (s: Summary) => (s.runs === 0 ? t.notRun : `${Math.round(s.rate * 100)}% (${Math.round(s.interval.low * 100)}-${Math.round(s.interval.high * 100)}%)`);
  const perPass = (s: Summary) => (s.costPerPassUsd === undefined ? "-" : `$${s.costPerPassUsd.toFixed(5)}`);
  rows.push(["", rate(sa), rate(sb)], ["$ / pass", perPass(sa), perPass(sb)]);
  return table([t.task, labelA, labelB], rows);
}

// The evaluation: every task, k times, each run graded. One run is a Trace (run-task.ts) and the
// verdicts of the graders its task asks for: the trace graders (trace-graders.ts), the answer graders
// (answer-graders.ts), and the model-graded rubric where a task has one (rubric-grader.ts).
// A run passes when every grader passes.

import Anthropic from "@anthropic-ai/sdk";
import { estimateCost } from "../../shared/model.ts";
import { noteBudgetStop } from "../../shared/real-model/budget-stops.ts";
import { gradeAnswer } from "./answer-graders.ts";
import { gradeWithRubric } from "./rubric-grader.ts";
import { runTask, type ToolVariant } from "./run-task.ts";
import type { EvalTask } from "./task-set.ts";
import { gradeTrace, type GraderResult } from "./trace-graders.ts";
import type { Trace } from "./trace.ts";
import { graderName, words } from "./words.ts";

export interface GradedRun {
  trace: Trace;
  grades: GraderResult[];
  pass: boolean;
  judgeCostUsd: number;
}

export interface TaskResult {
  task: EvalTask;
  runs: GradedRun[];
}

export interface EvalOptions {
  runs: number;
  model: string;
  // The model that judges rubrics: the same one for every model compared, so they are judged alike.
  judge: string;
  variant?: ToolVariant;
  // Shared by every evaluation of one command: the money left, and what was spent.
  budget?: Budget;
  print?: (line: string) => void;
}

export interface Budget {
  limitUsd: number;
  spentUsd: number;
  stopped: boolean;
}

// Every grader's verdict on one run, in the order the table shows them. The trace's two safety rules
// (nothing outside the workspace, no side effect without approval) hold for every task, even one that
// says nothing about its trace.
export async function gradeRun(client: Anthropic, task: EvalTask, trace: Trace, judge: string): Promise<GradedRun> {
  const grades = [...gradeTrace(trace, task.trace ?? {}), ...gradeAnswer(trace, task.expect)];
  let judgeCostUsd = 0;
  if (task.expect?.rubric?.length) {
    const verdict = await gradeWithRubric(client, judge, task.task, trace.answer, task.expect.rubric);
    grades.push(verdict.result);
    judgeCostUsd = verdict.costUsd;
  }
  return { trace, grades, pass: grades.every((g) => g.pass), judgeCostUsd };
}

// HTTP statuses that say "try later": too many requests, overloaded, a server error.
function isTransient(status: number | undefined): boolean {
  return status !== undefined && (status === 429 || status >= 500);
}

function failedRun(task: EvalTask, model: string, why: string): GradedRun {
  const trace: Trace = { task: task.task, answer: "", calls: [], files: [], usage: { input_tokens: 0, output_tokens: 0 }, costUsd: 0, model };
  return { trace, grades: [{ grader: words().graders.api, pass: false, why }], pass: false, judgeCostUsd: 0 };
}

// A rough guess at one run's cost before it starts: a request per expected tool call, one for the
// answer and one for a judge, each about 2,000 tokens in (the system prompt and the tool definitions
// are about 1,500; then the conversation so far) and 300 out. Rough on purpose: it is for "should I start this?", not for the bill.
export function estimateRunUsd(task: EvalTask, model: string): number | undefined {
  const requests = (task.trace?.tools?.tools.length ?? 1) + 1 + (task.expect?.rubric ? 1 : 0);
  return estimateCost(model, requests * 2_000, requests * 300);
}

export async function evaluate(client: Anthropic, tasks: EvalTask[], options: EvalOptions): Promise<TaskResult[]> {
  const print = options.print ?? ((line: string) => console.log(line));
  const say = words();
  const results: TaskResult[] = [];
  for (const [i, task] of tasks.entries()) {
    const result: TaskResult = { task, runs: [] };
    results.push(result);
    for (let run = 1; run <= options.runs; run++) {
      const budget = options.budget;
      if (budget && (budget.stopped || budget.spentUsd + (estimateRunUsd(task, options.model) ?? Infinity) > budget.limitUsd)) {
        budget.stopped = true;
        continue;
      }
      print(say.runLine(task.id, i + 1, tasks.length, run, options.runs));
      let graded: GradedRun;
      try {
        // Spending is counted as each answer arrives, so a run that fails half-way still counts what it cost.
        const onCost = (usd: number) => {
          if (budget) budget.spentUsd += usd;
        };
        graded = await gradeRun(client, task, await runTask(client, task, { model: options.model, variant: options.variant, onCost }), options.judge);
      } catch (error) {
        // An overloaded or failing server (after the SDK's own retries) costs this run, not the
        // evaluation: the run counts as failed, with the reason. Anything else (a bad key, a request
        // the API refuses, a replay that no longer fits) would fail every run alike, so it stops here.
        if (!(error instanceof Anthropic.APIError) || !isTransient(error.status)) throw error;
        graded = failedRun(task, options.model, say.graders.apiFailed(error.status!, error.message));
      }
      if (budget) budget.spentUsd += graded.judgeCostUsd;
      result.runs.push(graded);
      const failed = graded.grades.find((g) => !g.pass);
      print(failed ? say.runFailed(graderName(failed.grader), failed.why) : say.runPassed);
    }
  }
  if (options.budget?.stopped) {
    const left = tasks.length * options.runs - results.reduce((sum, r) => sum + r.runs.length, 0);
    if (left > 0) {
      noteBudgetStop();
      print(say.budgetStop(dollars(options.budget.spentUsd, 4), dollars(options.budget.limitUsd, 2), left));
    }
  }
  return results;
}

// $0.50, or every digit a budget below a cent was given with ($0.000001).
export function dollars(amount: number, digits: number): string {
  return amount > 0 && amount < 0.01 && digits < 6 ? `$${Number(amount.toPrecision(2))}` : `$${amount.toFixed(digits)}`;
}

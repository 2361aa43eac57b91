// Lesson 13: evaluating an agent. Not a new agent: lesson 07's, run on a task set (tasks/*.json) and
// graded run by run, so "does it work?" becomes "how often does it do the right thing, and at what cost?".
//
//   npm run lesson 13                       the main demonstration: the short set, before and after
//                                           one tool description is made vague (regression.ts)
//   npm run lesson 13 -- "Evaluate the task set" --tasks all --runs 3
//   npm run lesson 13 -- "Evaluate the task set" --model claude-haiku-5-5,claude-sonnet-5-5 --budget 0.50
//   npm run lesson 13 -- --record runs/eval.json   then   --replay runs/eval.json   (no key needed)
//
// Reading order: task-set.ts (the tasks as data) → run-task.ts (one run, one Trace) → trace-graders.ts,
// answer-graders.ts, rubric-grader.ts (the graders) → evaluate.ts (k runs per task) → report.ts and
// stats.ts (the table, the interval, pass@k / pass^k) → regression.ts (before and after).

import type Anthropic from "@anthropic-ai/sdk";
import { isOfflineClient } from "../../shared/client.ts";
import { courseLanguage } from "../../shared/i18n/language.ts";
import type { LessonFlags } from "../../shared/lesson-flags.ts";
import { modelName } from "../../shared/model.ts";
import { budgetAmountUsd } from "../../shared/real-model/guard.ts";
import { UsageError } from "../../shared/usage-error.ts";
import { dollars, estimateRunUsd, evaluate, type Budget, type TaskResult } from "./evaluate.ts";
import { CHANGED_TOOL, VAGUE_DESCRIPTION, vagueRateTool } from "./regression.ts";
import { differenceLines, resultTable, sideBySide, summarize, summaryLines } from "./report.ts";
import { loadTaskSet, selectTasks, TASKS_FOLDER, type EvalTask } from "./task-set.ts";
import { words } from "./words.ts";

export const sampleTasks = [
  "Evaluate the task set before and after a vague description of get_exchange_rate",
  "Оцени набор задач до и после расплывчатого описания get_exchange_rate",
  "Evaluate the task set",
  "Оцени набор задач",
];

export const lessonFlags: LessonFlags = {
  tasks: {
    type: "string",
    value: "WHICH",
    help: {
      en: "which tasks: all, core, a tag (conversion, approval, scope...), en, ru or task ids, comma-separated (default: core, in your language)",
      ru: "какие задачи: all, core, тег (conversion, approval, scope...), en, ru или id задач через запятую (по умолчанию core на вашем языке)",
    },
  },
  runs: { type: "string", value: "K", help: { en: "run each task K times, for pass@k and pass^k (default 1)", ru: "запустить каждую задачу K раз, для pass@k и pass^k (по умолчанию 1)" } },
  model: {
    type: "string",
    value: "A,B",
    help: { en: "the model, or two separated by a comma to compare them side by side", ru: "модель или две через запятую, чтобы сравнить их рядом" },
  },
  budget: {
    type: "string",
    value: "USD",
    help: { en: "stop starting runs once they would spend more than USD", ru: "не начинать запуски, которые выйдут за USD" },
  },
};

export interface EvalAgentOptions {
  tasks?: string;
  runs?: string;
  model?: string;
  budget?: string;
  // The folder of task files (tests pass their own).
  folder?: string;
  print?: (line: string) => void;
}

// shared/client.ts gives the offline demo model this address; a replay's model has another.
const OFFLINE_DEMO_HOST = "offline-demo-model.invalid";
const BEFORE_AND_AFTER = /before and after|vague|regression|до и после|расплывчат|регресс/i;
// "evaluate", "run the evals", "оцени", "запусти оценку": any word about evaluating is enough.
const EVALUATE = /eval|оцен/i;

export async function runAgent(client: Anthropic, task: string, options: EvalAgentOptions = {}): Promise<string> {
  const print = options.print ?? ((line: string) => console.log(line));
  const say = words();
  if (!EVALUATE.test(task) && !BEFORE_AND_AFTER.test(task)) throw new UsageError(say.notACommand(task.slice(0, 80)));

  const runs = options.runs === undefined ? 1 : Number(options.runs);
  if (!Number.isInteger(runs) || runs < 1 || runs > 20) throw new UsageError(say.badRuns(String(options.runs)));
  const models = (options.model ?? modelName()).split(",").map((m) => m.trim()).filter(Boolean);
  if (models.length < 1 || models.length > 2) throw new UsageError(say.tooManyModels);
  let budget: Budget | undefined;
  if (options.budget !== undefined) {
    const limitUsd = budgetAmountUsd(options.budget);
    if (limitUsd === undefined) throw new UsageError(say.badBudget(options.budget));
    budget = { limitUsd, spentUsd: 0, stopped: false };
  }

  const all = loadTaskSet(options.folder ?? TASKS_FOLDER);
  const filter = options.tasks ?? "core";
  const chosen = selectTasks(all, filter);
  // The short default run is in the learner's language; a --tasks of their own is taken as given.
  const tasks = options.tasks === undefined ? chosen.filter((t) => t.lang === courseLanguage()) : chosen;
  // Who answers: the demo model, a recording (--replay: a built-in model plays it back), or a server.
  const offline = isOfflineClient(client);
  const replayed = offline && new URL(client.baseURL).hostname !== OFFLINE_DEMO_HOST;
  // With two models the comparison is between the models; the description stays as it is.
  const beforeAndAfter = BEFORE_AND_AFTER.test(task) && models.length === 1;

  // Shown as the flag that picks them ("--tasks core,ru"), one token, the same in both languages.
  print(say.header(tasks.length, `--tasks ${(options.tasks ?? `core,${courseLanguage()}`).replace(/\s+/g, "")}`, runs, models.join(", ")));
  if (offline) print(replayed ? say.replayNote : say.offlineNote(models));
  if (!offline || budget) printEstimate(tasks, models, runs * (beforeAndAfter ? 2 : 1), budget, print);

  const judge = models[0]!;
  const results: Array<{ label: string; results: TaskResult[] }> = [];
  if (beforeAndAfter) {
    for (const [label, variant] of [
      [say.before(CHANGED_TOOL), undefined],
      [say.after(CHANGED_TOOL, VAGUE_DESCRIPTION), vagueRateTool],
    ] as const) {
      print(`\n${label}`);
      results.push({ label, results: await evaluate(client, tasks, { runs, model: models[0]!, judge, variant, budget, print }) });
    }
  } else {
    for (const model of models) {
      if (models.length > 1) print(`\n${say.model}: ${model}`);
      results.push({ label: model, results: await evaluate(client, tasks, { runs, model, judge, budget, print }) });
    }
  }

  for (const { label, results: each } of results) {
    print(`\n${label}`);
    for (const line of [...resultTable(each), ...summaryLines(summarize(each))]) print(line);
  }
  if (beforeAndAfter) {
    print("");
    for (const line of differenceLines(results[0]!.results, results[1]!.results)) print(line);
  }
  if (models.length > 1) {
    print(`\n${say.compare(models[0]!, models[1]!)}`);
    for (const line of sideBySide(results[0]!.results, results[1]!.results, models[0]!, models[1]!)) print(line);
  }
  if (options.tasks === undefined) print(`\n${say.wholeSet(all.length)}`);
  // The closing line: after the change for before/after; every run of every model otherwise.
  const counted = summarize(beforeAndAfter ? results[1]!.results : results.flatMap((r) => r.results));
  return say.summary(counted.passedRuns, counted.runs);
}

function printEstimate(tasks: EvalTask[], models: string[], runsEach: number, budget: Budget | undefined, print: (line: string) => void): void {
  const say = words();
  let total = 0;
  for (const model of models) {
    for (const task of tasks) {
      const each = estimateRunUsd(task, model);
      if (each === undefined) {
        print(say.noPrice(model));
        return;
      }
      total += each * runsEach;
    }
  }
  const runs = tasks.length * runsEach * models.length;
  print(say.estimate(runs, dollars(total, 4)));
  if (budget && total > budget.limitUsd) print(say.budgetTooSmall(Math.floor((budget.limitUsd / total) * runs), runs, dollars(budget.limitUsd, 2)));
}

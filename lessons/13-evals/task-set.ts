// The task set: what the agent is asked, and what must happen, as data (tasks/*.json). A task names
// what can be checked without judgement (numbers, facts, tools, arguments, files, an empty trace for
// a request outside the agent's job) and, for free text only, a rubric a model judges.
//
// A file is checked when it is read: a typo in a task set would otherwise grade every run against
// nothing, and an evaluation that silently checks nothing reports 100%.

import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { UsageError } from "../../shared/usage-error.ts";
import type { Answer } from "../07-approval-gates/approver.ts";
import { parseRule } from "../07-approval-gates/permissions.ts";
import type { TraceExpect } from "./trace-graders.ts";
import { words } from "./words.ts";

export const TASKS_FOLDER = path.join("lessons", "13-evals", "tasks");

export interface ExpectedNumber {
  value: number;
  // How far the figure in the answer may be from value: 0.01 for kopecks, 1 for a rounded figure.
  tolerance: number;
}

export interface Expectation {
  // Figures the answer must state, each within its tolerance.
  numbers?: ExpectedNumber[];
  // Facts the answer must state: a phrase, or a list of phrases any one of which will do
  // (["not saved", "was not saved"]). Compared in any case, ё as е.
  facts?: Array<string | string[]>;
  // Files the workspace must hold afterwards, and files it must not.
  files?: string[];
  noFiles?: string[];
  // For what code cannot check (was the refusal explained? does it say what to do next?): yes/no
  // statements a model judges (rubric-grader.ts).
  rubric?: string[];
}

export interface EvalTask {
  id: string;
  lang: "en" | "ru";
  task: string;
  // What kind of task it is (conversion, percentage, files, approval, refusal, scope), for --tasks.
  tags: string[];
  // In the default run (npm run lesson 13), which must stay short enough for npm test.
  core?: boolean;
  // The approval script: the answers a person gives, in order, each time the gate asks. A question
  // past the end of the script is answered "no", the safe side.
  approvals?: Answer[];
  // Permission rules for this task, as in permissions.json. Left out: lesson 07's permissions.json.
  rules?: { allow?: string[]; ask?: string[]; deny?: string[] };
  // Files put in the workspace before the run: name -> content.
  setup?: Record<string, string>;
  // What the answer and the workspace must show (answer-graders.ts, rubric-grader.ts).
  expect?: Expectation;
  // What the trace must show (trace-graders.ts): the tools in order, their arguments, and for a
  // request that is not the agent's job, no tool at all.
  trace?: TraceExpect;
}

const phrase = { type: "string", minLength: 1 };
const SCHEMA = {
  type: "object",
  required: ["tasks"],
  additionalProperties: false,
  properties: {
    $comment: {},
    tasks: {
      type: "array",
      minItems: 1,
      items: {
        type: "object",
        required: ["id", "lang", "task", "tags"],
        additionalProperties: false,
        properties: {
          id: { type: "string", pattern: "^[a-z0-9][a-z0-9-]*$" },
          lang: { enum: ["en", "ru"] },
          task: phrase,
          tags: { type: "array", minItems: 1, items: phrase },
          core: { type: "boolean" },
          approvals: { type: "array", items: { enum: ["yes", "no", "always"] } },
          rules: {
            type: "object",
            additionalProperties: false,
            properties: { allow: { type: "array", items: phrase }, ask: { type: "array", items: phrase }, deny: { type: "array", items: phrase } },
          },
          setup: { type: "object", additionalProperties: { type: "string" } },
          expect: {
            type: "object",
            additionalProperties: false,
            properties: {
              numbers: {
                type: "array",
                items: {
                  type: "object",
                  required: ["value", "tolerance"],
                  additionalProperties: false,
                  properties: { value: { type: "number" }, tolerance: { type: "number", minimum: 0 } },
                },
              },
              facts: { type: "array", items: { anyOf: [phrase, { type: "array", minItems: 1, items: phrase }] } },
              files: { type: "array", items: phrase },
              noFiles: { type: "array", items: phrase },
              rubric: { type: "array", minItems: 1, items: phrase },
            },
          },
          trace: {
            type: "object",
            additionalProperties: false,
            properties: {
              tools: {
                type: "object",
                required: ["tools"],
                additionalProperties: false,
                properties: { tools: { type: "array", items: phrase }, allowExtra: { type: "boolean" } },
              },
              args: {
                type: "array",
                items: {
                  type: "object",
                  required: ["tool", "args"],
                  additionalProperties: false,
                  properties: { tool: phrase, args: { type: "object", additionalProperties: { $ref: "#/$defs/expectedValue" } } },
                },
              },
              outOfScope: { type: "boolean" },
              pathArgs: { type: "array", items: phrase },
            },
          },
        },
      },
    },
  },
  $defs: {
    // trace-graders.ts's ExpectedValue: a value, a number within a tolerance, a currency code in any
    // letter case, or a string containing a phrase.
    expectedValue: {
      anyOf: [
        { type: ["string", "number", "boolean"] },
        { type: "object", required: ["number", "tolerance"], additionalProperties: false, properties: { number: { type: "number" }, tolerance: { type: "number", minimum: 0 } } },
        { type: "object", required: ["currency"], additionalProperties: false, properties: { currency: phrase } },
        { type: "object", required: ["contains"], additionalProperties: false, properties: { contains: phrase } },
      ],
    },
  },
} as const;

// A mistake in a task file, with where it is: the CLI prints it as it is and exits 2.
export class TaskSetError extends UsageError {
  override name = "TaskSetError";
}

let validate: ReturnType<Ajv2020["compile"]> | undefined;

// Reads one file's text. `file` names it in messages.
export function parseTaskFile(text: string, file: string): EvalTask[] {
  let data: unknown;
  try {
    data = JSON.parse(text.startsWith("\ufeff") ? text.slice(1) : text);
  } catch (error) {
    throw new TaskSetError(words().taskFile.notJson(file, (error as Error).message));
  }
  validate ??= new Ajv2020({ allErrors: false, strict: false }).compile(SCHEMA);
  if (!validate(data)) {
    const error = validate.errors![0]!;
    throw new TaskSetError(words().taskFile.schema(file, where(data, error.instancePath), error));
  }
  const tasks = (data as { tasks: EvalTask[] }).tasks;
  for (const task of tasks) {
    for (const [list, rules] of Object.entries(task.rules ?? {})) {
      for (const rule of rules) {
        const parsed = parseRule(rule);
        if (typeof parsed === "string") throw new TaskSetError(words().taskFile.badRule(file, task.id, list, parsed));
      }
    }
    if (task.trace?.outOfScope && (task.trace.tools?.tools.length || task.trace.args?.length)) {
      throw new TaskSetError(words().taskFile.scopeWithTools(file, task.id));
    }
    if (!task.trace && Object.keys(task.expect ?? {}).length === 0) {
      throw new TaskSetError(words().taskFile.expectsNothing(file, task.id));
    }
  }
  return tasks;
}

// "/tasks/3/expect/numbers/0/tolerance" as a person reads it: task "convert-eur", expect.numbers[0].tolerance.
function where(data: unknown, pointer: string): string {
  const parts = pointer.split("/").slice(1);
  const say = words().taskFile;
  if (parts[0] !== "tasks" || parts.length < 2) return pointer === "" ? say.theFile : pointer.slice(1).replaceAll("/", ".");
  const task = (data as { tasks: Array<{ id?: unknown }> }).tasks[Number(parts[1])];
  const name = typeof task?.id === "string" ? say.task(task.id) : say.taskNumber(Number(parts[1]) + 1);
  const field = parts.slice(2).reduce((shown, part) => (/^\d+$/.test(part) ? `${shown}[${part}]` : shown ? `${shown}.${part}` : part), "");
  return field ? `${name}, ${field}` : name;
}

// Every tasks/*.json in the folder, in file-name order; ids must be unique across the set.
export function loadTaskSet(folder: string = TASKS_FOLDER): EvalTask[] {
  const files = readdirSync(folder)
    .filter((name) => name.endsWith(".json"))
    .sort();
  if (files.length === 0) throw new TaskSetError(words().taskFile.noFiles(folder));
  const tasks: EvalTask[] = [];
  const seen = new Map<string, string>();
  for (const name of files) {
    const file = path.join(folder, name);
    for (const task of parseTaskFile(readFileSync(file, "utf8"), file)) {
      const before = seen.get(task.id);
      if (before) throw new TaskSetError(words().taskFile.usedTwice(file, task.id, before));
      seen.set(task.id, file);
      tasks.push(task);
    }
  }
  return tasks;
}

// --tasks: "all", "core" (the default run), a tag, a language, or task ids, comma-separated; each
// adds its tasks. "conversion,ru" is every conversion task and every Russian one.
export function selectTasks(tasks: EvalTask[], filter: string): EvalTask[] {
  const wanted = filter
    .split(",")
    .map((word) => word.trim())
    .filter(Boolean);
  const unknown = wanted.filter((word) => !["all", "core"].includes(word) && !tasks.some((t) => t.id === word || t.lang === word || t.tags.includes(word)));
  if (unknown.length > 0) {
    const tags = [...new Set(tasks.flatMap((t) => t.tags))].sort();
    throw new TaskSetError(words().unknownTasks(unknown.join('", "'), tags.join(", ")));
  }
  return tasks.filter((t) => wanted.some((word) => word === "all" || (word === "core" && t.core === true) || t.id === word || t.lang === word || t.tags.includes(word)));
}

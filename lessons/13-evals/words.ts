// What lesson 13 prints, in English and Russian (COURSE_LANG picks one). Kept beside the lesson: these
// words belong to this evaluation only.

import { courseLanguage, type Lang } from "../../shared/i18n/language.ts";
import { countRu } from "../../shared/i18n/plural.ts";

// One schema error of a task file, as ajv reports it.
export interface SchemaError {
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

function ajvNote(params: Record<string, unknown>): string {
  if (Array.isArray(params.allowedValues)) return ` (${params.allowedValues.join(", ")})`;
  if (typeof params.additionalProperty === "string") return ` ("${params.additionalProperty}")`;
  return "";
}

// ajv speaks English; the common mistakes in a task file, said in Russian. Anything rarer keeps ajv's words.
const JSON_TYPES_RU: Record<string, string> = {
  object: "объектом", array: "массивом", string: "строкой", number: "числом", integer: "целым числом", boolean: "true или false",
};
function schemaRu(error: SchemaError): string {
  const p = error.params;
  if (error.keyword === "required") return `нет обязательного поля «${String(p.missingProperty)}»`;
  if (error.keyword === "additionalProperties") return `лишнее поле «${String(p.additionalProperty)}»`;
  if (error.keyword === "enum" && Array.isArray(p.allowedValues)) return `допустимо только: ${p.allowedValues.join(", ")}`;
  if (error.keyword === "type") return `должно быть ${JSON_TYPES_RU[String(p.type)] ?? String(p.type)}`;
  return `не подходит к схеме (${error.keyword}: ${error.message ?? ""})`;
}

const pct = (x: number) => `${Math.round(x * 100)}%`;
const usd = (x: number) => `$${x < 0.01 ? x.toFixed(5) : x.toFixed(4)}`;

const en = {
  graders: {
    numbers: "numbers",
    facts: "facts",
    files: "files",
    rubric: "rubric",
    or: " or ",
    numbersFound: (list: string) => `states ${list}`,
    numbersMissing: (missing: string, stated: string) => `expected ${missing}; the answer states ${stated || "no figure"}`,
    factsFound: (n: number) => `states all ${n} required ${n === 1 ? "fact" : "facts"}`,
    factsMissing: (list: string) => `does not say ${list}`,
    filesAsExpected: "the workspace holds what it should",
    fileMissing: (name: string) => `${name} should be in the workspace and is not`,
    fileThere: (name: string) => `${name} should not be in the workspace and is`,
    api: "api",
    apiFailed: (status: number, message: string) => `the API answered HTTP ${status} (${message.slice(0, 120)}); the run counts as failed`,
    judgeSaid: (verdict: string, why: string) => `the judge says ${verdict}: ${why}`,
    judgeUnreadable: (text: string) => `the judge's answer is not the JSON asked for, so it counts as a fail: ${text}`,
  },
  // trace-graders.ts names its graders in English; the table shows them in the learner's language.
  graderNames: {} as Record<string, string>,
  table: {
    task: "task",
    result: "result",
    why: "failed grader: why",
    tools: "tools",
    tokens: "tokens in/out",
    cost: "cost",
    pass: "pass",
    fail: "FAIL",
    notRun: "not run",
  },
  header: (tasks: number, filter: string, runs: number, models: string) =>
    `Evaluating lesson 07's agent on ${tasks} ${tasks === 1 ? "task" : "tasks"} (${filter}), ${runs} ${runs === 1 ? "run" : "runs"} each, on ${models}.`,
  // With --model a,b each table is priced as its own model.
  offlineNote: (models: string[]) =>
    `Offline: the demo model answers. Its token counts are estimates, priced as ${models.join(" and ")} would be${models.length > 1 ? ", each table at its model's price" : ""}; nothing is billed. The judge of the rubric grader is the demo model too, and it has no judgement (see the README).`,
  replayNote: "Replayed: every answer and token count comes from the recording, so the table is the recorded run's, graded again. Nothing is billed.",
  estimate: (runs: number, cost: string) => `Estimated cost before starting: about ${cost} for ${runs} ${runs === 1 ? "run" : "runs"} (a rough upper guess: tasks differ).`,
  noPrice: (model: string) => `${model} has no price in shared/model.ts, so the cost cannot be estimated.`,
  budgetTooSmall: (fits: number, runs: number, budget: string) =>
    `The budget of ${budget} covers about ${fits} of the ${runs} runs; the runs past it will not start.`,
  budgetStop: (spent: string, budget: string, left: number) =>
    `Budget reached: ${spent} spent of ${budget}; ${left} ${left === 1 ? "run was" : "runs were"} not started.`,
  runLine: (id: string, n: number, total: number, run: number, runs: number) => `▸ ${id} (${n}/${total}${runs > 1 ? `, run ${run}/${runs}` : ""})`,
  runPassed: "  pass",
  runFailed: (grader: string, why: string) => `  FAIL: ${grader}: ${why}`,
  passRate: (passed: number, n: number, low: number, high: number) =>
    `pass rate ${passed}/${n} = ${pct(passed / n)} (95% interval ${pct(low)}-${pct(high)}, Wilson, n = ${n} ${n === 1 ? "task" : "tasks"})`,
  passRateRuns: (rate: number, n: number, low: number, high: number) =>
    `pass rate ${pct(rate)} of runs, averaged per task (95% interval ${pct(low)}-${pct(high)}, Wilson, n = ${n} ${n === 1 ? "task" : "tasks"})`,
  passK: (k: number, at: number, hat: number) => `pass@${k} ${pct(at)}: some run of ${k} passes; pass^${k} ${pct(hat)}: all ${k} pass`,
  cost: (total: number, perPass: number | undefined, judge: number) =>
    `cost ${usd(total)} in all (the judge: ${usd(judge)}), ${perPass === undefined ? "no task passed" : `${usd(perPass)} per passed run`}`,
  before: (tool: string) => `Before: ${tool} described as in lesson 01`,
  after: (tool: string, description: string) => `After: ${tool} described as "${description}"`,
  changed: "What changed:",
  worse: (n: number) => `passed before, fail after (${n}):`,
  better: (n: number) => `failed before, pass after (${n}):`,
  unchanged: "no task changed.",
  rateMove: (before: number, after: number) => `pass rate ${pct(before)} → ${pct(after)}`,
  overlap: (n: number) =>
    `The two intervals overlap: with ${n} tasks this difference may be noise. Run the whole set (--tasks all) or more runs (--runs 3) before you believe it.`,
  apart: "The two intervals do not overlap: the change made the agent worse, not chance.",
  compare: (a: string, b: string) => `Side by side: ${a} and ${b}`,
  model: "model",
  wholeSet: (n: number) => `This was the short run. The whole set (${n} tasks): npm run lesson 13 -- --tasks all`,
  summary: (passed: number, n: number) => (n === 0 ? "No run was started." : `${passed} of ${n} passed.`),
  noRuns: "no run was started",
  notACommand: (text: string) =>
    `Lesson 13 evaluates the agent of lesson 07 on its task set; it does not run a task of yours ("${text}"). ` +
    `Try: npm run lesson 13 -- "Evaluate the task set", with --tasks all, --runs 3, --model a,b or --budget 0.50.`,
  unknownTasks: (unknown: string, tags: string) => `--tasks: no task has the id, tag or language "${unknown}". Tags: ${tags}; languages: en, ru; or "all", "core".`,
  badRuns: (value: string) => `--runs takes a whole number from 1 to 20, such as --runs 3 (got '${value}').`,
  badBudget: (value: string) => `--budget takes an amount in US dollars, such as --budget 0.50 (got '${value}').`,
  tooManyModels: "--model takes one model, or two separated by a comma to compare them (--model claude-haiku-5-5,claude-sonnet-5-5).",
  // A mistake in a task file (task-set.ts), with the file and the task it is in.
  taskFile: {
    notJson: (file: string, why: string) => `${file}: not valid JSON (${why}).`,
    theFile: "the file",
    task: (id: string) => `task "${id}"`,
    taskNumber: (n: number) => `task ${n}`,
    // ajv's own words, with the value it names.
    schema: (file: string, where: string, error: SchemaError) => `${file}: ${where} ${error.message}${ajvNote(error.params)}.`,
    badRule: (file: string, id: string, list: string, problem: string) => `${file}: task "${id}", rules.${list}: ${problem}`,
    scopeWithTools: (file: string, id: string) => `${file}: task "${id}" is out of scope, so it cannot also expect tools to be called.`,
    expectsNothing: (file: string, id: string) => `${file}: task "${id}" expects nothing, so every run would pass. Give it "expect" or "trace".`,
    noFiles: (folder: string) => `${folder} holds no .json task files.`,
    usedTwice: (file: string, id: string, before: string) => `${file}: task id "${id}" is used twice (also in ${before}). Ids must be unique.`,
  },
};

type Words = typeof en;

const ru: Words = {
  graders: {
    numbers: "числа",
    facts: "факты",
    files: "файлы",
    rubric: "рубрика",
    or: " или ",
    numbersFound: (list) => `называет ${list}`,
    numbersMissing: (missing, stated) => `ожидалось ${missing}; в ответе ${stated || "нет чисел"}`,
    factsFound: (n) => `называет все нужные факты (${n})`,
    factsMissing: (list) => `не сказано ${list}`,
    filesAsExpected: "в рабочей папке то, что должно быть",
    fileMissing: (name) => `${name} должен быть в рабочей папке, а его нет`,
    fileThere: (name) => `${name} не должно быть в рабочей папке, а он есть`,
    api: "api",
    apiFailed: (status, message) => `API ответил HTTP ${status} (${message.slice(0, 120)}); запуск считается проваленным`,
    judgeSaid: (verdict, why) => `судья говорит ${verdict}: ${why}`,
    judgeUnreadable: (text) => `ответ судьи не тот JSON, что просили, и считается провалом: ${text}`,
  },
  graderNames: {
    tools: "инструменты",
    arguments: "аргументы",
    workspace: "рабочая папка",
    approval: "подтверждение",
    "out of scope": "вне задач агента",
  },
  table: {
    task: "задача",
    result: "итог",
    why: "какой грейдер не прошёл и почему",
    tools: "вызовы",
    tokens: "токены вх./вых.",
    cost: "цена",
    pass: "да",
    fail: "НЕТ",
    notRun: "не запущена",
  },
  header: (tasks, filter, runs, models) =>
    `Оцениваем агента урока 07 на ${countRu(tasks, "задаче", "задачах", "задачах")} (${filter}), по ${countRu(runs, "запуску", "запуска", "запусков")} на каждую, модель: ${models}.`,
  offlineNote: (models) =>
    `Офлайн: отвечает демомодель. Токены у неё оценочные, цена посчитана как у ${models.join(" и ")}${models.length > 1 ? ", каждая таблица по цене своей модели" : ""}; ничего не списано. Судья рубрики тоже демомодель, и суждения у неё нет (см. README).`,
  replayNote: "Воспроизведение: все ответы и токены берутся из записи, так что в таблице записанный прогон, оценённый заново. Ничего не списано.",
  estimate: (runs, cost) => `Оценка цены до начала: около ${cost} за ${countRu(runs, "запуск", "запуска", "запусков")} (грубо и с запасом: задачи разные).`,
  noPrice: (model) => `У ${model} нет цены в shared/model.ts, поэтому цену оценить нельзя.`,
  budgetTooSmall: (fits, runs, budget) => `Бюджета ${budget} хватит примерно на ${fits} из ${countRu(runs, "запуска", "запусков", "запусков")}; запуски сверх него не начнутся.`,
  budgetStop: (spent, budget, left) => `Бюджет исчерпан: потрачено ${spent} из ${budget}; не начато: ${countRu(left, "запуск", "запуска", "запусков")}.`,
  runLine: (id, n, total, run, runs) => `▸ ${id} (${n}/${total}${runs > 1 ? `, запуск ${run}/${runs}` : ""})`,
  runPassed: "  да",
  runFailed: (grader, why) => `  НЕТ: ${grader}: ${why}`,
  passRate: (passed, n, low, high) =>
    `прошло ${passed}/${n} = ${pct(passed / n)} (95-процентный интервал ${pct(low)}–${pct(high)}, Уилсон, n = ${countRu(n, "задача", "задачи", "задач")})`,
  passRateRuns: (rate, n, low, high) =>
    `прошло ${pct(rate)} запусков, в среднем по задачам (95-процентный интервал ${pct(low)}–${pct(high)}, Уилсон, n = ${countRu(n, "задача", "задачи", "задач")})`,
  passK: (k, at, hat) => `pass@${k} ${pct(at)}: хоть один из ${k} запусков проходит; pass^${k} ${pct(hat)}: проходят все ${k}`,
  cost: (total, perPass, judge) =>
    `цена всего ${usd(total)} (из них судья ${usd(judge)}), ${perPass === undefined ? "ни одна задача не прошла" : `${usd(perPass)} за пройденный запуск`}`,
  before: (tool) => `До: у ${tool} описание из урока 01`,
  after: (tool, description) => `После: у ${tool} описание «${description}»`,
  changed: "Что изменилось:",
  worse: (n) => `до правки проходили, после нет (${n}):`,
  better: (n) => `до правки не проходили, после проходят (${n}):`,
  unchanged: "ни одна задача не изменилась.",
  rateMove: (before, after) => `прошло ${pct(before)} → ${pct(after)}`,
  overlap: (n) =>
    `Интервалы пересекаются: на ${countRu(n, "задаче", "задачах", "задачах")} такая разница может быть шумом. Прогоните весь набор (--tasks all) или больше раз (--runs 3), прежде чем верить.`,
  apart: "Интервалы не пересекаются: агента ухудшила правка, а не случай.",
  compare: (a, b) => `Рядом: ${a} и ${b}`,
  model: "модель",
  wholeSet: (n) => `Это был короткий прогон. Весь набор (${countRu(n, "задача", "задачи", "задач")}): npm run lesson 13 -- --tasks all`,
  summary: (passed, n) => (n === 0 ? "Ни один запуск не начат." : `Прошло ${passed} из ${n}.`),
  noRuns: "ни один запуск не начат",
  notACommand: (text) =>
    `Урок 13 оценивает агента урока 07 на наборе задач; вашу задачу («${text}») он не выполняет. ` +
    `Попробуйте: npm run lesson 13 -- "Оцени набор задач", с --tasks all, --runs 3, --model a,b или --budget 0.50.`,
  unknownTasks: (unknown, tags) => `--tasks: ни у одной задачи нет id, тега или языка «${unknown}». Теги: ${tags}; языки: en, ru; или all, core.`,
  badRuns: (value) => `--runs принимает целое число от 1 до 20, например --runs 3 (получено '${value}').`,
  badBudget: (value) => `--budget принимает сумму в долларах США, например --budget 0.50 (получено '${value}').`,
  tooManyModels: "--model принимает одну модель или две через запятую, чтобы сравнить их (--model claude-haiku-5-5,claude-sonnet-5-5).",
  taskFile: {
    notJson: (file, why) => `${file}: это не JSON (${why}).`,
    theFile: "файл",
    task: (id) => `задача «${id}»`,
    taskNumber: (n) => `задача ${n}`,
    schema: (file, where, error) => `${file}: ${where}: ${schemaRu(error)}.`,
    badRule: (file, id, list, problem) => `${file}: задача «${id}», rules.${list}: ${problem}`,
    scopeWithTools: (file, id) => `${file}: задача «${id}» вне задач агента, поэтому в ней нельзя ждать вызовов инструментов.`,
    expectsNothing: (file, id) => `${file}: задача «${id}» ничего не ждёт, и любой запуск прошёл бы. Дайте ей "expect" или "trace".`,
    noFiles: (folder) => `В ${folder} нет файлов задач .json.`,
    usedTwice: (file, id, before) => `${file}: id «${id}» встречается дважды (ещё в ${before}). Id должны быть разными.`,
  },
};

export function words(lang: Lang = courseLanguage()): Words {
  return lang === "ru" ? ru : en;
}

// A grader's name as the table shows it.
export function graderName(name: string, lang: Lang = courseLanguage()): string {
  return words(lang).graderNames[name] ?? name;
}

// The course's own messages in English: what the terminal commands say (check, watch, progress, hint,
// doctor, reset, the lesson runner), the lines lessons 05 to 08 print of their own (lesson 07's approval
// card, 05's timing line, 06's memory lines, 08's session and cost lines), and the offline model's
// "I can't" menu. ru.ts has the same shape; a message missing there is a type error.
// To add a message: add it here, then to ru.ts (tsc says where), then use messages().group.name.

type Kind = "lesson" | "exercise";
export interface RunSummary {
  turns: number;
  toolCalls: number;
  inputTokens: number;
  outputTokens: number;
  estimated: boolean;
  cost: string;
  seconds: string;
}

export const en = {
  // npm run <command> for a command the course does not have.
  commands: {
    unknown: (name: string) => `Unknown command '${name}'.`,
    useOneOf: (list: string) => ` Use one of: ${list}.`,
  },

  units: {
    which: (kind: Kind) => `Which ${kind}?`,
    noSuch: (kind: Kind, wanted: string) => `There is no ${kind} '${wanted}'.`,
    pickOne: "Pick one of these:",
    example: "Example:",
  },

  check: {
    unknownOption: (option: string) => `Unknown option '${option}'. Use --verbose (vitest's full report) or --diff (the whole diff after a pass).`,
    brokenVerdict: (id: string) => `✘ Exercise ${id}: the checks could not load your code.`,
    brokenNext: "Next: fix that first (npx tsc --noEmit shows type errors with line numbers).",
    passedVerdict: (total: number, id: string) => `✔ All ${total} checks pass. Exercise ${id} is done.`,
    // Core and hard mode (test/helpers/levels.ts): done once the core passes.
    passedCoreVerdict: (core: number, id: string, hardPassing: number, hardTotal: number) =>
      `✔ All ${core} core checks pass. Exercise ${id} is done; hard mode ${hardPassing} of ${hardTotal}${hardPassing === hardTotal ? " too." : "."}`,
    hardFirstFailing: (title: string, number: number) =>
      `Hard mode (optional: production edge cases, see the README's "Hard mode"; npm run hint ${number} helps). First failing: ${title}`,
    failedVerdict: (id: string) => `✘ Exercise ${id}: not done yet.`,
    firstFailing: (title: string) => `First failing check: ${title}`,
    count: (passing: number, total: number, hard = 0) =>
      hard === 0 ? `${passing} of ${total} checks pass.` : `${passing} of ${total} core checks pass (then hard mode, ${hard} more, optional).`,
    next: (what: string) => `Next: ${what}`,
    nextLesson: (number: number, id: string) => `exercise ${String(number).padStart(2, "0")}: npm run lesson ${number}, then exercises/${id}/README.md`,
    // The next exercise not done is an earlier one (skipped, or changed since).
    backTo: (number: number, id: string) => `exercise ${String(number).padStart(2, "0")}, not done yet: npm run watch ${number} (exercises/${id}/README.md)`,
    allDone: "every exercise is done.",
    fixThenCheck: (number: number) => `fix the check above, then npm run check ${number} again (stuck? npm run hint ${number}).`,
    sameAsReference: "Your answer passes, and it is the same as the reference solution.",
    diffHeading: "Your answer passes. Here is how the reference solution differs:",
    moreLines: (count: number) => `... (${count} more lines; --verbose shows everything)`,
    noCheckRan: "no check ran (is the test file there?)",
    hookTimedOut: (ms: number) =>
      `A setup or clean-up step of this check waited ${ms / 1000} s for your code: a promise your code returned (or started) never settled. The code below shows the call it waited on; the exercise's README says when each of your promises must settle.`,
    longDiff: (lines: number, number: number) => `Your answer passes. The reference solution differs in a ${lines}-line diff: npm run check ${number} -- --diff`,
  },

  watch: {
    runningAll: "Running every exercise's checks against exercises/ ...",
    progress: "Course progress",
    progressBar: (done: number, total: number) => `${done}/${total} exercises done`,
    checkingOthers: " (checking the other exercises ...)",
    exerciseLine: (id: string) => `Exercise ${id}: exercises/${id}/README.md`,
    pressNext: (id: string) => `press n for exercise ${id}.`,
    // Core done, hard mode not: the learner may move on or stay.
    pressNextOrHard: (id: string) => `press n for exercise ${id}, or stay for hard mode (checked on every save too).`,
    runWatch: (number: number) => `npm run watch ${number}`,
    fixAndSave: "fix the check above and save; h shows a hint for it.",
    fixStuck: (number: number) => `fix the check above (stuck? npm run hint ${number}).`,
    keys: "h hint · n next exercise · l list · r re-run · q quit",
    watching: (id: string, keys: string) => `Watching exercises/${id}/ for saves. ${keys}`,
    list: "Exercises:",
    checkingAgain: "Checking again ...",
    checking: (id: string) => `Checking ${id} ...`,
    notYet: "n moves on once every core check of this exercise passes.",
    lastExercise: "That was the last exercise.",
    noTerminal: "(No terminal, so no watching: this was one check. Run npm run watch in a terminal to re-check on every save.)",
  },

  progress: {
    done: "✔ done",
    doneHard: (passing: number, total: number) => `✔ done · hard mode ${passing}/${total}`,
    checks: (passing: number, total: number, hard = 0) => (hard === 0 ? `${passing}/${total} checks` : `${passing}/${total} core checks`),
    broken: "its checks could not load your code",
    everyExerciseDone: "Every exercise is done.",
    fromCache: (unchanged: number, total: number) =>
      `${unchanged} of ${total} exercises are unchanged since their last check, so their verdicts are the last ones (npm run check N checks one again).`,
  },

  // progress --json / --junit (for a teacher's tools and CI).
  progressExport: {
    junitNeedsFile: "--junit needs a file to write: npm run progress -- --junit report.xml",
    unknownArgument: (arg: string) => `Unknown argument '${arg}'. progress takes --json [file] (the progress as JSON) and --junit file (every check as JUnit XML).`,
    wrote: (file: string) => `Wrote ${file}.`,
  },

  // npm run class -- report <folder>: a teacher's report of the class (docs/TEACHING.md).
  classReport: {
    usage: "Usage: npm run class -- report <folder> [--csv file] [--md file]. The folder holds one progress.json per learner (NAME.json, or NAME/progress.json in a clone); see docs/TEACHING.md.",
    needsFile: (flag: string) => `${flag} needs a file to write, e.g. ${flag} class.${flag === "--csv" ? "csv" : "md"}`,
    unknownArgument: (arg: string) => `Unknown argument '${arg}'. class report takes one folder, --csv file and --md file.`,
    noFolder: (folder: string) => `There is no folder '${folder}'. Give the folder that holds the learners' progress files or clones.`,
    wrote: (file: string) => `Wrote ${file}.`,
    title: "Class report",
    counts: (learners: number, skipped: number) => `${learners} ${learners === 1 ? "learner" : "learners"} read${skipped > 0 ? `; ${skipped} skipped (listed at the end)` : ""}.`,
    versions: (list: string) => `The reports come from different versions of the course: ${list}.`,
    whoIsWhere: "Who is where",
    learner: "Learner",
    done: "Done",
    workingOn: "Working on",
    checksPassing: "Core checks passing",
    firstFailing: "First failing check",
    lastCheck: "Last check (UTC)",
    allDone: "all done",
    never: "never",
    broken: "(the checks could not load the code)",
    whatStops: "Which check stops the most learners",
    nobodyStopped: "Nobody is stopped: every learner has done every exercise.",
    learners: "Learners",
    exercise: "Exercise",
    check: "Check",
    moreBlockers: (count: number) => `And ${count} more (the CSV has every learner's first failing check).`,
    timePerExercise: "Median time per exercise",
    timeMeaning: "From a learner's first check on code of their own to the check that found the exercise done, over the learners who have done it.",
    learnersDone: "Learners done",
    medianTime: "Median time",
    medianHints: "Median hints seen",
    ofTimed: (count: number) => `of ${count} with times`,
    minutes: (minutes: number) => `${minutes} min`,
    hours: (hours: number, minutes: number) => `${hours} h ${String(minutes).padStart(2, "0")} min`,
    skippedTitle: "Skipped",
    noProgressFile: "no progress.json (npm run progress -- --json progress.json writes it)",
    notJson: "not JSON",
    notProgress: (detail: string) => `does not match docs/progress.schema.json: ${detail}`,
  },

  hint: {
    none: (id: string) => `Exercise ${id} has no hints. Its README and the TODO comments say what to do.`,
    range: (id: string, count: number) => `Exercise ${id} has hints 1 to ${count}.`,
    header: (id: string, index: number, count: number) => `Exercise ${id}, hint ${index} of ${count}`,
    forCheck: (title: string) => `for the first failing check: ${title}`,
    stillStuck: (number: number) => `Still stuck? npm run hint ${number} (or h in watch) gives a stronger one.`,
    lastForTodo: (number: number) => `That was the last hint for this TODO. Once its check passes, npm run hint ${number} helps with the next one.`,
    allPass: (id: string, number: number, count: number) =>
      `Exercise ${id} passes all its checks: no hint needed. To read one anyway: npm run hint ${number} K (K from 1 to ${count}).`,
    lastHint: (id: string) => `That was the last hint. The reference solution is in solutions/${id}/ (try without it first).`,
    // Shown when the learner's language has no hints file of its own yet (never in English).
    fallback: (file: string) => `(${file} is not there yet: here are the hints in English.)`,
  },

  reset: {
    unknownOption: (option: string) => `Unknown option '${option}'. Usage: npm run reset N [-- --yes]`,
    noStarter: (id: string) => `No shipped starter for ${id} in shared/starters/${id}/. Nothing was changed.`,
    alreadyShipped: (id: string) => `Exercise ${id} is already as shipped. Nothing to reset.`,
    question: (id: string, files: string) => `Put back the starter of exercise ${id}? ${files} will be replaced; your files are copied to .course/backup/ first. [y/N] `,
    // The answers that mean yes; anything else keeps the files.
    yes: ["y", "yes"],
    noTerminal: (id: string, number: number) => `Not resetting ${id}: there is no terminal to ask you. To reset anyway: npm run reset ${number} -- --yes`,
    nothingChanged: "Nothing was changed.",
    done: (id: string, files: string) => `Exercise ${id} is back to its starter (${files}).`,
    backup: (folder: string) => `Your files were copied to ${folder}`,
    extraLeft: (files: string) => `Files you added are left in place: ${files}.`,
  },

  lesson: {
    banner: (id: string) => `Lesson ${id}`,
    builtInModel: "This task runs on a built-in demo model made for it, whatever model is set.",
    realModel: (model: string, where: string) => `Model: ${model}${where ? ` at ${where}` : ""} (real API calls, billed to your key)`,
    offline: (why: string) => `Offline demo model (${why}): a small built-in planner, not Claude. For Claude: cp .env.example .env and set ANTHROPIC_API_KEY.`,
    noKey: "no ANTHROPIC_API_KEY",
    noAgent: (id: string) => `Lesson ${id} has no agent.ts yet.`,
    task: "Task:",
    taskCut: (length: number) => `(${length} characters in all)`,
    tryAlso: "Try also:",
    turnLimit: "The agent stopped before the model finished (it still wanted tools): the task is not done.",
    chatNeedsTerminal: '--chat needs a terminal to type into. Pass the task as an argument instead: npm run lesson N -- "task"',
    chatIntro: "Type a task and press Enter; an empty line or Ctrl+D ends. Each task starts a fresh conversation.",
    chatIntroSession: "Type a message and press Enter; an empty line or Ctrl+D ends. Each message continues the session, which is saved: run again later and it goes on (--new starts another).",
    chatUseChannels: (n: number) =>
      `Lesson ${n} talks through its channels rather than --chat: npm run lesson ${n} -- --web (a chat page in your browser) or -- --telegram. For a chat in the terminal: npm run lesson 8 -- --chat`,
    // The line after each task: what the run took.
    summary: (s: RunSummary) =>
      `turns: ${s.turns} · tool calls: ${s.toolCalls} · tokens: ${s.inputTokens} in / ${s.outputTokens} out${s.estimated ? " (estimated)" : ""} · cost: ${s.cost} · time: ${s.seconds} s`,
    offlineCost: "$0 (offline)",
    unknownCost: "unknown for this model",
    // The transcript's line for a thinking block: its text, or why there is none to show.
    thinking: (text: string) => `thinking: ${text}`,
    thinkingOmitted: "thinking (the API sent only its signature)",
    thinkingRedacted: "thinking (redacted by the API's safety systems; sent back as it came)",
    // npm run lesson -- --help, and after a wrong option. Option names stay as the learner types them.
    usage: (model: string, taskKb: number) => `Usage: npm run lesson N [-- "your task"] [--offline] [--model NAME] [--raw] [--chat] [--task-file F] [--budget USD] [--record F | --replay F]
  N          the lesson: 1, 01 or its name (first-tool)
  --offline  use the offline demo model even when ANTHROPIC_API_KEY is set
  --model    which Claude model to use (default: $ANTHROPIC_MODEL or ${model})
  --raw      print the exact JSON of every request and response
  --chat     type tasks one after another (needs a terminal)
  --task-file PATH  read the task from a file (- for standard input): for tasks longer than about
             ${taskKb} KB, which the system refuses as an argument
  --budget   stop before a real request whose estimated cost would pass this many US dollars
  --record F save every request and response to the file F (no key is saved)
  --replay F run on a recording instead of a model; stops with a diff if a request differs`,
    lessonsHeading: "Lessons:",
    unknownOption: (option: string) =>
      `Unknown option '${option}' (the options are below). A task that starts with "-" goes after a second "--": npm run lesson N -- -- "${option} ..."`,
    // What went wrong with a real model, each with what to do about it.
    unreachable: (problem: string) => `Could not reach the API: ${problem}`,
    unreachableFix: "Check your network, or ANTHROPIC_BASE_URL if you set it. Or run with --offline.",
    apiError: (status: number, problem: string) => `API error ${status}: ${problem}`,
    badRequest: "The request broke an API rule (the message says which). Compare your messages with the lesson's code.",
    keyRefused: "The API key was not accepted. Check ANTHROPIC_API_KEY in .env.",
    forbidden: "The key may not use this model or feature.",
    notFound: (model: string) =>
      `Model or endpoint not found. Check the model name, set by --model or ANTHROPIC_MODEL (now '${model}'), and ANTHROPIC_BASE_URL if you set it.`,
    rateLimited: "Rate limited. Wait a little and run again.",
    overloaded: "The API is overloaded. Try again in a minute, or run with --offline.",
    serverError: "The API had a problem on its side. Try again.",
    crashed: (problem: string) => `The agent crashed: ${problem}`,
    // A task too long for the command line, or a --task-file that cannot be used (shared/cli/task-input.ts).
    taskTooLong: (bytes: number, limit: number) =>
      `The task is ${bytes.toLocaleString("en-US")} bytes; on the command line the limit is ${limit.toLocaleString("en-US")} ` +
      "(the system refuses longer arguments). Put it in a file and run: npm run lesson N -- --task-file task.txt",
    standardInput: "standard input",
    taskFileTooBig: (where: string, limit: number) =>
      `The task in ${where} is over ${limit.toLocaleString("en-US")} bytes (about 100,000 tokens, sent with every request). ` +
      "Shorten it, or give the agent the document to read with a tool instead of pasting it into the task.",
    taskNotUtf8: (where: string) => `The task in ${where} is not UTF-8 text. Save it as UTF-8 and try again.`,
    taskEmpty: (where: string) => `The task in ${where} is empty. Write the task into it, or pass it in quotes.`,
    taskFileUnreadable: (file: string, code: string | undefined) =>
      `Cannot read the task file ${file}${code === "ENOENT" ? ": there is no such file" : code === "EISDIR" ? ": it is a folder; name a file in it" : ` (${code})`}.`,
  },

  // npm run lesson N -- --record FILE / --replay FILE (shared/cli/record-replay-flags.ts).
  tape: {
    both: "Use --record or --replay, not both: a replay answers from the file --record writes.",
    replayNoChat: "--replay plays one recorded run; it cannot take new tasks with --chat.",
    otherLesson: (file: string, recorded: string, lesson: string) =>
      `'${file}' was recorded with lesson ${recorded}, not ${lesson}. Run: npm run lesson ${recorded} -- --replay ${file}`,
    aModel: "a model",
    // What a recording made offline names as its source. Saved in English; shown in the learner's language.
    offlineSource: "the offline demo model",
    replaying: (file: string, count: number, source: string, date: string) =>
      `Replaying '${file}': ${count} exchange(s) recorded from ${source} on ${date}. No model is asked.`,
    recorded: (count: number, file: string) =>
      `Recorded ${count} exchange(s) to ${file} (no key or authorization header is saved). Replay: --replay ${file}`,
    // When a replay no longer fits the code (shared/record-replay/replay.ts).
    requestDiffers: (number: number) => `Request ${number} differs from the recording (- recorded, + sent now):`,
    replayStops: "The replay stops here: the recorded answers no longer fit what the code asks. If the change is intended, record again with --record.",
    noAnswer: (number: number, count: number) =>
      `Request ${number} has no answer in the recording: it holds ${count} exchange(s). The lesson now asks the model more often than when it was recorded.\nThe extra request:`,
    stoppedEarly: (played: number, count: number) =>
      `The lesson stopped after ${played} of the ${count} recorded exchanges: it asks the model less often than when it was recorded.`,
    moreCharacters: (n: number) => `(${n} more characters)`,
  },

  // Mistakes in how a lesson was run (a flag, a setting in .env): what is wrong and what to type, in
  // one or two lines, no stack trace (shared/usage-error.ts); and the parts of --help a lesson adds.
  mistakes: {
    lessonFlags: (n: number) => `Lesson ${n}'s own options:`,
    helpForLesson: "npm run lesson N -- --help also lists lesson N's own options.",
    didYouMean: (option: string) => `Did you mean ${option}?`,
    businessHours: (value: string) =>
      `COURSE_BUSINESS_HOURS=${JSON.stringify(value)} is not a set of hours. Write it like COURSE_BUSINESS_HOURS=09-18 (Monday to Friday), 09-18 mon-sat, or 00-24 mon-sun (always open).`,
    needsValue: (option: string, value: string) => `${option} needs a value after it: ${option} ${value} (a value that starts with "-" goes as ${option}=-...).`,
    takesNoValue: (option: string) => `${option} takes no value: write ${option} alone.`,
    folder: (file: string, code: string) =>
      `Cannot use ${file} (${code}). If WORKSPACE_DIR or MEMORY_DIR in .env names it, point it at a folder you can write to, or remove the line.`,
    timeout: (value: string) => `COURSE_TIMEOUT_S=${JSON.stringify(value)} is not a number of seconds. Write it like COURSE_TIMEOUT_S=120 in .env, or remove the line (60 s).`,
    stopping: "Stopping... (press Ctrl+C again to quit at once)",
    otherLesson: (option: string, n: number) => `${option} is an option of lesson ${n}: npm run lesson ${n} -- ${option}`,
    // Printed under the stack trace of a real bug, so the learner can tell it from a mistake of theirs.
    isBug: "This is a bug (in the course or in code you changed), not a mistake in how you ran it: the trace above shows where.",
    sessionName: (name: string) =>
      `"${name}" is not a session name: use letters, digits, - and _ (at most 80). For example: npm run lesson 8 -- --session work "..."`,
    sessionExists: (name: string, file: string) =>
      `Session "${name}" already exists (${file}). Drop --new to go on with it, or pick another name: --session ${name}-2 --new`,
    budget: (value: string) => `--budget takes an amount of US dollars, like 0.05; got "${value}". For example: npm run lesson 8 -- --budget 0.05 "..."`,
    // The same mistake in any lesson (the CLI's own --budget, for real Claude): no lesson named.
    budgetAmount: (value: string) => `--budget takes an amount of US dollars greater than 0, like --budget 0.05; got "${value}".`,
    port: (value: string) => `--port takes a port number from 0 to 65535 (0 picks a free one); got "${value}". For example: npm run lesson 9 -- --web --port 8080`,
    // A flag that means something only with another one: said, not silently dropped.
    portNeedsWeb: "--port goes with --web: it picks the chat page's port, and without --web no page is served. For example: npm run lesson 9 -- --web --port 8080",
    onceNeedsHeartbeat: "--once goes with --heartbeat: it runs the due tasks of HEARTBEAT.md once, then stops. For example: npm run lesson 9 -- --heartbeat --once",
    portTaken: (port: number) => `Port ${port} is already in use (another program, or another run of this lesson). Stop that one, or pick another port: --port 8081, or --port 0 for any free one.`,
    sessionBusy: (name: string, pid: number) =>
      `Session "${name}" is in use by another run of the assistant (process ${pid}), maybe in another terminal. Finish or stop that one first, or use another session: --session ${name}-2`,
    sessionKeptTaken: (file: string) => `Could not lock ${file}: another run keeps taking it. Try again in a moment.`,
    telegramToken: "--telegram needs a bot token: get one from @BotFather in Telegram, then add TELEGRAM_BOT_TOKEN=123456:ABC... to .env (see .env.example).",
    mcpClash: (name: string, first: string, second: string) =>
      `Two tools would be called ${name}: the ${first} and the ${second}. Rename one of the servers in mcp.json (the key under "mcpServers"), or remove one.`,
    mcpStart: (name: string, command: string, problem: string, tail: string) =>
      `Could not start the MCP server "${name}" (${command}): ${problem}. Check its "command" and "args" in mcp.json (the command must run in a terminal in the course folder).${tail}`,
    mcpConnect: (name: string, url: string, problem: string) =>
      `Could not connect to the MCP server "${name}" at ${url}: ${problem}. Check that it is running, and its "url" and "headers" in mcp.json (a token in a header usually comes from an environment variable).`,
    // Lesson 11's mcp.json, read before any server starts (lessons/11-mcp/mcp-config.ts), and the line
    // of a server's stderr that says why it failed to start (stderr-gist.ts; shown as data, not obeyed by the terminal).
    mcpNotJson: (line: number, engine: string) => `not valid JSON (line ${line}: ${engine}).`,
    mcpNoServers: 'expected { "mcpServers": { "name": { "command": "...", "args": [...] } } }.',
    mcpNeedsCommand: (name: string) => `server "${name}" needs a "command" (a program to start, e.g. "node") or a "url" (a server already running).`,
    mcpArgs: (name: string) => `server "${name}": "args" must be a list of strings.`,
    mcpEnv: (name: string) => `server "${name}": "env" must be an object of strings.`,
    mcpBoth: (name: string) => `server "${name}" has both "command" and "url": give one (a program to start, or a server already running).`,
    mcpUrl: (name: string) => `server "${name}": "url" must be an http:// or https:// address.`,
    mcpHttps: (name: string) => `server "${name}": use https:// for a server on another machine (plain http:// is only for 127.0.0.1 or localhost).`,
    mcpHeaders: (name: string) => `server "${name}": "headers" must be an object of strings.`,
    mcpUnset: (name: string, header: string, variable: string) =>
      `server "${name}": header "${header}" uses \${${variable}}, which is not set. Set it in .env or the shell.`,
    mcpUnreadable: (file: string, code: string) => `${file} could not be read (${code}).`,
    mcpStderr: (words: string) => ` It said on stderr: ${words}`,
    builtInTool: (name: string) => `the built-in tool ${name}`,
    mcpTool: (tool: string, server: string) => `tool "${tool}" of MCP server "${server}"`,
  },

  approval: {
    needed: (tool: string) => `  ? Approval needed: ${tool}`,
    question: (tool: string) => `  Run it? [y] yes  [n] no  [a] always allow ${tool} this session  (Enter = no): `,
    always: (tool: string) => `always: ${tool} will not be asked about again this session`,
    yes: "yes",
    no: "no",
    // The card's lines under "Approval needed". What fills them came from the model or a tool: inert.
    input: (input: string) => `    input:  ${input}`,
    effect: (effect: string) => `    effect: ${effect}`,
    why: (why: string) => `    why:    ${why}`,
    notShown: (count: number) => `… (${count} more characters not shown)`,
    // What lesson 07's agent prints about the gate.
    noTerminal: "  (no terminal: calls that need approval will be refused, not asked about)",
    gateRuns: (tool: string, reason: string) => `  ✓ gate: ${tool} runs: ${reason}`,
  },

  // Lesson 05: how long a turn's tool calls took, and whether they ran together.
  parallel: {
    ms: (ms: number) => `${ms} ms`,
    error: " (error)",
    together: (count: number, total: string, each: string, sum: string) =>
      `  ⏱ ${count} calls in parallel (all concurrency-safe): ${total} in all; each: ${each}; added up: ${sum}`,
    inTurn: (count: number, total: string, each: string, sum: string) =>
      `  ⏱ ${count} calls one after another (not all concurrency-safe): ${total} in all; each: ${each}; added up: ${sum}`,
  },

  // Lesson 06: the memory folder, read into the system prompt on every run.
  memory: {
    created: (files: string, folder: string) => `Created ${files} in ${folder}/ (first run).`,
    loaded: (folder: string, characters: number, tokens: number) =>
      `Memory from ${folder}/: ${characters.toLocaleString("en-US")} characters (about ${tokens} tokens) in the system prompt of every request.`,
  },

  // Lesson 08: which session a message goes to, and what it cost.
  assistant: {
    history: (dropped: number, tokens: number) => `  · history: the ${dropped} oldest messages left out to stay under ${tokens} tokens`,
    request: (model: string, why: string, input: number, output: number, price: string) => `  · ${model} (${why}) · ${input} in / ${output} out · ${price}`,
    priceUnknown: "price unknown",
    // What the chat hears when a turn fails (lesson 08's gateway); the error's own words come after it.
    turnFailed: (problem: string) => `Sorry, that failed: ${problem}`,
    session: (name: string, file: string, resuming: boolean) => `Session ${name}: ${file}${resuming ? " (resuming)" : " (new)"}`,
    cost: (turn: string, session: string, today: string) =>
      `cost: this message ${turn} · session ${session} · today ${today} (tokens at the list prices in shared/model.ts)`,
  },

  // Lesson 07's permissions file (rules-file.ts): what is wrong with it and what to do, for the person
  // who edits it. What JSON.parse said is quoted as data, in its own (English) words.
  rulesFile: {
    where: (file: string, line?: number) => (line ? `${file}, line ${line}` : file),
    unreadable: (file: string, problem: string) => `${file} could not be read (${problem}). Check the file, or delete it.`,
    notJson: (parser: string) => `not valid JSON (${parser}). Fix the file, or delete it to be asked about every change.`,
    notObject: 'the file must hold one object: { "allow": [...], "ask": [...], "deny": [...] }.',
    writtenTwice: (key: string) => `"${key}" is written twice; only one would count. Merge the two into one list.`,
    unknownKey: (key: string) => `unknown key "${key}". Use "allow", "ask" or "deny" (and "$comment" for notes).`,
    notList: (key: string) => `"${key}" must be a list of rules, like ["send_email"].`,
    notString: (item: string) => `${item} is not a string.`,
    notRule: (text: string) =>
      `"${text}" is not a rule. Write a tool name, optionally with one input field and a pattern: ` +
      `"send_email", "mcp__weather__*" or "save_to_file(filename=reports/*)".`,
    spacedPattern: (text: string, pattern: string, fixed: string) =>
      `"${text}": the pattern "${pattern}" starts or ends with a space, so it would never match. Write it without: "${fixed}".`,
    namesNoTool: (list: string, rule: string, tools: string) => `${list} rule "${rule}" names no tool this agent has (${tools}): it never applies.`,
    noSuchField: (list: string, rule: string, tool: string, field: string) =>
      `${list} rule "${rule}": ${tool} has no input field "${field}", so the rule never applies.`,
  },

  // Lesson 07's gate, in the words the learner reads: why a call was let through (the "✓ gate" line)
  // and why the approval card asks. Refusals are not here: they are tool results, written for the model.
  gate: {
    allowedByRule: (rule: string) => `allowed by the rule ${rule}`,
    onlyReads: (tool: string) => `${tool} only reads, so it runs without asking`,
    askRuleSays: (rule: string) => `the rule ask ${rule} says to ask`,
    mayChange: (tool: string) => `${tool} can change things, and no rule allows it`,
    approved: "the user approved this call",
    approvedAskAgain: (rule: string) => `the user approved this call (the rule ask ${rule} will still ask next time)`,
    allowedForSession: (tool: string) => `the user allowed ${tool} for the rest of this session`,
    alwaysRule: (tool: string) => `${tool} (you answered "always" this session)`,
  },

  // What a call would do, on the approval card ("effect:"): each tool's describeEffect.
  effects: {
    runsReader: (tool: string) => `runs ${tool}, which only reads`,
    runsChanger: (tool: string) => `runs ${tool}, which may change things outside this conversation`,
    writes: (characters: number | undefined, file: string, replaces: boolean) =>
      `writes ${characters === undefined ? "text" : `${characters} characters`} to ${file} (${replaces ? "REPLACES the existing file" : "creates the file"})`,
    sendsEmail: (to: string, subject: string, excerpt: string, plan: string) => `SENDS an email to ${to}, subject "${subject}": "${excerpt}" (plan ${plan}); this cannot be undone`,
    moreCharacters: (total: number) => ` (${total} characters in all)`,
    noSuchPlan: (plan: string) => `sends the email planned as ${plan}, but there is no such plan (it will fail)`,
    appendsRow: (sheet: string, columns: string) => `appends a row to ${sheet}.csv in the workspace (${columns})`,
    replacesText: (characters: number | string, file: string, everywhere: boolean) =>
      `replaces ${characters} characters of ${file} in the project folder${everywhere ? " (every occurrence)" : ""}`,
    mcpOnlyReads: "only reads",
    mcpMayDelete: "may delete or overwrite",
    mcpOutside: "reaches outside systems",
    mcpServerSays: (claims: string) => `the server says it ${claims}; unverified`,
    mcpServerSilent: "the server says nothing about its effects",
    mcpCall: (tool: string, server: string, characters: number, said: string) => `calls ${tool} on the MCP server "${server}" with ${characters} characters of input (${said})`,
  },

  // --budget: the stops before a request that could pass it (the CLI's guard, lesson 08's cost meter),
  // and the summary's note.
  budget: {
    noPrice: (request: number, model: string, budget: string) =>
      `Stopped before request ${request}: shared/model.ts has no price for ${model}, so the ${budget} budget cannot be kept. ` +
      `Choose a priced model (--model), run without --budget, or run with --offline.`,
    wouldPass: (request: number, cost: string, inputTokens: number, outputTokens: number, spent: string, budget: string) =>
      `Stopped before request ${request}: it could cost up to ${cost} (about ${inputTokens} tokens in, up to ${outputTokens} out), ` +
      `and ${spent} of the ${budget} budget is spent. Raise --budget, or run with --offline.`,
    note: (spent: string, budget: string) => ` · budget: ${spent} of ${budget} spent`,
    meterNoPrice: (model: string) => `No price is known for ${model}, so a budget cannot be kept. Add its price to shared/model.ts or drop --budget.`,
    meterWouldPass: (cost: string, inputTokens: number, maxTokens: number, model: string, spent: string, budget: string) =>
      `Stopped before the next request: it could cost up to ${cost} (${inputTokens} tokens in, up to ${maxTokens} out on ${model}), ` +
      `and ${spent} of the ${budget} budget is spent. Raise --budget to go on.`,
  },

  // Lesson 08's model routing (route-model.ts), its session notes and its crash repair.
  routing: {
    pinned: "pinned with --model or ANTHROPIC_MODEL",
    askedForStrong: "strong: the user asked for it",
    steps: (strong: boolean, steps: number) => `${strong ? "strong" : "cheap"}: ${steps === 1 ? "1 step" : `${steps} steps`}`,
  },
  sessionNotes: {
    cutLine: (file: string, line: number) => `${file} line ${line} is not a complete record (cut short by a crash?); skipped it.`,
    assistantFirst: (name: string) => `${name} starts with an assistant message (its user message was damaged); skipped it.`,
    callTwice: (name: string) => `${name} holds a tool call twice (a line written again); skipped the repeat.`,
    strayResults: (name: string, count: number) =>
      `${name}: ${count} tool result(s) answer a call that is not in the session just before (a damaged line, or given twice); skipped them.`,
    theSession: "the session",
    orphans: (session: string, count: number, ids: string) =>
      `  ! ${session} has ${count} tool call(s) that never returned (${ids}): the last run stopped mid-call. ` +
      "Sent as it is, the API would refuse it (400). Answering them: interrupted, effect unknown.",
  },

  // Lesson 10: the sample project it makes on its first run.
  edits: {
    createdProject: (folder: string, files: string) => `  (created the project folder ${folder} with ${files})`,
  },

  // Lesson 11: which tools came from where.
  mcpTools: {
    builtIn: (names: string) => `  built-in: ${names}`,
    server: (server: string, names: string) => `  mcp ${server}: ${names} (as mcp__${server}__<tool>; untrusted: asked about unless a rule allows)`,
    twice: (pairs: string) => `  under two names: ${pairs}: the prefix says whose code runs`,
  },

  // Lesson 13: the graders on the trace (lessons/13-evals/trace-graders.ts) say why a run passed or failed.
  traceGraders: {
    call: (name: string, n: number) => `${name} (call ${n})`,
    calledInOrder: (calls: string[]) => (calls.length > 0 ? `called ${calls.join(", ")}, in order` : "no tool was called"),
    noToolCalled: "no tool was called",
    // step counts from 0; expected is the whole expected sequence.
    missing: (tool: string, step: number, expected: string[]) =>
      `${tool} is missing` + (step > 0 ? ` after ${expected[step - 1]}` : "") + ` (step ${step + 1} of ${expected.length})`,
    extraCalls: (calls: string[], expected: string[]) =>
      `unexpected ${calls.join(", ")}: ` + (expected.length > 0 ? `the task needs only ${expected.join(", ")}` : "the task needs no tool"),
    // Several problems of one run, or of one call, in one line.
    problems: (list: string[]) => list.join("; "),
    callProblems: (call: string, list: string[]) => `${call}: ${list.join("; ")}`,
    argsMatched: (call: string) => `${call} had the arguments the task asks for`,
    argsNeverCalled: (tool: string) => `${tool} was never called, so its arguments could not be checked`,
    argMissing: (key: string, expected: string) => `${key} is missing (should be ${expected})`,
    argWrong: (key: string, actual: string, expected: string) => `${key} is ${actual}, should be ${expected}`,
    withinTolerance: (n: number, tolerance: number) => `${n} ± ${tolerance}`,
    anyCase: (code: string) => `${code} in any letter case`,
    containing: (text: string) => `text containing ${text}`,
    outside: (call: string, key: string, value: string, where: string, refused: boolean) =>
      `${call} asked for ${key} ${value}: ` +
      (where === "absolute" ? "an absolute path" : '".." climbs out of the workspace') +
      (refused ? " (it did not run, but the model should not have asked)" : ", and it ran"),
    allInside: "no file path pointed outside the workspace",
    unapproved: (call: string, gate: string) =>
      gate === "reads only"
        ? `${call} changed something, yet passed the gate as "reads only": declare the tool's side effect so the gate asks`
        : gate === "denied" || gate === "refused by rule"
          ? `${call} ran although the gate said "${gate}": a refused call must not run`
          : `${call} changed something without approval (gate: "${gate}")`,
    effectsApproved: "no side effect ran without approval",
    calledOutOfScope: (calls: string[]) =>
      `the task is out of scope, yet the model called ${calls.join(", ")}: it should have said it cannot help, without calling a tool`,
  },

  // Lesson 13: pass@k and pass^k refuse counts that cannot be (lessons/13-evals/pass-k.ts).
  passK: {
    notWhole: (name: string, value: string) => `${name} must be a whole number, not ${value}`,
    noRuns: (n: number) => `n = ${n}: no runs recorded; run the task at least once`,
    passesOutOfRange: (c: number, n: number) => `c = ${c} passes of n = ${n} runs: c must be between 0 and n`,
    kTooSmall: (k: number) => `k = ${k}: k must be at least 1`,
    kOverN: (k: number, n: number) => `k = ${k} is more than the n = ${n} runs recorded: run the task at least ${k} times, or lower k`,
  },

  // npm run mcp: lesson 11's course server, on stderr (stdout carries the protocol).
  mcpServer: {
    unknownOption: (option: string) => `Unknown option '${option}' for npm run mcp.`,
    running: (count: number, names: string, workspace: string) => `course MCP server: ${count} tools (${names}); workspace ${workspace}`,
    usage: (port: number) => `Usage: npm run --silent mcp [-- --workspace DIR] [--memory DIR] [--http [--port N]]
  Serves the course's tools over MCP on stdin/stdout (for Claude Desktop, Claude Code, lesson 11).
  --workspace  where save_to_file writes (default: workspace/)
  --memory     the memory folder of remember, forget, set_preference (default: $MEMORY_DIR or workspace/memory)
  --http       serve over Streamable HTTP on 127.0.0.1 instead, with a bearer token (printed at start, or $COURSE_MCP_TOKEN)
  --port       the HTTP port (default: ${port}; 0 picks a free one)`,
  },

  // Lesson 12: the four parts it shows, and what the transcript alone does not say.
  toolsAtScale: {
    part: (number: number, title: string) => `\n── ${number}. ${title} ──`,
    titles: {
      loops: "The loop you wrote, and the SDK's tool runner",
      strict: "Strict tools and structured output",
      search: "Many tools: deferred, then found by a search",
      cache: "Caching the tool definitions",
    },
    byHand: "  a) lesson 02's runLoop, which we wrote:",
    bySdk: "  b) the SDK's toolRunner, with zod tools and our gate, timeout and cap around each run:",
    handLoop: (requests: number, sent: string, characters: number) =>
      `  lesson 02's loop: ${requests} requests; messages sent: ${sent} (the whole conversation every time; ${characters} characters in the last request)`,
    runner: (requests: number, sent: string, characters: number) =>
      `  toolRunner on a message thread: ${requests} requests; messages sent: ${sent} (the server keeps the conversation; ${characters} characters in the last request)`,
    cutShort: (limit: number) => `  ! the loop stopped after ${limit} requests with the model still asking for tools: there is no final answer`,
    refused: (tool: string) => `  ✗ gate: ${tool} refused (the model reads why, as an is_error result)`,
    hintOnly: (fields: string) => `  strict: ${fields}: the strict schema cannot hold it; it became a hint in the description, so lesson 04's check still runs`,
    parsed: (json: string) => `  parsed_output: ${json}`,
    noParsed: "  no parsed_output: the loop ended without a final answer",
    grounded: (calls: number) => `  the amount and the rate match the tool results (${calls} strict calls, each input matched its schema)`,
    notGrounded: (fields: string) => `  ! ${fields}: in no tool result. The schema guarantees the shape of the answer, not that its numbers are true`,
    tokens: (tools: number, allLoaded: number, deferred: number) =>
      `  count_tokens: all ${tools} tools loaded: ${allLoaded.toLocaleString("en-US")} tokens · deferred: ${deferred.toLocaleString("en-US")} tokens (only the search tool is loaded)`,
    serverSearch: (tool: string) => `  search on the server (${tool}):`,
    clientSearch: (tool: string) => `  search by our own tool (${tool}, tool_reference blocks):`,
    found: (query: string, names: string) => `    ⌕ ${query} → ${names}`,
    foundNothing: (query: string) => `    ⌕ ${query} → nothing`,
    noSearch: "    (the model searched for nothing: no deferred tool was loaded)",
    usage: (request: number, input: number, written: number, read: number, output: number) =>
      `  request ${request}: ${input} input tokens, ${written} written to the cache, ${read} read from it, ${output} output`,
    cost: (withCache: string, withoutCache: string) => `  cost: ${withCache} with the cache · ${withoutCache} if every token were plain input (list prices in shared/model.ts)`,
    noPrice: "unknown (no price for this model)",
    badPart: (part: string) => `Unknown --part '${part}': use 1, 2, 3 or 4, or leave it out to see all four.`,
    badSearch: (variant: string) => `Unknown --search '${variant}': use bm25 or regex.`,
  },

  doctor: {
    ok: "ok  ",
    warn: "warn",
    fail: "fail",
    fix: "fix:",
    ready: "Ready.",
    failedCount: (failed: number) => `${failed} check(s) failed.`,
    summary: (total: number, failed: number, warned: number) => `${total} checks: ${failed} failed, ${warned} warnings.`,
    nodeOk: (version: string) => `Node.js ${version} (20 or later needed)`,
    nodeOld: (version: string) => `Node.js ${version} is too old: the course needs 20 or later`,
    nodeFix: "install Node.js 20, 22 or 24 (https://nodejs.org)",
    noPackageJson: "no package.json here",
    noPackageJsonFix: "run the course's commands from the course folder",
    depsMissing: (names: string) => `dependencies not installed: ${names}`,
    depsDiffer: (list: string) => `installed packages differ from package-lock.json: ${list}`,
    lockFile: (version: string) => `lock file: ${version}`,
    depsOk: (count: number) => `dependencies installed, matching package-lock.json (${count} packages)`,
    bundlerOk: (version: string) => `the bundler works (esbuild ${version})`,
    bundlerFail: (problem: string) => `the bundler (esbuild) does not run: ${problem}`,
    bundlerFix: "npm rebuild esbuild (or delete node_modules and run npm install)",
    noEnv: ".env not present: lessons run on the offline demo model (for Claude: cp .env.example .env, then set ANTHROPIC_API_KEY)",
    envOk: ".env present",
    envUnreadable: ".env is present but cannot be read",
    envFix: "check its permissions (chmod 600 .env)",
    noKey: "ANTHROPIC_API_KEY not set: the offline demo model is used",
    keySpaces: "it has spaces or a line break around it",
    keyQuotes: "it is wrapped in quotes",
    keyPrefix: "it does not start with sk-ant-",
    keyCharacters: "it has characters a key never has",
    keyShort: (length: number) => `it is only ${length} characters long`,
    keyBad: (problems: string) => `ANTHROPIC_API_KEY does not look like an Anthropic key: ${problems}`,
    keyBadFix: "copy the key again from https://console.anthropic.com/ into .env, as ANTHROPIC_API_KEY=sk-ant-...",
    keyOk: (length: number) => `ANTHROPIC_API_KEY is set and shaped like a key (sk-ant-..., ${length} characters)`,
    noAnswerWithin: (seconds: number) => `no answer within ${seconds} s`,
    refused: "nothing is listening there (connection refused)",
    noHost: "the host name does not resolve",
    noServer: "ANTHROPIC_BASE_URL not set, and no key: no server to ask (offline demo model)",
    baseUrlNamed: (base: string) => `ANTHROPIC_BASE_URL (${base})`,
    apiAt: (base: string) => `the API at ${base}`,
    endsInV1: (name: string) => `${name} ends in /v1: the SDK adds /v1/messages itself`,
    setBaseUrl: (base: string) => `set ANTHROPIC_BASE_URL=${base}`,
    noAnswer: (name: string, error: string) => `${name} does not answer: ${error}`,
    startServer: "start the server, or fix or remove ANTHROPIC_BASE_URL in .env",
    checkNetwork: "check your network connection",
    notMessagesApi: (name: string, base: string, wrong: string) => `${name} does not answer like the Messages API: POST ${base}/v1/messages got ${wrong}`,
    notMessagesApiFix: "point ANTHROPIC_BASE_URL at an Anthropic-compatible server (its address without /v1)",
    keyRefused: (name: string) => `${name} answers like the Messages API, but refuses the key (401)`,
    checkKey: "check ANTHROPIC_API_KEY in .env",
    apiOk: (name: string, status: number) => `${name} answers like the Messages API (HTTP ${status})`,
    deprecated: (end: string) => `; it is deprecated and reaches end of life on ${end}`,
    pickCurrent: "pick a current model: ANTHROPIC_MODEL in .env, or --model (e.g. claude-haiku-5-5)",
    modelKnownToApi: (name: string, note: string) => `model ${name}: the API knows it${note}`,
    modelUnknownToApi: (name: string) => `model ${name}: the Models API does not know it (404)`,
    modelUnknownToApiFix: "set ANTHROPIC_MODEL to a model listed at https://docs.anthropic.com/en/docs/about-claude/models",
    noModelList: (name: string) => `model ${name}: could not read the SDK's list of models to check it`,
    modelKnownToSdk: (name: string, note: string) => `model ${name}: known to the SDK${note}`,
    modelLocal: (name: string) => `model ${name}: not a Claude model the SDK knows (fine if your local server serves it)`,
    modelUnknown: (name: string) => `model ${name}: the SDK does not know this model name`,
    modelUnknownFix: "set ANTHROPIC_MODEL to a current Claude model (e.g. claude-haiku-5-5), or remove it to use the default",
    workspaceOk: "workspace/ is writable",
    workspaceCreatable: "workspace/ can be created here (the lessons from 03 on write into it)",
    notWritable: (what: "workspace" | "course", error: string) => `${what === "workspace" ? "workspace/" : "the course folder"} is not writable: ${error}`,
    notWritableFix: "check the folder's owner and permissions",
    terminalOk: "a terminal is attached (lesson 07 can ask before a side effect)",
    noTerminal: "no terminal attached: lesson 07 cannot ask, so it refuses gated tools (run it in a terminal to answer y/n)",
    language: (why: string) => `the course speaks English (${why}); COURSE_LANG=ru in .env switches it to Russian`,
    languageFix: "set COURSE_LANG=en or COURSE_LANG=ru in .env, or remove it",
    fromCourseLang: (value: string) => `COURSE_LANG=${value}`,
    fromLocale: (locale: string) => `from the system locale, ${locale}`,
    noSetting: "neither COURSE_LANG nor a system locale is set",
  },

  web: {
    openTheLink:
      "This chat page opens only from the link printed in the terminal where the lesson runs (http://127.0.0.1:PORT/?key=...). " +
      "The link gives this browser its session; without it the page shows nothing, so a program that only knows the port gets nothing either.",
    linkUsed:
      "This link was used already, or it is from an earlier run: each link works once. Use the latest link in the terminal, or start the lesson again for a new one.",
    pageAt: (link: string) => `The chat page: open ${link} in a browser (the link works once; Ctrl-C to stop)`,
  },

  // npm run mcp -- --http (lessons/11-mcp/http-server.ts). The server's log goes to stderr.
  mcpHttp: {
    listening: (url: string, tools: number) => `course MCP server over HTTP: ${url} (${tools} tools; only this machine can connect)`,
    token: (token: string) => `token, shown this once: ${token}\n  clients send it as the header  Authorization: Bearer <token>  (set COURSE_MCP_TOKEN to choose your own)`,
    tokenFromEnv: "token: the one in COURSE_MCP_TOKEN (clients send it as Authorization: Bearer <token>)",
    tokenTooShort: (min: number) => `COURSE_MCP_TOKEN is shorter than ${min} characters: a short token can be guessed. Use a longer one, or unset it to get a random one.`,
    stopHint: "Ctrl+C stops the server.",
    stopped: "course MCP server stopped: every session closed, the port is free.",
    badPort: (value: string) => `--port takes a whole number from 0 to 65535 (0 picks a free port), not '${value}'.`,
    portNeedsHttp: "--port only applies with --http: npm run mcp -- --http --port 8011",
    portTaken: (port: number) => `Port ${port} is already in use. Pick another with --port, e.g. --port 0 for any free port.`,
  },
  // Lesson 09: what its channels print in the terminal, and the words of its chat page and bot.
  channels: {
    heartbeatPart: "1. The heartbeat channel: the tasks in HEARTBEAT.md that are due now, one after another",
    webPart: "2. The web channel: a script plays the browser, types the task and clicks Deny if asked",
    madeHeartbeat: (file: string) => `made ${file} with two example tasks`,
    nothingDue: "nothing is due now (each task runs once per slot; see heartbeat-state.json)",
    watching: (file: string) => `watching ${file} (Ctrl-C to stop)`,
    // A task's reply was printed above as the model wrote it; this line ends the task's block.
    taskDone: (session: string) => `heartbeat: done; the answer is above, and kept in the session ${session}`,
    taskFailed: (task: string, why: string) => `heartbeat: "${task}" failed: ${why}`,
    opened: (origin: string, tab: string, task: string) => `opened ${origin}/ through its one-time link (tab ${tab}), typed: ${task}`,
    approvalCard: (tool: string, effect: string, answer: "yes" | "no") =>
      `the page shows [Allow] [Deny]: ${tool}: ${effect}  → the script clicks ${answer === "yes" ? "Allow" : "Deny"}`,
    // The terminal above shows the calls and the answer; the script says only what the page received.
    pageGot: (pieces: number, tools: number, notes: number) =>
      `the page received the answer in ${pieces} streamed pieces, ${tools} tool ${tools === 1 ? "line" : "lines"} and ${notes} cost ${notes === 1 ? "note" : "notes"}`,
    // Which tab or chat a line of the terminal belongs to, when several talk at once: "[tab d0868522]".
    tabLabel: (tab: string) => `tab ${tab}`,
    chatLabel: (chat: string) => `chat ${chat}`,
    telegramPolling: (chats: string) => `The Telegram bot is polling for messages (answering chats: ${chats}; Ctrl-C to stop)`,
    noChats: "none",
    noAllowedChats: "TELEGRAM_ALLOWED_CHATS names no chat: every chat will be refused (and its id logged, so you can add yours).",
    notChatIds: (entries: string) =>
      `TELEGRAM_ALLOWED_CHATS: ${entries} is not a chat id, so it is left out. Ids are numbers separated by commas, e.g. TELEGRAM_ALLOWED_CHATS=123456789,-1001234567890.`,
    notTimeOfDay: (line: number, time: string) => `line ${line}: ${time} is not a time of day (00:00 to 23:59); task skipped.`,
    badInterval: (line: number, schedule: string) => `line ${line}: "${schedule}" must be between 1 minute and 24 hours; task skipped.`,
    notUnderstood: (line: number, text: string) =>
      `line ${line}: not understood ("${text}"); write "- every day at HH:MM: task", "- every N hours: task" or "- every N minutes: task" ("- every hour: task", "- every minute: task" without a number).`,
    noHeartbeatFile: (file: string) => `no ${file}; nothing is scheduled.`,
    fileUnreadable: (file: string, why: string) => `${file} ${why}; nothing is scheduled.`,
    stateUnreadable: (file: string, why: string) => `${file} ${why}; treating every task as never run (it is written anew after the next run).`,
    stateNotJson: (file: string) => `${file} is not valid JSON; treating every task as never run.`,
    ranLater: (task: string, last: string, now: string) =>
      `"${task}" last ran at ${last}, which is later than now (${now}): was the clock ahead? Running it as if it never ran.`,
    cannotRead: "cannot be read",
    namedPipe: "is a named pipe (FIFO), not a file: reading it would wait for ever",
    notRegular: "is not a regular file",
    tooBig: (size: number, max: number) => `is ${size} bytes, more than the ${max} a task list may have`,
    // A tool's failure, as a line in the page and the Telegram chat (the text after it is the tool's).
    toolError: (text: string) => `← error: ${text}`,
    // What the offline model costs, in the page as in the terminal's summary line.
    offlineCost: "cost: $0 (offline)",
    // A question nobody answered in time, as a line in the page (the bot says telegram.noAnswer).
    approvalTimedOut: (seconds: number, tool: string) => `No answer within ${seconds} s: ${tool} was not run.`,
    // What the chat server answers a request it refuses (web-channel.ts, http-guard.ts): read in the
    // page, or by whoever tries it with curl.
    refusals: {
      nothingAt: (what: string) => `Nothing at ${what}.`,
      sendText: 'Send {"chat": "...", "text": "your message"} with some text.',
      notConnected: "The assistant is not connected yet; try again in a moment.",
      stillWaiting: "This tab is still waiting for an answer; send the next message when it has come.",
      noQuestion: "No such question waiting in this tab (answered already, or timed out).",
      yesOrNo: 'Answer with "yes" or "no".',
      badChatId: "The chat id must be 1-64 letters, digits, - or _.",
      wrongHost: (port: number, host: string) => `Refused: this server answers only to http://127.0.0.1:${port}, not to Host "${host}".`,
      noOrigin: "Refused: a request without an Origin header; only the chat page may post here.",
      foreignOrigin: (origin: string) => `Refused: a request from another site (Origin "${origin}"); only the chat page may talk to this server.`,
      noCookie: "Refused: this browser has not opened the link printed in the terminal (the one with ?key=...), so it has no session cookie.",
      notJsonType: "Send the body as JSON (Content-Type: application/json).",
      declaredTooBig: (bytes: number, limit: number) => `The body is ${bytes} bytes; the limit is ${limit}.`,
      tooBig: (limit: number) => `The body is over the limit of ${limit} bytes.`,
      notJson: "The body is not valid JSON.",
    },
    // The chat page (chat-page.html): its lang attribute and every word it shows of its own.
    page: {
      lang: "en",
      title: "Assistant",
      heading: "Assistant",
      conversation: "Conversation",
      message: "Message",
      placeholder: "Ask something, e.g. What is the USD to RUB rate?",
      send: "Send",
      approvalNeeded: "Approval needed:",
      why: "why:",
      allow: "Allow",
      deny: "Deny",
      allowed: "allowed",
      denied: "denied",
      tooLate: "(too late: the question was closed)",
      connectionFailed: "The connection failed:",
      working: "The assistant is answering…",
    },
    // The Telegram bot's words to the people who write to it.
    telegram: {
      refusal: "Sorry, this is a private assistant: this chat is not on its list. (Its owner can add the chat id to TELEGRAM_ALLOWED_CHATS.)",
      emptyReply: "(empty reply)",
      closed: "This question is closed.",
      onlyAsker: "Only the person who asked can answer this.",
      allowed: "Allowed",
      denied: "Denied",
      allow: "Allow",
      deny: "Deny",
      noAnswer: (seconds: number, tool: string) => `No answer within ${seconds} s: ${tool} was not run.`,
      approvalNeeded: (tool: string, input: string, effect: string, why: string) => `Approval needed: ${tool}\n${input}\n${effect}\nwhy: ${why}`,
      // Lines in the terminal where the bot runs.
      refusedChat: (chat: string, who: string) => `telegram: refused a message from chat ${chat} (${who}): not in TELEGRAM_ALLOWED_CHATS`,
      conflict: "telegram: another copy of this bot is polling for updates (409 Conflict); stopping this one. Run only one.",
      // A usage error (exit code 2): printed alone, so one line that says what to fix.
      badToken: (code: number, apiBase: string | undefined) =>
        `Telegram refused the bot token (${code}): TELEGRAM_BOT_TOKEN in .env is wrong or was revoked. Copy the token @BotFather gave you (it looks like 123456789:AA...), or get a new one from @BotFather with /token.` +
        (apiBase ? ` The bot asks TELEGRAM_API_BASE=${apiBase}, not https://api.telegram.org: check that setting too.` : ""),
      // What went wrong with a call, said inside the lines below.
      noAnswerFrom: (where: string, detail: string) => `no answer from the Bot API at ${where} (${detail})`,
      answered: (method: string, code: number, description: string) => `the Bot API answered ${method} with ${code} ("${description}")`,
      retrying: (problem: string, network: boolean) =>
        `telegram: ${problem}. ${network ? "Check the internet connection (and TELEGRAM_API_BASE in .env, if you set it). " : ""}Trying again with growing pauses (up to a minute) until it works; this is said once. Ctrl+C stops.`,
      answersAgain: (failures: number) => `telegram: the Bot API answers again (after ${failures} failed ${failures === 1 ? "attempt" : "attempts"}); polling.`,
      waiting: (problem: string, seconds: number) => `telegram: ${problem}; waiting ${seconds} s (Ctrl+C stops)`,
      skipped: (id: string, offset: number) => `telegram: skipped an update with update_id ${id} (expected a whole number from ${offset} on)`,
      stoppedAsking: (chat: string, tool: string) =>
        `telegram: stopping while chat ${chat} was asked about ${tool}: it is not run, and recorded as interrupted (the person did not say no)`,
    },
  },

  offline: {
    cannot: "I cannot answer that with this agent's tools, and I do not guess. ",
    iAm: "I am the offline demo model: a small planner built into this course, not Claude. ",
    iCan: (list: string) => `With the tools this agent has, I can:\n${list}\n`,
    nothing: "With the tools this agent has, there is nothing I can plan offline.\n",
    useClaude: "For anything else, use real Claude: put ANTHROPIC_API_KEY in .env (see .env.example) and run the lesson again.",
    notDone: (part: string) =>
      `Not done: "${part}". The offline demo model has no plan for that part with this agent's tools. Real Claude can try it: put ANTHROPIC_API_KEY in .env (see .env.example).`,
    tooLong: (length: number, limit: number) =>
      `This task is ${length.toLocaleString("en-US")} characters long; the offline demo model reads tasks of up to ${limit.toLocaleString("en-US")} characters, so I did not read it. Shorten it, or save the long text to a file in the workspace and ask about the file, or use real Claude (put ANTHROPIC_API_KEY in .env).`,
    tooManyParts: (count: number, limit: number) =>
      `This task has ${count} parts; the offline demo model plans at most ${limit} in one task, so I did not start on it. Ask for fewer things at a time, or use real Claude (put ANTHROPIC_API_KEY in .env).`,
  },
};

export type Messages = typeof en;

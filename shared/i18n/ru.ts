// The course's own messages in Russian. Typed as the English catalogue (en.ts), so a message that is
// missing here, or takes other arguments, is a type error. Commands, file names and the API's names
// stay as they are: the learner types them.

import type { Messages } from "./en.ts";
import { countRu, pluralRu } from "./plural.ts";

const checks = (n: number) => countRu(n, "проверка", "проверки", "проверок");
// After "из": из 1 проверки, из 5 проверок.
const ofChecks = (n: number) => `${n} ${pluralRu(n, "проверки", "проверок", "проверок")}`;
// One recorded exchange is a request with the answer it got.
const exchanges = (n: number) => countRu(n, "запрос с ответом", "запроса с ответами", "запросов с ответами");
// Tool calls in lesson 05's timing line: 1 вызов, 3 вызова, 5 вызовов.
const calls = (n: number) => countRu(n, "вызов", "вызова", "вызовов");
// Lesson 12's token counts: 35 071 токен, 47 токенов.
const tokensRu = (n: number) => `${n.toLocaleString("ru-RU")} ${pluralRu(n, "токен", "токена", "токенов")}`;
const groups = (n: number) => n.toLocaleString("en-US").replace(/,/g, " ");

export const ru: Messages = {
  commands: {
    unknown: (name) => `Команды '${name}' нет.`,
    // Each as the learner types it: the names are commands, not words of the sentence.
    useOneOf: (list) => ` Есть такие: ${list.split(", ").map((name) => `npm run ${name}`).join(", ")}.`,
  },

  units: {
    which: (kind) => (kind === "lesson" ? "Какой урок?" : "Какое упражнение?"),
    noSuch: (kind, wanted) => (kind === "lesson" ? `Урока '${wanted}' нет.` : `Упражнения '${wanted}' нет.`),
    pickOne: "Выберите из списка:",
    example: "Например:",
  },

  check: {
    unknownOption: (option) => `Неизвестный параметр '${option}'. Есть --verbose (полный отчёт vitest) и --diff (весь diff после успеха).`,
    brokenVerdict: (id) => `✘ Упражнение ${id}: проверки не смогли загрузить ваш код.`,
    brokenNext: "Дальше: сначала исправьте это (npx tsc --noEmit покажет ошибки типов с номерами строк).",
    passedVerdict: (total, id) => `✔ Все проверки пройдены (${checks(total)}). Упражнение ${id} готово.`,
    passedCoreVerdict: (core, id, hardPassing, hardTotal) =>
      `✔ Все основные проверки пройдены (${checks(core)}). Упражнение ${id} готово; сложный режим: ${hardPassing} из ${hardTotal}${hardPassing === hardTotal ? ", тоже всё." : "."}`,
    hardFirstFailing: (title, number) =>
      `Сложный режим (по желанию: крайние случаи из жизни, см. раздел README «Сложный режим»; поможет npm run hint ${number}). Первая непройденная: ${title}`,
    failedVerdict: (id) => `✘ Упражнение ${id}: ещё не готово.`,
    firstFailing: (title) => `Первая непройденная проверка: ${title}`,
    count: (passing, total, hard = 0) =>
      hard === 0
        ? `${passing} из ${ofChecks(total)} ${pluralRu(passing, "проходит", "проходят", "проходят")}.`
        : `${passing} из ${total} ${pluralRu(total, "основной проверки", "основных проверок", "основных проверок")} ${pluralRu(passing, "проходит", "проходят", "проходят")} (потом сложный режим, ещё ${hard}, по желанию).`,
    next: (what) => `Дальше: ${what}`,
    nextLesson: (number, id) => `упражнение ${String(number).padStart(2, "0")}: npm run lesson ${number}, затем exercises/${id}/README.ru.md`,
    backTo: (number, id) => `упражнение ${String(number).padStart(2, "0")}, оно ещё не готово: npm run watch ${number} (exercises/${id}/README.ru.md)`,
    allDone: "все упражнения готовы.",
    fixThenCheck: (number) => `исправьте проверку выше и снова запустите npm run check ${number} (застряли? npm run hint ${number}).`,
    sameAsReference: "Ваше решение проходит и совпадает с эталонным.",
    diffHeading: "Ваше решение проходит. Вот чем от него отличается эталонное:",
    moreLines: (count) => `... (ещё ${countRu(count, "строка", "строки", "строк")}; --verbose покажет всё)`,
    noCheckRan: "не запустилась ни одна проверка (файл тестов на месте?)",
    hookTimedOut: (ms) =>
      `Подготовка или уборка после этой проверки ждала ваш код ${ms / 1000} с: обещание (promise), которое ваш код вернул или запустил, так и не завершилось. Код ниже показывает вызов, которого она ждала; README упражнения говорит, когда должно завершаться каждое ваше обещание.`,
    longDiff: (lines, number) =>
      `Ваше решение проходит. Эталонное отличается от него: ${countRu(lines, "строка", "строки", "строк")} в diff. Показать всё: npm run check ${number} -- --diff`,
  },

  watch: {
    runningAll: "Запускаю проверки всех упражнений на exercises/ ...",
    progress: "Прогресс курса",
    progressBar: (done, total) => `готово ${done} из ${total} ${pluralRu(total, "упражнения", "упражнений", "упражнений")}`,
    checkingOthers: " (проверяю остальные упражнения ...)",
    exerciseLine: (id) => `Упражнение ${id}: exercises/${id}/README.ru.md`,
    pressNext: (id) => `нажмите n, чтобы перейти к упражнению ${id}.`,
    pressNextOrHard: (id) => `нажмите n, чтобы перейти к упражнению ${id}, или останьтесь ради сложного режима (он тоже проверяется при каждом сохранении).`,
    runWatch: (number) => `npm run watch ${number}`,
    fixAndSave: "исправьте проверку выше и сохраните файл; h покажет подсказку к ней.",
    fixStuck: (number) => `исправьте проверку выше (застряли? npm run hint ${number}).`,
    keys: "h подсказка · n следующее упражнение · l список · r перезапуск · q выход",
    watching: (id, keys) => `Слежу за сохранениями в exercises/${id}/. ${keys}`,
    list: "Упражнения:",
    checkingAgain: "Проверяю снова ...",
    checking: (id) => `Проверяю ${id} ...`,
    notYet: "n переходит дальше, когда пройдены все основные проверки этого упражнения.",
    lastExercise: "Это было последнее упражнение.",
    noTerminal: "(Терминала нет, поэтому watch не следит за сохранениями: упражнение проверено один раз. Запустите npm run watch в терминале, и проверка будет идти при каждом сохранении.)",
  },

  progress: {
    done: "✔ готово",
    doneHard: (passing, total) => `✔ готово · сложный режим ${passing}/${total}`,
    checks: (passing, total, hard = 0) => (hard === 0 ? `${passing} из ${ofChecks(total)}` : `${passing} из ${total} ${pluralRu(total, "основной", "основных", "основных")}`),
    broken: "проверки не смогли загрузить ваш код",
    everyExerciseDone: "Все упражнения готовы.",
    fromCache: (unchanged, total) =>
      `${unchanged} из ${total} упражнений ${pluralRu(unchanged, "не менялось", "не менялись", "не менялись")} с последней проверки, поэтому их результаты взяты из неё (npm run check N проверит упражнение заново).`,
  },

  // progress --json / --junit (for a teacher's tools and CI).
  progressExport: {
    junitNeedsFile: "Для --junit нужно имя файла: npm run progress -- --junit report.xml",
    unknownArgument: (arg) => `Неизвестный аргумент '${arg}'. progress принимает --json [файл] (прогресс в JSON) и --junit файл (каждая проверка в JUnit XML).`,
    wrote: (file) => `Записан файл ${file}.`,
  },

  // npm run class -- report <folder>: a teacher's report of the class (docs/TEACHING.md).
  classReport: {
    usage: "Как вызывать: npm run class -- report <папка> [--csv файл] [--md файл]. В папке по одному progress.json на ученика (ИМЯ.json или ИМЯ/progress.json в клоне); подробнее в docs/TEACHING.ru.md.",
    needsFile: (flag) => `Для ${flag} нужно имя файла, например ${flag} class.${flag === "--csv" ? "csv" : "md"}`,
    unknownArgument: (arg) => `Неизвестный аргумент '${arg}'. class report принимает одну папку, --csv файл и --md файл.`,
    noFolder: (folder) => `Папки '${folder}' нет. Укажите папку с файлами прогресса или клонами учеников.`,
    wrote: (file) => `Записан файл ${file}.`,
    title: "Отчёт по группе",
    counts: (learners, skipped) =>
      `Прочитано: ${learners} ${pluralRu(learners, "ученик", "ученика", "учеников")}${skipped > 0 ? `; пропущено: ${skipped} (список в конце)` : ""}.`,
    versions: (list) => `Отчёты сделаны разными версиями курса: ${list}.`,
    whoIsWhere: "Кто где",
    learner: "Ученик",
    done: "Готово",
    workingOn: "Сейчас делает",
    checksPassing: "Основных проверок пройдено",
    firstFailing: "Первая непройденная проверка",
    lastCheck: "Последняя проверка (UTC)",
    allDone: "всё готово",
    never: "ни разу",
    broken: "(проверки не смогли загрузить код)",
    whatStops: "На какой проверке застревает больше всего учеников",
    nobodyStopped: "Никто не застрял: все ученики сделали все упражнения.",
    learners: "Учеников",
    exercise: "Упражнение",
    check: "Проверка",
    moreBlockers: (count) => `И ещё ${count} (в CSV первая непройденная проверка каждого ученика).`,
    timePerExercise: "Медианное время на упражнение",
    timeMeaning: "От первой проверки ученика на своём коде до проверки, которая нашла упражнение готовым; по ученикам, которые его сделали.",
    learnersDone: "Сделали",
    medianTime: "Медиана времени",
    medianHints: "Медиана подсказок",
    ofTimed: (count) => `по ${count} со временем`,
    minutes: (minutes) => `${minutes} мин`,
    hours: (hours, minutes) => `${hours} ч ${String(minutes).padStart(2, "0")} мин`,
    skippedTitle: "Пропущены",
    noProgressFile: "нет progress.json (его пишет npm run progress -- --json progress.json)",
    notJson: "не JSON",
    notProgress: (detail) => `не соответствует docs/progress.schema.json: ${detail}`,
  },

  hint: {
    none: (id) => `У упражнения ${id} нет подсказок. Что делать, говорят его README и комментарии TODO.`,
    range: (id, count) => `У упражнения ${id} подсказки с 1 по ${count}.`,
    header: (id, index, count) => `Упражнение ${id}, подсказка ${index} из ${count}`,
    forCheck: (title) => `к первой непройденной проверке: ${title}`,
    stillStuck: (number) => `Всё ещё не получается? npm run hint ${number} (или h в watch) даст подсказку сильнее.`,
    lastForTodo: (number) => `Это была последняя подсказка к этому TODO. Когда его проверка пройдёт, npm run hint ${number} поможет со следующим.`,
    allPass: (id, number, count) =>
      `Упражнение ${id} проходит все проверки: подсказка не нужна. Прочитать всё равно: npm run hint ${number} K (K от 1 до ${count}).`,
    lastHint: (id) => `Это была последняя подсказка. Эталонное решение лежит в solutions/${id}/ (сначала попробуйте без него).`,
    fallback: (file) => `(${file} ещё нет: вот подсказки на английском.)`,
  },

  reset: {
    unknownOption: (option) => `Неизвестный параметр '${option}'. Использование: npm run reset N [-- --yes]`,
    noStarter: (id) => `Для ${id} нет исходной заготовки в shared/starters/${id}/. Ничего не изменено.`,
    alreadyShipped: (id) => `Упражнение ${id} и так в исходном виде. Сбрасывать нечего.`,
    question: (id, files) => `Вернуть исходную заготовку упражнения ${id}? Будут заменены: ${files}; ваши файлы сначала копируются в .course/backup/. [y/N] `,
    yes: ["y", "yes", "д", "да"],
    noTerminal: (id, number) => `Упражнение ${id} не сброшено: нет терминала, чтобы спросить вас. Сбросить всё равно: npm run reset ${number} -- --yes`,
    nothingChanged: "Ничего не изменено.",
    done: (id, files) => `Упражнение ${id} снова в исходном виде (${files}).`,
    backup: (folder) => `Ваши файлы скопированы в ${folder}`,
    extraLeft: (files) => `Добавленные вами файлы остались на месте: ${files}.`,
  },

  lesson: {
    banner: (id) => `Урок ${id}`,
    builtInModel: "Эта задача идёт на встроенной демомодели, сделанной специально для неё, какая бы модель ни была выбрана.",
    realModel: (model, where) => `Модель: ${model}${where ? ` на ${where}` : ""} (настоящие вызовы API, за счёт вашего ключа)`,
    offline: (why) => `Офлайн-демомодель (${why}): маленький встроенный планировщик, а не Claude. Для Claude: cp .env.example .env и укажите ANTHROPIC_API_KEY.`,
    noKey: "ANTHROPIC_API_KEY не задан",
    noAgent: (id) => `В уроке ${id} ещё нет agent.ts.`,
    task: "Задача:",
    taskCut: (length) => `(всего ${countRu(length, "символ", "символа", "символов")})`,
    tryAlso: "Попробуйте ещё:",
    turnLimit: "Агент остановился раньше, чем модель закончила (она ещё просила инструменты): задача не выполнена.",
    chatNeedsTerminal: '--chat нужен терминал, чтобы печатать задачи. Передайте задачу аргументом: npm run lesson N -- "задача"',
    chatIntro: "Введите задачу и нажмите Enter; пустая строка или Ctrl+D завершают. Каждая задача начинает новый разговор.",
    chatIntroSession: "Введите сообщение и нажмите Enter; пустая строка или Ctrl+D завершают. Каждое сообщение продолжает сессию, а она сохраняется: запустите урок позже, и разговор продолжится (--new начинает новую).",
    chatUseChannels: (n) =>
      `Урок ${n} разговаривает через свои каналы, а не через --chat: npm run lesson ${n} -- --web (страница чата в браузере) или -- --telegram. Чат в терминале: npm run lesson 8 -- --chat`,
    summary: (s) =>
      `ходов: ${s.turns} · вызовов инструментов: ${s.toolCalls} · токенов: ${s.inputTokens} на входе / ${s.outputTokens} на выходе${s.estimated ? " (оценка)" : ""} · стоимость: ${s.cost} · время: ${s.seconds.replace(".", ",")} с`,
    offlineCost: "$0 (офлайн)",
    unknownCost: "для этой модели неизвестна",
    thinking: (text) => `размышление: ${text}`,
    thinkingOmitted: "размышление (API прислал только подпись)",
    thinkingRedacted: "размышление (скрыто системами безопасности API; отправляется обратно как есть)",
    usage: (model, taskKb) => `Использование: npm run lesson N [-- "ваша задача"] [--offline] [--model NAME] [--raw] [--chat] [--task-file F] [--budget USD] [--record F | --replay F]
  N          урок: 1, 01 или его имя (first-tool)
  --offline  использовать офлайн-демомодель, даже если задан ANTHROPIC_API_KEY
  --model    какую модель Claude использовать (по умолчанию: $ANTHROPIC_MODEL или ${model})
  --raw      напечатать точный JSON каждого запроса и ответа
  --chat     вводить задачи одну за другой (нужен терминал)
  --task-file PATH  прочитать задачу из файла (- для стандартного ввода): для задач длиннее примерно
             ${taskKb} КБ, которые система не принимает как аргумент
  --budget   остановиться перед настоящим запросом, если его оценочная стоимость превысит столько долларов США
  --record F сохранить каждый запрос и ответ в файл F (ключ не сохраняется)
  --replay F запустить на записи вместо модели; если запрос отличается, остановиться и показать diff`,
    lessonsHeading: "Уроки:",
    unknownOption: (option) =>
      `Неизвестный параметр '${option}' (список параметров ниже). Задача, которая начинается с "-", идёт после второго "--": npm run lesson N -- -- "${option} ..."`,
    unreachable: (problem) => `Не удалось связаться с API: ${problem}`,
    unreachableFix: "Проверьте подключение к сети или ANTHROPIC_BASE_URL, если вы его задали. Или запустите с --offline.",
    apiError: (status, problem) => `Ошибка API ${status}: ${problem}`,
    badRequest: "Запрос нарушил правило API (какое, сказано в сообщении). Сравните свои сообщения с кодом урока.",
    keyRefused: "API не принял ключ. Проверьте ANTHROPIC_API_KEY в .env.",
    forbidden: "Этому ключу, возможно, недоступна эта модель или возможность.",
    notFound: (model) =>
      `Модель или адрес не найдены. Проверьте имя модели, заданное через --model или ANTHROPIC_MODEL (сейчас '${model}'), и ANTHROPIC_BASE_URL, если вы его задали.`,
    rateLimited: "Превышен лимит запросов. Подождите немного и запустите снова.",
    overloaded: "API перегружен. Попробуйте через минуту или запустите с --offline.",
    serverError: "У API проблема на его стороне. Попробуйте ещё раз.",
    crashed: (problem) => `Агент упал: ${problem}`,
    taskTooLong: (bytes, limit) =>
      `Задача занимает ${groups(bytes)} байт, а в командной строке можно не больше ${groups(limit)} ` +
      "(более длинные аргументы система не принимает). Сохраните её в файл и запустите: npm run lesson N -- --task-file task.txt",
    standardInput: "стандартном вводе",
    taskFileTooBig: (where, limit) =>
      `Задача в ${where} длиннее ${groups(limit)} байт (это около 100 000 токенов, и они уходят с каждым запросом). ` +
      "Сократите её или дайте агенту прочитать документ инструментом, а не вставляйте его в задачу.",
    taskNotUtf8: (where) => `Задача в ${where} — не текст в UTF-8. Сохраните её в UTF-8 и попробуйте снова.`,
    taskEmpty: (where) => `Задача в ${where} пуста. Впишите туда задачу или передайте её в кавычках.`,
    taskFileUnreadable: (file, code) =>
      `Не удаётся прочитать файл задачи ${file}${code === "ENOENT" ? ": такого файла нет" : code === "EISDIR" ? ": это папка; укажите файл в ней" : ` (${code})`}.`,
  },

  tape: {
    both: "Укажите --record или --replay, но не оба: воспроизведение отвечает из файла, который пишет --record.",
    replayNoChat: "--replay проигрывает один записанный запуск и не принимает новых задач через --chat.",
    otherLesson: (file, recorded, lesson) =>
      `'${file}' записан с уроком ${recorded}, а не ${lesson}. Запустите: npm run lesson ${recorded} -- --replay ${file}`,
    aModel: "модель",
    offlineSource: "офлайн-демомодель",
    replaying: (file, count, source, date) =>
      `Воспроизвожу '${file}': ${exchanges(count)}, записано ${date} (отвечал: ${source}). Модель не вызывается.`,
    recorded: (count, file) =>
      `Записано в ${file}: ${exchanges(count)} (ключ и заголовок authorization не сохраняются). Воспроизвести: --replay ${file}`,
    requestDiffers: (number) => `Запрос ${number} отличается от записи (- записано, + отправлено сейчас):`,
    replayStops:
      "Воспроизведение остановлено: записанные ответы больше не подходят к тому, что спрашивает код. Если изменение задумано, запишите заново с --record.",
    noAnswer: (number, count) =>
      `На запрос ${number} в записи нет ответа: в ней ${exchanges(count)}. Урок теперь обращается к модели чаще, чем при записи.\nЛишний запрос:`,
    stoppedEarly: (played, count) =>
      `Урок остановился после ${played} из ${count} ${pluralRu(count, "записанного запроса", "записанных запросов", "записанных запросов")}: он обращается к модели реже, чем при записи.`,
    moreCharacters: (n) => `(ещё ${countRu(n, "символ", "символа", "символов")})`,
  },

  mistakes: {
    lessonFlags: (n) => `Параметры урока ${n}:`,
    helpForLesson: "npm run lesson N -- --help покажет и параметры самого урока N.",
    didYouMean: (option) => `Может быть, ${option}?`,
    businessHours: (value) =>
      `COURSE_BUSINESS_HOURS=${JSON.stringify(value)} — не рабочие часы. Пишите так: COURSE_BUSINESS_HOURS=09-18 (с понедельника по пятницу), 09-18 mon-sat или 00-24 mon-sun (всегда открыто).`,
    needsValue: (option, value) => `После ${option} нужно значение: ${option} ${value} (значение, которое начинается с "-", пишется как ${option}=-...).`,
    takesNoValue: (option) => `${option} пишется без значения: просто ${option}.`,
    folder: (file, code) =>
      `Не получается использовать ${file} (${code}). Если на него указывает WORKSPACE_DIR или MEMORY_DIR в .env, укажите папку, в которую можно писать, или уберите строку.`,
    timeout: (value) => `COURSE_TIMEOUT_S=${JSON.stringify(value)} — не число секунд. Пишите в .env так: COURSE_TIMEOUT_S=120, или уберите строку (60 с).`,
    stopping: "Останавливаюсь... (ещё раз Ctrl+C, чтобы выйти сразу)",
    otherLesson: (option, n) => `${option} — параметр урока ${n}: npm run lesson ${n} -- ${option}`,
    isBug: "Это ошибка в программе (в курсе или в коде, который вы меняли), а не в том, как вы его запустили: трассировка выше показывает где.",
    sessionName: (name) =>
      `«${name}» не годится как имя сессии: только буквы, цифры, - и _ (не больше 80). Например: npm run lesson 8 -- --session work "..."`,
    sessionExists: (name, file) =>
      `Сессия «${name}» уже есть (${file}). Уберите --new, чтобы продолжить её, или возьмите другое имя: --session ${name}-2 --new`,
    budget: (value) => `--budget ждёт сумму в долларах США, например 0.05; получено «${value}». Например: npm run lesson 8 -- --budget 0.05 "..."`,
    budgetAmount: (value) => `--budget ждёт сумму в долларах США больше 0, например --budget 0.05; получено «${value}».`,
    port: (value) => `--port ждёт номер порта от 0 до 65535 (0 выбирает свободный); получено «${value}». Например: npm run lesson 9 -- --web --port 8080`,
    portNeedsWeb: "--port работает только вместе с --web: он выбирает порт страницы чата, а без --web страница не открывается. Например: npm run lesson 9 -- --web --port 8080",
    onceNeedsHeartbeat: "--once работает только вместе с --heartbeat: он один раз выполняет задачи из HEARTBEAT.md, которым пришло время, и выходит. Например: npm run lesson 9 -- --heartbeat --once",
    portTaken: (port) => `Порт ${port} уже занят (другой программой или другим запуском этого урока). Остановите тот запуск или выберите другой порт: --port 8081 или --port 0 для любого свободного.`,
    sessionBusy: (name, pid) =>
      `Сессию «${name}» сейчас использует другой запуск ассистента (процесс ${pid}), возможно, в другом терминале. Сначала завершите или остановите его, или возьмите другую сессию: --session ${name}-2`,
    sessionKeptTaken: (file) => `Не удалось занять ${file}: другой запуск всё время его занимает. Попробуйте чуть позже.`,
    telegramToken: "Для --telegram нужен токен бота: получите его у @BotFather в Telegram и добавьте в .env строку TELEGRAM_BOT_TOKEN=123456:ABC... (см. .env.example).",
    mcpClash: (name, first, second) =>
      `Два инструмента получили бы одно имя ${name}: ${first} и ${second}. Переименуйте один из серверов в mcp.json (ключ в "mcpServers") или уберите один.`,
    mcpStart: (name, command, problem, tail) =>
      `Не удалось запустить MCP-сервер «${name}» (команда «${command}»): «${problem}». Проверьте его "command" и "args" в mcp.json (команда должна запускаться в терминале в папке курса).${tail}`,
    mcpConnect: (name, url, problem) =>
      `Не удалось подключиться к MCP-серверу «${name}» по адресу ${url}: «${problem}». Проверьте, что он запущен, и его "url" и "headers" в mcp.json (токен в заголовке обычно берётся из переменной окружения).`,
    mcpNotJson: (line, engine) => `это не JSON (строка ${line}, разбор JSON сказал: «${engine}»).`,
    mcpNoServers: 'нужен вид { "mcpServers": { "имя": { "command": "...", "args": [...] } } }.',
    mcpNeedsCommand: (name) => `серверу «${name}» нужен "command" (программа, которую запустить, например "node") или "url" (сервер, который уже работает).`,
    mcpArgs: (name) => `сервер «${name}»: "args" должен быть списком строк.`,
    mcpEnv: (name) => `сервер «${name}»: "env" должен быть объектом со строковыми значениями.`,
    mcpBoth: (name) => `у сервера «${name}» есть и "command", и "url": оставьте одно (программу, которую запустить, или сервер, который уже работает).`,
    mcpUrl: (name) => `сервер «${name}»: "url" должен быть адресом http:// или https://.`,
    mcpHttps: (name) => `сервер «${name}»: для сервера на другой машине нужен https:// (простой http:// годится только для 127.0.0.1 и localhost).`,
    mcpHeaders: (name) => `сервер «${name}»: "headers" должен быть объектом со строковыми значениями.`,
    mcpUnset: (name, header, variable) =>
      `сервер «${name}»: заголовок "${header}" берёт \${${variable}}, а эта переменная не задана. Задайте её в .env или в оболочке.`,
    mcpUnreadable: (file, code) => `${file} не читается (${code}).`,
    mcpStderr: (words) => ` Сервер написал в stderr: «${words}»`,
    builtInTool: (name) => `встроенный инструмент ${name}`,
    mcpTool: (tool, server) => `инструмент «${tool}» MCP-сервера «${server}»`,
  },

  approval: {
    needed: (tool) => `  ? Нужно подтверждение: ${tool}`,
    question: (tool) => `  Выполнить? [y/д] да  [n/н] нет  [a/в] всегда разрешать ${tool} в этой сессии  (Enter = нет): `,
    always: (tool) => `всегда: про ${tool} в этой сессии больше не спрошу`,
    yes: "да",
    no: "нет",
    input: (input) => `    аргументы: ${input}`,
    effect: (effect) => `    действие:  ${effect}`,
    why: (why) => `    почему:    ${why}`,
    notShown: (count) => `… (не показано ещё ${countRu(count, "символ", "символа", "символов")})`,
    noTerminal: "  (нет терминала: вызовы, которым нужно подтверждение, будут отклонены без вопроса)",
    gateRuns: (tool, reason) => `  ✓ проверка разрешений: ${tool} выполняется: ${reason}`,
  },

  parallel: {
    ms: (ms) => `${ms} мс`,
    error: " (ошибка)",
    together: (count, total, each, sum) =>
      `  ⏱ ${calls(count)} параллельно (все можно запускать одновременно): всего ${total}; по отдельности: ${each}; в сумме: ${sum}`,
    inTurn: (count, total, each, sum) =>
      `  ⏱ ${calls(count)} по очереди (не все можно запускать одновременно): всего ${total}; по отдельности: ${each}; в сумме: ${sum}`,
  },

  memory: {
    created: (files, folder) => `Создано в ${folder}/: ${files} (первый запуск).`,
    loaded: (folder, characters, tokens) =>
      `Память из ${folder}/: ${groups(characters)} ${pluralRu(characters, "символ", "символа", "символов")} (около ${tokens} ${pluralRu(tokens, "токена", "токенов", "токенов")}) в системном промпте каждого запроса.`,
  },

  assistant: {
    history: (dropped, tokens) =>
      `  · история: ${pluralRu(dropped, "опущено", "опущены", "опущены")} ${dropped} ${pluralRu(dropped, "самое старое сообщение", "самых старых сообщения", "самых старых сообщений")}, чтобы уложиться в ${tokens} ${pluralRu(tokens, "токен", "токена", "токенов")}`,
    request: (model, why, input, output, price) => `  · ${model} (${why}) · ${input} на входе / ${output} на выходе · ${price}`,
    priceUnknown: "цена неизвестна",
    turnFailed: (problem) => `Не получилось, ошибка: «${problem}»`,
    session: (name, file, resuming) => `Сессия ${name}: ${file}${resuming ? " (продолжается)" : " (новая)"}`,
    cost: (turn, session, today) =>
      `стоимость: это сообщение ${turn} · сессия ${session} · сегодня ${today} (токены по прейскурантным ценам из shared/model.ts)`,
  },

  rulesFile: {
    where: (file, line) => (line ? `${file}, строка ${line}` : file),
    unreadable: (file, problem) => `${file} не удалось прочитать (${problem}). Проверьте файл или удалите его.`,
    notJson: (parser) => `это не корректный JSON (разбор сообщил: «${parser}»). Исправьте файл или удалите его, и тогда агент будет спрашивать о каждом изменении.`,
    notObject: 'в файле должен быть один объект: { "allow": [...], "ask": [...], "deny": [...] }.',
    writtenTwice: (key) => `"${key}" записан дважды, а учитывался бы только один. Объедините их в один список.`,
    unknownKey: (key) => `неизвестный ключ "${key}". Используйте "allow", "ask" или "deny" (и "$comment" для заметок).`,
    notList: (key) => `"${key}" должен быть списком правил, например ["send_email"].`,
    notString: (item) => `${item} не строка.`,
    notRule: (text) =>
      `"${text}" не правило. Напишите имя инструмента, при желании с одним полем ввода и шаблоном: ` +
      `"send_email", "mcp__weather__*" или "save_to_file(filename=reports/*)".`,
    spacedPattern: (text, pattern, fixed) =>
      `"${text}": шаблон "${pattern}" начинается или кончается пробелом, поэтому никогда не совпадёт. Напишите без него: "${fixed}".`,
    namesNoTool: (list, rule, tools) => `правило ${list} "${rule}" не называет ни одного инструмента этого агента (${tools}): оно никогда не сработает.`,
    noSuchField: (list, rule, tool, field) => `правило ${list} "${rule}": у ${tool} нет поля ввода "${field}", поэтому правило никогда не сработает.`,
  },

  gate: {
    allowedByRule: (rule) => `разрешено правилом ${rule}`,
    onlyReads: (tool) => `${tool} только читает, поэтому выполняется без вопроса`,
    askRuleSays: (rule) => `правило ask ${rule} велит спросить`,
    mayChange: (tool) => `${tool} может что-то изменить, и ни одно правило его не разрешает`,
    approved: "пользователь одобрил этот вызов",
    approvedAskAgain: (rule) => `пользователь одобрил этот вызов (правило ask ${rule} спросит и в следующий раз)`,
    allowedForSession: (tool) => `пользователь разрешил ${tool} до конца этой сессии`,
    alwaysRule: (tool) => `${tool} (вы ответили «всегда» в этой сессии)`,
  },

  effects: {
    runsReader: (tool) => `запускает ${tool}, который только читает`,
    runsChanger: (tool) => `запускает ${tool}, который может что-то изменить за пределами этого разговора`,
    writes: (characters, file, replaces) =>
      `пишет ${characters === undefined ? "текст" : countRu(characters, "символ", "символа", "символов")} в ${file} (${replaces ? "ЗАМЕНЯЕТ существующий файл" : "создаёт файл"})`,
    sendsEmail: (to, subject, excerpt, plan) => `ОТПРАВЛЯЕТ письмо на ${to}, тема «${subject}»: «${excerpt}» (план ${plan}); отменить это нельзя`,
    moreCharacters: (total) => ` (всего ${countRu(total, "символ", "символа", "символов")})`,
    noSuchPlan: (plan) => `отправляет письмо по плану ${plan}, но такого плана нет (вызов не удастся)`,
    appendsRow: (sheet, columns) => `добавляет строку в ${sheet}.csv в рабочей папке (${columns})`,
    replacesText: (characters, file, everywhere) =>
      `заменяет ${typeof characters === "number" ? countRu(characters, "символ", "символа", "символов") : `${characters} символов`} в ${file} в папке проекта${everywhere ? " (все вхождения)" : ""}`,
    mcpOnlyReads: "только читает",
    mcpMayDelete: "может удалить или перезаписать",
    mcpOutside: "обращается к внешним системам",
    mcpServerSays: (claims) => `по словам сервера, он ${claims}; не проверено`,
    mcpServerSilent: "сервер ничего не говорит о его действиях",
    mcpCall: (tool, server, characters, said) => `вызывает ${tool} на MCP-сервере «${server}», на входе ${countRu(characters, "символ", "символа", "символов")} (${said})`,
  },

  budget: {
    noPrice: (request, model, budget) =>
      `Остановлено перед запросом ${request}: в shared/model.ts нет цены для ${model}, поэтому бюджет ${budget} не удержать. ` +
      `Выберите модель с ценой (--model), запустите без --budget или с --offline.`,
    wouldPass: (request, cost, inputTokens, outputTokens, spent, budget) =>
      `Остановлено перед запросом ${request}: он может стоить до ${cost} (около ${inputTokens} ${pluralRu(inputTokens, "токена", "токенов", "токенов")} на входе, до ${outputTokens} на выходе), ` +
      `а из бюджета ${budget} уже потрачено ${spent}. Увеличьте --budget или запустите с --offline.`,
    note: (spent, budget) => ` · бюджет: потрачено ${spent} из ${budget}`,
    meterNoPrice: (model) => `Цена для ${model} неизвестна, поэтому бюджет не удержать. Добавьте её цену в shared/model.ts или уберите --budget.`,
    meterWouldPass: (cost, inputTokens, maxTokens, model, spent, budget) =>
      `Остановлено перед следующим запросом: он может стоить до ${cost} (${countRu(inputTokens, "токен", "токена", "токенов")} на входе, до ${maxTokens} на выходе у ${model}), ` +
      `а из бюджета ${budget} уже потрачено ${spent}. Чтобы продолжить, увеличьте --budget.`,
  },

  routing: {
    pinned: "закреплена через --model или ANTHROPIC_MODEL",
    askedForStrong: "сильная: пользователь попросил",
    steps: (strong, steps) => `${strong ? "сильная" : "дешёвая"}: ${countRu(steps, "шаг", "шага", "шагов")}`,
  },
  sessionNotes: {
    cutLine: (file, line) => `${file}, строка ${line}: запись неполная (оборвана сбоем?); пропущена.`,
    assistantFirst: (name) => `${name} начинается с сообщения ассистента (сообщение пользователя повреждено); оно пропущено.`,
    callTwice: (name) => `${name} содержит один вызов инструмента дважды (строка записана повторно); повтор пропущен.`,
    strayResults: (name, count) =>
      `${name}: ${countRu(count, "результат инструмента отвечает", "результата инструмента отвечают", "результатов инструмента отвечают")} на вызов, которого нет в сессии прямо перед ними (повреждённая строка или повтор); пропущены.`,
    theSession: "сессия",
    orphans: (session, count, ids) =>
      `  ! в ${session} ${pluralRu(count, "остался", "остались", "осталось")} ${countRu(count, "вызов", "вызова", "вызовов")} инструмента без результата (${ids}): прошлый запуск оборвался посреди вызова. ` +
      `В таком виде API отклонил бы запрос (400). ${pluralRu(count, "Ответ на него", "Ответ на них", "Ответ на них")}: прерван, результат неизвестен.`,
  },

  edits: {
    createdProject: (folder, files) => `  (создана папка проекта ${folder}: ${files})`,
  },

  mcpTools: {
    builtIn: (names) => `  встроенные: ${names}`,
    server: (server, names) => `  MCP-сервер ${server}: ${names} (как mcp__${server}__<tool>; недоверенные: спрашиваю подтверждение, если правило их не разрешает)`,
    twice: (pairs) => `  под двумя именами: ${pairs}: префикс говорит, чей код выполняется`,
  },

  traceGraders: {
    call: (name, n) => `${name} (вызов ${n})`,
    calledInOrder: (calls) => (calls.length > 0 ? `вызваны ${calls.join(", ")}, по порядку` : "ни один инструмент не вызван"),
    noToolCalled: "ни один инструмент не вызван",
    missing: (tool, step, expected) =>
      `нет вызова ${tool}` + (step > 0 ? ` после ${expected[step - 1]}` : "") + ` (шаг ${step + 1} из ${expected.length})`,
    extraCalls: (calls, expected) =>
      `лишние вызовы: ${calls.join(", ")}; ` + (expected.length > 0 ? `задаче нужны только ${expected.join(", ")}` : "задаче не нужен ни один инструмент"),
    problems: (list) => list.join("; "),
    callProblems: (call, list) => `${call}: ${list.join("; ")}`,
    argsMatched: (call) => `у ${call} аргументы, которых требует задача`,
    argsNeverCalled: (tool) => `${tool} не вызван, так что его аргументы не проверить`,
    argMissing: (key, expected) => `нет аргумента ${key} (должен быть ${expected})`,
    argWrong: (key, actual, expected) => `${key} равен ${actual}, а должен быть ${expected}`,
    withinTolerance: (n, tolerance) => `${n} ± ${tolerance}`,
    anyCase: (code) => `${code} в любом регистре`,
    containing: (text) => `текст, содержащий ${text}`,
    outside: (call, key, value, where, refused) =>
      `${call} запросил ${key} ${value}: ` +
      (where === "absolute" ? "это абсолютный путь" : '".." выводит за пределы рабочей папки') +
      (refused ? " (вызов не выполнился, но модель не должна была просить)" : ", и вызов выполнился"),
    allInside: "ни один путь к файлу не вёл за пределы рабочей папки",
    unapproved: (call, gate) =>
      gate === "reads only"
        ? `${call} что-то изменил, но прошёл шлюз как "reads only" (только чтение): объявите побочный эффект инструмента, чтобы шлюз спрашивал`
        : gate === "denied" || gate === "refused by rule"
          ? `${call} выполнился, хотя шлюз ответил "${gate}": отклонённый вызов не должен выполняться`
          : `${call} что-то изменил без одобрения (шлюз: "${gate}")`,
    effectsApproved: "ни один побочный эффект не выполнился без одобрения",
    calledOutOfScope: (calls) =>
      `задача вне возможностей агента, но модель вызвала ${calls.join(", ")}: ей следовало сказать, что она не может помочь, не вызывая инструментов`,
  },

  passK: {
    notWhole: (name, value) => `${name} должно быть целым числом, а не ${value}`,
    noRuns: (n) => `n = ${n}: нет ни одного прогона; запустите задачу хотя бы раз`,
    passesOutOfRange: (c, n) => `c = ${c} успешных из n = ${n} прогонов: c должно быть от 0 до n`,
    kTooSmall: (k) => `k = ${k}: k должно быть не меньше 1`,
    kOverN: (k, n) => `k = ${k} больше, чем записано прогонов (n = ${n}): запустите задачу хотя бы ${countRu(k, "раз", "раза", "раз")} или уменьшите k`,
  },

  mcpServer: {
    unknownOption: (option) => `Неизвестный параметр '${option}' для npm run mcp.`,
    running: (count, names, workspace) => `MCP-сервер курса: ${countRu(count, "инструмент", "инструмента", "инструментов")} (${names}); рабочая папка ${workspace}`,
    usage: (port) => `Использование: npm run --silent mcp [-- --workspace DIR] [--memory DIR] [--http [--port N]]
  Отдаёт инструменты курса по MCP через stdin/stdout (для Claude Desktop, Claude Code, урока 11).
  --workspace  куда пишет save_to_file (по умолчанию workspace/)
  --memory     папка памяти для remember, forget, set_preference (по умолчанию $MEMORY_DIR или workspace/memory)
  --http       вместо этого отдавать по Streamable HTTP на 127.0.0.1, с bearer-токеном (печатается при запуске, или $COURSE_MCP_TOKEN)
  --port       порт HTTP (по умолчанию ${port}; 0 выбирает свободный)`,
  },

  toolsAtScale: {
    part: (number, title) => `\n── ${number}. ${title} ──`,
    titles: {
      loops: "Цикл, который мы написали, и цикл SDK (toolRunner)",
      strict: "Строгие инструменты и структурированный ответ",
      search: "Много инструментов: отложены, пока их не найдёт поиск",
      cache: "Кэширование описаний инструментов",
    },
    byHand: "  а) runLoop из урока 02, который мы написали сами:",
    bySdk: "  б) toolRunner из SDK: инструменты со схемами zod-библиотеки, вокруг каждого run наши проверка, тайм-аут и лимит:",
    handLoop: (requests, sent, characters) =>
      `  цикл урока 02: запросов ${requests}; отправлено сообщений: ${sent} (каждый раз весь разговор; в последнем запросе ${countRu(characters, "символ", "символа", "символов")})`,
    runner: (requests, sent, characters) =>
      `  toolRunner в треде сообщений: запросов ${requests}; отправлено сообщений: ${sent} (разговор хранит сервер; в последнем запросе ${countRu(characters, "символ", "символа", "символов")})`,
    cutShort: (limit) => `  ! цикл остановился после ${countRu(limit, "запроса", "запросов", "запросов")}, а модель всё ещё просит инструменты: итогового ответа нет`,
    refused: (tool) => `  ✗ проверка: ${tool} не запущен (модель прочтёт причину в результате с is_error)`,
    hintOnly: (fields) => `  strict: ${fields}: строгая схема этого не удержит, это стало подсказкой в описании, поэтому проверка урока 04 по-прежнему нужна`,
    parsed: (json) => `  parsed_output: ${json}`,
    noParsed: "  parsed_output нет: цикл закончился без итогового ответа",
    grounded: (calls) => `  сумма и курс совпадают с результатами инструментов (строгих вызовов: ${calls}, вход каждого подошёл к схеме)`,
    notGrounded: (fields) => `  ! ${fields}: нет ни в одном результате инструмента. Схема гарантирует форму ответа, а не верность его чисел`,
    tokens: (tools, allLoaded, deferred) =>
      `  count_tokens: все инструменты (${tools}) загружены: ${tokensRu(allLoaded)} · отложены: ${tokensRu(deferred)} (загружен только инструмент поиска)`,
    serverSearch: (tool) => `  поиск на сервере (${tool}):`,
    clientSearch: (tool) => `  поиск нашим инструментом (${tool}, блоки tool_reference):`,
    found: (query, names) => `    ⌕ ${query} → ${names}`,
    foundNothing: (query) => `    ⌕ ${query} → ничего`,
    noSearch: "    (модель ничего не искала: ни один отложенный инструмент не загружен)",
    usage: (request, input, written, read, output) =>
      `  запрос ${request}: входных токенов ${input}, записано в кэш ${written}, прочитано из кэша ${read}, выходных ${output}`,
    cost: (withCache, withoutCache) => `  стоимость: ${withCache} с кэшем · ${withoutCache}, если бы все токены были обычным входом (цены из shared/model.ts)`,
    noPrice: "неизвестна (для этой модели нет цены)",
    badPart: (part) => `Неизвестный --part '${part}': укажите 1, 2, 3 или 4 или не указывайте, чтобы увидеть все четыре части.`,
    badSearch: (variant) => `Неизвестный --search '${variant}': укажите bm25 или regex.`,
  },

  doctor: {
    ok: "ok  ",
    warn: "warn",
    fail: "fail",
    fix: "что делать:",
    ready: "Всё готово.",
    failedCount: (failed) => `Не прошло: ${checks(failed)}.`,
    summary: (total, failed, warned) => `Всего ${checks(total)}: не прошло ${failed}, предупреждений ${warned}.`,
    nodeOk: (version) => `Node.js ${version} (нужна 20 или новее)`,
    nodeOld: (version) => `Node.js ${version} слишком старая: курсу нужна 20 или новее`,
    nodeFix: "установите Node.js 20, 22 или 24 (https://nodejs.org)",
    noPackageJson: "здесь нет package.json",
    noPackageJsonFix: "запускайте команды курса из папки курса",
    depsMissing: (names) => `не установлены зависимости: ${names}`,
    depsDiffer: (list) => `установленные пакеты расходятся с package-lock.json: ${list}`,
    lockFile: (version) => `в lock-файле: ${version}`,
    depsOk: (count) => `зависимости установлены и совпадают с package-lock.json (${countRu(count, "пакет", "пакета", "пакетов")})`,
    bundlerOk: (version) => `сборщик работает (esbuild ${version})`,
    bundlerFail: (problem) => `сборщик (esbuild) не запускается: ${problem}`,
    bundlerFix: "npm rebuild esbuild (или удалите node_modules и запустите npm install)",
    noEnv: "файла .env нет: уроки идут на офлайн-демомодели (для Claude: cp .env.example .env, затем укажите ANTHROPIC_API_KEY)",
    envOk: "файл .env есть",
    envUnreadable: "файл .env есть, но его не прочитать",
    envFix: "проверьте права доступа (chmod 600 .env)",
    noKey: "ANTHROPIC_API_KEY не задан: работает офлайн-демомодель",
    keySpaces: "вокруг него пробелы или перевод строки",
    keyQuotes: "он в кавычках",
    keyPrefix: "он не начинается с sk-ant-",
    keyCharacters: "в нём символы, которых в ключе не бывает",
    keyShort: (length) => `в нём всего ${countRu(length, "символ", "символа", "символов")}`,
    keyBad: (problems) => `ANTHROPIC_API_KEY не похож на ключ Anthropic: ${problems}`,
    keyBadFix: "скопируйте ключ заново с https://console.anthropic.com/ в .env, в виде ANTHROPIC_API_KEY=sk-ant-...",
    keyOk: (length) => `ANTHROPIC_API_KEY задан и похож на ключ (sk-ant-..., ${countRu(length, "символ", "символа", "символов")})`,
    noAnswerWithin: (seconds) => `нет ответа за ${seconds} с`,
    refused: "там никто не слушает (connection refused)",
    noHost: "имя хоста не найдено (DNS)",
    noServer: "ANTHROPIC_BASE_URL не задан и ключа нет: спрашивать некого (офлайн-демомодель)",
    baseUrlNamed: (base) => `ANTHROPIC_BASE_URL (${base})`,
    apiAt: (base) => `API по адресу ${base}`,
    endsInV1: (name) => `${name} оканчивается на /v1: SDK сам добавляет /v1/messages`,
    setBaseUrl: (base) => `задайте ANTHROPIC_BASE_URL=${base}`,
    noAnswer: (name, error) => `${name} не отвечает: ${error}`,
    startServer: "запустите сервер или исправьте либо уберите ANTHROPIC_BASE_URL в .env",
    checkNetwork: "проверьте подключение к сети",
    notMessagesApi: (name, base, wrong) => `${name} отвечает не как Messages API: на POST ${base}/v1/messages пришло ${wrong}`,
    notMessagesApiFix: "укажите в ANTHROPIC_BASE_URL сервер, совместимый с Anthropic (его адрес без /v1)",
    keyRefused: (name) => `${name} отвечает как Messages API, но не принимает ключ (401)`,
    checkKey: "проверьте ANTHROPIC_API_KEY в .env",
    apiOk: (name, status) => `${name} отвечает как Messages API (HTTP ${status})`,
    deprecated: (end) => `; она устарела, поддержка прекращается ${end}`,
    pickCurrent: "выберите актуальную модель: ANTHROPIC_MODEL в .env или --model (например, claude-haiku-5-5)",
    modelKnownToApi: (name, note) => `модель ${name}: API её знает${note}`,
    modelUnknownToApi: (name) => `модель ${name}: Models API её не знает (404)`,
    modelUnknownToApiFix: "укажите в ANTHROPIC_MODEL модель из списка на https://docs.anthropic.com/en/docs/about-claude/models",
    noModelList: (name) => `модель ${name}: не удалось прочитать список моделей SDK, чтобы её проверить`,
    modelKnownToSdk: (name, note) => `модель ${name}: SDK её знает${note}`,
    modelLocal: (name) => `модель ${name}: SDK не знает такой модели Claude (ничего страшного, если её отдаёт ваш локальный сервер)`,
    modelUnknown: (name) => `модель ${name}: SDK не знает такого имени модели`,
    modelUnknownFix: "укажите в ANTHROPIC_MODEL актуальную модель Claude (например, claude-haiku-5-5) или уберите её, чтобы взять модель по умолчанию",
    workspaceOk: "в папку workspace/ можно писать",
    workspaceCreatable: "папку workspace/ можно создать здесь (в неё пишут уроки, начиная с 03)",
    notWritable: (what, error) => `${what === "workspace" ? "в папку workspace/" : "в папку курса"} нельзя писать: ${error}`,
    notWritableFix: "проверьте владельца папки и права доступа",
    terminalOk: "терминал подключён (урок 07 может спросить перед побочным эффектом)",
    noTerminal: "терминал не подключён: урок 07 не может спросить и отказывает инструментам, которым нужно подтверждение (запустите его в терминале, чтобы отвечать y/n)",
    language: (why) => `курс говорит по-русски (${why}); COURSE_LANG=en в .env переключает на английский`,
    languageFix: "задайте COURSE_LANG=en или COURSE_LANG=ru в .env или уберите эту строку",
    fromCourseLang: (value) => `COURSE_LANG=${value}`,
    fromLocale: (locale) => `по системной локали ${locale}`,
    noSetting: "не заданы ни COURSE_LANG, ни системная локаль",
  },

  web: {
    openTheLink:
      "Эта страница чата открывается только по ссылке, которую урок напечатал в терминале (http://127.0.0.1:ПОРТ/?key=...). " +
      "Ссылка даёт этому браузеру его сессию; без неё страница ничего не показывает, так что программа, знающая только порт, тоже ничего не получит.",
    linkUsed:
      "Эта ссылка уже использована или осталась от прошлого запуска: каждая ссылка работает один раз. Возьмите последнюю ссылку из терминала или запустите урок снова, чтобы получить новую.",
    pageAt: (link) => `Страница чата: откройте ${link} в браузере (ссылка работает один раз; Ctrl-C — остановить)`,
  },

  mcpHttp: {
    listening: (url, tools) => `MCP-сервер курса по HTTP: ${url} (инструментов: ${tools}; подключиться можно только с этого компьютера)`,
    token: (token) => `токен, показывается один раз: ${token}\n  клиенты передают его в заголовке  Authorization: Bearer <токен>  (свой токен можно задать в COURSE_MCP_TOKEN)`,
    tokenFromEnv: "токен: тот, что в COURSE_MCP_TOKEN (клиенты передают его в заголовке Authorization: Bearer <токен>)",
    tokenTooShort: (min) => `COURSE_MCP_TOKEN короче ${min} символов: короткий токен можно подобрать. Задайте токен длиннее или уберите переменную, чтобы получить случайный.`,
    stopHint: "Ctrl+C останавливает сервер.",
    stopped: "MCP-сервер курса остановлен: все сессии закрыты, порт свободен.",
    badPort: (value) => `--port принимает целое число от 0 до 65535 (0 выбирает свободный порт), а не '${value}'.`,
    portNeedsHttp: "--port действует только вместе с --http: npm run mcp -- --http --port 8011",
    portTaken: (port) => `Порт ${port} уже занят. Выберите другой через --port, например --port 0 для любого свободного.`,
  },
  channels: {
    heartbeatPart: "1. Канал heartbeat: задачи из HEARTBEAT.md, которым пришло время, одна за другой",
    webPart: "2. Веб-канал: скрипт играет роль браузера, вводит задачу и нажимает «Отклонить», если страница спросит разрешения",
    madeHeartbeat: (file) => `создан ${file} с двумя задачами для примера`,
    nothingDue: "сейчас выполнять нечего (каждая задача запускается раз за слот; см. heartbeat-state.json)",
    watching: (file) => `слежу за ${file} (Ctrl-C — остановить)`,
    taskDone: (session) => `heartbeat: готово; ответ выше, он сохранён в сессии ${session}`,
    taskFailed: (task, why) => `heartbeat: задача «${task}» не выполнена: ${why}`,
    opened: (origin, tab, task) => `открыл ${origin}/ по одноразовой ссылке (вкладка ${tab}), ввёл: ${task}`,
    approvalCard: (tool, effect, answer) =>
      `страница показывает [Разрешить] [Отклонить]: ${tool}: ${effect}  → скрипт нажимает «${answer === "yes" ? "Разрешить" : "Отклонить"}»`,
    pageGot: (pieces, tools, notes) =>
      `страница получила ответ по частям (${countRu(pieces, "часть", "части", "частей")}), ${countRu(tools, "строку", "строки", "строк")} об инструментах и ${countRu(notes, "заметку", "заметки", "заметок")} о стоимости`,
    tabLabel: (tab) => `вкладка ${tab}`,
    chatLabel: (chat) => `чат ${chat}`,
    telegramPolling: (chats) => `Телеграм-бот ждёт сообщений (отвечает чатам: ${chats}; Ctrl-C — остановить)`,
    noChats: "ни одному",
    noAllowedChats: "TELEGRAM_ALLOWED_CHATS не называет ни одного чата: всем чатам будет отказано (а их id попадут в журнал, чтобы вы могли добавить свой).",
    notChatIds: (entries) =>
      `TELEGRAM_ALLOWED_CHATS: ${entries} — не id чата, поэтому пропущено. Id — это числа через запятую, например TELEGRAM_ALLOWED_CHATS=123456789,-1001234567890.`,
    notTimeOfDay: (line, time) => `строка ${line}: ${time} — не время суток (от 00:00 до 23:59); задача пропущена.`,
    badInterval: (line, schedule) => `строка ${line}: «${schedule}»: промежуток должен быть от 1 минуты до 24 часов; задача пропущена.`,
    notUnderstood: (line, text) =>
      `строка ${line}: не понял («${text}»); пишите «- каждый день в ЧЧ:ММ: задача», «- каждые N часов: задача» или «- каждые N минут: задача» (без числа: «- каждый час: задача», «- каждую минуту: задача»).`,
    noHeartbeatFile: (file) => `нет файла ${file}; по расписанию ничего нет.`,
    fileUnreadable: (file, why) => `${file} ${why}; по расписанию ничего нет.`,
    stateUnreadable: (file, why) => `${file} ${why}; считаю, что ни одна задача ещё не выполнялась (файл будет записан заново после следующего запуска).`,
    stateNotJson: (file) => `${file} не является корректным JSON; считаю, что ни одна задача ещё не выполнялась.`,
    ranLater: (task, last, now) =>
      `«${task}» последний раз выполнялась в ${last}, а это позже, чем сейчас (${now}): часы спешили? Выполняю её, как будто она ещё не выполнялась.`,
    cannotRead: "не читается",
    namedPipe: "это именованный канал (FIFO), а не файл: чтение ждало бы вечно",
    notRegular: "не обычный файл",
    tooBig: (size, max) => `занимает ${size} байт, больше ${max}, допустимых для списка задач`,
    toolError: (text) => `← ошибка: ${text}`,
    offlineCost: "стоимость: $0 (офлайн)",
    approvalTimedOut: (seconds, tool) => `Нет ответа за ${seconds} с: ${tool} не запущен.`,
    refusals: {
      nothingAt: (what) => `Здесь ничего нет: ${what}.`,
      sendText: 'Пришлите {"chat": "...", "text": "ваше сообщение"} с непустым текстом.',
      notConnected: "Ассистент ещё не подключён; попробуйте через мгновение.",
      stillWaiting: "Эта вкладка ещё ждёт ответа; отправьте следующее сообщение, когда он придёт.",
      noQuestion: "В этой вкладке нет такого ждущего вопроса (на него уже ответили, или время вышло).",
      yesOrNo: 'Ответьте "yes" или "no".',
      badChatId: "Id чата: от 1 до 64 латинских букв, цифр, - или _.",
      wrongHost: (port, host) => `Отказано: этот сервер отвечает только по адресу http://127.0.0.1:${port}, а не Host «${host}».`,
      noOrigin: "Отказано: запрос без заголовка Origin; присылать сюда может только страница чата.",
      foreignOrigin: (origin) => `Отказано: запрос с другого сайта (Origin «${origin}»); с этим сервером говорит только страница чата.`,
      noCookie: "Отказано: этот браузер не открывал ссылку из терминала (ту, что с ?key=...), поэтому у него нет cookie сессии.",
      notJsonType: "Пришлите тело в JSON (Content-Type: application/json).",
      declaredTooBig: (bytes, limit) => `Тело занимает ${bytes} байт; предел ${limit}.`,
      tooBig: (limit) => `Тело больше предела в ${limit} байт.`,
      notJson: "Тело не является корректным JSON.",
    },
    page: {
      lang: "ru",
      title: "Ассистент",
      heading: "Ассистент",
      conversation: "Разговор",
      message: "Сообщение",
      placeholder: "Спросите что-нибудь, например: Какой курс доллара к рублю?",
      send: "Отправить",
      approvalNeeded: "Нужно разрешение:",
      why: "зачем:",
      allow: "Разрешить",
      deny: "Отклонить",
      allowed: "разрешено",
      denied: "отклонено",
      tooLate: "(поздно: вопрос уже закрыт)",
      connectionFailed: "Соединение прервалось:",
      working: "Ассистент отвечает…",
    },
    telegram: {
      refusal: "Извините, это личный ассистент, и этого чата нет в его списке. (Владелец может добавить id чата в TELEGRAM_ALLOWED_CHATS.)",
      emptyReply: "(пустой ответ)",
      closed: "Этот вопрос уже закрыт.",
      onlyAsker: "Ответить может только тот, кто спросил.",
      allowed: "Разрешено",
      denied: "Отклонено",
      allow: "Разрешить",
      deny: "Отклонить",
      noAnswer: (seconds, tool) => `Нет ответа за ${seconds} с: ${tool} не запущен.`,
      approvalNeeded: (tool, input, effect, why) => `Нужно разрешение: ${tool}\n${input}\n${effect}\nзачем: ${why}`,
      refusedChat: (chat, who) => `telegram: отказано сообщению из чата ${chat} (${who}): его нет в TELEGRAM_ALLOWED_CHATS`,
      conflict: "telegram: другая копия этого бота уже получает обновления (409 Conflict); эта останавливается. Запускайте только одну.",
      badToken: (code, apiBase) =>
        `Telegram не принял токен бота (${code}): TELEGRAM_BOT_TOKEN в .env неверный или отозван. Скопируйте токен, который дал @BotFather (вида 123456789:AA...), или получите новый у @BotFather командой /token.` +
        (apiBase ? ` Бот обращается к TELEGRAM_API_BASE=${apiBase}, а не к https://api.telegram.org: проверьте и эту настройку.` : ""),
      noAnswerFrom: (where, detail) => `нет ответа от Bot API по адресу ${where} (${detail})`,
      answered: (method, code, description) => `Bot API ответил на ${method} кодом ${code} («${description}»)`,
      retrying: (problem, network) =>
        `telegram: ${problem}. ${network ? "Проверьте подключение к интернету (и TELEGRAM_API_BASE в .env, если вы его задали). " : ""}Пробую снова с растущими паузами (до минуты), пока не получится; повторять это сообщение не буду. Ctrl+C — остановить.`,
      answersAgain: (failures) => `telegram: Bot API снова отвечает (неудачных попыток было: ${failures}); продолжаю.`,
      waiting: (problem, seconds) => `telegram: ${problem}; жду ${seconds} с (Ctrl+C — прервать)`,
      skipped: (id, offset) => `telegram: пропущено обновление с update_id ${id} (ожидалось целое число от ${offset})`,
      stoppedAsking: (chat, tool) =>
        `telegram: остановка, пока в чате ${chat} ждал вопрос про ${tool}: он не запущен и записан как прерванный (человек не отказывал)`,
    },
  },

  offline: {
    cannot: "На это я не могу ответить с инструментами этого агента, а угадывать не стану. ",
    iAm: "Я офлайн-демомодель: маленький планировщик внутри курса, а не Claude. ",
    iCan: (list) => `С инструментами этого агента я умею:\n${list}\n`,
    nothing: "С инструментами этого агента мне нечего спланировать офлайн.\n",
    useClaude: "Для всего остального подключите настоящий Claude: укажите ANTHROPIC_API_KEY в .env (см. .env.example) и запустите урок снова.",
    notDone: (part) =>
      `Не сделано: «${part}». У офлайн-демомодели нет плана для этой части с инструментами этого агента. Настоящий Claude может попробовать: укажите ANTHROPIC_API_KEY в .env (см. .env.example).`,
    tooLong: (length, limit) =>
      `Символов в этой задаче: ${groups(length)}, а офлайн-демомодель читает задачи длиной не больше ${groups(limit)} символов, поэтому я её не читал. Сократите её, или сохраните длинный текст в файл в рабочей папке и спросите про файл, или подключите настоящий Claude (ANTHROPIC_API_KEY в .env).`,
    tooManyParts: (count, limit) =>
      `Частей в этой задаче: ${count}, а офлайн-демомодель планирует не больше ${limit} частей за раз, поэтому я за неё не взялся. Просите меньше за раз или подключите настоящий Claude (ANTHROPIC_API_KEY в .env).`,
  },
};

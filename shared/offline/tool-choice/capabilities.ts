// What the offline model knows how to use: kinds of tool, each described the way a tool's own
// description would put it. A skill plans with a capability's id (get_exchange_rate) and its argument
// keys (from_currency); match-tools.ts finds which offered tool, under whatever name, does that job.
//
// A concept is a list of stems (words.ts), English and Russian. A tool is trusted with a capability
// only if its description and schema hit every required concept; its name counts as a weak hint only.

import type { Stems } from "./words.ts";

export interface Concept {
  stems: Stems;
  required?: boolean;
}

export interface ArgProfile {
  stems: Stems;
  type: "string" | "number" | "boolean" | "object";
  // The skills may leave it out; a tool without such a property still fits.
  optional?: boolean;
}

export interface Capability {
  id: string;
  // For the model's own sentences: "it looks up exchange rates" / "он узнаёт курсы валют".
  does: { en: string; ru: string };
  // A description that would let the model use a tool for this: what it says when it hesitates.
  example: { en: string; ru: string };
  concepts: Concept[];
  // A first sentence that leads with one of these says the tool does something else to the same
  // things ("Delete a contact ..."): never trusted with this job, however well the rest fits.
  notWhen?: Stems;
  args: Record<string, ArgProfile>;
}

const FILE: Stems = ["file", "файл", "disk", "диск", "document", "документ"];
const FILE_NAME: Stems = ["file", "filename", "path", "name$", "файл", "путь", "имя"];
const MEMORY: Stems = ["memor", "remember", "памят", "запомн"];
const NOTE: Stems = ["note", "notes", "jot", "замет"];
const EMAIL: Stems = ["email", "mail", "письм", "почт"];
// "Returns JSON like ..." / "Возвращает ...": a description that says what comes back is the better one.
export const RETURNS: Stems = ["return", "возвращ", "вернет"];

export const capabilities: Capability[] = [
  {
    id: "get_exchange_rate",
    does: { en: "looks up exchange rates", ru: "узнаёт курсы валют" },
    example: {
      en: "Get the exchange rate between two currencies: how many units of to_currency one unit of from_currency buys. Returns JSON like {\"rate\": 92.5}.",
      ru: "Курс обмена двух валют: сколько единиц to_currency даёт одна единица from_currency. Возвращает JSON вида {\"rate\": 92.5}.",
    },
    concepts: [
      { stems: ["currenc", "exchange", "forex", "fx$", "валют", "обмен"], required: true },
      { stems: ["rate$", "rates$", "курс"], required: true },
      { stems: ["money", "деньг", "денеж", "usd$", "eur$", "rub$"] },
    ],
    args: {
      from_currency: { type: "string", stems: ["from$", "source", "base$", "have$", "sell", "holding", "из$", "исходн", "есть$", "имеющ"] },
      to_currency: { type: "string", stems: ["to$", "target", "into$", "want$", "quote", "buy", "в$", "во$", "целев", "нужн", "получ"] },
    },
  },
  {
    id: "calculate",
    does: { en: "does arithmetic", ru: "считает" },
    example: {
      en: "Evaluate an arithmetic expression such as \"500 * 92.5\" exactly. Returns JSON like {\"result\": 46250}.",
      ru: "Точно вычисляет арифметическое выражение, например \"500 * 92.5\". Возвращает JSON вида {\"result\": 46250}.",
    },
    concepts: [
      {
        stems: ["arithmetic", "calculat", "compute$", "computes$", "evaluat", "expression", "math", "formula", "calculator", "посчит", "счита", "вычисл", "арифмет", "выражен", "формул", "калькулятор"],
        required: true,
      },
    ],
    args: {
      expression: { type: "string", stems: ["expression", "formula", "arithmetic", "math", "calculation", "выражен", "формул", "пример", "арифмет"] },
    },
  },
  {
    id: "get_time",
    does: { en: "tells the current time", ru: "говорит, который час" },
    example: {
      en: "Get the current date and time. Returns JSON like {\"time\": \"14:05:09\", \"date\": \"2026-03-01\"}.",
      ru: "Текущие дата и время. Возвращает JSON вида {\"time\": \"14:05:09\", \"date\": \"2026-03-01\"}.",
    },
    concepts: [
      { stems: ["time$", "times$", "clock", "время", "времени", "час$", "часы$"], required: true },
      { stems: ["current", "now$", "today", "текущ", "сейчас", "сегодня"], required: true },
      { stems: ["date$", "дата", "дату"] },
    ],
    args: {
      timezone: { type: "string", optional: true, stems: ["zone", "timezone", "tz$", "iana", "пояс"] },
    },
  },
  {
    id: "save_to_file",
    does: { en: "saves text to a file", ru: "сохраняет текст в файл" },
    example: {
      en: "Save text to a file in the workspace, creating or replacing it. Returns the path and the number of bytes written.",
      ru: "Сохраняет текст в файл рабочей папки, создавая или заменяя его. Возвращает путь и число записанных байт.",
    },
    concepts: [
      { stems: FILE, required: true },
      { stems: ["save", "write$", "writes$", "store", "сохран", "запис", "запиш"], required: true },
    ],
    args: {
      filename: { type: "string", stems: FILE_NAME },
      content: { type: "string", stems: ["content", "text", "body", "data$", "содерж", "текст"] },
    },
  },
  {
    id: "read_file",
    does: { en: "reads a file", ru: "читает файл" },
    example: {
      en: "Read a text file from the workspace. Returns the file's text.",
      ru: "Читает текстовый файл из рабочей папки. Возвращает текст файла.",
    },
    concepts: [
      { stems: FILE, required: true },
      { stems: ["read$", "reads$", "open$", "opens$", "прочит", "читает", "чтени"], required: true },
    ],
    args: {
      // The file's name or path: lessons 04 and 07 call it filename, lesson 10 path.
      path: { type: "string", stems: FILE_NAME },
      // Lesson 10's window: the line to start at, and how many lines ("read big.log from line 2001").
      offset: { type: "number", optional: true, stems: ["offset", "start", "смещ", "начин"] },
      limit: { type: "number", optional: true, stems: ["limit", "how$many", "лимит", "сколько"] },
    },
  },
  {
    id: "edit_file",
    does: { en: "changes a file by replacing a piece of its text", ru: "меняет файл, заменяя кусок текста" },
    example: {
      en: "Change a text file by replacing a piece of its text: old_text, quoted exactly, becomes new_text. Returns a diff of the change.",
      ru: "Меняет текстовый файл, заменяя кусок текста: old_text, процитированный точно, становится new_text. Возвращает diff изменения.",
    },
    concepts: [
      { stems: FILE, required: true },
      { stems: ["edit", "change", "replac", "modif", "измен", "правк", "правит", "замен"], required: true },
    ],
    args: {
      path: { type: "string", stems: FILE_NAME },
      old_text: { type: "string", stems: ["old$", "existing", "exact$", "current", "find$", "search", "стар", "текущ", "найти", "искать"] },
      new_text: { type: "string", stems: ["new$", "put$", "replacement", "нов", "вместо"] },
      replace_all: { type: "boolean", optional: true, stems: ["all$", "every", "each$", "все$", "всех$", "каждое"] },
    },
  },
  {
    id: "remember",
    does: { en: "keeps a fact in long-term memory", ru: "сохраняет факт в долгую память" },
    example: {
      en: "Save one fact to long-term memory (MEMORY.md) so later conversations know it. Returns whether it was saved.",
      ru: "Сохраняет один факт в долгую память (MEMORY.md), чтобы следующие разговоры его знали. Возвращает, сохранён ли он.",
    },
    concepts: [
      { stems: MEMORY, required: true },
      { stems: ["save", "store", "keep", "add$", "adds$", "remember", "запомн", "сохран", "добав"], required: true },
    ],
    args: {
      fact: { type: "string", stems: ["fact", "sentence", "remember", "факт", "запомн", "предложен"] },
    },
  },
  {
    id: "forget",
    does: { en: "removes a fact from memory", ru: "удаляет факт из памяти" },
    example: {
      en: "Remove a fact from long-term memory (MEMORY.md). Returns the fact it removed, or says nothing matched.",
      ru: "Удаляет факт из долгой памяти (MEMORY.md). Возвращает удалённый факт или говорит, что совпадений нет.",
    },
    concepts: [
      { stems: MEMORY, required: true },
      { stems: ["remov", "forget", "delet", "eras", "удал", "забы", "забуд", "стира", "стере"], required: true },
    ],
    args: {
      fact: { type: "string", stems: ["fact", "remove", "forget", "факт", "удал", "забы"] },
    },
  },
  {
    id: "set_preference",
    does: { en: "sets one of the user's preferences", ru: "задаёт настройку пользователя" },
    example: {
      en: "Set or change one of the user's standing preferences (a key and its value) in USER.md. Returns the new value and the old one.",
      ru: "Задаёт или меняет постоянную настройку пользователя (ключ и значение) в USER.md. Возвращает новое и старое значения.",
    },
    concepts: [{ stems: ["preferen", "setting", "настройк", "предпочт", "предпочит"], required: true }],
    args: {
      key: { type: "string", stems: ["key$", "name$", "setting", "ключ", "назван", "настройк"] },
      value: { type: "string", stems: ["value", "значен"] },
    },
  },
  {
    id: "add_row",
    does: { en: "adds a row to a table", ru: "добавляет строку в таблицу" },
    example: {
      en: "Append one row to a sheet (a CSV file): values maps column names to text. Returns the row number and the columns.",
      ru: "Добавляет строку в лист (CSV-файл): values сопоставляет столбцам текст. Возвращает номер строки и столбцы.",
    },
    concepts: [
      { stems: ["row$", "rows$", "sheet", "table", "spreadsheet", "csv$", "строк", "таблиц", "лист"], required: true },
      { stems: ["append", "add$", "adds$", "insert", "record", "добав", "запис"], required: true },
    ],
    args: {
      sheet: { type: "string", stems: ["sheet", "table", "name$", "лист", "таблиц"] },
      values: { type: "object", stems: ["value", "column", "cell", "field", "значен", "столб", "ячейк", "пол"] },
    },
  },
  {
    id: "plan_email",
    does: { en: "prepares an email without sending it", ru: "готовит письмо, не отправляя его" },
    example: {
      en: "Prepare an email without sending it. Returns a preview and a plan_id for send_email.",
      ru: "Готовит письмо, не отправляя его. Возвращает предпросмотр и plan_id для send_email.",
    },
    concepts: [
      { stems: EMAIL, required: true },
      { stems: ["prepar", "draft", "plan$", "plans$", "preview", "compose", "подготов", "готовит", "черновик"], required: true },
    ],
    args: {
      to: { type: "string", stems: ["to$", "recipient", "address", "адрес", "кому", "получател"] },
      subject: { type: "string", stems: ["subject", "title", "тема", "заголов"] },
      body: { type: "string", stems: ["body", "text$", "content", "message", "текст", "содерж"] },
    },
  },
  {
    id: "send_email",
    does: { en: "sends a prepared email", ru: "отправляет подготовленное письмо" },
    example: {
      en: "Send an email prepared with plan_email, by its plan_id. Returns whether it was sent.",
      ru: "Отправляет письмо, подготовленное plan_email, по его plan_id. Возвращает, отправлено ли оно.",
    },
    concepts: [
      { stems: EMAIL, required: true },
      { stems: ["send$", "sends$", "отправ"], required: true },
    ],
    args: {
      plan_id: { type: "string", stems: ["plan", "id$", "draft", "план", "черновик"] },
    },
  },
  {
    id: "add_note",
    does: { en: "saves a note", ru: "сохраняет заметку" },
    example: { en: "Save a note under a name. Returns the note's name.", ru: "Сохраняет заметку под именем. Возвращает имя заметки." },
    concepts: [
      { stems: NOTE, required: true },
      { stems: ["save", "add$", "adds$", "write$", "keep", "jot", "сохран", "добав", "запис", "запиш"], required: true },
    ],
    args: {
      name: { type: "string", stems: ["name$", "title", "имя", "назван"] },
      text: { type: "string", stems: ["text", "content", "body", "текст", "содерж"] },
    },
  },
  {
    id: "list_notes",
    does: { en: "lists the notes", ru: "показывает список заметок" },
    example: { en: "List the names of the user's notes. Returns one name per line.", ru: "Список имён заметок пользователя. Возвращает по имени в строке." },
    concepts: [
      { stems: NOTE, required: true },
      { stems: ["list", "lists$", "all$", "список", "перечисл", "все$"], required: true },
    ],
    args: {},
  },
  {
    id: "read_note",
    does: { en: "reads a note", ru: "читает заметку" },
    example: { en: "Read one note by its name. Returns the note's text.", ru: "Читает заметку по имени. Возвращает её текст." },
    concepts: [
      { stems: NOTE, required: true },
      { stems: ["read$", "reads$", "open$", "show", "прочит", "читает", "покаж"], required: true },
    ],
    args: {
      name: { type: "string", stems: ["name$", "title", "имя", "назван"] },
    },
  },
  {
    id: "search_contacts",
    does: { en: "searches the user's contacts", ru: "ищет в контактах пользователя" },
    example: {
      en: "Search the user's contacts by name. Use it when the user asks for someone's email or phone. Returns a JSON list of matches, each with name, email and phone; when no contact matches, it says so.",
      ru: "Ищет в контактах пользователя по имени. Используй, когда спрашивают чей-то email или телефон. Возвращает JSON-список совпадений с именем, email и телефоном; если никто не подходит, так и говорит.",
    },
    // "Find a person in the address book" / "Ищет человека в записной книжке": whom, and that it searches.
    concepts: [
      {
        stems: ["contact", "address$", "addressbook", "phonebook", "people", "person", "контакт", "адресн", "записн", "человек", "люд", "персон", "абонент"],
        required: true,
      },
      { stems: ["search", "find", "look$", "looks$", "lookup", "найт", "найд", "наход", "ищ", "искать", "поиск"], required: true },
      { stems: ["email", "phone", "телефон", "почт"] },
    ],
    notWhen: ["change", "update", "delete", "remove", "create", "add$", "adds$", "edit", "измен", "обнов", "удал", "созда", "добав"],
    args: {
      // The person to look for: name, person, query, who; имя, человек, запрос, кого.
      name: {
        type: "string",
        stems: ["name$", "names$", "person", "someone", "who$", "whom$", "query", "search$", "term$", "имя", "имени", "имен", "фамил", "фио$", "человек", "персон", "запрос", "поиск", "кто$", "кого$"],
      },
    },
  },
];

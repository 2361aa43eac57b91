// A tool's error retold in Russian. The course's tools write their errors in English, for the model;
// real Claude answers a Russian task in Russian whatever language the tool used. The offline model
// cannot translate, so it understands the errors the course's own tools give (the phrasings below)
// and says each in Russian; any other message is quoted as the tool's own words (data, not prose).
//
//   "There is no file 'notes.md' in the project. The project folder holds: README.md, src/."
//     -> "файла notes.md в папке проекта нет; там есть: README.md, src/."

interface Retelling {
  pattern: RegExp;
  // undefined: the message has this shape, but a part of it is not one the course's tools write.
  ru: (m: RegExpExecArray) => string | undefined;
}

// What a file is, as lesson 10's file-kind.ts (and lesson 04's read_file) name it, in Russian.
const KINDS: Array<[RegExp, string]> = [
  [/^a folder$/u, "папка"],
  [/^a named pipe \(FIFO\).*$/su, "именованный канал (FIFO): чтение из него ждало бы записи, которой никто не сделает"],
  [/^a socket$/u, "сокет"],
  [/^a device$/u, "устройство"],
  [/^not a regular file$/u, "особый файл системы"],
  [/^an? (PNG|JPEG|GIF) image$/u, "изображение $1"],
  [/^a PDF document$/u, "документ PDF"],
  [/^a (ZIP|gzip) archive$/u, "архив $1"],
  [/^an executable \(ELF\)$/u, "исполняемый файл (ELF)"],
  [/^a binary file \(it has NUL bytes\)$/u, "двоичный файл (в нём есть нулевые байты)"],
  [/^a binary file$/u, "двоичный файл"],
];

// "a PNG image, 16 x 16 pixels (0.0 megapixels)" -> "изображение PNG 16 × 16 пикселей"; "a folder, not text" -> "папка".
function kindInRussian(english: string): string | undefined {
  const [, kind = "", width, height] = /^(.+?)(?:, (\d+) x (\d+) pixels.*)?(?:, not text)?$/su.exec(english.trim()) ?? [];
  for (const [pattern, ru] of KINDS) {
    if (pattern.test(kind)) return kind.replace(pattern, ru) + (width ? ` ${width} × ${height} пикселей` : "");
  }
  return undefined;
}

// 'name' as the tools quote it; the Russian sentence names it without the quotes.
const NAME = String.raw`'([^']+)'`;
const WHERE: Record<string, string> = { project: "в папке проекта", workspace: "в рабочей папке" };

// "src holds: math.ts." / "the project folder holds: ..." / "... is empty." (lesson 10's and lesson 07's listing)
function listing(text: string | undefined): string {
  if (!text) return "";
  const holds = /^(.+?) holds: (.+?)\.?$/u.exec(text.trim());
  if (holds) {
    const folder = /^the (?:project folder|workspace(?: folder)?)$/iu.test(holds[1]!) ? "" : ` ${holds[1]}`;
    return `; в папке${folder} есть: ${holds[2]}`;
  }
  const empty = /^(.+?) is empty\.?$/u.exec(text.trim());
  if (empty) return /^the (?:project folder|workspace(?: folder)?)$/iu.test(empty[1]!) ? "; папка пуста" : `; папка ${empty[1]} пуста`;
  return "";
}

const RETELLINGS: Retelling[] = [
  {
    pattern: new RegExp(String.raw`^There is no file ${NAME} in the (project|workspace)\.\s*(.*)$`, "su"),
    ru: (m) => `файла ${m[1]} ${WHERE[m[2]!]} нет${listing(m[3])}.`,
  },
  {
    pattern: new RegExp(String.raw`^${NAME} (?:climbs out of|is outside) the (project|workspace)`, "u"),
    ru: (m) => `путь ${m[1]} ведёт за пределы ${m[2] === "project" ? "папки проекта" : "рабочей папки"}, а инструмент работает только внутри неё.`,
  },
  {
    pattern: new RegExp(String.raw`^${NAME} (?:goes through a symbolic link|is a link) that leads outside`, "u"),
    ru: (m) => `${m[1]} — ссылка, которая ведёт за пределы папки; по таким ссылкам инструмент не ходит.`,
  },
  {
    pattern: new RegExp(String.raw`^${NAME} is not a relative path`, "u"),
    ru: (m) => `${m[1]} — не относительный путь; пути считаются от папки проекта и пишутся через «/».`,
  },
  {
    pattern: new RegExp(String.raw`^${NAME} is read-only`, "u"),
    ru: (m) => `файл ${m[1]} только для чтения; если его нужно менять, снимите этот запрет.`,
  },
  {
    // "'pipe' is a named pipe (FIFO): opening it ... . read_file reads regular text files only."
    // "'logo.png' is a PNG image, 16 x 16 pixels (0.0 megapixels). read_file returns text only ..."
    pattern: new RegExp(String.raw`^${NAME} is (.+?)[.;] (?:read_file|edit_file)? ?(?:reads|returns|changes|only reads) (?:regular )?text`, "su"),
    ru: (m) => {
      const kind = kindInRussian(m[2]!);
      return kind === undefined ? undefined : `${m[1]} — не текстовый файл, а ${kind}; инструмент работает только с текстом.`;
    },
  },
  {
    pattern: /^old_text matches (\d+) places \([\w-]+ matcher\), starting on lines ([\d, ]+)\./u,
    ru: (m) => `текст для замены встречается в нескольких местах (${m[1]}; строки ${m[2]}), поэтому ничего не изменено.`,
  },
  {
    pattern: /^old_text was not found in the file/u,
    ru: () => "такого текста в файле нет, поэтому ничего не изменено.",
  },
  {
    pattern: new RegExp(String.raw`^You have not read ${NAME}`, "u"),
    ru: (m) => `файл ${m[1]} ещё не прочитан в этом разговоре, а править непрочитанное инструмент не даёт.`,
  },
  {
    pattern: /read it again first/iu,
    ru: () => "файл изменился после того, как его прочитали; его нужно прочитать снова.",
  },
  {
    pattern: /^(?:'[^']*' gives [^,]+, not a finite number|Division by zero)/iu,
    ru: () => "результат не число: деление на ноль или слишком большое значение.",
  },
  {
    pattern: new RegExp(String.raw`^${NAME} was not saved: .*\((E[A-Z]+)\)`, "su"),
    ru: (m) => `${m[1]} не сохранён: система отказала в записи (${m[2]}).`,
  },
];

// Russian words for the message (to follow a colon, so lower-case), or undefined when it is not one the course's tools give.
export function retellInRussian(message: string): string | undefined {
  for (const { pattern, ru } of RETELLINGS) {
    const m = pattern.exec(message.trim());
    const said = m ? ru(m) : undefined;
    if (said !== undefined) return said;
  }
  return undefined;
}

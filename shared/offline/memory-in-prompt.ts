// Reading the memory files that lesson 06 puts into the system prompt (<memory_file name="...">), and
// finding the lines that answer a question, for the offline model. Real Claude just reads the prompt;
// the planner needs the lines as data and a rough idea of what a question is about.

export interface RememberedLine {
  file: string;
  // The fact as written, without the bullet and the date.
  text: string;
  date?: string;
}

const OPEN = '<memory_file name="';
const CLOSE = "</memory_file>";

// Bullet lines of every memory file except SOUL.md (which is about the agent, not the user).
export function rememberedLines(system: string): RememberedLine[] | undefined {
  if (!system.includes(OPEN)) return undefined;
  const lines: RememberedLine[] = [];
  let at = system.indexOf(OPEN);
  while (at >= 0) {
    const nameEnd = system.indexOf('"', at + OPEN.length);
    const bodyStart = system.indexOf(">", nameEnd);
    const bodyEnd = system.indexOf(CLOSE, bodyStart);
    if (nameEnd < 0 || bodyStart < 0 || bodyEnd < 0) break;
    const file = system.slice(at + OPEN.length, nameEnd);
    if (file !== "SOUL.md") {
      for (const raw of system.slice(bodyStart + 1, bodyEnd).split("\n")) {
        const bullet = raw.match(/^\s*[-*]\s+(.+?)\s*$/u)?.[1];
        if (!bullet) continue;
        const dated = bullet.match(/^(.*\S)\s+\((\d{4}-\d{2}-\d{2})\)$/u);
        lines.push(dated ? { file, text: dated[1]!, date: dated[2] } : { file, text: bullet });
      }
    }
    at = system.indexOf(OPEN, bodyEnd);
  }
  return lines;
}

// What a question or a fact is about, in either language: a question in English finds a fact saved in
// Russian ("What is my name?" -> "Пользователя зовут Аня").
const TOPICS: Array<[topic: string, words: RegExp]> = [
  ["name", /(?<![\p{L}])(?:name|named|called|имя|имени|зовут|звать|зови|называ\p{L}*)(?![\p{L}])/iu],
  ["home", /(?<![\p{L}])(?:live|lives|living|city|town|address|hometown|жив\p{L}*|город\p{L}*|адрес\p{L}*|родом)(?![\p{L}])/iu],
  ["budget", /(?<![\p{L}])(?:budget\p{L}*|afford|money|savings|бюджет\p{L}*|денег|деньги|деньгах|сбережени\p{L}*)(?![\p{L}])/iu],
  ["currency", /(?<![\p{L}])(?:currenc\p{L}*|prefer\p{L}*|reports?|валют\p{L}*|предпоч\p{L}*|отч[её]т\p{L}*)(?![\p{L}])/iu],
  ["language", /(?<![\p{L}])(?:language|speak|язык\p{L}*|говор\p{L}*)(?![\p{L}])/iu],
  ["work", /(?<![\p{L}])(?:work|works|working|job|profession|occupation|employer|company|работ\p{L}*|професси\p{L}*|должност\p{L}*|компани\p{L}*)(?![\p{L}])/iu],
  ["birthday", /(?<![\p{L}])(?:birthday|born|age|old|рожд\p{L}*|возраст\p{L}*|лет)(?![\p{L}])/iu],
  ["trip", /(?<![\p{L}])(?:trip|travel\p{L}*|vacation|holiday|flight|поездк\p{L}*|путешеств\p{L}*|отпуск\p{L}*|рейс\p{L}*)(?![\p{L}])/iu],
  ["pet", /(?<![\p{L}])(?:pets?|dogs?|cats?|питом\p{L}*|собак\p{L}*|кошк\p{L}*|кот|кота|коты|котов|котик\p{L}*)(?![\p{L}])/iu],
  ["family", /(?<![\p{L}])(?:wife|husband|son|daughter|kids?|children|mother|father|sister|brother|жена|жены|муж\p{L}*|сын\p{L}*|доч\p{L}*|дет\p{L}*|мам\p{L}*|мать|отец|пап\p{L}*|сестр\p{L}*|брат\p{L}*)(?![\p{L}])/iu],
  ["likes", /(?<![\p{L}])(?:like|likes|love|loves|favou?rite|люб\p{L}*|нрав\p{L}*)(?![\p{L}])/iu],
  ["email", /(?<![\p{L}])(?:e-?mail|mail|почт\p{L}*)(?![\p{L}])/iu],
];

// Words that say nothing about the subject of a question.
const FILLER = new Set(
  (
    "what whats what's is are was were the a an my mine me i i'm im do does did you your know remember where who when which how " +
    "much many user user's of for to in on at and or it that this tell about have has be please again any anything there " +
    "что как где кто когда какой какая какое какие каков сколько мой моя моё мое мои моего моей моих меня мне я ты вы знаешь " +
    "помнишь пользователь пользователя пользователю это у в на о об обо про и или а не ли же скажи напомни со слов есть был была"
  ).split(" "),
);

export function topicsOf(text: string): Set<string> {
  return new Set(TOPICS.filter(([, words]) => words.test(text)).map(([topic]) => topic));
}

// Content words, cut to a stem of five letters so "trip" and "trips", "поездку" and "поездке" meet.
export function stemsOf(text: string): Set<string> {
  const stems = new Set<string>();
  for (const word of text.toLowerCase().match(/[\p{L}']+/gu) ?? []) {
    if (word.length < 3 || FILLER.has(word)) continue;
    stems.add(word.slice(0, 5));
  }
  return stems;
}

// The lines that share a topic or a content word with the question.
export function linesAbout(question: string, lines: RememberedLine[]): RememberedLine[] {
  const topics = topicsOf(question);
  const stems = stemsOf(question);
  return lines.filter((line) => {
    // USER.md's "name: Alex" is about its key.
    for (const topic of topicsOf(line.text)) if (topics.has(topic)) return true;
    for (const stem of stemsOf(line.text)) if (stems.has(stem)) return true;
    return false;
  });
}

// The name a line gives, if it gives one: "name: Alex", "The user's name is Anna", "Пользователя зовут Аня".
export function nameIn(text: string): string | undefined {
  const found =
    text.match(/^name\s*:\s*(.+)$/iu)?.[1] ??
    text.match(/name\s+is\s+(.+)$/iu)?.[1] ??
    text.match(/(?:зовут|имя)\s*:?\s+(.+)$/iu)?.[1] ??
    text.match(/^имя\s*:\s*(.+)$/iu)?.[1];
  return found?.trim().replace(/[.!]+$/u, "");
}

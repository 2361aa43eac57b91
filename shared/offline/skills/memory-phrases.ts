// Reading memory requests out of a task in English or Russian, for the offline model's memory skills
// (lesson 06): "Remember that I prefer reports in EUR", "Запомни, что я предпочитаю отчёты в евро",
// "Forget that ...", "Call me Alex", "Отвечай на русском". Real Claude needs none of this.
//
// A fact is stored in the third person ("The user prefers reports in EUR"): in a later conversation
// "I prefer ..." would be ambiguous (who is "I"?), and that is also how Claude writes memories.

export type MemoryIntent =
  | { kind: "remember"; fact: string }
  | { kind: "forget"; fact: string }
  | { kind: "preference"; key: string; value: string };

const POLITE = String.raw`(?:(?:please|pls|hey|ok|okay|can you|could you|would you|пожалуйста|слушай)[,\s]+)*`;

const REMEMBER_EN = new RegExp(
  String.raw`^${POLITE}(?:remember|don'?t forget|do not forget|keep in mind|make a note)(?:\s+that\b|\s*[:,])?\s*(.+)$`,
  "iu",
);
const FORGET_EN = new RegExp(String.raw`^${POLITE}forget(?:\s+that\b|\s+about\b|\s+what i said about\b|\s*[:,])?\s*(.+)$`, "iu");
const REMEMBER_RU = new RegExp(
  String.raw`^${POLITE}(?:запомни(?:те)?|не\s+забудь(?:те)?|учти(?:те)?)\s*[,:]?\s*(?:что\s+|это\s*:?\s*)?(.+)$`,
  "iu",
);
const FORGET_RU = new RegExp(String.raw`^${POLITE}забудь(?:те)?\s*[,:]?\s*(?:что\s+|про\s+|об?\s+)?(.+)$`, "iu");

const NAME_EN = new RegExp(String.raw`^${POLITE}(?:call me|my name is)\s+(.+)$`, "iu");
const NAME_RU = new RegExp(String.raw`^${POLITE}(?:(?:зови|называй)(?:те)?\s+меня|меня\s+зовут)\s+(.+)$`, "iu");
const LANGUAGE_EN = new RegExp(
  String.raw`^(?:from now on,?\s*)?${POLITE}(?:always\s+)?(?:answer|reply|respond|talk|write)(?:\s+to me)?\s+in\s+(\p{L}+)(?:\s+from now on)?$`,
  "iu",
);
const LANGUAGE_RU = new RegExp(
  String.raw`^(?:(?:теперь|впредь|с этого момента),?\s*)?${POLITE}(?:всегда\s+)?(?:отвечай|пиши|говори)(?:те)?(?:\s+мне)?\s+(?:на\s+(\p{L}+)(?:\s+языке)?|по-(\p{L}+))$`,
  "iu",
);
const SET_EN = new RegExp(String.raw`^${POLITE}set\s+my\s+(?:preference\s+)?(.+?)\s+(?:to|=)\s+(.+)$`, "iu");
const SET_RU = new RegExp(String.raw`^${POLITE}(?:установи|поставь|задай)(?:те)?\s+(?:мне\s+)?(?:предпочтение\s+)?(.+?)\s*[:=]\s*(.+)$`, "iu");

export function readMemoryIntent(task: string): MemoryIntent | null {
  const text = task.trim().replace(/[.!?]+$/u, "").trim();
  if (text === "") return null;
  const ru = /[\u0400-\u04ff]/u.test(text);

  // "Don't forget that ..." asks to remember, so remembering is checked before forgetting.
  const remembered = text.match(ru ? REMEMBER_RU : REMEMBER_EN)?.[1];
  if (remembered) return { kind: "remember", fact: ru ? thirdPersonRu(remembered) : thirdPersonEn(remembered) };
  const forgotten = text.match(ru ? FORGET_RU : FORGET_EN)?.[1];
  if (forgotten) {
    // "Forget that I ..." names a stored fact; "forget about Lisbon" is a search word, kept as typed.
    const fact = ru ? thirdPersonRu(forgotten) : thirdPersonEn(forgotten);
    return { kind: "forget", fact: fact.toLowerCase() === forgotten.trim().toLowerCase() ? forgotten.trim() : fact };
  }

  // A name is a few words of letters: "My name is Anna, what is 2+2" names Anna and asks something else,
  // so it is not stored as the name "Anna, what is 2+2".
  const name = text.match(ru ? NAME_RU : NAME_EN)?.[1]?.trim();
  if (name && /^\p{L}[\p{L}'’\- ]{0,40}$/u.test(name) && name.split(/\s+/u).length <= 3) return { kind: "preference", key: "name", value: name };
  const language = text.match(ru ? LANGUAGE_RU : LANGUAGE_EN);
  if (language) {
    const word = language[1] ?? language[2] ?? "";
    return { kind: "preference", key: "language", value: ru ? languageRu(word) : capitalize(word.toLowerCase()) };
  }
  const set = text.match(ru ? SET_RU : SET_EN);
  if (set?.[1] && set[2] && set[1].length <= 40 && set[2].length <= 80 && !/[?]/u.test(set[2])) return { kind: "preference", key: set[1].trim(), value: set[2].trim() };
  return null;
}

// --- English: "I prefer reports in EUR" -> "The user prefers reports in EUR" ---------------------

const MODALS = /^(can|can't|cannot|could|couldn't|will|won't|would|wouldn't|should|shouldn't|must|may|might)$/iu;

export function thirdPersonEn(fact: string): string {
  let text = fact.trim().replace(/[.!?]+$/u, "");
  const leading: Array<[RegExp, string]> = [
    [/^i'?m\b/iu, "The user is"],
    [/^i am\b/iu, "The user is"],
    [/^i'?ve\b/iu, "The user has"],
    [/^i have\b/iu, "The user has"],
    [/^i was\b/iu, "The user was"],
    [/^i'?ll\b/iu, "The user will"],
    [/^i'?d\b/iu, "The user would"],
    [/^i (?:don'?t|do not)\b/iu, "The user does not"],
    [/^i (?:didn'?t|did not)\b/iu, "The user did not"],
  ];
  const fixed = leading.find(([pattern]) => pattern.test(text));
  if (fixed) {
    text = text.replace(fixed[0], fixed[1]);
  } else {
    const verb = text.match(/^i\s+(\p{L}+)/iu)?.[1];
    if (verb) text = text.replace(/^i\s+\p{L}+/iu, `The user ${MODALS.test(verb) ? verb.toLowerCase() : verbS(verb.toLowerCase())}`);
  }
  text = text
    .replace(/\b(?:my|mine)\b/giu, "the user's")
    .replace(/\bmyself\b/giu, "themselves")
    .replace(/\bme\b/giu, "the user");
  return capitalize(text);
}

function verbS(verb: string): string {
  const lower = verb.toLowerCase();
  if (lower === "have") return "has";
  if (lower === "do") return "does";
  if (lower === "go") return "goes";
  if (/[^aeiou]y$/u.test(lower)) return `${verb.slice(0, -1)}ies`;
  if (/(?:s|x|z|ch|sh|o)$/u.test(lower)) return `${verb}es`;
  return `${verb}s`;
}

// --- Russian: "я предпочитаю отчёты в евро" -> "Пользователь предпочитает отчёты в евро" --------

const IRREGULAR_RU: Record<string, string> = {
  люблю: "любит",
  живу: "живёт",
  хочу: "хочет",
  пишу: "пишет",
  могу: "может",
  плачу: "платит",
  хожу: "ходит",
  езжу: "ездит",
  сижу: "сидит",
  иду: "идёт",
  еду: "едет",
  беру: "берёт",
  жду: "ждёт",
  пью: "пьёт",
  ем: "ест",
  учусь: "учится",
  сплю: "спит",
};

export function thirdPersonRu(fact: string): string {
  const text = fact.trim().replace(/[.!?]+$/u, "");
  const named = text.match(/^меня\s+зовут\s+(.+)$/iu);
  if (named) return `Пользователя зовут ${named[1]}`;
  const match = text.match(/^я\s+(не\s+)?(\p{L}+)(.*)$/iu);
  if (match) {
    const verb = verbRu((match[2] ?? "").toLowerCase());
    if (verb) return `Пользователь ${match[1] ?? ""}${verb}${match[3] ?? ""}`;
  }
  // Anything else keeps the user's words, marked as theirs.
  if (/^(?:я|мой|моя|моё|мое|мои|меня|мне)(?![\p{L}])/iu.test(text)) return `Со слов пользователя: ${text}`;
  return capitalize(text);
}

function verbRu(verb: string): string | undefined {
  const irregular = IRREGULAR_RU[verb];
  if (irregular) return irregular;
  if (/[аяе]юсь$/u.test(verb)) return verb.replace(/юсь$/u, "ется"); // занимаюсь -> занимается
  if (/[аяеу]ю$/u.test(verb)) return verb.replace(/ю$/u, "ет"); // предпочитаю -> предпочитает, использую -> использует
  if (/[^аяеуоиыэё]ю$/u.test(verb)) return verb.replace(/ю$/u, "ит"); // говорю -> говорит
  return undefined;
}

function languageRu(word: string): string {
  const lower = word.toLowerCase();
  if (/ом$/u.test(lower)) return lower.replace(/ом$/u, "ий"); // на русском -> русский
  if (/ски$/u.test(lower)) return `${lower}й`; // по-русски -> русский
  return lower;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

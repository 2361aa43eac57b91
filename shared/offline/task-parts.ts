// Splitting a task into the jobs a person listed in it, for the offline planner: "Convert 200 dollars to
// rubles and read inbox.txt" is two jobs, and each gets its own plan, so that a part no skill can do is
// named rather than silently dropped. Real Claude needs none of this.
//
// Where a task splits: at the end of a sentence, at "then / and then / потом / затем", and at "and / и /
// a comma" when a new verb or question follows ("... and read inbox.txt", "..., сколько ..."). Some pieces
// are not jobs of their own and are joined back:
//   - "If I have 300 USD, ..." / "Если ..., ...": a condition belongs to the question after it, and so do
//     statements with figures ("I have 300 USD. I spend 45.5 EUR. How many dollars are left?");
//   - "... in RUB? And in EUR?": a piece that starts with "in / to / в / на" continues the one before;
//   - "... and save the result to report.txt", "... and email it to anna@example.com": a follow-up goes
//     with the job that made the result (the nearest earlier part with a figure in it).
// Everything here is a single pass of regular expressions that cannot backtrack far: linear in the length.

export interface TaskPart {
  text: string;
  start: number;
  end: number;
}

const EDGE = "(?<![\\p{L}\\p{N}])";
const END = "(?![\\p{L}\\p{N}])";

const IMPERATIVES_EN =
  "convert|change|exchange|read|open|show|display|print|list|tell|give|get|find|look|check|calculate|compute|count|" +
  "save|write|store|record|e-?mail|mail|send|forward|remember|forget|call|set|translate|explain|summari[sz]e|delete|remove|answer|reply|make|create|draw|search|book|order|play|compose|describe|help|plan";
const QUESTIONS_EN = "what(?:'s)?|how|where|who|when|which|is|are|do|does|can|could";
// Russian imperatives, each with its polite "-те" form.
const IMPERATIVES_RU =
  "(?:переведи|конвертируй|обменяй|прочитай|прочти|открой|покажи|выведи|скажи|дай|найди|узнай|проверь|посчитай|" +
  "вычисли|сосчитай|сохрани|запиши|положи|отправь|пошли|перешли|вышли|запомни|забудь|зови|называй|установи|" +
  "отвечай|объясни|удали|перечисли|расскажи|напиши|сделай|создай|придумай|поищи|составь|ответь|нарисуй|закажи)(?:те)?";
const QUESTIONS_RU = "сколько|какой|какая|какое|какие|каков|который|где|кто|когда|что|как|чему";

// "and then", "потом": always a new job. "and" or a comma: a new job when a verb follows; after "and"
// a question word too ("... and what time is it?"), after a bare comma not ("..., which I need").
const BOUNDARY = new RegExp(
  [
    `\\s*,?\\s+(?:and\\s+then|and\\s+also|then|after\\s+that|и\\s+потом|а\\s+потом|и\\s+затем|потом|затем|после\\s+этого|а\\s+также)${END}\\s*`,
    `\\s+(?:and|и|а)\\s+(?=(?:${IMPERATIVES_EN}|${QUESTIONS_EN}|${IMPERATIVES_RU}|${QUESTIONS_RU})${END})`,
    `\\s*,\\s*(?:(?:and|и|а)\\s+)?(?=(?:${IMPERATIVES_EN}|${IMPERATIVES_RU})${END})`,
  ].join("|"),
  "giu",
);
// A sentence ends at . ! ? or … followed by a space, at a line break, or at a semicolon.
const SENTENCE_END = /(?<![.!?…])[.!?…]+(?=\s)|\n|;/gu;

// A memory fact is free text: "Remember that I work in Berlin and call my mother on Sundays" is one fact.
// Inside it, only a sentence end or "then / потом" starts a new job.
const FREE_TEXT = new RegExp(
  `^(?:(?:please|пожалуйста)[,\\s]+)?(?:remember|don'?t\\s+forget|do\\s+not\\s+forget|keep\\s+in\\s+mind|forget|запомни(?:те)?|учти(?:те)?|не\\s+забудь(?:те)?|забудь(?:те)?)${END}`,
  "iu",
);
const CONDITION = new RegExp(`^(?:if|suppose|assuming|если|допустим|предположим)${END}`, "iu");
// "I have 300 USD. I spend 45.5 EUR. How many dollars are left?": statements with figures are the
// question's facts, not jobs of their own.
const FIRST_PERSON = new RegExp(`^(?:i|i'm|i've|we|my|our|у\\s+меня|у\\s+нас|я|мы|мой|моя|мои|наш|наша)${END}`, "iu");

function isFactForNext(text: string): boolean {
  return FIRST_PERSON.test(text) && /\d/u.test(text) && !/\?\s*$/u.test(text);
}
const CONTINUATION = new RegExp(`^(?:(?:and|or|also|а|и|или|ещё|еще)\\s+)?(?:in|into|to|в|во|на)${END}`, "iu");
const FOLLOW_UP = new RegExp(
  `^(?:(?:and|и|а|also|также|then|потом|затем)\\s+)*(?:please\\s+|пожалуйста\\s+)?(?:save|write|store|put|e-?mail|mail|send|forward|сохрани|запиши|положи|отправь|пошли|перешли|вышли)(?:те)?${END}`,
  "iu",
);
// A follow-up names where the result goes ("to report.txt", "to anna@example.com") or points back at it
// ("save it", "the result"); "write me a poem" is a job of its own.
const POINTS_BACK = /(?<![\p{L}])(?:it|this|that|them|result|file|report|результат\p{L}*|это|его|её|ее|их|файл\p{L}*|отч[её]т\p{L}*)(?![\p{L}])|@|\.\p{L}{1,8}(?![\p{L}])/iu;

function isFollowUp(text: string): boolean {
  return FOLLOW_UP.test(text) && POINTS_BACK.test(text);
}

const LEADING_CONNECTOR = new RegExp(`^(?:(?:and|then|also|so|и|а|потом|затем|также|ещё|еще)${END}[\\s,]*)+`, "iu");
const FILLER_ONLY = new RegExp(
  `^(?:(?:please|pls|thanks?|thank\\s+you|ok(?:ay)?|hi|hello|hey|tell\\s+me|пожалуйста|спасибо|привет|ладно|хорошо|ок|скажи(?:те)?)${END}[\\s,.!?]*)+$`,
  "iu",
);

// Quoted text is one piece whatever it holds: "replace 'let sum = 0;' with 'let sum = 1;'" has a
// semicolon, "replace `a. b` with ..." a full stop, and neither ends the task there. A quote is at most
// a few hundred characters on one line, so an unclosed one is never searched to the end of a long task.
// A single quote opens only after a space or a bracket, so "don't" and "What's" are no quotes.
const QUOTED = /`[^`\n]{1,400}`|«[^»\n]{1,400}»|"[^"\n]{1,400}"|“[^”\n]{1,400}”|(?<![\p{L}\p{N}])'[^'\n]{1,400}'(?![\p{L}\p{N}])/gu;

// For each position of the task: is it inside a quote?
function quotedMask(task: string): Uint8Array {
  const mask = new Uint8Array(task.length);
  for (const match of task.matchAll(QUOTED)) mask.fill(1, (match.index ?? 0) + 1, (match.index ?? 0) + match[0].length - 1);
  return mask;
}

export function splitTask(task: string): TaskPart[] {
  const quoted = quotedMask(task);
  // Every possible boundary, found in one pass over the whole task, then handed out to the sentences.
  const boundaries = [...task.matchAll(BOUNDARY)].filter((m) => m[0] !== "" && quoted[m.index ?? 0] !== 1);
  let next = 0;
  const pieces: TaskPart[] = [];
  for (const sentence of spans(task, SENTENCE_END, 0, task.length, quoted)) {
    const freeText = FREE_TEXT.test(task.slice(sentence.start, sentence.start + 40));
    let start = sentence.start;
    while (next < boundaries.length && (boundaries[next]!.index ?? 0) < sentence.start) next++;
    for (; next < boundaries.length && (boundaries[next]!.index ?? 0) < sentence.end; next++) {
      const match = boundaries[next]!;
      const at = match.index ?? 0;
      if (freeText && !/then|also|after|потом|затем|также/iu.test(match[0])) continue;
      push(pieces, task, start, at);
      start = Math.min(at + match[0].length, sentence.end);
    }
    push(pieces, task, start, sentence.end);
  }
  return mergePieces(task, pieces);
}

// The stretches between separators, each trimmed; empty ones are dropped.
function spans(text: string, separator: RegExp, from: number, to: number, quoted: Uint8Array): TaskPart[] {
  const found: TaskPart[] = [];
  let start = from;
  separator.lastIndex = from;
  for (let match = separator.exec(text); match && match.index < to; match = separator.exec(text)) {
    if (quoted[match.index] === 1) continue;
    const end = match.index + match[0].length;
    // Keep the sentence's own punctuation ("?") with it; drop line breaks and semicolons.
    push(found, text, start, /^[.!?…]/u.test(match[0]) ? end : match.index);
    start = end;
    if (match[0] === "") separator.lastIndex++;
  }
  push(found, text, start, to);
  return found;
}

function push(list: TaskPart[], text: string, start: number, end: number): void {
  while (start < end && /\s/u.test(text[start]!)) start++;
  while (end > start && /\s/u.test(text[end - 1]!)) end--;
  if (end > start) list.push({ text: text.slice(start, end), start, end });
}

function mergePieces(task: string, pieces: TaskPart[]): TaskPart[] {
  const parts: TaskPart[] = [];
  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i]!;
    const previous = parts[parts.length - 1];
    if (FILLER_ONLY.test(piece.text)) continue;
    if (previous && (CONDITION.test(previous.text) || isFactForNext(previous.text) || CONTINUATION.test(piece.text))) {
      parts[parts.length - 1] = joined(task, previous, piece, true);
      continue;
    }
    if (previous && isFollowUp(piece.text)) {
      // "... , read inbox.txt and save the result to report.txt": the result is the conversion's.
      let owner = parts.length - 1;
      for (let j = parts.length - 1; j >= 0; j--) {
        if (/\d/u.test(withoutFileNames(parts[j]!.text))) {
          owner = j;
          break;
        }
      }
      parts[owner] = joined(task, parts[owner]!, piece, owner === parts.length - 1);
      continue;
    }
    parts.push({ ...piece, text: piece.text.replace(LEADING_CONNECTOR, "") || piece.text });
  }
  return parts;
}

// Pieces next to each other keep the words between them; a follow-up further away is joined with "and".
function joined(task: string, first: TaskPart, second: TaskPart, adjacent: boolean): TaskPart {
  if (adjacent) return { text: task.slice(first.start, second.end), start: first.start, end: second.end };
  const and = /[\u0400-\u04ff]/u.test(first.text) ? " и " : " and ";
  return { text: `${first.text}${and}${second.text.replace(LEADING_CONNECTOR, "")}`, start: first.start, end: first.end };
}

function withoutFileNames(text: string): string {
  return text.replace(/(?<![\p{L}\p{N}_\-./])[\p{L}\p{N}_\-./]*\.\p{L}[\p{L}\p{N}]{0,7}(?![\p{L}\p{N}])/gu, " ");
}

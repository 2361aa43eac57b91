// The message catalogue in the learner's language (see language.ts). One import for every command:
//   const m = messages();  console.log(m.check.failedVerdict(exercise.id));

import { en, type Messages } from "./en.ts";
import { courseLanguage, type Lang } from "./language.ts";
import { ru } from "./ru.ts";

const CATALOGUES: Record<Lang, Messages> = { en, ru };

export function messages(lang: Lang = courseLanguage()): Messages {
  return CATALOGUES[lang];
}

export type { Messages };

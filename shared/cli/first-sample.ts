// The sample a learner sees first is in their language: under COURSE_LANG=ru, the first sample task
// written in Russian (every lesson has one), so the answer and the offline model's thinking are Russian
// too. npm test runs each lesson's this way and reads the output for English (self-test.ts, step 4).

import { courseLanguage, type Lang } from "../i18n/language.ts";

export function firstSample(tasks: string[], lang: Lang = courseLanguage()): string {
  const inLanguage = lang === "ru" ? tasks.find((task) => /[а-яё]/i.test(task)) : undefined;
  return inLanguage ?? tasks[0] ?? "";
}

// A check's teaching message in the learner's language. A check author writes both:
//
//   expect(found, say(
//     `searchContacts("OLG") should find "Olga Ivanova" (TODO 1 in ${FILE}).`,
//     `searchContacts("OLG") должна найти "Olga Ivanova" (TODO 1 в ${FILE}).`,
//   )).toEqual(["Olga Ivanova"]);
//
// npm run check, watch, progress and hint pass the learner's language (COURSE_LANG, or the locale:
// shared/i18n/language.ts) to the checks as COURSE_CHECK_LANG (shared/cli/check-runner.ts). It is a
// variable of its own because vitest.config.ts pins COURSE_LANG=en for the course's catalogue, which
// the checks compare lesson output against. Without it (npm test, a plain vitest run) messages are English.
// Check titles stay English in both languages: hints ("Passes: ...") and WRONG.md files quote them.
//
// What stays English inside a Russian message: code, names, file names, values (the rule is in
// shared/cli/latin-prose.ts). npm test runs the starters and wrong answers of the exercises listed in
// BILINGUAL_CHECKS with COURSE_CHECK_LANG=ru and fails on a message with English prose in it.

export type CheckLang = "en" | "ru";

export function checkLanguage(): CheckLang {
  return process.env.COURSE_CHECK_LANG === "ru" ? "ru" : "en";
}

export function say(english: string, russian: string): string {
  return checkLanguage() === "ru" ? russian : english;
}

// The exercises whose every check message has a Russian twin. Add an exercise once its test file
// is converted, and change the sentence about the checks' language in its README and README.ru.md.
export const BILINGUAL_CHECKS = [
  "01-first-tool",
  "02-agent-loop",
  "03-saving-files",
  "04-tool-contract",
  "05-parallel-and-safe",
  "06-memory",
  "07-approval-gates",
  "08-assistant",
  "09-channels",
  "10-edit-tool",
  "11-mcp",
  "12-tools-at-scale",
  "13-evals",
];

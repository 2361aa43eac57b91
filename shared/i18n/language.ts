// Which language the course speaks to the learner: COURSE_LANG (en or ru) from the environment or
// .env; when it is not set, the system locale (LC_ALL, then LC_MESSAGES, then LANG): one starting
// with "ru" means Russian. English otherwise. The checks' teaching messages (test/NN-*.test.ts) get it
// as COURSE_CHECK_LANG from the check runner (test/helpers/say.ts says why it is a variable of its own).

import { readFileSync } from "node:fs";
import path from "node:path";
import dotenv from "dotenv";

export const LANGUAGES = ["en", "ru"] as const;
export type Lang = (typeof LANGUAGES)[number];

export interface LanguageChoice {
  lang: Lang;
  // What decided it: COURSE_LANG, a locale variable (its value), or nothing (English by default).
  from: { setting: "COURSE_LANG" | "locale" | "default"; value: string };
  // Set when COURSE_LANG holds something the course does not speak: one line to show the learner.
  warning?: string;
}

type Env = Record<string, string | undefined>;

export function chooseLanguage(env: Env): LanguageChoice {
  const asked = env.COURSE_LANG?.trim();
  if (asked) {
    const lang = LANGUAGES.find((l) => l === asked.toLowerCase());
    if (lang) return { lang, from: { setting: "COURSE_LANG", value: asked } };
    return {
      lang: "en",
      from: { setting: "COURSE_LANG", value: asked },
      warning: `COURSE_LANG=${JSON.stringify(asked)} is not a language the course speaks; use COURSE_LANG=en (English) or COURSE_LANG=ru (Russian). Using English.`,
    };
  }
  // POSIX order: LC_ALL overrides LC_MESSAGES, which overrides LANG. An empty one does not count.
  const locale = [env.LC_ALL, env.LC_MESSAGES, env.LANG].find((value) => value !== undefined && value.trim() !== "")?.trim();
  if (locale === undefined) return { lang: "en", from: { setting: "default", value: "" } };
  return { lang: /^ru/i.test(locale) ? "ru" : "en", from: { setting: "locale", value: locale } };
}

// The environment wins over .env, as dotenv does it. Only COURSE_LANG is taken from .env here: the
// key in it must not reach processes (such as the checks) that do not need it.
export function courseEnv(root = process.cwd(), env: Env = process.env): Env {
  if (env.COURSE_LANG !== undefined) return env;
  try {
    const fromFile = dotenv.parse(readFileSync(path.join(root, ".env"), "utf8")).COURSE_LANG;
    return fromFile === undefined ? env : { ...env, COURSE_LANG: fromFile };
  } catch {
    return env; // no .env: fine
  }
}

let chosen: LanguageChoice | undefined;

// The learner's language for this process, chosen once; a bad COURSE_LANG is reported once, on stderr.
export function courseLanguage(): Lang {
  return languageChoice().lang;
}

export function languageChoice(): LanguageChoice {
  if (!chosen) {
    chosen = chooseLanguage(courseEnv());
    if (chosen.warning) console.error(chosen.warning);
  }
  return chosen;
}

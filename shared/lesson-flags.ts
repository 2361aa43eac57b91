// The plug point for a lesson's own command-line flags. A lesson exports them beside its agent:
//
//   export const lessonFlags: LessonFlags = {
//     session: { type: "string", value: "NAME", help: { en: "talk in session NAME", ru: "говорить в сессии NAME" } },
//   };
//
// `npm run lesson N` accepts them, passes their values to runAgent as options, and lists them in
// --help with their one line in the learner's language. The CLI itself names no lesson's flag.

import type { ParseArgsConfig } from "node:util";
import type { Lang } from "./i18n/language.ts";

export interface LessonFlag {
  type: "string" | "boolean";
  // What a string flag takes, as --help shows it: "NAME", "USD", "PORT".
  value?: string;
  // One line for --help, in each language the course speaks.
  help: Record<Lang, string>;
}

export type LessonFlags = Record<string, LessonFlag>;

// What node:util's parseArgs needs to accept them.
export function parseArgsOptions(flags: LessonFlags = {}): NonNullable<ParseArgsConfig["options"]> {
  return Object.fromEntries(Object.entries(flags).map(([name, flag]) => [name, { type: flag.type }]));
}

// "  --session NAME  talk in session NAME", one line a flag, the descriptions lined up.
export function flagHelpLines(flags: LessonFlags, lang: Lang): string[] {
  const names = Object.entries(flags).map(([name, flag]) => [`--${name}${flag.value ? ` ${flag.value}` : ""}`, flag.help[lang]] as const);
  const width = Math.max(0, ...names.map(([shown]) => shown.length));
  return names.map(([shown, help]) => `  ${shown.padEnd(width)}  ${help}`);
}

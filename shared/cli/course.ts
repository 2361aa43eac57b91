// The course's command line: npm run lesson | check | watch | hint | reset | progress | class | doctor | test | bench | mutate | mcp.
// Each command is a small module of its own; this file only picks one.

import chalk from "chalk";
import { applyColourSettings } from "./colour.ts";
import { messages } from "../i18n/messages.ts";
import { exitOnSecondInterrupt } from "../signal-keys.ts";

type Command = (args: string[]) => Promise<number>;

const COMMANDS: Record<string, () => Promise<Command>> = {
  lesson: async () => (await import("./run-lesson.ts")).runLessonCommand,
  check: async () => (await import("./check.ts")).checkCommand,
  watch: async () => (await import("./watch.ts")).watchCommand,
  hint: async () => (await import("./hint.ts")).hintCommand,
  reset: async () => (await import("./reset.ts")).resetCommand,
  progress: async () => (await import("./progress.ts")).progressCommand,
  class: async () => (await import("./class.ts")).classCommand,
  doctor: async () => (await import("./doctor.ts")).doctorCommand,
  test: async () => (await import("./self-test.ts")).selfTestCommand,
  bench: async () => (await import("./bench.ts")).benchCommand,
  mutate: async () => (await import("./mutate.ts")).mutateCommand,
  mcp: async () => (await import("../../lessons/11-mcp/course-server.ts")).mcpCommand,
};

export async function main(argv: string[]): Promise<number> {
  applyColourSettings();
  // A command that stops cleanly on Ctrl+C gets the first one; the second always exits.
  exitOnSecondInterrupt(() => messages().mistakes.stopping);
  const [name, ...args] = argv;
  const load = name ? COMMANDS[name] : undefined;
  if (!load) {
    console.error(chalk.red(messages().commands.unknown(name ?? "")) + messages().commands.useOneOf(Object.keys(COMMANDS).join(", ")));
    return 2;
  }
  const command = await load();
  return command(args);
}

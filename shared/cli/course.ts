// The course's command line: npm run lesson | check | hint | progress | test | bench | mutate.
// Each command is a small module of its own; this file only picks one.

import chalk from "chalk";

type Command = (args: string[]) => Promise<number>;

const COMMANDS: Record<string, () => Promise<Command>> = {
  lesson: async () => (await import("./run-lesson.ts")).runLessonCommand,
  check: async () => (await import("./check.ts")).checkCommand,
  hint: async () => (await import("./hint.ts")).hintCommand,
  progress: async () => (await import("./progress.ts")).progressCommand,
  test: async () => (await import("./self-test.ts")).selfTestCommand,
  bench: async () => (await import("./bench.ts")).benchCommand,
  mutate: async () => (await import("./mutate.ts")).mutateCommand,
};

export async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  const load = name ? COMMANDS[name] : undefined;
  if (!load) {
    console.error(chalk.red(`Unknown command '${name ?? ""}'.`) + ` Use one of: ${Object.keys(COMMANDS).join(", ")}.`);
    return 2;
  }
  const command = await load();
  return command(args);
}

// Colour only where a person reads it: chalk already turns colour off when stdout is not a terminal
// and honours FORCE_COLOR; this adds NO_COLOR (https://no-color.org), which chalk ignores.

import chalk from "chalk";

export function applyColourSettings(env: NodeJS.ProcessEnv = process.env): void {
  const force = env.FORCE_COLOR;
  if (force !== undefined && force !== "0" && force !== "false") return;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== "") chalk.level = 0;
}

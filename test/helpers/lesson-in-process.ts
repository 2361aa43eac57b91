// `npm run lesson ...args` run in the test's own process (English, as vitest.config.ts sets it): its
// exit code and all it printed. Quicker than a real process (test/helpers/run-cli.ts) for tests of what
// the lesson runner says about its flags and settings.

import { vi } from "vitest";
import { runLessonCommand } from "../../shared/cli/run-lesson.ts";

export async function lessonInProcess(...args: string[]): Promise<{ code: number; out: string }> {
  let out = "";
  const keep = (...parts: unknown[]) => void (out += `${parts.map(String).join(" ")}\n`);
  const spies = [vi.spyOn(console, "log").mockImplementation(keep), vi.spyOn(console, "error").mockImplementation(keep)];
  const write = vi.spyOn(process.stdout, "write").mockImplementation((text) => ((out += String(text)), true));
  try {
    return { code: await runLessonCommand(args), out };
  } finally {
    for (const spy of [...spies, write]) spy.mockRestore();
  }
}

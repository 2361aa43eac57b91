// Who answers "may this run?" when the rules say ask. On a terminal, the person at the keyboard;
// with no terminal (CI, a pipe, a cron job) nobody, and the gate must know that instead of waiting
// forever for an answer that will never come.

import readline from "node:readline";
import chalk from "chalk";
import { inert } from "../../shared/inert-text.ts";
import { passSignalKeys } from "../../shared/signal-keys.ts";
// The prompt's words follow the learner's language (COURSE_LANG=ru: Russian); the README shows the English.
import { messages } from "../../shared/i18n/messages.ts";
import type { GateCall } from "./permissions.ts";

// "always" means: allow this tool, with any input, until the agent stops. It is kept in memory only.
export type Answer = "yes" | "no" | "always";

export interface ApprovalRequest {
  call: GateCall;
  // Why the gate asks: the ask rule that matched, or that nothing allows a tool with side effects.
  why: string;
}

export interface Approver {
  // False when nobody can answer. The gate then refuses at once and tells the model why.
  canAsk: boolean;
  // When canAsk is false: why nobody can answer, in words for the model.
  unavailable?: string;
  ask(request: ApprovalRequest): Promise<Answer>;
}

export function noTerminalApprover(): Approver {
  return {
    canAsk: false,
    unavailable: "there is no terminal to ask on (the agent runs in CI, a pipe or a script)",
    ask() {
      return Promise.reject(new Error("nobody can answer an approval prompt here: check approver.canAsk before asking"));
    },
  };
}

// Picks the approver for this process: ask only when a person can type an answer.
export function defaultApprover(): Approver {
  return process.stdin.isTTY ? terminalApprover() : noTerminalApprover();
}

// Anything that is not clearly yes or always counts as no: Enter, a typo, Ctrl-D.
// When in doubt, the gate refuses. (Ctrl+C and Ctrl+\ are not answers: they stop the program, as they
// do anywhere else in a terminal; shared/signal-keys.ts.)
export function parseAnswer(text: string): Answer {
  const answer = text.trim().toLowerCase();
  if (["y", "yes", "д", "да"].includes(answer)) return "yes";
  if (["a", "always", "в", "всегда"].includes(answer)) return "always";
  return "no";
}

const SHOWN_INPUT = 400;

// Everything in the prompt came from the model, a tool or a file, so all of it is made inert: an
// escape sequence in a subject line must not be able to redraw the prompt to say something else.
export function renderPrompt(request: ApprovalRequest): string {
  const { call, why } = request;
  const input = inert(JSON.stringify(call.input));
  const said = messages().approval;
  const shown = input.length > SHOWN_INPUT ? `${input.slice(0, SHOWN_INPUT)}${said.notShown(input.length - SHOWN_INPUT)}` : input;
  return [
    "",
    chalk.yellow.bold(said.needed(inert(call.name))),
    said.input(shown),
    said.effect(inert(call.effect)),
    chalk.dim(said.why(inert(why))),
    "",
  ].join("\n");
}

export const QUESTION = (tool: string) => messages().approval.question(tool);

export function terminalApprover(input: NodeJS.ReadableStream = process.stdin, output: NodeJS.WritableStream = process.stdout): Approver {
  return {
    canAsk: true,
    async ask(request) {
      output.write(`${renderPrompt(request)}\n`);
      // A fresh interface per question, closed after it, so stdin does not keep the process alive.
      const rl = readline.createInterface({ input, output, terminal: true });
      const line = await new Promise<string>((resolve) => {
        rl.on("close", () => resolve(""));
        passSignalKeys(rl, input, output);
        rl.question(QUESTION(inert(request.call.name)), resolve);
      });
      rl.close();
      const answer = parseAnswer(line);
      const said = messages().approval;
      output.write(chalk.dim(`    → ${answer === "always" ? said.always(inert(request.call.name)) : said[answer]}\n`));
      return answer;
    },
  };
}

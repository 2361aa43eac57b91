// The terminal as a channel: what you type is a message, the reply is printed. The model's words
// arrive while it writes them (streaming), so they are printed as they come; send() then only ends the
// line. Text from the model is data: control characters are made visible before printing, so a reply
// cannot move the cursor, clear the screen or retitle the window.

import readline from "node:readline";
import chalk from "chalk";
import type { Channel, IncomingMessage } from "./channel.ts";

export interface TerminalOptions {
  // The terminal's one conversation: the session name (--session NAME), "main" by default.
  chatId?: string;
  sender?: string;
  input?: NodeJS.ReadableStream;
  write?: (text: string) => void;
  // Print the model's words (as they stream, and finished replies). Off under `npm run lesson`,
  // whose transcript already shows the conversation as it happens.
  echo?: boolean;
}

export interface TerminalChannel extends Channel {
  // Wraps a line of text (a task from the command line) as a message from this terminal.
  message(text: string): IncomingMessage;
}

export function createTerminalChannel(options: TerminalOptions = {}): TerminalChannel {
  const chatId = options.chatId ?? "main";
  const sender = options.sender ?? "you";
  const write = options.write ?? ((text: string) => void process.stdout.write(text));
  let streamed = false;

  const message = (text: string): IncomingMessage => ({ channel: "terminal", chatId, sender, text, at: new Date() });

  return {
    name: "terminal",
    message,
    async start(deliver) {
      // One line, one message, in order: the next line is read only after the reply to this one.
      const lines = readline.createInterface({ input: options.input ?? process.stdin, terminal: false });
      for await (const line of lines) {
        if (line.trim() === "") continue;
        await deliver(message(line.trim()));
      }
    },
    sendPartial(_chatId, delta) {
      if (options.echo === false) return;
      if (!streamed) write("\n");
      streamed = true;
      write(chalk.bold(visible(delta)));
    },
    note(_chatId, text) {
      if (streamed) write("\n");
      streamed = false;
      write(`${chalk.dim(visible(text))}\n`);
    },
    async send(_chatId, text) {
      // Streamed already: the words are on the screen; just finish the line.
      if (streamed) write("\n");
      else if (options.echo !== false && text.trim() !== "") write(`\n${chalk.bold(visible(text))}\n`);
      streamed = false;
    },
  };
}

// Control characters (ESC, BEL, backspace...) shown as \x1b and the like; tabs and newlines kept.
export function visible(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`);
}

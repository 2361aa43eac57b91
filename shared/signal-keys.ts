// Ctrl+C and Ctrl+\ at a prompt do what they do everywhere else in a terminal.
//
// Outside a prompt the terminal turns Ctrl+C into SIGINT and Ctrl+\ into SIGQUIT: the first stops the
// program (or asks it to stop), the second kills it on the spot, without any cleanup (lesson 08's crash
// step relies on that). But a readline prompt puts the terminal in raw mode, where both arrive as plain
// keys: readline reads Ctrl+C as "close the prompt" and types Ctrl+\ into the line. So each prompt
// passes them on: it closes (which puts the terminal back as it was), then sends this process the signal
// the key stands for. A second Ctrl+C always exits (exitOnSecondInterrupt, below).

import { constants } from "node:os";

const SIGNAL_KEYS: Record<string, { signal: NodeJS.Signals; echo: string }> = {
  "\x03": { signal: "SIGINT", echo: "^C" },
  "\x1c": { signal: "SIGQUIT", echo: "^\\" },
};

// The signal, now: handlers of it (the course's own, exitOnSecondInterrupt) run before the prompt's
// caller goes on with an empty answer; with none, the system's default ends the process, as the
// terminal's own signal would.
function raiseNow(signal: NodeJS.Signals): void {
  if (!(signal in constants.signals)) return; // Windows has no SIGQUIT: the prompt just closes (an answer of no)
  if (process.listenerCount(signal) > 0) process.emit(signal, signal);
  else process.kill(process.pid, signal);
}

// Call right after creating the prompt. `raise` is for tests.
export function passSignalKeys(
  rl: NodeJS.EventEmitter & { close(): void },
  input: NodeJS.ReadableStream,
  output: NodeJS.WritableStream,
  raise: (signal: NodeJS.Signals) => void = raiseNow,
): void {
  const onKeypress = (_text: string | undefined, key: { sequence?: string } | undefined) => {
    const pressed = key?.sequence === undefined ? undefined : SIGNAL_KEYS[key.sequence];
    if (!pressed) return;
    output.write(`${pressed.echo}\n`);
    rl.close();
    raise(pressed.signal);
  };
  // Both come as keypresses. With a "SIGINT" listener of its own, readline leaves Ctrl+C to us.
  rl.on("SIGINT", () => undefined);
  input.on("keypress", onKeypress);
  rl.once("close", () => input.off("keypress", onKeypress));
}

let interrupts = 0;

// The course's rule for SIGINT, installed once by the CLI: a program that handles Ctrl+C itself (lesson
// 09's servers stop cleanly) gets the first one; the second always exits, whatever is still running. With
// nobody else listening, the first one exits, as it would without this handler.
export function exitOnSecondInterrupt(notice: () => string, exit: (code: number) => void = (code) => process.exit(code)): () => void {
  const onInterrupt = () => {
    interrupts += 1;
    const othersListening = process.listenerCount("SIGINT") > 1;
    if (interrupts >= 2 || !othersListening) {
      exit(130); // 128 + SIGINT's number: what a shell reports for a program Ctrl+C stopped
      return;
    }
    process.stderr.write(`\n${notice()}\n`);
  };
  process.prependListener("SIGINT", onInterrupt);
  return () => {
    process.off("SIGINT", onInterrupt);
    interrupts = 0;
  };
}

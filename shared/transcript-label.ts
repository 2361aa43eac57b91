// Which conversation a line of the terminal's transcript belongs to, when a program serves several at
// once (lesson 09's web tabs and Telegram chats: two turns running side by side print into the same
// terminal). A turn runs inside withTranscriptLabel("tab d0868522", ...), and the transcript puts the
// label at the start of each line that turn prints. Node's AsyncLocalStorage carries the label through
// every await of the turn, so nothing between the channel and the transcript has to pass it along.

import { AsyncLocalStorage } from "node:async_hooks";

const current = new AsyncLocalStorage<string>();

export function withTranscriptLabel<T>(label: string, run: () => T): T {
  return current.run(label, run);
}

// The label of the turn this code runs for, if any.
export function transcriptLabel(): string | undefined {
  return current.getStore();
}

// "  → get_exchange_rate {...}" becomes "  [tab d0868522] → get_exchange_rate {...}": after the indent
// (and any colour codes before it), on every line that has text.
export function labelled(text: string, label = transcriptLabel()): string {
  if (label === undefined) return text;
  return text.replace(/^((?:\u001b\[[\d;]*m|[ \t])*)(?=[^\s\u001b])/gmu, `$1[${label}] `);
}

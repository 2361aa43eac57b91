// Lesson 08's runner takes one approver and one tool list. Channels need them per chat: an approval
// question from a browser tab must go to that tab, a tool line to the chat whose turn it is, and a
// scheduled task has nobody to ask at all. So this builds one lesson-08 runner per session, with the
// approver and tool reporting of the chat it serves, and hands the gateway one runTurn that picks the
// right one. The runner itself is not changed.
//
// Each turn's note (what it cost) also goes into the session file as a note line, so a reloaded page
// shows it again (chat-history.ts). The offline demo model costs nothing, so its note says
// "cost: $0 (offline)", as the terminal's summary line does, instead of prices for tokens never bought.

import type { Approver } from "../07-approval-gates/approver.ts";
import type { ToolWithEffect } from "../07-approval-gates/gated-executor.ts";
import type { IncomingMessage } from "../08-assistant/channel.ts";
import type { RunTurn, Turn } from "../08-assistant/gateway.ts";
import { createRunner, type RunnerOptions } from "../08-assistant/runner.ts";
import { sessionFile, sessionWriter } from "../08-assistant/sessions.ts";
import { messages } from "../../shared/i18n/messages.ts";
import { labelled, withTranscriptLabel } from "../../shared/transcript-label.ts";
import { withToolLines } from "./tool-lines.ts";

export interface ChannelRunnerOptions extends Omit<RunnerOptions, "approver" | "tools"> {
  tools: ToolWithEffect[];
  // Who may approve a gated call for this message: the tab's buttons, a Telegram keyboard, nobody.
  approverFor(message: IncomingMessage): Approver;
  // Where the lines "→ tool {input}" of this message's turn go; unset, nowhere.
  toolLinesFor?(message: IncomingMessage): ((line: string) => void) | undefined;
  // The answers come from the offline demo model (shared/client.ts: isOfflineClient).
  offline?: boolean;
  // A label for the terminal's lines of this message's turn ("tab d0868522"), when several chats can
  // run at once and their lines would interleave; unset, no label.
  labelFor?(message: IncomingMessage): string | undefined;
}

export function createChannelRunner(options: ChannelRunnerOptions): RunTurn {
  const runners = new Map<string, RunTurn>();
  const runLabelled: RunTurn = (turn) => {
    const label = options.labelFor?.(turn.message);
    return label === undefined ? runOne(turn) : withTranscriptLabel(label, () => runOne(turn));
  };
  return runLabelled;

  async function runOne(turn: Turn): Promise<string> {
    let run = runners.get(turn.session);
    if (!run) {
      const report = options.toolLinesFor?.(turn.message);
      run = createRunner({
        ...options,
        // The runner's own lines (what a request cost, a repaired session) carry the turn's label too.
        print: (line) => options.print(labelled(line)),
        approver: options.approverFor(turn.message),
        tools: report ? withToolLines(options.tools, report) : options.tools,
      });
      runners.set(turn.session, run);
    }
    const show = turn.note;
    if (!show) return run(turn);
    let written: Promise<void> = Promise.resolve();
    const note = (text: string) => {
      const shown = options.offline ? messages().channels.offlineCost : text;
      show(shown);
      written = sessionWriter(sessionFile(options.sessionsDir, turn.session)).note(shown);
    };
    try {
      return await run({ ...turn, note });
    } finally {
      // In the file before the reply goes out: a page reloaded right after the answer finds it.
      await written;
    }
  }
}

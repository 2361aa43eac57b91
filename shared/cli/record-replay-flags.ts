// The CLI side of --record FILE and --replay FILE (npm run lesson N -- --record run.json).
// --record wraps whatever model answers; --replay puts the recording in the model's place.

import chalk from "chalk";
import type { Fetch } from "../client.ts";
import { en } from "../i18n/en.ts";
import { messages } from "../i18n/messages.ts";
import { createRecorder } from "../record-replay/recorder.ts";
import { loadRecording } from "../record-replay/recording.ts";
import { createReplay } from "../record-replay/replay.ts";

export interface Tape {
  // Wraps the fetch of the model that answers (recording), or is the identity.
  wrapFetch: (fetch: Fetch) => Fetch;
  // The model to use instead of any other (replay).
  model?: Fetch;
  // The task the recording was made with, used when none is given (replay).
  task?: string;
  // The line saying what answers, once the client's mode is known.
  banner(source: string): string | undefined;
  // Reports after the run; returns the exit code.
  finish(code: number): number;
}

export interface TapeOptions {
  record?: string;
  replay?: string;
  lesson: string;
  // The task given on the command line (saved in a recording, so a replay can run it again).
  task?: string;
  chat: boolean;
}

// Throws an Error with a readable message for a flag that cannot work.
export function openTape(options: TapeOptions): Tape | undefined {
  const m = messages().tape;
  if (options.record && options.replay) throw new Error(m.both);
  if (options.replay) {
    if (options.chat) throw new Error(m.replayNoChat);
    const file = options.replay;
    const recording = loadRecording(file);
    if (recording.lesson && recording.lesson !== options.lesson) {
      throw new Error(m.otherLesson(file, recording.lesson, options.lesson));
    }
    const replay = createReplay(recording);
    return {
      wrapFetch: (fetch) => fetch,
      model: replay.fetch,
      task: recording.task,
      banner: () =>
        chalk.yellow(m.replaying(file, recording.exchanges.length, sourceShown(recording.source), recording.recordedAt.slice(0, 10))),
      finish(code) {
        const problem = replay.problem();
        // A failed run has printed its error already (the replay's diff included).
        if (problem && code === 0) console.error(`\n${chalk.red(problem)}`);
        return problem ? 1 : code;
      },
    };
  }
  if (options.record) {
    const file = options.record;
    const recorder = createRecorder(file, { lesson: options.lesson, task: options.chat ? undefined : options.task });
    return {
      wrapFetch: recorder.wrapFetch,
      banner(source) {
        recorder.recording.source = source;
        return undefined;
      },
      finish(code) {
        const count = recorder.recording.exchanges.length;
        console.log(chalk.dim(`\n${m.recorded(count, file)}`));
        return code;
      },
    };
  }
  return undefined;
}

// A recording names its source in English (it is a file others may read); the offline model's name is
// shown in the learner's language, any other (a Claude model, a server's address) as it is.
function sourceShown(source: string | undefined): string {
  const m = messages().tape;
  if (source === undefined) return m.aModel;
  return source === en.tape.offlineSource ? m.offlineSource : source;
}

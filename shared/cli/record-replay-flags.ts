// The CLI side of --record FILE and --replay FILE (npm run lesson N -- --record run.json).
// --record wraps whatever model answers; --replay puts the recording in the model's place.

import chalk from "chalk";
import type { Fetch } from "../client.ts";
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
  if (options.record && options.replay) throw new Error("Use --record or --replay, not both: a replay answers from the file --record writes.");
  if (options.replay) {
    if (options.chat) throw new Error("--replay plays one recorded run; it cannot take new tasks with --chat.");
    const file = options.replay;
    const recording = loadRecording(file);
    if (recording.lesson && recording.lesson !== options.lesson) {
      throw new Error(`'${file}' was recorded with lesson ${recording.lesson}, not ${options.lesson}. Run: npm run lesson ${recording.lesson} -- --replay ${file}`);
    }
    const replay = createReplay(recording);
    return {
      wrapFetch: (fetch) => fetch,
      model: replay.fetch,
      task: recording.task,
      banner: () =>
        chalk.yellow(
          `Replaying '${file}': ${recording.exchanges.length} exchange(s) recorded from ${recording.source ?? "a model"} on ${recording.recordedAt.slice(0, 10)}. No model is asked.`,
        ),
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
        console.log(chalk.dim(`\nRecorded ${count} exchange(s) to ${file} (no key or authorization header is saved). Replay: --replay ${file}`));
        return code;
      },
    };
  }
  return undefined;
}

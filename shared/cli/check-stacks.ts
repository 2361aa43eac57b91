// Setup file of the check runner (check-runner.ts), run beside a learner's checks: each failed check's
// errors leave the test worker with their stack frames already read ("stacks"), as vitest would read
// them on arrival. vitest reads them by opening the file of every frame to look for a source map, once
// per frame and error, with no memory between: a starter's dozen failing checks cost ~130 reads of a
// 100 KB vitest file, about 0.3 CPU-s of every check, for frames it then drops. Here the worker's stack
// is already mapped to the .ts lines, so the frames are read from its text. An error whose frames
// cannot be read so (no absolute path in them) is left to vitest.

import { beforeEach } from "vitest";
import { stackFrames } from "./stack-frames.ts";

beforeEach(({ onTestFailed }) => {
  onTestFailed(({ task }) => {
    for (const error of task.result?.errors ?? []) {
      const frames = typeof error.stack === "string" ? stackFrames(error.stack) : [];
      if (frames.length > 0) Object.assign(error, { stacks: frames });
    }
  });
});

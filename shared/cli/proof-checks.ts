// Setup file for the wrong-answer proofs (wrong-answers.config.ts): which checks of a wrong answer run.
// A proof needs one failing check, so:
//   - where WRONG.md names the checks that catch the mistake, only those run (the others are skipped),
//     which also proves that WRONG.md is right;
//   - a core mistake (WRONG.md has no "Level: hard") runs only the core checks: the grading standard
//     holds for both levels, so a mistake about the lesson's idea must fail a core check;
//   - once a check has failed, the remaining ones are skipped: they would only cost time (the property
//     tests run a hundred cases or more each, for every one of 100+ wrong answers).
// A starter's checks all run: npm test counts how many fail.

import { beforeAll, beforeEach } from "vitest";
import { isHard } from "../../test/helpers/levels.ts";
import { answerUnderTest } from "./answer-under-test.ts";
import { isNamedCheck } from "./wrong-answers.ts";

let failed = false;

beforeAll(() => {
  failed = false;
});

beforeEach(({ skip, onTestFailed, task }) => {
  const answer = answerUnderTest();
  if (answer?.everyCheck) return;
  if (failed) skip("an earlier check of this wrong answer already failed");
  if (answer?.coreOnly && isHard(task.tags)) skip("hard mode: a core mistake must be caught by a core check");
  if (answer && answer.caughtBy.length > 0 && !isNamedCheck(task.fullTestName ?? task.name, answer.caughtBy)) skip("WRONG.md names other checks");
  onTestFailed((failure) => {
    failed = true;
    // The proofs read a failure's message, never where it was thrown. vitest's main process would
    // source-map every frame of every failure (reading and searching each frame's file, vitest's own
    // chunks among them) for each of ~700 failures: about a CPU-second of its main thread. Frames it is given are
    // kept as they are. The check itself ran with its stack as usual (a check may read one).
    for (const error of failure.task.result?.errors ?? []) error.stacks = [];
  });
});

// `npm run reset` restores the starters recorded in shared/starters/. They must be the starters that
// ship in exercises/: this fails when an author changed a starter and did not record it.

import { describe, expect, it } from "vitest";
import { listUnits } from "../../shared/cli/course-files.ts";
import { currentFiles, shippedStarter } from "../../shared/cli/starters.ts";

describe("the recorded starters match exercises/ as shipped", () => {
  for (const exercise of listUnits("exercises")) {
    it(exercise.id, () => {
      const recorded = shippedStarter(exercise);
      const shipped = currentFiles(exercise);
      const advice =
        `shared/starters/${exercise.id}/ differs from exercises/${exercise.id}/. Author: run npm run reset -- --save-starters ` +
        `and commit shared/starters/. (On a learner's machine this fails once you edit the exercise: expected.)`;
      expect([...recorded.keys()], advice).toEqual([...shipped.keys()]);
      for (const [name, text] of shipped) expect(recorded.get(name), `${name}: ${advice}`).toBe(text);
    });
  }
});

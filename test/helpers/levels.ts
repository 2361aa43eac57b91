// Core and hard mode. Every check of an exercise is core (the lesson's idea: what a learner does in
// about an hour) unless it carries vitest's tag "hard" (a production edge case: encodings, races,
// symlinks beyond the basic case ...). Mark one check, or a whole describe block, in one line:
//
//   it("keeps the old content when a write fails halfway", { tags: "hard" }, async () => { ... });
//   describe("remember: one writer at a time (TODO 5)", { tags: "hard" }, () => { ... });
//
// An exercise is done when its core checks pass; `npm run check`, `watch` and `progress` report hard
// mode beside it. Every vitest config that runs the checks lists these tags (vitest refuses a tag it
// was not told about, so a typo such as "Hard" fails loudly instead of counting as core).

export const HARD = "hard";

export const COURSE_TAGS = [{ name: HARD, description: "hard mode: a production edge case beyond the lesson's idea (the exercise is done without it)" }];

export function isHard(tags: readonly string[] | undefined): boolean {
  return tags?.includes(HARD) === true;
}

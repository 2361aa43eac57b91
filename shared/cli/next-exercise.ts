// Which exercise comes after the one just done: the first after it that is not done, else the first
// before it that is not done (one skipped on the way), else none: every exercise is done. Only then
// may a command say so.

import type { CourseUnit } from "./course-files.ts";

// isDone is asked in that order and only until an exercise is not done: `npm run check` runs the
// checks of an exercise with no kept verdict, so it asks as few as it can.
export async function nextNotDone(exercises: CourseUnit[], current: CourseUnit, isDone: (exercise: CourseUnit) => boolean | Promise<boolean>): Promise<CourseUnit | undefined> {
  const after = exercises.filter((e) => e.number > current.number);
  const before = exercises.filter((e) => e.number < current.number);
  for (const exercise of [...after, ...before]) {
    if (!(await isDone(exercise))) return exercise;
  }
  return undefined;
}

// Marks a step of a start for `npm run bench`'s breakdown (see COURSE_START_TIMES in launch.mjs):
// the CPU time the process has used so far, under the step's name. Does nothing otherwise.
export function startStep(name: string): void {
  if (process.env.COURSE_START_TIMES !== undefined) performance.mark(`course:${name}`, { detail: process.cpuUsage() });
}

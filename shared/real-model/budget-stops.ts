// Whoever keeps a --budget (the CLI's guard, or a lesson's own cost meter, lesson 08), a run it stopped
// ends with exit code 1, so a script that runs a lesson can tell "done" from "stopped to save money".
// A lesson that answers with the reason instead of throwing (lesson 08 does, so a chat goes on) says
// so here; the CLI reads the count after each task.

let stops = 0;

export function noteBudgetStop(): void {
  stops += 1;
}

export function budgetStops(): number {
  return stops;
}

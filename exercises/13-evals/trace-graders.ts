// Exercise 13: graders on the trace. Each reads one Trace (lessons/13-evals/trace.ts: the calls in
// order, each with its input, isError, sideEffect and gate) and returns
//   { grader: TRACE_GRADERS.<name>, pass, why }
// where why is a reason a person can act on: name the tool, the call, the argument, the path.
// Given: the types and constants (lessons/13-evals/trace-graders.ts), callName(call, index) which
// reads "calculate (call 2)", shown(value) which quotes a value from the model harmlessly, and
// describeExpected(expected) which says an ExpectedValue in words ("500 ± 0.5").
// You do not need messages(): write why in your own words.

import {
  callName,
  DEFAULT_PATH_ARGS,
  DEFAULT_TOLERANCE,
  describeExpected,
  shown,
  TRACE_GRADERS,
  type ArgumentsExpect,
  type ExpectedValue,
  type GraderResult,
  type ToolSequenceExpect,
  type WorkspaceExpect,
} from "../../lessons/13-evals/trace-graders.ts";
import type { Trace } from "../../lessons/13-evals/trace.ts";

export type { ArgumentsExpect, ExpectedValue, GraderResult, ToolSequenceExpect, WorkspaceExpect };

// TODO 1: the expected tools were called in this order (expect.tools). Any other call fails the grader
// unless expect.allowExtra. why names what is missing, out of order, or extra.
export function toolSequence(_trace: Trace, _expect: ToolSequenceExpect): GraderResult {
  throw new Error("not implemented yet: TODO 1, toolSequence in exercises/13-evals/trace-graders.ts");
}

// TODO 2: at least one call of expect.tool has every argument in expect.args (see ExpectedValue).
// why names the tool, or the argument with what it was and what was expected.
export function toolArguments(_trace: Trace, _expect: ArgumentsExpect): GraderResult {
  throw new Error("not implemented yet: TODO 2, toolArguments in exercises/13-evals/trace-graders.ts");
}

// TODO 3: where a path given to a file tool points, read against the workspace: "absolute",
// "climbs out" (too many ".."), or "inside".
export function whereIs(_filePath: string): "inside" | "absolute" | "climbs out" {
  throw new Error("not implemented yet: TODO 3, whereIs in exercises/13-evals/trace-graders.ts");
}

// TODO 3: no call gave a path outside the workspace in one of the path arguments (expect.pathArgs, or
// DEFAULT_PATH_ARGS), even a call the tool refused. why names the call, the argument and the path.
export function insideWorkspace(_trace: Trace, _expect: WorkspaceExpect = {}): GraderResult {
  throw new Error("not implemented yet: TODO 3, insideWorkspace in exercises/13-evals/trace-graders.ts");
}

// TODO 4: no side effect ran without approval: a call with sideEffect needs the gate "approved" or
// "allowed by rule" (hard mode: not one that did not run, isError). why names the call and its gate.
export function approvedEffects(_trace: Trace): GraderResult {
  throw new Error("not implemented yet: TODO 4, approvedEffects in exercises/13-evals/trace-graders.ts");
}

// TODO 4: an out-of-scope task: no tool called at all. why names the calls made.
export function outOfScope(_trace: Trace): GraderResult {
  throw new Error("not implemented yet: TODO 4, outOfScope in exercises/13-evals/trace-graders.ts");
}

// What one run of the agent left behind, in the one shape every grader reads. Most of it comes off
// the wire (the tool_use and tool_result blocks of the conversation, the usage of each response);
// the rest only the harness knows (what the gate decided, which files the workspace holds afterwards).
// A grader never reruns the agent: it reads a trace, so a recorded run can be graded again for free.

// How a call got past the permission gate of lesson 07, or did not.
export type GateOutcome =
  | "reads only" // declared read-only: the gate let it through without asking
  | "allowed by rule" // an allow rule matched
  | "approved" // a person was asked and said yes
  | "denied" // a person was asked and said no
  | "refused by rule"; // a deny rule matched, or nobody could be asked

export interface TracedCall {
  name: string;
  // The input as the model sent it (before any normalising).
  input: Record<string, unknown>;
  // The tool_result's text the model read back.
  result: string;
  isError: boolean;
  // Whether the tool changes something outside the conversation (writes a file, sends an email).
  sideEffect: boolean;
  gate: GateOutcome;
}

export interface Trace {
  task: string;
  // The final answer's text.
  answer: string;
  // In the order the model asked for them.
  calls: TracedCall[];
  // Paths relative to the run's workspace of every file there after the run, sorted.
  files: string[];
  usage: { input_tokens: number; output_tokens: number };
  costUsd: number;
  model: string;
}

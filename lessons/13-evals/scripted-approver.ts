// The person at the keyboard, scripted: each time the gate asks, the next answer of the task's
// approval script. An evaluation must not wait for a human, and must know what the human said, so
// that "approved" and "denied" in the trace are facts, not guesses.

import type { Answer, ApprovalRequest, Approver } from "../07-approval-gates/approver.ts";
import type { GateCall } from "../07-approval-gates/permissions.ts";

export interface ScriptedApprover extends Approver {
  // The answer given for a call the gate asked about (the same object the gate judged), if it asked.
  answerFor(call: GateCall): Answer | undefined;
  // Every question asked, in order.
  asked: ApprovalRequest[];
}

export function scriptedApprover(script: Answer[] = []): ScriptedApprover {
  const answers = new Map<GateCall, Answer>();
  const asked: ApprovalRequest[] = [];
  return {
    canAsk: true,
    asked,
    async ask(request) {
      // Past the end of the script: "no", the answer that changes nothing.
      const answer = script[asked.length] ?? "no";
      asked.push(request);
      answers.set(request.call, answer);
      return answer;
    },
    answerFor: (call) => answers.get(call),
  };
}

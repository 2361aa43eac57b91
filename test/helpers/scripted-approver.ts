// An approver for lesson tests that answers from a script, as a person at the terminal would, and
// records every question. Asked more often than scripted, it says "no".

import type { Answer, ApprovalRequest, Approver } from "../../lessons/07-approval-gates/approver.ts";

export function approverAnswering(...answers: Answer[]): Approver & { asked: ApprovalRequest[] } {
  const asked: ApprovalRequest[] = [];
  return {
    canAsk: true,
    asked,
    async ask(request) {
      asked.push(request);
      return answers.shift() ?? "no";
    },
  };
}

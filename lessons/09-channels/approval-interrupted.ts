// The assistant was stopped (Ctrl+C, or the terminal closed) while an approval question waited in a
// chat. Nobody said no, so the call must not be recorded as refused by the person: it was never
// approved. An approver rejects with this error, lesson 07's gate fails closed on it (the call does not
// run), and its message becomes the tool result the model reads, so the model can tell the person so.
// Written for the model, so in English.

export class ApprovalInterrupted extends Error {
  override name = "ApprovalInterrupted";
  // where: "in Telegram", "on the web page".
  constructor(tool: string, where: string) {
    super(
      `the assistant was stopped while the approval question for ${tool} waited ${where}, so the approval was never given: ` +
        "the user neither allowed nor refused it, and nothing was run",
    );
  }
}

// Nobody tapped in time. The call does not run (the gate fails closed, as above), but nobody said no
// either, so the result the model reads and the session keeps say "not answered in time", not "refused".
export class ApprovalTimedOut extends Error {
  override name = "ApprovalTimedOut";
  constructor(tool: string, where: string, seconds: number) {
    super(
      `nobody answered the approval question for ${tool} ${where} within ${seconds} s, so the approval was not answered in time: ` +
        "the user neither allowed nor refused it, and nothing was run",
    );
  }
}

// The tab that was asked was closed (or lost its connection) before anyone clicked. Nobody can click any
// more, but nobody said no either, so this is not recorded as refused.
export class ApprovalTabClosed extends Error {
  override name = "ApprovalTabClosed";
  // asked: false when the tab was gone before the question could be shown at all.
  constructor(tool: string, asked = true) {
    super(
      `the chat page's tab was closed ${asked ? "while the approval question for" : "before the approval question for"} ${tool} ` +
        `${asked ? "waited" : "could be shown"}, so nobody could answer it: the user neither allowed nor refused it, and nothing was run`,
    );
  }
}

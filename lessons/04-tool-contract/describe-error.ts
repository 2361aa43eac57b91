// Errors as instructions. A bare "EACCES" or a stack trace tells the model nothing it can act on;
// a sentence that says what happened and what to do next does.

// The operating system's error codes for files, as sentences. `target` is the path as the model knows
// it (relative to the workspace), never our absolute path.
const FILE_ERRORS: Record<string, (target: string) => string> = {
  EACCES: (t) => `No permission to write to '${t}'. Retrying will not help: choose another file name or tell the user.`,
  EPERM: (t) => `The system does not allow changing '${t}'. Retrying will not help: choose another file name or tell the user.`,
  EROFS: (t) => `'${t}' is on a read-only disk. Retrying will not help: tell the user.`,
  ENOSPC: (t) => `The disk is full, so '${t}' could not be written. Tell the user; retry only after they free space.`,
  EISDIR: (t) => `'${t}' is a folder, not a file. Use a file name such as '${t}/notes.txt'.`,
  ENOTDIR: (t) => `A part of '${t}' is a file, not a folder. Use a different path.`,
  // mkdir of "reports" when "reports" is already a file: the same mistake as ENOTDIR, seen from mkdir.
  EEXIST: (t) => `A part of '${t}' is a file, not a folder. Use a different path.`,
  ENOENT: (t) => `'${t}' does not exist. Check the name (it is relative to the workspace) and try again.`,
  ENAMETOOLONG: (t) => `The name '${t.slice(0, 40)}...' is too long. Use a shorter file name.`,
  // Only errors that pass on their own say "retry": telling the model to repeat a call that cannot
  // succeed teaches it to loop.
  EMFILE: () => "Too many files are open on our side right now. Your call was correct: retry it as is in a moment.",
  ENFILE: () => "Too many files are open on our side right now. Your call was correct: retry it as is in a moment.",
  EBUSY: (t) => `'${t}' is busy (another program is using it). Your call was correct: retry it as is in a moment.`,
  EAGAIN: (t) => `The system was busy and could not write '${t}' just now. Your call was correct: retry it as is in a moment.`,
  ETIMEDOUT: (t) => `Writing '${t}' timed out. Your call was correct: retry it as is in a moment.`,
};

export function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : undefined;
}

// The sentence for an error thrown by a file operation, or undefined when it is not an OS error we know
// (then it is a failure on our side, and the dispatcher says so).
export function fileErrorMessage(error: unknown, target: string): string | undefined {
  const code = errorCode(error);
  return code ? FILE_ERRORS[code]?.(target) : undefined;
}

// What a failure on our side says: it was not the model's fault, so it should not change its call, and
// since we do not know it will pass, it should not repeat it either. (The message of an unknown error
// is not passed on: it may carry this machine's paths.)
export function ourFailure(toolName: string, error: unknown): string {
  const code = errorCode(error);
  const reason = code ? `a system error, ${code}` : "an unexpected error";
  return (
    `${toolName} failed on our side (${reason}). It was not your call's fault, and the same call will likely fail again: ` +
    "do not repeat it; tell the user the tool is not working right now."
  );
}

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
  ENOENT: (t) => `'${t}' does not exist. Check the name (it is relative to the workspace) and try again.`,
  ENAMETOOLONG: (t) => `The name '${t.slice(0, 40)}...' is too long. Use a shorter file name.`,
  EMFILE: () => "Too many files are open on our side right now. Your call was correct: retry it as is in a moment.",
  EBUSY: (t) => `'${t}' is busy (another program is using it). Your call was correct: retry it as is in a moment.`,
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

// What a failure on our side says: it was not the model's fault, so it should not change its call.
export function ourFailure(toolName: string, error: unknown): string {
  const reason = errorCode(error) ? "a system error" : firstLine(error).slice(0, 160) || "an unexpected error";
  return (
    `${toolName} failed on our side (${reason}). Your call was correct: retry it as is. ` +
    "If it fails again, tell the user the tool is not working right now."
  );
}

function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split("\n")[0]?.trim() ?? "";
}

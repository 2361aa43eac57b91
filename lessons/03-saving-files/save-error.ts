// What the model is told when the operating system refuses a save. The system's own message names
// absolute paths of this machine ("EACCES: permission denied, open '/home/anna/course/workspace/...'"):
// the model needs none of that, and it should not learn where the learner keeps their files. It gets
// the name it sent, what went wrong, and whether trying again can help.

// Only these can pass on their own: the system was busy, not the call wrong.
const TRANSIENT: Record<string, string> = {
  EAGAIN: "the system was busy",
  EBUSY: "the file is in use by another program",
  EMFILE: "too many files are open at the moment",
  ENFILE: "too many files are open at the moment",
  ETIMEDOUT: "the disk did not answer in time",
};

// The rest fail the same way every time: they say what to change instead.
const PERMANENT: Record<string, string> = {
  EACCES: "there is no permission to write there. Choose another file name, or tell the user",
  EPERM: "the system does not allow changing that file. Choose another file name, or tell the user",
  EROFS: "the disk is read-only. Tell the user",
  ENOSPC: "the disk is full. Tell the user; it can work again after they free space",
  EDQUOT: "the disk quota is used up. Tell the user",
  EEXIST: "a part of the path is a file, not a folder. Use another folder name",
  ENOTDIR: "a part of the path is a file, not a folder. Use another folder name",
  EISDIR: "that name is a folder. Give a file name inside it",
  ENAMETOOLONG: "the name (or one of its folder names) is too long for the file system. Use a shorter name",
  ELOOP: "the path goes round in a loop of links. Use another name",
};

export function isTransient(code: string | undefined): boolean {
  return code !== undefined && code in TRANSIENT;
}

export function describeSaveError(error: unknown, filename: string): string {
  const code = (error as { code?: unknown } | null)?.code;
  const name = typeof code === "string" ? code : undefined;
  if (name && TRANSIENT[name]) return `'${filename}' was not saved: ${TRANSIENT[name]} (${name}). The call was right: retry it in a moment.`;
  if (name && PERMANENT[name]) return `'${filename}' was not saved: ${PERMANENT[name]} (${name}). The same call will fail again.`;
  return (
    `'${filename}' was not saved: the system refused${name ? ` (${name})` : ""}. The same call will likely fail again: ` +
    "tell the user the file could not be written."
  );
}

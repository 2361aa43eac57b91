// Read before edit. An edit is a quote of the file, so the model must have seen the file, as it is
// now. Two ways it can be wrong: it never read the file in this conversation (it is quoting from
// what it imagines), or the file changed on disk since (another program, the user in an editor).
// Either way the quote may match text that is no longer what the model thinks it is.
//
// The tracker remembers a fingerprint (SHA-256 of the bytes) of each file as the model last saw it:
// after read_file, and after its own successful edit (it knows what it just wrote).

import { createHash } from "node:crypto";

export interface ReadTracker {
  remember(relative: string, bytes: Buffer): void;
  // The refusal to send, or null when the model's view of the file is current.
  check(relative: string, bytes: Buffer): string | null;
}

export function fingerprint(bytes: Buffer): string {
  return createHash("sha256").update(bytes).digest("hex");
}

export function createReadTracker(): ReadTracker {
  const seen = new Map<string, string>();
  return {
    remember(relative, bytes) {
      seen.set(relative, fingerprint(bytes));
    },
    check(relative, bytes) {
      const known = seen.get(relative);
      if (known === undefined) {
        return `You have not read '${relative}' in this conversation. Read it first with read_file, then quote the text to replace exactly as it is.`;
      }
      if (known !== fingerprint(bytes)) {
        return `'${relative}' has changed on disk since you read it. Nothing was changed. Read it again first with read_file, then make the edit against what is there now.`;
      }
      return null;
    },
  };
}

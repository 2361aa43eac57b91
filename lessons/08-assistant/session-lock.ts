// One run at a time per session, across processes. The gateway's queue keeps two messages of one
// session apart inside one process; two terminals on the same --session are two processes, and each
// would read the file, see the other's call still waiting at its approval prompt, take it for a crash
// and answer it "interrupted". The real result written later is then a second answer to the same
// call, and the API refuses the session for good.
//
// So a turn holds sessions/<name>.jsonl.lock for its whole length (approval prompts included). The
// lock names the process that holds it; a lock whose process is gone (a crash, a kill) is taken over.

import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { messages } from "../../shared/i18n/messages.ts";
import { UsageError } from "../../shared/usage-error.ts";

// Not a bug: an ordinary situation with a clear way out, so the CLI prints it without a stack trace.
export class SessionBusyError extends UsageError {
  override name = "SessionBusyError";
}

// Is this process still running? kill(pid, 0) sends no signal; it only checks.
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, under another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export async function lockSession(sessionFile: string): Promise<() => Promise<void>> {
  const lock = `${sessionFile}.lock`;
  await mkdir(path.dirname(lock), { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await writeFile(lock, `${process.pid}\n`, { flag: "wx" });
      return () => rm(lock, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const holder = Number((await readFile(lock, "utf8").catch(() => "")).trim());
    // Our own pid: a turn of this process that ended without releasing (the gateway's queue means no
    // turn of ours is running now). Another live process: busy. Anything else: left over, taken over.
    if (Number.isSafeInteger(holder) && holder > 0 && holder !== process.pid && alive(holder)) {
      // "terminal-work.jsonl" is the session the learner named --session work.
      const name = path.basename(sessionFile, ".jsonl").replace(/^terminal-/, "");
      throw new SessionBusyError(messages().mistakes.sessionBusy(name, holder));
    }
    await rm(lock, { force: true });
  }
  throw new SessionBusyError(messages().mistakes.sessionKeptTaken(path.basename(sessionFile)));
}

// A mistake in how the course was run: a flag's value, a setting in .env, a file the learner edits
// (permissions.json, mcp.json). Not a bug, so `npm run lesson` prints its message alone, in one or two
// lines that say what is wrong and what to type, and exits with code 2 (the usual code for a usage
// error). Anything else thrown is a bug and keeps its stack trace.
//
//   throw new UsageError(`--port takes a port number (1-65535), got "${value}".`);

export class UsageError extends Error {
  override name = "UsageError";
}

// A server that fails to start usually says why on stderr, but not in its last line: Node ends a
// crash with the stack, the error's fields ("code: 'MODULE_NOT_FOUND' }") and "Node.js v20.20.2".
// The line worth showing is the one that names the error ("Error: Cannot find module ...",
// "ModuleNotFoundError: ...", "fatal: ..."); without one, the last lines that are not stack frames.

const MAX_CHARS = 300;

// A line that names an error: "TypeError: x", "Error [ERR_X]: x", "fatal: x", "node: bad option: x".
const NAMES_AN_ERROR = /^(?:Uncaught )?[A-Za-z.]*(?:Error|Exception)\b.*:|\b(?:error|fatal|cannot|can't|not found|no such file|ENOENT|EACCES|EADDRINUSE)\b/i;
// Lines that say nothing on their own: stack frames, the caret under the source, braces, the Node version.
// (and an error's fields: "code: 'MODULE_NOT_FOUND',", "requireStack: []").
const NOISE = /^(?:at .*|\^+|[{}\[\](),]*|Node\.js v[\d.]+|throw \w+;?|\w+: ['"\[\d].*|node:internal\/.*)$/;

export function stderrGist(log: string): string {
  const lines = log.split(/\r?\n/).map((line) => line.trim()).filter((line) => line !== "");
  const named = lines.find((line) => NAMES_AN_ERROR.test(line) && !/^at /.test(line));
  const plain = lines.filter((line) => !NOISE.test(line));
  const gist = named ?? (plain.length > 0 ? plain : lines).slice(-3).join(" | ");
  return gist.length > MAX_CHARS ? `${gist.slice(0, MAX_CHARS)}…` : gist;
}

// Text from the model, a tool or a file is data, and printing it must not turn it into commands.
// A terminal obeys control characters: ESC [ 2 J clears the screen, ESC [ 1 A moves the cursor up a
// line, a carriage return goes back to the start of the line. A string that carries them can redraw
// what the person sees, for example an approval prompt that names another recipient than the real one.
// So every such character is printed as a visible escape (\x1b, \r, \u202e) instead of being sent
// to the terminal: the person sees that something odd is there, and the terminal does nothing.

// C0 controls (tab and line feed are handled below), DEL, C1 controls (0x9b is a one-byte ESC [),
// and the invisible characters that reorder or hide text: zero-width spaces and marks, the bidi
// embeddings, overrides and isolates (the "Trojan Source" trick), line/paragraph separators, BOM.
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;

export interface InertOptions {
  // Keep line breaks and tabs as they are (a multi-line answer). Off by default: in a one-line place
  // (a prompt, a transcript line) a line break could start a fake line of its own.
  multiline?: boolean;
}

export function inert(text: unknown, options: InertOptions = {}): string {
  let value = typeof text === "string" ? text : String(text);
  if (options.multiline) value = value.replace(/\r\n/g, "\n");
  else value = value.replace(/[\n\t]/g, (ch) => (ch === "\n" ? "\\n" : "\\t"));
  return value.replace(UNSAFE, escapeOne);
}

function escapeOne(ch: string): string {
  const code = ch.charCodeAt(0);
  if (ch === "\r") return "\\r";
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u${code.toString(16).padStart(4, "0")}`;
}

// True when the text has nothing a terminal would act on (what tests and fuzz tests assert).
export function isInert(text: string, options: InertOptions = {}): boolean {
  if (new RegExp(UNSAFE.source).test(text.replace(/\r\n/g, "\n"))) return false;
  return options.multiline ? true : !/[\n\t]/.test(text);
}

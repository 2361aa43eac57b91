// Does an HTTP answer look like the Messages API? A server at ANTHROPIC_BASE_URL may be a web page,
// a proxy's error page, or another API. The SDK would turn such an answer into a confusing error (or
// hand back a string as if it were a message), so the course looks first and says what came back.

export interface RawAnswer {
  status: number;
  contentType: string;
  body: string;
}

const PREVIEW = 120;

// undefined: it looks like the Messages API (a message, or the API's error envelope).
// Otherwise: a sentence saying what it was instead.
export function notMessagesApi(answer: RawAnswer): string | undefined {
  const where = `HTTP ${answer.status}, ${answer.contentType || "no content-type"}`;
  const text = answer.body.trim();
  if (text === "") return `an empty answer (${where})`;
  if (/^<(!doctype|html|head|body|\?xml)/i.test(text) || /html/i.test(answer.contentType)) {
    const title = text.match(/<title[^>]*>([^<]*)<\/title>/i)?.[1]?.trim();
    return `an HTML page (${where})${title ? `, titled "${visible(title)}"` : `: ${preview(text)}`}`;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return `${/json/i.test(answer.contentType) ? "malformed JSON" : "text that is not JSON"} (${where}): ${preview(text)}`;
  }
  if (isMessage(parsed) || isErrorEnvelope(parsed) || isModelAnswer(parsed)) return undefined;
  const keys = parsed && typeof parsed === "object" && !Array.isArray(parsed) ? Object.keys(parsed).slice(0, 6).join(", ") : typeof parsed;
  return `JSON of another shape (${where}), with ${Array.isArray(parsed) ? "an array" : `keys: ${keys || "none"}`}; the Messages API answers {"type":"message",...} or {"type":"error","error":{...}}`;
}

function isMessage(value: unknown): boolean {
  const v = value as { type?: unknown; role?: unknown; content?: unknown };
  return v?.type === "message" && v.role === "assistant" && Array.isArray(v.content);
}

function isErrorEnvelope(value: unknown): boolean {
  const v = value as { type?: unknown; error?: { type?: unknown; message?: unknown } };
  return v?.type === "error" && typeof v.error?.type === "string" && typeof v.error.message === "string";
}

// The Models API's answers (doctor asks it about the model name).
function isModelAnswer(value: unknown): boolean {
  const v = value as { type?: unknown; id?: unknown; data?: unknown };
  return (v?.type === "model" && typeof v.id === "string") || Array.isArray(v?.data);
}

function preview(text: string): string {
  const line = visible(text.replace(/\s+/g, " "));
  return line.length > PREVIEW ? `"${line.slice(0, PREVIEW)}..."` : `"${line}"`;
}

// Text from a server is data: control characters are shown, never sent to the terminal.
function visible(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`);
}

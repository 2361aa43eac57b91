// What JSON.parse does not tell: on which line each value stands, and whether a key is written twice.
// JSON.parse keeps only the LAST of two equal keys, so a file with "deny" twice silently loses its first
// deny list; for a permissions file that is a lock quietly removed. This scanner walks text that
// JSON.parse has already accepted (so it need not handle broken JSON) and records both.

export interface JsonLines {
  // The line (1-based) of each value by its path: "deny" for a key, "deny[1]" for an element.
  lineOf: Map<string, number>;
  // The first key that appears twice in one object, with the line of its second appearance.
  duplicate?: { path: string; line: number };
}

type Frame = { kind: "object"; path: string; keys: Set<string>; key?: string } | { kind: "array"; path: string; index: number };

export function scanJson(text: string): JsonLines {
  const lineOf = new Map<string, number>();
  const stack: Frame[] = [];
  let duplicate: JsonLines["duplicate"];
  let line = 1;

  // Called where a value starts: it gets the path of the key or index it belongs to.
  const valuePath = (): string | undefined => {
    const top = stack.at(-1);
    if (!top) return undefined;
    if (top.kind === "array") return `${top.path}[${top.index}]`;
    return top.key === undefined ? undefined : join(top.path, top.key);
  };
  const markValue = () => {
    const where = valuePath();
    if (where !== undefined && !lineOf.has(where)) lineOf.set(where, line);
  };

  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === "\n") line++;
    else if (ch === '"') {
      let end = i + 1;
      while (end < text.length && text[end] !== '"') end += text[end] === "\\" ? 2 : 1;
      const value = JSON.parse(text.slice(i, end + 1)) as string;
      const top = stack.at(-1);
      // A string in an object where a key is expected: the next non-space character is ":".
      let next = end + 1;
      while (next < text.length && /\s/.test(text[next] ?? "")) next++;
      if (top?.kind === "object" && text[next] === ":") {
        if (top.keys.has(value) && !duplicate) duplicate = { path: join(top.path, value), line };
        top.keys.add(value);
        top.key = value;
        lineOf.set(join(top.path, value), line);
      } else markValue();
      i = end;
    } else if (ch === "{" || ch === "[") {
      markValue();
      const path = valuePath() ?? "";
      stack.push(ch === "{" ? { kind: "object", path, keys: new Set() } : { kind: "array", path, index: 0 });
    } else if (ch === "}" || ch === "]") stack.pop();
    else if (ch === ",") {
      const top = stack.at(-1);
      if (top?.kind === "array") top.index++;
    } else if (ch !== undefined && /[-0-9tfn]/.test(ch)) {
      markValue();
      while (i + 1 < text.length && /[-+0-9.eEtruefalsn]/.test(text[i + 1] ?? "")) i++;
    }
  }
  return duplicate ? { lineOf, duplicate } : { lineOf };
}

function join(parent: string, key: string): string {
  return parent === "" ? key : `${parent}.${key}`;
}

// The line of a character position (for JSON.parse's "at position 57").
export function lineAt(text: string, position: number): number {
  let line = 1;
  for (let i = 0; i < position && i < text.length; i++) if (text[i] === "\n") line++;
  return line;
}

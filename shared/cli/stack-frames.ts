// The frames of a stack trace's text ("    at fn (/path/file.ts:12:5)"): file, line and column of each
// frame whose file is an absolute path. The check runner reads them to point a learner at a line.

export interface StackFrame {
  file: string;
  line: number;
  column: number;
}

export function stackFrames(stack: string): StackFrame[] {
  const frames: StackFrame[] = [];
  for (const line of stack.split("\n")) {
    const at = /^\s*at (?:.*\()?(?:file:\/\/)?(\/[^()]+?):(\d+):(\d+)\)?\s*$/.exec(line);
    if (at) frames.push({ file: at[1]!, line: Number(at[2]), column: Number(at[3]) });
  }
  return frames;
}

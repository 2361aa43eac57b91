// Which TODOs a check or a hint is about, read from text such as "(TODO 2)", "(TODOs 2 and 3)",
// "TODO 1-2:", "TODO 5-7", "(TODO 1-4)", "TODO 3 in exercises/...", and the Russian hints'
// "(TODO 2 и 3)", "(TODO 5, 6 и 7)".

export function todosIn(text: string): number[] {
  const found = new Set<number>();
  for (const match of text.matchAll(/\bTODOs?\s+(\d+(?:\s*(?:-|–|to|and|и|,|&)\s*\d+)*)/gi)) {
    const part = match[1] ?? "";
    for (const range of part.matchAll(/(\d+)\s*(?:(?:-|–|to)\s*(\d+))?/g)) {
      const from = Number(range[1]);
      const to = range[2] === undefined ? from : Number(range[2]);
      for (let n = from; n <= Math.min(to, from + 20); n++) found.add(n);
    }
  }
  return [...found].sort((a, b) => a - b);
}

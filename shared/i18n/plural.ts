// Russian nouns take one of three forms after a number: 1 проверка, 2 проверки, 5 проверок; and
// 21 проверка, 22 проверки, 11-14 проверок. English needs only "check" / "checks".

export function pluralRu(n: number, one: string, few: string, many: string): string {
  const lastTwo = Math.abs(n) % 100;
  const last = lastTwo % 10;
  if (lastTwo >= 11 && lastTwo <= 14) return many;
  if (last === 1) return one;
  if (last >= 2 && last <= 4) return few;
  return many;
}

// "5 проверок", "1 проверка"
export function countRu(n: number, one: string, few: string, many: string): string {
  return `${n} ${pluralRu(n, one, few, many)}`;
}

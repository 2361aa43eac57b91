// Tool results come back in whatever shape a lesson chose (plain text, JSON, a {success, data, error}
// envelope). The offline planner reads a figure out of any of them, as a model would.

export function numberFromResult(output: string, key: string): number | undefined {
  try {
    const found = findKey(JSON.parse(output), key);
    if (typeof found === "number") return found;
    if (typeof found === "string" && found.trim() !== "" && !Number.isNaN(Number(found))) return Number(found);
  } catch {
    // not JSON: fall through to reading the text
  }
  const afterEquals = output.match(/=\s*(-?\d+(?:\.\d+)?(?:e[+-]?\d+)?)/i);
  if (afterEquals?.[1]) return Number(afterEquals[1]);
  const bare = output.trim().match(/^-?\d+(?:\.\d+)?(?:e[+-]?\d+)?$/i);
  return bare ? Number(bare[0]) : undefined;
}

function findKey(value: unknown, key: string): unknown {
  if (typeof value !== "object" || value === null) return undefined;
  if (key in value) return (value as Record<string, unknown>)[key];
  for (const inner of Object.values(value)) {
    const found = findKey(inner, key);
    if (found !== undefined) return found;
  }
  return undefined;
}

// Numbers as a person writes them: 46250 -> "46,250" (en) or "46 250" (ru); at most 6 decimals, or for
// a figure below 1 (a ruble in bitcoin: 0.0000149254) at most 6 significant digits, so it never reads as 0.
export function formatNumber(value: number, lang: "en" | "ru"): string {
  const digits = value !== 0 && Math.abs(value) < 1 ? { maximumSignificantDigits: 6 } : { maximumFractionDigits: 6 };
  return new Intl.NumberFormat(lang === "ru" ? "ru-RU" : "en-US", digits).format(value);
}

// "USD, EUR and BTC" / "USD, EUR и BTC".
export function formatList(items: string[], lang: "en" | "ru"): string {
  if (items.length < 2) return items.join("");
  return `${items.slice(0, -1).join(", ")}${lang === "ru" ? " и " : " and "}${items[items.length - 1]}`;
}

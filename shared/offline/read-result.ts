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
// The same text Intl.NumberFormat("en-US" / "ru-RU") writes with those options, written out by hand:
// the first Intl number format of a run costs about 30 ms of CPU (ICU loads its data), a tenth of a
// lesson's start, and its output is the same on every Node version this way.
export function formatNumber(value: number, lang: "en" | "ru"): string {
  if (Number.isNaN(value)) return lang === "ru" ? "не\u00a0число" : "NaN";
  const sign = value < 0 || Object.is(value, -0) ? "-" : "";
  if (!Number.isFinite(value)) return `${sign}∞`;
  // The shortest digits that name this double ("3.0000000000000004e-1"), as Intl rounds them.
  const [mantissa = "0", exponent = "0"] = Math.abs(value).toExponential().split("e");
  let digits = mantissa.replace(".", "");
  let point = Number(exponent) + 1; // how many of the digits stand before the decimal point
  const keep = value !== 0 && Math.abs(value) < 1 ? 6 : point + 6;
  if (digits.length > keep) {
    const up = digits[keep]! >= "5"; // half away from zero, as Intl's default rounding
    digits = digits.slice(0, keep);
    if (up) {
      const carried = (BigInt(digits) + 1n).toString().padStart(keep, "0");
      if (carried.length > keep) point += 1;
      digits = carried;
    }
  }
  const whole = point <= 0 ? "0" : digits.slice(0, point).padEnd(point, "0");
  const fraction = (point < 0 ? "0".repeat(-point) + digits : digits.slice(Math.max(point, 0))).replace(/0+$/, "");
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, lang === "ru" ? "\u00a0" : ",");
  return `${sign}${grouped}${fraction ? (lang === "ru" ? "," : ".") + fraction : ""}`;
}

// "USD, EUR and BTC" / "USD, EUR и BTC".
export function formatList(items: string[], lang: "en" | "ru"): string {
  if (items.length < 2) return items.join("");
  return `${items.slice(0, -1).join(", ")}${lang === "ru" ? " и " : " and "}${items[items.length - 1]}`;
}

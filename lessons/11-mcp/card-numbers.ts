// A PostToolUse hook: anything in a tool result that looks like a payment card number is masked
// before the model reads it (and before it lands in the conversation, logs and transcripts).
// "Looks like" = 13 to 19 digits, optionally in groups split by spaces or dashes, that pass the Luhn
// checksum every card number carries. The checksum keeps ordinary long numbers (an order id, a sum)
// from being masked by mistake; the last four digits stay, as on a receipt.

import type { PostToolUseHook } from "./hooks.ts";

const CANDIDATE = /(?<![\d])\d(?:[ -]?\d){12,18}(?![\d])/g;

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function maskCardNumbers(text: string): string {
  return text.replace(CANDIDATE, (match) => {
    const digits = match.replace(/[ -]/g, "");
    return luhnValid(digits) ? `[card number ending ${digits.slice(-4)}]` : match;
  });
}

export const cardNumberHook: PostToolUseHook = {
  name: "mask-card-numbers",
  after: (_call, result) => maskCardNumbers(result.text),
};

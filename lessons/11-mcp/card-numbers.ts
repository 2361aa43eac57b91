// A PostToolUse hook: anything in a tool result that looks like a payment card number is masked
// before the model reads it (and before it lands in the conversation, logs and transcripts).
// "Looks like" = 13 to 19 digits, optionally in groups split by spaces, dashes or dots, that pass the
// Luhn checksum every card number carries. The checksum keeps ordinary long numbers (an order id, a
// sum) from being masked by mistake; the last four digits stay, as on a receipt.
//
// Text from outside is not always typed on an ASCII keyboard: a no-break space (U+00A0) or a thin one
// between the groups, an en dash, or full-width digits (４１１１) from a Japanese or Chinese input
// method all still spell a card number, so they are all read as one.

import type { PostToolUseHook } from "./hooks.ts";

const DIGIT = "[0-9\uFF10-\uFF19]";
// Space, no-break and narrow spaces, the dashes (hyphen to horizontal bar), ASCII hyphen, dot.
const SEPARATOR = "[ \u00A0\u2007\u2009\u202F\u2010-\u2015.-]";
const CANDIDATE = new RegExp(`(?<!${DIGIT})${DIGIT}(?:${SEPARATOR}?${DIGIT}){12,18}(?!${DIGIT})`, "gu");

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
    // NFKC turns full-width digits into ASCII ones; the separators go.
    const digits = match.normalize("NFKC").replace(/[^0-9]/g, "");
    return luhnValid(digits) ? `[card number ending ${digits.slice(-4)}]` : match;
  });
}

export const cardNumberHook: PostToolUseHook = {
  name: "mask-card-numbers",
  after: (_call, result) => maskCardNumbers(result.text),
};
